"""The coach's panel beside the board (the step's text, how far the lesson is, the last
refusal, a Continue button on steps to read) and the pulsing highlight of where to act."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, gfx, text_layout, theme
from game.client.text import t
from game.client.typeface import font

BUTTON_H = 46
HIGHLIGHT = (255, 214, 92)


def panel_rect(lesson) -> pygame.Rect:
    return pygame.Rect(lesson.panel)


def button_rect(lesson) -> pygame.Rect:
    panel = panel_rect(lesson)
    return pygame.Rect(panel.x + 16, panel.bottom - BUTTON_H - 14, panel.width - 32, BUTTON_H)


BODY_SIZES = (22, 20, 19, 18, 17, 16, 15, 14)
REFUSAL_SIZE, REFUSAL_LINE = 17, 22


class PanelLayout:
    """Where the panel's parts go for one text: the body (wrapped and shrunk to its box), the
    refusal under it (left out when both do not fit), the Continue button. ``fits`` is False
    when even the smallest size cannot hold the body (tests check every step in every
    language)."""

    def __init__(self, lesson, body: str, reads: bool, refusal: str | None) -> None:
        self.arrange(lesson, body, reads, refusal)
        if refusal and not self.fits:
            # a small panel (Metromania's) keeps its room for the step's text: the refusal
            # is still said by the toast
            self.arrange(lesson, body, reads, None)

    def arrange(self, lesson, body: str, reads: bool, refusal: str | None) -> None:
        panel = panel_rect(lesson)
        self.panel = panel
        self.inner = panel.inflate(-32, 0)
        self.top = pygame.Rect(self.inner.x, panel.y + 10, self.inner.width, 28)
        bottom = button_rect(lesson).y - 8 if reads else panel.bottom - 14
        self.refusal_lines = text_layout.wrap(refusal, REFUSAL_SIZE,
                                              self.inner.width - 16) if refusal else []
        refusal_h = len(self.refusal_lines) * REFUSAL_LINE + 14 if refusal else 0
        self.refusal_box = pygame.Rect(self.inner.x, bottom - refusal_h + 4, self.inner.width,
                                       max(0, refusal_h - 6))
        self.text_box = pygame.Rect(self.inner.x, self.top.bottom + 8, self.inner.width,
                                    bottom - self.top.bottom - 8 - refusal_h)
        self.size, self.lines, self.line_h = text_layout.fit_text(body, self.text_box,
                                                                  BODY_SIZES)
        height = sum(self.line_h if line else self.line_h // 2 for line in self.lines)
        # a phrase with no place to break (Thai between two spaces) must fit a line as well
        widest = max((font(self.size).size(line)[0] for line in self.lines), default=0)
        widest_refusal = max((font(REFUSAL_SIZE).size(line)[0] for line in self.refusal_lines),
                             default=0)
        self.fits = height <= self.text_box.height and widest <= self.text_box.width \
            and widest_refusal <= self.inner.width - 16


def draw_panel(surface, lesson, number: int, total: int, body: str, reads: bool,
               refusal: str | None, hovered: bool) -> None:
    layout = PanelLayout(lesson, body, reads, refusal)
    theme.rounded_panel(surface, layout.panel, theme.PANEL, 16, theme.ACCENT, 2, shadow=True)
    fonts.blit_in(surface, t("tutorial.common.title"), 20, theme.ACCENT, layout.top, "bold",
                  "midleft", name="tutorial title")
    fonts.blit_in(surface, t("tutorial.common.step", n=number, total=total), 16,
                  theme.TEXT_DIM, layout.top, "semibold", "midright", name="tutorial step count")
    box = layout.text_box
    y = box.y
    with fonts.box(box, "tutorial text"):
        for line in layout.lines:
            if line:
                fonts.blit(surface, line, layout.size, theme.TEXT, (box.x, y))
            y += layout.line_h if line else layout.line_h // 2
    if layout.refusal_lines:
        area = layout.refusal_box
        gfx.rect(surface, (92, 40, 44), area, border_radius=8)
        with fonts.box(area.inflate(-12, 0), "tutorial refusal"):
            for index, line in enumerate(layout.refusal_lines):
                fonts.blit(surface, line, REFUSAL_SIZE, (255, 214, 214),
                           (area.x + 8, area.y + 5 + REFUSAL_LINE * index))
    if reads:
        button = button_rect(lesson)
        theme.rounded_panel(surface, button, theme.PANEL_HI if hovered else theme.BG_DEEP, 10,
                            theme.FOCUS, 2)
        fonts.blit_in(surface, t("tutorial.common.continue"), 20, theme.TEXT, button,
                      "semibold", inset=8, name="tutorial continue")


def draw_marks(surface, rects, clock: float) -> None:
    """A pulsing outline round each place to act."""
    if not rects:
        return
    pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
    width = 3 + int(2 * pulse)
    for rect in rects:
        area = pygame.Rect(rect).inflate(6, 6)
        gfx.rect(surface, HIGHLIGHT, area, width, border_radius=8)

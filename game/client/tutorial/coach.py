"""The coach's panel beside the board (the step's text, how far the lesson is, the last
refusal, a Continue button on steps to read) and the pulsing highlight of where to act."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, text_layout, theme
from game.client.text import t

BUTTON_H = 46
HIGHLIGHT = (255, 214, 92)


def panel_rect(lesson) -> pygame.Rect:
    return pygame.Rect(lesson.panel)


def button_rect(lesson) -> pygame.Rect:
    panel = panel_rect(lesson)
    return pygame.Rect(panel.x + 16, panel.bottom - BUTTON_H - 14, panel.width - 32, BUTTON_H)


def draw_panel(surface, lesson, number: int, total: int, body: str, reads: bool,
               refusal: str | None, hovered: bool) -> None:
    panel = panel_rect(lesson)
    theme.rounded_panel(surface, panel, theme.PANEL, 16, theme.ACCENT, 2, shadow=True)
    inner = panel.inflate(-32, 0)
    top = pygame.Rect(inner.x, panel.y + 10, inner.width, 28)
    fonts.blit_in(surface, t("tutorial.common.title"), 20, theme.ACCENT, top, "bold", "midleft",
                  name="tutorial title")
    fonts.blit_in(surface, t("tutorial.common.step", n=number, total=total), 16,
                  theme.TEXT_DIM, top, "semibold", "midright", name="tutorial step count")
    bottom = button_rect(lesson).y - 8 if reads else panel.bottom - 14
    refusal_h = 0
    refusal_lines: list[str] = []
    if refusal:
        size = 17
        refusal_lines = text_layout.wrap(refusal, size, inner.width - 16)[:3]
        refusal_h = len(refusal_lines) * 22 + 14
    text_box = pygame.Rect(inner.x, top.bottom + 8, inner.width,
                           bottom - top.bottom - 8 - refusal_h)
    size, lines, line_h = text_layout.fit_text(body, text_box, (22, 20, 19, 18, 17, 16, 15, 14))
    y = text_box.y
    with fonts.box(text_box, "tutorial text"):
        for line in lines:
            if y + line_h > text_box.bottom + 2:
                break
            if line:
                fonts.blit(surface, line, size, theme.TEXT, (text_box.x, y))
            y += line_h if line else line_h // 2
    if refusal_lines:
        box = pygame.Rect(inner.x, bottom - refusal_h + 4, inner.width, refusal_h - 6)
        pygame.draw.rect(surface, (92, 40, 44), box, border_radius=8)
        with fonts.box(box.inflate(-12, 0), "tutorial refusal"):
            for index, line in enumerate(refusal_lines):
                fonts.blit(surface, line, 17, (255, 214, 214), (box.x + 8, box.y + 5 + 22 * index))
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
        pygame.draw.rect(surface, HIGHLIGHT, area, width, border_radius=8)

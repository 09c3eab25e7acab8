"""The coach's panel (the step's text, how far the lesson is, the last refusal, a Continue
button on steps to read) drawn where ``placement`` put it, its measures for that placement,
and the pulsing highlight of where to act."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, gfx, text_layout, theme
from game.client.text import t
from game.client.typeface import font

BUTTON_H = 46
HIGHLIGHT = (255, 214, 92)
RING_MAX = 40          # a square mark up to this size is drawn as a ring


BODY_SIZES = (22, 20, 19, 18, 17, 16, 15, 14)
REFUSAL_SIZE, REFUSAL_LINE = 17, 22
TOP, TITLE_H = 10, 28          # the title row: "Learn to play" and "Step n of m"
TITLE_SIZE, COUNT_SIZE, CONTINUE_SIZE = 20, 16, 20
# a panel this wide or wider (a low strip in a full board) has Continue beside its text,
# not under it
SIDE_W, SIDE_BUTTON_W = 480, 170


def beside(width: int, reads: bool) -> bool:
    return reads and width >= SIDE_W


def button_rect(panel) -> pygame.Rect:
    """The Continue button of the panel ``panel`` (a rect): across its foot, or at its
    bottom right corner in a wide panel."""
    panel = pygame.Rect(panel)
    if panel.width >= SIDE_W:
        return pygame.Rect(panel.right - 16 - SIDE_BUTTON_W, panel.bottom - BUTTON_H - 14,
                           SIDE_BUTTON_W, BUTTON_H)
    return pygame.Rect(panel.x + 16, panel.bottom - BUTTON_H - 14, panel.width - 32, BUTTON_H)


def text_width(width: int, reads: bool) -> int:
    """How wide the text column of a panel ``width`` wide is."""
    inner = width - 32
    return inner - SIDE_BUTTON_W - 16 if beside(width, reads) else inner


def refusal_height(refusal: str | None, column: int) -> int:
    if not refusal:
        return 0
    return len(text_layout.wrap(refusal, REFUSAL_SIZE, column - 16)) * REFUSAL_LINE + 14


def header_fits(width: int, number: int, total: int, reads: bool) -> bool:
    """The title, the step count (apart) and Continue fit a panel ``width`` wide unshrunk."""
    inner = width - 32
    title = font(TITLE_SIZE, "bold").size(t("tutorial.common.title"))[0]
    count = font(COUNT_SIZE, "semibold").size(t("tutorial.common.step", n=number,
                                                 total=total))[0]
    button = font(CONTINUE_SIZE, "semibold").size(t("tutorial.common.continue"))[0]
    return title + 12 + count <= inner and \
        (not reads or button <= button_rect((0, 0, width, 200)).width - 16)


def panel_height(body: str, width: int, size: int, reads: bool,
                 refusal: str | None = None) -> int | None:
    """The height of a panel ``width`` wide holding ``body`` at ``size`` (and the refusal
    under it), or None when a word of it is wider than its column."""
    column = text_width(width, reads)
    lines = text_layout.paragraphs(body, size, column)
    if max((font(size).size(line)[0] for line in lines), default=0) > column:
        return None
    line_h = font(size).get_linesize()
    text_h = sum(line_h if line else line_h // 2 for line in lines)
    text_h += refusal_height(refusal, column)
    top = TOP + TITLE_H + 8
    if beside(width, reads):
        return top + max(text_h, BUTTON_H) + 14
    return top + text_h + (BUTTON_H + 14 + 8 if reads else 14)


class PanelLayout:
    """Where the panel's parts go for one text in the panel ``panel``: the body (wrapped and
    shrunk to its box), the refusal under it (left out when both do not fit: the toast says
    it), the Continue button. ``fits`` is False when even the smallest size cannot hold the
    body (tests check every step in every language)."""

    def __init__(self, panel, body: str, reads: bool, refusal: str | None) -> None:
        self.arrange(pygame.Rect(panel), body, reads, refusal)
        if refusal and not self.fits:
            self.arrange(pygame.Rect(panel), body, reads, None)

    def arrange(self, panel: pygame.Rect, body: str, reads: bool, refusal: str | None) -> None:
        self.panel = panel
        self.inner = panel.inflate(-32, 0)
        column = text_width(panel.width, reads)
        self.top = pygame.Rect(self.inner.x, panel.y + TOP, self.inner.width, TITLE_H)
        under = reads and not beside(panel.width, reads)
        bottom = button_rect(panel).y - 8 if under else panel.bottom - 14
        self.refusal_lines = text_layout.wrap(refusal, REFUSAL_SIZE,
                                              column - 16) if refusal else []
        refusal_h = len(self.refusal_lines) * REFUSAL_LINE + 14 if refusal else 0
        self.refusal_box = pygame.Rect(self.inner.x, bottom - refusal_h + 4, column,
                                       max(0, refusal_h - 6))
        self.text_box = pygame.Rect(self.inner.x, self.top.bottom + 8, column,
                                    bottom - self.top.bottom - 8 - refusal_h)
        self.size, self.lines, self.line_h = text_layout.fit_text(body, self.text_box,
                                                                  BODY_SIZES)
        height = sum(self.line_h if line else self.line_h // 2 for line in self.lines)
        # a phrase with no place to break (Thai between two spaces) must fit a line as well
        widest = max((font(self.size).size(line)[0] for line in self.lines), default=0)
        widest_refusal = max((font(REFUSAL_SIZE).size(line)[0] for line in self.refusal_lines),
                             default=0)
        self.fits = height <= self.text_box.height and widest <= self.text_box.width \
            and widest_refusal <= column - 16


def draw_panel(surface, panel, number: int, total: int, body: str, reads: bool,
               refusal: str | None, hovered: bool) -> None:
    layout = PanelLayout(panel, body, reads, refusal)
    theme.rounded_panel(surface, layout.panel, theme.PANEL, 16, theme.ACCENT, 2, shadow=True)
    fonts.blit_in(surface, t("tutorial.common.title"), TITLE_SIZE, theme.ACCENT, layout.top,
                  "bold",
                  "midleft", name="tutorial title")
    fonts.blit_in(surface, t("tutorial.common.step", n=number, total=total), COUNT_SIZE,
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
        button = button_rect(layout.panel)
        theme.rounded_panel(surface, button, theme.PANEL_HI if hovered else theme.BG_DEEP, 10,
                            theme.FOCUS, 2)
        fonts.blit_in(surface, t("tutorial.common.continue"), CONTINUE_SIZE, theme.TEXT, button,
                      "semibold", inset=8, name="tutorial continue")


def draw_marks(surface, rects, clock: float) -> None:
    """A pulsing yellow outline round each place to act (a ring round a small one)."""
    if not rects:
        return
    pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
    width = 3 + int(2 * pulse)
    for rect in rects:
        area = pygame.Rect(rect).inflate(6, 6)
        # a small square mark (a tunnel, a point) is a ring; anything else a rounded frame
        ring = area.width == area.height and area.width <= RING_MAX
        gfx.rect(surface, HIGHLIGHT, area, width,
                 border_radius=area.width // 2 if ring else 8)

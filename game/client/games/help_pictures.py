"""Small drawing helpers the rules-help pictures of every game share: a score badge, an
arrow, a patch of board felt."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, theme
from game.client import gfx


def badge(surface, text: str, centre, colour=theme.ACCENT) -> None:
    label = fonts.render(text, 26, theme.TEXT_DARK, "bold")
    rect = label.get_rect(center=centre).inflate(20, 8)
    gfx.rect(surface, colour, rect, border_radius=rect.height // 2)
    surface.blit(label, label.get_rect(center=rect.center))


def arrow(surface, start, end, colour=theme.ACCENT, width: int = 5) -> None:
    gfx.line(surface, colour, start, end, width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [end, (end[0] - 16 * math.cos(angle - 0.5), end[1] - 16 * math.sin(angle - 0.5)),
            (end[0] - 16 * math.cos(angle + 0.5), end[1] - 16 * math.sin(angle + 0.5))]
    gfx.polygon(surface, colour, head)


def felt(surface, rect) -> None:
    gfx.rect(surface, theme.BOARD_FELT, rect, border_radius=10)

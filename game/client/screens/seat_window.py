"""A long seat list (a 32-seat Railroad Ink table) shown a window of rows at a time.

The setup screen has room for ``VISIBLE_SEATS`` seat rows; beyond that the rows scroll with
the focus (keyboard, controller) or the mouse wheel, and small arrows above and below the list
say that more seats are there. Rows outside the window get no rect on screen and are not
drawn, so the mouse cannot reach them and no text leaves the screen.
"""

from __future__ import annotations

import pygame

from game.client import gfx, theme

VISIBLE_SEATS = 8
HIDDEN = pygame.Rect(-4000, -4000, 1, 1)


def follow(first: int, players: int, seat: int | None, rows: int = VISIBLE_SEATS) -> int:
    """The first visible row of a window of ``rows`` rows once ``seat`` (the focused one, if
    any) is in view."""
    first = max(0, min(first, players - rows))
    if seat is not None:
        if seat < first:
            first = seat
        elif seat >= first + rows:
            first = seat - rows + 1
    return max(0, first)


def visible(first: int, seat: int) -> bool:
    return first <= seat < first + VISIBLE_SEATS


def draw_marks(surface: pygame.Surface, column: pygame.Rect, top: int, bottom: int,
               first: int, players: int) -> None:
    """Arrows at ``top`` / ``bottom`` (y) when rows are hidden above / below the window."""
    x = column.centerx
    if first > 0:
        gfx.polygon(surface, theme.ACCENT, [(x - 9, top + 8), (x + 9, top + 8),
                                                    (x, top - 2)])
    if first + VISIBLE_SEATS < players:
        gfx.polygon(surface, theme.ACCENT, [(x - 9, bottom - 8), (x + 9, bottom - 8),
                                                    (x, bottom + 2)])

"""The seats of a big LAN table (up to 32: a Railroad Ink party) in compact columns.

Up to ``FULL_ROWS`` seats the lobbies show one tall panel per seat; beyond that the same facts
(colour, name, who sits there or the connection's trouble, ready or not) go in slim rows, in
two columns from the same top-left corner down to ``BOTTOM`` (above the spectators' line and
the buttons). The host's per-seat choices then show ``CHOICE_ROWS`` at a time, following the
focus (``choice_window``).
"""

from __future__ import annotations

import math

import pygame

from game.client import fonts, theme
from game.client.screens import seat_window

FULL_ROWS = 6
BOTTOM = 548
COLUMNS = 2
CHOICE_ROWS = 6


def choice_window(first: int, seats: int, focused: int | None) -> int:
    """The first seat whose choice is shown once ``focused`` (a seat, if any) is in view."""
    return seat_window.follow(first, seats, focused, CHOICE_ROWS)


def draw_compact(surface, rows: list[dict], first: pygame.Rect, you, describe) -> None:
    """``describe(row, index, you)`` gives the texts (lobby.describe_seat)."""
    per_col = math.ceil(len(rows) / COLUMNS)
    row_h = max(20, min(44, (BOTTOM - first.y) // max(1, per_col)))
    col_w = first.width // COLUMNS
    size = max(14, min(20, row_h - 8))
    for index, row in enumerate(rows):
        col, line = divmod(index, per_col)
        rect = pygame.Rect(first.x + col * col_w, first.y + line * row_h, col_w - 8, row_h - 3)
        mine = index in you
        theme.rounded_panel(surface, rect, theme.PANEL_HI if mine else theme.PANEL, 8,
                            theme.FOCUS if mine else theme.PANEL_EDGE, 2 if mine else 1)
        colour = row["colour"] if row["colour"] >= 0 else index
        rgb = theme.colour(colour)
        theme.draw_shape(surface, colour, (rect.x + 40, rect.centery), max(6, size // 2 - 1),
                         rgb, theme.outline_for(rgb))
        seat = describe(row, index, you)
        right = rect.right - 8
        with fonts.box(rect, "seat row"):
            fonts.blit_in(surface, str(index + 1), size - 3, theme.TEXT_DIM,
                          pygame.Rect(rect.x + 2, rect.y, 24, rect.height), "semibold",
                          "midright", name="seat row")
            if seat["tag"] is not None:
                tag, tag_colour = seat["tag"]
                right = fonts.blit_in(surface, tag, size - 2, tag_colour,
                                      pygame.Rect(rect.right - 96, rect.y, 88, rect.height),
                                      "semibold", "midright", name="seat row").x - 8
            split = rect.x + 54 + (right - rect.x - 54) * 55 // 100
            fonts.blit_in(surface, seat["name"], size, seat["name_colour"],
                          pygame.Rect(rect.x + 54, rect.y, split - rect.x - 58, rect.height),
                          "semibold", "midleft", name="seat row")
            fonts.blit_in(surface, seat["what"], size - 3, seat["what_colour"],
                          pygame.Rect(split, rect.y, right - split, rect.height),
                          seat["weight"], "midleft", name="seat row")


def draw_seat_number(surface, rows: list[dict], index: int, choice: pygame.Rect) -> None:
    """Left of a seat's choice on the host: the seat's number and colour shape (the number
    the seat list shows)."""
    row = rows[index] if index < len(rows) else {"colour": -1}
    colour = row["colour"] if row["colour"] >= 0 else index
    rgb = theme.colour(colour)
    theme.draw_shape(surface, colour, (choice.x - 14, choice.centery + 12), 7, rgb,
                     theme.outline_for(rgb))
    fonts.blit_in(surface, str(index + 1), 18, theme.TEXT,
                  pygame.Rect(choice.x - 48, choice.y + 2, 44, 26), "semibold", "midright",
                  name="seat number")

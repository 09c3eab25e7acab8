"""A big Railroad Ink table (up to 32 seats) on one screen: the others as a compact ranking.

Up to ``MAX_MINI_SHEETS`` other sheets are shown as small sheets; beyond that they would be
too small to read, so the space they had shows a ranking instead: one row per seat, best
score first — place, colour, name, a tick once that seat has ended the round, points — in as
many columns as the rows need (at least ``MIN_ROW_H`` pixels a row, names at least
``MIN_NAME_W`` wide). If even that does not fit, the ranking is paged and turns a page every
``PAGE_SECONDS`` (a small "1/2" says which).
"""

from __future__ import annotations

import math

import pygame

from game.client import canvas, fonts, gfx, theme
from game.client.text import language, t

MAX_MINI_SHEETS = 8
MIN_ROW_H = 19
MAX_ROW_H = 36
MIN_NAME_W = 96
PAGE_SECONDS = 4.0


def ranked(seats: list[int], totals: list[int]) -> list[tuple[int, int]]:
    """(place, seat) best first; equal totals share a place."""
    order = sorted(seats, key=lambda seat: (-totals[seat], seat))
    out, place = [], 0
    for index, seat in enumerate(order):
        if index == 0 or totals[seat] != totals[order[index - 1]]:
            place = index + 1
        out.append((place, seat))
    return out


def grid(count: int, rect: pygame.Rect) -> tuple[int, int, int]:
    """(columns, rows per page, row height) for ``count`` rows in ``rect``."""
    most_cols = max(1, rect.width // (MIN_NAME_W + 110))
    for cols in range(1, most_cols + 1):
        rows = math.ceil(count / cols)
        if rows * MIN_ROW_H <= rect.height:
            return cols, rows, min(MAX_ROW_H, rect.height // max(1, rows))
    rows = max(1, rect.height // MIN_ROW_H)
    return most_cols, rows, MIN_ROW_H


def pages(count: int, rect: pygame.Rect) -> int:
    cols, rows, _ = grid(count, rect)
    return max(1, math.ceil(count / (cols * rows)))


def draw_ranking(surface: pygame.Surface, rect: pygame.Rect, rows: list[tuple[int, int]],
                 board, page: int = 0) -> None:
    """Rows (place, seat) in ``rect``: page ``page`` of them (see the module docstring)."""
    theme.rounded_panel(surface, rect, theme.PANEL, 12, theme.PANEL_EDGE, 1)
    inner = rect.inflate(-12, -10)
    cols, per_col, row_h = grid(len(rows), inner)
    per_page = cols * per_col
    count = max(1, math.ceil(len(rows) / per_page))
    page %= count
    shown = rows[page * per_page:(page + 1) * per_page]
    if count > 1:
        label = t("ri32.page", n=page + 1, total=count)
        fonts.blit_in(surface, label, 14, theme.TEXT_DIM,
                      pygame.Rect(rect.right - 80, rect.bottom - 20, 72, 18), "semibold",
                      "midright", name="ranking page")
    col_w = inner.width // cols
    size = max(13, min(18, row_h - 6))
    totals = board.scores()["scores"]
    state = board.state
    for index, (place, seat) in enumerate(shown):
        col, row = divmod(index, per_col)
        cell = pygame.Rect(inner.x + col * col_w, inner.y + row * row_h, col_w - 8, row_h - 2)
        # a row is drawn once per look (place, score, tick, ...) and then only blitted: after
        # a move most rows of a 32-seat ranking look as before
        key = (place, seat, totals[seat], state.seats[seat].ended and not state.over,
               board.acting(seat) and not state.seats[seat].ended, board.play.seat_name(seat),
               board.play.seat_colour(seat), board.app.settings["colour_blind"], size,
               cell.size, language(), canvas.current_scale())
        image = _ROWS.get(key)
        if image is None:
            if len(_ROWS) > 1024:
                _ROWS.clear()
            image = _ROWS[key] = canvas.layer(cell.size, pygame.SRCALPHA)
            local = image.get_rect()
            with fonts.box(local, "ranking row"):
                _draw_row(image, local, place, seat, totals[seat], state, board, size)
        surface.blit(image, cell)


_ROWS: dict[tuple, pygame.Surface] = {}


def _draw_row(surface, cell: pygame.Rect, place: int, seat: int, total: int, state, board,
              size: int) -> None:
    rgb = board.play.seat_colour(seat)
    if board.acting(seat) and not state.seats[seat].ended:
        gfx.rect(surface, theme.PANEL_EDGE, cell, 1, border_radius=6)
    with fonts.box(cell, "ranking row"):
        fonts.blit_in(surface, str(place), size - 2, theme.TEXT_DIM,
                      pygame.Rect(cell.x + 2, cell.y, 24, cell.height), "semibold", "midright",
                      name="ranking row")
        swatch = pygame.Rect(cell.x + 30, cell.centery - size // 2 + 1, 8, size - 2)
        gfx.rect(surface, rgb, swatch, border_radius=3)
        if board.app.settings["colour_blind"]:
            theme.draw_shape(surface, board.play.seat_shape(seat),
                             (swatch.right + 7, cell.centery), size // 3, rgb,
                             theme.outline_for(rgb))
        points = fonts.blit_in(surface, t("ri.score", n=total), size, theme.TEXT,
                               pygame.Rect(cell.right - 74, cell.y, 68, cell.height), "bold",
                               "midright", name="ranking row")
        done = state.seats[seat].ended and not state.over
        right = points.x - 6
        if done:
            tick = fonts.blit_in(surface, "✓", size, theme.GOOD,
                                 pygame.Rect(right - 18, cell.y, 18, cell.height), "bold",
                                 "midright", name="ranking row")
            right = tick.x - 4
        left = swatch.right + (20 if board.app.settings["colour_blind"] else 8)
        fonts.blit_in(surface, board.play.seat_name(seat), size, theme.TEXT,
                      pygame.Rect(left, cell.y, max(10, right - left), cell.height),
                      "semibold", "midleft", name="ranking row")

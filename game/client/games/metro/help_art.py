"""Metro's rules-help pictures: real tile sprites and a line traced through them like on the
board."""

from __future__ import annotations

import pygame

from game.client import fonts, sprites, theme
from game.client.games import help_pictures as pictures
from game.client.text import t
from game.client.text_layout import fit_size
from game.client import gfx

_TOUCHING = {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}
_STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}    # side -> (d row, d col)


def trace(grid: dict, start: tuple[int, int], enter: int) -> list[tuple[int, int, int, int]]:
    """The (row, col, enter, leave) steps of a line entering ``start`` at endpoint ``enter``."""
    steps = []
    row, col = start
    seen = set()
    while (row, col) in grid and (row, col, enter) not in seen:
        seen.add((row, col, enter))
        leave = next(b if a == enter else a for a, b in sprites.pairs(grid[(row, col)])
                     if enter in (a, b))
        steps.append((row, col, enter, leave))
        d_row, d_col = _STEP[leave // 2]
        row, col, enter = row + d_row, col + d_col, _TOUCHING[leave]
    return steps


def _metro_grid(surface, grid: dict, origin, size: int, line=None, colour=None) -> None:
    ox, oy = origin
    for (row, col), code in grid.items():
        surface.blit(sprites.tile(code, 0, size), (ox + col * size, oy + row * size))
    if line:
        for row, col, enter, leave in line:
            pts = sprites.track_points(enter, leave, (ox + col * size, oy + row * size), size)
            sprites.stroke(surface, theme.outline_for(colour), pts, size * 0.13)
            sprites.stroke(surface, colour, pts, size * 0.09)


def _car(surface, centre, colour, shape: int = 0) -> None:
    theme.draw_shape(surface, shape, centre, 12, colour, theme.outline_for(colour))


def _station(surface, point, side: int) -> None:
    """An edge station where a line arrives: a small grey block just outside the tile."""
    dx, dy = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}[side]
    rect = pygame.Rect(0, 0, 22, 22)
    rect.center = (point[0] + dx * 14, point[1] + dy * 14)
    gfx.rect(surface, theme.TEXT, rect, border_radius=5)
    gfx.rect(surface, theme.BG_DEEP, rect, 2, border_radius=5)


def draw_metro(surface, box: pygame.Rect, page: str) -> None:
    colour = theme.colour(0)
    if page == "goal":
        codes = ["aaaa", "bcbc", "cbcb", "aacb", "dacc", "baac", "acba", "cccc", "adad",
                 "aaaa", "bbad", "cbaa"]
        size = 96
        grid = {(i // 4, i % 4): codes[i] for i in range(12)}
        origin = (box.x + 40, box.y + 50)
        pictures.felt(surface, pygame.Rect(origin[0] - 30, origin[1] - 30,
                                           4 * size + 60, 3 * size + 60))
        line = trace(grid, (0, 0), 6)     # a left-edge car departs at endpoint 6
        _metro_grid(surface, grid, origin, size, line, colour)
        _car(surface, (origin[0] - 16, origin[1] + size * 2 // 3), colour)
        row, col, _enter, leave = line[-1]
        end = sprites.track_points(leave, leave, (origin[0] + col * size, origin[1] + row * size),
                                   size)[0]
        _station(surface, end, leave // 2)
        pictures.badge(surface, f"+{len(line)}", (box.centerx, box.bottom - 40))
    elif page == "score":
        # a line of six tiles that runs into the central station: its points double
        grid = {(0, 0): "dacc", (0, 1): "cbcb", (0, 2): "cccc", (1, 0): "bbad",
                (1, 1): "bbbb", (1, 2): "bbbb"}
        size = 84
        origin = (box.x + 40, box.y + 60)
        pictures.felt(surface, pygame.Rect(origin[0] - 24, origin[1] - 24,
                                           5 * size + 48, 3 * size + 48))
        centre = pygame.Rect(origin[0] + 3 * size, origin[1] + size, 2 * size, 2 * size)
        gfx.rect(surface, theme.CENTRE, centre, border_radius=10)
        gfx.rect(surface, theme.CENTRE_ROOF, centre.inflate(-24, -24), border_radius=8)
        fonts.blit(surface, "M", 48, theme.TEXT, centre.center, "bold", "center")
        line = trace(grid, (0, 0), 6)
        _metro_grid(surface, grid, origin, size, line, colour)
        _car(surface, (origin[0] - 14, origin[1] + size * 2 // 3), colour)
        passed = len(line)
        pictures.badge(surface, f"{passed} × 2 = {passed * 2}", (box.centerx, box.bottom - 40))
    elif page == "turn":
        hand = sprites.tile("bcbc", 0, 120)
        surface.blit(hand, (box.x + 40, box.y + 60))
        _car(surface, (box.x + 100, box.y + 40), colour)
        for i in range(4):
            surface.blit(sprites.tile_back(120), (box.x + 40 + i * 4, box.y + 250 - i * 5))
        board = pygame.Rect(box.x + 290, box.y + 110, 180, 180)
        pictures.felt(surface, board.inflate(20, 20))
        for row in range(2):
            for col in range(2):
                cell = pygame.Rect(board.x + col * 90, board.y + row * 90, 88, 88)
                gfx.rect(surface, theme.SQUARE_EMPTY, cell, border_radius=6)
        surface.blit(sprites.tile("dacc", 0, 88), (board.x, board.y))
        surface.blit(sprites.tile("bcbc", 0, 88, "ghost"), (board.x + 90, board.y))
        gfx.rect(surface, theme.LEGAL, pygame.Rect(board.x + 90, board.y, 88, 88), 4,
                         border_radius=6)
        pictures.arrow(surface, (box.x + 175, box.y + 120), (board.x + 80, board.y + 40))
        pictures.arrow(surface, (box.x + 175, box.y + 300), (board.x + 80, board.y + 120),
               theme.TEXT_DIM)
    elif page == "place":
        size = 78
        origin = (box.x + 60, box.y + 40)
        pictures.felt(surface, pygame.Rect(origin[0] - 24, origin[1] - 24,
                                           5 * size + 48, 5 * size + 48))
        placed = {(0, 1): "aacb", (1, 1): "cbcb", (0, 3): "dddd", (4, 0): "bbbb"}
        centre_cells = {(3, 3), (3, 4), (4, 3), (4, 4)}
        for row in range(5):
            for col in range(5):
                cell = pygame.Rect(origin[0] + col * size, origin[1] + row * size, size - 2,
                                   size - 2)
                if (row, col) in centre_cells:
                    gfx.rect(surface, theme.CENTRE, cell, border_radius=4)
                    continue
                if (row, col) in placed:
                    surface.blit(sprites.tile(placed[(row, col)], 0, size - 2), cell)
                    continue
                gfx.rect(surface, theme.SQUARE_EMPTY, cell, border_radius=4)
                ring = row == 0 or col == 0
                touching = any((row + dr, col + dc) in placed
                               for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                if ring or touching:
                    gfx.rect(surface, theme.LEGAL, cell.inflate(-6, -6), 3,
                                     border_radius=4)
        for i in range(5):   # the edge stations of this corner of the board
            _car(surface, (origin[0] + i * size + size // 2, origin[1] - 14), theme.colour(i % 2),
                 i % 2)
            _car(surface, (origin[0] - 14, origin[1] + i * size + size // 2),
                 theme.colour((i + 1) % 2), (i + 1) % 2)
    else:   # companies: eight company colours and the four share values
        for i in range(8):
            x = box.x + 40 + (i % 4) * 110
            y = box.y + 50 + (i // 4) * 90
            _car(surface, (x + 20, y + 20), theme.colour(i), i)
            fonts.blit(surface, t(f"colour.{theme.colour_name(i)}"),
                       fit_size(t(f"colour.{theme.colour_name(i)}"), 18, 70,
                                smallest=12), theme.TEXT,
                       (x + 40, y + 20), "regular", "midleft")
        for i, pct in enumerate((10, 20, 30, 40)):
            card = pygame.Rect(box.x + 30 + i * 115, box.y + 260, 100, 140)
            theme.rounded_panel(surface, card, theme.TILE_FACE, 10, theme.colour(i), 4)
            fonts.blit(surface, f"{pct}%", 34, theme.TEXT_DARK, card.center, "bold", "center")

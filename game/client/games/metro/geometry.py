"""Where things are on the Metro board: the 8x8 grid, the side panels, the station badges
and the endpoints of the track on a square (screen coordinates, logical 1280x720)."""

from __future__ import annotations

import pygame

from game.client import sprites

S = 66                      # square size
BX, BY = 376, 100           # top-left of the 8x8 grid
GRID = pygame.Rect(BX, BY, 8 * S, 8 * S)
LEFT = pygame.Rect(20, 76, 292, 590)
RIGHT = pygame.Rect(968, 76, 292, 590)
MENU_BUTTON = pygame.Rect(1184, 18, 76, 42)
# the turn line above the board, between the two side panels
HEADER = pygame.Rect(GRID.centerx - 320, 4, 640, 44)
CENTRE_SQUARES = {27, 28, 35, 36}
PAD = 50                    # felt around the grid (the station badges sit on it)
BADGE_R = 14


def square_rect(square: int) -> pygame.Rect:
    row, col = divmod(square, 8)
    return pygame.Rect(BX + col * S, BY + row * S, S, S)


def square_at(pos) -> int | None:
    if pos is None or not GRID.collidepoint(pos):
        return None
    col = (pos[0] - BX) // S
    row = (pos[1] - BY) // S
    return int(row * 8 + col)


def station_pos(station: int) -> tuple[int, int]:
    """Centre of the badge of station 1-32 (outside the grid)."""
    side, j = divmod(station - 1, 8)
    off = 22
    if side == 0:
        return BX + j * S + S // 2, BY - off
    if side == 1:
        return BX + 8 * S + off, BY + j * S + S // 2
    if side == 2:
        return BX + (7 - j) * S + S // 2, BY + 8 * S + off
    return BX - off, BY + (7 - j) * S + S // 2


def endpoint_screen(row: int, col: int, endpoint: int) -> tuple[float, float]:
    x, y = sprites.endpoint_unit(endpoint)
    return BX + (col + x) * S, BY + (row + y) * S


def departure_endpoint(station: int) -> tuple[int, int, int]:
    side, j = divmod(station - 1, 8)
    if side == 0:
        return 0, j, 0
    if side == 1:
        return j, 7, 2
    if side == 2:
        return 7, 7 - j, 4
    return 7 - j, 0, 6

"""What the Metro board draws over its tiles to help the player read it: the open lines in
their owner's colour, the hover square (green where the tile may go, red where it may not,
the legal fill still showing through the preview), the station tooltip, the score pop-ups
laid out so that they never overlap nor leave the board, and the tile being dragged.

Pure drawing and layout helpers: the board (metro.py) owns the state and calls these.
"""

from __future__ import annotations

import math

import pygame

from game.client import fonts, sprites, theme
from game.client.games.metro.geometry import (BADGE_R, BX, BY, GRID, PAD, S, square_rect,
                                              station_pos)
from game.client import canvas
from game.client import gfx

# The board's felt: score pop-ups stay inside it (never under the side panels).
BOARD_AREA = GRID.inflate(2 * PAD, 2 * PAD)
POPUP_GAP = 6
OPEN_LINE_W = 5
HOVER_FILL_ALPHA = 80


# -- open lines ------------------------------------------------------------------------------
def line_points(path, origin=(0, 0)) -> list[tuple[float, float]]:
    """Screen points along a traced path ([row, col, enter, leave], ...) minus ``origin``."""
    ox, oy = origin
    points: list[tuple[float, float]] = []
    for row, col, enter, leave in path:
        points.extend(sprites.track_points(enter, leave, (BX + col * S - ox, BY + row * S - oy),
                                           S, 10))
    return points


def draw_open_lines(layer, lines, origin) -> None:
    """Paint every unfinished line in its owner's colour over the tiles it crosses.

    ``lines``: (path, rgb) pairs, one per station with a car whose line is not done yet.
    """
    for path, rgb in lines:
        if not path:
            continue
        points = line_points(path, origin)
        sprites.stroke(layer, theme.outline_for(rgb), points, OPEN_LINE_W + 3)
        sprites.stroke(layer, rgb, points, OPEN_LINE_W)


def draw_line_highlight(surface, path, rgb) -> None:
    """The line of the station under the pointer, drawn thicker on the frame."""
    if not path:
        return
    points = line_points(path)
    sprites.stroke(surface, theme.outline_for(rgb), points, OPEN_LINE_W + 7)
    sprites.stroke(surface, rgb, points, OPEN_LINE_W + 3)


# -- hover -----------------------------------------------------------------------------------
def draw_hover(surface, square: int, ghost, legal: bool, clock: float) -> None:
    """The square under the cursor: the preview tile (if any), then a green (legal) or red
    (refused) tint over it, so the legal fill is never hidden by the preview."""
    r = square_rect(square)
    if ghost is not None:
        surface.blit(ghost, r.move(1, 1))
    colour = theme.LEGAL if legal else theme.ILLEGAL
    tint = canvas.layer(r.size, pygame.SRCALPHA)
    gfx.rect(tint, (*colour, HOVER_FILL_ALPHA), tint.get_rect().inflate(-6, -6),
                     border_radius=8)
    surface.blit(tint, r)
    pulse = 3 + int(1.5 * (1 + math.sin(clock * 6)))
    gfx.rect(surface, colour, r.inflate(4, 4), pulse, border_radius=8)


# -- stations --------------------------------------------------------------------------------
def station_at(pos) -> int | None:
    """The station (1-32) whose badge is under ``pos``, or None."""
    if pos is None:
        return None
    x, y = pos
    for station in range(1, 33):
        sx, sy = station_pos(station)
        if (x - sx) ** 2 + (y - sy) ** 2 <= (BADGE_R + 4) ** 2:
            return station
    return None


def tooltip_rect(station: int, size: tuple[int, int], screen: pygame.Rect) -> pygame.Rect:
    """Where a tooltip of ``size`` goes for ``station``: beside the badge, away from the
    board's edge it sits on, kept on the screen."""
    sx, sy = station_pos(station)
    rect = pygame.Rect((0, 0), size)
    side = (station - 1) // 8
    if side == 0:
        rect.midbottom = (sx, sy - BADGE_R - 6)
    elif side == 1:
        rect.midleft = (sx + BADGE_R + 6, sy)
    elif side == 2:
        rect.midtop = (sx, sy + BADGE_R + 6)
    else:
        rect.midright = (sx - BADGE_R - 6, sy)
    return rect.clamp(screen)


def draw_tooltip(surface, station: int, lines: list[str], rgb) -> pygame.Rect:
    """A small card with ``lines`` next to the station's badge, edged in the owner's colour."""
    size = 18
    widths = [fonts.render(line, size, theme.TEXT).get_width() for line in lines]
    w = min(320, max(widths) + 28)
    h = 14 + 25 * len(lines)
    rect = tooltip_rect(station, (w, h), surface.get_rect())
    theme.rounded_panel(surface, rect, theme.BG_DEEP, 10, rgb, 3)
    for index, line in enumerate(lines):
        fonts.blit_in(surface, line, size, theme.TEXT if index == 0 else theme.TEXT_DIM,
                      pygame.Rect(rect.x + 14, rect.y + 7 + 25 * index, w - 28, 25),
                      "semibold" if index == 0 else "regular", "midleft", name="station tip")
    return rect


# -- score pop-ups ---------------------------------------------------------------------------
def place_popup(anchor, size, taken: list[pygame.Rect], area: pygame.Rect = BOARD_AREA
                ) -> pygame.Rect:
    """A rectangle of ``size`` as near ``anchor`` as possible, inside ``area`` and clear of
    every rectangle in ``taken`` (tried above and below, then sideways, in growing steps)."""
    w, h = size
    base = pygame.Rect(0, 0, w, h)
    base.center = (int(anchor[0]), int(anchor[1]))
    base = base.clamp(area)
    step_y, step_x = h + POPUP_GAP, w + POPUP_GAP
    tries = [(0, 0)]
    for k in range(1, 12):
        tries += [(0, -k), (0, k)]
    for k in range(1, 6):
        for j in range(0, 12):
            tries += [(-k, -j), (k, -j), (-k, j), (k, j)]
    for kx, ky in tries:
        rect = base.move(kx * step_x, ky * step_y)
        if not area.contains(rect):
            continue
        if all(not rect.inflate(POPUP_GAP, POPUP_GAP).colliderect(other) for other in taken):
            return rect
    return base        # a board full of labels: overlap rather than vanish


def popup_label_size(label: str) -> tuple[int, int]:
    text = fonts.render(label, 30, theme.TEXT, "bold")
    return text.get_width() + 22, text.get_height() + 8


def draw_popup(surface, rect: pygame.Rect, label: str, rgb, alpha: int) -> None:
    """One "+N" pill in the line owner's colour."""
    pill = canvas.layer(rect.size, pygame.SRCALPHA)
    local = pill.get_rect()
    gfx.rect(pill, rgb, local, border_radius=16)
    gfx.rect(pill, theme.outline_for(rgb), local, 2, border_radius=16)
    with fonts.box(rect, "points"):
        text = fonts.render(label, 30, theme.ink_on(rgb), "bold")
        if text.get_width() > local.width - 8:
            text = pygame.transform.smoothscale(
                text, (local.width - 8, max(1, text.get_height() * (local.width - 8)
                                            // max(1, text.get_width()))))
        pill.blit(text, text.get_rect(center=local.center))
    pill.set_alpha(alpha)
    surface.blit(pill, rect)


# -- drag and drop ---------------------------------------------------------------------------
def draw_dragged(surface, tile: str, rot: int, pos) -> None:
    """The tile held by the mouse, centred on the pointer: a little smaller than a square, so
    the green or red hover frame of the square under it stays visible around it."""
    sprite = sprites.tile(tile, rot, S - 14)
    rect = sprite.get_rect(center=(int(pos[0]), int(pos[1])))
    shadow = canvas.layer(rect.size, pygame.SRCALPHA)
    gfx.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=6)
    surface.blit(shadow, rect.move(4, 6))
    surface.blit(sprite, rect)

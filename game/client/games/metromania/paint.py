"""Painting pieces of the Metromania city: the printed board, lines, stations, markers.

Pure drawing helpers used by ``boards/metromania.py``: every function paints onto a surface
it is given, reading only the rules' tables, and never touches a match. Coordinates come from
``mania_geometry`` (screen space) minus an ``origin`` so the same code paints full-screen
layers and small off-screen ones.
"""

from __future__ import annotations

import math

import pygame

from game.client import fonts, theme
from game.client.boards.dirty import SLACK
from game.client.games.metromania import geometry as geo
from game.client import gfx
from game.rules.metromania.board_data import HEX_SIDE
from game.rules.metromania.city import ARROW, BLACK, LAKE, PARK, WHITE
from game.rules.metromania.lattice import (DIRS, EDGE_POINTS, EDGE_SPACES, INNER_CORNER, POINT_ID,
                                           SPACE_CORNERS)

PAPER = ((222, 215, 199), (212, 205, 189), (226, 219, 202), (208, 201, 186), (219, 212, 196),
         (214, 207, 192))
GRID_LINE = (188, 180, 163)
DISTRICT_EDGE = (150, 140, 122)
CITY_EDGE = (92, 84, 72)
DEST_FILL = {"R": (238, 176, 128), "C": (146, 198, 226), "E": (218, 164, 222)}
DEST_INK = {"R": (140, 70, 32), "C": (32, 92, 132), "E": (116, 48, 128)}
LAKE_FILL = (112, 164, 222)
LAKE_INK = (224, 240, 255)
PARK_FILL = (130, 186, 108)
PARK_INK = (56, 110, 52)
TOKEN = (34, 42, 60)
TOKEN_TEXT = (246, 238, 220)
STATION_FILL = (252, 250, 244)
STATION_EDGE = (34, 38, 48)
LINE_WIDTH = 7
# how far from its centre a marker, a station and a line's end marker paint (ring, badge,
# colour-blind shape included): what a partial repaint of the network must reach
TOKEN_REACH = 22
STATION_REACH = 13
TERMINAL_REACH = 17


def shift(pt, origin):
    return (pt[0] - origin[0], pt[1] - origin[1])


# -- the printed city -------------------------------------------------------------------------

def paint_city(surface, city, origin=(0, 0)) -> None:
    """Districts, the triangle grid, destinations, lake, park and arrows."""
    corners = [shift(geo.point_xy(_corner_id(k)), origin) for k in range(6)]
    centre = shift(geo.CENTRE, origin)
    grown = [(centre[0] + (x - centre[0]) * 1.045, centre[1] + (y - centre[1]) * 1.045)
             for x, y in corners]
    gfx.polygon(surface, (10, 14, 22), [(x, y + 7) for x, y in grown])
    gfx.polygon(surface, (70, 62, 52), grown)
    for s, poly in enumerate(geo.SPACE_POLY):
        kind = city.kind[s]
        pts = [shift(p, origin) for p in poly]
        fill = PAPER[city.district[s]]
        if kind in DEST_FILL:
            fill = DEST_FILL[kind]
        elif kind == LAKE:
            fill = LAKE_FILL
        elif kind == PARK:
            fill = PARK_FILL
        elif ARROW[s]:
            fill = tuple(max(0, c - 14) for c in fill)
        gfx.polygon(surface, fill, pts)
    # grid: every edge once
    for e, (a, b) in enumerate(EDGE_POINTS):
        pa, pb = shift(geo.POINT_XY[a], origin), shift(geo.POINT_XY[b], origin)
        gfx.aaline(surface, GRID_LINE, pa, pb)
    # district borders: edges whose two spaces lie in different districts
    for e, spaces in enumerate(EDGE_SPACES):
        if len(spaces) == 2 and city.district[spaces[0]] != city.district[spaces[1]]:
            a, b = EDGE_POINTS[e]
            gfx.line(surface, DISTRICT_EDGE, shift(geo.POINT_XY[a], origin),
                             shift(geo.POINT_XY[b], origin), 2)
    for s, kind in enumerate(city.kind):
        c = shift(geo.SPACE_XY[s], origin)
        if kind in DEST_FILL:
            draw_destination_icon(surface, kind, c, 9)
        elif kind == LAKE:
            for dy in (-3, 3):
                _wave(surface, LAKE_INK, (c[0], c[1] + dy), 8)
        elif kind == PARK:
            gfx.circle(surface, PARK_INK, (c[0] - 3, c[1] + 1), 5)
            gfx.circle(surface, PARK_INK, (c[0] + 4, c[1] - 2), 4)
    for s, arrow in enumerate(ARROW):
        if arrow:
            _arrow(surface, s, arrow, origin)
    gfx.polygon(surface, CITY_EDGE, corners, 3)


def _corner_id(k: int) -> int:
    return POINT_ID[(HEX_SIDE * DIRS[k][0], HEX_SIDE * DIRS[k][1])]


def _wave(surface, colour, centre, half) -> None:
    pts = [(centre[0] + x, centre[1] + 1.6 * math.sin(x / half * math.pi * 1.5))
           for x in range(-int(half), int(half) + 1, 2)]
    gfx.lines(surface, colour, False, pts, 2)


def _arrow(surface, s: int, arrow: str, origin) -> None:
    """An arrow in a boundary space: white points into the city, black points out of it."""
    inner = geo.POINT_XY[INNER_CORNER[s]]
    outer = [geo.POINT_XY[p] for p in SPACE_CORNERS[s] if p != INNER_CORNER[s]]
    mid = ((outer[0][0] + outer[1][0]) / 2, (outer[0][1] + outer[1][1]) / 2)
    dx, dy = inner[0] - mid[0], inner[1] - mid[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    if arrow == BLACK:
        ux, uy = -ux, -uy
    c = shift(geo.SPACE_XY[s], origin)
    c = (c[0] - (dx / length) * 3, c[1] - (dy / length) * 3)
    draw_arrow_mark(surface, c, (ux, uy), arrow == WHITE)


def draw_arrow_mark(surface, c, direction, white: bool, size: float = 9) -> None:
    """The printed arrow: a white (start) or black (end) triangle pointing ``direction``
    (a unit vector). The rules help draws the same marks."""
    ux, uy = direction
    tip = (c[0] + ux * size, c[1] + uy * size)
    back = (c[0] - ux * size * 0.7, c[1] - uy * size * 0.7)
    left = (back[0] - uy * size * 0.8, back[1] + ux * size * 0.8)
    right = (back[0] + uy * size * 0.8, back[1] - ux * size * 0.8)
    fill, edge = ((250, 250, 250), (40, 40, 46)) if white else ((26, 26, 32), (250, 250, 250))
    gfx.polygon(surface, fill, [tip, left, right])
    gfx.polygon(surface, edge, [tip, left, right], 2)


def draw_destination_icon(surface, kind: str, c, r: float, ink=None) -> None:
    """Residential: a house. Commercial: a shopping bag. Entertainment: a star."""
    ink = ink or DEST_INK[kind]
    x, y = c
    if kind == "R":
        roof = [(x - r, y - r * 0.05), (x, y - r), (x + r, y - r * 0.05)]
        gfx.polygon(surface, ink, roof)
        gfx.rect(surface, ink, pygame.Rect(x - r * 0.65, y - r * 0.1, r * 1.3, r * 0.95))
        gfx.rect(surface, DEST_FILL["R"],
                         pygame.Rect(x - r * 0.18, y + r * 0.3, r * 0.36, r * 0.55))
    elif kind == "C":
        body = pygame.Rect(x - r * 0.75, y - r * 0.35, r * 1.5, r * 1.25)
        gfx.rect(surface, ink, body, border_radius=2)
        gfx.arc(surface, ink, pygame.Rect(x - r * 0.45, y - r * 0.95, r * 0.9, r * 1.1),
                        0, math.pi, 2)
    else:
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        gfx.polygon(surface, ink, pts)


# -- lines -------------------------------------------------------------------------------------

def stroke_line(surface, pts, colour, striped: bool, width: int = LINE_WIDTH,
                outline=True, region=None) -> None:
    """A line of a player: solid, or striped with cross ticks (also the colour-blind cue).
    ``region`` (a ``boards.dirty.Region``): only the pieces that reach it are drawn (the
    rest cannot change a pixel of it)."""
    if len(pts) < 2:
        return
    keep = None
    if region is not None:
        keep = _reaching(pts, region, (width + 4) / 2 + 2)
        if not any(keep):
            return
    edge = theme.outline_for(colour)
    if outline:
        _thick(surface, edge, pts, width + 4, keep)
    _thick(surface, colour, pts, width, keep)
    if striped:
        tick = theme.ink_on(colour)
        carry = 4.0
        for i, ((x1, y1), (x2, y2)) in enumerate(zip(pts, pts[1:])):
            length = math.hypot(x2 - x1, y2 - y1)
            if length < 1e-6:
                continue
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            d = carry
            while d < length:
                cx, cy = x1 + ux * d, y1 + uy * d
                h = width / 2
                if keep is None or keep[i]:
                    gfx.line(surface, tick, (cx - uy * h, cy + ux * h),
                             (cx + uy * h, cy - ux * h), 3)
                d += 9.0
            carry = d - length


def _reaching(pts, region, reach: float) -> list[bool]:
    """For each piece of the polyline, whether it (widened by ``reach``) reaches
    ``region``."""
    wide = region.rect.inflate(2 * SLACK, 2 * SLACK)
    left, top, right, bottom = wide.left - reach - 1, wide.top - reach - 1, \
        wide.right + reach + 1, wide.bottom + reach + 1
    return [not ((ax < left and bx < left) or (ax > right and bx > right)
                 or (ay < top and by < top) or (ay > bottom and by > bottom))
            for (ax, ay), (bx, by) in zip(pts, pts[1:])]


def _thick(surface, colour, pts, width, keep=None) -> None:
    """An antialiased polyline with round joins (pygame-ce's wide aaline + aacircle); with
    ``keep``, only the pieces it marks (and the joins at their ends)."""
    last = len(pts) - 1
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        if keep is None or keep[i]:
            gfx.aaline(surface, colour, a, b, width)
    for i, p in enumerate(pts):
        if keep is None or (i > 0 and keep[i - 1]) or (i < last and keep[i]):
            gfx.aacircle(surface, colour, p, width / 2)


def line_points(line, origin=(0, 0), upto=None) -> list:
    pts = geo.line_polyline(line.points, line.spaces, line.edges)
    if upto is not None:
        pts = pts[:upto]
    if origin == (0, 0):
        return pts         # the network's own courses (the same floats ``shift`` gives)
    return [shift(p, origin) for p in pts]


def draw_station(surface, c, colour, radius=8) -> None:
    gfx.aacircle(surface, STATION_EDGE, c, radius + 2)
    gfx.aacircle(surface, STATION_FILL, c, radius)
    gfx.aacircle(surface, colour, c, radius - 3, 3)


def draw_terminal(surface, c, colour, end: bool, striped: bool, shape=None) -> None:
    """Start marker: a disc; end marker: a square; the striped line's carry a bar. With the
    colour-blind option the marker takes the player's shape instead."""
    if shape is not None:
        theme.draw_shape(surface, shape, c, 12, colour, STATION_EDGE)
    elif end:
        rect = pygame.Rect(0, 0, 17, 17)
        rect.center = (round(c[0]), round(c[1]))
        gfx.rect(surface, STATION_EDGE, rect.inflate(4, 4), border_radius=4)
        gfx.rect(surface, colour, rect, border_radius=3)
    else:
        gfx.circle(surface, STATION_EDGE, c, 11)
        gfx.circle(surface, colour, c, 9)
    ink = theme.ink_on(colour)
    if striped:
        gfx.line(surface, ink, (c[0] - 4, c[1] + 4), (c[0] + 4, c[1] - 4), 3)
    else:
        gfx.circle(surface, ink, c, 3)


def draw_token(surface, c, letter: str, ring=None, radius=11, kind: str | None = None) -> None:
    """A destination marker letter side up (``letter`` "?" is face down)."""
    if letter == "?":
        gfx.circle(surface, (20, 24, 34), c, radius + 1)
        gfx.circle(surface, (78, 92, 122), c, radius)
        gfx.circle(surface, (120, 136, 168), c, radius - 3, 2)
    else:
        gfx.circle(surface, (12, 14, 20), c, radius + 1)
        gfx.circle(surface, TOKEN, c, radius)
        face = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        face.center = (round(c[0]), round(c[1]))
        with fonts.box(face, "marker"):
            fonts.blit(surface, letter, int(radius * 1.45), TOKEN_TEXT, (c[0], c[1] + 1),
                       "bold", "center")
    if ring is not None:
        gfx.circle(surface, ring, c, radius + 1, 3)
    if kind:
        badge = (c[0] + radius * 0.8, c[1] + radius * 0.8)
        gfx.circle(surface, DEST_FILL[kind], badge, radius * 0.55)
        draw_destination_icon(surface, kind, badge, radius * 0.38)


"""Metro tile sprites, drawn once per (type, rotation, size) and cached.

Tracks are cubic Bézier curves between the tile's endpoints, rendered at 4× size with thick
round-capped strokes and smooth-scaled down, which gives clean antialiased rails at any size.
Each track is laid over a band of the tile's face colour, so a track that crosses another reads
as a bridge. The same curves (``track_points``) draw the highlighted lines on the board.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client import gfx
from game.client.canvas import remember
from game.client.sprite_cache import SpriteCache
from game.rules.core import HIDDEN

SUPERSAMPLE = 4
# letter -> offset from the even endpoint it leaves (rules page: a straight, b wide turn,
# c tight turn, d U-turn)
_OFFSET = {"a": 5, "b": 3, "c": 7, "d": 1}
_INWARD = {0: (0.0, 1.0), 1: (-1.0, 0.0), 2: (0.0, -1.0), 3: (1.0, 0.0)}  # by side
_CORNER = {(0, 1): (1.0, 0.0), (1, 2): (1.0, 1.0), (2, 3): (0.0, 1.0), (0, 3): (0.0, 0.0)}

# every tile face and back at the window sizes in use (a 4K window's 96 Metro faces
# are ~14 MB): redrawing them costs far more than keeping them
_cache = SpriteCache(64 * 1024 * 1024)
_curve_cache: dict[tuple, list[tuple[float, float]]] = {}


def endpoint_unit(endpoint: int) -> tuple[float, float]:
    """Position of an endpoint in a unit square (0,0 top-left)."""
    return ((1 / 3, 0.0), (2 / 3, 0.0), (1.0, 1 / 3), (1.0, 2 / 3),
            (2 / 3, 1.0), (1 / 3, 1.0), (0.0, 2 / 3), (0.0, 1 / 3))[endpoint]


def pairs(code: str, rot: int = 0) -> list[tuple[int, int]]:
    """The four (even, odd) endpoint pairs a tile joins, after ``rot`` clockwise turns."""
    out = []
    for i, letter in enumerate(code):
        even = 2 * i
        odd = (even + _OFFSET[letter]) % 8
        out.append(((even + 2 * rot) % 8, (odd + 2 * rot) % 8))
    return out


def _curve_unit(a: int, b: int, steps: int = 24) -> list[tuple[float, float]]:
    key = (min(a, b), max(a, b), steps)
    if key in _curve_cache:
        pts = _curve_cache[key]
        return pts if a <= b else pts[::-1]
    lo, hi = key[0], key[1]
    p0, p3 = endpoint_unit(lo), endpoint_unit(hi)
    side0, side3 = lo // 2, hi // 2
    n0, n3 = _INWARD[side0], _INWARD[side3]
    if side0 == side3:
        k0 = k3 = 0.34
    elif (side0 - side3) % 2 == 0:
        k0 = k3 = 0.42
    else:
        corner = _CORNER[(min(side0, side3), max(side0, side3))]
        d0 = abs(p0[0] - corner[0]) + abs(p0[1] - corner[1])
        d3 = abs(p3[0] - corner[0]) + abs(p3[1] - corner[1])
        k0, k3 = 0.552 * d3, 0.552 * d0
    p1 = (p0[0] + n0[0] * k0, p0[1] + n0[1] * k0)
    p2 = (p3[0] + n3[0] * k3, p3[1] + n3[1] * k3)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        x = u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0]
        y = u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]
        pts.append((x, y))
    _curve_cache[key] = pts
    return pts if a <= b else pts[::-1]


def track_points(enter: int, leave: int, origin: tuple[float, float], size: float,
                 steps: int = 16) -> list[tuple[float, float]]:
    """Screen points of the track from endpoint ``enter`` to ``leave`` of a tile at ``origin``."""
    ox, oy = origin
    return [(ox + x * size, oy + y * size) for x, y in _curve_unit(enter, leave, steps)]


def stroke(surface: pygame.Surface, colour, points, width: float) -> None:
    """A thick polyline with round joins and caps."""
    w = max(1, int(round(width)))
    r = w / 2
    if len(points) > 1:
        gfx.lines(surface, colour, False, points, w)
    for p in points:
        gfx.circle(surface, colour, p, r)


def _draw_tile(code: str, rot: int, size: int, face, ink, rail) -> pygame.Surface:
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = max(2, big // 14)
    gfx.rect(canvas, face, canvas.get_rect(), border_radius=radius)
    gfx.rect(canvas, theme.TILE_EDGE, canvas.get_rect(), max(2, big // 40),
                     border_radius=radius)
    track_w = big * 0.085
    for a, b in pairs(code, rot):
        pts = track_points(a, b, (0, 0), big, 28)
        stroke(canvas, face, pts, track_w * 2.1)     # bed: makes crossings read as bridges
        stroke(canvas, ink, pts, track_w)
        stroke(canvas, rail, pts, track_w * 0.28)
    return pygame.transform.smoothscale(canvas, (size, size))


def tile(code: str, rot: int, size: int, style: str = "normal") -> pygame.Surface:
    """The cached sprite of a tile; style "normal" or "ghost" (translucent)."""
    key = (code, rot % 4, size, style)
    found = _cache.get(key)
    if found is None:
        # a tile this machine never saw (a fair table's save, another seat's hand) shows
        # its back: there is nothing else true to draw
        if style == "back" or code == HIDDEN:
            found = tile_back(size)
        else:
            found = _draw_tile(code, rot % 4, size, theme.TILE_FACE, theme.TRACK,
                               theme.TRACK_RAIL)
            if style == "ghost":
                found = found.copy()
                found.set_alpha(215)
        # on a bigger window the tile is drawn again at its native size (sharp tracks)
        remember(found, lambda scale: tile(code, rot, round(size * scale), style))
        _cache[key] = found
    return found


def tile_back(size: int) -> pygame.Surface:
    """The face-down tile (hidden hands, the stack)."""
    key = ("?", 0, size, "back-raw")
    if key in _cache:
        return _cache[key]
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = max(2, big // 14)
    gfx.rect(canvas, (58, 84, 122), canvas.get_rect(), border_radius=radius)
    gfx.rect(canvas, (92, 122, 166), canvas.get_rect(), big // 30, border_radius=radius)
    c = big // 2
    gfx.circle(canvas, (92, 122, 166), (c, c), big // 4, big // 22)
    gfx.line(canvas, (92, 122, 166), (c - big // 4, c), (c + big // 4, c), big // 22)
    surf = pygame.transform.smoothscale(canvas, (size, size))
    remember(surf, lambda scale: tile_back(round(size * scale)))
    _cache[key] = surf
    return surf


def clear() -> None:
    _cache.clear()


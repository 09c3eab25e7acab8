"""Railroad Ink drawings in a hand-inked style: faces, dice, craters, exits and the paper sheet.

Every face is drawn once per (face, orientation, size, style) at 3x size with round-capped
strokes and smooth-scaled down, then cached. A face is drawn from the rules' own tables
(oriented sides and connection groups), so what the player sees is exactly what the engine
checks: highways are double-lined roads with a dashed centre, railways a line with sleepers,
stations a black block where highway meets railway, rivers a blue band, lakes and lava filled
lobes on their sides. Groups that are "not connected" (overpass, bridges, lava beside a road)
are drawn in two layers with a paper bed under the upper one so the crossing reads as a bridge.
"""

from __future__ import annotations

import math

import pygame
from game.client import gfx
from game.client.canvas import remember
from game.client.sprite_cache import SpriteCache

from game.rules.railroad_ink.faces import (FACE_INDEX, FACE_KIND, HIGHWAY, LAKE, LAVA, NONE,
                                           RAILWAY, RIVER, SPECIAL, VOLCANO_KIND)
from game.rules.railroad_ink.orientation import ORIENTED_GROUPS, ORIENTED_SIDES

SUPER = 3
PAPER = (247, 242, 228)
PAPER_DARK = (228, 220, 200)
GRID = (190, 200, 206)
CENTRE_TINT = (232, 228, 214)
INK = (36, 38, 48)
ROAD_FILL = (226, 222, 210)
RIVER_BLUE = (70, 146, 214)
RIVER_EDGE = (36, 92, 158)
LAKE_BLUE = (122, 186, 232)
LAKE_EDGE = (52, 118, 180)
LAVA_RED = (232, 98, 38)
LAVA_EDGE = (150, 40, 24)
LAVA_SPOT = (252, 196, 70)
SPECIAL_TINT = (250, 226, 150)
CRATER_FILL = (150, 140, 128)
CRATER_EDGE = (84, 76, 70)
METEOR_RED = (214, 40, 40)

# the faces, dice and stubs at the window sizes in use
_cache = SpriteCache(64 * 1024 * 1024)


def _mid(side: int, big: float) -> tuple[float, float]:
    h = big / 2
    return ((h, 0.0), (big, h), (h, big), (0.0, h))[side]


def _path(a: int, b: int, big: float, steps: int = 20) -> list[tuple[float, float]]:
    """Points from the middle of side ``a`` to the middle of side ``b`` (straight or a quarter
    arc round the shared corner); ``b`` = -1 ends at the centre."""
    if b < 0:
        return [_mid(a, big), (big / 2, big / 2)]
    if (a + 2) % 4 == b:
        return [_mid(a, big), _mid(b, big)]
    corners = {frozenset((0, 1)): (big, 0.0), frozenset((1, 2)): (big, big),
               frozenset((2, 3)): (0.0, big), frozenset((0, 3)): (0.0, 0.0)}
    cx, cy = corners[frozenset((a, b))]
    ax, ay = _mid(a, big)
    bx, by = _mid(b, big)
    a0 = math.atan2(ay - cy, ax - cx)
    a1 = math.atan2(by - cy, bx - cx)
    if a1 - a0 > math.pi:
        a1 -= 2 * math.pi
    elif a0 - a1 > math.pi:
        a1 += 2 * math.pi
    r = big / 2
    return [(cx + r * math.cos(a0 + (a1 - a0) * i / steps),
             cy + r * math.sin(a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]


def _stroke(surface, colour, points, width: float) -> None:
    w = max(1, int(round(width)))
    if len(points) > 1:
        gfx.lines(surface, colour, False, points, w)
    for p in points:
        gfx.circle(surface, colour, p, w / 2)


def _resample(points, step: float) -> list[tuple[float, tuple[float, float], tuple]]:
    """(distance, point, unit direction) every ``step`` along a polyline."""
    out = []
    travelled = 0.0
    next_at = step / 2
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg == 0:
            continue
        ux, uy = (x1 - x0) / seg, (y1 - y0) / seg
        while next_at <= travelled + seg:
            k = next_at - travelled
            out.append((next_at, (x0 + ux * k, y0 + uy * k), (ux, uy)))
            next_at += step
        travelled += seg
    return out


def _road(surface, points, big: float, bed: bool) -> None:
    w = big * 0.2
    if bed:
        _stroke(surface, PAPER, points, w + big * 0.12)
    _stroke(surface, INK, points, w)
    _stroke(surface, ROAD_FILL, points, w - big * 0.05)
    for dist, (x, y), (ux, uy) in _resample(points, big * 0.16):
        if int(dist / (big * 0.16)) % 2 == 0:
            d = big * 0.045
            gfx.line(surface, INK, (x - ux * d, y - uy * d), (x + ux * d, y + uy * d),
                             max(1, int(big * 0.022)))


def _rail(surface, points, big: float, bed: bool) -> None:
    if bed:
        _stroke(surface, PAPER, points, big * 0.26)
    tie = big * 0.075
    for _dist, (x, y), (ux, uy) in _resample(points, big * 0.11):
        nx, ny = -uy, ux
        gfx.line(surface, INK, (x - nx * tie, y - ny * tie), (x + nx * tie, y + ny * tie),
                         max(1, int(big * 0.03)))
    _stroke(surface, INK, points, big * 0.045)


def _river(surface, points, big: float) -> None:
    _stroke(surface, RIVER_EDGE, points, big * 0.3)
    _stroke(surface, RIVER_BLUE, points, big * 0.24)
    for dist, (x, y), (ux, uy) in _resample(points, big * 0.2):
        nx, ny = -uy, ux
        off = big * 0.04 * (1 if int(dist / (big * 0.2)) % 2 else -1)
        gfx.line(surface, (190, 224, 248), (x + nx * off - ux * big * 0.04,
                                                    y + ny * off - uy * big * 0.04),
                         (x + nx * off + ux * big * 0.04, y + ny * off + uy * big * 0.04),
                         max(1, int(big * 0.02)))


def _lobes(surface, sides: list[int], big: float, fill, edge, depth: float) -> None:
    """A filled region touching each of ``sides`` (whole side length), bulging ``depth`` of
    the cell inwards; adjacent sides are joined through their corner."""
    h = big / 2
    if len(sides) == 4:
        surface.fill(fill)
        return
    for pass_colour, grow in ((edge, big * 0.035), (fill, 0.0)):
        for s in sides:
            d = big * depth + grow
            if s == 0:
                rect = pygame.Rect(-grow, -d, big + 2 * grow, 2 * d)
            elif s == 2:
                rect = pygame.Rect(-grow, big - d, big + 2 * grow, 2 * d)
            elif s == 1:
                rect = pygame.Rect(big - d, -grow, 2 * d, big + 2 * grow)
            else:
                rect = pygame.Rect(-d, -grow, 2 * d, big + 2 * grow)
            gfx.ellipse(surface, pass_colour, rect)
        for s in sides:
            t = (s + 1) % 4
            if t in sides:
                corner = ((big, 0), (big, big), (0, big), (0, 0))[s]
                pts = [corner, _mid(s, big), (h, h), _mid(t, big)]
                if grow:
                    pts = [(x + (x - h) * 0.04, y + (y - h) * 0.04) for x, y in pts]
                gfx.polygon(surface, pass_colour, pts)
        if len(sides) >= 3:
            gfx.circle(surface, pass_colour, (h, h), big * 0.3 + grow)


def _lava_spots(surface, big: float, sides: list[int]) -> None:
    h = big / 2
    for i, s in enumerate(sides):
        mx, my = _mid(s, big)
        x, y = mx + (h - mx) * 0.45, my + (h - my) * 0.45
        gfx.circle(surface, LAVA_SPOT, (x + (i % 2) * big * 0.06, y), big * 0.035)


def _draw_face(face: str, o: int, big: int) -> pygame.Surface:
    index = FACE_INDEX[face]
    sides = ORIENTED_SIDES[index][o]
    groups = ORIENTED_GROUPS[index][o]
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    kind = FACE_KIND[index]
    if kind == SPECIAL:
        gfx.rect(surf, SPECIAL_TINT, surf.get_rect().inflate(-big * 0.06, -big * 0.06),
                         border_radius=int(big * 0.1))
    if kind == VOLCANO_KIND:
        surf.fill(LAVA_RED)
        _lava_spots(surf, big, [0, 1, 2, 3])
        h = big / 2
        cone = [(h - big * 0.3, h + big * 0.24), (h - big * 0.09, h - big * 0.2),
                (h + big * 0.09, h - big * 0.2), (h + big * 0.3, h + big * 0.24)]
        gfx.polygon(surf, (96, 54, 40), cone)
        gfx.polygon(surf, INK, cone, max(1, big // 40))
        gfx.ellipse(surf, LAVA_SPOT, (h - big * 0.1, h - big * 0.26, big * 0.2,
                                              big * 0.1))
        return surf
    has_route = any(side in (HIGHWAY, RAILWAY) for side in sides)
    lake_sides = [s for s in range(4) if sides[s] == LAKE]
    lava_sides = [s for s in range(4) if sides[s] == LAVA]
    if lake_sides:
        _lobes(surf, lake_sides, big, LAKE_BLUE, LAKE_EDGE, 0.55 if len(lake_sides) < 2 else 0.5)
    if lava_sides:
        _lobes(surf, lava_sides, big, LAVA_RED, LAVA_EDGE, 0.3 if has_route else 0.55)
        _lava_spots(surf, big, lava_sides)
    # the lower group first; a later, separate group gets a paper bed (a bridge)
    route_groups = [g for g in groups if any(sides[s] in (HIGHWAY, RAILWAY, RIVER) for s in g)]
    separate = len(route_groups) > 1
    route_groups.sort(key=lambda g: (0 if any(sides[s] == RIVER for s in g) else 1,
                                     0 if any(sides[s] == RAILWAY for s in g) else 1))
    for layer, group in enumerate(route_groups):
        bed = separate and layer > 0
        members = [s for s in group if sides[s] in (HIGHWAY, RAILWAY, RIVER)]
        types = {sides[s] for s in members}
        segments: list[tuple[int, int, int]] = []     # (type, side a, side b or -1)
        if len(members) == 2 and len(types) == 1:
            segments.append((sides[members[0]], members[0], members[1]))
        else:
            used = set()
            for a in members:
                b = (a + 2) % 4
                if b in members and sides[a] == sides[b] and a < b and a not in used:
                    segments.append((sides[a], a, b))
                    used |= {a, b}
            for a in members:
                if a not in used:
                    segments.append((sides[a], a, -1))
        for kind_of, a, b in sorted(segments, key=lambda seg: seg[0] == HIGHWAY):
            pts = _path(a, b, big)
            if kind_of == HIGHWAY:
                _road(surf, pts, big, bed)
            elif kind_of == RAILWAY:
                _rail(surf, pts, big, bed)
            else:
                _river(surf, pts, big)
        if HIGHWAY in types and RAILWAY in types or (lake_sides and types & {HIGHWAY, RAILWAY}):
            # a station (or a pier on the lake): a solid block joining the routes
            s = big * 0.2
            block = pygame.Rect(big / 2 - s / 2, big / 2 - s / 2, s, s)
            gfx.rect(surf, INK, block, border_radius=int(big * 0.02))
    return surf


def face(face_id: str, o: int, size: int, style: str = "ink") -> pygame.Surface:
    """The cached drawing of ``face_id`` in orientation ``o`` (0–7), ``size`` px square.
    style: "ink" (on the sheet), "ghost" (translucent preview), "bad" (reddened preview)."""
    key = (face_id, o, size, style)
    found = _cache.get(key)
    if found is None:
        if style == "ink":
            big = _draw_face(face_id, o, size * SUPER)
            found = pygame.transform.smoothscale(big, (size, size))
        else:
            found = face(face_id, o, size).copy()
            if style == "bad":
                found.fill((255, 120, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
            found.set_alpha(175 if style == "ghost" else 150)
        # on a bigger window the face is drawn again at its native size (sharp lines)
        remember(found, lambda scale: face(face_id, o, round(size * scale), style))
        _cache[key] = found
    return found


def _supersampled(name: str, size: int, paint) -> pygame.Surface:
    """A cached ``size`` px sprite: ``paint(surf, big)`` draws it on a transparent square of
    ``big = size * SUPER`` px, which is then scaled down smoothly (antialiased edges)."""
    key = (name, size)
    found = _cache.get(key)
    if found is None:
        big = size * SUPER
        surf = pygame.Surface((big, big), pygame.SRCALPHA)
        paint(surf, big)
        found = pygame.transform.smoothscale(surf, (size, size))
        remember(found, lambda scale: _supersampled(name, round(size * scale), paint))
        _cache[key] = found
    return found


def _paint_crater(surf: pygame.Surface, big: int) -> None:
    h = big / 2
    gfx.circle(surf, CRATER_EDGE, (h, h), big * 0.4)
    gfx.circle(surf, CRATER_FILL, (h, h), big * 0.33)
    gfx.circle(surf, (120, 110, 100), (h + big * 0.05, h + big * 0.05), big * 0.22)
    for i in range(10):
        a = i * math.pi / 5
        r0, r1 = big * 0.4, big * 0.47
        gfx.line(surf, CRATER_EDGE, (h + r0 * math.cos(a), h + r0 * math.sin(a)),
                         (h + r1 * math.cos(a), h + r1 * math.sin(a)), max(1, big // 30))


def _paint_meteor_dot(surf: pygame.Surface, big: int) -> None:
    gfx.circle(surf, (255, 255, 255), (big / 2, big / 2), big * 0.5)
    gfx.circle(surf, METEOR_RED, (big / 2, big / 2), big * 0.42)
    gfx.circle(surf, (255, 170, 150), (big * 0.4, big * 0.4), big * 0.13)


def crater(size: int) -> pygame.Surface:
    return _supersampled("crater", size, _paint_crater)


def meteor_dot(size: int) -> pygame.Surface:
    return _supersampled("dot", size, _paint_meteor_dot)


def exit_stub(kind: int, side: int, cell: int, margin: int) -> pygame.Surface:
    """The printed exit on the sheet border: a short road or rail leading off the sheet,
    ``cell`` wide along the border and ``margin`` deep, drawn for the given side."""
    key = ("exit", kind, side, cell, margin)
    found = _cache.get(key)
    if found is None:
        big_w, big_h = cell * SUPER, margin * SUPER
        surf = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
        big = cell * SUPER
        pts = [(big_w / 2, 0), (big_w / 2, big_h)]
        if kind == HIGHWAY:
            _road(surf, pts, big, False)
        else:
            _rail(surf, pts, big, False)
        gfx.line(surf, INK, (big_w * 0.2, big_h - 2), (big_w * 0.8, big_h - 2),
                         max(2, big // 30))   # the mark where the exit leaves the sheet
        small = pygame.transform.smoothscale(surf, (cell, margin))
        # drawn for the top border (side 0); turn it for the others
        found = pygame.transform.rotate(small, {0: 0, 1: -90, 2: 180, 3: 90}[side])
        remember(found, lambda scale: exit_stub(kind, side, round(cell * scale),
                                                round(margin * scale)))
        _cache[key] = found
    return found


def die(face_id: str, size: int, state: str = "ready") -> pygame.Surface:
    """A die showing a face: state "ready", "used" (faded, ticked), "skipped" (crossed) or
    "dim" (faded only: not available now)."""
    key = ("die", face_id, size, state)
    found = _cache.get(key)
    if found is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = surf.get_rect()
        gfx.rect(surf, (20, 24, 32), rect.move(0, 3), border_radius=size // 6)
        gfx.rect(surf, PAPER, rect.inflate(0, -3).move(0, -1), border_radius=size // 6)
        gfx.rect(surf, INK, rect.inflate(0, -3).move(0, -1), max(2, size // 26),
                         border_radius=size // 6)
        inner = int(size * 0.78)
        surf.blit(face(face_id, 0, inner), ((size - inner) // 2, (size - inner) // 2 - 1))
        if state != "ready":
            veil = pygame.Surface((size, size), pygame.SRCALPHA)
            gfx.rect(veil, (30, 36, 48, 150), rect, border_radius=size // 6)
            surf.blit(veil, (0, 0))
            w = max(3, size // 12)
            if state == "dim":
                pass
            elif state == "used":
                gfx.lines(surf, (110, 210, 130), False,
                                  [(size * 0.28, size * 0.52), (size * 0.44, size * 0.68),
                                   (size * 0.74, size * 0.32)], w)
            else:
                gfx.line(surf, (232, 86, 76), (size * 0.28, size * 0.28),
                                 (size * 0.72, size * 0.72), w)
                gfx.line(surf, (232, 86, 76), (size * 0.72, size * 0.28),
                                 (size * 0.28, size * 0.72), w)
        remember(surf, lambda scale: die(face_id, round(size * scale), state))
        _cache[key] = found = surf
    return found


def clear() -> None:
    _cache.clear()



__all__ = ["face", "crater", "meteor_dot", "exit_stub", "die", "clear", "PAPER", "INK",
           "GRID", "NONE", "LAVA", "LAKE", "RIVER"]

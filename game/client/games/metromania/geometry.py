"""Screen geometry of the Metromania city (client only: floats are fine here, never in rules).

The lattice of ``game.rules.metromania.lattice`` is laid out with x = q + r/2,
y = r·√3/2, scaled by ``UNIT`` pixels and centred at ``CENTRE``. A tunnel is drawn along its
edge, pushed a little into the space that holds it, so that two lines running alongside on
the same edge (one in each space) stay apart. Hit testing turns a mouse position back into a
space and the nearest of its edges.
"""

from __future__ import annotations

import math

import pygame

from game.rules.metromania.lattice import (EDGE_POINTS, POINTS, POINT_ID, SPACES_AT_POINT,
                                           SPACE_CORNERS, SPACE_EDGES)

UNIT = 53.0                      # pixels per lattice step
CENTRE = (640.0, 384.0)
ROOT3_2 = math.sqrt(3) / 2
OFFSET = 0.17                    # how far (in units) a tunnel sits inside its space
CITY_BOX = pygame.Rect(int(CENTRE[0] - 6.4 * UNIT), int(CENTRE[1] - 5.9 * UNIT),
                       int(12.8 * UNIT), int(11.8 * UNIT))   # the city with a margin
# outside its space, a click this close to a tunnel's drawn segment still takes it: the strip
# across the tunnel's edge counts too, so a tunnel is a target of about a whole triangle even
# when it shares its space with another choice
SNAP_RADIUS = 0.34 * UNIT
# A candidate tunnel's ring (the lesson draws it) round the middle of its drawn segment; a
# click in several rings takes the nearest centre, unless another centre is less than
# RING_CLEAR farther: then the player chooses (rings round one lattice point overlap).
RING_R = 14.0
RING_CLEAR = 4.0


def point_xy(p: int) -> tuple[float, float]:
    q, r = POINTS[p]
    return (CENTRE[0] + UNIT * (q + r / 2), CENTRE[1] + UNIT * r * ROOT3_2)


POINT_XY: tuple = tuple(point_xy(p) for p in range(len(POINTS)))


def _centroid(corners) -> tuple[float, float]:
    xs = [POINT_XY[c][0] for c in corners]
    ys = [POINT_XY[c][1] for c in corners]
    return (sum(xs) / 3, sum(ys) / 3)


SPACE_XY: tuple = tuple(_centroid(c) for c in SPACE_CORNERS)
SPACE_POLY: tuple = tuple(tuple(POINT_XY[c] for c in corners) for corners in SPACE_CORNERS)


def _normal(space: int, edge: int) -> tuple[float, float]:
    """Unit vector from the edge's middle towards the space's third corner, times OFFSET."""
    a, b = EDGE_POINTS[edge]
    (c,) = [x for x in SPACE_CORNERS[space] if x not in (a, b)]
    mx = (POINT_XY[a][0] + POINT_XY[b][0]) / 2
    my = (POINT_XY[a][1] + POINT_XY[b][1]) / 2
    dx, dy = POINT_XY[c][0] - mx, POINT_XY[c][1] - my
    length = math.hypot(dx, dy) or 1.0
    return (dx / length * OFFSET * UNIT, dy / length * OFFSET * UNIT)


# NORMAL[space][edge class]
NORMAL: tuple = tuple(tuple(_normal(s, e) for e in SPACE_EDGES[s])
                      for s in range(len(SPACE_CORNERS)))


def tunnel_segment(space: int, edge_class: int, start_point: int | None = None):
    """The two screen ends of a tunnel (from ``start_point`` when given)."""
    e = SPACE_EDGES[space][edge_class]
    a, b = EDGE_POINTS[e]
    if start_point is not None and start_point == b:
        a, b = b, a
    nx, ny = NORMAL[space][edge_class]
    return ((POINT_XY[a][0] + nx, POINT_XY[a][1] + ny),
            (POINT_XY[b][0] + nx, POINT_XY[b][1] + ny))


def tunnel_anchor(space: int, edge_class: int) -> tuple[float, float]:
    """Where the cursor sits for a tunnel: the middle of its drawn segment."""
    (ax, ay), (bx, by) = tunnel_segment(space, edge_class)
    return ((ax + bx) / 2, (ay + by) / 2)


# (points, spaces, edges) -> a line's screen points: a frame that repaints the network asks
# for every line's course several times (each place painted again, its end markers), and the
# lines only grow, so each course is reckoned once (issue 30: the Metromania landing frame)
_COURSES: dict = {}
MOST_COURSES = 4096


def line_polyline(points: list, spaces: list, edges: list) -> list[tuple[float, float]]:
    """Screen points of a line: each vertex pushed by the mean of its tunnels' offsets, so a
    line that stays on one side of its edges looks parallel and one that changes side crosses
    through the lattice point."""
    if not spaces:
        return []
    key = (tuple(points), tuple(spaces), tuple(edges))
    course = _COURSES.get(key)
    if course is None:
        if len(_COURSES) >= MOST_COURSES:
            _COURSES.clear()
        course = _COURSES[key] = tuple(_course(points, spaces, edges))
    return list(course)


def _course(points, spaces, edges) -> list[tuple[float, float]]:
    normals = []
    for s, e in zip(spaces, edges):
        normals.append(NORMAL[s][SPACE_EDGES[s].index(e)])
    out = []
    for i, p in enumerate(points):
        x, y = POINT_XY[p]
        around = normals[max(0, i - 1):i + 1]
        nx = sum(n[0] for n in around) / len(around)
        ny = sum(n[1] for n in around) / len(around)
        out.append((x + nx, y + ny))
    return out


def _inside(pos, poly) -> bool:
    (x, y) = pos
    signs = []
    for i in range(3):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 3]
        signs.append((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) >= 0)
    return all(signs) or not any(signs)


def nearest_point(pos) -> int:
    """The lattice point nearest to a screen position (clamped to the city)."""
    r = (pos[1] - CENTRE[1]) / (UNIT * ROOT3_2)
    q = (pos[0] - CENTRE[0]) / UNIT - r / 2
    near = [POINT_ID[(qq, rr)] for rr in range(math.floor(r) - 1, math.floor(r) + 3)
            for qq in range(math.floor(q) - 1, math.floor(q) + 3) if (qq, rr) in POINT_ID]
    if not near:
        near = range(len(POINT_XY))
    return min(near, key=lambda p: (POINT_XY[p][0] - pos[0]) ** 2 + (POINT_XY[p][1] - pos[1]) ** 2)


def space_at(pos) -> int | None:
    """The space under a screen position, or None outside the city."""
    p = nearest_point(pos)
    x, y = POINT_XY[p]
    if math.hypot(x - pos[0], y - pos[1]) > UNIT:
        return None
    for s in SPACES_AT_POINT[p]:
        if _inside(pos, SPACE_POLY[s]):
            return s
    return None


def edge_class_near(space: int, pos) -> int:
    """The edge class of ``space`` whose tunnel would be drawn nearest to ``pos``."""
    best, best_d = 0, float("inf")
    for c in range(3):
        x, y = tunnel_anchor(space, c)
        d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
        if d < best_d:
            best, best_d = c, d
    return best


def dist2(a, b) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def dist2_to_segment(pos, a, b) -> float:
    """Squared distance from ``pos`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    k = 0.0 if not length2 else max(0.0, min(1.0, ((pos[0] - a[0]) * dx +
                                                   (pos[1] - a[1]) * dy) / length2))
    return dist2(pos, (a[0] + k * dx, a[1] + k * dy))

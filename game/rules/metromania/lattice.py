"""The triangular lattice of the city: points, spaces (small triangles), edges, directions.

Everything is an integer id into precomputed tables, so the rules never build coordinates in
their inner loops. Geometry is integer-only: a point is axial (q, r); its screen position is
x = q + r/2, y = r * sqrt(3)/2, which ``screen2`` gives as the doubled integers (2q + r, r)
(the client multiplies the second by sqrt(3)/2 itself).

* Points: max(|q|, |r|, |q+r|) <= 6, 127 of them, ids in (r, q) order.
* Directions 0-5, 60 degrees apart: (1,0) (0,1) (-1,1) (-1,0) (0,-1) (1,-1).
* Spaces: up(q,r) = {(q,r),(q+1,r),(q,r+1)}, down(q,r) = {(q+1,r),(q,r+1),(q+1,r+1)}; 216.
  A space's three edges are named by their direction class 0, 1, 2 (along directions 0/3,
  1/4, 2/5): every triangle has exactly one edge of each class.
* Edges join neighbouring points; each lies in two spaces, or in one on the boundary.
* Sides 0-5 of the hexagon run clockwise from corner 6*D[k] to 6*D[k+1]; along each, the six
  spaces with a boundary edge are numbered 0-5 (their "inner corner" is the third point).
"""

from __future__ import annotations

from .board_data import HEX_SIDE

DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def norm(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


POINTS: tuple = tuple((q, r) for r in range(-HEX_SIDE, HEX_SIDE + 1)
                      for q in range(-HEX_SIDE, HEX_SIDE + 1) if norm(q, r) <= HEX_SIDE)
POINT_ID: dict = {qr: i for i, qr in enumerate(POINTS)}
POINT_NAMES: tuple = tuple(f"{q},{r}" for q, r in POINTS)
POINT_BY_NAME: dict = {name: i for i, name in enumerate(POINT_NAMES)}
ON_BOUNDARY: tuple = tuple(norm(q, r) == HEX_SIDE for q, r in POINTS)

# NEIGHBOUR[p][d]: the point one step from p in direction d, or -1 outside the city
NEIGHBOUR: tuple = tuple(
    tuple(POINT_ID.get((q + dq, r + dr), -1) for dq, dr in DIRS) for q, r in POINTS)


def _build_edges():
    edges, index = [], {}
    for p, (q, r) in enumerate(POINTS):
        for d in range(3):
            other = NEIGHBOUR[p][d]
            if other >= 0:
                index[(p, other)] = index[(other, p)] = len(edges)
                edges.append((p, other, d))
    return edges, index


_EDGES, EDGE_BETWEEN = _build_edges()
EDGE_POINTS: tuple = tuple((a, b) for a, b, _ in _EDGES)
EDGE_CLASS: tuple = tuple(c for _, _, c in _EDGES)
# EDGE_AT[p][d]: the edge from p in direction d, or -1
EDGE_AT: tuple = tuple(tuple(EDGE_BETWEEN.get((p, n), -1) if n >= 0 else -1 for n in row)
                       for p, row in enumerate(NEIGHBOUR))
# DIRECTION[(p, p2)]: direction of the step from p to its neighbour p2
DIRECTION: dict = {(p, n): d for p, row in enumerate(NEIGHBOUR) for d, n in enumerate(row)
                   if n >= 0}


def _build_spaces():
    spaces = []
    span = range(-HEX_SIDE - 1, HEX_SIDE + 1)
    for q, r in ((q, r) for r in span for q in span):
        for kind, corners in (("u", ((q, r), (q + 1, r), (q, r + 1))),
                              ("d", ((q + 1, r), (q, r + 1), (q + 1, r + 1)))):
            if all(c in POINT_ID for c in corners):
                spaces.append((kind, q, r, tuple(POINT_ID[c] for c in corners)))
    return spaces


_SPACES = _build_spaces()
SPACES: tuple = tuple((kind, q, r) for kind, q, r, _ in _SPACES)
SPACE_NAMES: tuple = tuple(f"{kind}{q},{r}" for kind, q, r in SPACES)
SPACE_BY_NAME: dict = {name: i for i, name in enumerate(SPACE_NAMES)}
SPACE_CORNERS: tuple = tuple(corners for *_, corners in _SPACES)


def _space_edges(corners):
    by_class = [-1, -1, -1]
    for i in range(3):
        for j in range(i + 1, 3):
            e = EDGE_BETWEEN[(corners[i], corners[j])]
            by_class[EDGE_CLASS[e]] = e
    return tuple(by_class)


# SPACE_EDGES[s][c]: the edge of class c of space s
SPACE_EDGES: tuple = tuple(_space_edges(c) for c in SPACE_CORNERS)
EDGE_SPACES: tuple = tuple(
    tuple(s for s, es in enumerate(SPACE_EDGES) if e in es) for e in range(len(EDGE_POINTS)))
BOUNDARY_EDGE: tuple = tuple(len(ss) == 1 for ss in EDGE_SPACES)
SPACES_AT_POINT: tuple = tuple(
    tuple(s for s, cs in enumerate(SPACE_CORNERS) if p in cs) for p in range(len(POINTS)))
# spaces sharing at least a corner with s (s excluded)
TOUCHING_SPACES: tuple = tuple(
    tuple(sorted({t for p in cs for t in SPACES_AT_POINT[p]} - {s}))
    for s, cs in enumerate(SPACE_CORNERS))


def space_of_corners(corner_qrs) -> int:
    """The space id whose corners are these three (q, r) points (KeyError if none)."""
    ids = sorted(POINT_ID[qr] for qr in corner_qrs)
    for s in SPACES_AT_POINT[ids[0]]:
        if sorted(SPACE_CORNERS[s]) == ids:
            return s
    raise KeyError(corner_qrs)


def _build_sides():
    """SIDE_SPACES[k][i]: the boundary space at position i of side k; plus per-space facts."""
    sides, side_of, inner_corner, inner_edges = [], {}, {}, {}
    for k in range(6):
        cq, cr = HEX_SIDE * DIRS[k][0], HEX_SIDE * DIRS[k][1]
        sq, sr = DIRS[(k + 2) % 6]
        row = []
        for i in range(HEX_SIDE):
            a = POINT_ID[(cq + i * sq, cr + i * sr)]
            b = POINT_ID[(cq + (i + 1) * sq, cr + (i + 1) * sr)]
            (space,) = EDGE_SPACES[EDGE_BETWEEN[(a, b)]]
            row.append(space)
            side_of[space] = (k, i)
            (corner,) = [c for c in SPACE_CORNERS[space] if c not in (a, b)]
            inner_corner[space] = corner
            inner_edges[space] = (EDGE_BETWEEN[(a, corner)], EDGE_BETWEEN[(b, corner)])
        sides.append(tuple(row))
    return tuple(sides), side_of, inner_corner, inner_edges


SIDE_SPACES, SIDE_POSITION, INNER_CORNER, INNER_EDGES = _build_sides()


def turn_of(d_in: int, d_out: int) -> int:
    """Turn between two steps in 60-degree units: 0 straight, 1 = 60, 2 = 120 (acute), 3 back."""
    delta = (d_out - d_in) % 6
    return min(delta, 6 - delta)


def screen2(point: int) -> tuple:
    """Doubled integer screen coordinates: (2x, y / (sqrt(3)/2)) = (2q + r, r)."""
    q, r = POINTS[point]
    return (2 * q + r, r)


def side_distance(a: int, b: int) -> int:
    """How many sides apart two hexagon sides are (0 same, 1 adjacent, 2, 3 opposite)."""
    d = (a - b) % 6
    return min(d, 6 - d)

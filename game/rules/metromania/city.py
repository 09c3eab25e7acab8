"""The city of one game: the six district pieces laid into the six slots, each rotated.

``random_layout(rng)`` shuffles the pieces into the slots and picks a rotation (0-2, steps of
120 degrees) for each; ``City(layout)`` turns a layout into per-space and per-point tables the
rules read (destination type, lake, park, arrows, destination spaces touching a point).
Layouts are plain tuples ``((piece, rotation), ...)`` per slot, so a state stores only that
and the tables are rebuilt (and cached) from it.
"""

from __future__ import annotations

from .board_data import (BLACK_ARROW_POSITIONS, DISTRICT_PIECES, PIECE_SIDE,
                         WHITE_ARROW_POSITIONS)
from .lattice import (DIRS, POINTS, SIDE_POSITION, SPACE_CORNERS, SPACES, SPACES_AT_POINT,
                      space_of_corners)

LAKE = "L"
PARK = "P"
WHITE = "W"
BLACK = "B"


def local_corners(space: tuple) -> tuple:
    kind, a, b = space
    if kind == "u":
        return ((a, b), (a + 1, b), (a, b + 1))
    return ((a + 1, b), (a, b + 1), (a + 1, b + 1))


def place_local(slot: int, rotation: int, point: tuple) -> tuple:
    """Global (q, r) of a piece's local point when the piece lies in ``slot`` rotated."""
    a, b = point
    for _ in range(rotation % 3):
        a, b = b, PIECE_SIDE - a - b   # 120 degrees about the piece's centre
    d0, d1 = DIRS[slot], DIRS[(slot + 1) % 6]
    return (a * d0[0] + b * d1[0], a * d0[1] + b * d1[1])


def place_space(slot: int, rotation: int, space: tuple) -> int:
    return space_of_corners([place_local(slot, rotation, c) for c in local_corners(space)])


def random_layout(rng) -> tuple:
    pieces = list(range(len(DISTRICT_PIECES)))
    rng.shuffle(pieces)
    return tuple((piece, rng.below(3)) for piece in pieces)


def validate_layout(layout) -> tuple:
    """A canonical layout from plain data, or ValueError with the reason."""
    try:
        pairs = tuple((int(piece), int(rot)) for piece, rot in layout)
    except (TypeError, ValueError):
        raise ValueError("city must list six [piece, rotation] pairs") from None
    if len(pairs) != 6 or sorted(p for p, _ in pairs) != list(range(len(DISTRICT_PIECES))):
        raise ValueError("city must place each of the six pieces (0-5) once")
    if any(rot not in (0, 1, 2) for _, rot in pairs):
        raise ValueError("city rotations must be 0, 1 or 2")
    return pairs


class City:
    """Lookup tables for one layout (immutable, shared through ``city_for``)."""

    def __init__(self, layout: tuple) -> None:
        self.layout = layout
        kind = [""] * len(SPACES)          # "R"/"C"/"E" destination, "L" lake, "P" park
        self.district = [0] * len(SPACES)  # slot of each space
        for slot, (piece_index, rotation) in enumerate(layout):
            piece = DISTRICT_PIECES[piece_index]
            for dest_type, local in sorted(piece["dest"].items()):
                kind[place_space(slot, rotation, local)] = dest_type
            for local in piece.get("lake", ()):
                kind[place_space(slot, rotation, local)] = LAKE
            for local in piece.get("park", ()):
                kind[place_space(slot, rotation, local)] = PARK
        for s, corners in enumerate(SPACE_CORNERS):
            # the slot whose triangle holds the space: the sextant of its centroid
            q3 = sum(POINTS[c][0] for c in corners)
            r3 = sum(POINTS[c][1] for c in corners)
            self.district[s] = _sextant(q3, r3)
        self.kind = tuple(kind)
        self.dest_spaces = tuple(s for s, k in enumerate(kind) if k in ("R", "C", "E"))
        self.lake = tuple(s for s, k in enumerate(kind) if k == LAKE)
        self.park = tuple(s for s, k in enumerate(kind) if k == PARK)
        # destination spaces touching each point: the station score there
        self.point_value = tuple(sum(1 for s in SPACES_AT_POINT[p] if kind[s] in ("R", "C", "E"))
                                 for p in range(len(POINTS)))
        self.lake_points = frozenset(c for s in self.lake for c in SPACE_CORNERS[s])
        self.park_points = frozenset(c for s in self.park for c in SPACE_CORNERS[s])


def _sextant(q3: int, r3: int) -> int:
    """Slot k of a point given 3x its coordinates: the cone between D[k] and D[k+1]."""
    for k in range(6):
        d0, d1 = DIRS[k], DIRS[(k + 1) % 6]
        # solve (q, r) = a*d0 + b*d1 with a, b >= 0 (determinant is 1 for neighbours)
        det = d0[0] * d1[1] - d0[1] * d1[0]
        a = (q3 * d1[1] - r3 * d1[0]) * det
        b = (d0[0] * r3 - d0[1] * q3) * det
        if a >= 0 and b >= 0:
            return k
    return 0


ARROW: tuple = tuple(
    WHITE if SIDE_POSITION.get(s, (0, -1))[1] in WHITE_ARROW_POSITIONS
    else BLACK if SIDE_POSITION.get(s, (0, -1))[1] in BLACK_ARROW_POSITIONS else ""
    for s in range(len(SPACES)))
WHITE_ARROWS: tuple = tuple(s for s, a in enumerate(ARROW) if a == WHITE)
BLACK_ARROWS: tuple = tuple(s for s, a in enumerate(ARROW) if a == BLACK)

_CACHE: dict = {}


def city_for(layout: tuple) -> City:
    city = _CACHE.get(layout)
    if city is None:
        city = _CACHE[layout] = City(layout)
    return city

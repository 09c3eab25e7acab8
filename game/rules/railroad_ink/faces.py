"""The faces that can be drawn on a Railroad Ink sheet, the dice that show them, and the exits.

Side types are small ints so that sheets, legality tables and scoring work on plain tuples.
A face lists its sides N, E, S, W in its canonical orientation and its connection groups: the
sets of sides that are joined inside the cell (the overpass and the river bridges have two
groups that do not meet; every other face is one piece). Tables here are data only.
"""

from __future__ import annotations

NONE, HIGHWAY, RAILWAY, RIVER, LAKE, LAVA = 0, 1, 2, 3, 4, 5
ROUTE_TYPES = (HIGHWAY, RAILWAY)
SIDE_LETTER = {".": NONE, "H": HIGHWAY, "R": RAILWAY, "W": RIVER, "L": LAKE, "V": LAVA}
TYPE_NAME = {NONE: "nothing", HIGHWAY: "highway", RAILWAY: "railway", RIVER: "river",
             LAKE: "lake", LAVA: "lava"}

# kinds: which rule of placement applies and where the face comes from
ROUTE, JUNCTION, SPECIAL = "route", "junction", "special"
RIVER_KIND, LAKE_KIND, LAVA_KIND, VOLCANO_KIND, LAKE_FULL_KIND = (
    "river", "lake", "lava", "volcano", "lake-full")
MUST_CONNECT_KINDS = (ROUTE, JUNCTION, SPECIAL)   # need a matching route side or exit

# id, sides N E S W, kind, groups (None = one piece)
_TABLE = [
    ("road-straight", "H.H.", ROUTE, None),
    ("road-curve", "H..H", ROUTE, None),
    ("road-tee", "HHH.", ROUTE, None),
    ("rail-straight", "R.R.", ROUTE, None),
    ("rail-curve", "R..R", ROUTE, None),
    ("rail-tee", "RRR.", ROUTE, None),
    ("overpass", "HRHR", JUNCTION, ((0, 2), (1, 3))),
    ("station-straight", "H.R.", JUNCTION, None),
    ("station-curve", "HR..", JUNCTION, None),
    ("special-road-3", "HHRH", SPECIAL, None),
    ("special-rail-3", "HRRR", SPECIAL, None),
    ("special-road-cross", "HHHH", SPECIAL, None),
    ("special-rail-cross", "RRRR", SPECIAL, None),
    ("special-station-corner", "HRRH", SPECIAL, None),
    ("special-station-cross", "HRHR", SPECIAL, None),
    ("river-curve", "W..W", RIVER_KIND, None),
    ("river-straight", "W.W.", RIVER_KIND, None),
    ("river-bridge-road", "WHWH", RIVER_KIND, ((0, 2), (1, 3))),
    ("river-bridge-rail", "WRWR", RIVER_KIND, ((0, 2), (1, 3))),
    ("lake-1", "L...", LAKE_KIND, None),
    ("lake-2", "LL..", LAKE_KIND, None),
    ("lake-3", "LL.L", LAKE_KIND, None),
    ("lake-pier-road", "H.L.", LAKE_KIND, None),
    ("lake-pier-rail", "R.L.", LAKE_KIND, None),
    ("lake-pier-both", "HRLL", LAKE_KIND, None),
    ("lake-full", "LLLL", LAKE_FULL_KIND, None),
    ("volcano", "VVVV", VOLCANO_KIND, None),
    ("lava-corner", "VV..", LAVA_KIND, None),
    ("lava-straight", "V.V.", LAVA_KIND, None),
    ("lava-3", "VV.V", LAVA_KIND, None),
    ("lava-road", "H.HV", LAVA_KIND, ((0, 2), (3,))),
    ("lava-rail", "R.RV", LAVA_KIND, ((0, 2), (3,))),
]

FACE_IDS: tuple[str, ...] = tuple(row[0] for row in _TABLE)
FACE_INDEX: dict[str, int] = {face: i for i, face in enumerate(FACE_IDS)}
FACE_SIDES: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(SIDE_LETTER[ch] for ch in row[1]) for row in _TABLE)
FACE_KIND: tuple[str, ...] = tuple(row[2] for row in _TABLE)


def _groups(sides, spec):
    if spec is not None:
        return tuple(tuple(group) for group in spec)
    return (tuple(i for i in range(4) if sides[i] != NONE),)


FACE_GROUPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    _groups(FACE_SIDES[i], row[3]) for i, row in enumerate(_TABLE))

SPECIALS: tuple[str, ...] = tuple(f for f in FACE_IDS if FACE_KIND[FACE_INDEX[f]] == SPECIAL)
MAX_SPECIALS = 3

# dice (six faces each)
ROUTE_DIE = ("road-straight", "road-curve", "road-tee", "rail-straight", "rail-curve", "rail-tee")
JUNCTION_DIE = ("overpass", "overpass", "station-straight", "station-straight",
                "station-curve", "station-curve")
RIVER_DIE = ("river-curve", "river-curve", "river-curve", "river-straight",
             "river-bridge-road", "river-bridge-rail")
LAKE_DIE = ("lake-1", "lake-2", "lake-3", "lake-pier-road", "lake-pier-rail", "lake-pier-both")
LAVA_DIE = ("lava-corner", "lava-corner", "lava-straight", "lava-3", "lava-road", "lava-rail")
METEOR_DIRECTION_DIE = ("N", "E", "S", "W", "any", "any")
METEOR_DISTANCE_DIE = (1, 1, 1, 2, 2, 3)

EXPANSIONS = ("lake", "meteor", "river", "volcano")
EXPANSION_DIE = {"river": RIVER_DIE, "lake": LAKE_DIE, "volcano": LAVA_DIE}
# faces a sheet of each expansion may hold besides the base faces
EXPANSION_FACES = {
    "river": frozenset(RIVER_DIE),
    "lake": frozenset(LAKE_DIE) | {"lake-full"},
    "meteor": frozenset(),
    "volcano": frozenset(LAVA_DIE) | {"volcano"},
}
BASE_FACES = frozenset(ROUTE_DIE) | frozenset(JUNCTION_DIE) | frozenset(SPECIALS)
BASE_ROUNDS, EXPANSION_ROUNDS = 7, 6

# the 12 exits: (cell name, side index N0 E1 S2 W3, type)
EXITS = (
    ("A2", 0, HIGHWAY), ("A4", 0, RAILWAY), ("A6", 0, HIGHWAY),
    ("G2", 2, HIGHWAY), ("G4", 2, RAILWAY), ("G6", 2, HIGHWAY),
    ("B1", 3, RAILWAY), ("D1", 3, HIGHWAY), ("F1", 3, RAILWAY),
    ("B7", 1, RAILWAY), ("D7", 1, HIGHWAY), ("F7", 1, RAILWAY),
)


def exits_score(count: int) -> int:
    """Points of one network touching ``count`` exits (2->4 ... 11->40, 12->45)."""
    if count < 2:
        return 0
    if count >= 12:
        return 45
    return 4 * (count - 1)

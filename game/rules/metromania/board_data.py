"""Every piece of Metromania board data, in one place a faithful board could replace.

The printed board is lost; this is the reconstruction of ``rules/metromania.md``. Nothing else
in the package hard-codes board contents: the lattice (``lattice.py``) and the city builder
(``city.py``) read only these tables.

Coordinates inside a district piece are *local*: a point is (a, b) with a, b >= 0 and
a + b <= 6, meaning ``a * D[k] + b * D[k + 1]`` once the piece lies in slot k (D are the six
lattice directions). A local space is ``("u", a, b)`` = {(a,b), (a+1,b), (a,b+1)} or
``("d", a, b)`` = {(a+1,b), (a,b+1), (a+1,b+1)}.

"Outer row" is read as the row of spaces with an edge on the boundary (the arrow row).
Because a piece may be rotated so that any of its three sides faces the city's boundary, the
destination spaces, the lake and the park have no edge on any side of the piece. (The stricter
reading - not even a corner on a side - leaves 9 spaces per piece, too few for a lake plus
three destinations that never touch.) They may touch a side at a corner, so a boundary point
can touch a destination and destinations of two pieces can touch across a border in some
cities (that is what the same-letter marker rule is about). Within a piece the three
destination spaces never share a corner. ``tests/test_metromania_board.py`` checks all this.
"""

from __future__ import annotations

HEX_SIDE = 6          # the city is a hexagon of side 6 (127 points, 216 spaces)
PIECE_SIDE = 6        # each district is a triangle of side 6 (36 spaces)

# destination types
RESIDENTIAL = "R"
COMMERCIAL = "C"
ENTERTAINMENT = "E"
TYPES = (RESIDENTIAL, COMMERCIAL, ENTERTAINMENT)
TYPE_NAMES = {RESIDENTIAL: "residential", COMMERCIAL: "commercial",
              ENTERTAINMENT: "entertainment"}

# The six district pieces. "dest": type -> local space; "lake"/"park": four local spaces
# forming one triangle of side 2.
DISTRICT_PIECES = (
    {"name": "Lakeside",
     "dest": {"R": ("d", 3, 0), "C": ("d", 0, 3), "E": ("u", 2, 2)},
     "lake": (("d", 1, 0), ("d", 0, 1), ("d", 1, 1), ("u", 1, 1))},
    {"name": "Parkview",
     "dest": {"E": ("d", 0, 0), "R": ("d", 3, 1), "C": ("d", 1, 3)},
     "park": (("u", 1, 1), ("u", 2, 1), ("u", 1, 2), ("d", 1, 1))},
    {"name": "Old Town",
     "dest": {"R": ("u", 1, 1), "C": ("d", 2, 2), "E": ("d", 3, 0)}},
    {"name": "Market",
     "dest": {"C": ("u", 1, 1), "E": ("d", 0, 3), "R": ("d", 2, 1)}},
    {"name": "Harbour",
     "dest": {"E": ("u", 2, 1), "R": ("d", 0, 2), "C": ("d", 4, 0)}},
    {"name": "Hillside",
     "dest": {"R": ("d", 1, 0), "E": ("u", 1, 3), "C": ("u", 3, 1)}},
)

# Arrow spaces: along each of the six sides, the 6 spaces with an edge on the boundary are
# numbered 0-5 clockwise (from corner 6*D[k] towards corner 6*D[k+1]).
WHITE_ARROW_POSITIONS = (1, 3)   # start arrows
BLACK_ARROW_POSITIONS = (2, 4)   # end arrows

# Destination markers: letter -> its two types (the pair of a letter is a test trip).
MARKER_PAIRS = {
    "A": (RESIDENTIAL, COMMERCIAL), "D": (RESIDENTIAL, COMMERCIAL),
    "B": (COMMERCIAL, ENTERTAINMENT), "E": (COMMERCIAL, ENTERTAINMENT),
    "C": (ENTERTAINMENT, RESIDENTIAL), "F": (ENTERTAINMENT, RESIDENTIAL),
}
LETTERS = ("A", "B", "C", "D", "E", "F")

# Two players: the "left column" and the "right column" of the board's test summary.
TWO_PLAYER_HANDS = (
    ("AR", "BC", "CE", "DR", "EC", "FE"),
    ("AC", "BE", "CR", "DC", "EE", "FR"),
)
# Variant No Corruption: fixed hands (letter + type).
NO_CORRUPTION_HANDS = {
    4: (("AR", "BC", "CE"), ("DR", "AC", "EE"), ("FR", "EC", "BE"), ("CR", "DC", "FE")),
    3: (("AR", "DR", "BC", "CE"), ("CR", "AC", "EC", "FE"), ("FR", "DC", "BE", "EE")),
}

LINE_TUNNELS = 18        # tunnels per line
STATION_MARKERS = 30     # shared pool
TUNNELS_PER_DIG = 3

# End of building: lines completed or blocked, per player count.
LINES_TO_END = {2: 3, 3: 4, 4: 5}

# Scoring
TRIP_POINTS = 3
TRIP_MARKER_BONUS = 3
GUILT_PENALTY = 6
PARK_LAKE_POINTS = 5

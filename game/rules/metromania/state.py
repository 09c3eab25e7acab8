"""The mutable state of one Metromania game and its plain-data encoding.

Lines are numbered ``seat * 2 + k`` with k = 0 the solid line ("S") and k = 1 the striped
line ("T"). A line is its path of points, the edges between them and the space of the tunnel
carrying each edge. Board occupancy (``space_line``), which lines touch each point
(``point_lines``), station markers (``stations``: point -> builder) and start/end markers
(``terminals``) are kept alongside so the rules never search.

A LAN table's state (``table`` True, see table.py) also carries the chance steps it waits
for (``chance``), the marker piles being dealt (``decks``: pile -> cards left), the owners'
answers about blocked lines (``attested``) and the seat whose turn end waits on them
(``resume``); each is encoded only when it is not idle, so an idle table state encodes like
``view`` of a local game.
"""

from __future__ import annotations

from .board_data import STATION_MARKERS
from .lattice import POINTS, SPACES

BUILD = "build"
BONUS = "bonus"     # the seat that just completed a line may place its free station
OVER = "over"

LINE_LETTERS = ("S", "T")   # solid, striped


class Line:
    """One line's path. ``points`` and ``spaces`` only ever grow (``lines.lay`` appends): the
    state hash (digest.py) relies on it to compare a line by its lists' identity and length."""

    __slots__ = ("points", "edges", "spaces", "index", "start_side", "end_side", "done",
                 "closed")

    def __init__(self) -> None:
        self.points: list = []       # path of point ids, start first
        self.edges: list = []        # edge ids, edges[i] joins points[i] and points[i+1]
        self.spaces: list = []       # tunnel space ids, one per edge
        self.index: dict = {}        # point id -> position in points
        self.start_side = -1
        self.end_side = -1
        self.done = False            # ended on a black arrow
        self.closed = False          # free station taken or refused: no more intermediates

    @property
    def started(self) -> bool:
        return bool(self.points)

    def copy(self) -> "Line":
        # written out field by field (not ``copy_fields``): the bots' searches copy lines
        # hundreds of thousands of times a decision
        other = Line.__new__(Line)
        other.points = self.points[:]
        other.edges = self.edges[:]
        other.spaces = self.spaces[:]
        other.index = dict(self.index)
        other.start_side = self.start_side
        other.end_side = self.end_side
        other.done = self.done
        other.closed = self.closed
        return other

    def encode(self) -> list:
        return [self.points, self.spaces, self.start_side, self.end_side, self.done, self.closed]


class State:
    __slots__ = ("config", "players", "variants", "layout", "rng", "lines", "space_line",
                 "point_lines", "stations", "terminals", "hands", "placed", "station_points",
                 "turn", "phase", "pending", "end_by", "last_turns", "moves_played", "passes",
                 "city", "table", "chance", "decks", "attested", "resume", "digest_memo",
                 "public_memo")

    def __init__(self) -> None:
        self.config: dict = {}
        self.players = 0
        self.variants: tuple = ()
        self.layout: tuple = ()
        self.rng = None
        self.lines: list = []
        self.space_line: list = [-1] * len(SPACES)
        self.point_lines: list = [()] * len(POINTS)
        self.stations: dict = {}       # point -> seat that built the station marker
        self.terminals: dict = {}      # point -> number of start/end markers there
        self.hands: list = []          # per seat: sorted unplaced marker keys ("AR" = A, res.)
        self.placed: dict = {}         # space -> (marker key, seat)
        self.station_points: list = []
        self.turn = 0
        self.phase = BUILD
        self.pending: list = []        # lines waiting for their owner's free-station decision
        self.end_by = -1               # seat whose turn triggered the end of building
        self.last_turns = 0            # turns still to play after the trigger
        self.moves_played = 0
        self.passes = 0
        self.city = None               # city.City tables of ``layout`` (derived, not encoded)
        self.table = False             # a LAN table's partial-information state (not encoded)
        self.chance: list = []         # pending chance steps (ChanceRequest.to_plain())
        self.decks: dict = {}          # marker pile -> cards left while the deal runs
        self.attested: dict = {}       # line id -> 1 blocked / 0 not, said by its owner
        self.resume = -1               # seat whose end of turn waits on ``attested``
        # what the last hash of this state (of its public view) wrote, field by field
        # (digest.py); immutable, so a copy starts from its original's. Not part of the
        # state's value: a field's bytes are reused only while it equals the copy kept of it.
        self.digest_memo = None
        self.public_memo = None

    def clone(self) -> "State":
        # written out field by field, as ``Line.copy``; a test checks every slot is copied
        other = State.__new__(State)
        other.config = self.config
        other.players = self.players
        other.variants = self.variants
        other.layout = self.layout
        other.turn = self.turn
        other.phase = self.phase
        other.end_by = self.end_by
        other.last_turns = self.last_turns
        other.moves_played = self.moves_played
        other.passes = self.passes
        other.city = self.city
        other.table = self.table
        other.resume = self.resume
        other.digest_memo = self.digest_memo
        other.public_memo = self.public_memo
        other.space_line = self.space_line[:]
        other.point_lines = self.point_lines[:]
        other.station_points = self.station_points[:]
        other.pending = self.pending[:]
        other.stations = dict(self.stations)
        other.terminals = dict(self.terminals)
        other.placed = dict(self.placed)
        other.decks = dict(self.decks)
        other.attested = dict(self.attested)
        other.rng = self.rng.copy() if self.rng is not None else None
        other.lines = [line.copy() for line in self.lines]
        other.hands = [hand[:] for hand in self.hands]
        other.chance = [dict(step) for step in self.chance]
        return other

    def __deepcopy__(self, memo) -> "State":
        return self.clone()

    def line(self, seat: int, k: int) -> Line:
        return self.lines[seat * 2 + k]

    def stations_left(self) -> int:
        return STATION_MARKERS - len(self.stations)

    def encode(self) -> dict:
        plain = {
            "config": self.config,
            "layout": [list(pair) for pair in self.layout],
            "rng": self.rng,
            "lines": [line.encode() for line in self.lines],
            "stations": sorted([p, s] for p, s in self.stations.items()),
            "terminals": sorted([p, n] for p, n in self.terminals.items()),
            "hands": [list(hand) for hand in self.hands],
            "placed": sorted([s, key, seat] for s, (key, seat) in self.placed.items()),
            "station_points": list(self.station_points),
            "turn": self.turn,
            "phase": self.phase,
            "pending": list(self.pending),
            "end_by": self.end_by,
            "last_turns": self.last_turns,
            "moves_played": self.moves_played,
            "passes": self.passes,
        }
        if self.chance:
            plain["chance"] = [dict(step) for step in self.chance]
        if self.decks:
            plain["decks"] = dict(self.decks)
        if self.attested:
            plain["attested"] = sorted([line, bit] for line, bit in self.attested.items())
        if self.resume >= 0:
            plain["resume"] = self.resume
        return plain

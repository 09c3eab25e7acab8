"""Route networks kept up to date as faces are drawn (for searches that try many drawings).

``scoring.exit_networks`` and ``scoring.route_ends`` rebuild everything from the sheet; a search
that draws one face at a time only changes one cell and the four sides facing it. ``Networks``
holds what those two functions compute and updates it for one drawn face in a few steps:

* a union-find over the side nodes (``cell * 4 + side``) with, per root, the number of exits the
  network touches; running totals of the exit points (networks with at least 2 exits) and of the
  networks that touch exactly one exit;
* the route ends: highway/railway sides facing an empty cell (open), a side that does not match
  (mismatched) or a crater;
* the drawn centre cells.

Undo is by restoring: ``copy()`` before a drawing keeps the old state (two short list copies).
Only drawing on an empty cell or a crater is incremental; anything else (erasing a cell, a new
crater) is rebuilt with ``Networks.of(sheet)``. The answers are those of the scoring module, which
``tests/test_ink_networks.py`` checks over random playouts of every expansion.
"""

from __future__ import annotations

from ..copying import copy_fields
from .faces import EXITS, HIGHWAY, LAKE, RAILWAY, exits_score
from .orientation import ORIENTED_GROUPS
from .scoring import (CRATER_END, MISMATCHED_END, OPEN_END, end_kind, find_root,
                      route_sides)
from .sheet import CELL_INDEX, CELLS, CENTRE_CELLS, CRATER, EMPTY, NEIGHBOUR, OPPOSITE

NODES = CELLS * 4
_JOINING = (HIGHWAY, RAILWAY, LAKE)
_CENTRE = frozenset(CENTRE_CELLS)
# per cell: ((side, exit kind), ...) of the exits on its border
_CELL_EXITS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((side, kind) for name, side, kind in EXITS if CELL_INDEX[name] == cell)
    for cell in range(CELLS))
# exits_score for 0..12 exits, 0 below 2
_POINTS = tuple(exits_score(n) if n > 1 else 0 for n in range(len(EXITS) + 1))
# the running counts ``copy`` takes as they are (the two lists are copied)
_COUNTS = ("exit_points", "lone_exits", "open_ends", "mismatched", "crater_ends", "centre")


def _links_of(code: int) -> tuple[tuple[int, int], ...]:
    pairs = []
    for group in ORIENTED_GROUPS[code >> 3][code & 7]:
        for side in group[1:]:
            pairs.append((group[0], side))
    return tuple(pairs)


_LINKS: dict[int, tuple[tuple[int, int], ...]] = {}


class Networks:
    """Exit networks, route ends and centre of one sheet (see the module docstring)."""

    __slots__ = ("parent", "exits", "exit_points", "lone_exits", "open_ends", "mismatched",
                 "crater_ends", "centre")

    def __init__(self) -> None:
        self.parent = list(range(NODES))
        self.exits = [0] * NODES
        self.exit_points = 0
        self.lone_exits = 0
        self.open_ends = 0
        self.mismatched = 0
        self.crater_ends = 0
        self.centre = 0

    @classmethod
    def of(cls, sheet) -> "Networks":
        """Built from scratch: every drawn cell joined in, then the route ends counted."""
        nets = cls()
        cells, sides = sheet.cells, sheet.sides
        for cell in range(CELLS):
            if cells[cell] >= 0:
                nets._join_cell(cells, sides, cell, only_earlier=True)
                if cell in _CENTRE:
                    nets.centre += 1
        for cell, s, t in route_sides(sheet):
            nets._count_end(cells, sides, cell, s, t, 1)
        return nets

    def copy(self) -> "Networks":
        return copy_fields(self, _COUNTS, ("parent", "exits"))

    # -- queries ---------------------------------------------------------------------------
    def exit_counts(self) -> list[int]:
        """Exits touched by each network touching at least one, largest first (what
        ``scoring.exit_networks`` returns)."""
        parent, exits = self.parent, self.exits
        return sorted((exits[node] for node in range(NODES)
                       if parent[node] == node and exits[node]), reverse=True)

    def ends(self) -> tuple[int, int, int]:
        """(open, mismatched, crater) route ends, as ``scoring.route_ends``."""
        return self.open_ends, self.mismatched, self.crater_ends

    def network_of(self, node: int) -> int:
        return self._find(node)

    # -- changes ---------------------------------------------------------------------------
    def add(self, sheet, cell: int, before: int = EMPTY) -> None:
        """Account for the face just drawn in ``cell`` (the sheet already shows it); ``before``
        is what the cell held: ``EMPTY`` or ``CRATER``."""
        cells, sides = sheet.cells, sheet.sides
        if cell in _CENTRE:
            self.centre += 1
        self._join_cell(cells, sides, cell, only_earlier=False)
        base = cell * 4
        neighbours = NEIGHBOUR[cell]
        for s in range(4):
            t = sides[base + s]
            if t == HIGHWAY or t == RAILWAY:
                self._count_end(cells, sides, cell, s, t, 1)
            n = neighbours[s]
            if n < 0 or cells[n] < 0:
                continue
            # the neighbour's side facing this cell was an open (or crater) end if it is a route
            facing = sides[n * 4 + OPPOSITE[s]]
            if facing != HIGHWAY and facing != RAILWAY:
                continue
            if before == CRATER:
                self.crater_ends -= 1
            else:
                self.open_ends -= 1
            if t != facing and t != LAKE:
                self.mismatched += 1

    # -- inside ----------------------------------------------------------------------------
    def _find(self, x: int) -> int:
        return find_root(self.parent, x)

    def _union(self, a: int, b: int) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return
        exits = self.exits
        ca, cb = exits[ra], exits[rb]
        self.parent[ra] = rb
        if ca or cb:
            both = ca + cb
            exits[rb] = both
            exits[ra] = 0
            self.exit_points += _POINTS[both] - _POINTS[ca] - _POINTS[cb]
            self.lone_exits += (both == 1) - (ca == 1) - (cb == 1)

    def _join_cell(self, cells, sides, cell: int, only_earlier: bool) -> None:
        """Join the cell's own groups, its exits, and its matching neighbours (all of them, or
        with ``only_earlier`` those numbered below it: a from-scratch build meets every pair
        once)."""
        code = cells[cell]
        links = _LINKS.get(code)
        if links is None:
            links = _LINKS[code] = _links_of(code)
        base = cell * 4
        for a, b in links:
            self._union(base + a, base + b)
        for side, kind in _CELL_EXITS[cell]:
            if sides[base + side] == kind:
                root = self._find(base + side)
                count = self.exits[root]
                self.exits[root] = count + 1
                self.exit_points += _POINTS[count + 1] - _POINTS[count]
                self.lone_exits += (count == 0) - (count == 1)
        neighbours = NEIGHBOUR[cell]
        for s in range(4):
            n = neighbours[s]
            if n < 0 or (only_earlier and n > cell) or cells[n] < 0:
                continue
            t = sides[base + s]
            if t in _JOINING and sides[n * 4 + OPPOSITE[s]] == t:
                self._union(base + s, n * 4 + OPPOSITE[s])

    def _count_end(self, cells, sides, cell: int, s: int, t: int, step: int) -> None:
        """Count the route side ``s`` (type ``t``) of ``cell`` against what it faces now."""
        kind = end_kind(cells, sides, cell, s, t)
        if kind == OPEN_END:
            self.open_ends += step
        elif kind == MISMATCHED_END:
            self.mismatched += step
        elif kind == CRATER_END:
            self.crater_ends += step

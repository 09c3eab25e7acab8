"""How close a Railroad Ink sheet's open route ends are to the exits it has not reached yet.

Exits are most of a sheet's score (4 points for every exit a network joins beyond its first),
and a search that only counts exits already joined cannot tell a network that grows towards a
free exit from one that grows into a corner. ``exit_reach`` measures, for every exit still free
(its border cell empty), how many drawings the nearest open route end needs to reach it: a
breadth-first search over the empty cells, done on bit masks (one bit per cell, 7 per row) so
that it costs a few dozen integer operations per sheet.
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import EXITS, HIGHWAY, RAILWAY
from game.rules.railroad_ink.networks import Networks
from game.rules.railroad_ink.sheet import CELL_INDEX, CELLS, EMPTY, NEIGHBOUR, SIZE

_ALL = (1 << CELLS) - 1
_NOT_FIRST_COLUMN = sum(1 << c for c in range(CELLS) if c % SIZE)
_NOT_LAST_COLUMN = sum(1 << c for c in range(CELLS) if c % SIZE != SIZE - 1)
# (cell bit, cell, side node, exit type) of every exit
_EXIT_CELLS = tuple((1 << CELL_INDEX[name], CELL_INDEX[name], CELL_INDEX[name] * 4 + side, kind)
                    for name, side, kind in EXITS)
MAX_REACH = 4
_EXIT_MASK = sum(bit for bit, _, _, _ in _EXIT_CELLS)


def _grow(mask: int) -> int:
    return (((mask << SIZE) | (mask >> SIZE) | ((mask & _NOT_LAST_COLUMN) << 1)
             | ((mask & _NOT_FIRST_COLUMN) >> 1)) & _ALL)


def _faced_cells(cells, sides, cell: int) -> int:
    """Bits of the empty cells that ``cell``'s route sides face."""
    out = 0
    base = cell * 4
    neighbours = NEIGHBOUR[cell]
    for s in range(4):
        t = sides[base + s]
        if t == HIGHWAY or t == RAILWAY:
            n = neighbours[s]
            if n >= 0 and cells[n] < 0:
                out |= 1 << n
    return out


def empty_and_faced(sheet) -> tuple[int, int]:
    """(bits of the empty cells, bits of the empty cells an open route end faces)."""
    cells, sides = sheet.cells, sheet.sides
    empty = faced = 0
    for cell in range(CELLS):
        if cells[cell] < 0:
            empty |= 1 << cell
        else:
            faced |= _faced_cells(cells, sides, cell)
    return empty, faced


class ReachNetworks(Networks):
    """``Networks`` that also keep the two masks of ``empty_and_faced`` up to date as faces
    are drawn (a drawn cell leaves both; the empty cells its route sides face join ``faced``)."""

    __slots__ = ("empty", "faced")

    @classmethod
    def of(cls, sheet) -> "ReachNetworks":
        nets = super().of(sheet)
        nets.empty, nets.faced = empty_and_faced(sheet)
        return nets

    def copy(self) -> "ReachNetworks":
        other = ReachNetworks.__new__(ReachNetworks)
        other.parent = self.parent[:]
        other.exits = self.exits[:]
        other.exit_points = self.exit_points
        other.lone_exits = self.lone_exits
        other.open_ends = self.open_ends
        other.mismatched = self.mismatched
        other.crater_ends = self.crater_ends
        other.centre = self.centre
        other.empty = self.empty
        other.faced = self.faced
        return other

    def add(self, sheet, cell: int, before: int = EMPTY) -> None:
        super().add(sheet, cell, before)
        bit = 1 << cell
        self.empty &= ~bit
        self.faced = (self.faced | _faced_cells(sheet.cells, sheet.sides, cell)) & ~bit


def exit_reach(sheet, nets: ReachNetworks | None = None) -> list[int]:
    """For every free exit (border cell still empty, so not touched), the drawings the nearest
    open route end needs to reach its cell (1: an open end faces the cell), counted up to
    ``MAX_REACH``; farther exits are left out. Ascending. ``nets``: the sheet's masks if kept
    up to date (else computed here)."""
    out: list[int] = []
    for distance, count in enumerate(_reach_counts(sheet, nets), start=1):
        out += [distance] * count
    return out


def reach_value(sheet, weights: tuple[int, ...], nets: ReachNetworks | None = None) -> int:
    """Sum of ``weights[distance - 1]`` over the free exits within reach (see ``exit_reach``)."""
    return sum(w * c for w, c in zip(weights, _reach_counts(sheet, nets)))


def _reach_counts(sheet, nets: ReachNetworks | None) -> list[int]:
    """How many free exits are at distance 1, 2, ... ``MAX_REACH``: a breadth-first search
    from all open ends at once, one mask operation per step."""
    if nets is not None:
        empty, reached = nets.empty, nets.faced
    else:
        empty, reached = empty_and_faced(sheet)
    free = empty & _EXIT_MASK
    counts = []
    while len(counts) < MAX_REACH:
        hits = reached & free
        counts.append(hits.bit_count())
        free &= ~hits
        if not free:
            break
        grown = (_grow(reached) & empty) | reached
        if grown == reached:
            break
        reached = grown
    return counts

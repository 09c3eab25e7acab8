"""Which open route ends of a Railroad Ink sheet the dice can still close cleanly.

An open route end is an error at the end of the game unless a later drawing meets it. Not every
open end is alike: one that faces a border cell, or a cell another open end also faces, can be
closed by a single die face that leaves no new open end (a curve turned to the border, a
straight or curve joining the two ends); one that faces an empty cell in the middle of the
sheet can only be extended, and every extension leaves a new open end. ``hard_ends`` counts,
for every empty cell that open ends face, those ends weighted by how unlikely the dice are to
close them all at once: the share of rolls (3 route dice and the junction die) with no face
that fits the cell, meets every route end facing it and adds neither an open end (a route
towards another empty cell) nor a mismatch (a route against a drawn blank side). The planner
may charge that count, on top of the plain open-end weight, in the rounds before the last (the
last round is scored exactly), to keep its loose ends where they can still be tied off.

Opt-in (``Weights.hard_end``, off by default): measured on hard, solo, seeds 1000-1099, paired
with the same seeds, ``hard_end=(0, 50, 25, 10, 0, ...)`` gave 49.82 against 50.44 (-0.6 +- 0.9):
no gain, since it also holds back routes that grow through the middle towards exits.
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import (FACE_INDEX, HIGHWAY, JUNCTION_DIE, NONE, RAILWAY,
                                           ROUTE_DIE)
from game.rules.railroad_ink.orientation import ORIENTED_SIDES
from game.rules.railroad_ink.sheet import CELLS, NEIGHBOUR, OPPOSITE, fitting_orientations

# a free side of the cell: towards the outer border (an exit or not)
_BORDER = 8
_ROUTE_FACES = tuple(FACE_INDEX[face] for face in ROUTE_DIE)
_JUNCTION_FACES = tuple(FACE_INDEX[face] for face in JUNCTION_DIE)
# the share of rolls (x1000) with no clean closing face, by the cell's pattern (see _pattern)
_MISS: dict[int, int] = {}
SCALE = 1000


def _closes_cleanly(face: int, pattern: tuple[int, ...], facing_code: int) -> bool:
    """Some legal orientation of ``face`` meets every route end of ``pattern`` with its own
    type and puts routes nowhere else but towards the border."""
    for o in fitting_orientations(face, facing_code):
        sides = ORIENTED_SIDES[face][o]
        for s in range(4):
            want, mine = pattern[s], sides[s]
            if want == HIGHWAY or want == RAILWAY:
                if mine != want:
                    break
            elif want != _BORDER and mine != NONE:
                break
        else:
            return True
    return False


def _miss_share(pattern: tuple[int, ...], facing_code: int) -> int:
    """Per mille of rolls with no die face closing the cell cleanly."""
    route_hits = sum(_closes_cleanly(f, pattern, facing_code) for f in _ROUTE_FACES)
    junction_hits = sum(_closes_cleanly(f, pattern, facing_code) for f in _JUNCTION_FACES)
    routes, junctions = len(_ROUTE_FACES), len(_JUNCTION_FACES)
    return (SCALE * (routes - route_hits) ** 3 * (junctions - junction_hits)
            // (routes ** 3 * junctions))


def hard_ends(sheet, faced: int) -> int:
    """Sum over the empty cells open ends face (bits of ``faced``) of (ends facing the cell) x
    (per mille share of rolls that cannot close them all cleanly)."""
    cells, sides = sheet.cells, sheet.sides
    total = 0
    while faced:
        low = faced & -faced
        cell = low.bit_length() - 1
        faced ^= low
        if cell >= CELLS:
            break
        neighbours = NEIGHBOUR[cell]
        key = cell << 16
        ends = 0
        for s in range(4):
            n = neighbours[s]
            if n < 0:
                code = _BORDER
            elif cells[n] < 0:
                code = 0            # empty: a route there would be a new open end
            else:
                t = sides[n * 4 + OPPOSITE[s]]
                if t == HIGHWAY or t == RAILWAY:
                    code = t
                    ends += 1
                else:
                    code = 3        # a drawn side without a route: a route there mismatches
            key |= code << (4 * s)
        if not ends:
            continue
        miss = _MISS.get(key)
        if miss is None:
            pattern = tuple((key >> (4 * s)) & 15 for s in range(4))
            facing_code = sheet.facing_code(cell)
            miss = _MISS[key] = _miss_share(pattern, facing_code)
        total += ends * miss
    return total


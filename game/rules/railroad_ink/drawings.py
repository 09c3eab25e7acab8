"""Every legal drawing of a sheet as ``Draw`` moves, listed fast.

Railroad Ink's legal list is the longest of our games (over 700 drawings in a Lake game's
first round: six dice and six specials on an empty sheet), and bots and the client list it
every turn. Whether a face may be drawn in a cell depends only on the face and the cell's
*facing code* (what its four neighbouring sides show, see ``sheet.py``), so:

* the facing codes of all free cells are computed together in a few C-level passes over the
  sheet's side list (``free_cells``), not cell by cell in Python;
* the legal orientations of a face at every code are one look-up in ``sheet.FIT``, and every
  ``Draw(face, cell, o)`` there is (5,292 of them) is made once at import (``DRAWS``): a
  face's moves are its fitting cells' rows of ``DRAWS`` filtered by those orientations, in a
  few C-level passes. Both tables are constant data built at import (a few ms, under 2 MB), not
  memos: no list makes moves of its own, and a list costs the same whatever came before it
  (but for the interpreter's own first run of this code in a process).

Volcano faces depend on lava in the neighbouring cells instead and take ``Sheet.legal_cells``
(their moves from ``DRAWS`` too).
The order is the rules' order: faces as given, cells ascending, orientations ascending.
"""

from __future__ import annotations

from itertools import chain, compress, repeat
from operator import gt, lshift, or_

from .faces import FACE_IDS, FACE_INDEX, FACE_KIND, VOLCANO_KIND
from .moves import draws
from .orientation import DISTINCT_O
from .sheet import BORDER_FACING, CELLS, FIT, NEIGHBOUR, OPPOSITE


def draw_rows() -> tuple[tuple[tuple, ...], ...]:
    """``DRAWS[face][cell][o]``: the move ``Draw(face, cell, o)`` for each distinct orientation
    ``o`` of the face (None at the others, which no fit mask holds)."""
    faces = []
    for index, face in enumerate(FACE_IDS):
        distinct = DISTINCT_O[index]
        rows = []
        for cell in range(CELLS):
            row = [None] * 8
            for o, move in zip(distinct, draws(face, cell, distinct)):
                row[o] = move
            rows.append(tuple(row))
        faces.append(tuple(rows))
    return tuple(faces)


DRAWS = draw_rows()
# a fit mask -> its 8 bits as 0/1, orientation 0 first (what ``compress`` filters a row with)
_MASK_BITS = tuple(tuple(mask >> o & 1 for o in range(8)) for mask in range(256))


def _facing_indices() -> tuple[tuple[int, ...], ...]:
    """Per side s, per cell: where the value facing that side is read from in
    ``sheet.sides + _BORDER_SIDES`` (a neighbour's opposite side, or the border's value)."""
    per_side = []
    for s in range(4):
        per_side.append(tuple(
            NEIGHBOUR[cell][s] * 4 + OPPOSITE[s] if NEIGHBOUR[cell][s] >= 0
            else CELLS * 4 + cell * 4 + s
            for cell in range(CELLS)))
    return tuple(per_side)


_FACING_AT = _facing_indices()
_BORDER_SIDES = [BORDER_FACING[cell][s] for cell in range(CELLS) for s in range(4)]
_ZEROS = (0,) * CELLS
_CELL_NUMBERS = range(CELLS)


def free_cells(sheet) -> tuple[list[int], list[int]]:
    """The free cells (empty or a crater), ascending, and each one's facing code: equal to
    ``[sheet.facing_code(cell) for each]``."""
    values = sheet.sides + _BORDER_SIDES
    north, east, south, west = (map(values.__getitem__, at) for at in _FACING_AT)
    codes = map(or_, map(or_, north, map(lshift, east, repeat(3))),
                map(or_, map(lshift, south, repeat(6)), map(lshift, west, repeat(9))))
    free = list(map(gt, _ZEROS, sheet.cells))
    return list(compress(_CELL_NUMBERS, free)), list(compress(codes, free))


def clear_memos() -> None:
    """Forget every memo the legal list uses, for a bench's first-list figure. There is none
    now (``FIT`` and ``DRAWS`` are constant, built at import); a memo added to the legal list
    later must be cleared here."""


def drawings(sheet, faces) -> list:
    """Every legal ``Draw`` of ``faces`` (face ids, in that order) on ``sheet``."""
    out: list = []
    cells = None
    for face in faces:
        index = FACE_INDEX[face]
        if FACE_KIND[index] == VOLCANO_KIND:
            rows = DRAWS[index]
            out.extend(rows[cell][o] for cell, orientations in sheet.legal_cells(index)
                       for o in orientations)
            continue
        if cells is None:
            cells, codes = free_cells(sheet)
        fits = list(map(FIT[index].__getitem__, codes))
        # the cells where some orientation fits, each one's row of moves kept where it fits
        rows = map(DRAWS[index].__getitem__, compress(cells, fits))
        out.extend(chain.from_iterable(map(compress, rows,
                                           map(_MASK_BITS.__getitem__, compress(fits, fits)))))
    return out

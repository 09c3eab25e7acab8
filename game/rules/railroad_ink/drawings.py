"""Every legal drawing of a sheet as ``Draw`` moves, listed fast.

Railroad Ink's legal list is the longest of our games (over 700 drawings in a Lake game's
first round: six dice and six specials on an empty sheet), and bots and the client list it
every turn. Whether a face may be drawn in a cell depends only on the face and the cell's
*facing code* (what its four neighbouring sides show, see ``sheet.py``), so:

* the facing codes of all free cells are computed together in a few C-level passes over the
  sheet's side list (``cell_keys``), not cell by cell in Python;
* the ``Draw`` moves of a (face, cell, facing code) are made once and kept in one table per
  face, and the moves of a face are picked for every free cell in one C-level pass.

Volcano faces depend on lava in the neighbouring cells instead and take ``Sheet.legal_cells``.
The order is the rules' order: faces as given, cells ascending, orientations ascending.
"""

from __future__ import annotations

from itertools import chain, compress, repeat
from operator import gt, lshift, or_

from .faces import FACE_INDEX, FACE_KIND, VOLCANO_KIND
from .moves import Draw, draws
from .sheet import BORDER_FACING, CELLS, NEIGHBOUR, OPPOSITE, clear_fit_memo, \
    fitting_orientations

# (cell, facing) keys kept per face: 750 random games of every expansion reach ~2,000 per face
# (13 MB in all); a full table starts again, so a long-running bot stays within ~40 MB
_TABLE_LIMIT = 6_000


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
_CELL_BITS = tuple(cell << 12 for cell in range(CELLS))
_ZEROS = (0,) * CELLS


def cell_keys(sheet) -> list[int]:
    """``cell << 12 | facing code`` of every free cell (empty or crater), ascending: equal to
    ``[cell << 12 | sheet.facing_code(cell) for free cells]``."""
    values = sheet.sides + _BORDER_SIDES
    north, east, south, west = (map(values.__getitem__, at) for at in _FACING_AT)
    codes = map(or_, map(or_, north, map(lshift, east, repeat(3))),
                map(or_, map(lshift, south, repeat(6)), map(lshift, west, repeat(9))))
    keys = map(or_, _CELL_BITS, codes)
    return list(compress(keys, map(gt, _ZEROS, sheet.cells)))


class _FaceDrawings(dict):
    """cell key -> the tuple of ``Draw`` moves of one face there, made on first use."""

    __slots__ = ("face", "index")

    def __init__(self, face: str) -> None:
        super().__init__()
        self.face, self.index = face, FACE_INDEX[face]

    def __missing__(self, key: int) -> tuple:
        orientations = fitting_orientations(self.index, key & 0xFFF)
        found = draws(self.face, key >> 12, orientations) if orientations else ()
        if len(self) >= _TABLE_LIMIT:
            self.clear()
        self[key] = found
        return found

    def fill(self, keys) -> None:
        """Make the moves of every key at once (a face's first list: each of its cells is
        new), in one loop instead of a ``__missing__`` call per cell."""
        index, face = self.index, self.face
        for key in keys:
            orientations = fitting_orientations(index, key & 0xFFF)
            self[key] = draws(face, key >> 12, orientations) if orientations else ()


_TABLES: dict[str, _FaceDrawings] = {}


def clear_memos() -> None:
    """Forget every memo the legal list uses (what the first moves of a process see)."""
    _TABLES.clear()
    clear_fit_memo()


def drawings(sheet, faces) -> list:
    """Every legal ``Draw`` of ``faces`` (face ids, in that order) on ``sheet``."""
    out: list = []
    keys = None
    for face in faces:
        index = FACE_INDEX[face]
        if FACE_KIND[index] == VOLCANO_KIND:
            out.extend(Draw(face, cell, o) for cell, orientations in sheet.legal_cells(index)
                       for o in orientations)
            continue
        if keys is None:
            keys = cell_keys(sheet)
        table = _TABLES.get(face)
        if table is None:
            table = _TABLES[face] = _FaceDrawings(face)
            table.fill(keys)
        out.extend(chain.from_iterable(map(table.__getitem__, keys)))
    return out

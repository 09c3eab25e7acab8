"""One player's 7×7 sheet: geometry, what each cell holds, and the sheet-level drawing rules.

Cells are numbered 0–48 row by row (A1 = 0, A2 = 1, ..., G7 = 48). A cell holds ``EMPTY``,
``CRATER`` (meteor expansion) or a face code ``face_index * 8 + o`` with ``o`` the canonical
orientation. ``sides`` caches the 4 side types of every cell (flat, ``cell * 4 + side``) so that
legality and scoring read plain ints.

The legality of a face in a cell depends only on the face, its orientation and what the four
neighbouring sides show (the *facing* of the cell, one small int per side: a neighbour's side
type, an exit's type, or ``BORDER``), a 12-bit *facing code*. ``FIT[face][code]`` holds the
legal orientations for every face and code, built at import from the rules' side tables in
about a millisecond (constant data, not a memo): listing every legal placement is one look-up
per cell.

Sheet rules: a free cell (empty or a crater); highway never against railway (neighbour side or
exit); river never against highway/railway (exits included); route, junction and special faces
must meet a matching route side or exit; lava faces must put a lava side against lava; a new
volcano must have no lava in a neighbouring cell. Lake and lava sides may face anything else.
"""

from __future__ import annotations

from .faces import (EXITS, FACE_INDEX, FACE_KIND, HIGHWAY, LAVA, LAVA_KIND,
                    MUST_CONNECT_KINDS, NONE, RAILWAY, RIVER, SPECIALS, TYPE_NAME, VOLCANO_KIND)
from .orientation import CANONICAL_O, DISTINCT_O, ORIENTED_SIDES

SIZE = 7
CELLS = SIZE * SIZE
EMPTY, CRATER = -1, -2
BORDER = 6            # facing value: the outer border without an exit
ROWS = "ABCDEFG"
SIDE_NAMES = "NESW"
OPPOSITE = (2, 3, 0, 1)
CENTRE_CELLS = tuple(r * SIZE + c for r in range(2, 5) for c in range(2, 5))
D4 = 3 * SIZE + 3

CELL_NAMES: tuple[str, ...] = tuple(f"{ROWS[c // SIZE]}{c % SIZE + 1}" for c in range(CELLS))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}


def _neighbours():
    out = []
    for cell in range(CELLS):
        row, col = divmod(cell, SIZE)
        out.append((
            cell - SIZE if row > 0 else -1,
            cell + 1 if col < SIZE - 1 else -1,
            cell + SIZE if row < SIZE - 1 else -1,
            cell - 1 if col > 0 else -1,
        ))
    return tuple(out)


NEIGHBOUR: tuple[tuple[int, int, int, int], ...] = _neighbours()


def _exit_types():
    table = [[NONE] * 4 for _ in range(CELLS)]
    for name, side, kind in EXITS:
        table[CELL_INDEX[name]][side] = kind
    return tuple(tuple(row) for row in table)


EXIT_TYPE: tuple[tuple[int, int, int, int], ...] = _exit_types()
# what a border side shows to a face: the exit type, or BORDER
BORDER_FACING = tuple(tuple(EXIT_TYPE[c][s] or BORDER for s in range(4)) for c in range(CELLS))


class Sheet:
    """Cells, the cached side types, specials used (in order) and the meteor dot."""

    __slots__ = ("cells", "sides", "specials", "dot")

    def __init__(self) -> None:
        self.cells = [EMPTY] * CELLS
        self.sides = [NONE] * (CELLS * 4)
        self.specials: list[str] = []
        self.dot = -1

    def copy(self) -> "Sheet":
        other = Sheet.__new__(Sheet)
        other.cells = self.cells[:]
        other.sides = self.sides[:]
        other.specials = self.specials[:]
        other.dot = self.dot
        return other

    # -- changes ---------------------------------------------------------------------------
    def put(self, cell: int, face_index: int, o: int) -> None:
        o = CANONICAL_O[face_index][o]
        self.cells[cell] = face_index * 8 + o
        self.sides[cell * 4:cell * 4 + 4] = ORIENTED_SIDES[face_index][o]

    def clear(self, cell: int, crater: bool = False) -> None:
        self.cells[cell] = CRATER if crater else EMPTY
        self.sides[cell * 4:cell * 4 + 4] = (NONE, NONE, NONE, NONE)

    # -- queries ---------------------------------------------------------------------------
    def facing(self, cell: int) -> tuple[int, int, int, int]:
        sides = self.sides
        out = []
        for s, n in enumerate(NEIGHBOUR[cell]):
            out.append(BORDER_FACING[cell][s] if n < 0 else sides[n * 4 + OPPOSITE[s]])
        return tuple(out)

    def facing_code(self, cell: int) -> int:
        sides = self.sides
        n0, n1, n2, n3 = NEIGHBOUR[cell]
        border = BORDER_FACING[cell]
        return ((border[0] if n0 < 0 else sides[n0 * 4 + 2])
                | (border[1] if n1 < 0 else sides[n1 * 4 + 3]) << 3
                | (border[2] if n2 < 0 else sides[n2 * 4]) << 6
                | (border[3] if n3 < 0 else sides[n3 * 4 + 1]) << 9)

    def adjacent_to_lava(self, cell: int) -> bool:
        """A neighbouring cell holds lava (on any side)."""
        sides = self.sides
        for n in NEIGHBOUR[cell]:
            if n >= 0 and LAVA in sides[n * 4:n * 4 + 4]:
                return True
        return False

    def legal_orientations(self, face_index: int, cell: int) -> tuple[int, ...]:
        """Canonical orientations in which the face may be drawn in ``cell`` (sheet rules)."""
        if self.cells[cell] >= 0:
            return ()
        if FACE_KIND[face_index] == VOLCANO_KIND:
            return () if self.adjacent_to_lava(cell) else (0,)
        return fitting_orientations(face_index, self.facing_code(cell))

    def legal_cells(self, face_index: int) -> list[tuple[int, tuple[int, ...]]]:
        """Every (cell, orientations) where the face may be drawn, cells ascending."""
        out = []
        cells = self.cells
        if FACE_KIND[face_index] == VOLCANO_KIND:
            for cell in range(CELLS):
                if cells[cell] < 0 and not self.adjacent_to_lava(cell):
                    out.append((cell, (0,)))
            return out
        fit = FIT[face_index]
        for cell in range(CELLS):
            if cells[cell] >= 0:
                continue
            found = fit[self.facing_code(cell)]
            if found:
                out.append((cell, _ORIENTATIONS[found]))
        return out

    def special_drawings(self):
        """(face index, cell, o) of every drawing of a special route this sheet has not used
        yet, specials in their order, cells ascending."""
        for special in SPECIALS:
            if special in self.specials:
                continue
            face = FACE_INDEX[special]
            for cell, orientations in self.legal_cells(face):
                for o in orientations:
                    yield face, cell, o

    def has_legal_cell(self, face_index: int) -> bool:
        cells = self.cells
        if FACE_KIND[face_index] == VOLCANO_KIND:
            return any(cells[c] < 0 and not self.adjacent_to_lava(c) for c in range(CELLS))
        for cell in range(CELLS):
            if cells[cell] < 0 and fitting_orientations(face_index, self.facing_code(cell)):
                return True
        return False

    def problem(self, face_index: int, cell: int, o: int):
        """Why the face may not be drawn there: None, or (code, template, args)."""
        name = CELL_NAMES[cell]
        if self.cells[cell] >= 0:
            return ("cell_taken", "{cell} is already drawn", {"cell": name})
        if FACE_KIND[face_index] == VOLCANO_KIND:
            if self.adjacent_to_lava(cell):
                return ("volcano_near_lava", "A new volcano may not be drawn next to lava ({cell})",
                        {"cell": name})
            return None
        return side_problem(face_index, o, self.facing(cell), name)


def _side_masks(face_index: int) -> tuple:
    """The face's rules side by side, as bit masks of its distinct orientations (bit ``o``)
    indexed ``side * 8 + facing value``: (breaks a rule there, meets a matching route there,
    joins lava there) — ``side_problem`` taken apart, one side at a time."""
    bad, meets, lava = [0] * 32, [0] * 32, [0] * 32
    for o in DISTINCT_O[face_index]:
        sides = ORIENTED_SIDES[face_index][o]
        for side in range(4):
            mine = sides[side]
            for theirs in range(8):
                at = side * 8 + theirs
                if mine == HIGHWAY or mine == RAILWAY:
                    if theirs == HIGHWAY or theirs == RAILWAY:
                        if theirs != mine:
                            bad[at] |= 1 << o
                        else:
                            meets[at] |= 1 << o
                    elif theirs == RIVER:
                        bad[at] |= 1 << o
                elif mine == RIVER:
                    if theirs == HIGHWAY or theirs == RAILWAY:
                        bad[at] |= 1 << o
                elif mine == LAVA and theirs == LAVA:
                    lava[at] |= 1 << o
    return tuple(bad), tuple(meets), tuple(lava)


# per face: (its distinct orientations as a mask, must it meet a route, must it join lava,
# then _side_masks); built once at import (32 faces x 8 orientations x 32 facings)
_FIT_TABLES = tuple(
    (sum(1 << o for o in DISTINCT_O[face]), FACE_KIND[face] in MUST_CONNECT_KINDS,
     FACE_KIND[face] == LAVA_KIND) + _side_masks(face)
    for face in range(len(DISTINCT_O)))
# an orientation mask -> its orientations ascending (DISTINCT_O lists them ascending)
_ORIENTATIONS = tuple(tuple(o for o in range(8) if mask >> o & 1) for mask in range(256))


_REPEAT64 = int.from_bytes(b"\x01" * 64, "little")     # times a byte: that byte 64 times


def fit_table(face_index: int) -> bytes:
    """The face's legal orientations as a mask (bit ``o``), for every facing code 0-4095
    (``code = north | east << 3 | south << 6 | west << 9``): the orientations with no bad side
    against the facing, and, for a face that must meet a route (or join lava), meeting one.

    Written as 64 rows of 64 codes (north/east vary along a row, south/west pick the row), each
    row one integer operation over the row's 64 bytes, so the 32 faces take ~1 ms at import."""
    every, must_meet, must_join, bad, meets, lava = _FIT_TABLES[face_index]
    low_bad = [bad[north] | bad[8 + east] for east in range(8) for north in range(8)]
    high_bad = [bad[16 + south] | bad[24 + west] for west in range(8) for south in range(8)]
    # fitting = every & ~low_bad & ~high_bad, and (must meet/join) & (low_need | high_need)
    free = int.from_bytes(bytes(every & ~low for low in low_bad), "little")
    need = meets if must_meet else lava if must_join else None
    if need is not None:
        low_need = [need[north] | need[8 + east] for east in range(8) for north in range(8)]
        high_need = [need[16 + south] | need[24 + west] for west in range(8) for south in range(8)]
        met = int.from_bytes(bytes(every & ~low & wanted
                                   for low, wanted in zip(low_bad, low_need)), "little")
    rows = []
    for high in range(64):
        keep = ~high_bad[high] & 0xFF
        if need is None:
            row = free & keep * _REPEAT64
        else:
            row = met & keep * _REPEAT64 | free & (keep & high_need[high]) * _REPEAT64
        rows.append(row.to_bytes(64, "little"))
    return b"".join(rows)


# FIT[face][facing code]: the mask of the face's legal distinct orientations there
FIT: tuple[bytes, ...] = tuple(fit_table(face) for face in range(len(DISTINCT_O)))


def fitting_orientations(face_index: int, facing_code: int) -> tuple[int, ...]:
    """The distinct orientations of a face that break no sheet rule against the facing
    (``side_problem(face, o, facing) is None``), ascending."""
    return _ORIENTATIONS[FIT[face_index][facing_code]]


def side_problem(face_index: int, o: int, facing: tuple, cell_name: str):
    """The sheet rule a face in orientation ``o`` breaks against ``facing``, or None."""
    sides = ORIENTED_SIDES[face_index][o]
    connects = joins_lava = False
    for s in range(4):
        mine, theirs = sides[s], facing[s]
        if mine == NONE:
            continue
        if mine == HIGHWAY or mine == RAILWAY:
            if theirs == HIGHWAY or theirs == RAILWAY:
                if theirs != mine:
                    return ("route_mismatch", "{cell}: {mine} would meet {theirs} on the {side} side",
                            {"cell": cell_name, "mine": TYPE_NAME[mine],
                             "theirs": TYPE_NAME[theirs], "side": SIDE_NAMES[s]})
                connects = True
            elif theirs == RIVER:
                return ("river_meets_route", "{cell}: a river may not meet a route ({side} side)",
                        {"cell": cell_name, "side": SIDE_NAMES[s]})
        elif mine == RIVER:
            if theirs == HIGHWAY or theirs == RAILWAY:
                return ("river_meets_route", "{cell}: a river may not meet a route ({side} side)",
                        {"cell": cell_name, "side": SIDE_NAMES[s]})
        elif mine == LAVA and theirs == LAVA:
            joins_lava = True
    kind = FACE_KIND[face_index]
    if kind in MUST_CONNECT_KINDS and not connects:
        return ("not_connected", "{cell}: the drawing must connect to a matching route or exit",
                {"cell": cell_name})
    if kind == LAVA_KIND and not joins_lava:
        return ("lava_not_joined", "{cell}: lava must join existing lava", {"cell": cell_name})
    return None

"""Lake expansion: forced lake fills and the smallest-lake score.

Rules (rules page): two lake dice, optional, need not touch anything; open lake sides may meet
route sides. When an empty cell has lake sides facing it on three (or four) sides it is filled
at once with ``lake-full``; a fill can enclose the next cell, so fills repeat until none is due
(cells are scanned in A1..G7 order, which only matters for the order of the events). Score: +1
per cell of the smallest lake (a lake is the cells joined by lake sides; piers belong to their
lake). Stations on one lake join their networks for exits (``scoring`` unions lake sides);
open lake sides are never errors and a route side facing one is no error either.
"""

from __future__ import annotations

from .faces import FACE_INDEX, LAKE
from .regions import regions
from .sheet import CELLS, EMPTY

LAKE_FULL = FACE_INDEX["lake-full"]


def forced_fills(sheet) -> list[int]:
    """Fill every enclosed empty cell (repeating until stable); return the cells filled."""
    filled = []
    changed = True
    while changed:
        changed = False
        cells = sheet.cells
        for cell in range(CELLS):
            if cells[cell] != EMPTY:
                continue
            facing = sheet.facing(cell)
            if facing.count(LAKE) >= 3:
                sheet.put(cell, LAKE_FULL, 0)
                filled.append(cell)
                changed = True
    return filled


def smallest_lake(sheet) -> int:
    sizes = [len(region.cells) for region in regions(sheet, LAKE)]
    return min(sizes) if sizes else 0

"""Volcano expansion: lava rules beyond the sheet geometry, and the lava score.

Rules (rules page + seed): a volcano is drawn in D4 at the start. Two lava dice per round: one
lava die must be drawn (either of the two), the other is optional. Lava joins existing lava
(a lava side against a lava side; ``sheet.side_problem``). Once per round a new ``volcano`` may
be drawn on a free cell with no lava in any neighbouring cell. If no lava die can be drawn, the
player must either start a new volcano (if still allowed and possible) or erase a route so that
a lava die fits in that cell (``erase@<cell>``, allowed only then, and only such cells); only
when neither is possible may the mandatory lava die be skipped. Lava always grows from lava, so every lava region holds a
volcano. Score: +5 per volcano in a region with no open lava side (the border closes), +1 per
cell of the largest lava region; every open lava side costs 1 (in ``errors``).
"""

from __future__ import annotations

from .faces import FACE_INDEX, FACE_KIND, JUNCTION, LAVA, ROUTE, SPECIAL
from .regions import regions
from .sheet import CELLS, D4, fitting_orientations

VOLCANO = FACE_INDEX["volcano"]
CLOSED_VOLCANO_POINTS = 5
ERASABLE_KINDS = (ROUTE, JUNCTION, SPECIAL)


def setup(sheet) -> None:
    sheet.put(D4, VOLCANO, 0)


def erasable_cells(sheet, lava_faces: list[int]) -> list[int]:
    """Route cells that, once erased, would take one of ``lava_faces``."""
    out = []
    cells = sheet.cells
    for cell in range(CELLS):
        code = cells[cell]
        if code < 0 or FACE_KIND[code >> 3] not in ERASABLE_KINDS:
            continue
        facing_code = sheet.facing_code(cell)
        if any(fitting_orientations(face, facing_code) for face in lava_faces):
            out.append(cell)
    return out


def volcano_score(sheet) -> tuple[int, int]:
    """(points for closed volcanoes and the largest lava region, open lava sides)."""
    cells = sheet.cells
    points = 0
    largest = 0
    open_sides = 0
    for region in regions(sheet, LAVA):
        largest = max(largest, len(region.cells))
        open_sides += region.open_sides
        if region.open_sides == 0:
            volcanoes = sum(1 for c in region.cells if cells[c] >> 3 == VOLCANO)
            points += CLOSED_VOLCANO_POINTS * volcanoes
    return points + largest, open_sides

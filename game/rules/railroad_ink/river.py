"""River expansion: river score and open river ends.

Rules (rules page): two river dice, drawing them is optional, a river need not start from an
exit or touch anything, river sides never meet highway/railway sides (enforced in
``sheet.side_problem``). Reading chosen: a border exit is a printed route end, so a river side
may not face an exit either (a river may reach the border anywhere else). Score: the best single river gives +1 per cell and
+3 more when both its ends reach the border; every river end closed neither by another river
nor by the border costs 1 (counted in ``errors``). A river side meeting a lake or lava side is
an open end. A river that is a closed loop has no ends and so no border bonus.
"""

from __future__ import annotations

from .faces import RIVER
from .regions import regions

BOTH_ENDS_BONUS = 3


def river_score(sheet) -> tuple[int, int]:
    """(points of the best river, open river ends on the sheet)."""
    best = 0
    open_ends = 0
    for region in regions(sheet, RIVER):
        points = len(region.cells)
        if region.border_sides == 2 and region.open_sides == 0:
            points += BOTH_ENDS_BONUS
        best = max(best, points)
        open_ends += region.open_sides
    return best, open_ends

"""Regions of one side type (rivers, lakes, lava): cells joined where two such sides meet.

Shared by the expansion scorers. Every expansion face has at most one group holding its
river/lake/lava sides, so a region is a set of cells. For each region we count its sides of
the type that face the border and those left open (facing anything else).
"""

from __future__ import annotations

from .sheet import CELLS, NEIGHBOUR, OPPOSITE


class Region:
    __slots__ = ("cells", "border_sides", "open_sides")

    def __init__(self) -> None:
        self.cells: list[int] = []
        self.border_sides = 0
        self.open_sides = 0


def regions(sheet, side_type: int) -> list[Region]:
    """The regions of ``side_type`` in cell order of their first cell."""
    sides = sheet.sides
    seen = [False] * CELLS
    found = []
    for start in range(CELLS):
        if seen[start] or side_type not in sides[start * 4:start * 4 + 4]:
            continue
        region = Region()
        seen[start] = True
        stack = [start]
        while stack:
            cell = stack.pop()
            region.cells.append(cell)
            base = cell * 4
            for s in range(4):
                if sides[base + s] != side_type:
                    continue
                n = NEIGHBOUR[cell][s]
                if n < 0:
                    region.border_sides += 1
                elif sides[n * 4 + OPPOSITE[s]] == side_type:
                    if not seen[n]:
                        seen[n] = True
                        stack.append(n)
                else:
                    region.open_sides += 1
        region.cells.sort()
        found.append(region)
    return found

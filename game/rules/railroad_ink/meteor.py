"""Meteor expansion: the meteor's path on one sheet, the strike, and the crater bonus.

Rules (rules page + seed): the direction die (N E S W any any; "any" is the player's choice)
and the distance die (1 1 1 2 2 3). Round 1 starts from D4, later rounds from the dot. The
meteor moves cell by cell; cells holding a crater are passed over without being counted; at
the border it turns back 180° and the cell next to the border is counted again (seed example:
"3 west: border, empty(1), crater, dot crater, route" -> the route is hit). The landing cell
gets a crater (erasing whatever was drawn there) and the dot. Craters may be drawn over later
(the dot stays where it is); a crater drawn over is gone: its cell counts again for the
meteor and its neighbours' ends no longer face a crater. Score: +2 per highway/railway side facing a crater; such sides are
no errors and connect nothing (``scoring``).

Reading chosen where the page is silent: each seat resolves its meteor as the first action of
its round (``meteor:<dir>`` or ``ignore-meteor:<special>``) — the seed lets the special be
spent "after the meteor dice are rolled", before drawing.
"""

from __future__ import annotations

from .sheet import CRATER, D4, SIZE

STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
CRATER_END_POINTS = 2
_GUARD = 200   # only reachable if a whole line were craters, impossible within 6 rounds


def meteor_path(sheet, direction: str, distance: int) -> list[int]:
    """Every cell the meteor enters, in order (bounces and skipped craters included); the
    last one is where it lands."""
    start = sheet.dot if sheet.dot >= 0 else D4
    row, col = divmod(start, SIZE)
    d_row, d_col = STEP[direction]
    path: list[int] = []
    counted = 0
    cells = sheet.cells
    while counted < distance and len(path) < _GUARD:
        n_row, n_col = row + d_row, col + d_col
        if not (0 <= n_row < SIZE and 0 <= n_col < SIZE):
            d_row, d_col = -d_row, -d_col
            n_row, n_col = row, col          # bounce: the cell next to the border counts again
        row, col = n_row, n_col
        cell = row * SIZE + col
        path.append(cell)
        if cells[cell] != CRATER:
            counted += 1
    return path


def strike(sheet, direction: str, distance: int) -> tuple[list[int], int, int]:
    """Move the meteor, crater its landing cell. Returns (path, crater cell, erased code)."""
    path = meteor_path(sheet, direction, distance)
    landing = path[-1]
    erased = sheet.cells[landing]
    sheet.clear(landing, crater=True)
    sheet.dot = landing
    return path, landing, erased


def place_crater(sheet, cell: int) -> int:
    """Sheet notation ``crater@<cell>``: a crater lands there directly. Returns erased code."""
    erased = sheet.cells[cell]
    sheet.clear(cell, crater=True)
    sheet.dot = cell
    return erased

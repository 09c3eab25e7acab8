"""Line tracing (the points a completed line scores are counted in actions.place_tile).

Lines are traced incrementally: each open line remembers where it waits (the empty square and
the endpoint it will enter by), so placing a tile only advances the lines waiting on that
square. ``trace_path`` retraces one station's line from scratch for the client;
``completed_line`` a complete one for its event (when the event is read, events.py).
"""

from __future__ import annotations

from .board import BEYOND, CENTRE_STATION, DEPARTURES, MATE, OFF_BOARD, arrival_station
from .tiles import CONN_FLAT

_CENTRE_END = -100


def _next(index: int) -> int:
    """Where a line goes after leaving by (square, endpoint) = divmod(index, 8): the next
    entry index (>= 0), _CENTRE_END, or -station for an arrival."""
    square, endpoint = divmod(index, 8)
    beyond = BEYOND[index]
    if beyond == CENTRE_STATION:
        return _CENTRE_END
    if beyond == OFF_BOARD:
        return -arrival_station(square, endpoint)
    return beyond * 8 + MATE[endpoint]


NEXT: tuple[int, ...] = tuple(_next(i) for i in range(64 * 8))
# STEP[shape << 9 | index]: where a line entering (square, endpoint) = divmod(index, 8)
# goes once it crosses a tile of that shape there (NEXT of the exit): one look-up a tile
STEP: tuple[int, ...] = tuple(NEXT[(index & ~7) | CONN_FLAT[shape * 8 + (index & 7)]]
                              for shape in range(24) for index in range(64 * 8))
# PASS[shape << 9 | index]: that crossing as a path entry (row, col, enter, exit)
PASS: tuple[tuple[int, int, int, int], ...] = tuple(
    (index >> 6, (index >> 3) & 7, index & 7, CONN_FLAT[shape * 8 + (index & 7)])
    for shape in range(24) for index in range(64 * 8))


def initial_waiting() -> list[int]:
    """``waiting[square]``: bit ``i`` set while line ``i`` (station i + 1) waits on that empty
    square (``line_at[i] >> 3 == square``); the lines of a new game wait at their departures."""
    waiting = [0] * 64
    for i, at in enumerate(DEPARTURES):
        waiting[at >> 3] |= 1 << i
    return waiting


def advance_lines(state, square: int) -> list[int]:
    """Advance every open line waiting on ``square`` (just filled) through the placed tiles.
    Completed lines are recorded on the state (not yet scored); returns their station
    indices (0-based), in station order.

    ``state.line_waiting`` names the lines waiting on each square (``initial_waiting``), so
    the lines of this square are read off one mask instead of looking at all 32."""
    waiting = state.line_waiting
    lines = waiting[square]
    if not lines:
        return []
    waiting[square] = 0             # the square is filled: no line waits on it any more
    line_at = state.line_at
    line_tiles = state.line_tiles
    shape = state.shape
    completed = []
    while lines:                    # lowest bit first: station order
        low = lines & -lines
        lines ^= low
        i = low.bit_length() - 1
        at = line_at[i]
        tiles = line_tiles[i]
        while True:
            s = shape[at >> 3]
            if s < 0:
                line_at[i] = at
                waiting[at >> 3] |= low
                break
            tiles += 1
            at = STEP[s << 9 | at]
            if at < 0:
                line_at[i] = -1
                state.line_end[i] = 0 if at == _CENTRE_END else -at
                state.line_centre[i] = at == _CENTRE_END
                completed.append(i)
                break
        line_tiles[i] = tiles
    return completed


def completed_line(shape: list[int], station: int) -> tuple[list[list[int]], int]:
    """A line known to be complete, traced over a board of shapes: its path (as
    ``trace_path``'s) and its end (0 at the centre, else the arrival station), one table
    look-up per tile (the events of a line just completed)."""
    at = DEPARTURES[station - 1]
    path = []
    append = path.append
    while at >= 0:
        crossing = shape[at >> 3] << 9 | at
        append([*PASS[crossing]])
        at = STEP[crossing]
    return path, 0 if at == _CENTRE_END else -at


def trace_path(shape: list[int], station: int) -> dict:
    """The line of ``station`` (1-32) over a board of shapes, traced from scratch.

    Returns ``{"path": [[row, col, enter, exit], ...], "complete": bool, "centre": bool,
    "end": arrival station / 0 centre / -1 open, "tiles": n, "waiting": [row, col, endpoint]
    or None}``.
    """
    at = DEPARTURES[station - 1]
    path = []
    while True:
        s = shape[at >> 3]
        if s < 0:
            row, col = divmod(at >> 3, 8)
            return {"path": path, "complete": False, "centre": False, "end": -1,
                    "tiles": len(path), "waiting": [row, col, at & 7]}
        exit_endpoint = CONN_FLAT[s * 8 + (at & 7)]
        row, col = divmod(at >> 3, 8)
        path.append([row, col, at & 7, exit_endpoint])
        at = NEXT[(at & ~7) | exit_endpoint]
        if at < 0:
            centre = at == _CENTRE_END
            return {"path": path, "complete": True, "centre": centre,
                    "end": 0 if centre else -at, "tiles": len(path), "waiting": None}

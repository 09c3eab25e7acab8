"""State changes shared by ``play`` and ``run.py score``: putting a tile on the board and
scoring the lines it completes (for the car's owner, or its company)."""

from __future__ import annotations

from . import companies as comp
from .lines import advance_lines, complete_path
from .board import NEIGHBOUR_MASK
from .tiles import SHAPE, TYPE_INDEX


NOTHING: tuple = ()     # what place_tile returns when no line waits on the square: no new list


def place_tile(state, tile: str, square: int, rot: int, seat: int) -> list[dict] | tuple:
    """Put a tile on the board, advance the lines waiting there and score completed ones.
    Returns the line_completed events (and exchanges_closed with companies): a new list, or
    the shared empty ``NOTHING``. (``MetroGame.play`` writes the board part out.)"""
    state.board[square] = (tile, rot)
    state.shape[square] = SHAPE[TYPE_INDEX[tile]][rot]
    state.placed_by[square] = seat
    filled = state.filled = state.filled | (1 << square)
    state.avail = (state.avail | NEIGHBOUR_MASK[square]) & ~filled   # placement.avail_after
    state.placed += 1
    if not state.line_waiting[square]:
        return NOTHING          # no line waits here (advance_lines would find none)
    completed = advance_lines(state, square)
    if not completed and not state.companies:
        return NOTHING
    return score_lines(state, completed)


def score_lines(state, completed: list[int]) -> list[dict]:
    """The rest of ``place_tile`` once ``advance_lines`` returned the lines just completed
    (station indices; called when there are some, or with the companies): score them and
    return their events (and exchanges_closed)."""
    events = []
    companies, shape = state.companies, state.shape
    for i in completed:
        tiles, centre = state.line_tiles[i], state.line_centre[i]
        # a complete line scores one point per tile passed (repeats count), doubled at the centre
        points = tiles * 2 if centre else tiles
        owner = state.car_owner[i]
        state.line_done[i] = True
        state.line_points[i] = points
        if companies:
            events.append({"kind": "line_completed", "station": i + 1, "points": points,
                           "centre": centre, "end": state.line_end[i], "tiles": tiles,
                           "path": complete_path(shape, i + 1), "owner": None,
                           "company": owner})
            state.profits[owner] += points
        else:
            events.append({"kind": "line_completed", "station": i + 1, "points": points,
                           "centre": centre, "end": state.line_end[i], "tiles": tiles,
                           "path": complete_path(shape, i + 1), "owner": owner})
            if owner is not None:
                state.scores[owner] += points
    if state.companies and state.exchanges_open and comp.reached_cutoff(state.profits):
        state.exchanges_open = False
        events.append({"kind": "exchanges_closed"})
    return events


def score_lines_quiet(state, completed: list[int]) -> None:
    """``score_lines`` without its events (``MetroGame.play_quiet``): the same scores."""
    companies = state.companies
    for i in completed:
        tiles = state.line_tiles[i]
        points = tiles * 2 if state.line_centre[i] else tiles
        owner = state.car_owner[i]
        state.line_done[i] = True
        state.line_points[i] = points
        if companies:
            state.profits[owner] += points
        elif owner is not None:
            state.scores[owner] += points
    if companies and state.exchanges_open and comp.reached_cutoff(state.profits):
        state.exchanges_open = False

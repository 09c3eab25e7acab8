"""State changes shared by ``play`` and ``run.py score``: putting a tile on the board and
scoring the lines it completes (for the car's owner, or its company). The events a placement
returns are built from what ``play`` keeps (events.py), not here."""

from __future__ import annotations

from . import companies as comp
from .lines import advance_lines
from .board import NEIGHBOUR_MASK
from .tiles import SHAPE, TYPE_INDEX


def place_tile(state, tile: str, square: int, rot: int, seat: int) -> None:
    """Put a tile on the board, advance the lines waiting there and score completed ones.
    (``MetroGame.play`` and ``play_quiet`` write it out.)"""
    state.board[square] = (tile, rot)
    state.shape[square] = SHAPE[TYPE_INDEX[tile]][rot]
    state.placed_by[square] = seat
    filled = state.filled = state.filled | (1 << square)
    state.avail = (state.avail | NEIGHBOUR_MASK[square]) & ~filled   # placement.avail_after
    state.placed += 1
    if not state.line_waiting[square]:
        return                  # no line waits here (advance_lines would find none)
    completed = advance_lines(state, square)
    if completed or state.companies:
        score_lines(state, completed)


def score_lines(state, completed: list[int]) -> bool:
    """The rest of ``place_tile`` once ``advance_lines`` returned the lines just completed
    (station indices; called when there are some, or with the companies): score them. True
    when this closed the share exchanges (a company reached the cutoff)."""
    companies = state.companies
    for i in completed:
        tiles = state.line_tiles[i]
        # a complete line scores one point per tile passed (repeats count), doubled at the centre
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
        return True
    return False

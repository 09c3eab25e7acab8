"""Helpers shared by the Railroad Ink rules tests: a game showing a chosen roll, moves played
by their notation, and the refusal a move gets."""

import pytest

from game.rules.core import IllegalMove
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.moves import parse_move


def game_with_roll(dice, players=1, variants=(), seed=11, meteor=None):
    """A new game whose first round shows ``dice`` (and the meteor dice ``meteor``) to every
    seat, as if they had been rolled."""
    state = GAME.new_game(GAME.make_config(players, list(variants)), seed)
    state.dice = list(dice)
    state.meteor = meteor
    for seat in state.seats:
        GAME._reset_round(state, seat)
        seat.start = seat.sheet.copy()
    return state


def play(state, seat, *texts):
    """Apply the moves given by their notation; the events they produced, in order."""
    events = []
    for text in texts:
        events += GAME.apply(state, seat, parse_move(text))
    return events


def refusal(state, seat, move, apply=False) -> IllegalMove:
    """The IllegalMove that ``GAME.check`` (with ``apply``: ``GAME.apply``) raises for ``move``,
    a Move or its notation. The test fails if the move is accepted."""
    if isinstance(move, str):
        move = parse_move(move)
    with pytest.raises(IllegalMove) as info:
        (GAME.apply if apply else GAME.check)(state, seat, move)
    return info.value

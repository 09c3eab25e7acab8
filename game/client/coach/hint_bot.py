"""The hint: the expert bot's move for a seat's own view, with the points it should bring.

``HintBot`` is a bot like any other for ``game.client.bot_worker`` (it travels to a helper
process and thinks there, off the frame loop), but its answer is a ``Hint``: the expert's move
and what following it is expected to be worth. It sees only the view it is given
(``game.view(state, seat)``), so a hint never peeks at hidden information.

Points (``Hint.worth`` True: an estimate of where the seat ends, not a gain): the game's coach
estimator's value of the move (``game.bots.base.coach_estimator``, named by the game's bots
module; e.g. in Railroad Ink the round planner's value of the sheet after the move and the best
rest of its round, in Metro and Metromania the seat's expected final score from sampled worlds
played to the end; ``seed`` picks the worlds, so two moves valued with one seed are compared
on the same ones). Should an estimator fail, the points the
move makes at once (score after minus before, ``worth`` False); None when the view cannot be
played on. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.bots.base import Bot, coach_estimator, levels, make_bot
from game.rules import get_game

LEVEL = "expert"


@dataclass(frozen=True)
class Hint:
    move: Any
    points: int | None      # see the module's doc
    worth: bool             # True: ``points`` is the sheet's expected worth, not a gain


class HintBot(Bot):
    level = "hint"

    def choose(self, view: Any) -> Hint:
        expert = make_bot(self.game, self.seat, LEVEL, self.seed)
        expert.set_cancel(self._cancel)
        move = expert.choose(view)
        return hint_for(self.game, view, self.seat, move, self.seed)


def hint_for(game, view, seat: int, move, seed: int = 0) -> Hint:
    """The ``Hint`` for ``move`` on ``view`` (its points as the module's doc says)."""
    estimator = appraiser(game.name)
    if estimator is not None:
        try:
            return Hint(move, estimate(estimator, view, seat, move, seed), True)
        except Exception:  # noqa: BLE001 - the estimator failed: the points made at once
            pass
    return immediate_hint(game, view, seat, move)


def estimate(estimator, view, seat: int, move, seed: int) -> int:
    """``move``'s value by ``estimator`` (an ``appraiser``): the mean over its worlds,
    rounded to a whole point (halves up: integers only, the same on every machine)."""
    worlds = estimator.worlds_for(view)
    [total] = estimator.world_scores(view, seat, [move], seed, range(worlds))
    return (2 * total + worlds) // (2 * worlds)


def points_meaning(game_name: str, worth: bool) -> str:
    """What a hint's (or a review's) points are, for the words shown with them: ``"gain"``
    (points made at once) or what the game's estimator says its values are (``POINTS``:
    ``"sheet"``, the sheet's worth, or ``"final"``, the expected final score)."""
    estimator = appraiser(game_name) if worth else None
    return estimator.POINTS if estimator is not None else "gain"


def appraiser(game_name: str):
    """The module that values a game's moves for the coach (the ``COACH`` its bots module
    names: ``worlds_for``, ``shortlist`` and ``world_scores``, which the review's judge uses
    alike), or None."""
    return coach_estimator(get_game(game_name))


def can_hint(game_name: str) -> bool:
    """Whether the game has a bot to give hints (its expert level)."""
    return LEVEL in levels(game_name)


def immediate_hint(game, view, seat: int, move) -> Hint:
    """The points ``move`` makes at once (``worth`` False), None when the view cannot be
    played on."""
    try:
        before = game.scores(view)["scores"][seat]
        after_state = game.clone(view)
        game.play(after_state, seat, move)
        after = game.scores(after_state)["scores"][seat]
    except Exception:  # noqa: BLE001 - a view some games cannot play on: no points shown
        return Hint(move, None, False)
    return Hint(move, after - before, False)

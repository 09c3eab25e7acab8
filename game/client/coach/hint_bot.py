"""The hint: the expert bot's move for a seat's own view, with the points it should bring.

``HintBot`` is a bot like any other for ``game.client.bot_worker`` (it travels to a helper
process and thinks there, off the frame loop), but its answer is a ``Hint``: the expert's move
and what following it is expected to be worth. It sees only the view it is given
(``game.view(state, seat)``), so a hint never peeks at hidden information.

Points (``Hint.worth`` True: an estimate of where the seat ends, not a gain): in Railroad Ink
the round planner's value of the sheet after the move and the best rest of its round (in the
last round the exact final score; ``game.bots.ink_estimate``); in Metro and Metromania the
seat's expected final score after the move, from its own view (``game.bots.metro_estimate`` /
``mania_estimate``: sampled worlds played to the end as the normal bot plays; ``seed`` picks
the worlds, so two moves valued with one seed are compared on the same ones). Should an estimator fail, the points the
move makes at once (score after minus before, ``worth`` False); None when the view cannot be
played on. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.bots.base import Bot, make_bot

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
    (points made at once), ``"sheet"`` (Railroad Ink: the sheet's worth) or ``"final"`` (the
    expected final score)."""
    if not worth:
        return "gain"
    return "sheet" if game_name == "railroad-ink" else "final"


def appraiser(game_name: str):
    """The module that values a game's moves for the coach, or None: ``metro_estimate``,
    ``mania_estimate`` or ``ink_estimate`` (each with ``worlds_for``, ``shortlist`` and
    ``world_scores``, which the review's judge uses alike)."""
    if game_name == "metro":
        from game.bots import metro_estimate
        return metro_estimate
    if game_name == "metromania":
        from game.bots import mania_estimate
        return mania_estimate
    if game_name == "railroad-ink":
        from game.bots import ink_estimate
        return ink_estimate
    return None


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

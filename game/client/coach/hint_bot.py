"""The hint: the expert bot's move for a seat's own view, with the points it should bring.

``HintBot`` is a bot like any other for ``game.client.bot_worker`` (it travels to a helper
process and thinks there, off the frame loop), but its answer is a ``Hint``: the expert's move
and what following it is expected to be worth. It sees only the view it is given
(``game.view(state, seat)``), so a hint never peeks at hidden information.

Points (``Hint.worth`` True: an estimate of where the seat ends, not a gain): in Railroad Ink
the round planner's value of the sheet after the move and the best rest of its round (in the
last round the exact final score); in Metro and Metromania the seat's expected final score
after the move, from its own view (``game.bots.metro_estimate`` / ``mania_estimate``: sampled
worlds played to the end as the normal bot plays; ``seed`` picks the worlds, so two moves
valued with one seed are compared on the same ones). Should an estimator fail, the points the
move makes at once (score after minus before, ``worth`` False); None when the view cannot be
played on. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.bots.base import Bot, make_bot

LEVEL = "expert"
PLAN_WIDTH = 12     # the beam of the round planner when valuing a move (Railroad Ink)


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
    if game.name == "railroad-ink":
        return Hint(move, ink_worth(game, view, seat, move), True)
    estimator = final_score_estimator(game.name)
    if estimator is not None:
        try:
            return Hint(move, estimator(view, seat, move, seed), True)
        except Exception:  # noqa: BLE001 - the estimator failed: the points made at once
            pass
    return immediate_hint(game, view, seat, move)


def points_meaning(game_name: str, worth: bool) -> str:
    """What a hint's (or a review's) points are, for the words shown with them: ``"gain"``
    (points made at once), ``"sheet"`` (Railroad Ink: the sheet's worth) or ``"final"`` (the
    expected final score)."""
    if not worth:
        return "gain"
    return "sheet" if game_name == "railroad-ink" else "final"


def final_score_estimator(game_name: str):
    """``expected_final_score(view, seat, move, seed)`` of a game, or None."""
    if game_name == "metro":
        from game.bots.metro_estimate import expected_final_score
        return expected_final_score
    if game_name == "metromania":
        from game.bots.mania_estimate import expected_final_score
        return expected_final_score
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


def ink_worth(game, view, seat: int, move) -> int | None:
    """What the seat's sheet is worth after ``move`` (points), as the round planner sees it:
    the best continuation of the round from there (the dice still to draw, the special if
    still free), valued for the rounds after; in the last round the exact final score."""
    try:
        from game.bots.ink_plan import evaluate, plan_round
        from game.rules.railroad_ink.faces import FACE_INDEX

        state = game.clone(view)
        game.apply(state, seat, move)
        after = max(0, state.rounds - state.round)
        own = state.seats[seat]
        if own.ended or state.over:
            return evaluate(own.sheet, after) // 100
        pending = [FACE_INDEX[face] for face, mandatory in game.remaining_dice(state, seat)
                   if mandatory]
        special_ok = any(status == "available"
                         for status in game.specials_status(state, seat).values())
        value, _plan = plan_round(own.sheet, pending, special_ok, after, PLAN_WIDTH,
                                  final_width=PLAN_WIDTH)
        return value // 100
    except Exception:  # noqa: BLE001 - the planner's API changed: the hint stays, no points
        return None

"""The coach's estimate of a Railroad Ink move: what the seat's sheet is worth after it.

The round planner's view (``ink_plan``): the best continuation of the round from the sheet
after the move (the dice still to draw, the special if still free), each end sheet valued for
the rounds after it (open ends, exits within reach, specials kept); in the last round the
exact final score. Nothing is sampled, so one "world" says it all (``worlds_for``), and the
value is a pure function of (view, move).

The same three functions as ``metro_estimate`` and ``mania_estimate`` (the review's judge
calls them alike): ``shortlist`` (the moves worth comparing), ``world_scores`` and
``worlds_for``. Pure: no pygame.
"""

from __future__ import annotations

from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_IDS, FACE_INDEX
from game.rules.railroad_ink.moves import Draw

from .ink_plan import evaluate, plan_candidates, plan_round
from .railroad_ink import considered, greedy_ranked

POINTS = "sheet"    # what a value is, for the words shown with it: the sheet's expected worth
PLAN_WIDTH = 12     # the beam of the round planner when valuing a move


def worlds_for(view) -> int:
    return 1


def _round_left(state, seat: int):
    """(pending mandatory dice as face indices, a special still free, rounds after this)."""
    pending = [FACE_INDEX[face] for face, mandatory in GAME.remaining_dice(state, seat)
               if mandatory]
    special_ok = any(status == "available"
                     for status in GAME.specials_status(state, seat).values())
    return pending, special_ok, max(0, state.rounds - state.round)


def sheet_worth(view, seat: int, move) -> int:
    """What the seat's sheet is worth after ``move`` (points), as the round planner sees it."""
    state = GAME.clone(view)
    GAME.apply(state, seat, move)
    own = state.seats[seat]
    pending, special_ok, after = _round_left(state, seat)
    if own.ended or state.over:
        return evaluate(own.sheet, after) // 100
    value, _plan = plan_round(own.sheet, pending, special_ok, after, PLAN_WIDTH,
                              final_width=PLAN_WIDTH)
    return value // 100


def shortlist(view, seat: int, count: int) -> list:
    """The ``count`` moves most worth comparing, best first: the first drawings of the round
    planner's best plans (base game), then the greedy ranking of every legal move."""
    out: dict = {}           # notation -> move, in order
    if not view.expansion:
        pending, special_ok, after = _round_left(view, seat)
        for _value, plan, _sheet in plan_candidates(view.seats[seat].sheet, pending,
                                                     special_ok, after, PLAN_WIDTH,
                                                     final_width=PLAN_WIDTH):
            if len(out) >= count:
                break
            if plan:
                face, cell, o = plan[0]
                move = Draw(FACE_IDS[face], cell, o)
                out.setdefault(str(move), move)
    if len(out) < count:
        moves = considered(view, seat, GAME.legal_moves(view, seat))
        for _value, move in greedy_ranked(view, seat, moves):
            if len(out) >= count:
                break
            out.setdefault(str(move), move)
    return list(out.values())


def world_scores(view, seat: int, moves: list, seed: int, worlds) -> list[int]:
    """``sheet_worth`` of each move, once for each world asked for (nothing is sampled)."""
    return [sheet_worth(view, seat, move) * len(worlds) for move in moves]

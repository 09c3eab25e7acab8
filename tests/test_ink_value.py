"""The fitted Railroad Ink evaluation (``ink_value``, issue 16): the expert plays with it, it is
the exact final score when no round is left, and it keeps the specials for later rounds where
the hand-set weights spent one in the first round."""

from game.bots.base import make_bot
from game.bots.ink_plan import DEFAULT_WEIGHTS, evaluate, final_score, plan_round
from game.bots.ink_value import FITTED_WEIGHTS
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX, SPECIALS

_SPECIAL_FACES = frozenset(FACE_INDEX[face] for face in SPECIALS)


def test_the_expert_plays_with_the_fitted_weights():
    assert make_bot(GAME, 0, "expert", 1).weights is FITTED_WEIGHTS


def test_with_no_round_left_the_fitted_value_is_the_final_score():
    state = GAME.new_game(GAME.make_config(1), 3)
    bot = make_bot(GAME, 0, "normal", 3)
    while not state.over:
        GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
        sheet = state.seats[0].sheet
        assert evaluate(sheet, 0, FITTED_WEIGHTS) == final_score(sheet)


def test_the_fitted_weights_keep_the_specials_in_the_first_round():
    """An unused special is worth 2-3 points in every round (fitted); the hand-set weights
    valued it at about 1 point and spent one at once."""
    for seed in (0, 1, 2):
        state = GAME.new_game(GAME.make_config(1), seed)
        sheet = state.seats[0].sheet
        roll = [FACE_INDEX[face] for face in state.dice]
        specials_drawn = []
        for weights in (DEFAULT_WEIGHTS, FITTED_WEIGHTS):
            _, plan = plan_round(sheet, roll, True, state.rounds - 1, 30, weights)
            assert len(plan) >= len(roll)
            specials_drawn.append(sum(face in _SPECIAL_FACES for face, _, _ in plan))
        assert specials_drawn == [1, 0]


def test_a_mismatch_costs_more_the_earlier_it_is_drawn():
    rows = FITTED_WEIGHTS.table
    assert rows[5].bad > rows[3].bad > rows[1].bad >= 100

"""Railroad Ink bot levels (issue 16): every level uses the specials, and on fixed seeds each
level clearly beats the one below (random < easy < normal). The long measurement
(200 seeds, hard and expert) is ``run.py selfplay railroad-ink --players 1 --bots LEVEL``."""

import functools

from game.bots.base import make_bot
from game.bots.ink_plan import final_score, plan_round
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.moves import Draw

SEEDS = (100, 101, 102, 103)


def play_solo(level: str, seed: int):
    state = GAME.new_game(GAME.make_config(1), seed)
    bot = make_bot(GAME, 0, level, seed * 7919)
    while not state.over:
        GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
    return GAME.scores(state)["scores"][0], state.seats[0].sheet


@functools.cache
def mean_score(level: str) -> float:
    return sum(play_solo(level, seed)[0] for seed in SEEDS) / len(SEEDS)


def test_easy_uses_specials_and_beats_random():
    sheets = [play_solo("easy", seed)[1] for seed in SEEDS]
    assert all(sheet.specials for sheet in sheets)
    assert mean_score("easy") >= mean_score("random") + 15


def test_normal_beats_easy_on_fixed_seeds():
    """hard against normal is a tournament (``run.py selfplay railroad-ink --players 1 --bots
    hard``, 95 % intervals): four seeds of it would be a lucky run, and a minute of the suite."""
    assert mean_score("normal") >= mean_score("easy") + 5


def test_last_round_plan_takes_the_best_final_score():
    """In the last round the plan is ranked by the exact final score: no single drawing of
    the first die beats the plan's outcome."""
    state = GAME.new_game(GAME.make_config(1), 7)
    bot = make_bot(GAME, 0, "normal", 7)
    while state.round < state.rounds:
        GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
    sheet = state.seats[0].sheet
    pending = [FACE_INDEX[face] for face, mandatory in GAME.remaining_dice(state, 0)
               if mandatory]
    value, plan = plan_round(sheet, pending, False, 0, 4, final_width=60)
    after = sheet.copy()
    for face, cell, o in plan:
        after.put(cell, face, o)
    assert value == final_score(after)
    expert = make_bot(GAME, 0, "expert", 1).choose(GAME.view(state, 0))
    assert isinstance(expert, Draw) and expert in GAME.legal_moves(state, 0)


def test_plan_caches_never_change_a_move():
    """A planner that follows the plan made at the round's start, and the expert, which
    remembers the round's play-out scores (both kept between calls only as caches): a fresh
    bot (empty caches) chooses the same move from every view of a game."""
    def bot_for(level):
        bot = make_bot(GAME, 0, level, 5)
        bot.follow_round_plan = level == "hard"
        # a fraction of each level's search: the caches work the same way
        if level == "expert":
            bot.budget = 1200     # play-outs per decision (of 14,400)
        else:
            bot.samples = 2       # next rolls looked at per plan (of 6)
        return bot

    # hard: round 1 whole and the start of round 2 (a plan per round); expert: its first two
    # decisions (the play-outs made by the first are used by the second)
    for level, rounds, most in (("hard", 2, 8), ("expert", 1, 2)):
        state = GAME.new_game(GAME.make_config(1), 11)
        bot = bot_for(level)
        decisions = 0
        while state.round <= rounds and decisions < most:
            view = GAME.view(state, 0)
            move = bot.choose(view)
            if decisions % 2:
                # the even decisions (a round's first) make the caches the odd ones use:
                # a fresh bot checks the moves taken from them
                assert bot_for(level).choose(view) == move
            GAME.play(state, 0, move)
            decisions += 1
        assert decisions == most
        assert bot.round_plans if level == "hard" else len(bot.judge.totals) > 1

"""The Railroad Ink expert's play-out search: its last round is exact (checked against the
puzzles' proved best on real round-7 positions), its moves do not depend on the core that
computed them, on the table's future dice or on the play-outs it kept, and the expert it
replaced stays as an unlisted level."""

from __future__ import annotations

import json

from game.assets import assets_dir
from game.bots.base import levels, make_bot
from game.bots.ink_plan import plan_candidates
from game.bots.ink_playout import POLICIES, PlayoutJudge, exact_last_round
from game.bots.railroad_ink import RailroadInkExpert
from game.inkcore import pure_core
from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.moves import End, Skip
from game.rules.railroad_ink.scoring import score_sheet


def puzzle_state(puzzle):
    state = GAME.new_game(GAME.make_config(1), puzzle["seed"])
    for move in puzzle["moves"]:
        GAME.play(state, 0, GAME.parse_move(move))
    assert state.round == state.rounds
    return state


EXPERT_POLICY = POLICIES[RailroadInkExpert.policy_set]
PUZZLES = {p["seed"]: p for p in json.loads(
    (assets_dir() / "puzzles" / "railroad_ink.json").read_text(encoding="utf-8"))}


def test_exact_last_round_finds_the_proved_best():
    for seed in (1003, 1008, 1010, 1011):
        puzzle = PUZZLES[seed]
        state = puzzle_state(puzzle)
        sheet = state.seats[0].sheet
        value, plan = exact_last_round(sheet, [FACE_INDEX[f] for f in state.dice],
                                       len(sheet.specials) < 3, 10 ** 6)
        assert value == puzzle["best"]
        for face, cell, o in plan:
            assert o in sheet.legal_orientations(face, cell)
            sheet.put(cell, face, o)
        assert score_sheet(sheet)[0]["total"] == puzzle["best"]


def test_the_exact_search_gives_up_past_its_cap():
    state = puzzle_state(PUZZLES[1003])
    sheet = state.seats[0].sheet
    assert exact_last_round(sheet, [FACE_INDEX[f] for f in state.dice], False, 3) is None


def test_the_bot_plays_the_last_round_to_the_proved_best():
    for seed in (1010, 1011):
        state = puzzle_state(PUZZLES[seed])
        bot = make_bot(GAME, 0, "expert", 5)
        while not GAME.is_over(state):
            GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
        assert GAME.scores(state)["scores"][0] == PUZZLES[seed]["best"]


def mid_game_view(seed: int = 21, rounds: int = 3, table_seed: int | None = None):
    state = GAME.new_game(GAME.make_config(1), seed)
    bot = make_bot(GAME, 0, "normal", seed)
    while state.round <= rounds:
        GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
    if table_seed is not None:
        state.rng = Rng(table_seed)      # another future: the rolls still to come differ
    return GAME.view(state, 0), state


def small_bot(seed: int = 3):
    bot = make_bot(GAME, 0, "expert", seed)
    bot.budget = 48
    bot.candidates = 4
    return bot


def test_the_move_does_not_depend_on_the_future_dice():
    view_a, state_a = mid_game_view(table_seed=1)
    view_b, state_b = mid_game_view(table_seed=2)
    assert state_a.rng.state != state_b.rng.state
    assert small_bot().choose(view_a) == small_bot().choose(view_b)


def test_the_judge_gives_the_same_totals_on_either_core(monkeypatch):
    import game.bots.ink_playout as ink_playout
    view, state = mid_game_view()
    sheets = [state.seats[0].sheet]
    child = sheets[0].copy()
    cell, orientations = child.legal_cells(FACE_INDEX["road-tee"])[0]
    child.put(cell, FACE_INDEX["road-tee"], orientations[0])
    sheets.append(child)
    judges = []
    for engine in (ink_playout.core(), pure_core()):
        monkeypatch.setattr(ink_playout, "core", lambda engine=engine: engine)
        judge = PlayoutJudge()
        judge.best(sheets, 5, 7, 1234, 72, policy=EXPERT_POLICY)   # the expert's own policy
        judges.append(judge.totals)
    assert judges[0] == judges[1]
    assert all(len(scores) == 12 for scores in judges[0].values())


def test_the_lookahead_expert_is_made_but_not_listed():
    assert "expert-lookahead" not in levels(GAME.name)
    assert levels(GAME.name)[-1] == "expert"
    assert make_bot(GAME, 0, "expert-lookahead", 1).level == "expert-lookahead"
    view, _ = mid_game_view()
    move = small_bot().choose(view)
    assert move in GAME.legal_moves(view, 0) or isinstance(move, (Skip, End))


def test_play_outs_shared_across_the_round_never_change_a_move():
    """The round's second decision reuses the first one's play-outs (a cache): a fresh bot,
    with none, chooses the same move."""
    state = GAME.new_game(GAME.make_config(1), 11)
    bot = small_bot(5)
    GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
    view = GAME.view(state, 0)
    assert bot.judge.totals                  # the first decision left play-outs behind
    assert bot.choose(view) == small_bot(5).choose(view)


def test_a_judge_with_play_outs_left_from_a_bigger_search_ranks_as_a_fresh_one():
    view, state = mid_game_view()
    sheet = state.seats[0].sheet
    ranked = plan_candidates(sheet, [0, 2, 4, 7], True, 3, 8)
    sheets = [end for _, _, end in ranked[:6]]
    for seed in range(8):
        fresh = PlayoutJudge().best(sheets, 5, 7, seed, 60)
        used = PlayoutJudge()
        used.best(sheets, 5, 7, seed, 600)
        assert used.best(sheets, 5, 7, seed, 60) == fresh


def test_the_policy_set_lever_changes_the_play_outs_policy():
    """``policy_set`` picks the play-out policy's weights (``ink_playout.POLICIES``): the
    same decision played out by the tuned policy leaves other totals."""
    assert len(POLICIES) > 1 and POLICIES[1] != POLICIES[0]
    view, _ = mid_game_view()
    totals = []
    for policy_set in (0, 1):
        bot = small_bot()
        bot.policy_set = policy_set
        bot.choose(view)
        totals.append(bot.judge.totals)
    assert totals[0].keys() & totals[1].keys()
    assert totals[0] != totals[1]


def test_later_decisions_of_a_round_play_out_their_own_budget():
    """``later_budget``: once a die of the round is drawn, the judge plays out to that budget
    (the round's first decision keeps ``budget``)."""
    import copy
    view, state = mid_game_view()
    bot = small_bot(5)
    bot.later_budget = 480
    first = bot.choose(view)
    assert bot.judge.totals and max(map(len, bot.judge.totals.values())) <= 48
    GAME.play(state, 0, first)
    played = []
    for later in (0, 480):
        again = copy.deepcopy(bot)
        again.later_budget = later
        again.choose(GAME.view(state, 0))
        played.append(max(map(len, again.judge.totals.values())))
    assert played[1] > 2 * played[0]


def test_the_first_round_plays_out_its_own_budget():
    """``round1_budget``: every decision of the game's first round plays out to that budget;
    the later rounds keep ``budget``."""
    start = GAME.view(GAME.new_game(GAME.make_config(1), 11), 0)
    later, _ = mid_game_view()
    played = {}
    for round1 in (0, 480):
        for name, view in (("first", start), ("later", later)):
            bot = small_bot(5)
            bot.round1_budget = round1
            bot.choose(view)
            played[round1, name] = sum(map(len, bot.judge.totals.values()))
    assert played[480, "first"] > 2 * played[0, "first"]
    assert played[480, "later"] == played[0, "later"]


def test_a_first_drawing_cap_keeps_many_first_drawings_in_the_plans():
    """``first_cap``: the beam keeps at most that many sheets per first drawing at every
    depth, so the round's plans begin with many drawings (uncapped, the best first drawing's
    descendants fill the beam) and each still plays legally."""
    view, state = mid_game_view(rounds=2)
    sheet = state.seats[0].sheet
    pending = [FACE_INDEX[face] for face in state.dice]
    firsts = {}
    for cap in (0, 3):
        ranked = plan_candidates(sheet, pending, True, 4, 30, first_cap=cap)
        firsts[cap] = [tuple(moves[0]) for _, moves, _ in ranked if moves]
        for _, moves, _ in ranked[:16]:
            played = sheet.copy()
            for face, cell, o in moves:
                assert o in played.legal_orientations(face, cell)
                played.put(cell, face, o)
    assert len(set(firsts[3][:16])) >= 5 > len(set(firsts[0][:16]))
    assert max(firsts[3].count(first) for first in set(firsts[3])) <= 3

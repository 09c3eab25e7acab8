"""Puzzles and the exhaustive last round (issue 16 item 4): the proved best score equals a
brute force through the rules' own moves on small cases; the shipped puzzles replay to the
start of a last round and keep their proved best; the daily seed and history; the proof runs
in a bot helper process that loads no pygame."""

from __future__ import annotations

import datetime
import os

import pytest

from game.client.coach import daily
from game.bots.ink_last_round import solve
from game.bots.ink_puzzles import best_match, load_puzzles, puzzle_match, puzzle_roll
from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_IDS, FACE_INDEX, ROUTE_DIE, SPECIALS
from game.rules.railroad_ink.moves import End, Undo
from tests.patience import worker_answer
from tests.pygame_probe import PygameProbe


def brute_force(state) -> int:
    """The best final score over every sequence of legal moves of the last round (no memo,
    no shortcuts: the rules decide what may be played)."""
    best = None
    for move in GAME.legal_moves(state, 0):
        if isinstance(move, Undo):
            continue
        child = state.copy()
        GAME.play(child, 0, move)
        if isinstance(move, End):
            value = GAME.scores(child)["scores"][0]
        else:
            value = brute_force(child)
        best = value if best is None else max(best, value)
    return best


def small_case(seed: int, empty: int, specials_used: int):
    """A last-round state whose sheet has only ``empty`` empty cells (the rest drawn at
    random over a real game's sheet), with a random roll."""
    puzzles = load_puzzles()
    match = puzzle_match(puzzles[seed % len(puzzles)], "P")
    state = match.state.copy()
    rng = Rng(seed)
    sheet = state.seats[0].sheet
    free = [c for c in range(49) if sheet.cells[c] < 0]
    for i in range(len(free) - 1, 0, -1):       # seeded shuffle
        j = rng.below(i + 1)
        free[i], free[j] = free[j], free[i]
    for cell in free[empty:]:
        face = ROUTE_DIE[rng.below(len(ROUTE_DIE))]
        sheet.put(cell, FACE_INDEX[face], rng.below(8))
    sheet.specials = list(SPECIALS[:specials_used])
    state.seats[0].start = sheet.copy()
    dice = [ROUTE_DIE[rng.below(len(ROUTE_DIE))] for _ in range(3)] + ["station-curve"]
    state.dice = dice
    state.seats[0].pending = [0, 1, 2, 3]
    return state


@pytest.mark.parametrize("seed,empty,specials_used", [
    (1, 3, 3), (2, 4, 3), (3, 5, 3), (4, 6, 3), (5, 3, 2), (6, 4, 2), (7, 5, 2), (8, 4, 0)])
def test_proved_best_equals_brute_force(seed, empty, specials_used):
    state = small_case(seed, empty, specials_used)
    sheet = state.seats[0].sheet
    proved = solve(sheet, [FACE_INDEX[f] for f in state.dice])
    assert proved is not None
    assert proved[0] == brute_force(state)
    # the plan is legal and scores what was proved
    for face, cell, o in proved[1]:
        if cell < 0:
            assert not sheet.legal_cells(face)
            continue
        assert o in sheet.legal_orientations(face, cell) or cell in \
            dict(sheet.legal_cells(face))
        sheet = sheet.copy()
        sheet.put(cell, face, o)
        if FACE_IDS[face] in SPECIALS:
            sheet.specials.append(FACE_IDS[face])
    from game.bots.ink_last_round import final_score
    assert final_score(sheet) == proved[0]


def test_shipped_puzzles_start_the_last_round_and_keep_their_best():
    puzzles = load_puzzles()
    assert len(puzzles) >= 10
    quick = [p for p in puzzles if p["seed"] in (1003, 1014)]   # the fastest to prove
    assert len(quick) == 2
    for puzzle in quick:
        match = puzzle_match(puzzle, "P")
        assert match.state.round == match.state.rounds == 7
        best, plan = solve(match.state.seats[0].sheet, puzzle_roll(match))
        assert best == puzzle["best"]
        played = best_match(puzzle, plan, "P")
        assert played.is_over() and played.scores()["scores"] == [best]


def test_search_can_be_stopped():
    match = puzzle_match(load_puzzles()[0], "P")
    assert solve(match.state.seats[0].sheet, puzzle_roll(match), progress=lambda n: True) \
        is None


def test_daily_seed_is_per_date_and_history_keeps_the_best(tmp_path):
    day = datetime.date(2026, 11, 24)
    assert daily.daily_seed(day) == daily.daily_seed(datetime.date(2026, 11, 24))
    assert daily.daily_seed(day) != daily.daily_seed(day + datetime.timedelta(days=1))
    path = tmp_path / "daily.json"
    assert daily.record_score(day, 30, path)
    assert not daily.record_score(day, 20, path)
    assert daily.record_score(day, 41, path)
    assert daily.record_score(day - datetime.timedelta(days=1), 12, path)
    history = daily.load_history(path)
    assert history == {"2026-11-24": 41, "2026-11-23": 12}
    assert daily.streak(history, day) == 2
    path.write_text("{not json", encoding="utf-8")
    assert daily.load_history(path) == {}


def test_a_bot_helper_proves_a_puzzle_without_loading_pygame(monkeypatch):
    """The prover of the game that has the Daily & puzzles (the module its kit names) goes to
    a bot helper process, which must stay free of pygame and SDL: after the proof, that same
    helper (one helper: one core) answers a probe with the pygame modules it has loaded."""
    from game.client import bot_worker
    from game.client.games.dailies import daily_game, for_game

    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    bot_worker.shutdown_helpers()
    try:
        found = for_game(daily_game())
        puzzle = found.load_puzzles()[0]
        match = found.puzzle_match(puzzle, "P")
        worker = bot_worker.BotWorker()
        worker.request("prove", found.PuzzleProver(match.game, 0, 0), match.view(0))
        kind, proved = worker_answer(worker, "prove")
        assert kind == "move" and proved[0] == puzzle["best"], proved
        worker.request("probe", PygameProbe(match.game, 0, 0), match.view(0))
        assert worker_answer(worker, "probe") == ("move", [])
        assert bot_worker.helper_count() == 1
    finally:
        bot_worker.shutdown_helpers()

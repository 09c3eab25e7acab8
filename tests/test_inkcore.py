"""The Railroad Ink sheet core (game/inkcore) against the rules, position by position: legal
cells and orientations, the exact final score, and the compiled kernels against the pure ones
(the same play-out totals bit for bit)."""

from __future__ import annotations

import pytest

from game.inkcore import compiled_core, pure_core
from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX, SPECIALS
from game.rules.railroad_ink.networks import Networks
from game.rules.railroad_ink.scoring import exit_networks, score_sheet
from game.rules.railroad_ink.sheet import CELLS


def positions(games: int = 12, seed: int = 7):
    """Sheets met in random solo games (every move), rules' Sheet objects."""
    found = []
    for g in range(games):
        state = GAME.new_game(GAME.make_config(1), seed + g)
        rng = Rng(seed * 1000 + g)
        while not GAME.is_over(state):
            GAME.play(state, 0, GAME.random_move(state, 0, rng))
            found.append(state.seats[0].sheet.copy())
    return found


POSITIONS = positions()
WEIGHTS = [40, 30, 60, 0, 10, 16, 20, 60, 35, 25, 20, 18, 16, 15, 10]


def test_there_are_enough_positions():
    assert len(POSITIONS) >= 300


def test_legal_cells_and_orientations_match_the_rules():
    core = pure_core()
    k, T = core.k, core.T
    b = core.buffers
    for sheet in POSITIONS[::3]:
        k.load(b["cells"], b["sides"], b["facing"], sheet.cells, 0, T)
        assert b["sides"] == sheet.sides
        for face in range(15):
            mine = {}
            for cell in range(CELLS):
                mask = k.legal_mask(b["cells"], b["facing"], face, cell, T)
                if mask:
                    mine[cell] = tuple(o for o in range(8) if mask >> o & 1)
            assert mine == dict(sheet.legal_cells(face))


def test_tracked_exit_networks_match_the_rules():
    core = pure_core()
    k, T, b = core.k, core.T, core.buffers
    for sheet in POSITIONS[::2]:
        k.load_tracked(b["cells"], b["sides"], b["facing"], b["net"], b["exits"], sheet.cells,
                       0, T)
        roots = [node for node in range(CELLS * 4) if b["net"][node] == node]
        counts = sorted((b["exits"][r] for r in roots if b["exits"][r]), reverse=True)
        assert counts == exit_networks(sheet)
        # what a drawing would add, against the rules' networks after drawing it
        nets = Networks.of(sheet)
        for face in (2, 7):
            for cell, orientations in sheet.legal_cells(face)[:3]:
                gain = k.network_gain(b["cells"], b["sides"], b["net"], b["exits"], cell,
                                      face * 8 + orientations[0], T)
                child = sheet.copy()
                child.put(cell, face, orientations[0])
                assert gain == Networks.of(child).exit_points - nets.exit_points


def test_final_score_matches_the_rules_on_every_position():
    core = pure_core()
    for sheet in POSITIONS:
        assert core.score(sheet.cells) == score_sheet(sheet)[0]["total"]


def test_a_dense_sheet_with_loops_scores_as_the_rules():
    # crosses and tees everywhere: components with many loops (the bounded search's hard case)
    state = GAME.new_game(GAME.make_config(1), 3)
    sheet = state.seats[0].sheet
    rng = Rng(5)
    faces = [FACE_INDEX[f] for f in ("special-road-cross", "special-rail-cross",
                                     "special-station-cross", "road-tee", "rail-tee")]
    for _ in range(400):
        face = faces[rng.below(len(faces))]
        options = sheet.legal_cells(face)
        if not options:
            continue
        cell, orientations = options[rng.below(len(options))]
        sheet.put(cell, face, orientations[rng.below(len(orientations))])
    assert sum(c >= 0 for c in sheet.cells) > 30
    assert pure_core().score(sheet.cells) == score_sheet(sheet)[0]["total"]


def test_playouts_end_in_legal_sheets_scored_as_the_rules():
    core = pure_core()
    k, T, b = core.k, core.T, core.buffers
    start = POSITIONS[40]
    b["rs"][0] = 99
    k.load_tracked(b["cells"], b["sides"], b["facing"], b["net"], b["exits"], start.cells, 0, T)
    sheet = start.copy()
    mask = 0
    for rounds_left in (3, 2, 1, 0):
        k.roll(b["rs"], b["dice"], T)
        mask = k.play_round(b["cells"], b["sides"], b["facing"], b["net"], b["exits"],
                            b["dice"], rounds_left, mask, WEIGHTS, b["rs"], T)
    for cell in range(CELLS):
        code = b["cells"][cell]
        if code >= 0 and sheet.cells[cell] < 0:
            sheet.put(cell, code >> 3, code & 7)
    assert sheet.cells == b["cells"]
    assert sum(1 for c in sheet.cells if c >= 0) > sum(1 for c in start.cells if c >= 0)
    assert bin(mask).count("1") <= 3
    assert core.score(sheet.cells) == score_sheet(sheet)[0]["total"]


def test_the_policy_draws_only_legal_faces():
    core = pure_core()
    k, T, b = core.k, core.T, core.buffers
    for index, start in enumerate(POSITIONS[::60]):
        sheet = start.copy()
        k.load_tracked(b["cells"], b["sides"], b["facing"], b["net"], b["exits"], sheet.cells,
                       0, T)
        b["rs"][0] = index + 1
        k.roll(b["rs"], b["dice"], T)
        while k.choose_and_put(b["cells"], b["sides"], b["facing"], b["net"], b["exits"],
                               b["dice"], 4, 2, WEIGHTS, b["rs"], T):
            drawn = [c for c in range(CELLS) if b["cells"][c] >= 0 and sheet.cells[c] < 0]
            assert len(drawn) == 1
            code = b["cells"][drawn[0]]
            assert code & 7 in sheet.legal_orientations(code >> 3, drawn[0])
            sheet.put(drawn[0], code >> 3, code & 7)


def test_special_faces_are_in_rules_order():
    assert pure_core().T[10] == [FACE_INDEX[s] for s in SPECIALS]


@pytest.mark.skipif(compiled_core() is None, reason="numba is not installed here")
# the first run on a machine compiles the kernels (about 15 s of CPU, once: numba caches the
# machine code next to the sources); later runs load them in about half a second
@pytest.mark.timeout(900)
def test_compiled_and_pure_give_the_same_answers():
    pure, fast = pure_core(), compiled_core()
    starts = [POSITIONS[i].cells for i in (30, 31, 90)]
    masks = [0, 1, 5]
    args = (starts, masks, 4, 7, 0, 3, 12345, WEIGHTS)
    assert pure.playout_totals(*args) == fast.playout_totals(*args)
    for sheet in POSITIONS[::25]:
        assert fast.score(sheet.cells) == pure.score(sheet.cells)


def test_the_bench_section_measures_play_outs_on_the_pure_core():
    from game.benchmarks import bots_ink_core, sections
    assert sections()["bots.ink_core"] is bots_ink_core
    assert bots_ink_core.playouts_per_s(pure_core(), 0.05) > 0

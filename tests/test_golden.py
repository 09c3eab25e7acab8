"""Golden games (python-chess's perft idea): per game and main variant, a fixed seeded game's
legal-move count before every move, its moves, final state hash, scores and winners are pinned
in ``tests/golden/<game>.json``. A rules change fails here; if it is meant, rewrite the files
with ``python tests/golden/regenerate.py`` and review ``git diff tests/golden``.

The files were written by another process (with its own PYTHONHASHSEED), so matching them is
also a cross-process determinism check.
"""

import json

import pytest

from game.rules import available_games
from tests.golden.regenerate import cases_for, golden_file, golden_game

FIX = "if the rules change is meant, run: python tests/golden/regenerate.py"


def stored(name):
    path = golden_file(name)
    assert path.exists(), f"no golden file for {name}; {FIX}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == name
    return data["games"]


def cases():
    return [pytest.param(name, index, id=f"{name}-{players}p-{'+'.join(variants) or 'base'}")
            for name in available_games()
            for index, (players, variants) in enumerate(cases_for(name))]


def test_every_registered_game_has_its_golden_games():
    for name in available_games():
        games = stored(name)
        assert [(g["config"]["players"], tuple(g["config"]["variants"])) for g in games] == \
            [(players, tuple(sorted(variants))) for players, variants in cases_for(name)], FIX


@pytest.mark.parametrize("name,index", cases())
def test_golden_game_replays_identically(name, index):
    expected = stored(name)[index]
    players, variants = cases_for(name)[index]
    actual = golden_game(name, players, variants, expected["seed"])
    counts, moves = expected["legal_move_counts"], expected["moves"]
    for step, (want, got) in enumerate(zip(counts, actual["legal_move_counts"])):
        assert got == want, (f"step {step} (after {moves[step - 1] if step else 'set-up'}): "
                             f"{got} legal moves, golden {want}; {FIX}")
    for step, (want, got) in enumerate(zip(moves, actual["moves"])):
        assert got == want, f"step {step}: played {got}, golden {want}; {FIX}"
    assert len(actual["moves"]) == len(moves), \
        f"the game lasted {len(actual['moves'])} moves, golden {len(moves)}; {FIX}"
    assert actual["scores"] == expected["scores"], FIX
    assert actual["winners"] == expected["winners"], FIX
    assert actual["final_hash"] == expected["final_hash"], FIX
    assert actual == expected

"""Rewrite the golden games on purpose: ``python tests/golden/regenerate.py [game ...]``.

For each game and main variant a fixed seeded game is played (the seat and the move are
chosen by index into ``to_act`` and ``legal_moves`` with ``Rng(seed)``), and the number of
legal moves before every move, the moves, the final state hash, scores and winners are stored
in ``tests/golden/<game>.json``. ``tests/test_golden.py`` replays them: any rules change that
alters a count, a move, a hash or a score fails it, and running this script shows the change
as a diff to review (``git diff tests/golden``). A registered game without an entry in
``CASES`` gets its base game and each variant alone at its smallest table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if __package__ in (None, ""):          # run as a script: import the project from the repo root
    sys.path.insert(0, str(HERE.parent.parent))

from game.rules import available_games, get_game  # noqa: E402
from game.rules.core import Rng, state_hash  # noqa: E402
from tests import fourth_game  # noqa: E402

fourth_game.install()          # the test-only game has golden games too, as in tests/conftest.py

SEED = 2026
CASES: dict[str, list[tuple[int, tuple[str, ...]]]] = {
    "metro": [(3, ()), (3, ("hand2",)), (3, ("hand3",)), (3, ("orientation",)),
              (3, ("companies",))],
    "railroad-ink": [(2, ()), (2, ("river",)), (2, ("lake",)), (2, ("meteor",)),
                     (2, ("volcano",))],
    "metromania": [(2, ()), (3, ()), (3, ("unfair",)), (3, ("no-corruption",))],
}


def cases_for(name: str) -> list[tuple[int, tuple[str, ...]]]:
    if name in CASES:
        return CASES[name]
    game = get_game(name)
    return [(game.min_players, ())] + [(game.min_players, (v,)) for v in sorted(game.variants)]


def golden_game(name: str, players: int, variants: tuple, seed: int = SEED) -> dict:
    """One pinned game: what the golden file stores for it."""
    game = get_game(name)
    config = game.make_config(players, list(variants))
    state = game.new_game(config, seed)
    chooser = Rng(seed)
    counts: list[int] = []
    moves: list[str] = []
    while game.to_act(state):
        acting = game.to_act(state)
        seat = acting[chooser.below(len(acting))]
        legal = game.legal_moves(state, seat)
        counts.append(len(legal))
        move = legal[chooser.below(len(legal))]
        game.apply(state, seat, move)
        moves.append(f"{seat}:{move}")
    result = game.scores(state)
    return {"config": config, "seed": seed, "legal_move_counts": counts, "moves": moves,
            "final_hash": state_hash(game, state), "scores": list(result["scores"]),
            "winners": list(game.winners(state))}


def golden_file(name: str) -> Path:
    return HERE / f"{name}.json"


def golden_games(name: str) -> list[dict]:
    return [golden_game(name, players, variants) for players, variants in cases_for(name)]


def write(name: str) -> Path:
    path = golden_file(name)
    text = json.dumps({"game": name, "games": golden_games(name)}, indent=1, sort_keys=True)
    # one game's counts and moves on one line each: a diff names the game and the step
    path.write_text(_compact_lists(text) + "\n", encoding="utf-8")
    return path


def _compact_lists(text: str) -> str:
    out: list[str] = []
    buffer: list[str] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if buffer is not None:
            buffer.append(stripped)
            if stripped in ("]", "],"):
                head = buffer[0]
                body = " ".join(buffer[1:-1])
                out.append(f"{head}{body}{buffer[-1]}")
                buffer = None
            continue
        if stripped.endswith("[") and ('"legal_move_counts"' in stripped
                                       or '"moves"' in stripped or '"scores"' in stripped
                                       or '"winners"' in stripped or '"variants"' in stripped):
            buffer = [line]
            continue
        out.append(line)
    return "\n".join(out)


def main(argv: list[str]) -> int:
    names = argv or available_games()
    unknown = [name for name in names if name not in available_games()]
    if unknown:
        print(f"unknown game: {', '.join(unknown)} (choose from: {', '.join(available_games())})")
        return 2
    for name in names:
        print(f"wrote {write(name).relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

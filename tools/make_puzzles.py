"""Writes assets/puzzles/railroad_ink.json: Railroad Ink last-round puzzles.

A puzzle is a solo base game whose first six rounds were played by the "normal" bot (kept as
the seed and the move notation, so the puzzle never changes when the bots do), stopped at the
start of the last round. Only sheets whose three specials are spent are kept: their last round
is proved exhaustively in about a second (``game.bots.ink_last_round``), so the client can
prove it again while the player thinks. ``best`` is the proved best score, checked by tests.

    python tools/make_puzzles.py [COUNT]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots.base import make_bot  # noqa: E402
from game.bots.ink_last_round import solve  # noqa: E402
from game.rules.railroad_ink import GAME  # noqa: E402
from game.rules.railroad_ink.faces import FACE_INDEX, MAX_SPECIALS  # noqa: E402


def candidate(seed: int):
    state = GAME.new_game(GAME.make_config(1), seed)
    bot = make_bot(GAME, 0, "normal", seed)
    moves = []
    while state.round < state.rounds:
        move = bot.choose(GAME.view(state, 0))
        GAME.play(state, 0, move)
        moves.append(str(move))
    sheet = state.seats[0].sheet
    if len(sheet.specials) < MAX_SPECIALS:
        return None
    started = time.perf_counter()
    best, _plan = solve(sheet, [FACE_INDEX[f] for f in state.dice])
    seconds = time.perf_counter() - started
    if seconds > 2.5:
        return None
    return {"seed": seed, "moves": moves, "best": best}


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    out, seed = [], 1000
    while len(out) < count:
        seed += 1
        found = candidate(seed)
        if found is not None:
            out.append(found)
            print(f"puzzle {len(out)}: seed {seed}, best {found['best']}")
    path = ROOT / "assets" / "puzzles" / "railroad_ink.json"
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()

"""Railroad Ink's Daily and its last-round puzzles (the module ``RailroadInkKit.daily`` names;
what it gives: ``game.client.games.dailies``): the positions (``assets/puzzles/railroad_ink.json``,
made by ``tools/make_puzzles.py``) and the matches that start from them.

A puzzle is a solo base game whose first six rounds were played by a bot, kept as its seed and
move notation; replaying them gives the sheet at the start of the last round and its roll
(the seed's). The player plays that round; ``game.bots.ink_last_round.solve`` proves the best
score. Pure (no pygame, nothing of the client): the prover runs in the bots' helper processes,
which load this module to unpickle it, so it lives beside the game's bots, not in its kit (whose
package loads pygame); the kit draws the best plan (``puzzle_marks``).
"""

from __future__ import annotations

import json

from game.assets import assets_dir
from game.bots.base import Bot
from game.bots.ink_last_round import solve
from game.match import Match, SeatInfo
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_IDS, FACE_INDEX, MAX_SPECIALS
from game.rules.railroad_ink.moves import Draw, End, Skip

PUZZLE_FILE = "puzzles/railroad_ink.json"


def load_puzzles() -> list[dict]:
    """Every puzzle ({"seed", "moves", "best"}); a missing or corrupt file gives none."""
    try:
        data = json.loads((assets_dir() / PUZZLE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [p for p in data if isinstance(p, dict) and isinstance(p.get("seed"), int)
            and isinstance(p.get("moves"), list)]


def puzzle_match(puzzle: dict, name: str, device: str = "any") -> Match:
    """The solo match at the start of the puzzle's last round (a human seat)."""
    seats = [SeatInfo(name, "human", device=device, colour=0)]
    return Match.from_log(GAME, GAME.make_config(1), puzzle["seed"],
                          [(0, text) for text in puzzle["moves"]], seats)


def puzzle_roll(match: Match) -> list[int]:
    """Face indices of the last round's mandatory dice (what ``ink_last_round.solve`` takes)."""
    state = match.state
    return [FACE_INDEX[face] for face in state.dice[:4]]


def plan_moves(plan) -> list:
    """The rules' moves for a solved plan, then ``end``."""
    moves = []
    for face, cell, o in plan:
        moves.append(Skip(FACE_IDS[face]) if cell < 0 else Draw(FACE_IDS[face], cell, o))
    moves.append(End())
    return moves


def best_match(puzzle: dict, plan, name: str) -> Match:
    """The puzzle played the best way (the solved plan), for showing it on the board."""
    match = puzzle_match(puzzle, name)
    for move in plan_moves(plan):
        match.apply(0, move)
    return match


class PuzzleProver(Bot):
    """The exhaustive last round as a "bot" for ``game.client.bot_worker``: the proof runs in a
    helper process, off the frame loop. ``choose(view)`` answers (best score, plan) for the
    seat's sheet and roll in ``view`` (None when cancelled)."""

    level = "prover"

    def choose(self, view):
        seat = view.seats[self.seat]
        faces = [FACE_INDEX[view.dice[slot]] for slot in seat.pending if slot < 4]
        special_ok = not seat.special_round and len(seat.sheet.specials) < MAX_SPECIALS
        return solve(seat.sheet, faces, special_ok,
                     progress=lambda _n: self.should_stop())


# -- the rest of Railroad Ink's daily (``RailroadInkKit.daily`` names this module) -----------
def daily_match(seed: int, name: str, device: str = "any") -> Match:
    """The day's solo base game from its seed (a human seat)."""
    return Match.new(GAME, GAME.make_config(1), seed,
                     [SeatInfo(name, "human", device=device, colour=0)])

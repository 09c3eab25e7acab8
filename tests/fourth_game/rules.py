"""Pebbles' rules: pure and deterministic like every game's rules.

Two players, a pile of ``pile`` pebbles (variant ``long``: 15 instead of 9). On your turn take
one, two or three. Whoever takes the last pebble scores 1 and wins. Notation: ``take2``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import ConfigError, Game, IllegalMove, NotationError


@dataclass(frozen=True)
class Take:
    count: int

    def __str__(self) -> str:
        return f"take{self.count}"


@dataclass
class PebblesState:
    pile: int
    turn: int = 0
    winner: int | None = None


class Pebbles(Game):
    name = "pebbles"
    title = "Pebbles"
    min_players = 2
    max_players = 2
    variants = {"long": "a pile of 15 pebbles instead of 9"}
    bots = "tests.fourth_game.bots"

    def make_config(self, players, variants=(), **options):
        variants = sorted(set(variants))
        if players != 2:
            raise ConfigError("Pebbles is played by two")
        unknown = [v for v in variants if v not in self.variants]
        if unknown:
            raise ConfigError(f"unknown variant {unknown[0]!r}")
        return {"players": 2, "variants": variants}

    def new_game(self, config, seed):
        return PebblesState(pile=15 if "long" in config["variants"] else 9)

    # no chance and no secrets: a LAN table's state is the game itself
    def new_table_game(self, config, public_seed):
        return self.new_game(config, public_seed)

    def to_act(self, state):
        return () if state.pile == 0 else (state.turn,)

    def parse_move(self, text):
        if text in ("take1", "take2", "take3"):
            return Take(int(text[-1]))
        raise NotationError(text, "take1, take2 or take3")

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [Take(n) for n in (1, 2, 3) if n <= state.pile]

    def check(self, state, seat, move):
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if not isinstance(move, Take) or not 1 <= move.count <= min(3, state.pile):
            raise IllegalMove("too_many", "Take one, two or three, and no more than are left.")

    def play(self, state, seat, move):
        state.pile -= move.count
        if state.pile == 0:
            state.winner = seat
        state.turn = 1 - seat
        return [{"type": "took", "seat": seat, "count": move.count}]

    def scores(self, state):
        totals = [int(state.winner == seat) for seat in (0, 1)]
        return {"scores": totals, "breakdown": [{"last": total} for total in totals]}

    def view(self, state, seat):
        return self.clone(state)

    def hidden_variant(self, state, viewer, rng):
        return None                       # nothing is hidden from anyone

    def encode(self, state):
        return {"pile": state.pile, "turn": state.turn,
                "winner": -1 if state.winner is None else state.winner}


GAME = Pebbles()

"""Bench section ``rules.metro``: random 4-player games per second and the cost of listing
the legal moves of a typical mid-game position."""

from __future__ import annotations

from game.benchmarks.measure import RandomGames, per_call_us, play_random
from game.rules.core import Rng
from game.rules.metro import GAME

SECTION = "rules.metro"


def _mid_game(config: dict, seed: int, placed: int):
    state = GAME.new_game(config, seed)
    play_random(GAME, state, Rng(seed), until=lambda s: s.placed >= placed)
    return state


def run(quick: bool = False) -> dict:
    config = GAME.make_config(4)
    games = RandomGames(GAME, config, range(20 if quick else 300))
    state = _mid_game(config, 7, 30)
    seat = state.current
    repeat = 200 if quick else 5000
    legal = GAME.legal_moves(state, seat)
    rng = Rng(1)
    orientation = _mid_game(GAME.make_config(4, ["hand3", "orientation"]), 7, 30)
    return {
        "games_4p_per_second": round(games.per_second(), 1),
        "moves_per_game": round(games.moves_per_game(), 1),
        "legal_moves_midgame_us": per_call_us(lambda: GAME.legal_moves(state, seat), repeat),
        "legal_moves_midgame_count": len(legal),
        "random_move_midgame_us": per_call_us(lambda: GAME.random_move(state, seat, rng),
                                              repeat),
        "legal_moves_midgame_hand3_orientation_us": per_call_us(
            lambda: GAME.legal_moves(orientation, orientation.current), repeat),
        "clone_us": per_call_us(lambda: GAME.clone(state), repeat),
    }

"""Bench section ``rules.metro``: random 4-player games per second and the cost of listing
the legal moves of a typical mid-game position."""

from __future__ import annotations

import time

from game.rules.core import Rng
from game.rules.metro import GAME

SECTION = "rules.metro"


def _random_game(config: dict, seed: int) -> int:
    state = GAME.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    moves = 0
    while not state.over:
        seat = state.current
        GAME.play(state, seat, GAME.random_move(state, seat, rng))
        moves += 1
    return moves


def _mid_game(config: dict, seed: int, placed: int):
    state = GAME.new_game(config, seed)
    rng = Rng(seed)
    while state.placed < placed:
        seat = state.current
        GAME.play(state, seat, GAME.random_move(state, seat, rng))
    return state


def _per_call_us(func, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        func()
    return round((time.perf_counter() - started) * 1e6 / repeat, 2)


def run(quick: bool = False) -> dict:
    config = GAME.make_config(4)
    games = 20 if quick else 300
    started = time.perf_counter()
    moves = sum(_random_game(config, seed) for seed in range(games))
    seconds = time.perf_counter() - started
    state = _mid_game(config, 7, 30)
    seat = state.current
    repeat = 200 if quick else 5000
    legal = GAME.legal_moves(state, seat)
    rng = Rng(1)
    orientation = _mid_game(GAME.make_config(4, ["hand3", "orientation"]), 7, 30)
    return {
        "games_4p_per_second": round(games / seconds, 1),
        "moves_per_game": round(moves / games, 1),
        "legal_moves_midgame_us": _per_call_us(lambda: GAME.legal_moves(state, seat), repeat),
        "legal_moves_midgame_count": len(legal),
        "random_move_midgame_us": _per_call_us(lambda: GAME.random_move(state, seat, rng),
                                               repeat),
        "legal_moves_midgame_hand3_orientation_us": _per_call_us(
            lambda: GAME.legal_moves(orientation, orientation.current), repeat),
        "clone_us": _per_call_us(lambda: GAME.clone(state), repeat),
    }

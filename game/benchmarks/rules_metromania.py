"""Bench section ``rules.metromania``: a full random 4-player game (target <= 50 ms), listing
the legal continuations of a line mid-game (target <= 1 ms), and the cost of the complete
legal-move list and of final scoring."""

from __future__ import annotations

import time

from game.rules.core import Rng
from game.rules.metromania import GAME
from game.rules.metromania.lines import TurnContext, continuations

SECTION = "rules.metromania"


def _random_game(config: dict, seed: int, checked: bool = False):
    state = GAME.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    moves = 0
    perform = GAME.apply if checked else GAME.play
    while not GAME.is_over(state):
        seat = state.turn
        perform(state, seat, GAME.random_move(state, seat, rng))
        moves += 1
    GAME.scores(state)
    return moves, state


def _mid_game(config: dict, seed: int, turns: int):
    state = GAME.new_game(config, seed)
    rng = Rng(seed)
    for _ in range(turns):
        if GAME.is_over(state):
            break
        seat = state.turn
        GAME.play(state, seat, GAME.random_move(state, seat, rng))
    return state


def _per_call_us(func, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        func()
    return round((time.perf_counter() - started) * 1e6 / repeat, 2)


def run(quick: bool = False) -> dict:
    config = GAME.make_config(4)
    games = 10 if quick else 100
    durations, moves = [], 0
    for seed in range(games):
        started = time.perf_counter()
        count, _ = _random_game(config, seed)
        durations.append(time.perf_counter() - started)
        moves += count
    durations.sort()
    started = time.perf_counter()
    for seed in range(games // 2):
        _random_game(config, seed, checked=True)
    checked_ms = (time.perf_counter() - started) * 1000 / (games // 2)
    state = _mid_game(config, 7, 12)
    seat = state.turn
    ctx = TurnContext.at_turn_start(state, seat)
    repeat = 200 if quick else 2000
    legal = GAME.legal_moves(state, seat)
    _, final = _random_game(config, 3)
    return {
        "random_game_4p_mean_ms": round(sum(durations) * 1000 / games, 2),
        "random_game_4p_max_ms": round(durations[-1] * 1000, 2),
        "random_game_4p_target_ms": 50,
        "random_game_4p_with_check_mean_ms": round(checked_ms, 2),
        "moves_per_game": round(moves / games, 1),
        "continuations_line_us": _per_call_us(lambda: continuations(state, seat, 0, ctx),
                                              repeat),
        "continuations_target_us": 1000,
        "client_continuations_after_2_us": _per_call_us(
            lambda: GAME.continuations(state, seat, None, legal[0].tunnels[:2])
            if hasattr(legal[0], "tunnels") else None, repeat // 4),
        "legal_moves_midgame_ms": round(_per_call_us(lambda: GAME.legal_moves(state, seat),
                                                     max(5, repeat // 100)) / 1000, 2),
        "legal_moves_midgame_count": len(legal),
        "final_scores_ms": round(_per_call_us(lambda: GAME.scores(final), 20) / 1000, 2),
    }

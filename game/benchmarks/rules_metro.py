"""Bench section ``rules.metro``: random 4-player games per second and the cost of listing
the legal moves of a typical mid-game position.

* ``games_4p_legal_list_per_second_cpu``: complete random 4-player games per CPU second with
  the legal-move list built every turn and the move drawn from it (target >= 5,000; CPU time
  of this process, best of 3 passes: the machine may be shared): ``new_game``, then every turn
  ``to_act``, ``legal_moves``, ``Rng.below`` over the list and ``play``, which returns the
  move's events (what the client gets: a placement's list keeps the values its events are
  made from and builds the dicts when first read, ``metro/events.py``; this loop does not
  read them, as a search or playout through ``play`` does not). ``..._events_read_...``: the
  same games with every event read (all built), what a client showing them pays.
  ``..._quiet_...``: the same games played with ``play_quiet`` (no events at all).
  ``games_4p_per_second`` is the older, kinder figure (wall clock, ``random_move`` without
  the list).
* ``hash_after_move_us_*``: thread CPU of the state hash right after each move of random
  4-player games (target <= 20 µs; ``..._6p_companies``: the largest state), beside the same
  position encoded and hashed from scratch (what it cost before the hash was incremental).
"""

from __future__ import annotations

from game.benchmarks.measure import (RandomGames, hash_after_move_us,
                                     legal_list_games_per_second, per_call_us, play_random)
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
    hashes = hash_after_move_us(GAME, config, range(3 if quick else 20))
    largest = hash_after_move_us(GAME, GAME.make_config(6, ["companies"]), range(2 if quick else 10))
    return {
        "games_4p_legal_list_per_second_cpu": round(
            legal_list_games_per_second(GAME, config, range(20 if quick else 300)), 1),
        "games_4p_legal_list_events_read_per_second_cpu": round(
            legal_list_games_per_second(GAME, config, range(20 if quick else 300),
                                        read_events=True), 1),
        "games_4p_legal_list_quiet_per_second_cpu": round(
            legal_list_games_per_second(GAME, config, range(20 if quick else 300), quiet=True), 1),
        "games_4p_legal_list_target_per_second": 5000,
        **hashes,
        "hash_after_move_us_mean_6p_companies": largest["hash_after_move_us_mean"],
        "hash_after_move_us_median_6p_companies": largest["hash_after_move_us_median"],
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

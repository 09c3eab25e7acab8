"""Bench section ``rules.metromania``: a full random 4-player game (target <= 50 ms), listing
the legal continuations of a line mid-game (target <= 1 ms), and the cost of the complete
legal-move list and of final scoring.

``hash_after_move_us_*``: thread CPU of the state hash right after each move of random
4-player games (target <= 20 µs; ``..._2p`` at two players), beside the same position encoded
and hashed from scratch (what it cost before the hash was incremental)."""

from __future__ import annotations

from game.benchmarks.measure import RandomGames, hash_after_move_us, per_call_us, play_random
from game.rules.core import Rng
from game.rules.metromania import GAME
from game.rules.metromania.lines import TurnContext, continuations

SECTION = "rules.metromania"


def run(quick: bool = False) -> dict:
    config = GAME.make_config(4)
    games = 10 if quick else 100
    played = RandomGames(GAME, config, range(games), score=True)
    checked = RandomGames(GAME, config, range(games // 2), score=True, checked=True)
    state = GAME.new_game(config, 7)
    play_random(GAME, state, Rng(7), most=12)
    seat = state.turn
    ctx = TurnContext.at_turn_start(state, seat)
    repeat = 200 if quick else 2000
    legal = GAME.legal_moves(state, seat)
    final = GAME.new_game(config, 3)
    play_random(GAME, final, Rng(3 ^ 0x5EED))
    hashes = hash_after_move_us(GAME, config, range(4 if quick else 30))
    two = hash_after_move_us(GAME, GAME.make_config(2), range(4 if quick else 30))
    return {
        **hashes,
        "hash_after_move_us_mean_2p": two["hash_after_move_us_mean"],
        "hash_after_move_us_median_2p": two["hash_after_move_us_median"],
        "random_game_4p_mean_ms": round(played.mean_ms(), 2),
        "random_game_4p_max_ms": round(played.max_ms(), 2),
        "random_game_4p_target_ms": 50,
        "random_game_4p_with_check_mean_ms": round(checked.mean_ms(), 2),
        "moves_per_game": round(played.moves_per_game(), 1),
        "continuations_line_us": per_call_us(lambda: continuations(state, seat, 0, ctx),
                                             repeat),
        "continuations_target_us": 1000,
        "client_continuations_after_2_us": per_call_us(
            lambda: GAME.continuations(state, seat, None, legal[0].tunnels[:2])
            if hasattr(legal[0], "tunnels") else None, repeat // 4),
        "legal_moves_midgame_ms": round(per_call_us(lambda: GAME.legal_moves(state, seat),
                                                    max(5, repeat // 100)) / 1000, 2),
        "legal_moves_midgame_count": len(legal),
        "final_scores_ms": round(per_call_us(lambda: GAME.scores(final), 20) / 1000, 2),
    }

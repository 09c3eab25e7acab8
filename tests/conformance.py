"""Random-playout conformance checks that every game must pass (used by each game's tests).

``playout`` plays one random game through the protocol and checks at every step: the seats to
act have legal moves, every legal move's notation round-trips, ``check`` never changes the
state, an applied move is accepted by ``check`` first, the game ends, and the final scores
are well formed. ``configs_for`` lists the configurations to cover (each variant alone, at
the smallest and largest player counts).
"""

from __future__ import annotations

import itertools

from game.rules.core import ConfigError, Game, IllegalMove, Rng, state_hash

MAX_STEPS = 20000


def configs_for(game: Game, players: list[int] | None = None) -> list[dict]:
    counts = players or sorted({game.min_players, game.max_players,
                                (game.min_players + game.max_players) // 2})
    names = sorted(game.variants)
    combos: list[tuple[str, ...]] = [()] + [(v,) for v in names]
    configs = []
    for count, combo in itertools.product(counts, combos):
        try:
            configs.append(game.make_config(count, combo))
        except ConfigError:
            continue
    return configs


def playout(game: Game, config: dict, seed: int, *, probe_every: int = 7,
            move_rng_seed: int | None = None) -> tuple[object, list[tuple[int, str]]]:
    """Play a random game; return the final state and the log of (seat, notation)."""
    state = game.new_game(config, seed)
    rng = Rng(seed if move_rng_seed is None else move_rng_seed)
    log: list[tuple[int, str]] = []
    for step in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            break
        assert list(acting) == sorted(set(acting)), "to_act must be sorted and unique"
        seat = acting[rng.below(len(acting))]
        moves = game.legal_moves(state, seat)
        assert moves, f"seat {seat} must move but has no legal move (step {step})"
        if step % probe_every == 0:
            before = state_hash(game, state)
            for move in moves[:: max(1, len(moves) // 12)]:
                text = str(move)
                assert game.parse_move(text) == move, f"notation does not round-trip: {text}"
                game.check(state, seat, move)
            assert state_hash(game, state) == before, "check() changed the state"
            for other in range(config["players"]):
                if other not in acting:
                    try:
                        game.check(state, other, moves[0])
                    except IllegalMove:
                        pass
                    else:
                        raise AssertionError(f"seat {other} may move out of turn")
            assert state_hash(game, state) == before, "check() of a refused move changed the state"
        move = moves[rng.below(len(moves))]
        game.check(state, seat, move)
        game.play(state, seat, move)
        log.append((seat, str(move)))
    else:
        raise AssertionError("game did not end")
    assert game.is_over(state)
    result = game.scores(state)
    assert len(result["scores"]) == config["players"]
    assert all(isinstance(s, int) for s in result["scores"])
    assert len(result["breakdown"]) == config["players"]
    winners = game.winners(state)
    assert winners and all(0 <= w < config["players"] for w in winners)
    return state, log


def replay(game: Game, config: dict, seed: int, log: list[tuple[int, str]]) -> list[str]:
    """Replay a log through ``apply`` and return the hash after every move."""
    state = game.new_game(config, seed)
    hashes = []
    for seat, text in log:
        game.apply(state, seat, game.parse_move(text))
        hashes.append(state_hash(game, state))
    return hashes

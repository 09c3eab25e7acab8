"""Random-playout conformance checks that every game must pass.

``conform`` is the full protocol check that ``tests/test_conformance.py`` runs over every
registered game (clone independence, apply == check + play, notation round-trips, refused moves
change nothing, views consistent and blind to hidden information, terminal invariants, the log
saved and loaded back). ``playout`` is the lighter check some per-game tests still use: the
seats to act have legal moves, sampled notation round-trips, ``check`` never changes the state,
the game ends and the final scores are well formed. ``replay`` replays a log through ``apply``.
``configs_for`` lists the configurations to cover (each variant alone, at the given or the
smallest, middle and largest player counts).
"""

from __future__ import annotations

import itertools
import json

import msgpack

from game.match import Match
from game.rules import rules_version
from game.rules.core import ConfigError, Game, IllegalMove, Rng, canonical_bytes, state_hash
from game.saves.format import encode as encode_save
from game.saves.format import make_header, parse_bytes
from game.saves.load import load_plain, replay_save

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


# --------------------------------------------------------------------------------------------
# The full protocol checks (tests/test_conformance.py runs them for every registered game)
# --------------------------------------------------------------------------------------------


def encoded(game: Game, state) -> bytes:
    return canonical_bytes(game.encode(state))


def wire_round_trip(value):
    """``value`` through msgpack as the LAN wire and LAN logs carry plain data."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False,
                           strict_map_key=True)


def save_round_trip(game: Game, config: dict, seed: int, log: list[tuple[int, str]]) -> list:
    """The matches a save file and a LAN log (msgpack) of ``log`` load back into."""
    match = Match.from_log(game, config, seed, log)
    header = make_header(match, created="2026-01-01T00:00:00Z", table="t", label="",
                         rules_version=rules_version())
    parsed = parse_bytes(encode_save(match, header))
    from_file, damage = replay_save(parsed)
    assert damage is None, damage
    from_wire = load_plain(wire_round_trip(match.to_plain()))
    assert from_wire.damage is None, from_wire.damage
    return [match, from_file, from_wire.match]


def check_views(game: Game, state, players: int, perturb, rng: Rng) -> None:
    """What every seat and a spectator see: consistent, idempotent, blind to hidden info."""
    before = encoded(game, state)
    acting = game.to_act(state)
    spectator = encoded(game, game.view(state, None))
    for viewer in [*range(players), None]:
        view = game.view(state, viewer)
        seen = encoded(game, view)
        assert encoded(game, game.view(view, viewer)) == seen, "view is not idempotent"
        assert encoded(game, game.view(view, None)) == spectator, \
            f"seat {viewer}'s view shows a spectator more than the spectator's own view"
        assert game.to_act(view) == acting
        if viewer in acting:
            assert game.legal_moves(view, viewer) == game.legal_moves(state, viewer), \
                "a seat's legal moves depend on what it cannot see"
        other = perturb(state, viewer, rng)
        if other is None:                 # the game hides nothing (its hidden_variant says so)
            continue
        assert encoded(game, other) != before, "the perturbation changed nothing"
        assert encoded(game, game.view(other, viewer)) == seen, \
            f"the view of {viewer} shows hidden information"
    assert encoded(game, state) == before, "view() changed the state"


def check_refusals(game: Game, state, seat: int, acting, moves: list, stale: list,
                   players: int) -> None:
    """Refused moves (out of turn, no longer legal, junk notation) change nothing."""
    before = encoded(game, state)
    for other in range(players):
        if other not in acting:
            for move in moves[:3]:
                try:
                    game.check(state, other, move)
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"seat {other} may move out of turn")
    legal = set(moves)
    for move in stale:
        if move in legal:
            continue
        try:
            game.apply(state, seat, move)
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"{move} was played though legal_moves does not list it")
        assert encoded(game, state) == before, f"a refused {move} changed the state"
    for junk in ("", "?!", "move", "\u00e9@Z9/9", "x" * 300):
        try:      # junk is refused with IllegalMove (a clear message), never another exception
            game.parse_move(junk)
        except IllegalMove:
            pass
    assert encoded(game, state) == before, "check() of a refused move changed the state"


def check_over(game: Game, state, players: int, last_moves: list) -> dict:
    """Terminal invariants: nobody acts or has a move, scores and winners agree."""
    assert game.is_over(state) and game.to_act(state) == ()
    before = encoded(game, state)
    for seat in range(players):
        assert game.legal_moves(state, seat) == [], f"seat {seat} has moves after the end"
        for move in last_moves:
            try:
                game.check(state, seat, move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"seat {seat} may still play {move} after the end")
    assert encoded(game, state) == before
    result = game.scores(state)
    totals = result["scores"]
    assert len(totals) == players and all(type(s) is int for s in totals)
    assert len(result["breakdown"]) == players
    json.dumps(result)
    winners = game.winners(state)
    assert winners, "nobody won"
    assert winners == sorted(set(winners)) and all(0 <= w < players for w in winners), winners
    best = max(totals)
    assert all(totals[w] == best for w in winners), "a winner without the best score"
    for viewer in [*range(players), None]:   # at the end the result is public
        view = game.view(state, viewer)
        assert game.scores(view)["scores"] == totals and game.winners(view) == winners
    return result


def conform(game: Game, config: dict, seed: int, perturb, *, probe_every: int = 4,
            max_steps: int = MAX_STEPS) -> tuple[object, list[tuple[int, str]]]:
    """A random game played through every protocol check; returns the final state and log.

    Every step: ``apply`` on a clone equals ``check`` + ``play`` on the state (events and
    hash), and neither copy's move shows in the other (clone independence, both ways); every
    legal move's notation round-trips. Every ``probe_every`` steps as well: ``check`` accepts
    every legal move; views (see ``check_views``); refused moves change nothing. At the end: the
    terminal invariants, and the log saved and loaded (save file, LAN log) gives the state.
    """
    players = config["players"]
    state = game.new_game(config, seed)
    rng = Rng(seed * 2654435761 + 1)
    log: list[tuple[int, str]] = []
    recent: list = []
    # the state's encoding, carried from the end of one step to the next (nothing may change
    # the state in between: a change shows as the clone encoding differently)
    now = encoded(game, state)
    for step in range(max_steps):
        acting = game.to_act(state)
        if not acting:
            break
        assert list(acting) == sorted(set(acting)), "to_act must be sorted and unique"
        seat = acting[rng.below(len(acting))]
        moves = game.legal_moves(state, seat)
        assert moves, f"seat {seat} must move but has no legal move (step {step})"
        assert len(set(moves)) == len(moves), "legal_moves lists a move twice"
        for move in moves:
            text = str(move)
            again = game.parse_move(text)
            assert again == move and str(again) == text, f"notation does not round-trip: {text}"
        if step % probe_every == 0:
            for move in moves:
                game.check(state, seat, move)
            assert encoded(game, state) == now, "check() changed the state"
            check_views(game, state, players, perturb, rng)
            check_refusals(game, state, seat, acting, moves, recent, players)
        move = moves[rng.below(len(moves))]
        twin = game.clone(state)
        before = now
        assert encoded(game, twin) == before, "a clone encodes differently"
        game.check(state, seat, move)
        events = game.play(state, seat, move)
        assert encoded(game, twin) == before, "playing on the state changed its clone"
        assert game.apply(twin, seat, move) == events, "apply's events differ from play's"
        now = encoded(game, state)
        assert encoded(game, twin) == now, "apply != check + play"
        if step % probe_every == 0 and game.to_act(twin):
            after = now
            other_seat = game.to_act(twin)[0]
            game.play(twin, other_seat, game.legal_moves(twin, other_seat)[-1])
            assert encoded(game, state) == after, "playing on a clone changed the original"
        log.append((seat, str(move)))
        recent = (recent + [move])[-4:]
    else:
        raise AssertionError("game did not end")
    check_over(game, state, players, recent)
    final = state_hash(game, state)
    for match in save_round_trip(game, config, seed, log):
        assert match.hash() == final and encoded(game, match.state) == encoded(game, state), \
            "the game saved and loaded back is not the game played"
    middle = log[:len(log) // 2]
    hashes = {match.hash() for match in save_round_trip(game, config, seed, middle)}
    assert len(hashes) == 1
    return state, log

"""The incremental state hashes equal the hash taken from scratch, move after move.

Every game hashes its state after each move by keeping what the last hash wrote and writing
again only what the move changed (Metro and Metromania: ``rules.encoding.Record``; Railroad
Ink: one cached digest per seat). A change the memo misses would let two peers agree on
different states, or disagree on equal ones. So after random playouts (local games, copies
that diverge from their original, the players' views and LAN table states) each hash is
compared with the same definition computed from scratch from ``encode``:

* Metro, Metromania: ``hash_bytes(canonical_bytes([name, encode(state)]))`` — the hash the
  game always had, so saves, replays and golden games keep verifying;
* Railroad Ink: its per-seat digests recomputed from ``SeatState.encode`` with no cache.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings, strategies as st

from game.rules import get_game
from game.rules.core import Rng, canonical_bytes, hash_bytes
from game.rules.railroad_ink.table import UnknownRolls
from tests.fair_dealer import FairDealer
from tests.table_simulation import TableSimulation


def _blake(value) -> bytes:
    return hashlib.blake2b(canonical_bytes(value), digest_size=16).digest()


def railroad_ink_parts(state, rng=None) -> dict:
    """What Railroad Ink's hash is of, recomputed from the seats' plain encodings."""
    seats = []
    for seat in state.seats:
        plain = seat.encode()
        sheet = _blake([plain["cells"], plain["specials"], plain["dot"]])
        start = _blake(plain["start"])
        seats.append(_blake([sheet, start] + [plain[key] for key in (
            "ended", "pending", "skipped", "special_round", "meteor_done", "volcano_round",
            "lava_done", "round_moves")]))
    return {"config": state.config, "rounds": state.rounds, "round": state.round,
            "rng": state.rng if rng is None else rng, "dice": list(state.dice),
            "meteor": state.meteor, "seats": seats, "over": state.over}


def scratch_hash(game, state) -> str:
    if game.name == "railroad-ink":
        return hash_bytes(canonical_bytes([game.name, railroad_ink_parts(state)]))
    return hash_bytes(canonical_bytes([game.name, game.encode(state)]))


def scratch_public(game, state) -> bytes:
    if game.name == "railroad-ink":
        return canonical_bytes(railroad_ink_parts(state, UnknownRolls()))
    return canonical_bytes(game.public_encode(state))


def assert_hashes(game, state, where: str) -> None:
    assert game.state_digest(state) == scratch_hash(game, state), f"state hash {where}"
    assert game.public_digest(state) == scratch_public(game, state), f"public hash {where}"


CASES = [("metro", 4, []), ("metro", 6, ["companies"]), ("metro", 3, ["orientation", "hand3"]),
         ("metromania", 4, []), ("metromania", 3, ["unfair"]),
         ("railroad-ink", 2, ["lake"]), ("railroad-ink", 2, ["volcano"]),
         ("railroad-ink", 1, ["meteor"]), ("railroad-ink", 2, ["river"])]


def _random_step(game, state, rng: Rng) -> None:
    acting = game.to_act(state)
    seat = acting[rng.below(len(acting))]
    game.play(state, seat, game.random_move(state, seat, rng))


@pytest.mark.parametrize("name,players,variants", CASES,
                         ids=[f"{n}-{p}p-{'+'.join(v) or 'base'}" for n, p, v in CASES])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_hash_after_every_move_equals_the_hash_from_scratch(name, players, variants,
                                                                  seed):
    game = get_game(name)
    state = game.new_game(game.make_config(players, variants), seed)
    rng = Rng(seed)
    assert_hashes(game, state, "at the set-up")
    moves = 0
    while game.to_act(state):
        _random_step(game, state, rng)
        moves += 1
        assert_hashes(game, state, f"after move {moves}")
        if moves % 9 == 0:            # a player's view: hidden parts, its own memo
            view = game.view(state, moves % players)
            assert_hashes(game, view, f"of a view after move {moves}")


@pytest.mark.parametrize("name,players,variants", CASES[::2],
                         ids=[f"{n}-{p}p-{'+'.join(v) or 'base'}" for n, p, v in CASES[::2]])
def test_copies_that_part_ways_each_hash_their_own_state(name, players, variants):
    """A copy starts from its original's memo; after each plays other moves, each hash is
    still its own state's (nothing one writes reaches the other)."""
    game = get_game(name)
    state = game.new_game(game.make_config(players, variants), 11)
    rng = Rng(11)
    for _ in range(12):
        _random_step(game, state, rng)
    game.state_digest(state)
    game.public_digest(state)
    twins = [game.clone(state) for _ in range(2)]
    for index, twin in enumerate([state, *twins]):
        other = Rng(100 + index)
        for step in range(25):
            if not game.to_act(twin):
                break
            _random_step(game, twin, other)
            assert_hashes(game, twin, f"of copy {index} after its move {step + 1}")
    for index, twin in enumerate([state, *twins]):      # and once more, after all moved
        assert_hashes(game, twin, f"of copy {index} at the end")


class _CheckedTable(TableSimulation):
    """A LAN table whose every peer's hashes are checked after every step."""

    def assert_agreed(self) -> None:
        super().assert_agreed()
        for index, peer in enumerate(self.peers):
            assert_hashes(self.game, peer, f"of table peer {index} at step {self.steps}")


@pytest.mark.parametrize("name,players,variants",
                         [("metro", 2, ["companies"]), ("metromania", 3, ["unfair"]),
                          ("railroad-ink", 2, ["meteor"])])
def test_every_table_peer_hashes_like_from_scratch(name, players, variants):
    game = get_game(name)
    table = _CheckedTable(game, game.make_config(players, variants), 5, FairDealer)
    table.play_out(Rng(5))

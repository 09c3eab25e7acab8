"""Random-playout conformance of Metro across player counts 2-6 and every variant, plus
property tests (incremental tracing == tracing from scratch, score_notation == the game)."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.core import Rng, canonical_bytes, state_hash
from game.rules.metro import GAME
from game.rules.metro.board import CENTRE, parse_square
from game.rules.metro.data import TILE_COPIES
from game.rules.metro.moves import Place
from game.rules.metro.tiles import TYPES
from tests.conformance import configs_for, playout, replay

VARIANT_SETS = [(), ("orientation",), ("hand2",), ("hand3",), ("companies",),
                ("companies", "hand3", "orientation"), ("hand2", "orientation")]
ALL_CONFIGS = [GAME.make_config(players, variants)
               for players, variants in itertools.product(range(2, 7), VARIANT_SETS)]


def config_id(config):
    return f"{config['players']}p-{'+'.join(config['variants']) or 'base'}"


def play_checked(config, seed):
    """A random game through apply with the Metro invariants checked along the way."""
    state = GAME.new_game(config, seed)
    rng = Rng(seed * 31 + 7)
    completed = []
    placements = []
    while not GAME.is_over(state):
        seat = state.current
        if state.turn % 5 == 0:
            view = GAME.view(state, seat)
            assert GAME.legal_moves(view, seat) == GAME.legal_moves(state, seat)
            probe = rng.copy()
            assert GAME.random_move(view, seat, probe) == rng.copy().choice(
                GAME.legal_moves(state, seat))
        move = GAME.random_move(state, seat, rng)
        events = GAME.apply(state, seat, move)
        if isinstance(move, Place):
            placements.append(str(move))
        completed += [e["station"] for e in events if e["kind"] == "line_completed"]
    return state, completed, placements


@pytest.mark.parametrize("config", ALL_CONFIGS, ids=config_id)
def test_random_games_fill_the_board_and_score_every_line_once(config):
    for seed in range(8):
        state, completed, placements = play_checked(config, seed)
        assert state.placed == 60 and len(placements) == 60
        board = [state.board[sq] for sq in range(64) if sq not in CENTRE]
        assert all(board)
        used = {}
        for tile, _ in board:
            used[tile] = used.get(tile, 0) + 1
        assert used == TILE_COPIES
        assert sorted(completed) == list(range(1, 33))           # every line exactly once
        assert all(state.line_done) and not state.stack and not any(state.hands)
        # points per owner add up
        if state.companies:
            totals = [0] * 8
        else:
            totals = [0] * state.players
        for i in range(32):
            if state.car_owner[i] is not None:
                totals[state.car_owner[i]] += state.line_points[i]
        assert totals == (state.profits if state.companies else state.scores)
        # incremental tracing agrees with tracing from scratch
        for station in range(1, 33):
            line = GAME.line_path(state, station)
            assert line["complete"] and line["tiles"] == state.line_tiles[station - 1]
            assert line["centre"] == state.line_centre[station - 1]
            assert line["end"] == state.line_end[station - 1]


@pytest.mark.parametrize("config", configs_for(GAME, [2, 3, 4, 5, 6]), ids=config_id)
def test_protocol_playout_and_replay(config):
    for seed in (1, 2):
        state, log = playout(GAME, config, seed, probe_every=5)
        assert state.placed == 60
        hashes = replay(GAME, config, seed, log)
        assert hashes[-1] == state_hash(GAME, state)


def test_views_of_states_differing_only_in_hidden_info_encode_identically():
    for config in ALL_CONFIGS[::3]:
        state = GAME.new_game(config, 77)
        rng = Rng(5)
        for _ in range(25):
            GAME.play(state, state.current, GAME.random_move(state, state.current, rng))
        other = GAME.clone(state)
        # re-deal the hidden tiles: other hands and the stack (counts kept)
        seat = state.current
        hidden = other.stack + [t for s, h in enumerate(other.hands) if s != seat for t in h]
        Rng(9).shuffle(hidden)
        other.stack = hidden[:len(other.stack)]
        rest = hidden[len(other.stack):]
        for s, hand in enumerate(other.hands):
            if s != seat:
                other.hands[s], rest = rest[:len(hand)], rest[len(hand):]
        if other.companies:
            other.piles = [list(reversed(p)) for p in other.piles]
        other.rng = Rng(123)
        for who in (seat, None):
            assert (canonical_bytes(GAME.encode(GAME.view(other, who)))
                    == canonical_bytes(GAME.encode(GAME.view(state, who))))


def test_check_never_changes_state():
    state = GAME.new_game(GAME.make_config(4, ["companies", "orientation"]), 4)
    rng = Rng(4)
    for _ in range(30):
        before = canonical_bytes(GAME.encode(state))
        seat = state.current
        for text in ("aaaa@D4", "aaaa@A1", "draw", "swap:blue:10:up", "dddd@C3/2"):
            try:
                GAME.check(state, seat, GAME.parse_move(text))
            except Exception:  # noqa: BLE001 - only the state matters here
                pass
            try:
                GAME.check(state, (seat + 1) % 4, GAME.parse_move(text))
            except Exception:  # noqa: BLE001
                pass
        assert canonical_bytes(GAME.encode(state)) == before
        GAME.play(state, seat, GAME.random_move(state, seat, rng))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), orientation=st.booleans())
def test_score_notation_agrees_with_the_game(players, seed, orientation):
    variants = ["orientation"] if orientation else []
    config = GAME.make_config(players, variants)
    state, _, placements = play_checked(config, seed)
    result = GAME.score_notation(" ".join(placements), config, 0)
    assert result["scores"] == state.scores
    assert len(result["lines"]) == sum(o is not None for o in state.car_owner)
    for line in result["lines"]:
        i = line["station"] - 1
        assert line["seat"] == state.car_owner[i] and line["complete"]
        assert line["points"] == state.line_points[i] and line["tiles"] == state.line_tiles[i]
    # a partial board scores its completed lines only
    half = GAME.score_notation(" ".join(placements[:30]), config, 0)
    assert all(line["points"] == 0 for line in half["lines"] if not line["complete"])
    assert sum(half["scores"]) == sum(line["points"] for line in half["lines"])


@given(tile=st.sampled_from(TYPES), square=st.sampled_from(
    [r + str(c) for r in "ABCDEFGH" for c in range(1, 9)]), rot=st.integers(0, 3))
def test_placement_notation_round_trips(tile, square, rot):
    move = Place(tile, parse_square(square), rot)
    assert GAME.parse_move(str(move)) == move
    assert str(GAME.parse_move(f"{tile}@{square.lower()}/{rot}")) == str(move)

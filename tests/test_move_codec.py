"""Compact move frames: every legal move of random playouts of the three games round-trips
through its game's codec and fits a frame of at most 24 bytes; malformed bytes are refused
with a reason, never a crash, and a host refuses such a frame without changing anything."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from game.rules import get_game
from game.rules.core import Rng
from net.protocol import messages as ids
from net.protocol.movecodec import VERSION, CodecError, codec_for
from net.protocol.moveframe import compact, expand, pack_move, read_varint, unpack_move, varint
from net.protocol.schema import FROM_HOST, FROM_PEER, SchemaError, validate
from net.transport.wire import encode

GAMES = {"railroad-ink": [[], ["river"], ["lake"], ["meteor"], ["volcano"]],
         "metro": [[], ["companies"]],
         "metromania": [[]]}
MAX_FRAME = 24
BIG_SEQ = 100_000          # a three-byte varint: far beyond any game's length


PER_STEP = 30              # moves checked per seat and step: an evenly spread sample


def legal_moves_of_a_playout(name: str, variants: list[str], seed: int, players: int):
    """The legal moves of every seat to act at every third step of one random game (the
    steps between add moves of the same shapes: a Metromania step alone has hundreds). Where
    a seat has more than ``PER_STEP`` moves (a Railroad Ink round: thousands, the same few
    shapes on every square), an evenly spread sample of them, starting at a different place
    each step, so that every part of the list is met over a game."""
    game = get_game(name)
    try:
        config = game.make_config(players, variants)
    except Exception:  # noqa: BLE001 - a variant this game does not have at this size
        config = game.make_config(max(players, game.min_players), [])
    state = game.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    for step in range(400):
        if game.is_over(state):
            return
        acting = game.to_act(state)
        for seat in acting if step % 3 == 0 else ():
            moves = game.legal_moves(state, seat)
            stride = max(1, len(moves) // PER_STEP)
            for move in moves[step % stride::stride]:
                yield seat, str(move)
        seat = rng.choice(list(acting))
        game.play(state, seat, rng.choice(game.legal_moves(state, seat)))


def check_round_trip(name: str, seat: int, text: str) -> None:
    codec = codec_for(name)
    data = codec.encode(text)
    assert data is not None, f"{name}: {text!r} has no compact form"
    assert data[0] >> 4 == VERSION
    assert codec.decode(data) == text
    for kind, counter in ((ids.MOVE, "q"), (ids.PROPOSE, "n")):
        message = {"t": kind, counter: BIG_SEQ, "s": seat, "m": text}
        small = compact(message, name)
        frame = encode(small)
        assert len(frame) <= MAX_FRAME, f"{name}: {text!r} is a {len(frame)}-byte frame"
        allowed = FROM_HOST if kind == ids.MOVE else FROM_PEER
        assert expand(validate(small, allowed), name, allowed) == message


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 4), pick=st.integers(0, 9))
def test_every_legal_move_of_random_playouts_round_trips(name, seed, players, pick):
    variants = GAMES[name][pick % len(GAMES[name])]
    seen = 0
    for seat, text in legal_moves_of_a_playout(name, variants, seed, players):
        check_round_trip(name, seat, text)
        seen += 1
    assert seen > 0


def test_the_longest_moves_fit():
    # a Metromania dig of three tunnels with a marker (57 characters of notation)
    check_round_trip("metromania", 3, _longest_dig())
    check_round_trip("railroad-ink", 31, "special-station-cross@G7/7")
    check_round_trip("metro", 5, "swap:yellow:40:down")


def _longest_dig() -> str:
    from game.rules.metromania.lattice import SPACE_NAMES
    longest = sorted(SPACE_NAMES, key=len)[-3:]
    return "dig " + " ".join(f"{'ST'[i % 2]}:{space}:e2+{'ACF'[i]}"
                             for i, space in enumerate(longest))


def test_a_non_canonical_or_unknown_notation_goes_as_text():
    message = {"t": ids.MOVE, "q": 4, "s": 0, "m": "rail-curve@b4/1"}    # lowercase cell
    assert compact(message, "railroad-ink") is message
    assert compact({"t": ids.MOVE, "q": 4, "s": 0, "m": "nonsense"}, "metro")["t"] == ids.MOVE
    assert compact({"t": ids.MOVE, "q": 4, "s": 0, "m": "end"}, "no-such-game")["t"] == ids.MOVE


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=300, deadline=None)
@given(data=st.binary(min_size=0, max_size=12))
def test_random_bytes_are_refused_or_one_canonical_move(name, data):
    codec = codec_for(name)
    game = get_game(name)
    try:
        text = codec.decode(data)
    except CodecError as error:
        assert error.detail
        return
    assert str(game.parse_move(text)) == text
    assert codec.encode(text) == data          # one move, one encoding


@settings(max_examples=300, deadline=None)
@given(data=st.binary(min_size=0, max_size=40))
def test_a_malformed_compact_frame_is_a_schema_error(data):
    for kind, allowed in ((ids.MOVE_C, FROM_HOST), (ids.PROPOSE_C, FROM_PEER)):
        try:
            message = expand(validate({"t": kind, "b": data}, allowed), "metromania", allowed)
        except SchemaError as error:
            assert error.code in (ids.R_SCHEMA, ids.R_UNKNOWN)
            continue
        assert message["t"] in (ids.MOVE, ids.PROPOSE) and isinstance(message["m"], str)


def test_specific_malformed_inputs():
    codec = codec_for("railroad-ink")
    draw = codec.encode("rail-curve@B4/1")
    for bad, detail in ((b"", "empty"), (bytes([(VERSION + 1) << 4]), "version"),
                        (bytes([VERSION << 4 | 15]), "kind"), (draw[:-1], "short"),
                        (draw + b"\x00", "trailing"),
                        (bytes([VERSION << 4 | 6, 63 << 2]), "cell")):
        with pytest.raises(CodecError) as caught:
            codec.decode(bad)
        assert caught.value.detail == detail
    for bad in (b"", b"\x80", b"\x80\x80\x80\x80\x80\x01", b"\x81\x00"):
        with pytest.raises(CodecError):
            read_varint(bad)
    assert read_varint(varint(2**31)) == (2**31, 5)
    with pytest.raises(CodecError):
        unpack_move(varint(5), codec)                 # no seat, no move
    with pytest.raises(SchemaError):                  # seat 40 is no seat
        expand({"t": ids.MOVE_C, "b": pack_move(5, 40, draw)}, "railroad-ink", FROM_HOST)
    with pytest.raises(SchemaError):                  # before the start: no game yet
        expand({"t": ids.MOVE_C, "b": pack_move(5, 0, draw)}, "", FROM_HOST)


def test_a_host_refuses_a_malformed_compact_proposal_with_a_reason():
    from tests.test_net_lockstep import Table   # noqa: PLC0415 - the MemNet table helper

    table = Table(players=2, game=get_game("railroad-ink"))
    table.start()
    table.host.poll()
    bad = {"t": ids.PROPOSE_C, "b": pack_move(1, 1, bytes([VERSION << 4 | 2, 0xFF, 0xFF]))}
    table.net.post_raw(table.links[0], encode(bad))
    table.net.advance(0.2)
    refused = [e for e in table.host.poll() if e["event"] == "peer_refused"]
    assert refused and refused[0]["code"] == ids.R_SCHEMA, refused
    assert refused[0]["args"] == {"type": ids.PROPOSE_C, "field": "b", "detail": "cell"}
    # nothing of it was played: every move in the host's log is a legal notation of the game
    game = get_game("railroad-ink")
    assert all(str(game.parse_move(e.move)) == e.move for e in table.host.match.log
               if e.seat is not None)

"""Wire format and schemas: strict frames, hostile bytes never crash, always a reason code."""

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.protocol import messages as ids
from net.protocol.schema import FROM_HOST, FROM_PEER, SchemaError, validate
from net.transport.wire import MAX_FRAME, FrameReader, WireError, decode_body, encode


def frame_of(obj) -> bytes:
    body = msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


def test_round_trip_and_split_delivery():
    messages = [{"t": "M", "q": 7, "s": 2, "m": "aacb@C4"}, {"t": "B", "q": 0},
                {"t": "H", "q": 7, "h": bytes(range(16))}]
    data = b"".join(encode(m) for m in messages)
    reader = FrameReader()
    out = []
    for i in range(len(data)):          # one byte at a time
        out += reader.feed(data[i:i + 1])
    assert out == messages
    assert reader.pending == 0


def test_move_frame_is_tiny():
    frame = encode({"t": ids.MOVE, "q": 1234, "s": 5, "m": "aacb@C4"})
    assert len(frame) <= 48, len(frame)


def test_oversize_length_refused_before_the_body_arrives():
    reader = FrameReader()
    with pytest.raises(WireError) as err:
        reader.feed(struct.pack(">I", MAX_FRAME + 1))     # no body at all: still refused
    assert err.value.code == ids.R_TOO_LARGE
    assert err.value.args_dict == {"size": MAX_FRAME + 1, "limit": MAX_FRAME}
    assert reader.pending == 0


def test_truncated_frame_waits_and_yields_nothing():
    data = encode({"t": "B", "q": 3})
    reader = FrameReader()
    assert reader.feed(data[:-1]) == []
    assert reader.pending == len(data) - 1
    assert reader.feed(data[-1:]) == [{"t": "B", "q": 3}]


@pytest.mark.parametrize("body, detail", [
    (msgpack.packb([1, 2, 3]), "not_a_map"),
    (msgpack.packb({"t": 1.5}), "float"),
    (msgpack.packb({1: "x"}), "msgpack"),                   # int key: strict_map_key refuses
    (msgpack.packb({"t": msgpack.ExtType(5, b"xx")}), "ext_type"),
    (msgpack.packb({"t": msgpack.Timestamp(1, 0)}), "ext_type"),
    (msgpack.packb({"a": "x" * 9000}), "too_long"),
    (b"\xc1", "msgpack"),                                   # a never-used msgpack byte
    (msgpack.packb({"t": "B"}) + b"\x00", "msgpack"),       # trailing garbage
])
def test_strict_decoding(body, detail):
    with pytest.raises(WireError) as err:
        decode_body(body)
    assert err.value.code == ids.R_MALFORMED
    assert err.value.args_dict["detail"] == detail


def test_deep_nesting_refused():
    value = "x"
    for _ in range(40):
        value = [value]
    with pytest.raises(WireError) as err:
        decode_body(msgpack.packb({"t": value}))
    assert err.value.args_dict["detail"] == "depth"


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(data):
    reader = FrameReader(max_frame=4096)
    try:
        messages = reader.feed(data)
    except WireError as exc:
        assert exc.code in (ids.R_MALFORMED, ids.R_TOO_LARGE)
        return
    for message in messages:
        try:
            validate(message, FROM_PEER)
        except SchemaError as exc:
            assert exc.code in (ids.R_UNKNOWN, ids.R_SCHEMA, ids.R_MALFORMED)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8)
                    | st.binary(max_size=20) | st.floats(),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=4), max_leaves=12),
       st.sampled_from(sorted(FROM_PEER | FROM_HOST)))
def test_random_structures_are_validated_not_crashed(value, kind):
    message = {"t": kind, "x": value} if not isinstance(value, dict) else {"t": kind, **value}
    try:
        decoded = decode_body(msgpack.packb(message, use_bin_type=True))
    except (WireError, ValueError, TypeError, OverflowError):
        return
    try:
        validate(decoded)
    except SchemaError as exc:
        assert exc.code in (ids.R_UNKNOWN, ids.R_SCHEMA, ids.R_MALFORMED)


@pytest.mark.parametrize("message, code, field", [
    ({"t": "nope"}, ids.R_UNKNOWN, None),
    ({"q": 1}, ids.R_UNKNOWN, None),
    ({"t": "M", "q": "1", "s": 0, "m": "x"}, ids.R_SCHEMA, "q"),
    ({"t": "M", "q": 1, "s": 0}, ids.R_SCHEMA, "m"),
    ({"t": "M", "q": 1, "s": 0, "m": "x", "extra": 1}, ids.R_SCHEMA, "extra"),
    ({"t": "M", "q": 1, "s": 99, "m": "x"}, ids.R_SCHEMA, "s"),
    ({"t": "M", "q": 1, "s": True, "m": "x"}, ids.R_SCHEMA, "s"),     # bool is not an int here
    ({"t": "P", "s": 0, "m": "", "n": 1}, ids.R_SCHEMA, "m"),
    ({"t": "H", "q": 1, "h": b"short"}, ids.R_SCHEMA, "h"),
    ({"t": "hello", "pv": 1, "rv": "x", "g": "", "n": "a" * 41, "tok": "", "ws": 1},
     ids.R_SCHEMA, "n"),
])
def test_schema_refuses_with_a_reason(message, code, field):
    with pytest.raises(SchemaError) as err:
        validate(message)
    assert err.value.code == code
    if field:
        assert err.value.args_dict["field"] == field


def test_direction_is_enforced():
    with pytest.raises(SchemaError):
        validate({"t": "M", "q": 1, "s": 0, "m": "x"}, FROM_PEER)   # only the host sequences
    assert validate({"t": "P", "s": 0, "m": "x", "n": 1}, FROM_PEER)["s"] == 0



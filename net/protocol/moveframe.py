"""Compact move frames: a sequenced move or a proposal in one small binary field.

The endpoints build and read moves as ``{"t": MOVE, "q": seq, "s": seat, "m": notation}``
(and PROPOSE with ``"n"``: the nonce); on the wire such a message goes compact when the game's
codec (``movecodec``) can write the move:

    {"t": MOVE_C, "b": varint(seq) + seat byte + move bytes}       (PROPOSE_C: the nonce)

with any other field (a fair table's ``cp`` record) kept beside ``b``. A Railroad Ink drawing
is a 21-byte frame, a Metromania dig of three tunnels 23 bytes (length prefix included).
``compact`` is applied just before sending, ``expand`` right after the schema check of what
arrived: everything in between sees the ordinary message. ``expand`` raises ``SchemaError``
(the endpoint refuses the frame, nothing changes) for bytes that are not one move.
"""

from __future__ import annotations

from net.protocol import messages as ids
from net.protocol.movecodec import CodecError, MoveCodec, codec_for
from net.protocol.schema import SchemaError, validate

MAX_VARINT = 5            # a seq or nonce up to 2**35: more than MAX_SEQ needs

_COMPACT = {ids.MOVE: (ids.MOVE_C, "q"), ids.PROPOSE: (ids.PROPOSE_C, "n")}
_FULL = {compact: (full, counter) for full, (compact, counter) in _COMPACT.items()}


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_varint(data: bytes, at: int = 0) -> tuple[int, int]:
    """(value, index after it); CodecError for a truncated, overlong or padded one."""
    value = shift = 0
    for index in range(at, min(len(data), at + MAX_VARINT)):
        byte = data[index]
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            if byte == 0 and index > at:
                raise CodecError("varint")        # one value, one encoding
            return value, index + 1
    raise CodecError("varint")


def pack_move(counter: int, seat: int, move: bytes) -> bytes:
    return varint(counter) + bytes((seat,)) + move


def unpack_move(data: bytes, codec: MoveCodec) -> tuple[int, int, str]:
    """(counter, seat, notation) of a compact ``b`` field."""
    counter, at = read_varint(data)
    if at >= len(data):
        raise CodecError("short")
    return counter, data[at], codec.decode(data[at + 1:])


def compact(message: dict, game_name: str) -> dict:
    """The message to send: a move or proposal in compact form when the codec writes it."""
    entry = _COMPACT.get(message.get("t"))
    if entry is None:
        return message
    codec = codec_for(game_name)
    text = message.get("m")
    if codec is None or type(text) is not str:
        return message
    move = codec.encode(text)
    if move is None:
        return message
    kind, counter = entry
    out = {"t": kind, "b": pack_move(message[counter], message["s"], move)}
    for key, value in message.items():
        if key not in ("t", "s", "m", counter):
            out[key] = value
    return out


def expand(message: dict, game_name: str, allowed: frozenset[str] | None = None) -> dict:
    """The ordinary form of a compact message (others are returned as they are); the result
    passes the ordinary schema too. SchemaError for bytes that are not a move."""
    entry = _FULL.get(message["t"])
    if entry is None:
        return message
    kind, counter = entry
    codec = codec_for(game_name) if game_name else None
    if codec is None:
        raise SchemaError(ids.R_SCHEMA, type=message["t"], field="b")
    try:
        number, seat, text = unpack_move(message["b"], codec)
    except CodecError as error:
        raise SchemaError(ids.R_SCHEMA, type=message["t"], field="b",
                          detail=error.detail) from None
    out = {key: value for key, value in message.items() if key != "b"}
    out.update({"t": kind, counter: number, "s": seat, "m": text})
    return validate(out, allowed)

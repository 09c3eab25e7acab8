"""A compact, versioned binary encoding of one move (what a LAN move frame carries): the
machinery every game's codec is built from. Pure, like the rest of the rules.

A move's notation (``str(move)``, what logs and saves keep) is 4 to 60 characters; on the wire
a move is a few bytes instead. Each game builds its own ``MoveCodec`` next to its moves
(``game.rules.<game>.codec``) and gives it from ``Game.move_codec()``:

* ``encode(text)`` -> bytes, or None when the text is not a move's canonical notation (the
  sender then sends the notation itself: the codec is never in the way of a correct move);
* ``decode(data)`` -> the canonical notation; ``CodecError`` for anything that is not exactly
  one move written by this codec version (wrong version, unknown kind, a value out of range,
  bytes missing or left over, non-zero padding). Legality is not its business: the decoded
  move goes through the rules like any other.

Layout: the first byte is ``VERSION << 4 | kind``; the fields of that kind follow packed as
bits, most significant first, in as few bytes as they need (zero padding at the end).

Each game's module documents its kinds and fields. ``net.protocol.moveframe`` (``pack_move`` /
``unpack_move``) puts seq, seat and these bytes in one frame.
"""

from __future__ import annotations

from typing import Callable

from .core import NotationError

VERSION = 1


class CodecError(ValueError):
    """Bytes that are not one move of this codec version (``detail``: a short code)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class BitWriter:
    def __init__(self) -> None:
        self.value = 0
        self.bits = 0

    def put(self, value: int, bits: int) -> "BitWriter":
        if not 0 <= value < (1 << bits):
            raise ValueError(f"{value} does not fit in {bits} bits")
        self.value = (self.value << bits) | value
        self.bits += bits
        return self

    def to_bytes(self) -> bytes:
        pad = -self.bits % 8
        return (self.value << pad).to_bytes((self.bits + pad) // 8, "big")


class BitReader:
    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "big")
        self.left = len(data) * 8

    def take(self, bits: int) -> int:
        if bits > self.left:
            raise CodecError("short")
        self.left -= bits
        return (self.value >> self.left) & ((1 << bits) - 1)

    def finish(self) -> None:
        """Only the zero padding of the last byte may remain."""
        if self.left >= 8 or self.value & ((1 << self.left) - 1):
            raise CodecError("trailing")


def index_of(table, value, detail: str) -> int:
    try:
        return table.index(value)
    except ValueError:
        raise CodecError(detail) from None


def pick(table, index: int, detail: str):
    if not 0 <= index < len(table):
        raise CodecError(detail)
    return table[index]


class MoveCodec:
    """One game's codec: ``kinds`` maps a kind number to (move class, write, read)."""

    def __init__(self, game_name: str, parse: Callable[[str], object],
                 kinds: dict[int, tuple[type, Callable, Callable]]) -> None:
        self.game_name = game_name
        self.parse = parse
        self.kinds = kinds
        self.by_class = {cls: (kind, write) for kind, (cls, write, _) in kinds.items()}

    def encode(self, text: str) -> bytes | None:
        try:
            move = self.parse(text)
        except NotationError:
            return None
        if str(move) != text:
            return None                 # not canonical: the notation itself goes
        entry = self.by_class.get(type(move))
        if entry is None:
            return None
        kind, write = entry
        writer = BitWriter().put(VERSION, 4).put(kind, 4)
        try:
            write(writer, move)
        except (ValueError, CodecError):
            return None
        return writer.to_bytes()

    def decode(self, data: bytes) -> str:
        if type(data) is not bytes or not data:
            raise CodecError("empty")
        reader = BitReader(data)
        if reader.take(4) != VERSION:
            raise CodecError("version")
        entry = self.kinds.get(reader.take(4))
        if entry is None:
            raise CodecError("kind")
        move = entry[2](reader)
        reader.finish()
        text = str(move)
        try:
            if self.parse(text) != move:
                raise CodecError("not_canonical")
        except NotationError:
            raise CodecError("not_a_move") from None
        return text

"""A compact, versioned binary encoding of one move per game (what a move frame carries).

A move's notation (``str(move)``, what logs and saves keep) is 4 to 60 characters; on the wire
a move is a few bytes instead. ``codec_for(game_name)`` gives the game's ``MoveCodec``:

* ``encode(text)`` -> bytes, or None when the text is not a move's canonical notation (the
  sender then sends the notation itself: the codec is never in the way of a correct move);
* ``decode(data)`` -> the canonical notation; ``CodecError`` for anything that is not exactly
  one move written by this codec version (wrong version, unknown kind, a value out of range,
  bytes missing or left over, non-zero padding). Legality is not its business: the decoded
  move goes through the rules like any other.

Layout: the first byte is ``VERSION << 4 | kind``; the fields of that kind follow packed as
bits, most significant first, in as few bytes as they need (zero padding at the end).

Railroad Ink   end, undo; draw: face 5 bits, cell 6, orientation 3 (2 bytes); skip: face;
               meteor: direction 2; ignore-meteor: special (as a face); erase, crater: cell.
Metro          draw; place: tile type 5, square 6, quarter turns 2; swap: company 4 (15: the
               masked "?"), percent 2, up 1.
Metromania     pass; dig: tunnels-1 2, then per tunnel line 1, space 8, edge 2, marker 3
               (0: none, 1-6: A-F) — three tunnels in 6 bytes; station: line 1, point 7;
               bonus: line 1, point+1 7 (0: "none").

``frames.py`` (``pack_move`` / ``unpack_move``) puts seq, seat and these bytes in one frame.
"""

from __future__ import annotations

from typing import Callable

from game.rules.core import NotationError

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


def _index(table, value, detail: str) -> int:
    try:
        return table.index(value)
    except ValueError:
        raise CodecError(detail) from None


def _pick(table, index: int, detail: str):
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


# -- Railroad Ink ---------------------------------------------------------------------------

def _railroad_ink() -> MoveCodec:
    from game.rules.railroad_ink.faces import FACE_IDS, SPECIALS
    from game.rules.railroad_ink.moves import (DIRECTIONS, Crater, Draw, End, Erase,
                                               IgnoreMeteor, Meteor, Skip, Undo, parse_move)
    from game.rules.railroad_ink.sheet import CELL_NAMES

    faces, cells = list(FACE_IDS), len(CELL_NAMES)
    assert len(faces) <= 32 and cells <= 64

    def cell(reader) -> int:
        value = reader.take(6)
        if value >= cells:
            raise CodecError("cell")
        return value

    def face(reader) -> str:
        return _pick(faces, reader.take(5), "face")

    nothing = (lambda writer, move: None)
    return MoveCodec("railroad-ink", parse_move, {
        0: (End, nothing, lambda r: End()),
        1: (Undo, nothing, lambda r: Undo()),
        2: (Draw, lambda w, m: w.put(faces.index(m.face), 5).put(m.cell, 6).put(m.o, 3),
            lambda r: Draw(face(r), cell(r), r.take(3))),
        3: (Skip, lambda w, m: w.put(faces.index(m.face), 5), lambda r: Skip(face(r))),
        4: (Meteor, lambda w, m: w.put(DIRECTIONS.index(m.direction), 2),
            lambda r: Meteor(DIRECTIONS[r.take(2)])),
        5: (IgnoreMeteor, lambda w, m: w.put(faces.index(m.special), 5),
            lambda r: IgnoreMeteor(_special(face(r), SPECIALS))),
        6: (Erase, lambda w, m: w.put(m.cell, 6), lambda r: Erase(cell(r))),
        7: (Crater, lambda w, m: w.put(m.cell, 6), lambda r: Crater(cell(r))),
    })


def _special(face: str, specials) -> str:
    if face not in specials:
        raise CodecError("special")
    return face


# -- Metro -------------------------------------------------------------------------------------

def _metro() -> MoveCodec:
    from game.rules.metro.data import COMPANIES, SHARE_PERCENTS
    from game.rules.metro.moves import HIDDEN_COMPANY, Draw, Place, Swap, parse_move
    from game.rules.metro.tiles import TYPE_INDEX

    tiles = sorted(TYPE_INDEX)
    percents = list(SHARE_PERCENTS)
    assert len(tiles) <= 32 and len(COMPANIES) < 15 and len(percents) <= 4

    def write_swap(writer, move) -> None:
        company = 15 if move.company == HIDDEN_COMPANY else move.company
        writer.put(company, 4).put(percents.index(move.pct), 2).put(int(move.take_up), 1)

    def read_swap(reader):
        company = reader.take(4)
        if company == 15:
            company = HIDDEN_COMPANY
        elif company >= len(COMPANIES):
            raise CodecError("company")
        return Swap(company, _pick(percents, reader.take(2), "percent"), bool(reader.take(1)))

    return MoveCodec("metro", parse_move, {
        0: (Draw, lambda w, m: None, lambda r: Draw()),
        1: (Place, lambda w, m: w.put(tiles.index(m.tile), 5).put(m.square, 6).put(m.rot, 2),
            lambda r: Place(_pick(tiles, r.take(5), "tile"), r.take(6), r.take(2))),
        2: (Swap, write_swap, read_swap),
    })


# -- Metromania --------------------------------------------------------------------------------

def _metromania() -> MoveCodec:
    from game.rules.metromania.board_data import LETTERS
    from game.rules.metromania.lattice import POINT_NAMES, SPACE_NAMES
    from game.rules.metromania.moves import Bonus, Dig, Pass, Station, Tunnel, parse_move

    spaces, points, markers = len(SPACE_NAMES), len(POINT_NAMES), [""] + list(LETTERS)
    assert spaces <= 256 and points < 128 and len(markers) <= 8

    def write_dig(writer, move) -> None:
        if not 1 <= len(move.tunnels) <= 3:
            raise ValueError("a dig has one to three tunnels")
        writer.put(len(move.tunnels) - 1, 2)
        for tunnel in move.tunnels:
            writer.put(tunnel.line, 1).put(tunnel.space, 8).put(tunnel.edge, 2)
            writer.put(markers.index(tunnel.marker), 3)

    def read_dig(reader):
        count = reader.take(2) + 1
        if count > 3:
            raise CodecError("tunnels")
        tunnels = []
        for _ in range(count):
            line, space, edge = reader.take(1), reader.take(8), reader.take(2)
            if space >= spaces or edge > 2:
                raise CodecError("tunnel")
            tunnels.append(Tunnel(line, space, edge, _pick(markers, reader.take(3), "marker")))
        return Dig(tuple(tunnels))

    def point(reader, offset: int = 0) -> int:
        value = reader.take(7) - offset
        if value >= points or value < -offset:
            raise CodecError("point")
        return value

    return MoveCodec("metromania", parse_move, {
        0: (Pass, lambda w, m: None, lambda r: Pass()),
        1: (Dig, write_dig, read_dig),
        2: (Station, lambda w, m: w.put(m.line, 1).put(m.point, 7),
            lambda r: Station(r.take(1), point(r))),
        3: (Bonus, lambda w, m: w.put(m.line, 1).put(m.point + 1, 7),
            lambda r: Bonus(r.take(1), point(r, 1))),
    })


_BUILDERS = {"railroad-ink": _railroad_ink, "metro": _metro, "metromania": _metromania}
_CODECS: dict[str, MoveCodec] = {}


def codec_for(game_name: str) -> MoveCodec | None:
    """The codec of a game (None for a game without one: its moves go as notation)."""
    codec = _CODECS.get(game_name)
    if codec is None and game_name in _BUILDERS:
        codec = _CODECS[game_name] = _BUILDERS[game_name]()
    return codec

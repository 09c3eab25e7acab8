"""Metromania's wire codec (``game.rules.movecodec``): pass; dig: tunnels-1 2, then per tunnel
line 1, space 8, edge 2, marker 3 (0: none, 1-6: A-F) — three tunnels in 6 bytes; station:
line 1, point 7; bonus: line 1, point+1 7 (0: "none")."""

from __future__ import annotations

from ..movecodec import CodecError, MoveCodec, pick
from .board_data import LETTERS
from .lattice import POINT_NAMES, SPACE_NAMES
from .moves import Bonus, Dig, Pass, Station, Tunnel, parse_move


def build() -> MoveCodec:
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
            tunnels.append(Tunnel(line, space, edge, pick(markers, reader.take(3), "marker")))
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


CODEC = build()

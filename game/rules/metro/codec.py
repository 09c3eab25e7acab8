"""Metro's wire codec (``game.rules.movecodec``): draw; place: tile type 5, square 6, quarter
turns 2; swap: company 4 (15: the masked "?"), percent 2, up 1."""

from __future__ import annotations

from ..movecodec import CodecError, MoveCodec, pick
from .data import COMPANIES, SHARE_PERCENTS
from .moves import HIDDEN_COMPANY, Draw, Place, Swap, parse_move
from .tiles import TYPE_INDEX


def build() -> MoveCodec:
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
        return Swap(company, pick(percents, reader.take(2), "percent"), bool(reader.take(1)))

    return MoveCodec("metro", parse_move, {
        0: (Draw, lambda w, m: None, lambda r: Draw()),
        1: (Place, lambda w, m: w.put(tiles.index(m.tile), 5).put(m.square, 6).put(m.rot, 2),
            lambda r: Place(pick(tiles, r.take(5), "tile"), r.take(6), r.take(2))),
        2: (Swap, write_swap, read_swap),
    })


CODEC = build()

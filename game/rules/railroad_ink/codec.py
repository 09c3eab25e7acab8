"""Railroad Ink's wire codec (``game.rules.movecodec``): end, undo; draw: face 5 bits, cell 6,
orientation 3 (2 bytes); skip: face; meteor: direction 2; ignore-meteor: special (as a face);
erase, crater: cell."""

from __future__ import annotations

from ..movecodec import CodecError, MoveCodec, pick
from .faces import FACE_IDS, SPECIALS
from .moves import (DIRECTIONS, Crater, Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo,
                    parse_move)
from .sheet import CELL_NAMES


def build() -> MoveCodec:
    faces, cells = list(FACE_IDS), len(CELL_NAMES)
    assert len(faces) <= 32 and cells <= 64

    def cell(reader) -> int:
        value = reader.take(6)
        if value >= cells:
            raise CodecError("cell")
        return value

    def face(reader) -> str:
        return pick(faces, reader.take(5), "face")

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


CODEC = build()

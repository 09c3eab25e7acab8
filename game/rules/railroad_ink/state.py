"""The state of a Railroad Ink game: the shared roll, and per seat its sheet and round progress.

A round's drawable dice are *slots*: 0–2 route dice, 3 the junction die, 4–5 the expansion
dice (river, lake or lava). The meteor dice are kept apart (``meteor`` = [direction, distance]).
Per seat: the sheet, which slots are still pending, whether its meteor is resolved, the special
and volcano of this round, whether the mandatory lava die is done, the moves made this round
(notation) and the sheet as it was when the round began (for ``undo``, which restores that
snapshot and replays all but the last of those moves).

Hashing grows with the seats unless it is incremental: every seat keeps the digest of its own
encoding (``SeatState.digest``, computed when first asked and cached), and the state's hash
combines the shared fields with those per-seat digests (``State.digest_parts``). Whatever
changes a seat must forget its digest (``SeatState.touched``): the rules do it for the seat a
move plays on, and for every seat when a round starts, so a move re-hashes one sheet only.
The score of a sheet is kept the same way (``cached_score``, see ``Game.scores``).
"""

from __future__ import annotations

import hashlib

from game.rules.copying import copy_fields
from game.rules import encoding as enc
from game.rules.core import Rng, canonical_bytes

from .sheet import Sheet


# what ``SeatState.copy`` takes as it is and the flat lists it copies; ``start`` is shared
# because snapshots are never changed in place
_SEAT_SHARED = ("ended", "special_round", "meteor_done", "volcano_round", "lava_done", "start",
                "cached_digest", "cached_sheet", "cached_start", "cached_score")
_SEAT_LISTS = ("pending", "skipped", "round_moves")


def _blake(value) -> bytes:
    return hashlib.blake2b(canonical_bytes(value), digest_size=16).digest()


def _blake_bytes(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _sheet_digest(sheet) -> bytes:
    """``_blake([sheet.cells, sheet.specials, sheet.dot])``, its bytes written by the tables
    of ``rules.encoding`` (a move hashes one sheet again: this is most of its cost)."""
    return _blake_bytes(b"l3:" + enc.ints(sheet.cells) + enc.strs(sheet.specials)
                        + enc.integer(sheet.dot))


def _digest_list(digests: list) -> bytes:
    """A list of 16-byte digests, as ``canonical_bytes`` writes it."""
    return enc.list_head(len(digests)) + b"".join(map(_DIGEST_BYTES.__add__, digests))


_DIGEST_BYTES = canonical_bytes(bytes(16))[:-16]     # b"b16:"
_TOP = canonical_bytes(["railroad-ink", 0])[:-len(canonical_bytes(0))]
_config_bytes: dict[int, tuple[dict, bytes]] = {}


def _config(config: dict) -> bytes:
    """The config's bytes, kept per config object (a game's states share it, never changed)."""
    known = _config_bytes.get(id(config))
    if known is not None and known[0] is config:
        return known[1]
    encoded = canonical_bytes(config)
    if len(_config_bytes) > 64:
        _config_bytes.clear()
    _config_bytes[id(config)] = (config, encoded)   # holding it keeps its id unique
    return encoded


(_KEY_CONFIG, _KEY_DICE, _KEY_METEOR, _KEY_OVER, _KEY_RNG, _KEY_ROUND, _KEY_ROUNDS,
 _KEY_SEATS) = map(enc.key, ("config", "dice", "meteor", "over", "rng", "round", "rounds",
                             "seats"))


class SeatState:
    __slots__ = ("sheet", "ended", "pending", "skipped", "special_round", "meteor_done",
                 "volcano_round", "lava_done", "round_moves", "start", "cached_digest",
                 "cached_sheet", "cached_start", "cached_score")

    def __init__(self) -> None:
        self.cached_digest: bytes | None = None     # of the whole seat
        self.cached_sheet: bytes | None = None      # of ``sheet``
        self.cached_start: bytes | None = None      # of ``start``
        self.cached_score: tuple | None = None      # (breakdown, details) of ``sheet``
        self.sheet = Sheet()
        self.ended = False
        self.pending: list[int] = []
        self.skipped: list[int] = []
        self.special_round = ""
        self.meteor_done = True
        self.volcano_round = False
        self.lava_done = True
        self.round_moves: list[str] = []
        self.start = self.sheet.copy()

    def copy(self) -> "SeatState":
        other = copy_fields(self, _SEAT_SHARED, _SEAT_LISTS)
        other.sheet = self.sheet.copy()
        return other

    def touched(self, sheet: bool = True) -> None:
        """This seat (``sheet``: its sheet too) is about to change: its digest is computed
        again."""
        self.cached_digest = None
        if sheet:
            self.cached_sheet = self.cached_score = None

    def round_started(self) -> None:
        """A new round begins (call after ``start`` became a copy of ``sheet``): the sheet is
        unchanged, so its digest is kept and is the new snapshot's too."""
        self.cached_digest = None
        self.cached_start = self.cached_sheet

    def digest(self) -> bytes:
        """BLAKE2b-128 standing for ``encode()``, cached until ``touched``: of the sheet's and
        the snapshot's digests (each cached on its own) and the round's progress."""
        if self.cached_digest is None:
            if self.cached_sheet is None:
                self.cached_sheet = _sheet_digest(self.sheet)
            if self.cached_start is None:
                self.cached_start = _sheet_digest(self.start)
            # _blake([cached_sheet, cached_start, ended, pending, skipped, special_round,
            #         meteor_done, volcano_round, lava_done, round_moves]), written fast
            bools = enc.BOOLS
            self.cached_digest = _blake_bytes(b"".join((
                b"l10:", _DIGEST_BYTES, self.cached_sheet, _DIGEST_BYTES, self.cached_start,
                bools[self.ended], enc.ints(self.pending), enc.ints(self.skipped),
                enc.STRS[self.special_round], bools[self.meteor_done],
                bools[self.volcano_round], bools[self.lava_done],
                enc.strs(self.round_moves))))
        return self.cached_digest

    def encode(self) -> dict:
        sheet, start = self.sheet, self.start
        return {"cells": list(sheet.cells), "specials": list(sheet.specials), "dot": sheet.dot,
                "ended": self.ended, "pending": list(self.pending), "skipped": list(self.skipped),
                "special_round": self.special_round, "meteor_done": self.meteor_done,
                "volcano_round": self.volcano_round, "lava_done": self.lava_done,
                "round_moves": list(self.round_moves),
                "start": [list(start.cells), list(start.specials), start.dot]}


class State:
    __slots__ = ("config", "expansion", "rounds", "round", "rng", "dice", "meteor", "seats",
                 "over")

    def __init__(self, config: dict, rng: Rng) -> None:
        self.config = config
        variants = config.get("variants", [])
        self.expansion = variants[0] if variants else ""
        self.rounds = 0
        self.round = 0
        self.rng = rng
        self.dice: list[str] = []
        self.meteor: list | None = None
        self.seats = [SeatState() for _ in range(config["players"])]
        self.over = False

    def copy(self) -> "State":
        other = copy_fields(self, ("config", "expansion", "rounds", "round", "over"), ("dice",))
        other.rng = self.rng.copy()
        other.meteor = None if self.meteor is None else list(self.meteor)
        other.seats = [seat.copy() for seat in self.seats]
        return other

    def __deepcopy__(self, memo) -> "State":
        return self.copy()

    def digest_parts(self, rng: Rng | None = None) -> dict:
        """What the state hash is taken of: the shared fields and one digest per seat (``rng``
        stands in for the state's own, e.g. a view's placeholder)."""
        return {"config": self.config, "rounds": self.rounds, "round": self.round,
                "rng": self.rng if rng is None else rng, "dice": list(self.dice),
                "meteor": None if self.meteor is None else list(self.meteor),
                "seats": [seat.digest() for seat in self.seats], "over": self.over}

    def digest_bytes(self, rng: Rng | None = None, name: bool = True) -> bytes:
        """``canonical_bytes(["railroad-ink", digest_parts(rng)])`` (without the name and its
        list: ``canonical_bytes(digest_parts(rng))``), written fast."""
        rng = self.rng if rng is None else rng
        meteor = self.meteor
        data = b"".join((
            b"d8:", _KEY_CONFIG, _config(self.config), _KEY_DICE, enc.strs(self.dice),
            _KEY_METEOR, b"N" if meteor is None else canonical_bytes(meteor),
            _KEY_OVER, enc.BOOLS[self.over], _KEY_RNG, canonical_bytes(rng),
            _KEY_ROUND, enc.integer(self.round), _KEY_ROUNDS, enc.integer(self.rounds),
            _KEY_SEATS, _digest_list([seat.digest() for seat in self.seats])))
        return _TOP + data if name else data

    def encode(self) -> dict:
        return {"config": self.config, "rounds": self.rounds, "round": self.round,
                "rng": self.rng, "dice": list(self.dice),
                "meteor": None if self.meteor is None else list(self.meteor),
                "seats": [seat.encode() for seat in self.seats], "over": self.over}

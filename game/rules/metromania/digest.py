"""Metromania's state hash, kept up to date move by move: the same bytes as ``canonical_bytes``
of ``["metromania", state.encode()]`` (so the hash keeps its value in saves, replays and
golden games), written by a ``rules.encoding.Record`` of which only the fields a move changed
are written again (the memo rides on the state: ``State.digest_memo``; a table's public
view has its own, ``State.public_memo``).

The lines are compared and written one by one: a dig changes one line, so one line's points
are written again, not every line's.
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, ne

from .. import encoding as enc
from ..core import Rng, canonical_bytes, hash_bytes
from .markers import UNFAIR, hide_hand

_PREFIX = canonical_bytes(["metromania", 0])[:-len(canonical_bytes(0))]


# ``Line.encode()``'s fields, read in one C call: (points, spaces, start_side, end_side, done,
# closed) (a tuple encodes like the list)
_line_code = attrgetter("points", "spaces", "start_side", "end_side", "done", "closed")
_points = attrgetter("points")


def _lines_value(lines) -> tuple:
    """What the lines are compared by: each line's fields (its lists themselves, not copies)
    and the length of its points. A line's lists only ever grow (``lines.lay`` appends a point
    and its tunnel's space; nothing else changes them), so a list that is the same object
    with the same length holds the same items: comparing costs a few identity checks per
    line instead of every point (a copy's lists are other objects, compared item by item)."""
    return tuple(map(_line_code, lines)), tuple(map(len, map(_points, lines)))


def _items(numbers) -> bytes:
    return b"".join(map(enc.INTS.__getitem__, numbers))


def _line_bytes(code: tuple, point_items: bytes, space_items: bytes) -> bytes:
    """``Line.encode()``'s bytes from its fields and its lists' items already written."""
    return b"".join((b"l6:", enc.list_head(len(code[0])), point_items,
                     enc.list_head(len(code[1])), space_items, enc.INTS[code[2]],
                     enc.INTS[code[3]], enc.BOOLS[code[4]], enc.BOOLS[code[5]]))


def _line_parts(code: tuple) -> tuple:
    """What ``_Lines`` keeps of a line to write it again: the bytes of its points' items,
    how many, the bytes of its spaces' items, how many."""
    return _items(code[0]), len(code[0]), _items(code[1]), len(code[1])


class _Lines(enc.Field):
    """The lines (``_lines_value``): only the lines that changed are written, and of a line
    that grew only its new points and spaces. Kept: each line's bytes and parts."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("lines", None)

    def first(self, value):
        parts = list(map(_line_parts, value[0]))
        written = [_line_bytes(code, part[0], part[2]) for code, part in zip(value[0], parts)]
        return enc.list_head(len(written)) + b"".join(written), (written, parts)

    def again(self, value, old, kept):
        codes, lengths = value
        old_codes = old[0]
        if len(codes) != len(old_codes):
            return self.first(value) + (value,)
        written, parts = kept[0][:], kept[1][:]
        ints = enc.INTS
        for i in compress(range(len(codes)),
                          map(ne, zip(codes, lengths), zip(old_codes, old[1]))):
            code, old_code = codes[i], old_codes[i]
            points, spaces = code[0], code[1]
            point_items, point_count, space_items, space_count = parts[i]
            point_total, space_total = len(points), len(spaces)
            if points is old_code[0] and spaces is old_code[1] \
                    and point_total >= point_count and space_total >= space_count:
                # the same lists, grown since (a line's lists only ever grow): only the new
                # items are written, usually one point and one space
                for point in points[point_count:]:
                    point_items += ints[point]
                for space in spaces[space_count:]:
                    space_items += ints[space]
            else:                           # other lists (a copy's): written whole
                point_items, space_items = _items(points), _items(spaces)
            parts[i] = point_items, point_total, space_items, space_total
            written[i] = _line_bytes(code, point_items, space_items)
        return enc.list_head(len(written)) + b"".join(written), (written, parts), value


def _pair(key, value) -> bytes:
    return enc.PAIRS[(key, value)]


def _placement(space, placed) -> bytes:
    return enc.PAIRS[(space,) + placed]     # [space, marker key, seat]


def _optional(write):
    return lambda value: write(value) if value else None


def _resume(seat: int):
    return enc.integer(seat) if seat >= 0 else None


F, L, S = enc.Field, enc.ListField, enc.Scalar
_FIELDS = [
    enc.SortedItems("attested", _pair, optional=True),
    F("chance", _optional(canonical_bytes), enc.flat_copy),
    F("config", canonical_bytes), F("decks", _optional(canonical_bytes), enc.flat_copy),
    S("end_by", enc.INTS), enc.NestedField("hands", enc.STRS),
    S("last_turns", enc.INTS), F("layout", enc.pairs), _Lines(),
    S("moves_played", enc.INTS), S("passes", enc.INTS), L("pending", enc.INTS),
    S("phase", enc.STRS), enc.SortedItems("placed", _placement),
    F("resume", _resume), F("rng", canonical_bytes, lambda rng: rng.copy()),
    L("station_points", enc.INTS), enc.SortedItems("stations", _pair),
    enc.SortedItems("terminals", _pair), S("turn", enc.INTS),
]
_NAMES = [f.name for f in _FIELDS]
_LINES_AT = _NAMES.index("lines")
_HANDS_AT = _NAMES.index("hands")
_RNG_AT = _NAMES.index("rng")
_STATE = enc.Record(_FIELDS, _PREFIX)
_PUBLIC = enc.Record(_FIELDS)
_BEFORE = attrgetter(*_NAMES[:_LINES_AT])
_AFTER = attrgetter(*_NAMES[_LINES_AT + 1:])
_VIEW_RNG = Rng(0)


def _values(state) -> tuple:
    return _BEFORE(state) + (_lines_value(state.lines),) + _AFTER(state)


def state_bytes(state) -> bytes:
    """``canonical_bytes(["metromania", state.encode()])``; updates ``state.digest_memo``."""
    data, state.digest_memo = _STATE.encode(_values(state), state.digest_memo)
    return data


def state_digest(state) -> str:
    return hash_bytes(state_bytes(state))


def public_bytes(state, over: bool) -> bytes:
    """``canonical_bytes`` of the spectator's view of ``state`` (``Metromania.view(state,
    None)``: the Rng a placeholder, an Unfair hand's letters face down until the game is
    ``over``) without copying the state; updates ``state.public_memo``."""
    values = list(_values(state))
    values[_RNG_AT] = _VIEW_RNG
    if UNFAIR in state.variants and not over:
        values[_HANDS_AT] = [hide_hand(hand) for hand in state.hands]
    data, state.public_memo = _PUBLIC.encode(tuple(values), state.public_memo)
    return data

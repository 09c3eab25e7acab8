"""Metro's state hash, kept up to date move by move: the same bytes as ``canonical_bytes`` of
``["metro", state.encode()]`` (so the hash keeps its value in saves, replays and golden games),
written by a ``rules.encoding.Record`` from the state's fields, of which only those a move
changed are written again (the memo rides on the state: ``MetroState.digest_memo``).

A LAN table hashes the spectator's view instead (``public_bytes``), with its own memo;
``tests/test_state_digests.py`` checks it against ``MetroGame.view``.
"""

from __future__ import annotations

from operator import attrgetter

from .. import encoding as enc
from ..core import canonical_bytes, hash_bytes

_PREFIX = canonical_bytes(["metro", 0])[:-len(canonical_bytes(0))]   # b"l2:s5:metro"


def _rng(rng) -> bytes:
    return b"N" if rng is None else enc.integer(rng.state)


def _rng_copy(rng):
    return None if rng is None else rng.copy()


def _chance(steps):
    return canonical_bytes(steps) if steps else None      # encoded only while non-empty


def _fields() -> list:
    """The fields of ``MetroState.encode`` in key order (``chance`` only while non-empty)."""
    F, L, N, S = enc.Field, enc.ListField, enc.NestedField, enc.Scalar
    return [
        L("board", enc.PAIRS), L("car_owner", enc.INTS),
        F("chance", _chance, enc.flat_copy), F("config", canonical_bytes),
        S("current", enc.INTS), S("exchanges_open", enc.BOOLS),
        L("face_up", enc.PAIRS),
        N("hands", enc.STRS),
        L("line_at", enc.INTS), L("line_centre", enc.BOOLS),
        L("line_done", enc.BOOLS), L("line_end", enc.INTS),
        L("line_points", enc.INTS), L("line_tiles", enc.INTS),
        S("over", enc.BOOLS), S("pending", enc.STRS),
        N("piles", enc.PAIRS),
        L("placed_by", enc.INTS), F("profits", enc.ints, enc.flat_copy),
        F("rng", _rng, _rng_copy), F("scores", enc.ints, enc.flat_copy),
        N("shares", enc.PAIRS),
        L("stack", enc.STRS), S("turn", enc.INTS),
    ]


_FIELDS = _fields()
_NAMES = [f.name for f in _FIELDS]
_STATE = enc.Record(_FIELDS, _PREFIX)
_VALUES = attrgetter(*_NAMES)


def state_bytes(state) -> bytes:
    """``canonical_bytes(["metro", state.encode()])``; updates ``state.digest_memo``."""
    data, state.digest_memo = _STATE.encode(_VALUES(state), state.digest_memo)
    return data


def state_digest(state) -> str:
    return hash_bytes(state_bytes(state))


_PUBLIC = enc.Record(_FIELDS)


_AT = {name: i for i, name in enumerate(_NAMES)}
_HIDDEN_TILE = "?"          # game.HIDDEN_TILE, companies.HIDDEN_CARD: what a view shows
_HIDDEN_CARD = (-1, 0)


def public_bytes(state) -> bytes:
    """``canonical_bytes(MetroGame.public_encode(state))``: the spectator's view (no Rng, the
    stack and every hand face down; with companies the share cards and piles too, until the
    final valuation shows the shares) with the table's pending chance steps, written without
    copying the state; updates ``state.public_memo``."""
    values = list(_VALUES(state))
    values[_AT["rng"]] = None
    values[_AT["stack"]] = [_HIDDEN_TILE] * len(state.stack)
    values[_AT["hands"]] = [[_HIDDEN_TILE] * len(hand) for hand in state.hands]
    if state.companies:
        if not state.over or state.chance:
            values[_AT["shares"]] = [[_HIDDEN_CARD] * len(cards) for cards in state.shares]
        values[_AT["piles"]] = [[_HIDDEN_CARD] * len(pile) for pile in state.piles]
    data, state.public_memo = _PUBLIC.encode(tuple(values), state.public_memo)
    return data

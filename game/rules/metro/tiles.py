"""Tile types, rotation and the precomputed tables move generation and tracing run on.

A type is four letters (track leaving endpoints 0, 2, 4, 6). Rotating a tile r quarter turns
clockwise moves endpoint e to e + 2r, which gives another of the 24 types: the *shape* of a
placed tile is that type's index, so all tracing works on 24 connection tables.
"""

from __future__ import annotations

from itertools import permutations

from .board import PLAYABLE, boundary_endpoints

_OFFSET = {"a": 5, "b": 3, "c": 7, "d": 1}   # c: e-1 == e+7 (mod 8)
_LETTER = {offset: letter for letter, offset in _OFFSET.items()}


def connections(code: str) -> tuple[int, ...]:
    """Partner endpoint of each endpoint 0-7 for a type code (arrow up)."""
    partner = [0] * 8
    for i, letter in enumerate(code):
        even = 2 * i
        odd = (even + _OFFSET[letter]) % 8
        partner[even], partner[odd] = odd, even
    return tuple(partner)


def _code_of(partner: tuple[int, ...]) -> str:
    return "".join(_LETTER[(partner[e] - e) % 8] for e in (0, 2, 4, 6))


def _all_codes() -> tuple[str, ...]:
    codes = []
    for odds in permutations((1, 3, 5, 7)):
        partner = [0] * 8
        for even, odd in zip((0, 2, 4, 6), odds):
            partner[even], partner[odd] = odd, even
        codes.append(_code_of(tuple(partner)))
    return tuple(sorted(codes))


TYPES: tuple[str, ...] = _all_codes()                # the 24 codes, sorted
TYPE_INDEX: dict[str, int] = {code: i for i, code in enumerate(TYPES)}
CONN: tuple[tuple[int, ...], ...] = tuple(connections(code) for code in TYPES)


def rotate(code: str, rot: int) -> str:
    """The type a tile of ``code`` becomes after ``rot`` quarter turns clockwise."""
    partner = connections(code)
    turned = [0] * 8
    for e in range(8):
        turned[(e + 2 * rot) % 8] = (partner[e] + 2 * rot) % 8
    return _code_of(tuple(turned))


# SHAPE[type_index][rot] -> type index of the rotated tile
SHAPE: tuple[tuple[int, ...], ...] = tuple(
    tuple(TYPE_INDEX[rotate(code, r)] for r in range(4)) for code in TYPES)
# CONN_FLAT[shape * 8 + endpoint] -> partner endpoint
CONN_FLAT: tuple[int, ...] = tuple(p for partner in CONN for p in partner)


def breaks_one_tile_rule(shape: int, square: int) -> bool:
    """True if this tile on this square joins two station tracks directly (a departure
    straight to an arrival through this single tile)."""
    edge = boundary_endpoints(square)
    partner = CONN[shape]
    return any(partner[e] in edge for e in edge)


# BAD_MASK[shape]: squares where a tile of that shape breaks the one-tile rule
BAD_MASK: tuple[int, ...] = tuple(
    sum(1 << sq for sq in PLAYABLE if breaks_one_tile_rule(shape, sq)) for shape in range(24))

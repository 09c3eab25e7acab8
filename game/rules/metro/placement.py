"""Where a tile may go: the empty-square/adjacency rule and the one-tile rule with its
exception, as bit masks of squares (bit ``square`` set = allowed).

The one-tile rule is waived for a tile only when it has no other legal square: with the
orientation variant that means no square in any rotation.
"""

from __future__ import annotations

from itertools import compress

from ..core import IllegalMove
from .board import CENTRE_MASK, NEIGHBOUR_MASK, RING_MASK, square_name
from .tiles import BAD_MASK, SHAPE, TYPE_INDEX


def rule_masks(avail: int, tile: str, orientation: bool) -> list[int]:
    """Allowed squares per rotation (one entry without the orientation variant)."""
    shapes = SHAPE[TYPE_INDEX[tile]]
    if not orientation:
        good = avail & ~BAD_MASK[shapes[0]]
        return [good or avail]
    goods = [avail & ~BAD_MASK[shape] for shape in shapes]
    if any(goods):
        return goods
    return [avail] * 4


def avail_after(avail: int, filled: int, square: int) -> int:
    """The placeable squares once ``square`` holds a tile (``filled``: mask of filled squares,
    including ``square``)."""
    return (avail | NEIGHBOUR_MASK[square]) & ~filled


# '0'/'1' -> byte 0/1: the bits of a mask as one byte per square, for ``compress``
BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_SQUARE_NUMBERS = tuple(range(64))


def square_flags(mask: int) -> bytes:
    """One byte per square, 1 where the mask's bit is set (index = square): the selectors
    that pick a mask's squares out of any 64-item table in one C-level ``compress``."""
    return format(mask, "064b").encode().translate(BIT_BYTES)[::-1]


def squares_of(mask: int) -> list[int]:
    """The set bits of a mask, ascending."""
    return list(compress(_SQUARE_NUMBERS, square_flags(mask)))


def nth_square(mask: int, n: int) -> int:
    """The n-th (0-based) set bit of a mask, ascending."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


INITIAL_AVAIL = RING_MASK


def check_square(state, tile: str, square: int, rot: int) -> None:
    """Raise IllegalMove unless ``tile`` turned ``rot`` may go on ``square`` now."""
    if rot and not state.orientation:
        raise IllegalMove("rotation_not_allowed",
                          "Tiles cannot be rotated without the orientation variant")
    if not 0 <= rot < 4:
        raise IllegalMove("not_a_move", "That is not a Metro move")
    name = square_name(square)
    if (1 << square) & CENTRE_MASK:
        raise IllegalMove("central_square", "{square} is part of the central station",
                          square=name)
    if state.board[square] is not None:
        raise IllegalMove("occupied", "{square} already holds a tile", square=name)
    if not (state.avail >> square) & 1:
        raise IllegalMove("not_connected",
                          "{square} is neither on the outer ring nor next to a tile",
                          square=name)
    masks = rule_masks(state.avail, tile, state.orientation)
    if not (masks[rot] >> square) & 1:
        raise IllegalMove("one_tile_rule",
                          "{tile} on {square} would join two stations through one tile, "
                          "and it has another legal square", tile=tile, square=name)

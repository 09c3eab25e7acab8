"""Where a tile may go: the empty-square/adjacency rule and the one-tile rule with its
exception, as bit masks of squares (bit ``square`` set = allowed).

The one-tile rule is waived for a tile only when it has no other legal square: with the
orientation variant that means no square in any rotation.
"""

from __future__ import annotations

from .board import NEIGHBOUR_MASK, RING_MASK
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


def legal_mask(avail: int, tile: str, rot: int, orientation: bool) -> int:
    masks = rule_masks(avail, tile, orientation)
    return masks[rot] if rot < len(masks) else 0


def avail_after(avail: int, filled: int, square: int) -> int:
    """The placeable squares once ``square`` holds a tile (``filled``: mask of filled squares,
    including ``square``)."""
    return (avail | NEIGHBOUR_MASK[square]) & ~filled


def squares_of(mask: int) -> list[int]:
    """The set bits of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def nth_square(mask: int, n: int) -> int:
    """The n-th (0-based) set bit of a mask, ascending."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


INITIAL_AVAIL = RING_MASK

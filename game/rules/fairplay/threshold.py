"""Shamir secret sharing over the prime field of ``Q`` (the group order), so that a peer's
private key can be rebuilt by enough of the other seated peers if it leaves for good.

``split`` evaluates a random polynomial of degree ``threshold - 1`` with the key as constant
term at ``x = seat + 1`` for every holder; any ``threshold`` shares give the key back by
Lagrange interpolation at 0 (``recover``), fewer give no information about it. The polynomial's
coefficients come from caller-supplied random bytes. In a real protocol each share travels
encrypted to its holder; this module is only the arithmetic.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .derive import Stream
from .group import Q


def majority(holders: int) -> int:
    """A threshold of more than half of ``holders`` peers."""
    return holders // 2 + 1


def split(key: int, holders: Sequence[int], threshold: int, randomness: bytes
          ) -> dict[int, int]:
    """``{holder seat: share}`` of ``key`` (``0 <= key < Q``); any ``threshold`` of them
    recover it."""
    if not 0 <= key < Q:
        raise ValueError("the key must be below Q")
    holders = list(holders)
    if len(set(holders)) != len(holders) or any(seat < 0 for seat in holders):
        raise ValueError("holders are distinct non-negative seats")
    if not 1 <= threshold <= len(holders):
        raise ValueError(f"the threshold must be 1 to {len(holders)}, not {threshold}")
    stream = Stream(randomness, "shamir")
    coefficients = [key] + [stream.below(Q) for _ in range(threshold - 1)]
    shares = {}
    for seat in holders:
        x, value = seat + 1, 0
        for coefficient in reversed(coefficients):   # Horner
            value = (value * x + coefficient) % Q
        shares[seat] = value
    return shares


def interpolate_at_zero(shares: Mapping[int, int]) -> int:
    """The value at 0 of the polynomial through the given shares (exactly right only with at
    least ``threshold`` consistent shares; with fewer it is a value unrelated to the key)."""
    points = sorted((seat + 1, value % Q) for seat, value in shares.items())
    total = 0
    for i, (xi, yi) in enumerate(points):
        numerator, denominator = 1, 1
        for j, (xj, _) in enumerate(points):
            if i != j:
                numerator = numerator * xj % Q
                denominator = denominator * (xj - xi) % Q
        total = (total + yi * numerator * pow(denominator, -1, Q)) % Q
    return total


def recover(shares: Mapping[int, int], threshold: int) -> int:
    """The key from at least ``threshold`` shares (ValueError with fewer)."""
    if len(shares) < threshold:
        raise ValueError(f"{threshold} shares are needed to recover a key, "
                         f"only {len(shares)} were given")
    return interpolate_at_zero(shares)

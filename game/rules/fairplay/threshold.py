"""Shamir secret sharing over the prime field of ``Q`` (the group order), so that a peer's
private key can be rebuilt by enough of the other seated peers if it leaves for good.

``split`` evaluates a random polynomial of degree ``threshold - 1`` with the key as constant
term at ``x = seat + 1`` for every holder; any ``threshold`` shares give the key back by
Lagrange interpolation at 0 (``recover``), fewer give no information about it. The polynomial's
coefficients come from caller-supplied random bytes. In a real protocol each share travels
encrypted to its holder; this module is only the arithmetic.

Two ways to finish a departed peer's decryptions:

* ``recover`` the key itself (cheap: then one short power per card), which every peer that
  sees the shares learns: enough to read that peer's own hand (which its bot needs anyway),
  never another peer's, since each draw still needs its drawer's key;
* or ``partial_share`` / ``combine_partial_shares``: each holder publishes ``c1 ** s_j``
  for the card and anyone combines ``threshold`` of them into ``c1 ** x`` (Lagrange in the
  exponent), so nobody ever learns the key; each costs a power per holder, in parallel.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .derive import Stream
from .group import IDENTITY, Q, mul, power


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
    coefficients = polynomial_for(key, threshold, randomness)
    shares = {}
    for seat in holders:
        x, value = seat + 1, 0
        for coefficient in reversed(coefficients):   # Horner
            value = (value * x + coefficient) % Q
        shares[seat] = value
    return shares


def polynomial_for(key: int, threshold: int, randomness: bytes) -> list[int]:
    """The coefficients of the sharing polynomial (the key first), from ``randomness``."""
    stream = Stream(randomness, "shamir")
    return [key] + [stream.below(Q) for _ in range(threshold - 1)]


def lagrange_at_zero(holders) -> dict[int, int]:
    """``{holder: coefficient}``: the value at 0 of a polynomial is the sum of its values at
    the holders' points times these (mod Q)."""
    points = sorted(seat + 1 for seat in holders)
    coefficients = {}
    for xi in points:
        numerator, denominator = 1, 1
        for xj in points:
            if xj != xi:
                numerator = numerator * xj % Q
                denominator = denominator * (xj - xi) % Q
        coefficients[xi - 1] = numerator * pow(denominator, -1, Q) % Q
    return coefficients


def interpolate_at_zero(shares: Mapping[int, int]) -> int:
    """The value at 0 of the polynomial through the given shares (exactly right only with at
    least ``threshold`` consistent shares; with fewer it is a value unrelated to the key)."""
    coefficients = lagrange_at_zero(shares)
    return sum(shares[seat] * coefficients[seat] for seat in shares) % Q


def recover(shares: Mapping[int, int], threshold: int) -> int:
    """The key from at least ``threshold`` shares (ValueError with fewer)."""
    if len(shares) < threshold:
        raise ValueError(f"{threshold} shares are needed to recover a key, "
                         f"only {len(shares)} were given")
    return interpolate_at_zero(shares)


def partial_share(first: bytes, key_share: int) -> bytes:
    """A holder's part ``c1 ** s_j`` of the departed peer's share of a card (``first`` = c1,
    an element of the group)."""
    return power(first, key_share)


def combine_partial_shares(partials: Mapping[int, bytes], threshold: int) -> bytes:
    """The departed peer's share ``c1 ** x`` from ``threshold`` or more holders' parts
    (ValueError with fewer)."""
    if len(partials) < threshold:
        raise ValueError(f"{threshold} parts are needed, only {len(partials)} were given")
    coefficients = lagrange_at_zero(partials)
    combined = IDENTITY
    for seat, value in partials.items():
        combined = mul(combined, power(value, coefficients[seat]))
    return combined


# -- sharing bytes longer than an exponent (a dealer's whole secret) ------------------------
CHUNK_BYTES = 31            # 248 bits: a chunk is always below Q
SHARE_BYTES = 32            # one share of one chunk (a number below Q)


def split_bytes(data: bytes, holders: Sequence[int], threshold: int, randomness: bytes
                ) -> dict[int, bytes]:
    """``{holder: share}`` of ``data`` (1 to 93 bytes): ``data`` with a leading 1 byte,
    cut into 31-byte chunks (each below Q), each chunk shared by its own polynomial; a share
    is the chunks' shares, 32 bytes each. ``recover_bytes`` is its inverse."""
    if not isinstance(data, (bytes, bytearray)) or not 1 <= len(data) <= 3 * CHUNK_BYTES - 1:
        raise ValueError("1 to 92 bytes are shared")
    marked = b"\x01" + bytes(data)
    marked = bytes(-len(marked) % CHUNK_BYTES) + marked
    chunks = [marked[start:start + CHUNK_BYTES] for start in range(0, len(marked), CHUNK_BYTES)]
    stream = Stream(randomness, "bytes")
    rows = [split(int.from_bytes(chunk, "big"), holders, threshold, stream.take(32))
            for chunk in chunks]
    return {holder: b"".join(row[holder].to_bytes(SHARE_BYTES, "big") for row in rows)
            for holder in holders}


def recover_bytes(shares: Mapping[int, bytes], threshold: int) -> bytes | None:
    """The bytes shared by ``split_bytes`` from ``threshold`` of its shares; None if they
    do not give such bytes back (ValueError with too few shares)."""
    if len(shares) < threshold:
        raise ValueError(f"{threshold} shares are needed, only {len(shares)} were given")
    sizes = {len(share) for share in shares.values()}
    if len(sizes) != 1 or not sizes <= {SHARE_BYTES, 2 * SHARE_BYTES, 3 * SHARE_BYTES}:
        return None
    marked = b""
    for start in range(0, sizes.pop(), SHARE_BYTES):
        chunk = recover({holder: int.from_bytes(share[start:start + SHARE_BYTES], "big")
                         for holder, share in shares.items()}, threshold)
        if chunk >> (8 * CHUNK_BYTES):
            return None
        marked += chunk.to_bytes(CHUNK_BYTES, "big")
    marked = marked.lstrip(b"\x00")
    return marked[1:] if marked[:1] == b"\x01" and len(marked) > 1 else None

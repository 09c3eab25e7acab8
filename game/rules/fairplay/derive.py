"""Deterministic randomness from a secret: everything a peer draws (its key, its shuffle's
permutation and re-randomisers, its Shamir coefficients) comes from its secret bytes through
BLAKE2b, so that at the audit anyone given the secret can redo the peer's steps exactly.

``Stream(secret, label)`` is keyed BLAKE2b in counter mode, one independent stream per label
(labels are length-prefixed, so no two different labels share a stream). Integers below a
bound are drawn by rejection (no modulo bias), permutations by Fisher-Yates over those.
The caller supplies the secret (from ``secrets.token_bytes`` in a real peer); nothing here
draws randomness of its own.
"""

from __future__ import annotations

import hashlib

SECRET_MIN_BYTES = 16
SECRET_MAX_BYTES = 64   # BLAKE2b's longest key


def encode_label(*parts) -> bytes:
    """An unambiguous byte string for a tuple of str / int / bytes parts."""
    out = bytearray()
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, (str, int, bytes)):
            raise TypeError(f"label parts are str, int or bytes, not {type(part).__name__}")
        if isinstance(part, str):
            tag, data = b"s", part.encode("utf-8")
        elif isinstance(part, int):
            tag, data = b"i", part.to_bytes((part.bit_length() + 8) // 8, "big", signed=True)
        else:
            tag, data = b"b", part
        out += tag + len(data).to_bytes(4, "big") + data
    return bytes(out)


def check_secret(secret: bytes) -> bytes:
    """``secret`` itself if it is bytes of an acceptable length, else ValueError."""
    if not isinstance(secret, (bytes, bytearray)):
        raise ValueError("a secret is bytes")
    if not SECRET_MIN_BYTES <= len(secret) <= SECRET_MAX_BYTES:
        raise ValueError(f"a secret is {SECRET_MIN_BYTES} to {SECRET_MAX_BYTES} bytes, "
                         f"not {len(secret)}")
    return bytes(secret)


class Stream:
    """An endless deterministic byte stream from ``secret`` and a label (tuple of parts)."""

    def __init__(self, secret: bytes, *label):
        self._key = check_secret(secret)
        self._label = encode_label(*label)
        self._block = 0
        self._buffer = b""

    def take(self, count: int) -> bytes:
        """The next ``count`` bytes."""
        while len(self._buffer) < count:
            digest = hashlib.blake2b(self._block.to_bytes(8, "big") + self._label,
                                     key=self._key, digest_size=64).digest()
            self._buffer += digest
            self._block += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def below(self, bound: int) -> int:
        """A uniform integer in ``0..bound-1``: candidates of just enough bits, rejected
        until one is below the bound (at most half are rejected on average)."""
        if bound <= 0:
            raise ValueError("the bound must be positive")
        bits = (bound - 1).bit_length()
        if bits == 0:
            return 0
        size = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            candidate = int.from_bytes(self.take(size), "big") & mask
            if candidate < bound:
                return candidate

    def exponent(self, bits: int) -> int:
        """A uniform integer in ``1..2**bits - 1`` (never zero: a zero key or re-randomiser
        would do nothing)."""
        return 1 + self.below((1 << bits) - 1)

    def permutation(self, size: int) -> list[int]:
        """A uniform permutation of ``0..size-1`` (Fisher-Yates)."""
        order = list(range(size))
        for index in range(size - 1, 0, -1):
            other = self.below(index + 1)
            order[index], order[other] = order[other], order[index]
        return order


def digest_stream(data: bytes, *label) -> Stream:
    """A stream seeded by public data (e.g. all reveals of a roll) instead of a secret."""
    key = hashlib.blake2b(encode_label(*label) + data, digest_size=32,
                          person=b"fairplay-seed").digest()
    return Stream(key, "public", *label)

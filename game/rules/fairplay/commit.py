"""Commit-reveal, and dice rolled jointly from every seated peer's reveal.

A peer commits to ``BLAKE2b(context, nonce, value)`` with a fixed-length nonce (32 bytes) and
value (32 bytes for a roll), then reveals both once every commitment is in: nobody can change
its value after seeing another's, and as long as one peer's value is random the roll is.
``roll_dice`` hashes all reveals (sorted by seat) into a stream and draws each die from it by
rejection sampling, so every face is exactly equally likely (no modulo bias).

The last peer to reveal can still refuse to reveal once it has seen the others: the caller
gives its seat to a bot and restarts the round without it (visible and limited).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Mapping, Sequence

from .derive import digest_stream, encode_label

NONCE_BYTES = 32
ROLL_VALUE_BYTES = 32
COMMITMENT_BYTES = 32


def commitment(value: bytes, nonce: bytes, *context) -> bytes:
    """The commitment to ``value`` under ``nonce`` (32 bytes), bound to ``context`` (e.g. the
    roll's label and the seat), so it cannot be replayed in another roll or by another seat."""
    if not isinstance(nonce, (bytes, bytearray)) or len(nonce) != NONCE_BYTES:
        raise ValueError(f"a nonce is {NONCE_BYTES} bytes")
    if not isinstance(value, (bytes, bytearray)):
        raise ValueError("a committed value is bytes")
    data = encode_label(*context) + bytes(nonce) + len(value).to_bytes(4, "big") + bytes(value)
    return hashlib.blake2b(data, digest_size=COMMITMENT_BYTES, person=b"fairplay-commit").digest()


def reveal_matches(committed: bytes, value: bytes, nonce: bytes, *context) -> bool:
    """Whether ``(value, nonce)`` opens ``committed`` (False for malformed input)."""
    try:
        return hmac.compare_digest(committed, commitment(value, nonce, *context))
    except (ValueError, TypeError):
        return False


def draw_below(take, bound: int) -> int | None:
    """One die of ``bound`` faces (2..256) from a byte source ``take(1)``: a byte ``b`` is
    accepted if ``b < 256 - 256 % bound`` (a whole number of copies of every face) and gives
    face ``b % bound``; rejected bytes are skipped. None if ``take`` runs dry."""
    if not 2 <= bound <= 256:
        raise ValueError("a die has 2 to 256 faces")
    limit = 256 - 256 % bound
    while True:
        byte = take(1)
        if not byte:
            return None
        if byte[0] < limit:
            return byte[0] % bound


def roll_dice(reveals: Mapping[int, bytes], dice: Sequence[int], *label) -> list[int]:
    """The faces (``0..sides-1``) of ``dice`` (a list of face counts) rolled from every seat's
    revealed value; ``label`` names the roll (e.g. ``"round", 3``) so two rolls differ."""
    if not reveals:
        raise ValueError("a roll needs at least one reveal")
    data = bytearray()
    for seat in sorted(reveals):
        value = reveals[seat]
        if not isinstance(value, (bytes, bytearray)) or len(value) != ROLL_VALUE_BYTES:
            raise ValueError(f"a roll value is {ROLL_VALUE_BYTES} bytes")
        data += encode_label(seat, bytes(value))
    stream = digest_stream(bytes(data), "roll", *label)
    return [draw_below(stream.take, sides) for sides in dice]

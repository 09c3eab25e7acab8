"""Verifiable escrow and rolls that nobody can re-roll (issue 28).

Three small tools, all over the group of ``group.py`` (written multiplicatively):

* **Feldman commitments** to the Shamir polynomial that escrows a dealer's key: the dealer
  publishes ``G ** a_k`` for every coefficient (``a_0`` is its key, so the first commitment
  is its public key and is left out), and anyone can check a holder's share ``s`` by
  ``G ** s == prod C_k ** ((holder + 1) ** k)`` (``share_image``). A bad share is then the
  fault of whoever the check points at, never a guess.
* **Proofs of equal logarithms** (Chaum-Pedersen, made non-interactive by hashing): "the
  same secret exponent turns ``g1`` into ``y1`` and ``g2`` into ``y2``", without showing it.
* **A roll part fixed by the key**: a dealer's part of a roll is ``H(roll) ** x`` (``x`` its
  private key, ``H`` a hash onto the group nobody knows a logarithm of), published with a
  proof that it used the key behind its public key. Nobody else can compute it (decisional
  Diffie-Hellman), the dealer itself cannot choose it (it was fixed when the keys were), and
  when it does not arrive any ``threshold`` holders of the key's escrow rebuild it from their
  own parts ``H(roll) ** s_j`` (each with its proof against ``share_image``), combined by
  Lagrange in the exponent: the same value, without anyone learning the key. So a missing
  reveal can delay a roll, never change it (a distributed verifiable random function, as in
  the DDH-DVRF of Galindo et al.).

Pure and deterministic: the proofs' nonces come from a caller's stream.
"""

from __future__ import annotations

import hashlib

from .derive import Stream, encode_label
from .group import (G, Q, SCALAR_BYTES, divide, element_to_bytes, generator_power,
                    hash_to_group, is_element, mul, power)

CHALLENGE_BYTES = 16
Z_BYTES = SCALAR_BYTES       # the answer of a proof, an exponent mod Q
FULL_Z_BYTES = Z_BYTES       # (the name the rescue's frames use)


def roll_base(roll: str, attempt: int) -> bytes:
    """The base every dealer raises to its key for ``roll``'s ``attempt``."""
    return hash_to_group("roll", roll, attempt)


def roll_digest(point: bytes) -> bytes:
    """The 32 bytes a roll part stands for in the dice (``commit.roll_dice``)."""
    return hashlib.blake2b(element_to_bytes(point), digest_size=32,
                           person=b"fair-roll-part").digest()


# ------------------------------------------------------------------ Feldman commitments
def commitments(coefficients) -> tuple[bytes, ...]:
    """``G ** a`` of every coefficient but the first (the key: its image is the public key)."""
    return tuple(generator_power(a) for a in coefficients[1:])


def share_image(public_key: bytes, committed, holder: int) -> bytes:
    """``G ** s`` that the share of ``holder`` must have, from the public key and the
    commitments to the other coefficients."""
    x = holder + 1
    image, exponent = public_key, 1
    for commitment in committed:
        exponent = exponent * x % Q
        image = mul(image, power(commitment, exponent))
    return image


def share_fits(share: int, public_key: bytes, committed, holder: int) -> bool:
    """Whether ``share`` is the share of ``holder`` under these commitments."""
    try:
        return 0 <= share < Q and generator_power(share) == share_image(public_key, committed,
                                                                         holder)
    except ValueError:          # a commitment that is no element
        return False


# ------------------------------------------------------------------ equal logarithms
def _challenge(context: tuple, *elements: bytes) -> int:
    data = encode_label(*context) + b"".join(element_to_bytes(e) for e in elements)
    return int.from_bytes(hashlib.blake2b(data, digest_size=CHALLENGE_BYTES,
                                          person=b"fair-equal-logs").digest(), "big")


def prove_equal_logs(secret: int, g1: bytes, g2: bytes, stream: Stream, *context) -> bytes:
    """A proof that ``g1 ** secret`` and ``g2 ** secret`` share the exponent: the challenge
    (16 bytes) and the answer ``nonce + challenge * secret mod Q`` (32 bytes)."""
    y1, y2 = power(g1, secret), power(g2, secret)
    nonce = 1 + stream.below(Q - 1)
    a1, a2 = power(g1, nonce), power(g2, nonce)
    c = _challenge(context, g1, y1, g2, y2, a1, a2)
    return c.to_bytes(CHALLENGE_BYTES, "big") + ((nonce + c * secret) % Q).to_bytes(
        Z_BYTES, "big")


def equal_logs(proof: bytes, g1: bytes, y1: bytes, g2: bytes, y2: bytes, *context) -> bool:
    """Whether ``proof`` shows that ``y1 = g1 ** s`` and ``y2 = g2 ** s`` for one ``s``
    (False for anything malformed)."""
    if not isinstance(proof, (bytes, bytearray)) or len(proof) != CHALLENGE_BYTES + Z_BYTES:
        return False
    if not all(is_element(value) for value in (g1, y1, g2, y2)):
        return False
    c = int.from_bytes(proof[:CHALLENGE_BYTES], "big")
    z = int.from_bytes(proof[CHALLENGE_BYTES:], "big")
    if z >= Q:
        return False
    try:
        a1 = divide(power(g1, z), power(y1, c))
        a2 = divide(power(g2, z), power(y2, c))
    except ValueError:
        return False
    return _challenge(context, g1, y1, g2, y2, a1, a2) == c


# ------------------------------------------------------------------ roll parts
def roll_context(roll: str, attempt: int, seat: int) -> tuple:
    return ("roll-part", roll, attempt, seat)


def rescue_context(roll: str, attempt: int, owner: int, holder: int) -> tuple:
    return ("roll-rescue", roll, attempt, owner, holder)

"""Verifiable escrow and rolls that nobody can re-roll (issue 28).

Three small tools, all over the group of ``group.py``:

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

from .arithmetic import invert, powmod
from .derive import Stream, encode_label
from .group import ELEMENT_BYTES, EXPONENT_BITS, G, P, Q, element_to_bytes, is_element

CHALLENGE_BYTES = 16
# a proof for a short (key-sized) exponent: the nonce hides challenge * key statistically
SHORT_NONCE_BITS = EXPONENT_BITS + 8 * CHALLENGE_BYTES + 80
SHORT_Z_BYTES = (SHORT_NONCE_BITS + 8) // 8 + 1
FULL_Z_BYTES = ELEMENT_BYTES


def hash_to_group(*label) -> int:
    """An element of the group nobody knows the logarithm of: a hash, squared."""
    counter = 0
    while True:
        digest = Stream(hashlib.blake2b(encode_label("to-group", counter, *label),
                                        digest_size=32).digest(), "h").take(ELEMENT_BYTES + 16)
        element = pow(int.from_bytes(digest, "big") % P, 2, P)
        if element not in (0, 1):
            return element
        counter += 1


def roll_base(roll: str, attempt: int) -> int:
    """The base every dealer raises to its key for ``roll``'s ``attempt``."""
    return hash_to_group("roll", roll, attempt)


def roll_digest(point: int) -> bytes:
    """The 32 bytes a roll part stands for in the dice (``commit.roll_dice``)."""
    return hashlib.blake2b(element_to_bytes(point), digest_size=32,
                           person=b"fair-roll-part").digest()


# ------------------------------------------------------------------ Feldman commitments
def commitments(coefficients) -> tuple[int, ...]:
    """``G ** a`` of every coefficient but the first (the key: its image is the public key)."""
    return tuple(powmod(G, a, P) for a in coefficients[1:])


def share_image(public_key: int, committed, holder: int) -> int:
    """``G ** s`` that the share of ``holder`` must have, from the public key and the
    commitments to the other coefficients."""
    x = holder + 1
    image, power = public_key, 1
    for commitment in committed:
        power = power * x % Q
        image = image * powmod(commitment, power, P) % P
    return image


def share_fits(share: int, public_key: int, committed, holder: int) -> bool:
    """Whether ``share`` is the share of ``holder`` under these commitments."""
    return 0 <= share < Q and powmod(G, share, P) == share_image(public_key, committed, holder)


# ------------------------------------------------------------------ equal logarithms
def _challenge(context: tuple, *elements: int) -> int:
    data = encode_label(*context) + b"".join(element_to_bytes(e) for e in elements)
    return int.from_bytes(hashlib.blake2b(data, digest_size=CHALLENGE_BYTES,
                                          person=b"fair-equal-logs").digest(), "big")


def prove_equal_logs(secret: int, g1: int, g2: int, stream: Stream, *context,
                     short: bool = True) -> bytes:
    """A proof that ``g1 ** secret`` and ``g2 ** secret`` share the exponent. ``short``: the
    secret is key-sized (below 2 ** EXPONENT_BITS), so the proof uses short powers; else it
    is any exponent below Q (a Shamir share) and the answer is reduced mod Q."""
    y1, y2 = powmod(g1, secret, P), powmod(g2, secret, P)
    nonce = stream.exponent(SHORT_NONCE_BITS) if short else stream.below(Q)
    a1, a2 = powmod(g1, nonce, P), powmod(g2, nonce, P)
    c = _challenge(context, g1, y1, g2, y2, a1, a2)
    if short:
        return c.to_bytes(CHALLENGE_BYTES, "big") + (nonce + c * secret).to_bytes(
            SHORT_Z_BYTES, "big")
    return c.to_bytes(CHALLENGE_BYTES, "big") + ((nonce + c * secret) % Q).to_bytes(
        FULL_Z_BYTES, "big")


def equal_logs(proof: bytes, g1: int, y1: int, g2: int, y2: int, *context) -> bool:
    """Whether ``proof`` shows that ``y1 = g1 ** s`` and ``y2 = g2 ** s`` for one ``s``
    (False for anything malformed)."""
    if not isinstance(proof, (bytes, bytearray)) or len(proof) not in (
            CHALLENGE_BYTES + SHORT_Z_BYTES, CHALLENGE_BYTES + FULL_Z_BYTES):
        return False
    if not all(is_element(value) for value in (y1, y2)):
        return False
    c = int.from_bytes(proof[:CHALLENGE_BYTES], "big")
    z = int.from_bytes(proof[CHALLENGE_BYTES:], "big")
    if len(proof) == CHALLENGE_BYTES + SHORT_Z_BYTES and z >= 1 << (SHORT_NONCE_BITS + 1):
        return False
    a1 = powmod(g1, z, P) * invert(powmod(y1, c, P), P) % P
    a2 = powmod(g2, z, P) * invert(powmod(y2, c, P), P) % P
    return _challenge(context, g1, y1, g2, y2, a1, a2) == c


# ------------------------------------------------------------------ roll parts
def roll_context(roll: str, attempt: int, seat: int) -> tuple:
    return ("roll-part", roll, attempt, seat)


def rescue_context(roll: str, attempt: int, owner: int, holder: int) -> tuple:
    return ("roll-rescue", roll, attempt, owner, holder)

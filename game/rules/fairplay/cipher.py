"""The table's cipher: ElGamal over the quadratic-residue group, under a joint key that is the
product of every seated peer's public key, so that a card is readable only with every peer's
share (a "commutative" layering: the peers' shares may be removed in any order, or all at once).

* A peer's private key ``x`` (256 bits, from its secret bytes) and public key ``G ** x``.
* ``joint_key``: ``H = product of the public keys = G ** (x_1 + ... + x_n)``.
* A card starts face up as ``(1, m)`` (``m`` its encoding); ``Rerandomizer.rerandomize``
  multiplies in ``(G ** r, H ** r)``: the same card, but nobody can tell which any more.
* ``decryption_share(c, x) = c1 ** x``: one peer's part of the mask ``H ** r = c1 ** sum(x)``;
  ``unmask`` divides the product of the shares out of ``c2``. With one share missing the rest
  is ``m`` times a power nobody can compute: no coalition without that peer learns anything.
"""

from __future__ import annotations

from .arithmetic import FixedBase, backend, invert, powmod
from .derive import Stream
from .group import EXPONENT_BITS, P, encode_card, generator_power, is_element

Ciphertext = tuple[int, int]


def private_key(secret: bytes) -> int:
    """The private key derived from a peer's secret bytes (1 .. 2**256 - 1)."""
    return Stream(secret, "private key").exponent(EXPONENT_BITS)


def public_key(private: int) -> int:
    """``G ** private``: what the peer announces."""
    return generator_power(private)


def joint_key(public_keys) -> int:
    """The product of the public keys: encryption under it needs every private key to undo."""
    product = 1
    for key in public_keys:
        product = product * key % P
    return product


def open_card(card: int) -> Ciphertext:
    """A card face up: the trivial ciphertext ``(1, encode(card))`` that anyone can read."""
    return (1, encode_card(card))


def is_ciphertext(value) -> bool:
    """Whether ``value`` is a pair of group elements."""
    return (isinstance(value, tuple) and len(value) == 2
            and is_element(value[0]) and is_element(value[1]))


class Rerandomizer:
    """Re-encryption under one joint key, with its powers tabulated (built once per key)."""

    _cache: dict[tuple[str, int], "Rerandomizer"] = {}

    def __init__(self, key: int):
        self.key = key
        self._table = FixedBase(key, P, EXPONENT_BITS)

    @classmethod
    def for_key(cls, key: int) -> "Rerandomizer":
        """The (cached) re-randomiser of joint key ``key`` in the current backend."""
        slot = (backend(), key)
        found = cls._cache.get(slot)
        if found is None:
            if len(cls._cache) > 16:   # a table has a few joint keys, not hundreds
                cls._cache.clear()
            found = cls._cache[slot] = cls(key)
        return found

    @classmethod
    def forget_tables(cls) -> None:
        """Drop the cached tables (the bench times a cold start with it)."""
        cls._cache.clear()

    def rerandomize(self, ciphertext: Ciphertext, randomizer: int) -> Ciphertext:
        """``(c1 * G**r, c2 * H**r)``: the same card under fresh randomness ``r``."""
        first, second = ciphertext
        return (first * generator_power(randomizer) % P,
                second * self._table.power(randomizer) % P)


def decryption_share(ciphertext: Ciphertext, private: int) -> int:
    """One peer's share ``c1 ** x`` of the mask of ``ciphertext``."""
    return powmod(ciphertext[0], private, P)


def unmask(ciphertext: Ciphertext, shares) -> int:
    """``c2`` divided by the product of ``shares``: the encoded card once every peer's share
    is in (and a meaningless group element otherwise)."""
    product = 1
    for share in shares:
        product = product * share % P
    return ciphertext[1] * invert(product, P) % P


def decrypt(ciphertext: Ciphertext, privates) -> int:
    """The encoded card under the given private keys (all of the joint key's), at the cost of
    one power: ``c2 / c1 ** (x_1 + ... + x_n)``."""
    return ciphertext[1] * invert(powmod(ciphertext[0], sum(privates), P), P) % P

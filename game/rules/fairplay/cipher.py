"""The table's cipher: ElGamal over the group of ``group.py``, under a joint key that is the
product of every seated peer's public key, so that a card is readable only with every peer's
share (a "commutative" layering: the peers' shares may be removed in any order, or all at once).

* A peer's private key ``x`` (an exponent mod Q, from its secret bytes) and public key ``G ** x``.
* ``joint_key``: ``H = product of the public keys = G ** (x_1 + ... + x_n)``.
* A card starts face up as ``(IDENTITY, m)`` (``m`` its encoding); ``Rerandomizer.rerandomize``
  multiplies in ``(G ** r, H ** r)``: the same card, but nobody can tell which any more.
* ``decryption_share(c, x) = c1 ** x``: one peer's part of the mask ``H ** r = c1 ** sum(x)``;
  ``unmask`` divides the product of the shares out of ``c2``. With one share missing the rest
  is ``m`` times a power nobody can compute: no coalition without that peer learns anything.
"""

from __future__ import annotations

from .derive import Stream
from .group import (IDENTITY, divide, encode_card, generator_power, is_element, mul, power,
                    product, random_exponent)

Ciphertext = tuple[bytes, bytes]


def private_key(secret: bytes) -> int:
    """The private key derived from a peer's secret bytes (1 .. Q - 1)."""
    return random_exponent(Stream(secret, "private key"))


def public_key(private: int) -> int:
    """``G ** private``: what the peer announces."""
    return generator_power(private)


def joint_key(public_keys) -> bytes:
    """The product of the public keys: encryption under it needs every private key to undo."""
    return product(public_keys)


def open_card(card: int) -> Ciphertext:
    """A card face up: the trivial ciphertext ``(IDENTITY, encode(card))`` anyone can read."""
    return (IDENTITY, encode_card(card))


def is_ciphertext(value) -> bool:
    """Whether ``value`` is a pair of group elements."""
    return (isinstance(value, tuple) and len(value) == 2
            and is_element(value[0]) and is_element(value[1]))


class Rerandomizer:
    """Re-encryption under one joint key (libsodium has no fixed-base tables for a point of
    our own, so this only remembers the key; kept as a class so callers need not change)."""

    _cache: dict[bytes, "Rerandomizer"] = {}

    def __init__(self, key: bytes):
        self.key = key

    @classmethod
    def for_key(cls, key: bytes) -> "Rerandomizer":
        """The (cached) re-randomiser of joint key ``key``."""
        found = cls._cache.get(key)
        if found is None:
            if len(cls._cache) > 16:   # a table has a few joint keys, not hundreds
                cls._cache.clear()
            found = cls._cache[key] = cls(key)
        return found

    @classmethod
    def forget_tables(cls) -> None:
        """Drop the cache (the bench times a cold start with it)."""
        cls._cache.clear()

    def rerandomize(self, ciphertext: Ciphertext, randomizer: int) -> Ciphertext:
        """``(c1 * G**r, c2 * H**r)``: the same card under fresh randomness ``r``."""
        first, second = ciphertext
        return (mul(first, generator_power(randomizer)),
                mul(second, power(self.key, randomizer)))


def decryption_share(ciphertext: Ciphertext, private: int) -> bytes:
    """One peer's share ``c1 ** x`` of the mask of ``ciphertext``."""
    return power(ciphertext[0], private)


def unmask(ciphertext: Ciphertext, shares) -> bytes:
    """``c2`` divided by the product of ``shares``: the encoded card once every peer's share
    is in (and a meaningless group element otherwise)."""
    return divide(ciphertext[1], product(shares))


def decrypt(ciphertext: Ciphertext, privates) -> bytes:
    """The encoded card under the given private keys (all of the joint key's), at the cost of
    one power: ``c2 / c1 ** (x_1 + ... + x_n)``."""
    return divide(ciphertext[1], power(ciphertext[0], sum(privates)))

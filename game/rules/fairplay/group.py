"""The group everything is computed in, and cards as group elements (issue 28 item 5).

The prime-order subgroup of the edwards25519 curve, through libsodium (PyNaCl's
``nacl.bindings``): order ``Q = 2**252 + 27742317777372353535851937790883648493``, generator
``G`` the standard base point, elements as their 32-byte canonical encodings (Python
``bytes``), compared byte for byte (a point of the subgroup has exactly one encoding).

Why this group and not the 2048-bit one of RFC 3526 it replaces: an element is 32 bytes
instead of 256, so a shuffled deck, a draw's share and a key are eight times smaller on the
wire and in the saves (a Metro joiner received 88-309 kB a game with the old group, most of
it decks and shares); and a power is a libsodium scalar multiplication, constant time in the
secret exponent (the old group's gmpy2 ``powmod`` was not, and its ``powmod_sec`` was half
as fast again). Both groups give about 128 bits of security against the best known attacks
(the old one 112). PyNaCl (its release of 2026) does not expose libsodium's
ristretto255 functions, only the edwards25519 ones; the curve has a cofactor of 8, so every element that comes from
another machine is checked (``is_element``: a canonical encoding of a point of the prime-
order subgroup that is not the identity, libsodium's ``crypto_core_ed25519_is_valid_point``)
before it is used, and ``from_bytes`` refuses anything else. libsodium's scalar
multiplication refuses points outside the subgroup too.

The group is written multiplicatively here, as in the papers the scheme comes from:
``mul(a, b)`` is the group operation (point addition), ``power(a, e)`` is ``a ** e``
(scalar multiplication), ``divide(a, b)`` is ``a / b``.

* Exponents (keys, re-randomisers, Shamir shares) are integers mod ``Q``; ``random_exponent``
  draws one from 1 to Q - 1 (a zero would do nothing).
* A card is ``hash_to_group("card", number)``: an element whose logarithm nobody knows (the
  Elligator map of libsodium's ``from_uniform`` on a hash, cofactor cleared). A known pile is
  decoded by a ``CardTable`` look-up; a card has no general decoding.
* ``IDENTITY`` (the neutral element) is never on the wire: it is the first component of a
  card still face up, before the first shuffle.
"""

from __future__ import annotations

import hashlib

from nacl import bindings as _sodium
from nacl.exceptions import CryptoError

from .derive import encode_label

Q = 2 ** 252 + 27742317777372353535851937790883648493
ELEMENT_BYTES = 32
SCALAR_BYTES = 32
IDENTITY = b"\x01" + bytes(31)
# Cards are numbers below 2**32 (a card number fits in a msgpack integer).
MAX_CARD = 1 << 32
GROUP_NAME = "edwards25519"


def _scalar(exponent: int) -> bytes:
    return (exponent % Q).to_bytes(SCALAR_BYTES, "little")


def generator_power(exponent: int) -> bytes:
    """``G ** exponent`` (constant time in the exponent)."""
    exponent %= Q
    if exponent == 0:
        return IDENTITY
    return _sodium.crypto_scalarmult_ed25519_base_noclamp(_scalar(exponent))


G = generator_power(1)


def power(element: bytes, exponent: int) -> bytes:
    """``element ** exponent`` (constant time in the exponent); ValueError if ``element`` is
    not in the group."""
    exponent %= Q
    if exponent == 0 or element == IDENTITY:
        return IDENTITY
    try:
        return _sodium.crypto_scalarmult_ed25519_noclamp(_scalar(exponent), element)
    except (CryptoError, TypeError) as error:
        raise ValueError("not a group element") from error


def mul(first: bytes, second: bytes) -> bytes:
    """The group operation ``first * second`` (ValueError for bytes that are no point)."""
    if first == IDENTITY:
        return second
    if second == IDENTITY:
        return first
    try:
        return _sodium.crypto_core_ed25519_add(first, second)
    except (CryptoError, TypeError) as error:
        raise ValueError("not a group element") from error


def divide(first: bytes, second: bytes) -> bytes:
    """``first / second`` (ValueError for bytes that are no point)."""
    if second == IDENTITY:
        return first
    try:
        return _sodium.crypto_core_ed25519_sub(first, second)
    except (CryptoError, TypeError) as error:
        raise ValueError("not a group element") from error


def product(elements) -> bytes:
    """The product of ``elements`` (the identity for none)."""
    result = IDENTITY
    for element in elements:
        result = mul(result, element)
    return result


def is_element(value) -> bool:
    """Whether ``value`` is an element of the group other than the identity: the canonical
    32-byte encoding of a point of the prime-order subgroup."""
    return (isinstance(value, bytes) and len(value) == ELEMENT_BYTES and value != IDENTITY
            and bool(_sodium.crypto_core_ed25519_is_valid_point(value)))


def random_exponent(stream) -> int:
    """An exponent from 1 to Q - 1 drawn from a ``derive.Stream``."""
    return 1 + stream.below(Q - 1)


def hash_to_group(*label) -> bytes:
    """An element nobody knows the logarithm of, named by ``label`` (str / int / bytes parts)."""
    digest = hashlib.blake2b(encode_label("to-group", *label), digest_size=32,
                             person=b"fairplay-group").digest()
    return _sodium.crypto_core_ed25519_from_uniform(digest)


def encode_card(card: int) -> bytes:
    """The group element standing for card number ``card`` (``0 <= card < MAX_CARD``)."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < MAX_CARD:
        raise ValueError(f"a card is a number from 0 to {MAX_CARD - 1}, not {card!r}")
    return hash_to_group("card", card)


class CardTable:
    """The encodings of a known set of cards, for decoding by one dictionary look-up."""

    def __init__(self, cards):
        self._by_element = {encode_card(card): card for card in cards}

    def card_of(self, element: bytes) -> int | None:
        """The card encoded by ``element``, or None if it encodes none of these cards."""
        return self._by_element.get(element)


def element_to_bytes(element: bytes) -> bytes:
    """The 32-byte wire form of a group element (it is its own wire form)."""
    return element


def element_from_bytes(data) -> bytes:
    """A group element from its wire form; ValueError unless it is one (the identity
    included: it is never sent)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) != ELEMENT_BYTES:
        raise ValueError(f"a group element is {ELEMENT_BYTES} bytes")
    data = bytes(data)
    if not is_element(data):
        raise ValueError("the bytes are not an element of the group")
    return data

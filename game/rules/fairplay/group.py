"""The group everything is computed in, and cards as group elements.

* ``P``: the 2048-bit MODP prime of RFC 3526 (group 14), a published safe prime
  ``P = 2Q + 1`` with ``Q`` prime (tests/test_fairplay_group.py re-derives it from the RFC's
  formula with pi and checks both with Miller-Rabin). Nobody at the table chose it.
* The group is the subgroup of quadratic residues mod ``P``: prime order ``Q``, generator
  ``G = 2`` (a square since ``P = 7 mod 8``). In it the decisional Diffie-Hellman problem is
  believed hard; in the whole of ``Z_P*`` it is not, because the Legendre symbol of a
  ciphertext gives away the symbol of the card: one bit per card (the classic SRA leak).
  So cards are encoded as squares, ``encode_card(i) = (i + 2) ** 2 mod P``.
* Exponents (keys, re-randomisers) are ``EXPONENT_BITS`` = 256 bits: short exponents, as
  RFC 7919 allows for these groups (at least twice the group's 112-bit strength), which
  makes every power about eight times cheaper than a full 2047-bit one.
* ``is_element`` checks that a value lies in the group (Legendre symbol). It matters where a
  secret exponent meets a value from another peer (a share ``c1 ** x`` of a ``c1`` outside the
  group would leak a bit of ``x``), so it is checked there and on public keys, not on every
  element received (in Python it costs about a power: a shuffled deck has 120 of them).
* ``element_to_bytes`` / ``element_from_bytes`` are the 256-byte wire form (range-checked).
"""

from __future__ import annotations

from .arithmetic import FixedBase, backend, jacobi, powmod

P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74"
    "020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F1437"
    "4FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF05"
    "98DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF695581718"
    "3995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
G = 2
ELEMENT_BYTES = 256
EXPONENT_BITS = 256
# Cards are numbers below 2**32: (card + 2) stays far below Q, so its square has one root
# there, and a card number fits in a msgpack integer.
MAX_CARD = 1 << 32

_GENERATOR_TABLES: dict[str, FixedBase] = {}


def generator_power(exponent: int) -> int:
    """``G ** exponent mod P`` for a short exponent (below ``2 ** EXPONENT_BITS``), from a
    table built once per arithmetic backend."""
    table = _GENERATOR_TABLES.get(backend())
    if table is None:
        table = _GENERATOR_TABLES[backend()] = FixedBase(G, P, EXPONENT_BITS)
    return table.power(exponent)


def is_element(value: int) -> bool:
    """Whether ``value`` is in the group: an integer in ``1..P-1`` that is a square mod P."""
    return isinstance(value, int) and 0 < value < P and jacobi(value, P) == 1


def encode_card(card: int) -> int:
    """The group element standing for card number ``card`` (``0 <= card < MAX_CARD``)."""
    if not isinstance(card, int) or not 0 <= card < MAX_CARD:
        raise ValueError(f"a card is a number from 0 to {MAX_CARD - 1}, not {card!r}")
    return (card + 2) * (card + 2) % P


def decode_card(element: int) -> int:
    """The card number of an encoded card (the slow general way: one full-size power; a
    ``CardTable`` looks up the cards of a known pile instead). ValueError if it is no card."""
    if not is_element(element):
        raise ValueError("not a group element")
    root = powmod(element, (P + 1) // 4, P)   # P = 3 mod 4: this is a square root
    root = min(root, P - root)
    card = root - 2
    if not 0 <= card < MAX_CARD:
        raise ValueError("the element encodes no card")
    return card


class CardTable:
    """The encodings of a known set of cards, for decoding by one dictionary look-up."""

    def __init__(self, cards):
        self._by_element = {encode_card(card): card for card in cards}

    def card_of(self, element: int) -> int | None:
        """The card encoded by ``element``, or None if it encodes none of these cards."""
        return self._by_element.get(element)


def element_to_bytes(element: int) -> bytes:
    """The fixed-length (256 bytes, big-endian) wire form of a group element."""
    return element.to_bytes(ELEMENT_BYTES, "big")


def element_from_bytes(data: bytes) -> int:
    """A number ``1 .. P-1`` from its wire form; ValueError otherwise. (Whether it is in the
    group is checked by ``is_element`` where that matters.)"""
    if not isinstance(data, (bytes, bytearray)) or len(data) != ELEMENT_BYTES:
        raise ValueError(f"a group element is {ELEMENT_BYTES} bytes")
    value = int.from_bytes(data, "big")
    if not 0 < value < P:
        raise ValueError("the bytes are not a number from 1 to P - 1")
    return value

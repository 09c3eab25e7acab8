"""fairplay's group (issue 28 item 5): the prime-order subgroup of edwards25519 through
libsodium, 32-byte elements; cards as hashed elements; every element from the wire checked
(a point of small order or outside the subgroup would leak bits of a key raised to it)."""

import pytest
from hypothesis import given, settings, strategies as st

from game.rules.fairplay.cipher import Rerandomizer, joint_key, open_card, public_key
from game.rules.fairplay.group import (ELEMENT_BYTES, G, IDENTITY, MAX_CARD, Q, CardTable,
                                       divide, element_from_bytes, element_to_bytes,
                                       encode_card, generator_power, is_element, mul, power,
                                       product)

# A point of order 8 on the curve (outside the prime-order subgroup: a torsion point),
# and the base point plus it (on the curve, of order 8 Q: not in the subgroup either).
TORSION = bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
G_PLUS_TORSION = bytes.fromhex("98519eadf35b995233b51b5cd23e9cc5a28b639b5a4af0ec903cb960d81b7819")


def test_the_group_has_prime_order_q_and_g_generates_it():
    assert Q == 2 ** 252 + 27742317777372353535851937790883648493
    assert generator_power(Q) == IDENTITY and generator_power(Q + 1) == G
    assert power(G, Q - 1) == divide(IDENTITY, G) != G
    assert len(G) == ELEMENT_BYTES == 32 and is_element(G)
    assert not is_element(IDENTITY)


def test_elements_outside_the_subgroup_are_refused_everywhere():
    for bad in (TORSION, G_PLUS_TORSION, IDENTITY, b"", b"\0" * 32, b"\xff" * 32, b"\1" * 33):
        assert not is_element(bad)
        with pytest.raises(ValueError):
            element_from_bytes(bad)
    for bad in (TORSION, G_PLUS_TORSION):           # a secret never meets such a point
        with pytest.raises(ValueError):
            power(bad, 12345)
    with pytest.raises(ValueError):
        element_from_bytes("not bytes")


def test_cards_round_trip_and_differ():
    for card in (0, 1, 59, MAX_CARD - 1):
        element = encode_card(card)
        assert is_element(element)
        assert element_from_bytes(element_to_bytes(element)) == element
        assert CardTable([card, card ^ 1]).card_of(element) == card
    assert len({encode_card(card) for card in range(200)}) == 200
    assert CardTable(range(5)).card_of(encode_card(9)) is None
    for bad in (-1, MAX_CARD, True, "3"):
        with pytest.raises(ValueError):
            encode_card(bad)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, Q - 1), st.integers(1, Q - 1), st.integers(0, 2 ** 300))
def test_the_group_laws_hold(a, b, big):
    ga, gb = generator_power(a), generator_power(b)
    assert mul(ga, gb) == generator_power(a + b) == mul(gb, ga)
    assert divide(mul(ga, gb), gb) == ga
    assert power(ga, b) == power(gb, a) == generator_power(a * b)
    assert power(G, big) == generator_power(big)         # exponents are taken mod Q
    assert product([ga, gb, IDENTITY]) == mul(ga, gb) and product([]) == IDENTITY


def test_a_rerandomised_card_is_the_same_card_under_fresh_bytes():
    key = joint_key([public_key(11), public_key(22)])
    rerandomizer = Rerandomizer.for_key(key)
    once = rerandomizer.rerandomize(open_card(5), 1000)
    twice = rerandomizer.rerandomize(once, 2000)
    assert len({once, twice}) == 2 and all(is_element(part) for part in once + twice)
    # c2 / c1 ** (x1 + x2) is the card again
    assert divide(twice[1], power(twice[0], 33)) == encode_card(5)

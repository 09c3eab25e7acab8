"""fairplay's group and arithmetic: the published safe prime, cards as quadratic residues (and
the bit the naive encoding leaks), and the gmpy2 and pure-Python backends agreeing."""

import pytest
from hypothesis import given, settings, strategies as st

from game.rules.fairplay import arithmetic
from game.rules.fairplay.arithmetic import FixedBase, available_backends, use_backend
from game.rules.fairplay.cipher import Rerandomizer, joint_key, public_key
from game.rules.fairplay.group import (EXPONENT_BITS, G, MAX_CARD, P, Q, CardTable,
                                       decode_card, element_from_bytes, element_to_bytes,
                                       encode_card, is_element)

FAST = settings(max_examples=30, deadline=None)
BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53)


def _miller_rabin(n: int) -> bool:
    """Probabilistic primality (error below 4**-16 for the fixed bases, far lower in practice)."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for base in BASES:
        x = arithmetic.powmod(base, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _pi_times_power_of_two(bits: int) -> int:
    """floor(pi * 2**bits) by Machin's formula in integers (with 32 guard bits)."""
    one = 1 << (bits + 32)

    def arctan_inverse(x: int) -> int:
        total, term, k, sign = 0, one // x, 1, 1
        while term:
            total += sign * (term // k)
            term //= x * x
            k, sign = k + 2, -sign
        return total

    return (16 * arctan_inverse(5) - 4 * arctan_inverse(239)) >> 32


def test_the_prime_is_rfc_3526_group_14():
    # RFC 3526 section 3: p = 2^2048 - 2^1984 - 1 + 2^64 * { [2^1918 pi] + 124476 }
    assert P == 2**2048 - 2**1984 - 1 + 2**64 * (_pi_times_power_of_two(1918) + 124476)


def test_the_prime_is_a_safe_prime():
    assert P.bit_length() == 2048 and P == 2 * Q + 1
    assert _miller_rabin(P) and _miller_rabin(Q)
    # the test can say no: 3215031751 passes for the bases 2, 3, 5 and 7 but is composite
    assert not _miller_rabin(3215031751) and _miller_rabin(2**127 - 1)


def test_the_generator_generates_the_square_subgroup():
    assert is_element(G) and G != 1
    assert arithmetic.powmod(G, Q, P) == 1                  # order divides the prime Q
    assert not is_element(P - 1)                            # -1 is not a square: P = 3 mod 4


@FAST
@given(st.integers(0, MAX_CARD - 1))
def test_every_encoded_card_is_a_square_and_decodes(card):
    element = encode_card(card)
    assert arithmetic.jacobi(element, P) == 1
    assert decode_card(element) == card
    assert CardTable([card, card ^ 1]).card_of(element) == card


def test_out_of_range_cards_and_elements_are_refused():
    for bad in (-1, MAX_CARD, "3", None):
        with pytest.raises(ValueError):
            encode_card(bad)
    for bad in (b"", b"\0" * 256, P.to_bytes(256, "big"), b"\1" * 257):
        with pytest.raises(ValueError):
            element_from_bytes(bad)
    assert not is_element(element_from_bytes((P - 1).to_bytes(256, "big")))
    assert element_from_bytes(element_to_bytes(encode_card(7))) == encode_card(7)
    assert CardTable(range(5)).card_of(encode_card(9)) is None


def _legendre_bit_reveals_cards(encode) -> bool:
    """Whether an onlooker can split the hidden cards into two classes from ciphertexts alone:
    the Legendre symbol of c2 = m * H**r is that of m, since H**r is a square."""
    key = joint_key([public_key(11), public_key(22)])
    rerandomizer = Rerandomizer.for_key(key)
    classes = set()
    for card in range(12):
        first, second = rerandomizer.rerandomize((1, encode(card)), 1000 + card)
        seen = arithmetic.jacobi(second, P)
        if seen != arithmetic.jacobi(encode(card), P):
            return False
        classes.add(seen)
    return len(classes) > 1   # the seen bit tells the classes apart


def test_naive_encoding_leaks_a_bit_and_square_encoding_does_not():
    assert _legendre_bit_reveals_cards(lambda card: card + 2)
    assert not _legendre_bit_reveals_cards(encode_card)


@pytest.mark.skipif("gmpy2" not in available_backends(), reason="gmpy2 not installed")
@FAST
@given(st.integers(1, P - 1), st.integers(0, 2**300), st.integers(1, 2**EXPONENT_BITS - 1))
def test_both_backends_compute_the_same(base, exponent, short):
    results = {}
    for name in ("gmpy2", "python"):
        with use_backend(name):
            results[name] = (arithmetic.powmod(base, exponent, P), arithmetic.invert(base, P),
                             arithmetic.jacobi(base, P), type(arithmetic.powmod(base, 3, P)),
                             FixedBase(base, P, EXPONENT_BITS).power(short))
    assert results["gmpy2"] == results["python"]
    assert results["python"][3] is int


@FAST
@given(st.integers(-50, 50), st.integers(1, 60).map(lambda n: 2 * n + 1))
def test_python_jacobi_matches_eulers_criterion_on_primes(value, odd):
    # For an odd prime n, (a/n) = a^((n-1)/2) mod n (as -1, 0 or 1).
    if all(odd % d for d in range(3, odd, 2)) and odd > 2:
        euler = pow(value, (odd - 1) // 2, odd)
        with use_backend("python"):
            assert arithmetic.jacobi(value, odd) == (-1 if euler == odd - 1 else euler)


def test_an_unknown_backend_is_refused():
    with pytest.raises(ValueError):
        with use_backend("fortran"):
            pass
    with pytest.raises(ValueError):
        FixedBase(3, P, 8).power(256)

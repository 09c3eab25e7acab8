"""The rules core: the RNG is pinned, the canonical encoding is stable, the registry works."""

import pytest
from hypothesis import given, strategies as st

from game.rules import available_games, get_game, rules_version
from game.rules.core import (IllegalMove, NotationError, Rng, canonical_bytes, hash_bytes,
                             seed_from_text)


def test_pcg32_first_outputs_are_pinned():
    # PCG32 XSH RR, increment 1442695040888963407, seeded as pcg32_srandom does. Changing the
    # generator changes every shuffle and die of every game, so it must never happen silently.
    rng = Rng(42)
    assert [rng.next_u32() for _ in range(6)] == [
        3270867926, 1795671209, 1924641435, 1143034755, 4121910957, 1757328946]
    assert Rng(0).next_u32() == Rng(0).next_u32()


def test_below_is_in_range_and_covers_all_values():
    rng = Rng(7)
    seen = {rng.below(6) for _ in range(600)}
    assert seen == set(range(6))
    assert all(0 <= rng.below(1000) < 1000 for _ in range(1000))
    with pytest.raises(ValueError):
        rng.below(0)


def test_below_large_bounds():
    rng = Rng(3)
    values = [rng.below(1 << 80) for _ in range(50)]
    assert all(0 <= v < 1 << 80 for v in values)
    assert len(set(values)) == 50


def test_shuffle_is_a_permutation_and_deterministic():
    a, b = list(range(60)), list(range(60))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == list(range(60)) and a != list(range(60))


def test_copy_and_fork_are_independent():
    rng = Rng(9)
    twin = rng.copy()
    assert rng.next_u32() == twin.next_u32()
    child = rng.fork()
    assert child.state != rng.state


def test_seed_from_text():
    assert seed_from_text("123") == 123
    assert seed_from_text(5) == 5
    assert seed_from_text("friday night") == seed_from_text("friday night")
    assert seed_from_text("friday night") != seed_from_text("saturday night")


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.binary(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20)


@given(plain)
def test_canonical_encoding_is_injective_on_samples(value):
    encoded = canonical_bytes(value)
    assert canonical_bytes(value) == encoded
    if isinstance(value, dict):
        reordered = dict(reversed(list(value.items())))
        assert canonical_bytes(reordered) == encoded


@given(plain, plain)
def test_different_values_encode_differently(a, b):
    if a != b and not (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple))
                       and list(a) == list(b)):
        # bool is an int in Python, but True and 1 are different state and encode differently
        assert canonical_bytes(a) != canonical_bytes(b) or repr(a) == repr(b)


def test_canonical_format_is_pinned_inside_lists_and_dicts():
    """The encoder's fast paths (items of a list, keys of a dict: a sheet's cells, a seat's
    digests) write exactly what the general path writes: every peer's hash depends on it."""
    value = {"cells": [0, -1, 1023, 1024, -65], "flags": [True, False, None],
             "digests": [b"\x01\x02", b""], "names": ["ab", "\u00e9"],
             "nested": [[1, "x"], {"k": (2, b"z")}]}
    assert canonical_bytes(value) == (
        b"d5:s5:cellsl5:i1:0i2:-1i4:1023i4:1024i3:-65s7:digestsl2:b2:\x01\x02b0:"
        b"s5:flagsl3:TFNs5:namesl2:s2:abs2:\xc3\xa9s6:nestedl2:l2:i1:1s1:xd1:s1:kl2:i1:2b1:z")


def test_canonical_refuses_floats_and_odd_keys():
    with pytest.raises(TypeError):
        canonical_bytes(1.5)
    with pytest.raises(TypeError):
        canonical_bytes({1: 2})


def test_sets_encode_in_sorted_order():
    assert canonical_bytes({"b", "a", "c"}) == canonical_bytes(frozenset(["c", "a", "b"]))
    assert hash_bytes(b"x") == hash_bytes(b"x") and len(hash_bytes(b"x")) == 32


def test_illegal_move_carries_code_args_and_message():
    err = IllegalMove("occupied", "Square {square} is taken", square="C4")
    assert err.code == "occupied" and err.args_dict == {"square": "C4"}
    assert str(err) == "Square C4 is taken"
    assert NotationError("zz").code == "notation"


def test_registry():
    for name in available_games():
        assert get_game(name).name == name
    with pytest.raises(KeyError):
        get_game("chess")
    assert len(rules_version()) == 16


def test_uniform_lists_are_written_like_any_list():
    """The one-pass paths for lists of small ints and of equal-length bytes write exactly
    what the item-by-item path writes; anything else (a bool among ints, a big number,
    bytes of two lengths) takes the item-by-item path."""
    assert canonical_bytes([1, 2, 3, -1, 7, 1023]) == b"l6:i1:1i1:2i1:3i2:-1i1:7i4:1023"
    assert canonical_bytes([1, 2, 3, 4, 10 ** 6]) == b"l5:i1:1i1:2i1:3i1:4i7:1000000"
    assert canonical_bytes([1, 2, True, 4, 5]) == b"l5:i1:1i1:2Ti1:4i1:5"
    assert canonical_bytes([True] * 5) == b"l5:TTTTT"
    assert canonical_bytes([b"ab"] * 5) == b"l5:" + b"b2:ab" * 5
    assert canonical_bytes([b"ab", b"abc", b"ab", b"ab", b"ab"]) == \
        b"l5:b2:abb3:abcb2:abb2:abb2:ab"
    assert canonical_bytes((b"\x00" * 16,) * 6) == b"l6:" + (b"b16:" + b"\x00" * 16) * 6
    assert canonical_bytes({"b": 1, "a": [5, 6, 7, 8, 9], "\u00e9": 0}) == \
        b"d3:s1:al5:i1:5i1:6i1:7i1:8i1:9s1:bi1:1s2:\xc3\xa9i1:0"

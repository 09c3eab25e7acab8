"""fairplay's commit-reveal dice and Shamir key sharing: a changed reveal is caught, every face
is exactly equally likely, and a key comes back from exactly k shares but not from k - 1."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from game.rules.fairplay.commit import (NONCE_BYTES, commitment, draw_below, reveal_matches,
                                        roll_dice)
from game.rules.fairplay.derive import Stream, encode_label
from game.rules.fairplay.group import Q
from game.rules.fairplay.cipher import decryption_share, private_key
from game.rules.fairplay.group import encode_card
from game.rules.fairplay.threshold import (combine_partial_shares, interpolate_at_zero, majority,
                                          partial_share, recover, recover_bytes, split,
                                          split_bytes)

FAST = settings(max_examples=40, deadline=None)
nonces = st.binary(min_size=NONCE_BYTES, max_size=NONCE_BYTES)
values = st.binary(min_size=32, max_size=32)


@FAST
@given(values, nonces, values)
def test_a_reveal_opens_its_commitment_and_nothing_else(value, nonce, other):
    committed = commitment(value, nonce, "roll", 3, 1)
    assert reveal_matches(committed, value, nonce, "roll", 3, 1)
    assert not reveal_matches(committed, value, nonce, "roll", 3, 2)     # another seat
    assert not reveal_matches(committed, value, nonce, "roll", 4, 1)     # another roll
    if other != value:
        assert not reveal_matches(committed, other, nonce, "roll", 3, 1)
    assert not reveal_matches(committed, value, nonce[:-1], "roll", 3, 1)  # malformed


def byte_source(*chunks):
    """A ``take(1)`` that hands out the given bytes, then nothing."""
    pending = list(chunks)
    return lambda count: pending.pop(0) if pending else b""


@pytest.mark.parametrize("sides", [2, 3, 5, 6, 7, 10, 12, 20, 100, 256])
def test_each_face_is_exactly_equally_likely(sides):
    # Every first byte, and after a rejected byte every second byte: the accepted bytes give
    # every face the same number of times, so the distribution is exactly uniform.
    faces = {}
    rejected = 0
    for byte in range(256):
        face = draw_below(byte_source(bytes([byte])), sides)
        if face is None:
            rejected += 1
        else:
            faces[face] = faces.get(face, 0) + 1
    assert sorted(faces) == list(range(sides))
    assert len(set(faces.values())) == 1
    assert rejected == 256 % sides
    # a rejected byte is skipped, not folded onto a face
    if rejected:
        assert draw_below(byte_source(b"\xff", bytes([sides - 1])), sides) == sides - 1


def test_a_naive_modulo_would_be_biased_and_the_test_would_see_it():
    counts = [0] * 6
    for byte in range(256):
        counts[byte % 6] += 1
    assert len(set(counts)) > 1


class Exhausted(Exception):
    pass


class FedStream(Stream):
    """A Stream whose bytes are given: one candidate byte, then nothing more."""

    def __init__(self, byte: int):
        super().__init__(b"0123456789abcdef", "fed")
        self.pending = [bytes([byte])]

    def take(self, count):
        if not self.pending:
            raise Exhausted
        return self.pending.pop(0)


@pytest.mark.parametrize("bound", [3, 6, 60, 200, 256])
def test_stream_below_is_exact_over_every_candidate_byte(bound):
    # Stream.below keeps just enough bits of a candidate and rejects those >= bound: over all
    # 256 one-byte candidates, the accepted ones give every value equally often.
    results = []
    for byte in range(256):
        try:
            results.append(FedStream(byte).below(bound))
        except Exhausted:
            pass
    assert sorted(set(results)) == list(range(bound))
    assert len({results.count(value) for value in range(bound)}) == 1


def test_a_roll_depends_on_every_reveal_and_on_the_label():
    reveals = {seat: bytes([seat]) * 32 for seat in range(4)}
    faces = roll_dice(reveals, [6] * 4 + [6], "round", 1)
    assert faces == roll_dice(dict(reversed(reveals.items())), [6] * 5, "round", 1)
    assert faces != roll_dice({**reveals, 2: b"\7" * 32}, [6] * 5, "round", 1)
    assert faces != roll_dice(reveals, [6] * 5, "round", 2)
    with pytest.raises(ValueError):
        roll_dice({0: b"short"}, [6], "round", 1)


def test_rolls_over_many_reveals_use_every_face():
    seen = [0] * 6
    for index in range(300):
        for face in roll_dice({0: index.to_bytes(32, "big")}, [6, 6], "x"):
            seen[face] += 1
    assert min(seen) > 60


@FAST
@given(st.integers(0, Q - 1), st.integers(2, 6), st.data())
def test_a_key_comes_back_from_exactly_k_shares_and_not_from_fewer(key, holders, data):
    seats = list(range(holders))
    threshold = data.draw(st.integers(1, holders))
    shares = split(key, seats, threshold, b"shamir randomness!")
    for chosen in itertools.combinations(seats, threshold):
        assert recover({seat: shares[seat] for seat in chosen}, threshold) == key
    if threshold > 1:
        fewer = {seat: shares[seat] for seat in seats[:threshold - 1]}
        with pytest.raises(ValueError):
            recover(fewer, threshold)
        # and forcing the interpolation through k - 1 shares gives some other number
        assert interpolate_at_zero(fewer) != key


def test_bad_sharing_arguments_are_refused():
    assert majority(5) == 3 and majority(4) == 3 and majority(1) == 1
    for args in ((Q, [0, 1], 2), (1, [0, 0], 1), (1, [0, 1], 3), (1, [0, 1], 0)):
        with pytest.raises(ValueError):
            split(*args, b"0123456789abcdef")
    with pytest.raises(ValueError):
        Stream(b"short", "x")


def test_labels_are_unambiguous():
    assert encode_label("ab", "c") != encode_label("a", "bc")
    assert encode_label(1) != encode_label("1") != encode_label(b"1")
    with pytest.raises(TypeError):
        encode_label(True)


def test_holders_finish_a_departed_peers_share_without_learning_its_key():
    key = private_key(b"the departed peer's secret")
    shares = split(key, [0, 1, 2, 4], 3, b"shamir randomness!")
    first = encode_card(9)   # any group element stands for a card's c1
    wanted = decryption_share((first, 1), key)
    for holders in itertools.combinations([0, 1, 2, 4], 3):
        parts = {seat: partial_share(first, shares[seat]) for seat in holders}
        assert combine_partial_shares(parts, 3) == wanted
    with pytest.raises(ValueError):
        combine_partial_shares({seat: partial_share(first, shares[seat]) for seat in (0, 1)}, 3)
    assert combine_partial_shares({seat: partial_share(first, shares[seat]) for seat in (0, 1)},
                                  2) != wanted


@pytest.mark.parametrize("size", [16, 32, 61, 64])
def test_a_whole_secret_longer_than_an_exponent_comes_back_from_k_shares(size):
    # a dealer's secret (up to 64 bytes) no longer fits one exponent of the 252-bit group:
    # it is shared in 31-byte chunks, each by its own polynomial
    data = Stream(b"s" * 32, "data", size).take(size)
    shares = split_bytes(data, [0, 2, 3, 5], 3, b"r" * 32)
    assert {len(share) for share in shares.values()} == {32 * ((size + 1 + 30) // 31)}
    for chosen in itertools.combinations(shares, 3):
        assert recover_bytes({seat: shares[seat] for seat in chosen}, 3) == data
    two = {seat: shares[seat] for seat in (0, 5)}
    with pytest.raises(ValueError):
        recover_bytes(two, 3)
    assert recover_bytes(two, 2) != data                # too few shares give other bytes
    forged = {**two, 3: bytes(len(shares[3]))}
    assert recover_bytes(forged, 3) != data
    with pytest.raises(ValueError):
        split_bytes(b"", [0, 1], 1, b"r" * 32)

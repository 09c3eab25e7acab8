"""fairplay's cipher, shuffle and private draw: round trips, layers that commute, a shuffle
that is a permutation of re-encryptions, and a draw only the drawer can read."""

import hashlib
import itertools

from hypothesis import given, settings, strategies as st

from game.rules.fairplay import PileOpened, Transcript
from game.rules.fairplay.cipher import (Rerandomizer, decrypt, decryption_share, joint_key,
                                        open_card, private_key, public_key, unmask)
from game.rules.fairplay.derive import Stream
from game.rules.fairplay.group import Q, CardTable, encode_card
from game.rules.fairplay.peer import Peer
from game.rules.fairplay.shuffle import shuffle_step

FAST = settings(max_examples=20, deadline=None)
secrets_st = st.binary(min_size=16, max_size=64)
exponents = st.integers(1, Q - 1)


def secret(*parts) -> bytes:
    return hashlib.blake2b(repr(parts).encode(), digest_size=32).digest()


def seated(count: int, cards=range(8), pile="tiles"):
    """``count`` peers with committed and revealed keys and an open (unshuffled) pile."""
    peers = [Peer(seat, secret("peer", seat)) for seat in range(count)]
    transcript = Transcript()
    for peer in peers:
        transcript.append(peer.commit_key(secret("nonce", peer.seat)))
    for peer in peers:
        transcript.append(peer.reveal_key(secret("nonce", peer.seat)))
    transcript.append(PileOpened(pile, 0, tuple(cards), tuple(range(count))))
    return peers, transcript


def shuffled(count: int, cards=range(8)):
    peers, transcript = seated(count, cards)
    for peer in peers:
        transcript.append(peer.shuffle(transcript, "tiles"))
    return peers, transcript


@FAST
@given(st.lists(secrets_st, min_size=1, max_size=4), st.integers(0, 10**6), exponents)
def test_encrypt_then_decrypt_gives_the_card_back(keys, card, randomizer):
    privates = [private_key(key) for key in keys]
    joint = joint_key(public_key(x) for x in privates)
    ciphertext = Rerandomizer.for_key(joint).rerandomize(open_card(card), randomizer)
    assert ciphertext != open_card(card)
    assert decrypt(ciphertext, privates) == encode_card(card)
    assert unmask(ciphertext, [decryption_share(ciphertext, x) for x in privates]) \
        == encode_card(card)


@given(st.lists(secrets_st, min_size=2, max_size=4), st.lists(exponents, min_size=1,
                                                                max_size=3))
@settings(max_examples=10, deadline=None)
def test_layers_commute(keys, randomizers):
    # Re-randomisations in any order give the same ciphertext, and the shares can be taken
    # off in any order (one at a time, each leaving a valid ciphertext under fewer keys).
    privates = [private_key(key) for key in keys]
    rerandomizer = Rerandomizer.for_key(joint_key(public_key(x) for x in privates))
    results = set()
    for order in itertools.permutations(randomizers):
        ciphertext = open_card(5)
        for r in order:
            ciphertext = rerandomizer.rerandomize(ciphertext, r)
        results.add(ciphertext)
    assert len(results) == 1
    ciphertext = results.pop()
    shares = [decryption_share(ciphertext, x) for x in privates]
    for order in itertools.permutations(range(len(privates))):
        first, second = ciphertext
        for index in order:
            second = unmask((first, second), [shares[index]])
        assert second == encode_card(5)


@FAST
@given(secrets_st, st.integers(1, 12))
def test_a_shuffle_step_outputs_a_permutation_of_re_encryptions(key, size):
    privates = [private_key(secret("a")), private_key(secret("b"))]
    joint = joint_key(public_key(x) for x in privates)
    deck = tuple(open_card(card) for card in range(size))
    out = shuffle_step(deck, key, "tiles", 0, joint)
    assert len(out) == size and not set(out) & set(deck)
    assert sorted(decrypt(c, privates) for c in out) == sorted(encode_card(c) for c in range(size))
    assert out == shuffle_step(deck, key, "tiles", 0, joint)           # deterministic
    assert out != shuffle_step(deck, key, "tiles", 1, joint)           # a new attempt differs


def test_permutations_are_uniform_over_all_orders_of_three():
    counts = {}
    for index in range(600):
        order = tuple(Stream(secret("perm", index), "x").permutation(3))
        counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 6 and min(counts.values()) > 60


def test_the_drawer_reads_its_card_and_everyone_reads_a_public_card():
    peers, transcript = shuffled(3)
    drawn = []
    for position in range(8):
        drawer = position % 3
        for peer in peers:
            if peer.seat != drawer:
                assert peers[drawer].read_draw(transcript, "tiles", position) is None
                transcript.append(peer.share(transcript, "tiles", position, drawer))
        drawn.append(peers[drawer].read_draw(transcript, "tiles", position))
        assert peers[(drawer + 1) % 3].read_draw(transcript, "tiles", position) is None
    assert sorted(drawn) == list(range(8))
    assert drawn != list(range(8))   # shuffled (this seed's order is not the identity)


def test_no_coalition_without_the_drawer_can_read_the_card():
    peers, transcript = shuffled(4)
    ciphertext = transcript.card_at("tiles", 0)
    table = CardTable(range(8))
    drawer = 2
    others = [peer for peer in peers if peer.seat != drawer]
    for size in range(len(others) + 1):
        for coalition in itertools.combinations(others, size):
            # everything a coalition holds: its own keys and every published share
            privates = [peer.private for peer in coalition]
            shares = [decryption_share(ciphertext, peer.private) for peer in others]
            assert table.card_of(unmask(ciphertext, shares)) is None
            assert table.card_of(decrypt(ciphertext, privates)) is None
    assert table.card_of(decrypt(ciphertext, [peer.private for peer in peers])) is not None


def test_a_card_turned_face_up_is_read_by_everyone():
    from game.rules.fairplay import PUBLIC
    peers, transcript = shuffled(3)
    for peer in peers:
        assert transcript.public_card("tiles", 4) is None
        transcript.append(peer.share(transcript, "tiles", 4, PUBLIC))
    assert transcript.public_card("tiles", 4) in range(8)

"""fairplay's transcript and end-of-game audit: an honest game passes, each kind of cheat is
named, out-of-turn records are refused without changing anything, and a peer that left is
audited (and its draws finished) through its key rebuilt from Shamir shares."""

import msgpack
import pytest

from game.rules.fairplay import (FairplayError, PileOpened, RollOpened, audit, from_plain,
                                 to_plain)
from game.rules.fairplay.cipher import Rerandomizer, decryption_share
from game.rules.fairplay.commit import commitment
from game.rules.fairplay.group import G, element_to_bytes, is_element, mul
from game.rules.fairplay.peer import Peer
from game.rules.fairplay.records import (CardPlayed, DrawShared, KeyCommitted, KeyRevealed,
                                          Shuffled)
from game.rules.fairplay.transcript import Transcript
from game.rules.fairplay.threshold import majority, recover

from tests.test_fairplay_cipher import secret, seated, shuffled
from tests.test_fairplay_group import G_PLUS_TORSION, TORSION


def draw_all(peers, transcript, positions=range(8), pile="tiles"):
    for position in positions:
        drawer = position % len(peers)
        for peer in peers:
            if peer.seat != drawer:
                transcript.append(peer.share(transcript, pile, position, drawer))
        card = peers[drawer].read_draw(transcript, pile, position)
        transcript.append(peers[drawer].play(pile, position, card))


def secrets_of(peers):
    return {peer.seat: peer.secret for peer in peers}


def roll(peers, transcript, name="round 1"):
    transcript.append(RollOpened(name, 0, tuple(peer.seat for peer in peers)))
    for peer in peers:
        transcript.append(peer.commit_roll(transcript, name, secret("v", peer.seat, name),
                                           secret("n", peer.seat, name)))
    for peer in peers:
        transcript.append(peer.reveal_roll(name, secret("v", peer.seat, name),
                                           secret("n", peer.seat, name)))


def test_an_honest_game_passes_the_audit():
    peers, transcript = shuffled(3)
    roll(peers, transcript)
    draw_all(peers, transcript)
    report = audit(transcript.records, secrets_of(peers))
    assert report.ok and report.first is None and report.cheaters == []
    faces = transcript.roll_faces("round 1", [6, 6, 6, 6])
    assert len(faces) == 4 and all(0 <= face < 6 for face in faces)


def test_a_substituted_card_in_a_shuffle_is_named():
    peers, transcript = seated(3)
    transcript.append(peers[0].shuffle(transcript, "tiles"))
    honest = peers[1].shuffle(transcript, "tiles")
    # seat 1 swaps its first card for a second copy of its second one
    fake = Rerandomizer.for_key(transcript.piles["tiles"].joint_key).rerandomize(
        honest.deck[1], 12345)
    transcript.append(Shuffled("tiles", 1, (fake,) + honest.deck[1:]))
    transcript.append(peers[2].shuffle(transcript, "tiles"))
    report = audit(transcript.records, secrets_of(peers))
    assert report.cheaters == [1] and report.first.kind == "shuffle"
    # also found when seat 1 left and only its key is known (the multiset of cards changed)
    shares = peers[1].key_shares([0, 2], 2, secret("shamir"))
    report = audit(transcript.records, {0: peers[0].secret, 2: peers[2].secret},
                   recovered_keys={1: recover(shares, 2)})
    assert report.cheaters == [1] and report.first.kind == "shuffle"


def test_a_reordered_but_honest_looking_shuffle_is_named_too():
    peers, transcript = seated(2)
    honest = peers[0].shuffle(transcript, "tiles")
    transcript.append(Shuffled("tiles", 0, honest.deck[::-1]))   # a permutation of its choice
    transcript.append(peers[1].shuffle(transcript, "tiles"))
    assert audit(transcript.records, secrets_of(peers)).cheaters == [0]


def test_a_wrong_decryption_share_is_named():
    peers, transcript = shuffled(3)
    draw_all(peers, transcript, positions=range(2))
    good = peers[2].share(transcript, "tiles", 2, 0)
    transcript.append(peers[1].share(transcript, "tiles", 2, 0))
    transcript.append(DrawShared("tiles", 2, 0, 2, mul(good.share, G)))
    assert peers[0].read_draw(transcript, "tiles", 2) is None   # the drawer sees no card
    report = audit(transcript.records, secrets_of(peers))
    assert report.cheaters == [2] and report.first.kind == "share"


def test_a_played_card_that_was_not_drawn_is_named():
    peers, transcript = shuffled(3)
    for peer in peers[1:]:
        transcript.append(peer.share(transcript, "tiles", 0, 0))
    drawn = peers[0].read_draw(transcript, "tiles", 0)
    transcript.append(CardPlayed("tiles", 0, 0, (drawn + 1) % 8))
    report = audit(transcript.records, secrets_of(peers))
    assert report.cheaters == [0] and report.first.kind == "played"
    assert f"had drawn {drawn}" in report.first.message


def test_a_withheld_or_false_secret_is_named():
    peers, transcript = shuffled(3)
    report = audit(transcript.records, {0: peers[0].secret, 1: secret("other")})
    assert [(f.seat, f.kind) for f in report.findings[:2]] == [(1, "key"), (2, "withheld")]


def test_a_peer_that_left_is_finished_and_audited_through_its_shares():
    peers, transcript = shuffled(4)
    leaver = peers[3]
    holders = [0, 1, 2]
    shares = leaver.key_shares(holders, majority(len(holders)), secret("split"))
    rebuilt = recover({seat: shares[seat] for seat in (0, 2)}, 2)
    assert rebuilt == leaver.private
    # seat 3 is gone: the others give its share of seat 0's draw from the rebuilt key
    ciphertext = transcript.card_at("tiles", 0)
    for peer in peers[1:3]:
        transcript.append(peer.share(transcript, "tiles", 0, 0))
    transcript.append(DrawShared("tiles", 0, 0, 3, decryption_share(ciphertext, rebuilt)))
    card = peers[0].read_draw(transcript, "tiles", 0)
    assert card is not None
    transcript.append(peers[0].play("tiles", 0, card))
    report = audit(transcript.records, secrets_of(peers[:3]), recovered_keys={3: rebuilt})
    assert report.ok, report.findings
    wrong = audit(transcript.records, secrets_of(peers[:3]), recovered_keys={3: rebuilt + 1})
    assert (3, "key") in [(f.seat, f.kind) for f in wrong.findings]


def test_out_of_turn_records_are_refused_and_change_nothing():
    peers, transcript = seated(3)
    before = len(transcript.records)
    refused = [
        peers[1].shuffle(transcript, "tiles"),                  # seat 0 shuffles first
        DrawShared("tiles", 0, 1, 0, 4),                        # not shuffled yet
        PileOpened("tiles", 0, (1, 2), (0, 1)),                 # attempt 0 exists
        PileOpened("other", 0, (1, 1), (0, 1)),                 # a card twice
        PileOpened("other", 0, (1, 2), (0, 7)),                 # seat 7 has no key
        KeyRevealed(0, peers[0].public, secret("nonce", 0)),    # revealed already
    ]
    for record in refused:
        with pytest.raises(FairplayError):
            transcript.append(record)
    assert len(transcript.records) == before
    for peer in peers:
        transcript.append(peer.shuffle(transcript, "tiles"))
    transcript.append(peers[1].share(transcript, "tiles", 0, 0))
    for record in (peers[0].share(transcript, "tiles", 0, 0),     # the drawer shares nothing
                   peers[1].share(transcript, "tiles", 0, 0),     # twice
                   peers[2].share(transcript, "tiles", 0, 1),     # position 0 is seat 0's
                   CardPlayed("tiles", 0, 0, 3),                  # seat 2's share missing
                   CardPlayed("tiles", 0, 1, 3)):                 # seat 1 did not draw it
        with pytest.raises(FairplayError):
            transcript.append(record)
    assert transcript.piles["tiles"].draws[0].shares.keys() == {1}


def test_a_restarted_pile_is_a_new_visible_attempt_without_the_leaver():
    peers, transcript = seated(3)
    transcript.append(peers[0].shuffle(transcript, "tiles"))
    transcript.append(PileOpened("tiles", 1, tuple(range(8)), (0, 2)))   # seat 1 timed out
    assert transcript.piles["tiles"].next_shuffler() == 0
    for peer in (peers[0], peers[2]):
        transcript.append(peer.shuffle(transcript, "tiles"))
    assert transcript.piles["tiles"].opening.attempt == 1
    assert audit(transcript.records, secrets_of(peers)).ok


def test_roll_reveals_must_open_their_commitments():
    peers, transcript = seated(2)
    transcript.append(RollOpened("meteor", 0, (0, 1)))
    for peer in peers:
        transcript.append(peer.commit_roll(transcript, "meteor", secret("v", peer.seat),
                                           secret("n", peer.seat)))
    changed = peers[0].reveal_roll("meteor", secret("changed"), secret("n", 0))
    with pytest.raises(FairplayError) as refused:
        transcript.append(changed)
    assert refused.value.code == "commitment"
    transcript.append(peers[0].reveal_roll("meteor", secret("v", 0), secret("n", 0)))
    assert transcript.roll_faces("meteor", [6]) is None              # seat 1 has not revealed
    records = transcript.records + [peers[1].reveal_roll("meteor", secret("x"), secret("n", 1))]
    report = audit(records, secrets_of(peers))
    assert report.cheaters == [1] and report.first.kind == "roll"


def test_records_survive_msgpack_and_malformed_ones_are_refused():
    peers, transcript = shuffled(2, cards=range(3))
    roll(peers, transcript)
    draw_all(peers, transcript, positions=range(2))
    wire = msgpack.packb([to_plain(record) for record in transcript.records])
    back = [from_plain(plain) for plain in msgpack.unpackb(wire)]
    assert back == transcript.records
    assert audit(back, secrets_of(peers)).ok
    plain = to_plain(transcript.records[-2])
    for broken in ({**plain, "x": G_PLUS_TORSION}, {**plain, "x": b"short"},
                   {**plain, "s": "0"}, {**plain, "extra": 1}, {"kind": "Nope"}, [1, 2],
                   {k: v for k, v in plain.items() if k != "p"}):
        with pytest.raises(FairplayError):
            from_plain(broken)


def test_a_deck_card_outside_the_group_is_refused_before_any_key_touches_it():
    peers, transcript = seated(2)
    honest = peers[0].shuffle(transcript, "tiles")
    first, second = honest.deck[0]
    transcript.append(Shuffled("tiles", 0, ((mul(first, TORSION), second),) + honest.deck[1:]))
    transcript.append(peers[1].shuffle(transcript, "tiles"))
    outside = [position for position in range(8)
               if not is_element(transcript.card_at("tiles", position)[0])]
    assert len(outside) == 1   # c1 times a point of order 8 stays outside the subgroup
    with pytest.raises(FairplayError) as refused:
        peers[1].share(transcript, "tiles", outside[0], 0)
    assert refused.value.code == "not_in_group"
    assert audit(transcript.records, secrets_of(peers)).cheaters == [0]


def test_a_public_key_outside_the_group_is_refused():
    transcript = Transcript()
    nonce = secret("nonce")
    transcript.append(KeyCommitted(0, commitment(element_to_bytes(G_PLUS_TORSION), nonce, "key", 0)))
    with pytest.raises(FairplayError):
        transcript.append(KeyRevealed(0, G_PLUS_TORSION, nonce))
    assert transcript.public_keys == {}


def test_prepared_shares_are_the_same_and_make_the_draw_cheap():
    peers, transcript = shuffled(3)
    for peer in peers:
        peer.prepare(transcript, "tiles", range(4))
    prepared = [peers[1].share(transcript, "tiles", position, 0) for position in range(4)]
    fresh = Peer(1, peers[1].secret)
    assert prepared == [fresh.share(transcript, "tiles", position, 0) for position in range(4)]
    for peer in peers[1:]:
        transcript.append(peer.share(transcript, "tiles", 0, 0))
    assert peers[0].read_draw(transcript, "tiles", 0) == Peer(0, peers[0].secret).read_draw(
        transcript, "tiles", 0) is not None

"""The audit of a shuffle whose intermediate decks reached a machine only as their digests
(issue 28 item 5): the decks are rebuilt from the secrets, forward and backward, an honest
chain passes, a cheating shuffler is named from its digest alone (with its secret, or with
only its rebuilt key), and the transcript refuses a pile's last deck without its cards."""

import pytest

from game.rules.fairplay import FairplayError, audit, from_plain, to_plain
from game.rules.fairplay.cipher import Rerandomizer
from game.rules.fairplay.records import Shuffled, deck_digest, digest_form
from game.rules.fairplay.threshold import recover
from game.rules.fairplay.transcript import Transcript

from tests.test_fairplay_audit import draw_all, secrets_of
from tests.test_fairplay_cipher import secret, seated


def chain(count, cheat_at=None):
    """The pile shuffled by ``count`` seats (``cheat_at`` substitutes a card), every step's
    record as the machine of the last seat receives it: its predecessor's deck whole, the
    others' as digests."""
    peers, transcript = seated(count)
    records = []
    for peer in peers:
        record = peer.shuffle(transcript, "tiles")
        if peer.seat == cheat_at:
            fake = Rerandomizer.for_key(transcript.piles["tiles"].joint_key).rerandomize(
                record.deck[1], 12345)
            record = Shuffled("tiles", peer.seat, (fake,) + record.deck[1:], record.attempt)
        transcript.append(record)
        records.append(record)
    seen = Transcript()
    for record in transcript.records:
        if isinstance(record, Shuffled) and record.seat < count - 2:
            record = digest_form(record)
        seen.append(record)
    return peers, transcript, seen


def test_a_digest_form_travels_and_the_transcript_keeps_only_the_digest():
    peers, transcript, seen = chain(4)
    whole = transcript.records[-4]           # seat 0's deck
    short = digest_form(whole)
    assert short.deck == () and short.digest == deck_digest(whole.deck)
    assert from_plain(to_plain(short)) == short and "k" not in to_plain(short)
    assert seen.piles["tiles"].decks[1] == whole.deck_hash
    assert not isinstance(seen.piles["tiles"].decks[3], bytes)    # the next one's input
    assert seen.deck("tiles") == transcript.deck("tiles")


def test_an_honest_chain_seen_through_digests_passes_the_audit():
    peers, transcript, seen = chain(4)
    draw_all(peers, seen)
    report = audit(seen.records, secrets_of(peers))
    assert report.ok, report.findings


@pytest.mark.parametrize("cheater", [0, 1])
def test_a_cheating_shuffler_seen_only_by_its_digest_is_named(cheater):
    peers, transcript, seen = chain(4, cheat_at=cheater)
    assert isinstance(seen.piles["tiles"].decks[cheater + 1], bytes)
    report = audit(seen.records, secrets_of(peers))
    assert report.cheaters == [cheater] and report.first.kind == "shuffle"


def test_a_step_known_only_by_its_rebuilt_key_is_checked_on_decks_rebuilt_both_ways():
    # seat 1 left without its secret: its input comes forward from seat 0's secret, its
    # output backward from seat 2's and the whole deck after seat 2
    for cheat_at, named in ((None, []), (1, [1])):
        peers, transcript, seen = chain(4, cheat_at=cheat_at)
        shares = peers[1].key_shares([0, 2, 3], 2, secret("shamir"))
        others = {seat: peers[seat].secret for seat in (0, 2, 3)}
        report = audit(seen.records, others, recovered_keys={1: recover(
            {0: shares[0], 2: shares[2]}, 2)})
        assert report.cheaters == named, report.findings


def test_the_last_deck_of_a_pile_must_travel_whole():
    peers, transcript = seated(2)
    transcript.append(peers[0].shuffle(transcript, "tiles"))
    last = digest_form(peers[1].shuffle(transcript, "tiles"))
    with pytest.raises(FairplayError):
        transcript.append(last)
    assert not transcript.piles["tiles"].shuffled

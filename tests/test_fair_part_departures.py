"""``Departures`` (net.fair.leave) on its own, against a fake table of three dealers (real keys
and escrows, no FairTable, no match, no network): a departure is taken only in play and never
of the last dealer; a majority of holders' key shares rebuild the departed dealer's very key
and secret, once, and the table is told in order; a share its holder did not escrow is named;
each holder owes its share once."""

from types import SimpleNamespace

import pytest

from game.rules.fairplay import Peer, Transcript
from game.rules.fairplay.derive import Stream
from net.fair.errors import FairError
from net.fair.escrow import DEPART, KEY_SHARE, escrow_record
from net.fair.leave import Departures

DEALERS = (0, 1, 2)


def secret(pid: int) -> bytes:
    return bytes([pid + 1]) * 32


def keyed_transcript() -> Transcript:
    t = Transcript()
    peers = [Peer(d, secret(d)) for d in DEALERS]
    for peer in peers:
        t.append(peer.commit_key(b"n" * 32))
    for peer in peers:
        t.append(peer.reveal_key(b"n" * 32))
    return t


class FakeTable:
    def __init__(self, me: int, transcript: Transcript) -> None:
        self.dealers = DEALERS
        self.me = me
        self.peer = Peer(me, secret(me))
        self.transcript = transcript
        self.match = None
        self.owed_done: set = set()
        self.sent: list = []
        self.told: list = []

    def queue(self, record) -> None:
        self.sent.append(record)

    def key_rebuilt(self, gone: int) -> None:
        self.told.append(("key", gone))

    def hand_opened(self, gone: int) -> None:
        self.told.append(("hand", gone))


def escrowed_tables():
    t = keyed_transcript()
    tables = {d: FakeTable(d, t) for d in DEALERS}
    parts = {d: Departures(tables[d]) for d in DEALERS}
    records = [escrow_record(tables[d].peer, DEALERS, t.public_keys,
                             Stream(secret(d), "escrow").take(32), parts[d].threshold)
               for d in DEALERS]
    for part in parts.values():
        for record in records:
            part.take_escrow(record)
    return tables, parts


def test_a_majority_of_key_shares_rebuilds_the_departed_key_and_secret_once():
    tables, parts = escrowed_tables()
    with pytest.raises(FairError):          # no departure before the game is under way
        parts[0].take_depart({"kind": DEPART, "seat": 0, "of": 2})
    for table in tables.values():
        table.match = SimpleNamespace(seal=lambda tell: None)
    for part in parts.values():
        part.take_depart({"kind": DEPART, "seat": 0, "of": 2})
    assert parts[0].active() == (0, 1)
    for holder in (0, 1):
        parts[holder].owe_key_shares()
        parts[holder].owe_key_shares()              # owed once
        assert len(tables[holder].sent) == 1 and tables[holder].sent[0]["kind"] == KEY_SHARE
    shares = [tables[holder].sent[0] for holder in (0, 1)]
    watcher = parts[0]
    for record in shares + shares:                  # a share again changes nothing
        watcher.take_key_share(record)
    assert watcher.recovered == {2: Peer(2, secret(2)).private}
    assert watcher.recovered_secrets == {2: secret(2)}
    assert tables[0].told == [("key", 2), ("hand", 2)]
    watcher.take_depart({"kind": DEPART, "seat": 0, "of": 1})
    assert watcher.active() == (0,)
    with pytest.raises(FairError) as caught:        # never the last dealer at the table
        watcher.take_depart({"kind": DEPART, "seat": 0, "of": 0})
    assert caught.value.code == "fair_depart_refused" and watcher.active() == (0,)


def test_a_key_share_that_is_not_its_holders_is_named():
    tables, parts = escrowed_tables()
    for table in tables.values():
        table.match = SimpleNamespace(seal=lambda tell: None)
    parts[0].take_depart({"kind": DEPART, "seat": 0, "of": 2})
    parts[1].take_depart({"kind": DEPART, "seat": 0, "of": 2})
    parts[1].owe_key_shares()
    forged = dict(tables[1].sent[0], seat=0)        # holder 1's share, said to be 0's
    with pytest.raises(FairError) as caught:
        parts[0].take_key_share(forged)
    assert caught.value.code == "fair_bad_key_share" and caught.value.dealer == 0
    assert parts[0].recovered == {} and tables[0].told == []

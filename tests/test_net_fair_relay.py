"""Issue 28 item 5, a lighter wire, played with the real endpoints over the in-memory network:
the host relays a draw's shares in one frame once the step is complete, and an intermediate
shuffled deck whole only to the dealer that shuffles next (its digest to every other
machine); the state hashes still agree, and a shuffler that cheated is named by the audit
of a machine that saw its deck only as a digest."""

import pytest

from game.rules.fairplay.records import Shuffled
from net.fair.bundle import pack, unpack
from net.fair.errors import FairError
from net.protocol import messages as ids
from net.transport.wire import FrameReader
from tests.test_net_fair import METRO, FairTable
from tests.test_net_fair_escape import stack_the_shuffles

pytestmark = pytest.mark.timeout(120)


def count_frames(table):
    """Per client (by index), the kinds of the messages the host sent it ("F:<record
    kind>" for a single record), as a list."""
    seen = {index: [] for index in range(len(table.clients))}
    links = {id(link): index for index, link in enumerate(table.links)}
    deliver = table.net._deliver

    def counting(link, down, payload):
        if down and id(link) in links and isinstance(payload, (bytes, bytearray)):
            for message in FrameReader().feed(bytes(payload)):
                kind = message["t"]
                if kind == ids.FAIR:
                    kind = f"F:{message['r'].get('kind')}"
                seen[links[id(link)]].append(kind)
        deliver(link, down, payload)
    table.net._deliver = counting
    return seen


def shufflers(table):
    return sorted(table.host.fair.dealers)


def test_shares_come_in_one_frame_a_draw_and_decks_whole_only_to_the_next_shuffler():
    table = FairTable(METRO, 4, ["hand2"], host_bots=1, spectators=1)
    seen = count_frames(table)
    table.start()

    def records(fair):
        return len(fair.transcript.records)

    # every machine at the host's move and with as many records (none still on the way)
    assert table.run(lambda: table.host.seq >= 14 and all(
        c.seq == table.host.seq and records(c.fair_join.replica.fair) == records(table.host.fair)
        for c in table.clients), limit=60)
    order = shufflers(table)                 # the host (0) first, then the joiners
    for index, client in enumerate(table.clients):
        kinds = seen[index]
        assert kinds.count(ids.FAIR_BUNDLE) >= 5, kinds
        assert "F:DrawShared" not in kinds          # 3 shares a draw: always bundled
        pile = client.fair_join.replica.fair.transcript.piles["tiles"]
        whole = [not isinstance(deck, bytes) for deck in pile.decks[1:]]
        me = client.pid if client.seats else None
        # whole: the deck before its own step, and the last one
        expected = [order.index(seat) + 1 < len(order) and order[order.index(seat) + 1] == me
                    for seat in order]
        expected[-1] = True
        assert whole == expected, (client.pid, whole)
        assert kinds.count("F:Shuffled") == len(order)
    # every machine hashed the same transcript: no desync, the joiners' hashes match
    assert not any(e["event"] == "desync" for e in table.host.poll())
    table.host.match.seal(tell=False)
    assert all(c.fair_join.replica.fair.digest == table.host.fair.digest
               and c.fair_join.replica.last_hash() == table.host.match.log[-1].hash
               for c in table.clients)


def test_a_cheating_shuffler_seen_as_a_digest_is_named_on_every_machine():
    table = FairTable(METRO, 4, ["hand2"], host_bots=1)
    assert table.run(lambda: all(c.phase != "connecting" for c in table.clients), 2)
    # the second shuffler (after the host): its deck goes whole to the third, and only as
    # its digest to the fourth
    cheater, _, last = sorted(table.clients, key=lambda c: c.pid)
    stack_the_shuffles(cheater)
    table.start()
    assert table.run(table.all_over, limit=200)
    decks = last.fair_join.replica.fair.transcript.piles["tiles"].decks
    assert isinstance(decks[2], bytes)      # the cheater's deck, as its digest
    for fair in [table.host.fair] + [c.fair_join.replica.fair for c in table.clients]:
        verdict = fair.verdict
        assert not verdict.fair and verdict.cheaters == (cheater.pid,), verdict
        assert verdict.kind == "shuffle"


def test_a_bundle_unpacks_to_the_records_it_packed_and_a_bad_row_is_refused():
    records = [{"kind": "DrawShared", "p": "tiles", "n": 4, "d": 2, "s": s, "x": bytes([s]) * 32,
                "a": 0} for s in (0, 1, 3)] + [{"kind": "Secret", "seat": 1, "secret": b"s" * 32}]
    message = pack(7, records)
    assert message["rs"][1] == {"s": 1, "x": b"\x01" * 32}          # only what changed
    assert "sg" not in message
    assert unpack(message) == [(i, r, None) for i, r in enumerate(records, 7)]
    signatures = [b"a" * 64, b"b" * 64, None, b"c" * 64]        # each record keeps its own
    assert [s for _, _, s in unpack(pack(7, records, signatures))] == signatures
    for rows in ([{"s": 1}], [records[0], {"zz": 1}], [records[0], 5]):
        with pytest.raises(FairError):
            unpack({"t": ids.FAIR_BUNDLE, "i": 0, "rs": rows})
    with pytest.raises(FairError):
        unpack({"t": ids.FAIR_BUNDLE, "i": 0, "rs": records[:2], "sg": [None]})


def test_a_shuffle_relayed_as_its_digest_acknowledges_its_sender():
    # the dealer that sent its deck whole sees it come back as a digest: that is its own
    # record relayed (not one the host withheld)
    table = FairTable(METRO, 4, ["hand2"], host_bots=1)
    table.start()
    assert table.run(lambda: table.host.seq >= 6, limit=60)
    first = min(table.clients, key=lambda c: c.pid)       # its deck goes whole to the next
    sent = [r for r in table.host.fair.published if isinstance(r, Shuffled)
            and r.seat == first.pid]
    assert sent and isinstance(first.fair_join.replica.fair.transcript.piles["tiles"].decks[
        shufflers(table).index(first.pid) + 1], bytes)
    assert not any(u.get("kind") == "Shuffled" for u in first.fair_join.unacked)


def test_a_catch_up_gives_each_machine_the_decks_as_it_got_them_live():
    table = FairTable(METRO, 4, ["hand2"], host_bots=1, spectators=1)
    table.start()
    assert table.run(lambda: table.host.seq >= 6, limit=60)
    by_pid = {c.pid: c for c in table.clients}
    for peer in table.host.peers.values():
        message = {}
        table.host.fair_host.sync_fields(message, peer)
        caught_up = [("h" in r) for r in message["fr"] if r.get("kind") == "Shuffled"]
        live = by_pid[peer.pid].fair_join.replica.fair.transcript.piles["tiles"].decks[1:]
        assert caught_up == [isinstance(deck, bytes) for deck in live], peer.pid
        assert caught_up.count(False) == (2 if by_pid[peer.pid].seats else 1)

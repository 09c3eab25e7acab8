"""``SeatWaits`` on its own, against a fake table (no endpoint, no network): the wait for a
dropped player is measured from the drop and bounded by ``wait_limit``, and the host's free /
give act on the table only through the callbacks it was handed, in the order the protocol
needs (a fair table's key is handed over before anyone is welcomed to the seat)."""

from types import SimpleNamespace

import pytest

from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.session.handshake import PeerRec
from net.table.seat_control import SeatWaits


class FakeTable:
    """Three seats: 0 the host's own, 1 and 2 peer 7's (connected unless told otherwise)."""

    def __init__(self) -> None:
        self.phase = "playing"
        self.now = 100.0
        self.peers = {7: PeerRec(pid=7, name="ann", token="t", conn="link7", seats=[1, 2]),
                      9: PeerRec(pid=9, name="bob", token="u", conn="link9")}
        self.slots = [Slot(kind=ids.KIND_LOCAL, name="host"),
                      Slot(kind=ids.KIND_REMOTE, name="ann", peer=7),
                      Slot(kind=ids.KIND_REMOTE, name="ann (2)", peer=7)]
        self.calls: list[tuple] = []

    def clock(self) -> float:
        return self.now

    def seat_holder(self, seat: int):
        slot = self.slots[seat]
        return self.peers.get(slot.peer) if slot.kind == ids.KIND_REMOTE else None

    def waits(self) -> SeatWaits:
        record = self.calls.append
        return SeatWaits(self, to_bot=lambda seat, level: record(("bot", seat, level)),
                         take_back=lambda seat: record(("back", seat)),
                         hand_over=lambda seat, pid: record(("hand_over", seat, pid)),
                         welcome=lambda peer: record(("welcome", peer.pid)),
                         emit=lambda event, **fields: record((event, fields)),
                         status_changed=lambda: record(("status",)))

    def drop(self, waits: SeatWaits, pid: int) -> None:
        peer = self.peers[pid]
        peer.conn = None
        waits.dropped(peer.seats)


def test_a_dropped_seat_is_waited_on_from_the_drop_and_only_during_play():
    table = FakeTable()
    waits = table.waits()
    assert waits.waiting_on() == {}
    table.drop(waits, 7)
    table.now += 4.0
    assert waits.waiting_on() == {1: 4.0, 2: 4.0}
    table.slots[2].bot_level = "random"          # a bot plays it: nobody waits on it
    assert waits.waiting_on() == {1: 4.0}
    table.phase = "lobby"
    assert waits.waiting_on() == {}
    table.phase = "playing"
    table.peers[7].conn = "again"
    waits.back([1, 2])
    assert waits.waiting_on() == {}
    assert table.calls == []                     # queries act on nothing


def test_the_wait_is_bounded_by_the_limit_then_the_wait_bot_plays():
    table = FakeTable()
    waits = table.waits()
    table.drop(waits, 7)
    assert waits.due() is None                   # no limit: waited on for good
    table.now += 1.0
    waits.enforce()
    assert table.calls == []
    waits.wait_limit, waits.wait_bot = 3.0, "expert"
    assert waits.due() == 103.0                  # the drop at 100 plus the limit
    table.now = 102.5
    waits.enforce()
    assert table.calls == []
    table.now = 103.0
    waits.enforce()
    assert table.calls == [("bot", 1, "expert"), ("waited_out", {"seat": 1, "seconds": 3.0}),
                           ("bot", 2, "expert"), ("waited_out", {"seat": 2, "seconds": 3.0})]


def test_a_freed_seat_leaves_its_holder_and_goes_to_a_bot():
    table = FakeTable()
    waits = table.waits()
    waits.wait_bot = "easy"
    waits.free_seat(1)
    assert table.slots[1].kind == ids.KIND_OPEN and table.slots[1].peer == -1
    assert table.peers[7].seats == [2]
    assert table.calls == [("welcome", 7), ("bot", 1, "easy"), ("seat_freed", {"seat": 1})]
    table.calls.clear()
    table.slots[2].bot_level = "random"          # a bot already plays it: statuses only
    waits.free_seat(2, "hard")
    assert table.calls == [("welcome", 7), ("status",), ("seat_freed", {"seat": 2})]


def test_free_and_give_refuse_bad_requests_and_change_nothing():
    table = FakeTable()
    waits = table.waits()
    before = [SimpleNamespace(**vars(s)) for s in table.slots]
    with pytest.raises(ValueError):
        waits.free_seat(0)                       # the host's own seat
    with pytest.raises(ValueError):
        waits.give_seat(1, 7)                    # already its seat
    with pytest.raises(ValueError):
        waits.give_seat(1, 42)                   # nobody
    table.peers[9].conn = None
    with pytest.raises(ValueError):
        waits.give_seat(1, 9)                    # not connected
    table.phase = "lobby"
    with pytest.raises(RuntimeError):
        waits.free_seat(1)
    assert [vars(s) for s in table.slots] == [vars(s) for s in before]
    assert table.peers[7].seats == [1, 2] and table.peers[9].seats == []
    assert table.calls == []


def test_a_given_seat_hands_its_key_over_first_then_welcomes_its_new_player():
    table = FakeTable()
    waits = table.waits()
    table.drop(waits, 7)
    table.slots[1].bot_level = "random"          # waited out: a bot plays it meanwhile
    waits.give_seat(1, 9)
    assert table.slots[1].kind == ids.KIND_REMOTE and table.slots[1].peer == 9
    assert table.peers[9].seats == [1] and table.peers[7].seats == [2]
    assert table.calls == [("hand_over", 1, 9),
                           ("seat_given", {"seat": 1, "peer": 9, "name": "bob"}),
                           ("welcome", 9), ("back", 1), ("status",)]
    assert 1 not in waits.dropped_at and 1 not in waits.waiting_on()

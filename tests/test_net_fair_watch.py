"""``FairWatch`` on its own, against a fake table and a fake deal (no endpoint, no network): a
dealer that owes the setup past the limit sends the table back to the lobby (ABORT, counted only
once every key is committed), a spectator is never blamed; in play nothing late costs a
connected dealer its seats (issue 28, item 2): a key share short of the threshold or an answer
about a hand stalls the step (an answer is said late on every machine), a dropped dealer is
waited on; after the game a gone dealer's secret is rebuilt at once, a late one after the
limit, naming nobody. The wait runs from
when the table last moved on, and the watch acts only through what it was handed."""

from types import SimpleNamespace

from net.fair.guard import FairWatch
from net.fair.phases import DealMachine
from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.session.handshake import PeerRec

LIMIT = 5.0


def driver(**fields) -> SimpleNamespace:
    """A fair deal's driver as the watch reads it: dealers 0 (the host), 7 and 9."""
    base = dict(verdict=None, dealers=[0, 7, 9], active=[0, 7, 9], me=0, match=None,
                transcript=SimpleNamespace(key_commitments={0: b"k"}, public_keys={}, rolls={}),
                escrows={}, departed=[], recovered=[], key_shares={}, finished=False,
                secrets={}, waiting_for_move=False, current_step=None, published=[],
                strict_escrow=False, seat_dealers=[0, 7, 9],
                awaits_answer_from=lambda dealer: False)
    base.update(fields)
    fair = SimpleNamespace(**base)
    fair.machine = DealMachine(fair)     # the deal's state machine, over the fake driver
    return fair


class FakeLateCalls:
    """Records the host's calls about late parts (net.fair.late_calls.LateCalls)."""

    def __init__(self, calls: list) -> None:
        self.calls = calls

    def rekey(self, gone: int) -> None:
        self.calls.append(("rekey", gone))

    def overdue(self, roll, attempt, dealer) -> None:
        self.calls.append(("overdue", roll, dealer))

    def share_overdue(self, pile, attempt, position, again, dealer) -> None:
        self.calls.append(("share_overdue", pile, dealer))

    def shuffle_overdue(self, pile, attempt, dealer) -> None:
        self.calls.append(("shuffle_overdue", pile, dealer))

    def answer_overdue(self, dealer) -> None:
        self.calls.append(("answer_overdue", dealer))

    def secret_overdue(self, dealer) -> None:
        self.calls.append(("secret_overdue", dealer))


class FakeDeal:
    def __init__(self, fair, calls: list) -> None:
        self.fair = fair
        self.calls = calls
        self.late = FakeLateCalls(calls)

    def dealer_of(self, peer) -> int:
        return peer.pid

    def forget(self) -> None:
        self.fair = None


class FakeTable:
    """Seat 0 the host's, seat 1 peer 7's, seat 2 peer 9's; peer 5 watches."""

    def __init__(self, fair, phase: str = "dealing") -> None:
        self.phase = phase
        self.now = 100.0
        self.timings = SimpleNamespace(seeding=LIMIT)
        self.slots = [Slot(kind=ids.KIND_LOCAL, name="host"),
                      Slot(kind=ids.KIND_REMOTE, name="ann", peer=7),
                      Slot(kind=ids.KIND_REMOTE, name="bob", peer=9)]
        self.peers = {7: PeerRec(pid=7, name="ann", token="t", conn="link7", seats=[1]),
                      9: PeerRec(pid=9, name="bob", token="u", conn="link9", seats=[2]),
                      5: PeerRec(pid=5, name="eve", token="v", conn="link5")}
        self.calls: list[tuple] = []
        self.deal = FakeDeal(fair, self.calls)
        record = self.calls.append
        self.watch = FairWatch(
            self, self.deal,
            live_peers=lambda: [p for p in self.peers.values() if p.conn is not None],
            lobby_changed=lambda: record(("lobby", self.phase)),
            broadcast=lambda message: record(("all", message["t"], message["c"],
                                              message["a"].get("count"))),
            emit=lambda event, **fields: record((event, fields)),
            refuse=lambda conn, code, args: record(("refuse", conn, code)))

    def clock(self) -> float:
        return self.now


def test_a_dealer_silent_in_the_setup_past_the_limit_sends_the_table_to_the_lobby():
    table = FakeTable(driver())                  # 7 and 9 owe their key commitments
    table.watch.tick()
    assert table.watch.due() == 100.0 + LIMIT
    table.now += LIMIT - 0.1
    table.watch.tick()
    assert table.calls == [] and table.phase == "dealing"       # not yet
    table.now += 0.1
    table.watch.tick()
    assert table.deal.fair is None and table.phase == "lobby"
    assert table.calls[0] == ("all", ids.ABORT, ids.R_TIMEOUT, None)   # not every key in
    assert ("lobby", "lobby") in table.calls
    refused = [c[1] for c in table.calls if c[0] == "refuse"]
    assert refused == ["link7", "link9"]         # the late dealers; never the spectator
    withheld = [c[1]["peer"] for c in table.calls if c[0] == "fair_withheld"]
    assert withheld == [7, 9]


def test_the_wait_runs_from_when_the_table_last_moved_on():
    fair = driver()
    table = FakeTable(fair)
    table.watch.tick()
    table.now += LIMIT - 1
    fair.transcript.key_commitments[7] = b"k"    # 7's arrives: only 9 is owed, from now
    fair.published.append("record of 7")
    table.watch.tick()
    table.now += LIMIT - 1
    table.watch.tick()
    assert table.calls == [] and table.phase == "dealing"
    table.now += 1
    table.watch.tick()
    assert [c[1] for c in table.calls if c[0] == "refuse"] == ["link9"]


def test_an_abort_is_counted_only_once_every_key_is_committed():
    fair = driver()
    table = FakeTable(fair)
    table.watch.abort(ids.R_TIMEOUT, peer=9)
    assert table.calls[0] == ("all", ids.ABORT, ids.R_TIMEOUT, None) and table.watch.aborts == 0
    for count in (1, 2):
        table.calls.clear()
        table.deal.fair = driver(transcript=SimpleNamespace(
            key_commitments={0: b"k", 7: b"k", 9: b"k"}, public_keys={}, rolls={}))
        table.phase = "dealing"
        table.watch.abort(ids.R_TIMEOUT, peer=9)
        assert table.calls[0] == ("all", ids.ABORT, ids.R_TIMEOUT, count)
        assert table.calls[1][1]["args"]["count"] == count      # seeding_aborted, counted


def test_a_machine_lost_in_the_setup_aborts_only_if_it_deals():
    table = FakeTable(driver())
    assert not table.watch.setup_lost(table.peers[5], ids.R_CONNECTION_LOST)   # a spectator
    assert table.calls == [] and table.phase == "dealing"
    assert table.watch.setup_lost(table.peers[9], ids.R_CONNECTION_LOST)
    assert table.calls[0] == ("all", ids.ABORT, ids.R_CONNECTION_LOST, None)
    assert table.phase == "lobby"
    playing = FakeTable(driver(match=SimpleNamespace(seq=4), waiting_for_move=True), "playing")
    assert not playing.watch.setup_lost(playing.peers[9], ids.R_CONNECTION_LOST)
    assert playing.calls == []


def rekeying(**fields) -> FakeTable:
    """In play, dealer 3 has left: 0 and 7 gave their key shares of it, 9 owes its own."""
    fair = driver(match=SimpleNamespace(seq=12), departed=[3], active=[0, 7, 9],
                  key_shares={3: {0: b"s", 7: b"s"}}, seat_dealers=[0, 7, 9], **fields)
    return FakeTable(fair, "playing")


def test_a_connected_holder_late_with_its_key_share_stalls_the_rebuild_and_keeps_its_seats():
    table = rekeying()
    table.watch.tick()
    table.now += LIMIT
    table.watch.tick()
    # no bot, no rekey
    assert table.calls == [("fair_stalled", {"dealer": 9, "seats": [2], "waits_for": "parts"})]
    assert table.phase == "playing"


def test_a_late_answer_about_a_hand_stalls_and_is_said_late_on_every_machine():
    fair = driver(match=SimpleNamespace(seq=12), current_step=(
        "attest", "markers", (), 9, ("attest", "markers", 2, 1, 12)),
        awaits_answer_from=lambda dealer: dealer == 9,
        share_rescue=SimpleNamespace(overdue={}), skipped_shufflers=set())
    table = FakeTable(fair, "playing")
    table.watch.tick()
    table.now += LIMIT
    table.watch.tick()
    assert table.calls == [("fair_stalled", {"dealer": 9, "seats": [2], "waits_for": "answer"}),
                           ("answer_overdue", 9)]


def test_a_late_secret_at_the_end_is_rebuilt_naming_nobody():
    fair = driver(match=SimpleNamespace(seq=30), finished=True, secrets={0: b"s", 7: b"s"})
    table = FakeTable(fair, "over")
    table.watch.tick()
    assert table.calls == []                     # connected: waited for, the limit first
    table.now += LIMIT
    table.watch.tick()
    assert table.calls == [("secret_overdue", 9)]


def test_a_dropped_withholder_is_waited_on_and_a_strict_table_stalls():
    dropped = rekeying()
    dropped.peers[9].conn = None
    dropped.watch.tick()
    dropped.now += LIMIT
    dropped.watch.tick()
    assert dropped.calls == []                   # waited on like its moves (wait_limit)
    strict = rekeying(strict_escrow=True)
    strict.watch.tick()
    strict.now += LIMIT
    strict.watch.tick()
    # nobody stands in
    assert strict.calls == [("fair_stalled", {"dealer": 9, "seats": [2], "waits_for": "parts"})]


def test_after_the_game_a_gone_dealers_secret_is_rebuilt_at_once():
    fair = driver(match=SimpleNamespace(seq=30), finished=True, secrets={0: b"s", 7: b"s"})
    table = FakeTable(fair, "over")
    table.peers[9].conn = None                   # it closed at the last move
    table.watch.tick()                           # no wait: its secret is due now
    assert table.calls == [("rekey", 9)]

"""``PeerLiveness`` on its own, against a fake table (no endpoint, no network): a connection
without a hello is refused at its deadline (the sooner of ``hello_seconds`` and ``dropped``), a
silent peer is told interrupted once, then dropped with ``BYE timeout``, a quiet link gets a
beat carrying the table's seq, a frame heard brings an interrupted peer back, and ``due`` names
the moment each of these next falls due."""

from types import SimpleNamespace

from net.protocol import messages as ids
from net.session.handshake import PeerRec
from net.table.liveness import PeerLiveness
from net.transport.limits import HostLimits
from net.transport.timing import Timings

TIMINGS = Timings(heartbeat=1.0, interrupted=3.0, dropped=10.0)


def watched(peers, pending=None, hello_seconds=5.0):
    """The part over a fake table of ``peers`` (all connected) and what it did, in order."""
    calls = []
    limits = HostLimits(hello_seconds=hello_seconds)
    table = SimpleNamespace(timings=TIMINGS, limits=limits, pending_conns=dict(pending or {}),
                            seq=7)
    live = lambda: [p for p in peers if p.conn is not None]  # noqa: E731

    def gone(conn):
        calls.append(("gone", conn))
        for peer in peers:
            if peer.conn == conn:
                peer.conn = None

    part = PeerLiveness(
        table, live_peers=live, send=lambda peer, msg: calls.append(("send", peer.pid, msg)),
        refuse=lambda conn, code, args: calls.append(("refuse", conn, code, args)),
        close=lambda conn: calls.append(("close", conn)), gone=gone,
        emit=lambda event, **fields: calls.append((event, fields)),
        status_changed=lambda: calls.append(("status",)))
    return part, table, calls


def peer(pid, heard=0.0, sent=0.0, seats=(0,)):
    return PeerRec(pid=pid, name=f"p{pid}", token="t", conn=f"c{pid}", seats=list(seats),
                   last_heard=heard, last_sent=sent)


def test_a_connection_without_a_hello_is_refused_at_the_sooner_deadline():
    part, table, calls = watched([], pending={"early": 0.0, "late": 3.0}, hello_seconds=5.0)
    assert part.hello_deadline() == 5.0
    part.check(5.0)                             # not past yet: the deadline is strict
    assert calls == []
    part.check(5.5)
    assert calls == [("refuse", "early", ids.R_TIMEOUT, {})]
    assert sorted(part.due()) == [5.0, 8.0]
    table.limits = HostLimits(hello_seconds=60.0)   # read at each call: dropped bounds it now
    assert part.hello_deadline() == TIMINGS.dropped
    assert sorted(part.due()) == [10.0, 13.0]


def test_a_silent_peer_is_interrupted_once_then_dropped_and_a_quiet_link_beats():
    quiet = peer(1, heard=0.0, sent=0.0)
    talker = peer(2, heard=0.0, sent=0.5, seats=())
    part, table, calls = watched([quiet, talker])
    part.check(0.9)
    assert calls == []
    part.check(1.0)                             # one heartbeat since anything was sent
    assert calls == [("send", 1, {"t": ids.BEAT, "q": 7})]
    calls.clear()
    quiet.last_sent = talker.last_sent = 3.0    # (the fake's send does not stamp it)
    talker.last_heard = 3.0
    part.check(3.5)
    assert calls == [("peer_interrupted", {"peer": 1, "seats": [0]}), ("status",)]
    assert quiet.interrupted and not talker.interrupted
    calls.clear()
    part.check(3.6)                             # told once
    assert calls == []
    assert part.due() == [10.0, 4.0, 13.0, 4.0, 6.0]  # the interrupted peer: drop and beat
    quiet.last_sent = talker.last_sent = 10.0
    talker.last_heard = 10.0
    part.check(10.5)
    assert calls == [("send", 1, {"t": ids.BYE, "c": ids.R_TIMEOUT, "a": {}}),
                     ("close", "c1"), ("gone", "c1")]
    assert quiet.conn is None and talker.conn == "c2"


def test_a_frame_heard_brings_an_interrupted_peer_back():
    back = peer(1, heard=0.0)
    back.interrupted = True
    part, table, calls = watched([back])
    part.heard(back, 9.5)
    assert back.last_heard == 9.5 and not back.interrupted and calls == [("status",)]
    part.heard(back, 9.6)                       # not interrupted: nothing to tell
    assert calls == [("status",)]
    part.check(12.0)                            # heard lately: neither dropped nor interrupted
    assert calls[1:] == [("send", 1, {"t": ids.BEAT, "q": 7})]


def test_the_end_closes_every_connection_still_without_a_hello():
    part, table, calls = watched([peer(1)], pending={"a": 0.0, "b": 1.0})
    part.close_pending()
    assert calls == [("close", "a"), ("close", "b")] and table.pending_conns == {}


def test_a_dropped_peer_is_only_dropped():
    # silent past every bound at once: the BYE, nothing of being interrupted nor a beat
    gone = peer(1, heard=0.0, sent=0.0)
    part, table, calls = watched([gone])
    part.check(11.0)
    assert calls == [("send", 1, {"t": ids.BYE, "c": ids.R_TIMEOUT, "a": {}}),
                     ("close", "c1"), ("gone", "c1")]
    assert not gone.interrupted and part.due() == []

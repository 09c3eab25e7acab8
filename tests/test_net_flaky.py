"""Handshakes and endings that survive a flaky network (issue 14 item 1), in-process on
127.0.0.1: a reset is told apart from a hang-up, a silent or reset handshake is tried again
with growing delays and reported as what it is (never "not a table"), and a player whose link
breaks at the last move comes back within the host's grace and learns the end.

The same stories through real ``run.py host/join`` processes and the fault proxy are in
tests/test_net_soak.py.
"""

from __future__ import annotations

import socket
import struct
import threading
import time

import pytest

from game.benchmarks.faultproxy import FaultProxy, Profile
from game.cli.join import describe
from net.protocol import messages as ids
from net.transport.backoff import Backoff
from net.client import ClientConnection
from net.host import HostServer
from net.protocol.lobby import Slot
from net.transport.timing import Timings
from net.transport.sockets import Closed, Connection, Reset
from tests.patience import PATIENCE

pytestmark = pytest.mark.timeout(180)      # a hang guard: the waits are events


def run_until(condition, *pumped, seconds: float = PATIENCE) -> None:
    """Pump until ``condition()``: an event, never a claim on speed (tests/patience.py)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting ({seconds:g} s)")
        for thing in pumped:
            thing.pump(0.002)


def seen_in(peer, events: list):
    """``seen(kind, count)``: a condition that collects ``peer``'s events into ``events`` and
    holds once ``count`` of ``kind`` were seen."""
    def seen(kind: str, count: int = 1):
        def check():
            events.extend(peer.poll())
            return sum(e["event"] == kind for e in events) >= count
        return check
    return seen


class SilentServer:
    """Accepts connections and never says a word; counts them."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def close(self) -> None:
        self.listener.close()
        for conn in self.accepted:
            conn.close()


def test_backoff_grows_to_its_cap_and_starts_over_after_a_success():
    backoff = Backoff(first=0.25, cap=2.0, jitter=0.0)
    assert [backoff.next() for _ in range(6)] == [0.25, 0.5, 1.0, 2.0, 2.0, 2.0]
    backoff.reset()
    assert backoff.next() == 0.25
    jittered = Backoff(first=1.0, cap=8.0, jitter=0.2, seed=4)
    delays = [jittered.next() for _ in range(5)]
    assert all(0.8 * 2 ** i <= d <= 1.2 * 2 ** i for i, d in enumerate(delays[:4])), delays
    with pytest.raises(ValueError):
        Backoff(first=0)


@pytest.mark.parametrize("how", ["reset", "hang_up"])
def test_a_reset_is_told_apart_from_a_hang_up(how):
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    server, _ = listener.accept()
    conn = Connection(client)
    if how == "reset":     # SO_LINGER 0: the close sends an RST
        server.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    server.close()
    deadline = time.monotonic() + PATIENCE     # the close arrives at once; a bound only
    with pytest.raises(Closed) as caught:
        while time.monotonic() < deadline:
            conn.read()
            time.sleep(0.01)
    assert caught.value.reset is (how == "reset")
    assert isinstance(caught.value, Reset) is (how == "reset")
    conn.close()
    listener.close()


def test_a_silent_table_is_tried_again_with_backoff_then_reported_truthfully():
    server = SilentServer()
    try:
        # the joiner's own clock moves 10 ms a pump: its handshake timeouts, back-offs and
        # retry limit count the same on a loaded machine as on an idle one
        now = [time.monotonic()]
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Ann",
                                        timings=Timings(handshake=0.3), redial_limit=1.6,
                                        clock=lambda: now[0])
        events = []
        deadline = time.monotonic() + PATIENCE
        while peer.phase != "ended" and time.monotonic() < deadline:
            peer.pump(0.01)
            now[0] += 0.01
            events += peer.poll()
        events += peer.poll()
        address = f"127.0.0.1:{server.port}"
        retries = [e for e in events if e["event"] == "retrying"]
        assert len(retries) >= 2, events
        assert all(e["code"] == ids.R_NO_ANSWER and e["args"]["address"] == address
                   for e in retries)
        assert retries[1]["delay"] > retries[0]["delay"]       # the waits grow
        assert len(server.accepted) == 1 + len(retries)        # each retry: a new connection
        ended = peer.endpoint.ended
        assert ended["code"] == ids.R_NO_ANSWER and ended["args"]["gave_up"] == 2, ended
        assert not any(e.get("code") == ids.R_NOT_A_TABLE for e in events)
        assert describe(ended["code"], ended["args"]) == (
            f"the table at {address} did not answer in time (gave up after 2 s of retrying)")
        peer.close()
    finally:
        server.close()


def _table(players: int = 2) -> HostServer:
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", level="random")] + \
        [Slot() for _ in range(players - 1)]
    return HostServer.create("metromania", players, seats=slots, port=0, bind="127.0.0.1")


def test_a_reset_before_the_welcome_is_tried_again_and_takes_one_seat(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    server = _table(3)
    proxy = FaultProxy(server.port, Profile("r", reset="before_welcome", connections=2), seed=1)
    try:
        peer = ClientConnection.connect("127.0.0.1", proxy.port, name="Ann", redial_limit=10)
        events = []

        def welcomed():
            events.extend(peer.poll())
            return any(e["event"] == "welcome" for e in events)

        run_until(welcomed, server, peer)
        codes = [e["code"] for e in events if e["event"] == "retrying"]
        assert codes == [ids.R_CONNECTION_RESET] * 2, events
        assert proxy.notes == ["reset:before_welcome"] * 2
        run_until(lambda: len(server.endpoint.peers) == 1 and not server.endpoint.pending_conns,
                  server, peer)
        seated = [s for s in server.endpoint.slots if s.kind == ids.KIND_REMOTE]
        assert len(seated) == 1 and peer.endpoint.seats     # the lost tries kept no seat
        peer.close()
    finally:
        proxy.close()
        server.close()


def _play_to_the_end(server: HostServer, peer: ClientConnection, grace: float) -> dict:
    """Ready, start, play (bots on both sides) and end the table as the headless host does."""
    over = None
    events = []

    def done() -> bool:
        nonlocal over
        events.extend(peer.poll())
        for event in server.poll():
            if event["event"] == "game_over":
                over = event
        endpoint = server.endpoint
        if endpoint.phase == "lobby" and any(e["event"] == "lobby" for e in events) \
                and not any(p.ready for p in endpoint.peers.values()):
            peer.set_ready(True)
        if endpoint.phase == "lobby" and endpoint.can_start():
            server.start_game()
        if over is not None and endpoint.phase != "closed" and endpoint.all_confirmed():
            endpoint.finish_table(grace, q=over["seq"], h=over["hash"])
        return peer.phase == "ended"

    run_until(done, server, peer)
    return {"over": over, "events": events}


def test_a_player_reset_at_the_last_move_comes_back_and_learns_the_end(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    server = _table()
    proxy = FaultProxy(server.port, Profile("end", reset="at_end"), seed=2)
    try:
        peer = ClientConnection.connect("127.0.0.1", proxy.port, name="Ann", auto_bot="random",
                                        redial_limit=10)
        played = _play_to_the_end(server, peer, grace=10.0)
        over, events = played["over"], played["events"]
        assert proxy.notes == ["reset:at_end"]
        retries = [e for e in events if e["event"] == "retrying"]
        assert [e["code"] for e in retries] == [ids.R_CONNECTION_RESET], events
        ended = peer.endpoint.ended
        assert ended == {"code": ids.R_GAME_OVER, "args": {"q": over["seq"], "h": over["hash"]}}
        assert peer.endpoint.replica.last_hash() == over["hash"]
        finals = [e for e in events if e["event"] == "game_over"]
        assert finals and finals[-1]["scores"] == over["scores"]
        run_until(server.endpoint.end.everyone_told, server)
        assert server.endpoint.end.untold == set()      # it hung up politely after the goodbye
        # once the grace is over the closed table refuses the same seat token
        server.endpoint.end.until = 0.0
        late = ClientConnection.connect("127.0.0.1", server.port, name="Ann",
                                        token=peer.token)
        run_until(lambda: late.phase == "ended", server, late)
        assert late.endpoint.ended["code"] == ids.R_HOST_LEFT
        late.close()
        peer.close()
    finally:
        proxy.close()
        server.close()


def test_a_polite_goodbye_needs_no_grace(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    server = _table()
    try:
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Ann", auto_bot="random",
                                        redial_limit=10)
        _play_to_the_end(server, peer, grace=30.0)
        assert peer.endpoint.ended["code"] == ids.R_GAME_OVER
        # told by the peer's polite hang-up after the goodbye, not by the 30 s grace running
        # out (only a hang-up empties ``untold``; the grace makes everyone_told true as well)
        run_until(lambda: not server.endpoint.end.untold, server)
        assert server.endpoint.end.everyone_told()
        assert server.endpoint.clock() < server.endpoint.end.until
        peer.close()
    finally:
        server.close()


def test_a_lobby_that_forgot_a_dropped_player_seats_it_anew(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    server = _table()
    try:
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Ann", redial_limit=10)
        events = []
        seen = seen_in(peer, events)

        run_until(seen("welcome"), server, peer)
        first = peer.token
        peer.endpoint.on_disconnect(reset=True)         # the Wi-Fi drops us in the lobby
        run_until(lambda: not server.endpoint.peers, server)   # seat freed
        run_until(seen("welcome", 2), server, peer)
        codes = [e["code"] for e in events if e["event"] == "retrying"]
        assert codes == [ids.R_CONNECTION_RESET, ids.R_BAD_TOKEN], events
        assert peer.token != first and peer.endpoint.seats == [1]
        assert [s.kind for s in server.endpoint.slots].count(ids.KIND_REMOTE) == 1
        peer.close()
    finally:
        server.close()


def test_a_player_whose_link_broke_as_the_game_started_catches_up(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    server = _table()
    try:
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Ann", auto_bot="random",
                                        redial_limit=10)
        run_until(lambda: peer.endpoint.lobby is not None, server, peer)
        peer.set_ready(True)
        run_until(server.endpoint.can_start, server, peer)
        server.start_game()
        deadline = time.monotonic() + PATIENCE
        while server.endpoint.phase != "playing":      # the joiner reveals; the START is
            assert time.monotonic() < deadline         # on its way when the link breaks
            peer.pump(0.002)
            server.pump(0.002)
        assert peer.endpoint.match is None
        pid = peer.endpoint.pid
        peer.endpoint.on_disconnect(reset=True)
        run_until(lambda: peer.endpoint.match is not None and server.endpoint.seq >= 3
                  and peer.endpoint.seq == server.endpoint.seq, server, peer)
        assert peer.endpoint.pid == pid                 # its seat token took its seat back
        assert peer.endpoint.replica.last_hash() == server.endpoint.match.hash()
        peer.close()
    finally:
        server.close()


@pytest.mark.parametrize("when", ["lobby", "game"])
def test_a_stall_longer_than_the_hosts_patience_is_dialled_again(tmp_path, monkeypatch, when):
    """The link stalls (nothing flows either way) for longer than the host waits: the host
    drops the joiner ("no answer for too long"), and that refusal, arriving after the stall,
    is a lost link to dial again, not the end (it once ended the joiner, and the table waited
    for it for ever: 4 of 1,000 games of the soak's stalls profile)."""
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    host_timings = Timings(heartbeat=0.1, interrupted=0.3, dropped=0.8)
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", level="random"), Slot()]
    server = HostServer.create("metromania", 2, seats=slots, port=0, bind="127.0.0.1",
                               timings=host_timings)
    # one stall of 1.6 s, starting 0.2-0.25 s after the connection (after the welcome)
    proxy = FaultProxy(server.port, Profile("stall", stalls=(1, 1.6, 1.6), stall_window=0.25,
                                            connections=1), seed=3)
    try:
        joiner_timings = Timings(heartbeat=0.1, interrupted=0.3, dropped=5.0)
        peer = ClientConnection.connect("127.0.0.1", proxy.port, name="Ann", auto_bot="random",
                                        bot_delay=0.05, timings=joiner_timings, redial_limit=10)
        events = []
        seen = seen_in(peer, events)

        run_until(seen("welcome"), server, peer)
        if when == "game":
            peer.set_ready(True)
            run_until(server.endpoint.can_start, server, peer)
            server.start_game()
        run_until(lambda: seen("retrying")() or peer.endpoint.phase == "ended",
                  server, peer)
        assert peer.endpoint.phase != "ended", events
        assert any(e["event"] == "retrying" for e in events), events
        if when == "lobby":
            run_until(seen("welcome", 2), server, peer)
            assert peer.endpoint.seats == [1]
        else:
            run_until(lambda: server.endpoint.phase == "over" and peer.endpoint.seq ==
                      server.endpoint.seq, server, peer)
            assert peer.endpoint.replica.last_hash() == server.endpoint.match.hash()
        peer.close()
    finally:
        proxy.close()
        server.close()


@pytest.mark.parametrize("how", ["bye", "refuse"])
def test_the_hosts_no_answer_for_too_long_is_a_lost_link_not_the_end(tmp_path, monkeypatch, how):
    """What the host says when it stopped hearing us (a goodbye, or the refusal of a dealer
    that went silent during the deal), arriving once a stalled link flows again: the joiner
    dials again and is seated anew (on the old code it ended: "no answer for too long")."""
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    server = _table()
    try:
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Ann", redial_limit=10)
        events = []
        seen = seen_in(peer, events)

        run_until(seen("welcome"), server, peer)
        kind = ids.BYE if how == "bye" else ids.REFUSE
        peer.endpoint.on_frame({"t": kind, "c": ids.R_TIMEOUT, "a": {}})
        assert peer.endpoint.phase != "ended"
        run_until(seen("welcome", 2), server, peer)
        codes = [e["code"] for e in events if e["event"] == "retrying"]
        assert codes[0] == ids.R_TIMEOUT, events
        assert peer.endpoint.seats == [1]
        peer.close()
    finally:
        server.close()

"""Bounded everything (issue 14 item 3), attacked over real sockets on 127.0.0.1: half-sent
frames, crowds of spectators, request floods and peers that do not read are each stopped by
a limit with a reason, and an honest player still joins and plays meanwhile.

Each wait is for an event (a frame, a state) with ``tests.patience.PATIENCE`` as a bound, and
rates are counted on the table's own clock: a loaded machine changes no outcome. How quickly
moves reach a player past a crowd of spectators is the bench's (``run.py bench --only
net.crowd``)."""

import dataclasses
import socket
import time

import pytest

from net.protocol import messages as ids
from net.client import ClientConnection
from net.host import HostServer
from net.transport.limits import DEFAULT_SPECTATORS, HostLimits
from net.transport.timing import Timings
from net.transport.wire import FrameReader, encode
from tests.patience import PATIENCE, wait_for
from tests.test_net_sockets import hello

pytestmark = pytest.mark.timeout(240)      # a hang guard: the waits are events


TOTAL_CAP_MIB = 16     # net.transport.limits.HostLimits.total_frame_bytes


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def table(players=2, bots=1, door=True, timings=None):
    """``door=False``: no address is turned away after an abuse (``net.transport.door``; the attackers
    and the honest player of these tests all come from 127.0.0.1)."""
    server = HostServer.create("metro", players, port=0, bind="127.0.0.1",
                               timings=timings or Timings())
    if not door:
        server.endpoint.limits = dataclasses.replace(server.endpoint.limits,
                                                     turn_away_first=0.0)
    for seat in range(bots):
        server.endpoint.slots[seat].kind = ids.KIND_BOT
        server.endpoint.slots[seat].level = "random"
    server.start_thread(interval=0.005)
    return server


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=3)
    sock.setblocking(False)
    return sock


def frames_from(sock, reader, wait=0.0):
    """Frames readable on ``sock`` now (after waiting up to ``wait`` seconds for the first);
    a closed or reset socket ends the list with None."""
    out = []
    deadline = time.monotonic() + wait
    while True:
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            if out or time.monotonic() >= deadline:
                return out
            time.sleep(0.01)
            continue
        except OSError:
            return out + [None]
        if not data:
            return out + [None]
        out += reader.feed(data)


def honest_joiner_plays(port, timeout=PATIENCE):
    """A real client joins the open seat, gets ready and the game runs to its end."""
    client = ClientConnection.connect("127.0.0.1", port, name="honest", auto_bot="random")
    client.start_thread(interval=0.005)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and client.phase in ("connecting",):
            time.sleep(0.02)
        return client
    except Exception:
        client.close()
        raise


def test_half_sent_frames_cannot_grow_host_memory_past_the_cap():
    assert HostLimits().total_frame_bytes == TOTAL_CAP_MIB << 20
    server = table(door=False)
    attackers = []
    try:
        port = server.port
        before = rss_mib()
        chunk = b"\0" * 65536
        header = (1 << 20).to_bytes(4, "big")      # a 1 MiB frame, never finished
        for index in range(300):
            try:
                sock = connect(port)
            except OSError:
                continue
            # half of them say hello first (then the per-peer cap is a whole frame)
            opening = (hello(n=f"a{index}") if index % 2 else b"") + header
            try:
                sock.send(opening)
            except OSError:
                pass
            attackers.append([sock, 0])
        deadline = time.monotonic() + 8.0
        while time.monotonic() < deadline:
            busy = False
            for entry in attackers:
                sock, sent = entry
                if sent >= 512 << 10:
                    continue
                try:
                    entry[1] += sock.send(chunk)
                    busy = True
                except BlockingIOError:
                    busy = True
                except OSError:
                    entry[1] = 1 << 30        # refused and closed: done
            if not busy:
                break
            time.sleep(0.005)
        time.sleep(0.5)
        grown = rss_mib() - before
        assert grown < TOTAL_CAP_MIB + 32, grown        # before the caps: ~150 MiB
        with server.lock:
            held = sum(conn.reader.pending for conn in server.conns)
        assert held <= server.endpoint.limits.total_frame_bytes + 65536
        # an honest player still joins and plays meanwhile
        client = honest_joiner_plays(port)
        try:
            assert client.phase == "lobby", client.endpoint.ended
        finally:
            client.close()
    finally:
        for sock, _sent in attackers:
            sock.close()
        server.close()


def test_spectators_past_the_limit_are_refused_and_play_stays_quick():
    # the crowd never says a word after its hello: on a loaded machine its 300 handshakes
    # outlast the 10 s after which a silent peer is dropped (and its slot given again)
    server = table(timings=Timings(dropped=PATIENCE))
    crowd = []
    try:
        port = server.port
        codes = []
        for index in range(300):
            try:
                sock = connect(port)
                sock.send(hello(n=f"w{index}"))
            except OSError:
                codes.append("closed")
                continue
            reader = FrameReader()
            frames = frames_from(sock, reader, wait=PATIENCE)    # a welcome or a refusal
            kinds = [f["t"] if f else None for f in frames]
            if ids.WELCOME in kinds:
                codes.append("welcome")
                crowd.append((sock, reader))
            else:
                refusal = next((f for f in frames if f and f["t"] == ids.REFUSE), None)
                codes.append(refusal["c"] if refusal else "closed")
                sock.close()
        assert codes.count("welcome") == DEFAULT_SPECTATORS      # today: all 300
        assert codes[DEFAULT_SPECTATORS] == ids.R_TOO_MANY_SPECTATORS
        assert set(codes[DEFAULT_SPECTATORS:]) <= {ids.R_TOO_MANY_SPECTATORS,
                                                   ids.R_TOO_MANY_CONNECTIONS}
        # an honest player takes the open seat and the game runs to its end: every move the
        # host stamped reaches it (how quickly: the bench's net.crowd)
        client = honest_joiner_plays(port)
        try:
            applied, stamped = set(), set()
            client.endpoint.on_applied = lambda seq, seat: applied.add(seq)
            server.endpoint.on_applied = lambda seq, seat: stamped.add(seq)
            client.set_ready(True)
            wait_for(server.endpoint.can_start, "ready player", pause=0.02)
            assert server.start_game()

            def spectators_read_along():
                for sock, reader in crowd:
                    frames_from(sock, reader)

            wait_for(lambda: client.phase == "over", "end of the game",
                     spectators_read_along, pause=0.01)
            assert len(stamped) > 10 and stamped <= applied
        finally:
            client.close()
    finally:
        for sock, _reader in crowd:
            sock.close()
        server.close()


def test_a_spectator_flooding_requests_is_dropped_with_a_reason():
    server = table(players=2, bots=2)
    try:
        with server.lock:
            assert server.endpoint.start()
        wait_for(lambda: server.endpoint.phase == "over", "end of the bots' game", pause=0.02)
        # from now on the table's clock moves 1/190 s a request: the host counts the rate
        # on it, so the requests come 190 a second however loaded the machine is
        now = [time.monotonic()]
        server.endpoint.clock = lambda: now[0]
        sock = connect(server.port)
        sock.send(hello())
        reader = FrameReader()
        frames_from(sock, reader, wait=PATIENCE)
        answers, refusal, sent = 0, None, 0     # answers: frames of the log sent back
        request = encode({"t": ids.GET, "q": 1})         # 9 bytes that ask for the log
        assert len(request) <= 12

        def read() -> None:
            nonlocal answers, refusal
            for frame in frames_from(sock, reader):
                if frame is None or refusal is not None:
                    return
                if frame["t"] == ids.REFUSE:
                    refusal = frame
                else:
                    answers += 1

        while refusal is None and sent < 3 * 190:        # 3 s of the table's time
            now[0] += 1 / 190
            try:
                sock.send(request)
            except OSError:
                break
            sent += 1
            read()
        wait_for(lambda: read() or refusal is not None, "refusal", pause=0.01)
        assert refusal["c"] == ids.R_TOO_MANY_REQUESTS                        # today: never
        assert refusal["a"]["kind"] == ids.GET and refusal["a"]["limit"] >= 1
        # stopped within 1.5 s of requests on the table's clock (each answer: the whole log)
        assert answers < 190 * 1.5 * len(server.endpoint.match.log)
        sock.close()
    finally:
        server.close()


def test_a_peer_that_does_not_read_is_dropped_past_its_send_buffer():
    server = table()
    try:
        server.endpoint.limits = HostLimits(send_bytes=64 << 10)
        sock = connect(server.port)
        sock.send(hello())
        frames_from(sock, FrameReader(), wait=PATIENCE)
        with server.lock:
            [conn] = list(server.conns)
            conn.out += b"\0" * (65 << 10)     # what a peer that never reads leaves queued
        wait_for(lambda: conn not in server.conns, "drop of the slow reader", pause=0.02)
        refused = [e for e in server.poll() if e["event"] == "peer_refused"]
        assert refused and refused[-1]["code"] == ids.R_SLOW_READER
        sock.close()
    finally:
        server.close()


def test_connections_per_address_are_capped_with_a_reason():
    server = table()
    socks = []
    try:
        server.endpoint.limits = HostLimits(per_address=5)
        for _ in range(5):
            socks.append(connect(server.port))
        time.sleep(0.2)
        extra = connect(server.port)
        socks.append(extra)
        frames = frames_from(extra, FrameReader(), wait=PATIENCE)
        assert frames and frames[0]["t"] == ids.REFUSE
        assert frames[0]["c"] == ids.R_TOO_MANY_CONNECTIONS and frames[0]["a"]["limit"] == 5
    finally:
        for sock in socks:
            sock.close()
        server.close()

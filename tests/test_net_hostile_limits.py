"""Bounded everything (issue 14 item 3), attacked over real sockets on 127.0.0.1: half-sent
frames, crowds of spectators, request floods and peers that do not read are each stopped by
a limit with a reason, and an honest player still joins and plays meanwhile."""

import socket
import time

import pytest

from net import messages as ids
from net.client import ClientConnection
from net.host import HostServer
from net.limits import DEFAULT_SPECTATORS, HostLimits
from net.wire import FrameReader, encode
from tests.test_net_sockets import hello

pytestmark = pytest.mark.timeout(90)


TOTAL_CAP_MIB = 16     # net.limits.HostLimits.total_frame_bytes


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def table(players=2, bots=1):
    server = HostServer.create("metro", players, port=0, bind="127.0.0.1")
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


def honest_joiner_plays(port, timeout=10.0):
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
    server = table()
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
    server = table()
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
            frames = frames_from(sock, reader, wait=1.0)
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
        # an honest player takes the open seat and the game runs; its moves arrive quickly
        client = honest_joiner_plays(port)
        try:
            applied = {}
            client.endpoint.on_applied = lambda seq, seat: applied.setdefault(
                seq, time.monotonic())
            stamped = {}
            server.endpoint.on_applied = lambda seq, seat: stamped.setdefault(
                seq, time.monotonic())
            client.set_ready(True)
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline and not server.endpoint.can_start():
                time.sleep(0.02)
            assert server.start_game()
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline and client.phase != "over":
                for sock, reader in crowd:     # the spectators read along
                    frames_from(sock, reader)
                time.sleep(0.01)
            assert client.phase == "over"
            delays = sorted(applied[q] - stamped[q] for q in stamped if q in applied)
            assert len(delays) > 10
            print(f"moves {len(delays)}, host->joiner p50 {delays[len(delays) // 2] * 1000:.1f}"
                  f" ms, p99 {delays[int(len(delays) * 0.99)] * 1000:.1f} ms")
            assert delays[int(len(delays) * 0.99)] < 0.25, delays[-5:]
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
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and server.endpoint.phase != "over":
            time.sleep(0.02)
        sock = connect(server.port)
        sock.send(hello())
        reader = FrameReader()
        frames_from(sock, reader, wait=1.0)
        received, refusal = 0, None
        request = encode({"t": ids.GET, "q": 1})         # 9 bytes that ask for the log
        assert len(request) <= 12
        start = time.monotonic()
        while time.monotonic() - start < 3.0 and refusal is None:
            try:
                sock.send(request)
            except OSError:
                break
            for frame in frames_from(sock, reader):
                if frame is None:
                    break
                received += len(encode(frame))
                if frame["t"] == ids.REFUSE:
                    refusal = frame
            time.sleep(1 / 190)
        assert refusal is not None and refusal["c"] == ids.R_TOO_MANY_REQUESTS   # today: never
        assert refusal["a"]["kind"] == ids.GET and refusal["a"]["limit"] >= 1
        assert time.monotonic() - start < 1.5
        sock.close()
    finally:
        server.close()


def test_a_peer_that_does_not_read_is_dropped_past_its_send_buffer():
    server = table()
    try:
        server.endpoint.limits = HostLimits(send_bytes=64 << 10)
        sock = connect(server.port)
        sock.send(hello())
        frames_from(sock, FrameReader(), wait=1.0)
        with server.lock:
            [conn] = list(server.conns)
            conn.out += b"\0" * (65 << 10)     # what a peer that never reads leaves queued
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and conn in server.conns:
            time.sleep(0.02)
        assert conn not in server.conns
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
        frames = frames_from(extra, FrameReader(), wait=2.0)
        assert frames and frames[0]["t"] == ids.REFUSE
        assert frames[0]["c"] == ids.R_TOO_MANY_CONNECTIONS and frames[0]["a"]["limit"] == 5
    finally:
        for sock in socks:
            sock.close()
        server.close()

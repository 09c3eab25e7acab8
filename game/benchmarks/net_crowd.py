"""Bench section "net.crowd": a player's moves past a crowd of spectators, on loopback.

A Metro table (seat 0 the host's bot) takes as many spectators as it allows (``net.limits.
DEFAULT_SPECTATORS``, each a raw socket that reads along), then an honest player joins the
open seat and the game runs to its end. For every move: the time from the host stamping it
to the player applying it. Target: p99 below 250 ms (the crowd must not slow the table down).
``tests/test_net_hostile_limits.py`` checks the limits and that every move arrives; how
quickly is measured here, where a loaded machine gives a slow number, not a failed test.
"""

from __future__ import annotations

import socket
import time

from game import lan_services
from game.benchmarks.measure import percentile, temporary_home

lan_services.install()      # the tables benchmarked here play our bots and keep our saves

SECTION = "net.crowd"
TARGET_P99_MS = 250.0


def _read_along(sock, reader) -> None:
    while True:
        try:
            data = sock.recv(65536)
        except (BlockingIOError, OSError):
            return
        if not data:
            return
        reader.feed(data)


def _wait(condition, seconds: float, step=None) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        if step is not None:
            step()
        time.sleep(0.01)
    return True


def run(quick: bool = False) -> dict:
    from net import messages as ids
    from net.client import ClientConnection
    from net.host import HostServer
    from net.limits import DEFAULT_SPECTATORS
    from net.wire import FrameReader, encode
    from game.rules import rules_version

    with temporary_home():
        server = HostServer.create("metro", 2, port=0, bind="127.0.0.1")
        server.endpoint.slots[0].kind = ids.KIND_BOT
        server.endpoint.slots[0].level = "random"
        server.start_thread(interval=0.005)
        crowd = []
        client = None
        try:
            hello = encode({"t": ids.HELLO, "pv": ids.PROTOCOL_VERSION, "rv": rules_version(),
                            "g": "", "n": "watcher", "tok": "", "ws": 0})   # a spectator
            for _ in range(DEFAULT_SPECTATORS):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                sock.setblocking(False)
                sock.send(hello)
                crowd.append((sock, FrameReader()))
            client = ClientConnection.connect("127.0.0.1", server.port, name="honest",
                                              auto_bot="random")
            client.start_thread(interval=0.005)
            applied, stamped = {}, {}
            client.endpoint.on_applied = lambda seq, seat: applied.setdefault(
                seq, time.monotonic())
            server.endpoint.on_applied = lambda seq, seat: stamped.setdefault(
                seq, time.monotonic())
            if not _wait(lambda: client.phase == "lobby", 30):
                return {"error": f"the player was not seated ({client.phase})"}
            client.set_ready(True)
            if not _wait(server.endpoint.can_start, 30) or not server.start_game():
                return {"error": "the table did not start"}

            def read_along():
                for sock, reader in crowd:
                    _read_along(sock, reader)

            if not _wait(lambda: client.phase == "over", 120, read_along):
                return {"error": "the game did not end"}
            delays = sorted((applied[q] - stamped[q]) * 1000 for q in stamped if q in applied)
        finally:
            if client is not None:
                client.close()
            for sock, _reader in crowd:
                sock.close()
            server.close()
    p99 = round(percentile(delays, 0.99), 2)
    return {"spectators": len(crowd), "moves": len(delays),
            "host_to_player_p50_ms": round(percentile(delays, 0.5), 2),
            "host_to_player_p99_ms": p99, "host_to_player_max_ms": round(max(delays), 2),
            "target_p99_ms": TARGET_P99_MS, "ok": p99 <= TARGET_P99_MS}

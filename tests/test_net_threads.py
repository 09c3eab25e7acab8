"""Closing a loopback table leaves no thread behind (issue 28 item 7: after the bench's net
sections the bench process held 1,004 threads, one per soak game).

A few tables on 127.0.0.1 (ephemeral ports): a host pumped by its own thread, a joiner pumped
by its own thread, and between them the soak's fault proxy (whose accept thread was the one
left blocked in ``accept()`` for good after ``close``). Once everything is closed the
process is back to the threads it had before. No timing is asserted: the test waits for the
threads to end, with the suite's patience as the bound.
"""

from __future__ import annotations

import threading

from game.benchmarks.faultproxy import FaultProxy, Profile
from net.client import ClientConnection
from net.host import HostServer
from tests.patience import PATIENCE, wait_for


def _table_through_a_proxy() -> None:
    """Open a table, join it through the proxy, see the lobby, close all three."""
    host = HostServer.create("metromania", players=2, port=0, bind="127.0.0.1")
    host.start_thread()
    proxy = FaultProxy(host.port, Profile("latency", latency=0.01), seed=1)
    joiner = ClientConnection.connect("127.0.0.1", proxy.port, name="guest")
    joiner.start_thread()
    seen: list[str] = []
    try:
        wait_for(lambda: "lobby" in seen, "lobby for the joiner",
                 step=lambda: seen.extend(e["event"] for e in joiner.poll()), pause=0.01)
    finally:
        joiner.close()
        host.close()
        proxy.close()


def _threads() -> list[str]:
    """Names of the threads alive now, but the disk flusher (one per process, for good)."""
    return sorted(t.name for t in threading.enumerate() if t.name != "save-flusher")


def test_closed_loopback_tables_leave_no_thread_behind():
    baseline = _threads()
    for _ in range(3):
        _table_through_a_proxy()
    try:
        # a bound for a loaded machine: closed sockets end their threads within milliseconds
        wait_for(lambda: _threads() == baseline, "return to the threads before the tables",
                 seconds=min(PATIENCE, 20.0), pause=0.01)
    except AssertionError:
        raise AssertionError(f"threads left: {sorted(set(_threads()) - set(baseline))} "
                             f"({len(_threads())} now, {len(baseline)} before)") from None

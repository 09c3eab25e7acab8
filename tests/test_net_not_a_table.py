"""Joining an address where something else listens (a web server, a silent service, one that
hangs up) ends with "no Tracklayer table answered there", not a misleading wire error."""

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from net.protocol import messages as ids
from net.client import ClientConnection
from net.transport.timing import Timings
from tests.patience import PATIENCE

ROOT = Path(__file__).resolve().parent.parent


class ForeignServer:
    """A one-connection-at-a-time TCP server on 127.0.0.1 that is not a Tracklayer host."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        self.listener.settimeout(0.1)
        held = []
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                continue
            if self.behaviour == "http":
                conn.sendall(b"HTTP/1.0 400 Bad Request\r\nServer: nginx\r\n\r\n")
                held.append(conn)
            elif self.behaviour == "hang_up":
                conn.close()
            else:                       # silent: keep it open, say nothing
                held.append(conn)
        for conn in held:
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=2)
        self.listener.close()


# Only bytes that are not our protocol prove that no table listens there (issue 14): a hang-up
# or silence may be a table behind a bad network, and each is said as what it is.
# (a server that closes with our hello unread makes the kernel send a reset, not a FIN)
@pytest.mark.parametrize("behaviour, codes", [
    ("http", {ids.R_NOT_A_TABLE}), ("hang_up", {ids.R_HUNG_UP, ids.R_CONNECTION_RESET}),
    ("silent", {ids.R_NO_ANSWER})])
def test_a_foreign_server_is_reported_for_what_it_did(behaviour, codes):
    server = ForeignServer(behaviour)
    try:
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Ann",
                                        timings=Timings(interrupted=0.5, handshake=0.5))
        deadline = time.monotonic() + PATIENCE
        while peer.endpoint.phase != "ended" and time.monotonic() < deadline:
            peer.pump(0.01)
        assert peer.endpoint.phase == "ended"
        assert peer.endpoint.ended["code"] in codes, peer.endpoint.ended
        if behaviour != "http":
            assert peer.endpoint.ended["args"]["address"] == f"127.0.0.1:{server.port}"
        peer.close()
    finally:
        server.close()


def test_headless_join_says_no_table_answered(tmp_path):
    server = ForeignServer("http")
    try:
        proc = subprocess.run(
            [sys.executable, str(ROOT / "run.py"), "join", f"127.0.0.1:{server.port}",
             "--headless", "--bot", "easy"], capture_output=True, text=True, timeout=30,
            cwd=ROOT, env={"TRACKLAYER_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    finally:
        server.close()
    assert proc.returncode != 0
    assert "no Tracklayer table answered" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and "too large" not in proc.stderr


def test_protocol_mismatch_names_each_side_right():
    from game.cli.join import describe

    # the host refuses with its own version as "ours" and ours as "theirs"
    text = describe(ids.R_PROTOCOL, {"ours": 2, "theirs": 1})
    assert text == "the host speaks network protocol 2, we speak 1"

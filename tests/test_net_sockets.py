"""Real sockets on 127.0.0.1 with ephemeral ports: whole games between separate processes
(run.py host/join), a killed joiner rejoining, hostile bytes against a live host, discovery."""

import dataclasses
import json
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import msgpack
import pytest

from net.protocol import messages as ids
from net.client import ClientConnection
from net.transport.discovery import find_tables
from net.host import HostServer
from net.transport.wire import FrameReader, encode
from tests.patience import PATIENCE

ROOT = Path(__file__).resolve().parent.parent


def spawn(*args, home):
    env = dict(os.environ, TRACKLAYER_HOME=str(home), PYTHONHASHSEED="random")
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def host_process(players, home, *extra):
    proc = spawn("host", "metro", "--headless", "--players", str(players), "--port", "0",
                 "--bind", "127.0.0.1", "--discovery-port", "-1", *extra, home=home)
    first = json.loads(proc.stdout.readline())
    assert first["event"] == "listening" and first["port"] > 0
    return proc, first["port"]


def finish(proc, timeout=PATIENCE):
    out, err = proc.communicate(timeout=timeout)
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert proc.returncode == 0, err
    assert lines[-1]["event"] == "game_over", lines
    return lines


def read_until(proc, event):
    while True:
        line = proc.stdout.readline()
        assert line, f"process ended before {event}: {proc.stderr.read()}"
        data = json.loads(line)
        if data["event"] == event:
            return data


def test_host_and_three_joiners_play_a_full_game(tmp_path):
    host, port = host_process(4, tmp_path / "h", "--bot", "random")
    joiners = [spawn("join", f"127.0.0.1:{port}", "--headless", "--bot", "random",
                     "--name", f"j{i}", home=tmp_path / f"j{i}") for i in range(3)]
    results = [finish(p)[-1] for p in [host, *joiners]]
    assert len({(r["seq"], r["hash"], tuple(r["scores"])) for r in results}) == 1, results
    assert results[0]["seq"] >= 60 and len(results[0]["scores"]) == 4
    netlogs = list((tmp_path / "h" / "data" / "netlogs").glob("metro-*.json"))
    assert len(netlogs) == 1
    assert len(json.loads(netlogs[0].read_text())["log"]) == results[0]["seq"]


def test_killed_joiner_rejoins_with_its_token_and_finishes(tmp_path):
    host, port = host_process(3, tmp_path / "h")
    steady = spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay", "0.02",
                   home=tmp_path / "a")
    victim = spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay", "0.02",
                   home=tmp_path / "b")
    token = read_until(victim, "joined")["token"]
    read_until(victim, "started")
    time.sleep(0.3)
    victim.kill()
    victim.wait(timeout=5)
    back = spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay", "0.02",
                 "--token", token, home=tmp_path / "b")
    host_lines = finish(host)
    results = [host_lines[-1], finish(steady)[-1], finish(back)[-1]]
    assert len({(r["seq"], r["hash"], tuple(r["scores"])) for r in results}) == 1, results
    events = [line["event"] for line in host_lines]
    assert "peer_left" in events and "peer_back" in events
    assert events.index("peer_left") < events.index("peer_back") < events.index("game_over")


# ---------------------------------------------------------------- in-process TCP table

class ThreadedTable:
    def __init__(self, players=3, door=True):
        """``door=False``: an address refused for abuse is not turned away afterwards
        (``net.transport.door``): for tests that probe one limit after another, each probe a new
        connection from 127.0.0.1 (the door has its own tests)."""
        self.server = HostServer.create("metro", players, port=0, bind="127.0.0.1",
                                        discovery_port=0)
        if not door:
            self.server.endpoint.limits = dataclasses.replace(self.server.endpoint.limits,
                                                              turn_away_first=0.0)
        self.server.endpoint.slots[0].kind = ids.KIND_BOT
        self.server.endpoint.slots[0].level = "random"
        self.server.start_thread(interval=0.005)

    def close(self):
        self.server.close()


def raw_exchange(port, payload, read_timeout=3.0):
    """Send bytes as a fresh connection; return the frames the host answered with."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=read_timeout)
    try:
        sock.sendall(payload)
        reader, frames = FrameReader(), []
        deadline = time.monotonic() + read_timeout
        while time.monotonic() < deadline:
            try:
                data = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not data:
                break
            frames += reader.feed(data)
        return frames
    finally:
        sock.close()


def hello(**overrides):
    from game.rules import rules_version
    message = {"t": ids.HELLO, "pv": ids.PROTOCOL_VERSION, "rv": rules_version(), "g": "",
               "n": "raw", "tok": "", "ws": 0}
    message.update(overrides)
    return encode(message)


def test_hostile_bytes_get_a_reason_and_the_table_plays_on():
    table = ThreadedTable(players=3, door=False)
    try:
        port = table.server.port
        cases = [
            (os.urandom(64), None),
            (struct.pack(">I", 50_000_000), ids.R_TOO_LARGE),
            (b"\x00\x00\x00\x05\xc1\xc1\xc1\xc1\xc1", ids.R_MALFORMED),
            (encode({"t": "wat"}), ids.R_UNKNOWN),
            (encode({"t": ids.PROPOSE, "s": 0, "m": "draw", "n": 1}), ids.R_MALFORMED),
            (hello(rv="ffffffffffffffff"), ids.R_RULES),
            (hello(ws="two"), ids.R_SCHEMA),
            (hello() + struct.pack(">I", 3) + msgpack.packb({"t": 1.5})[:3], None),
        ]
        for payload, code in cases:
            # a refusal closes the connection (read until then); bytes that are not yet a
            # frame get no answer: a second of listening shows nothing else comes back
            frames = raw_exchange(port, payload, read_timeout=1.0 if code is None else PATIENCE)
            refusals = [f for f in frames if f.get("t") == ids.REFUSE]
            if code is not None:
                assert refusals and refusals[0]["c"] == code, (payload[:20], frames)
            else:
                assert all(f["t"] in (ids.REFUSE, ids.WELCOME, ids.LOBBY) for f in frames)
        # a truncated frame followed by a hang-up: the host just forgets the connection
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(encode({"t": ids.BEAT, "q": 1})[:5])
        sock.close()
        peers = [ClientConnection.connect("127.0.0.1", port, name=f"p{i}", auto_bot="random")
                 for i in range(2)]
        for peer in peers:
            peer.start_thread(interval=0.005)
        deadline = time.monotonic() + PATIENCE
        started = False
        while time.monotonic() < deadline:
            with table.server.lock:
                endpoint = table.server.endpoint
                if not started and endpoint.phase == "lobby":
                    for peer in peers:
                        if peer.phase == "lobby":
                            peer.set_ready(True)
                    started = endpoint.start()
                if endpoint.phase == "over" and endpoint.all_confirmed():
                    break
            time.sleep(0.01)
        assert table.server.endpoint.phase == "over"
        digest = table.server.endpoint.match.hash()
        for peer in peers:
            with peer.lock:
                assert peer.endpoint.match.hash() == digest
            peer.close()
    finally:
        table.close()


def test_discovery_answers_unicast_queries():
    table = ThreadedTable(players=2)
    try:
        port = table.server.discovery.port
        tables = find_tables([("127.0.0.1", port)], timeout=PATIENCE, limit=1)
        assert len(tables) == 1
        found = tables[0]
        assert found["game"] == "metro" and found["port"] == table.server.port
        assert found["host"] == "127.0.0.1" and found["open"] == 1 and found["players"] == 2
        # garbage datagrams are ignored, never answered, and do not stop the responder
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as junk:
            junk.sendto(b"\xc1" * 40, ("127.0.0.1", port))
        again = find_tables([("127.0.0.1", port)], timeout=PATIENCE, limit=1)
        assert again[0]["port"] == table.server.port
    finally:
        table.close()


@pytest.mark.parametrize("args", [
    ["join", "nonsense:", "--headless"],
    ["join", "127.0.0.1:99999", "--headless"],
    ["join", "127.0.0.1:5", "--headless", "--bot", "no-such-level"],
    ["host", "metro", "--headless", "--players", "9"],
    ["host", "no-such-game", "--headless"],
    ["host", "metro", "--headless", "--bot", "no-such-level"],
    ["host", "metro", "--headless", "--port", "70000"],
])
def test_bad_arguments_exit_2(args, tmp_path):
    proc = spawn(*args, home=tmp_path)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 2, (out, err)
    assert err.strip() and "Traceback" not in err


def test_unreachable_host_fails_cleanly(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    proc = spawn("join", f"127.0.0.1:{free}", "--headless", home=tmp_path)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 1 and "cannot reach" in err and "Traceback" not in err


def test_default_discovery_targets_are_broadcast_addresses_and_not_used_here():
    from net.transport.discovery import broadcast_targets

    targets = broadcast_targets(4242)
    assert ("255.255.255.255", 4242) in targets
    assert all(port == 4242 for _host, port in targets)


def test_a_finished_headless_game_leaves_saves_that_verify_with_their_audit(tmp_path):
    """Issue 26 item 3: after a normal headless two-player game, the host's and the joiner's
    saves each hold every dealer's secret, so ``run.py replay --verify`` reruns the audit on
    both (before, both processes ended before the secrets were shown and neither verified)."""
    host, port = host_process(2, tmp_path / "h", "--bot", "random")
    joiner = spawn("join", f"127.0.0.1:{port}", "--headless", "--bot", "random",
                   home=tmp_path / "j")
    ends = [finish(host), finish(joiner)]
    for lines in ends:
        audits = [line for line in lines if line["event"] == "audit"]
        assert audits and audits[-1]["fair"] is True, lines[-3:]
    saves = sorted((tmp_path / "h").rglob("*.tlsave")) + sorted((tmp_path / "j").rglob("*.tlsave"))
    assert len(saves) == 2, saves
    for save in saves:
        check = subprocess.run([sys.executable, str(ROOT / "run.py"), "replay", str(save),
                                "--verify"], cwd=ROOT, capture_output=True, text=True,
                               timeout=PATIENCE)
        assert check.returncode == 0, (save.name, check.stdout, check.stderr)
        assert "the audit rerun: fair" in check.stdout, check.stdout

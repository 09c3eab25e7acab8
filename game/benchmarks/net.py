"""Bench section "net": lockstep latency on loopback with 6 peers, bytes per move, catch-up.

The host runs here; five peers run in their own processes (so they apply moves in parallel,
as on real machines) and play a 6-player Metro game with bots that wait a few milliseconds
before moving (a thinking player; it also lets the previous move's hashing finish). For every
move proposed by a remote peer we take the time from the proposal leaving the proposer to the
move being applied on every one of the 6 peers (CLOCK_MONOTONIC is shared by processes).
Targets: p50 <= 1 ms, p99 <= 2 ms; move broadcast frame <= 48 bytes; rejoin catch-up of a
complete game log <= 100 ms. Beside them: the CPU time of one move's path (what a move costs
where peers have cores of their own) and the round trip to a bare Python echo process (what
this machine's scheduler costs before any of our code runs), to read the latency against.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from game.benchmarks.measure import percentile, temporary_home
from game import lan_services

lan_services.install()      # the tables benchmarked here play our bots and keep our saves

SECTION = "net"
PEERS = 6
ROOT = Path(__file__).resolve().parents[2]


def peer_worker(port: int, delay: float) -> None:
    """One remote peer (run in a subprocess): plays its seat by bot, prints its timings."""
    from net.client import ClientConnection

    peer = ClientConnection.connect("127.0.0.1", port, name="bench", auto_bot="random",
                                    bot_delay=delay)
    endpoint = peer.endpoint
    applied: dict[int, int] = {}
    proposed_at: dict[int, int] = {}
    proposed: dict[int, int] = {}
    original = endpoint.propose

    def timed_propose(seat: int, text: str, **options) -> None:
        proposed_at[seat] = time.perf_counter_ns()
        original(seat, text, **options)

    def on_applied(seq: int, seat: int) -> None:
        applied[seq] = time.perf_counter_ns()
        if seat in proposed_at:
            proposed[seq] = proposed_at.pop(seat)

    endpoint.propose = timed_propose
    endpoint.on_applied = on_applied
    ready = False
    deadline = time.monotonic() + 120
    while endpoint.phase != "ended" and time.monotonic() < deadline:
        peer.pump(0.002)
        if not ready and endpoint.phase == "lobby":
            endpoint.set_ready(True)
            ready = True
        endpoint.poll()
    print(json.dumps({"applied": applied, "proposed": proposed,
                      "sent": peer.conn.sent_bytes, "received": peer.conn.reader.received_bytes}))


def _play_one_game(delay: float) -> dict:
    from net.protocol import messages as ids
    from net.host import HostServer
    from net.protocol.lobby import Slot
    from net.protocol.moveframe import compact
    from net.transport.wire import encode

    from game.bots.base import make_bot

    # The host's seat is played here like the peers' seats: after the same thinking delay (a
    # host bot moving at once would land its move on top of the previous one's fan-out).
    slots = [Slot(kind=ids.KIND_LOCAL, name="host")] + [Slot() for _ in range(PEERS - 1)]
    server = HostServer.create("metro", PEERS, seats=slots, port=0, bind="127.0.0.1")
    endpoint = server.endpoint
    host_applied: dict[int, int] = {}
    endpoint.on_applied = lambda seq, seat: host_applied.__setitem__(seq, time.perf_counter_ns())
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from game.benchmarks.net import "
            f"peer_worker; peer_worker({server.port}, {delay!r})")
    workers = [subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=dict(os.environ))
               for _ in range(PEERS - 1)]
    host_bot, acting_since = None, None
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            server.pump(0.002)
            endpoint.poll()
            if endpoint.phase == "lobby" and endpoint.can_start():
                endpoint.start()
            if endpoint.phase == "playing" and 0 in endpoint.match.to_act():
                acting_since = acting_since or time.monotonic()
                if time.monotonic() - acting_since >= delay:
                    host_bot = host_bot or make_bot(endpoint.game, 0, "random", 1)
                    with server.lock:
                        endpoint.propose(0, str(host_bot.choose(endpoint.match.view(0))))
                    acting_since = None
            if endpoint.phase == "over" and endpoint.all_confirmed():
                break
        else:
            raise RuntimeError("the benchmark game did not finish")
        catch_up = _catch_up_over_tcp(server)
        log = list(endpoint.match.log)
        endpoint.close(ids.R_GAME_OVER)
        for _ in range(20):
            server.pump(0.001)
        results = [json.loads(w.communicate(timeout=30)[0].strip().splitlines()[-1])
                   for w in workers]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
        server.shutdown()
    latencies = []
    for result in results:
        for seq_text, start in result["proposed"].items():
            seq = int(seq_text)
            ends = [host_applied[seq]] + [r["applied"][seq_text] for r in results]
            latencies.append((max(ends) - start) / 1e6)
    # the frames as sent: a move in its public form, with the CardPlayed record naming the
    # position of the tile it plays (a fair table); chance entries travel as cipher records
    rows = [endpoint.fair_host.move_row(e) for e in log if e.seat is not None]

    def move_frame(seq, seat, text, played):
        message = {"t": ids.MOVE, "q": seq, "s": seat, "m": text}
        if played is not None:
            message["cp"] = played
        return message

    name = endpoint.game.name

    def proposal(seq, seat, text, played):
        message = {"t": ids.PROPOSE, "n": seq, "s": seat, "m": text}
        if played is not None:
            message["cp"] = played
        return message

    # as sent: compact move frames (net.protocol.moveframe) with the card record beside them
    move_frames = [len(encode(compact(move_frame(*row), name))) for row in rows]
    bare_frames = [len(encode(compact(move_frame(seq, seat, text, None), name)))
                   for seq, seat, text, _ in rows]
    round_trip = [len(encode(compact(proposal(*row), name)))
                  + len(encode(compact(move_frame(*row), name)))
                  + len(encode({"t": ids.HASH, "q": row[0], "h": bytes(16)})) for row in rows]
    sync = {"t": ids.SYNC, "w": ids.R_CATCH_UP, "cmd": [], "log": [],
            "fr": list(endpoint.fair_host.stream), "fm": rows}
    return {"latencies": latencies, "move_frames": move_frames, "bare_frames": bare_frames,
            "round_trip": round_trip, "catch_up": catch_up, "moves": len(rows), "log": log,
            "game": endpoint.game, "config": endpoint.config, "seed": endpoint.match.seed,
            "sync": sync, "dealers": list(endpoint.fair.seat_dealers),
            "seats": [s.seat_info() for s in endpoint.slots]}


def _fair_rebuild_ms(played: dict, repeats: int) -> float:
    """Decode + validate + replay a fair table's whole stream as a seatless late joiner's
    SYNC frame (median, ms): every cipher record and move re-checked."""
    from net.fair.peer import FairReplica
    from net.protocol.schema import validate
    from net.transport.wire import FrameReader, encode

    frame = encode(played["sync"])
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        message = validate(FrameReader().feed(frame)[0])
        replica = FairReplica(played["game"], played["config"], played["dealers"], -1, None,
                              played["seats"])
        replica.rebuild(message["fr"], message["fm"])
        assert replica.last_hash() == played["log"][-1].hash
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _catch_up_over_tcp(server) -> float:
    """A late peer connects, shakes hands, receives the whole log and replays it (ms)."""
    from net.client import ClientConnection

    started = time.perf_counter()
    late = ClientConnection.connect("127.0.0.1", server.port, name="late", wanted_seats=0)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        server.pump(0)
        late.pump(0)
        if any(e["event"] == "resynced" for e in late.poll()):
            break
    elapsed = (time.perf_counter() - started) * 1000
    if late.endpoint.match.hash() != server.endpoint.match.hash():
        raise RuntimeError("the late peer did not converge")
    late.leave()
    server.pump(0.001)
    return elapsed


class _Capture:
    """A stand-in transport that keeps what an endpoint sends (and passes it on, if given)."""

    def __init__(self, passes_to=None) -> None:
        self.sent: list = []
        self.passes_to = passes_to

    def send(self, *args) -> None:
        self.sent.append(args[-1])
        if self.passes_to is not None:
            self.passes_to.send(*args)

    def send_many(self, conns, message) -> None:
        self.sent.append(message)
        self.passes_to.send_many(conns, message)

    def close(self, *args) -> None:
        if self.passes_to is not None:
            self.passes_to.close(*args)


def _critical_path_us(games: int) -> list[float]:
    """CPU time of one move's path in µs (thread time: other programs' load does not count):
    the host decodes, validates, checks, applies and broadcasts a proposal (until the move
    frame is sent); one peer decodes, validates and applies the move frame. On real machines
    this plus two network hops is the latency. A fair table: the proposer names the card its
    move plays (``cp``) and every machine checks it; the chance steps between moves are not
    timed here (net.fair bench)."""
    from game.rules import get_game
    from game.rules.core import Rng
    from net.protocol import messages as ids
    from net.table.host import HostEndpoint
    from net.table.joiner import ClientEndpoint
    from net.protocol.lobby import Slot
    from net.transport.memnet import MemNet
    from net.transport.wire import FrameReader, encode

    game = get_game("metro")
    samples = []
    for index in range(games):
        slots = [Slot(kind=ids.KIND_LOCAL, name="host")] + [Slot() for _ in range(PEERS - 1)]
        host = HostEndpoint(game, game.make_config(PEERS), slots, autosave=False)
        net = MemNet(host, seed=index)
        clients = [ClientEndpoint(f"p{i}", autosave=False) for i in range(PEERS - 1)]
        links = {id(c): net.connect(c) for c in clients}
        net.advance(0.05)
        for client in clients:
            client.set_ready(True)
        net.advance(0.05)
        host.start()
        net.advance(0.05)
        owner = {seat: c for c in clients for seat in c.seats}
        rng = Rng(index)
        deadline = net.now + 600
        while host.phase == "playing" and net.now < deadline:
            acting = host.match.to_act()
            if not acting or any(c.seq != host.seq for c in clients):
                net.advance(0.01)        # a chance step, or a peer still applying
                continue
            seat = acting[0]
            if seat not in owner:
                host.propose(seat, str(game.random_move(host.match.state, seat, rng)))
                net.advance(0.01)
                continue
            proposer = owner[seat]
            move = str(game.random_move(proposer.match.state, seat, rng))
            link, capture = proposer.transport, _Capture()
            proposer.transport = capture       # the proposal as the proposer sends it
            proposer.propose(seat, move, checked=True)
            proposer.transport = link
            proposal = encode(capture.sent[-1])
            listener = next(c for c in clients if c is not proposer)
            marks = {}
            host.on_applied = lambda q, s: marks.setdefault("host", time.thread_time_ns())
            listener.on_applied = lambda q, s: marks.setdefault("peer", time.thread_time_ns())
            wire, host.transport = host.transport, _Capture(host.transport)
            started = time.thread_time_ns()
            host.on_frame(links[id(proposer)], FrameReader().feed(proposal)[0])
            broadcast, host.transport = host.transport.sent, wire
            moves = [m for m in broadcast if m.get("t") in (ids.MOVE, ids.MOVE_C)]
            if not moves:
                net.advance(0.01)
                continue
            frame = encode(moves[0])
            peer_start = time.thread_time_ns()
            listener.on_frame(FrameReader().feed(frame)[0])
            listener.on_applied = None
            host.on_applied = None
            if "host" in marks and "peer" in marks:
                samples.append((marks["host"] - started + marks["peer"] - peer_start) / 1000)
            net.advance(0.01)
    return samples


def echo_worker(port: int) -> None:
    """(subprocess) Send back every byte received, as fast as a Python loop can."""
    import selectors
    import socket

    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ)
    while True:
        selector.select(0.002)
        data = sock.recv(4096)
        if not data:
            return
        sock.sendall(data)


def _loopback_floor_us(pings: int) -> list[float]:
    """Round trips of 25 bytes to a bare Python echo process, a few ms apart (as moves
    are): what this machine's scheduler and loopback cost before any of our code runs."""
    import selectors
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from game.benchmarks.net import "
            f"echo_worker; echo_worker({listener.getsockname()[1]})")
    worker = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    samples = []
    try:
        listener.settimeout(20)
        sock, _ = listener.accept()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        selector = selectors.DefaultSelector()
        selector.register(sock, selectors.EVENT_READ)
        for _ in range(pings):
            time.sleep(0.005)
            started = time.perf_counter_ns()
            sock.sendall(b"x" * 25)
            got = 0
            while got < 25:
                selector.select(1.0)
                got += len(sock.recv(4096))
            samples.append((time.perf_counter_ns() - started) / 1000)
        sock.close()
    finally:
        listener.close()
        worker.wait(timeout=10)
    return samples




def run(quick: bool = False) -> dict:
    # every peer autosaves its copy of the game: into a throw-away folder, not the user's
    with temporary_home("tracklayer-bench-net-"):
        return _run(quick)


def _run(quick: bool) -> dict:
    games = 1 if quick else 3
    latencies, frames, bare, trips, catch_ups = [], [], [], [], []
    last = None
    for _ in range(games):
        last = _play_one_game(delay=0.02)
        latencies += last["latencies"]
        frames += last["move_frames"]
        bare += last["bare_frames"]
        trips += last["round_trip"]
        catch_ups.append(last["catch_up"])
    cpu = _critical_path_us(1 if quick else 3)
    floor = _loopback_floor_us(100 if quick else 400)
    rebuild = _fair_rebuild_ms(last, 1 if quick else 5)
    return {
        "peers": PEERS,
        "games": games,
        "moves_measured": len(latencies),
        "propose_to_applied_all_p50_ms": round(percentile(latencies, 0.50), 3),
        "propose_to_applied_all_p99_ms": round(percentile(latencies, 0.99), 3),
        "propose_to_applied_all_max_ms": round(max(latencies), 3),
        "critical_path_cpu_p50_us": round(percentile(cpu, 0.5), 1),
        "critical_path_cpu_p99_us": round(percentile(cpu, 0.99), 1),
        "loopback_python_round_trip_p50_us": round(percentile(floor, 0.5), 1),
        "loopback_python_round_trip_p99_us": round(percentile(floor, 0.99), 1),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "move_frame_bytes_mean": round(statistics.mean(frames), 1),
        "move_frame_bytes_max": max(frames),
        "move_frame_without_card_record_bytes_max": max(bare),
        "bytes_per_move_propose_move_hash": max(trips),
        "log_moves": last["moves"],
        "rebuild_from_full_log_ms": round(rebuild, 3),
        "rejoin_catch_up_tcp_ms": round(statistics.median(catch_ups), 3),
    }

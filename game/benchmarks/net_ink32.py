"""Bench section "net.ink32": one Railroad Ink table for a whole party (32 seats).

* ``hash_us_*``: thread-CPU time of hashing the state after a move (``Match.seal``) over whole
  random games of 1 and of 32 players; target: 32 players within 2x of 1 player (the hash is
  incremental: per-seat digests, only the seat a move touched is hashed again).
* ``move_frame_bytes_max``: the largest compact move frame (length prefix included) over
  every legal move of random playouts of all three games; target <= 24 bytes.
* ``round_*``: a host with 31 joiners over loopback TCP (the joiners in a few processes, each
  connection one seat played by a random bot that waits before each drawing, as a quick
  player would: ``PARTY_BOT_DELAY`` on average, the joiners spread evenly from 2/3 to 4/3 of
  it, the host's seat exactly it) plays a whole game. ``round_apply_cpu_ms_per_peer``: the
  CPU one peer spends on all 32 seats' moves of a round (decode, schema, expand, apply, hash). For every round: from the
  moment its last drawing (the last seat's ``end``, which rolls the next round) is applied
  at the host until every one of the 31 peers has applied the whole round and reported a
  matching hash for it ("applied and agreed on all peers"); target p99 <= 50 ms. That moment
  is when the host applied the roll that starts the next round (the last round: its last
  drawing; the host's bot thinks before drawing, so its next drawings come after the
  window, as any player's would): on a fair table the roll is a
  commit-reveal among every dealer after the last drawing. Beside it: the whole round from
  its roll (all 32 seats' bots drawing at once) for scale, and from the round's last drawing
  applied at the host, until every peer acked that drawing (``round_last_drawing_agreed``),
  until the host applied the next roll (``round_roll_wait``, the fair roll), and until every
  peer agreed on that roll (``round_end_to_agreed``: the wait between two rounds); the
  headline measure with 8 and 16 seats, and with all 31 joiners at one pace
  (``*_same_pace``: they end each round within milliseconds of each other), not in quick
  mode. Each joiner process drives
  its connections with a network thread each, as the client does.
* ``board_32p_frame_cpu_ms_*``: the client's Railroad Ink board at a 32-seat table (one local
  human, 31 bots in the ranking), the cursor moving every frame; target p99 <= 4 ms CPU. The
  hotseat autosave flushes every move to disk (``fdatasync``), which costs kernel CPU in the
  frame a move lands in; the same frames without that flush are reported beside.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from game.benchmarks.measure import percentile, sweep_mouse, temporary_home
from game import lan_services

lan_services.install()      # the tables benchmarked here play our bots and keep our saves

SECTION = "net.ink32"
ROOT = Path(__file__).resolve().parents[2]
SEATS = 32
WORKERS = 3
PARTY_BOT_DELAY = 0.3     # s a bot waits before each drawing: players think, even quick ones


def hash_costs(players: int, games: int) -> list[float]:
    """µs of thread CPU per move hash over ``games`` random games of ``players``."""
    from game.match import Match
    from game.rules import get_game
    from game.rules.core import Rng

    game = get_game("railroad-ink")
    samples = []
    for index in range(games):
        match = Match.new(game, game.make_config(players, []), 100 + index)
        rng = Rng(index)
        match.hash()                      # the set-up is hashed once, before any move
        while not match.is_over():
            acting = match.to_act()
            seat = acting[rng.below(len(acting))]
            match.apply(seat, rng.choice(game.legal_moves(match.state, seat)), hash_now=False)
            started = time.thread_time_ns()
            match.seal()
            samples.append((time.thread_time_ns() - started) / 1000)
    return samples


def largest_move_frame(games: int) -> tuple[int, str]:
    """(bytes, notation) of the largest compact move frame of random playouts."""
    from game.rules import get_game
    from game.rules.core import Rng
    from net.protocol import messages as ids
    from net.protocol.moveframe import compact
    from net.transport.wire import encode

    worst = (0, "")
    for name, players, variants in (("railroad-ink", 4, ["volcano"]), ("railroad-ink", 4, ["meteor"]),
                                    ("metro", 6, ["companies"]), ("metromania", 4, [])):
        game = get_game(name)
        for index in range(games):
            position = game.new_game(game.make_config(players, variants), index)
            rng = Rng(index)
            seq = 0
            while not game.is_over(position):
                acting = game.to_act(position)
                for seat in acting:
                    for move in game.legal_moves(position, seat):
                        frame = encode(compact({"t": ids.MOVE, "q": max(seq, 16384), "s": seat,
                                                "m": str(move)}, name))
                        worst = max(worst, (len(frame), f"{name}: {move}"))
                seat = acting[rng.below(len(acting))]
                game.play(position, seat, rng.choice(game.legal_moves(position, seat)))
                seq += 1
    return worst


def joiner_worker(port: int, delays: list[float]) -> None:
    """(subprocess) one joiner per item of ``delays``, one seat each played by a random bot
    that waits that long before each drawing; prints their final seq and hash when the game
    is over. Each connection is driven by its own network
    thread, as the client drives its table (``game.client.screens.netplay``): one peer's disk or
    CPU work does not hold up the next peer's reading as a single loop over all of them
    would (a real party has a machine per peer); the CPU is still shared."""
    from net.client import ClientConnection

    peers = [ClientConnection.connect("127.0.0.1", port, name=f"bench{i}", auto_bot="random",
                                      bot_delay=delay) for i, delay in enumerate(delays)]
    for peer in peers:
        peer.start_thread()
    ready = set()
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        busy = False
        for index, peer in enumerate(peers):
            if index not in ready and peer.phase == "lobby":
                peer.set_ready(True)
                ready.add(index)
            peer.poll()
            busy = busy or peer.phase not in ("over", "ended")
        if not busy:
            break
        time.sleep(0.01)
    for peer in peers:
        peer.stop_thread()
    print(json.dumps([[p.endpoint.seq, p.endpoint.match.hash() if p.endpoint.match else ""]
                      for p in peers]))


def joiner_paces(delay: float, joiners: int) -> list[float]:
    """Each joiner's think time before a drawing: spread evenly from 2/3 to 4/3 of ``delay``
    (its mean). Players are not equally quick; with one pace for all, the 31 bots of a round
    would finish within the same few milliseconds, a burst no real table sees."""
    if joiners < 2:
        return [delay] * joiners
    return [round(delay * (2 + 2 * k / (joiners - 1)) / 3, 4) for k in range(joiners)]


def play_party(delay: float, timeout: float = 240.0, seats: int = SEATS,
               spread: bool = True) -> dict:
    """A whole game of ``seats`` seats over loopback; per-round timings (ms) and the final
    agreement. Beside the headline (``agreed_ms``: from the host's roll of the next round,
    with its bot's moves right after it, until every peer acked them) it times each round
    from its last drawing (the last seat's ``end``) applied at the host: until every peer
    acked that drawing (``drawing_agreed_ms``), until the host applied the next roll, dealt
    jointly by every dealer (``roll_wait_ms``), and until every peer acked that roll and the
    host bot's moves after it (``end_to_agreed_ms``: what a player waits between rounds)."""
    from net.protocol import messages as ids
    from net.host import HostServer
    from net.protocol.lobby import Slot

    slots = [Slot(kind=ids.KIND_BOT, name="host bot", level="random")]
    slots += [Slot() for _ in range(seats - 1)]
    server = HostServer.create("railroad-ink", seats, seats=slots, port=0, bind="127.0.0.1")
    endpoint = server.endpoint
    endpoint.bot_seats.delay = delay      # the host's seat thinks like every other seat
    stamped: dict[int, float] = {}        # seq -> when the host sequenced that drawing
    endpoint.on_applied = lambda seq, seat: stamped.__setitem__(seq, time.perf_counter())
    paces = joiner_paces(delay, seats - 1) if spread else [delay] * (seats - 1)
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from game.benchmarks.net_ink32 "
            f"import joiner_worker; joiner_worker({server.port}, {{}})")
    workers = [subprocess.Popen([sys.executable, "-c", code.format(paces[i::WORKERS])],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=dict(os.environ)) for i in range(WORKERS)]
    rounds: dict[int, dict] = {}     # round -> {"rolled", "last_seq", "last_at", "agreed"}
    seen_round = 0
    # (when, seq): every peer had acked ``seq`` from then on (the least ack, as it grew); a
    # round's last drawing is known only once the next roll starts, by then long acked
    agreed_from: list[tuple[float, int]] = []
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            server.pump(0.001)
            endpoint.poll()
            if endpoint.phase == "lobby" and endpoint.can_start():
                endpoint.start()
            match = endpoint.match
            if endpoint.phase in ("playing", "over") and match is not None:
                now = time.perf_counter()
                state = match.state
                if state.round != seen_round:          # the last end of a round rolled this one
                    if seen_round in rounds:
                        rounds[seen_round].update(last_seq=match.seq, last_at=now,
                                                  **_last_drawing(match, stamped))
                    seen_round = state.round
                    rounds[seen_round] = {"rolled": now}
                if state.over and "last_seq" not in rounds[seen_round]:
                    rounds[seen_round].update(last_seq=match.seq, last_at=now,
                                              drawing_seq=match.seq,
                                              drawing_at=stamped.get(match.seq, now))
                peers = [p for p in endpoint.peers.values() if not p.spectator and p.conn]
                if peers:
                    acked = min(p.acked for p in peers)
                    if not agreed_from or acked > agreed_from[-1][1]:
                        agreed_from.append((now, acked))
                    for info in rounds.values():
                        if "last_seq" in info and "agreed" not in info \
                                and acked >= info["last_seq"]:
                            info["agreed"] = now
                        if "drawing_seq" in info and "drawing_agreed" not in info \
                                and acked >= info["drawing_seq"]:
                            info["drawing_agreed"] = next(
                                when for when, seq in agreed_from if seq >= info["drawing_seq"])
            if endpoint.phase == "over" and endpoint.all_confirmed():
                break
        else:
            raise RuntimeError("the 32-seat benchmark game did not finish")
        final = (endpoint.match.seq, endpoint.match.hash())
        endpoint.close(ids.R_GAME_OVER)
        for _ in range(50):
            server.pump(0.002)
        results = []
        for worker in workers:
            out, err = worker.communicate(timeout=60)
            lines = out.strip().splitlines()
            if not lines:
                raise RuntimeError(f"a joiner process failed: {err.strip()[-300:]}")
            results += json.loads(lines[-1])
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
        server.shutdown()
    done = [r for r in rounds.values() if "agreed" in r]
    agreed = [(r["agreed"] - r["last_at"]) * 1000 for r in done]
    whole = [(r["agreed"] - r["rolled"]) * 1000 for r in done]
    drawn = [r for r in done if "drawing_agreed" in r]
    return {"rounds": len(rounds), "agreed_ms": agreed, "whole_ms": whole,
            "drawing_agreed_ms": [(r["drawing_agreed"] - r["drawing_at"]) * 1000 for r in drawn],
            "roll_wait_ms": [(r["last_at"] - r["drawing_at"]) * 1000 for r in done
                             if r["drawing_seq"] < r["last_seq"]],
            "end_to_agreed_ms": [(r["agreed"] - r["drawing_at"]) * 1000 for r in done],
            "moves": final[0], "peers": len(results),
            "peers_agreeing": sum(1 for seq, digest in results if (seq, digest) == final)}


def _last_drawing(match, stamped: dict[int, float]) -> dict:
    """The seq of the last drawing before the roll that just started a round, and when the
    host sequenced it."""
    log = match.log
    roll = next(e.seq for e in reversed(log) if e.seat is None)
    seq = next((e.seq for e in reversed(log[:roll - 1]) if e.seat is not None), roll)
    return {"drawing_seq": seq, "drawing_at": stamped.get(seq, time.perf_counter())}


def round_apply_cpu(games: int) -> list[float]:
    """ms of thread CPU one peer spends on a whole round of a 32-seat game: every move's
    compact frame decoded, checked against its schema, expanded, applied and hashed (what
    each peer's own machine does for the round, whatever the other peers do)."""
    from game.match import Match
    from game.rules import get_game
    from game.rules.core import Rng
    from net.protocol import messages as ids
    from net.protocol.moveframe import compact, expand
    from net.protocol.schema import FROM_HOST, validate
    from net.transport.wire import FrameReader, encode

    game = get_game("railroad-ink")
    samples = []
    for index in range(games):
        source = Match.new(game, game.make_config(SEATS, []), 40 + index)
        rng = Rng(index)
        while not source.is_over():
            acting = source.to_act()
            seat = acting[rng.below(len(acting))]
            source.apply(seat, rng.choice(game.legal_moves(source.state, seat)))
        frames = [encode(compact({"t": ids.MOVE, "q": e.seq, "s": e.seat, "m": e.move},
                                 game.name)) for e in source.log]
        peer = Match.new(game, source.config, source.seed)
        reader = FrameReader()
        spent, round_now = 0, peer.state.round
        for frame in frames:
            started = time.thread_time_ns()
            message = expand(validate(reader.feed(frame)[0], FROM_HOST), game.name, FROM_HOST)
            peer.apply(message["s"], message["m"], check=False)
            spent += time.thread_time_ns() - started
            if peer.state.round != round_now or peer.is_over():
                samples.append(spent / 1e6)
                spent, round_now = 0, peer.state.round
        assert peer.hash() == source.hash()
    return samples


def board_frames(frames: int) -> dict:
    """Frame times of the Railroad Ink board at a 32-seat table, mid-game."""
    import random

    from game.benchmarks.measure import FrameTimes, headless_app

    with headless_app() as app:
        from game.client.screens.play import PlayScreen
        from game.match import Match, SeatInfo
        from game.rules import get_game

        game = get_game("railroad-ink")
        seats = [SeatInfo("P1", "human", device="mouse", colour=0)]
        seats += [SeatInfo(f"Bot {i + 1}", "bot", level="random", colour=i % 8)
                  for i in range(1, SEATS)]
        match = Match.new(game, game.make_config(SEATS, ["meteor"]), 7, seats)
        rng = random.Random(7)
        while match.state.round < 3:
            for seat in match.to_act():
                moves = [m for m in game.legal_moves(match.state, seat) if str(m) != "undo"]
                useful = [m for m in moves if str(m) != "end"]
                match.apply(seat, rng.choice(useful) if useful else moves[0])
        play = PlayScreen(app, match)
        app.push(play)
        for _ in range(20):
            app.step(1 / 60)
        timed = FrameTimes()
        grid = play.board.pane_of(0).geom.grid
        for i in range(frames):
            sweep_mouse(grid, i, (13, 7))
            timed.step(app)
    return timed.summary(cpu_key="cpu_ms")


def run(quick: bool = False) -> dict:
    with temporary_home("tracklayer-bench-ink32-"):
        return _run(quick)


def _p(values: list[float], q: float) -> float | None:
    return round(percentile(values, q), 2) if values else None


def _run(quick: bool) -> dict:
    one = hash_costs(1, 6 if quick else 30)
    many = hash_costs(SEATS, 1 if quick else 4)
    mean_one, mean_many = sum(one) / len(one), sum(many) / len(many)
    frame, notation = largest_move_frame(1 if quick else 3)
    per_peer = round_apply_cpu(1 if quick else 3)
    party = play_party(delay=PARTY_BOT_DELAY)
    smaller = {} if quick else {n: play_party(delay=PARTY_BOT_DELAY, seats=n) for n in (8, 16)}
    # beside it, every joiner at the same pace: the 31 bots end a round within milliseconds
    same_pace = None if quick else play_party(delay=PARTY_BOT_DELAY, spread=False)
    board = board_frames(120 if quick else 400)
    sync = getattr(os, "fdatasync", None)
    os.fdatasync = lambda fd: None          # the same frames without the autosave's flush
    try:
        unflushed = board_frames(120 if quick else 400)
    finally:
        if sync is not None:
            os.fdatasync = sync
    return {
        "hash_us_mean_1p": round(mean_one, 1),
        "hash_us_mean_32p": round(mean_many, 1),
        "hash_us_p50_1p": round(percentile(one, 0.5), 1),
        "hash_us_p50_32p": round(percentile(many, 0.5), 1),
        "hash_cost_ratio_32p_to_1p": round(mean_many / mean_one, 2),
        "hash_target_ratio": 2.0,
        "move_frame_bytes_max": frame,
        "move_frame_largest": notation,
        "move_frame_target_bytes": 24,
        "party_seats": SEATS,
        "party_joiners": party["peers"],
        "party_peers_agreeing": party["peers_agreeing"],
        "party_moves": party["moves"],
        "party_rounds": party["rounds"],
        "round_agreed_p50_ms": round(percentile(party["agreed_ms"], 0.5), 2),
        "round_agreed_p99_ms": round(percentile(party["agreed_ms"], 0.99), 2),
        "round_agreed_max_ms": round(max(party["agreed_ms"]), 2),
        "round_agreed_target_p99_ms": 50.0,
        "round_apply_cpu_ms_per_peer_p50": round(percentile(per_peer, 0.5), 2),
        "round_apply_cpu_ms_per_peer_p99": round(percentile(per_peer, 0.99), 2),
        "round_from_roll_p50_ms": round(percentile(party["whole_ms"], 0.5), 1),
        "round_from_roll_max_ms": round(max(party["whole_ms"]), 1),
        # beside it, from the round's last drawing applied at the host: every peer acked that
        # drawing; the next roll (a commit-reveal among all dealers) applied at the host; and
        # every peer acked that roll and the host bot's moves after it (the wait between rounds)
        "round_last_drawing_agreed_p50_ms": _p(party["drawing_agreed_ms"], 0.5),
        "round_last_drawing_agreed_p99_ms": _p(party["drawing_agreed_ms"], 0.99),
        "round_roll_wait_p50_ms": _p(party["roll_wait_ms"], 0.5),
        "round_roll_wait_max_ms": _p(party["roll_wait_ms"], 1.0),
        "round_end_to_agreed_p50_ms": _p(party["end_to_agreed_ms"], 0.5),
        "round_end_to_agreed_max_ms": _p(party["end_to_agreed_ms"], 1.0),
        **({} if same_pace is None else {
            "round_agreed_same_pace_p50_ms": _p(same_pace["agreed_ms"], 0.5),
            "round_agreed_same_pace_p99_ms": _p(same_pace["agreed_ms"], 0.99),
            "round_last_drawing_agreed_same_pace_p99_ms": _p(same_pace["drawing_agreed_ms"],
                                                              0.99)}),
        **{f"round_agreed_{n}_seats_p{q}_ms": _p(smaller[n]["agreed_ms"], q / 100)
           for n in sorted(smaller) for q in (50, 99)},
        **{f"round_roll_wait_{n}_seats_p50_ms": _p(smaller[n]["roll_wait_ms"], 0.5)
           for n in sorted(smaller)},
        "board_32p_frame_cpu_ms_p50": board["cpu_ms_p50"],
        "board_32p_frame_cpu_ms_p99": board["cpu_ms_p99"],
        "board_32p_frame_cpu_ms_p99_without_autosave_flush": unflushed["cpu_ms_p99"],
        "board_32p_frame_target_cpu_p99_ms": 4.0,
        "load_average_1min": round(os.getloadavg()[0], 2),
    }

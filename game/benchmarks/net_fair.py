"""Bench section ``net.fair``: the fair table's driver (net.fair.deal) on 6 machines.

Six dealers' drivers run in this process over one sequenced stream; every record goes through
the real wire encoding (``net.transport.wire``: frame, msgpack, strict decoding) and every driver's
``pump`` (transcript checks, chance entries into its Match, hashes). Wall-clock times
(``perf_counter``) on this machine; "critical path" adds, record after record, the slowest
machine's work on it (decoding, checking, applying, and making its own next record, e.g. its
shuffle step): an upper bound of the table's latency when every machine has a CPU of its own;
"all machines" adds every machine's work as if they shared one CPU.

* ``shuffle_60x6_ms``: Metro's 60 tiles shuffled by 6 dealers, each step computed by its
  dealer then applied by all 6 (all machines, one CPU) — target <= 1000 ms;
  ``shuffle_60x6_critical_ms`` the steps one after the other (each: compute + one apply).
* ``draw_critical_ms`` (p50 / p99): a move that plays a tile from the hand and the tile dealt
  in its place: every machine applying the move, one share (the 5 others are computed in
  parallel; each machine prepared its share of the next position while the player thought,
  ``FairTable.prepare_ahead``), the slowest machine decoding and applying each of the 5
  shares and the chance entry, the drawer reading its card — target p99 <= 5 ms;
  ``draw_all_machines_ms`` all of it on one CPU.
* ``roll_round_ms`` (p50 / p99): a Railroad Ink round's joint roll among 6 dealers, one
  machine's share of work (its commitment and reveal, applying 12 records, the entry) —
  target p99 <= 5 ms.
* ``audit_6p_game_ms``: the end-of-game audit of a whole 6-player Metro game — target
  <= 1000 ms.
"""

from __future__ import annotations

import hashlib
import time

from game.benchmarks.measure import percentile

SECTION = "net.fair"
PEERS = 6


def _secret(pid: int) -> bytes:
    return hashlib.blake2b(b"bench %d" % pid, digest_size=32).digest()


def _wire(record):
    from net.fair.deal import record_to_plain
    from net.transport.wire import FrameReader, encode

    return FrameReader().feed(encode({"t": "F", "i": 0, "r": record_to_plain(record)}))[0]["r"]


class _Table:
    def __init__(self, game_name: str, players: int, variants=()):
        from game.rules import get_game
        from game.rules.core import Rng
        from net.fair.deal import FairTable

        self.game = get_game(game_name)
        config = self.game.make_config(players, list(variants))
        self.dealers = list(range(PEERS))
        self.machines = [FairTable(self.game, config, self.dealers, pid, _secret(pid))
                         for pid in self.dealers]
        self.rng = Rng(7)
        self.apply_ms: list[float] = []      # one machine applying one record
        self.make_ms: list[float] = []       # one dealer making its records

    def flush(self) -> list:
        out = []
        for machine in self.machines:
            started = time.perf_counter()
            machine.pump()
            records = machine.take_outbox()
            if records:
                self.make_ms.append((time.perf_counter() - started) * 1000)
            out += records
        for record in out:
            plain = _wire(record)
            slowest = 0.0
            for machine in self.machines:
                started = time.perf_counter()
                machine.publish(plain)
                machine.pump()      # may make this machine's next record (e.g. its shuffle)
                slowest = max(slowest, (time.perf_counter() - started) * 1000)
            self.apply_ms.append(slowest)     # the machines take it at the same time
        return out

    def settle(self) -> None:
        while self.flush():
            pass

    def move(self) -> None:
        ref = self.machines[0].match
        seat = ref.to_act()[0]
        owner = self.machines[seat]
        move = self.game.random_move(owner.match.view(seat), seat, self.rng)
        text = owner.intend(seat, str(move))
        played = owner.card_for(seat, str(move))
        for machine in self.machines:
            machine.move(ref.seq + 1, seat, text, played)


def _shuffle() -> dict:
    table = _Table("metro", PEERS)
    # keys, escrow, public seed: until the tile pile is open
    while table.machines[0].match is None:
        table.flush()
    table.apply_ms.clear()
    table.make_ms.clear()
    started = time.perf_counter()
    critical = 0.0
    while "tiles" not in table.machines[0].transcript.piles or \
            not table.machines[0].transcript.piles["tiles"].shuffled:
        before_make, before_apply = len(table.make_ms), len(table.apply_ms)
        if not table.flush():
            break
        critical += sum(table.make_ms[before_make:]) + sum(table.apply_ms[before_apply:])
    total = (time.perf_counter() - started) * 1000
    return {"shuffle_60x6_ms": round(total, 1), "shuffle_60x6_critical_ms": round(critical, 1),
            "table": table}


def _draws(table: _Table, moves: int) -> dict:
    table.settle()
    critical, everything = [], []
    for _ in range(moves):
        if table.machines[0].match.is_over():
            break
        for machine in table.machines:          # while the player thinks
            machine.prepare_ahead()
        table.move()
        table.apply_ms.clear()
        table.make_ms.clear()
        started = time.perf_counter()
        table.settle()
        everything.append((time.perf_counter() - started) * 1000)
        if table.make_ms:
            critical.append(max(table.make_ms) + sum(table.apply_ms))   # shares in parallel
    return {"draw_critical_ms": [round(percentile(critical, 0.5), 2),
                                 round(percentile(critical, 0.99), 2)],
            "draw_all_machines_ms": [round(percentile(everything, 0.5), 2),
                                     round(percentile(everything, 0.99), 2)],
            "draws": len(critical)}


def _rolls(rounds: int) -> dict:
    table = _Table("railroad-ink", PEERS)
    table.settle()
    times = []
    while len(times) < rounds and not table.machines[0].match.is_over():
        if table.machines[0].match.pending_chance() is None:
            table.move()
            for machine in table.machines:     # the move itself (not timed)
                machine.pump()
            continue
        table.apply_ms.clear()
        table.make_ms.clear()
        table.settle()
        times.append(max(table.make_ms) + sum(table.apply_ms))
    return {"roll_round_ms": [round(percentile(times, 0.5), 2),
                              round(percentile(times, 0.99), 2)], "rolls": len(times)}


def _audit(table: _Table) -> dict:
    while not table.machines[0].match.is_over():
        table.settle()
        if not table.machines[0].match.is_over():
            table.move()
    table.settle()
    machine = table.machines[0]
    started = time.perf_counter()
    verdict = machine.run_audit()
    ms = (time.perf_counter() - started) * 1000
    return {"audit_6p_game_ms": round(ms, 1), "audit_fair": verdict.fair,
            "audited_records": len(machine.transcript.records)}


def run(quick: bool = False) -> dict:
    shuffled = _shuffle()
    table = shuffled.pop("table")
    result = dict(shuffled)
    result.update(_draws(table, 20 if quick else 60))
    result.update(_rolls(7 if quick else 7))
    result.update(_audit(table))
    result["targets"] = {"shuffle_60x6_ms": 1000, "draw_critical_ms_p99": 5,
                         "roll_round_ms_p99": 5, "audit_6p_game_ms": 1000}
    return result

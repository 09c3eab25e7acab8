"""Bench section ``net.departures``: a dealer leaves a Metromania Unfair Municipality table at
every moment of its game, and the others must play on (issue 26 item 1).

A table of three dealers (the host's bot seat and two joiners with bots) over the in-memory
network (``net.transport.memnet``, virtual time; every frame really encoded and strictly decoded). One
dealer is dropped right after a chance step (every shuffle, deal, answer and roll of the deal,
the re-deals of void rounds, the final shows) or, finer, right after each cipher record the
host takes, in one of two ways: ``disconnect`` (its link drops) or ``silent`` (it stays
connected but sends none of its cipher records, the veto path: what can be rebuilt or skipped
is, and a step that cannot go on without it, an answer about its hand, stalls blaming nobody
(issue 28, item 2) until the host, as its player would from *Seats*, gives that seat to its
bot; its link drops too once the table deals on without it). Each drop is one table played
to the end. It counts:

* ``drops``: tables played (each seat of a joiner, each way, each moment);
* ``crashed``: an endpoint raised (the host's loop must never die) — target 0;
* ``stalled``: the others did not reach the end with the audit run — target 0;
* ``diverged``: the host and the other joiner ended on different hashes — target 0;
* ``refused``: someone else was refused, or the host caught an error in a peer's message
  (``host_error``) — target 0;
* ``unfair``: the audit did not find the table fair — target 0;
* ``keyless``: the audit ran without the leaver's secret or rebuilt key — target 0;
* ``ms_per_drop``: CPU per table, for the size of the sweep.

``quick``: one seed, after each chance step; full: three seeds after each chance step and
the first one after each record as well. ``python -m game.benchmarks.net_departures SEED``
sweeps one seed after each record and prints what went wrong.

``drop_run`` is the harness ``tests/test_net_fair_departures.py`` sweeps with too.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter

SECTION = "net.departures"
SEEDS = (53, 84, 7)        # each re-deals a joiner's hand; 7 three times
WAIT_LIMIT = 1.0           # virtual seconds: then the host's bot plays a dropped dealer's seat
LIMIT = 60.0               # virtual seconds a table may take after the drop
MODES = ("disconnect", "silent")


class DropTable:
    """A host (its bot on seat 0) and two bot-playing joiners on a MemNet, seeded."""

    def __init__(self, seed: int, wait_limit: float = WAIT_LIMIT) -> None:
        from game import lan_services
        from game.rules import get_game, rules_version
        from net.protocol import messages as ids
        from net.table.host import HostEndpoint
        from net.table.joiner import ClientEndpoint
        from net.protocol.lobby import Slot
        from net.transport.memnet import MemNet
        from net.transport.timing import Timings

        lan_services.install()        # the tables play our bots
        timings = Timings(heartbeat=0.1, interrupted=0.3, dropped=1.0, retry=0.05,
                          seeding=2.0)
        game = get_game("metromania")
        config = game.make_config(3, ["unfair"])
        secrets = random.Random(seed)       # the dealers' secrets: replayable tables
        version = rules_version()
        self.host = HostEndpoint(game, config, [Slot(kind=ids.KIND_BOT, name="host",
                                                     level="random"), Slot(), Slot()],
                                 timings=timings, autosave=False, rules_version=version,
                                 fair_secret=lambda: secrets.randbytes(32))
        self.host.seat_waits.wait_limit = wait_limit
        self.net = MemNet(self.host, seed=seed)
        self.joiners = [ClientEndpoint(f"p{i}", auto_bot="random", timings=timings,
                                       autosave=False, rules_version=version,
                                       fair_secret=lambda: secrets.randbytes(32))
                        for i in range(2)]
        self.links = [self.net.connect(joiner) for joiner in self.joiners]
        self.net.run_until(lambda: all(j.phase == "lobby" for j in self.joiners), 2)
        for joiner in self.joiners:
            joiner.set_ready(True)
        self.net.run_until(self.host.can_start, 2)
        self.host.start()

    def run(self, until, limit: float, each=None) -> bool:
        end = self.net.now + limit
        while self.net.now < end:
            self.net.advance(0.05)
            if each is not None:
                each()
            if until():
                return True
        return False

    def over(self, joiners, audit: bool = True) -> bool:
        """The host and ``joiners`` hold the end (and with ``audit`` the host's audit ran)."""
        host = self.host
        return host.phase == "over" and host.fair is not None \
            and (host.fair.verdict is not None or not audit) \
            and all(j.phase == "over" and j.seq == host.seq for j in joiners)


def silence(joiner) -> None:
    """From now on the joiner sends everything but its cipher records (the veto path)."""
    from net.protocol import messages as ids

    real = joiner._send
    joiner._send = lambda message: None if message["t"] == ids.FAIR else real(message)


def clean_steps(seed: int) -> tuple[list[int], list[int], int, int]:
    """The clean game of ``seed``: its chance entries' seqs, the seats whose answer voided
    a deal round, how many cipher records the host took, and the seq of its last move."""
    from game.match import parse_chance

    table = DropTable(seed)
    table.run(lambda: table.over(table.joiners), LIMIT)
    steps, voids, last_move = [], [], 0
    for entry in table.host.match.log:
        if entry.seat is not None:
            last_move = entry.seq
            continue
        steps.append(entry.seq)
        request, outcome = parse_chance(entry.move)[:2]
        if request.kind == "attest" and request.pile == "letters-differ" and outcome == (0,):
            voids.append(request.seat)
    return steps, voids, len(table.host.fair.published), last_move


def drop_run(seed: int, seat: int, at: int, mode: str, by: str = "step",
             audit: bool = True) -> str:
    """One table of ``seed``: the dealer of ``seat`` (1 or 2) leaves the way ``mode`` says
    right after the host applied chance entry ``at`` (``by="step"``; 0: once the game
    exists) or took its ``at``-th cipher record (``by="record"``). Returns '' when the host
    and the other joiner played on to the end (same hash, nobody else refused; with
    ``audit`` also the host's audit run and fair with the leaver's secret or its rebuilt
    key), else what went wrong, starting with one of ``crashed``, ``stalled``,
    ``diverged``, ``refused``, ``unfair``, ``keyless``. (The audit costs about as much CPU
    as the game: a quick sweep may leave it to the drops at the end.)"""
    table = DropTable(seed)
    host, net = table.host, table.net
    index = next(i for i, j in enumerate(table.joiners) if seat in j.seats)
    gone = table.joiners[index]
    kept = [j for j in table.joiners if j is not gone]
    dropped: list = []
    deliver = net._deliver

    def reached() -> bool:
        fair = host.fair
        if fair is None or fair.match is None:
            return False
        return (host.seq if by == "step" else len(fair.published)) >= at

    def deliver_after_drop(link, down, payload):
        """The drop comes between two frames: at the first one after the moment."""
        if not dropped and reached():
            dropped.append(host.seq)
            if mode == "disconnect":
                net.disconnect(table.links[index])
            else:
                silence(gone)
        elif mode == "silent" and dropped and table.links[index].open \
                and gone.pid in host.fair.departed:
            net.disconnect(table.links[index])    # vetoed: the table deals on without it
        deliver(link, down, payload)
    net._deliver = deliver_after_drop
    events: list = []

    def watch() -> None:
        news = host.poll()
        events.extend(news)
        if any(e["event"] == "fair_stalled" and e["dealer"] == gone.pid for e in news) \
                and not host.slots[seat].bot_level:
            host.hand_to_bot(seat)       # the host's visible way out of a stall
    try:
        finished = table.run(lambda: table.over(kept, audit), LIMIT, each=watch)
    except Exception as exc:  # noqa: BLE001 - what this harness counts
        return "crashed: " + "".join(traceback.format_exception(exc)[-3:])
    if not finished:
        step = host.fair.current_step if host.fair is not None else None
        return f"stalled at seq {host.seq} ({host.phase}, step {step})"
    others = [e for e in events if e["event"] == "host_error" or (
        e["event"] == "peer_refused" and e["peer"] != gone.pid)]
    if others:
        return f"refused: {others}"
    if any(j.match.hash() != host.match.hash() for j in kept):
        return "diverged: the others' final hashes differ"
    if not audit:
        return ""
    if not host.fair.verdict.fair:
        return f"unfair: {host.fair.verdict}"
    if gone.pid not in host.fair.departed and gone.pid not in host.fair.secrets:
        return "keyless: neither the leaver's secret nor its rebuilt key is in"
    return ""


def sweep(seed: int, by: str = "step", seats=(1, 2), modes=MODES) -> dict:
    """Every moment of ``seed``'s game (``by`` chance step or record), every seat, every way."""
    steps, voids, records, _last_move = clean_steps(seed)
    moments = [0] + steps if by == "step" else list(range(records + 1))
    counts: Counter = Counter()
    failures: list = []
    started = time.process_time()
    for at in moments:
        for mode in modes:
            for seat in seats:
                problem = drop_run(seed, seat, at, mode, by)
                counts["drops"] += 1
                if problem:
                    counts[problem.split(":")[0].split(" ")[0]] += 1
                    failures.append((at, seat, mode, problem))
    counts["cpu_s"] = time.process_time() - started
    return {"counts": counts, "failures": failures, "voids": voids}


def run(quick: bool = False) -> dict:
    plans = [(SEEDS[0], "step")] if quick else [(seed, "step") for seed in SEEDS] + [
        (SEEDS[0], "record")]
    total: Counter = Counter()
    for seed, by in plans:
        total.update(sweep(seed, by)["counts"])
    out = {"drops": total["drops"]}
    for key in ("crashed", "stalled", "diverged", "refused", "unfair", "keyless"):
        out[key] = total[key]
    out["ms_per_drop"] = round(1000 * total["cpu_s"] / max(1, total["drops"]), 1)
    return out


if __name__ == "__main__":
    import sys

    found = sweep(int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS[0], by="record")
    print(dict(found["counts"]), "void rounds on seats", found["voids"])
    for failure in found["failures"][:20]:
        print(failure)

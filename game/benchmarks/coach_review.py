"""Bench section ``coach.review``: how long the coach's review of a whole two-player game takes
as the client runs it (``ReviewRunner``: the helper processes, two at a time, polled as a
frame loop would poll them).

A two-player game of normal bots is played for each game (seed 11), both seats counted as
humans, and every one of their decisions is reviewed:

* ``<game>_decisions``: the decisions reviewed; ``_judged`` how many got a verdict;
* ``<game>_seconds``: wall-clock seconds from the results screen's start to the last verdict
  (the target: 60 s on the reference two-core machine);
* ``<game>_helper_cpu``: CPU seconds the helper processes spent (what the review costs, the
  same on a busy machine: wall time there also depends on what else runs);
* ``<game>_idle_2core_seconds``: that CPU spread over two cores, the wall time to expect on
  an idle two-core machine;
* ``load_average``: the machine's one-minute load when the section ended (above 2 on a
  two-core machine, other work shared the cores and the wall times are longer).
"""

from __future__ import annotations

import os
import time

SECTION = "coach.review"
GAMES = ("metro", "metromania", "railroad-ink")
SEED = 11
POLL_SECONDS = 1 / 60          # a frame: the results screen polls the review once a frame


def finished_game(name: str, seed: int = SEED, level: str = "normal"):
    """A finished two-player game of ``level`` bots whose two seats count as humans."""
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game(name)
    seats = [SeatInfo("Ann", "human", colour=0), SeatInfo("Ben", "human", colour=1)]
    match = Match.new(game, game.make_config(2, []), seed, seats)
    bots = [make_bot(game, seat, level, 3 + seat) for seat in range(2)]
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def review_game(match) -> dict:
    """Review every decision of ``match``'s two seats as the results screen does."""
    from game.client.bot_worker import shutdown_helpers
    from game.client.coach.review_runner import ReviewRunner

    shutdown_helpers()                 # fresh helpers: their CPU is this review's alone
    cpu = _children_cpu()
    started = time.perf_counter()
    runner = ReviewRunner(match, [0, 1])
    while not runner.done:
        runner.step()
        time.sleep(POLL_SECONDS)
    seconds = time.perf_counter() - started
    shutdown_helpers()                 # waits for them: their CPU time is counted now
    helper_cpu = _children_cpu() - cpu
    return {"decisions": runner.total, "judged": runner.judged_count(),
            "seconds": round(seconds, 1), "helper_cpu": round(helper_cpu, 1),
            "idle_2core_seconds": round(helper_cpu / 2, 1)}


def run(quick: bool) -> dict:
    out = {}
    for name in GAMES[:1] if quick else GAMES:
        numbers = review_game(finished_game(name))
        out.update({f"{name}_{key}": value for key, value in numbers.items()})
    out["load_average"] = round(os.getloadavg()[0], 1)
    return out

"""Bench section ``bots.ink_core``: the Railroad Ink sheet core and the play-out expert.

* ``playouts_per_s_numba`` / ``playouts_per_s_python``: play-outs to the end of the game (the
  core's policy, then the exact score) per CPU second from a sheet at the start of round 3,
  compiled and pure (``numba`` is ``unavailable`` where it cannot be imported).
* ``score_us_numba`` / ``score_us_python``: the exact final score of a full sheet, per call.
* ``first_use_ms``: CPU milliseconds a fresh process spends before its first compiled
  play-out (importing numba and loading the cached machine code; the very first run on a
  machine compiles, some seconds, and is not what this measures).
* ``expert_cpu_ms``: CPU milliseconds per decision of the (play-out) expert over whole
  solo games (p50 / p95 / max), and ``first`` the first decision of each game (a game's first
  decision in its process pays the core's first use too). Budget: p95 <= 1000.
"""

from __future__ import annotations

import subprocess
import sys
import time

SECTION = "bots.ink_core"


def _start_sheet(seed: int = 3, rounds: int = 2):
    from game.bots.base import make_bot
    from game.rules.railroad_ink import GAME
    state = GAME.new_game(GAME.make_config(1), seed)
    bot = make_bot(GAME, 0, "normal", seed)
    while state.round <= rounds:
        GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
    return state.seats[0].sheet


def playouts_per_s(core, seconds: float) -> float:
    from game.bots.ink_playout import POLICY
    sheet = _start_sheet()
    starts = [list(sheet.cells)]
    done = 0
    batch = 200 if core.name == "numba" else 10
    started = time.process_time()
    while time.process_time() - started < seconds:
        core.playout_scores(starts, [0], 3, 7, done, batch, 77, POLICY)
        done += batch
    return round(done / (time.process_time() - started), 1)


def score_us(core, repeat: int) -> float:
    from game.bots.base import make_bot
    from game.rules.railroad_ink import GAME
    state = GAME.new_game(GAME.make_config(1), 4)
    bot = make_bot(GAME, 0, "normal", 4)
    while not GAME.is_over(state):
        GAME.play(state, 0, bot.choose(GAME.view(state, 0)))
    cells = state.seats[0].sheet.cells
    started = time.process_time()
    for _ in range(repeat):
        core.score(cells)
    return round((time.process_time() - started) / repeat * 1e6, 1)


_FIRST_USE = ("import time; t = time.process_time(); from game.inkcore import compiled_core; "
              "c = compiled_core(); from game.bots.ink_playout import POLICY; "
              "c and c.playout_scores([[-1] * 49], [0], 1, 7, 0, 1, 1, POLICY); "
              "print(round((time.process_time() - t) * 1000) if c else -1)")


def first_use_ms() -> int | str:
    out = subprocess.run([sys.executable, "-c", _FIRST_USE], capture_output=True, text=True,
                         timeout=600)
    value = out.stdout.strip()
    return int(value) if value.lstrip("-").isdigit() and int(value) >= 0 else "unavailable"


def expert_decisions(seeds: range) -> dict:
    from game.benchmarks.measure import percentile
    from game.bots.base import make_bot
    from game.rules.railroad_ink import GAME
    times, firsts = [], []
    for seed in seeds:
        state = GAME.new_game(GAME.make_config(1), seed)
        bot = make_bot(GAME, 0, "expert", seed)
        first = True
        while not GAME.is_over(state):
            view = GAME.view(state, 0)
            started = time.thread_time()
            move = bot.choose(view)
            spent = (time.thread_time() - started) * 1000
            times.append(spent)
            if first:
                firsts.append(spent)
                first = False
            GAME.play(state, 0, move)
    return {"p50": round(percentile(times, 0.5)), "p95": round(percentile(times, 0.95)),
            "max": round(max(times)), "first": [round(t) for t in firsts], "n": len(times)}


def run(quick: bool = False) -> dict:
    from game.inkcore import compiled_core, pure_core
    fast = compiled_core()
    seconds = 0.5 if quick else 2.0
    out = {
        "playouts_per_s_numba": playouts_per_s(fast, seconds) if fast else "unavailable",
        "playouts_per_s_python": playouts_per_s(pure_core(), seconds),
        "score_us_numba": score_us(fast, 2000) if fast else "unavailable",
        "score_us_python": score_us(pure_core(), 50 if quick else 200),
        "first_use_ms": first_use_ms(),
    }
    out["expert_cpu_ms"] = expert_decisions(range(900, 901 if quick else 903))
    return out

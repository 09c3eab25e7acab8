"""Bench section ``coach.estimate``: the coach's estimate of a move (the seat's expected final
score, ``game.bots.metro_estimate`` / ``mania_estimate``), its cost and how honest it is.

Complete two-player games are played by bots of one level (normal in the quick run, hard in
the full one: the level the real mean scores are taken from). At an early, a middle and a late
position of every game (5 %, 50 % and 85 % of its moves) the move actually played is valued
for the seat that played it:

* ``<game>_<stage>_ms``: p50 / p95 / max wall-clock milliseconds of one valuation (the budget
  is about 400 ms p95 on the reference two-core machine), ``cpu_p95`` the thread's CPU time
  (what it costs on an idle core when the machine is shared);
* ``<game>_<stage>_estimate`` / ``_final``: the mean estimate and the mean final score the
  seat really made in those games, ``_abs_error`` the mean absolute difference (one game's
  luck included: the estimate is an expectation);
* ``<game>_real_mean``: the mean final score of all seats of the games played.
"""

from __future__ import annotations

import time

SECTION = "coach.estimate"
STAGES = (("early", 5), ("middle", 50), ("late", 85))    # percent of a game's moves


def _game_log(game, level: str, seed: int):
    """([(seat, view, move)], final scores) of one game of ``level`` bots."""
    from game.bots.base import make_bot
    state = game.new_game(game.make_config(2, []), seed)
    bots = [make_bot(game, seat, level, seed * 7 + seat) for seat in range(2)]
    log = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        move = bots[seat].choose(view)
        log.append((seat, view, move))
        game.apply(state, seat, move)
    return log, game.scores(state)["scores"]


def measure(name: str, level: str, seeds) -> dict:
    from game.benchmarks.measure import percentile
    from game.rules import get_game
    game = get_game(name)
    estimator = _estimator(name)
    rows = {stage: [] for stage, _ in STAGES}
    finals = []
    for seed in seeds:
        log, scores = _game_log(game, level, seed)
        finals.extend(scores)
        for stage, percent in STAGES:
            seat, view, move = log[min(len(log) - 1, len(log) * percent // 100)]
            started, cpu = time.perf_counter(), time.thread_time()
            value = estimator(view, seat, move, seed)
            rows[stage].append((time.perf_counter() - started, value, scores[seat],
                                time.thread_time() - cpu))
    out = {f"{name}_real_mean": round(sum(finals) / len(finals), 1), f"{name}_level": level}
    for stage, found in rows.items():
        times = [t for t, _, _, _ in found]
        cpu = [c for _, _, _, c in found]
        out[f"{name}_{stage}_ms"] = {"p50": round(percentile(times, 0.5) * 1000, 1),
                                     "p95": round(percentile(times, 0.95) * 1000, 1),
                                     "max": round(max(times) * 1000, 1),
                                     "cpu_p95": round(percentile(cpu, 0.95) * 1000, 1),
                                     "n": len(times)}
        out[f"{name}_{stage}_estimate"] = round(sum(v for _, v, _, _ in found) / len(found), 1)
        out[f"{name}_{stage}_final"] = round(sum(f for _, _, f, _ in found) / len(found), 1)
        out[f"{name}_{stage}_abs_error"] = round(
            sum(abs(v - f) for _, v, f, _ in found) / len(found), 1)
    return out


def _estimator(name: str):
    if name == "metro":
        from game.bots.metro_estimate import expected_final_score
    else:
        from game.bots.mania_estimate import expected_final_score
    return expected_final_score


def run(quick: bool) -> dict:
    level = "normal" if quick else "hard"
    seeds = range(1, 3) if quick else range(1, 9)
    out = {}
    for name in ("metro", "metromania"):
        out.update(measure(name, level, seeds))
    return out

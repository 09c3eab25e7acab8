"""Railroad Ink solo strength, paired: two bot levels play the same seeds alone.

    python tools/ink_strength.py LEVEL,LEVEL[,...] FIRST_SEED COUNT [JOBS]
    python tools/ink_strength.py --from GAMES.jsonl

A level may carry integer overrides of its bot's attributes
(``expert@budget=28800+candidates=12``) to measure one lever at a time against the level as
shipped.

Every finished game is written to stderr as one JSON line as it ends, so a long run stopped
early still tells what it played: ``--from`` summarises such lines (seeds that some level has
not played yet are left out of every level, keeping the comparison paired).

Prints per level the mean score with its 95 % interval, the paired difference of every later
level against every earlier one (per seed) with its 95 % interval, and the decision CPU time
per level (p50, p95, max, and the first decision of each game alone). Games run in JOBS
spawned processes (default 1); the results do not depend on JOBS. Intervals are normal
approximations (1.96 standard errors).
State which seeds were used in tuning when you quote a result: tuning seeds and test seeds
must not overlap.
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def with_overrides(level: str) -> str:
    """``LEVEL@name=value+...`` (a lever to measure, e.g. ``expert@budget=28800``): register
    a subclass of the level's bot with those integer attributes under that whole name."""
    if "@" not in level:
        return level
    from game.bots.base import make_bot, register
    from game.rules.railroad_ink import GAME
    base, _, spec = level.partition("@")
    cls = type(make_bot(GAME, 0, base, 0))
    values = {}
    for item in spec.split("+"):
        name, _, value = item.partition("=")
        if not hasattr(cls, name):
            raise SystemExit(f"{base} has no attribute {name!r}")
        values[name] = int(value)
    register(level, GAME.name, type(f"{cls.__name__}Lever", (cls,), values))
    return level


def play(task):
    level, seed = task
    from game.cli.playouts import play_one
    from game.rules.railroad_ink import GAME
    with_overrides(level)
    cpu: dict = {}
    record = play_one(GAME, GAME.make_config(1), seed, [level], None, cpu)
    return level, seed, record["scores"][0], cpu[level]


def interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--from":
        lines = Path(sys.argv[2]).read_text(encoding="utf-8").splitlines()
        results = [tuple(json.loads(line)) for line in lines if line.startswith("[")]
        levels = list(dict.fromkeys(level for level, *_ in results))
        played = {}
        for level, seed, *_ in results:
            played.setdefault(seed, set()).add(level)
        results = [r for r in results if len(played[r[1]]) == len(levels)]
        seeds = sorted({r[1] for r in results})
        first, count, started = seeds[0], len(seeds), time.perf_counter()
    elif len(sys.argv) < 4:
        print(__doc__)
        return 2
    else:
        levels = sys.argv[1].split(",")
        first, count = int(sys.argv[2]), int(sys.argv[3])
        jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
        tasks = [(level, seed) for seed in range(first, first + count) for level in levels]
        started = time.perf_counter()
        results = []
        pool = None
        if jobs > 1:
            import multiprocessing
            pool = multiprocessing.get_context("spawn").Pool(jobs)
        try:
            for result in (pool.imap(play, tasks) if pool else map(play, tasks)):
                results.append(result)
                print(json.dumps(list(result)), file=sys.stderr, flush=True)
        finally:
            if pool is not None:
                pool.close()
                pool.join()
    scores = {level: {} for level in levels}
    times = {level: [] for level in levels}
    firsts = {level: [] for level in levels}
    for level, seed, score, cpu in results:
        scores[level][seed] = score
        times[level].extend(cpu)
        firsts[level].append(cpu[0])
    out = {"seeds": [first, first + count - 1] if len(sys.argv) != 3 else seeds,
           "games": count, "levels": {}}
    for level in levels:
        mean, low, high = interval(list(scores[level].values()))
        out["levels"][level] = {
            "mean": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
            "cpu_ms": {"p50": round(percentile(times[level], 0.5)),
                       "p95": round(percentile(times[level], 0.95)),
                       "max": round(max(times[level])),
                       "first_p50": round(percentile(firsts[level], 0.5)),
                       "first_p95": round(percentile(firsts[level], 0.95)),
                       "over_1s": round(sum(t > 1000 for t in times[level])
                                        / len(times[level]), 4)}}
    out["paired"] = []
    for i, base in enumerate(levels):
        for candidate in levels[i + 1:]:
            diffs = [scores[candidate][s] - scores[base][s] for s in scores[base]]
            mean, low, high = interval(diffs)
            out["paired"].append({"candidate": candidate, "base": base, "mean": round(mean, 2),
                                  "ci95": [round(low, 2), round(high, 2)]})
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["scores"] = {level: [scores[level][s] for s in sorted(scores[level])]
                     for level in levels}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

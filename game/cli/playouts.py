"""One bot game of ``selfplay`` (and of its tournaments), decision-time percentiles and the
reading of a list of bot levels: shared by ``selfplay.py`` and ``tournament.py`` so neither
imports the other."""

from __future__ import annotations

import time

from game.bots.base import make_bot
from game.cli import CliError
from game.match import Match


def split_levels(text: str) -> list[str]:
    """The bot levels of a comma-separated option (blanks dropped)."""
    return [level.strip() for level in text.split(",") if level.strip()]


def check_levels(game, levels: list[str]) -> None:
    """CliError (naming the levels there are) unless ``game`` has a bot of every level."""
    try:
        for level in levels:
            make_bot(game, 0, level, 0)
    except KeyError as exc:
        raise CliError(str(exc.args[0]), 2) from None


def play_one(game, config: dict, seed: int, levels: list[str],
             timings: dict[str, list[float]] | None = None,
             cpu_timings: dict[str, list[float]] | None = None) -> dict:
    match = Match.new(game, config, seed)
    players = config["players"]
    bots = [make_bot(game, seat, levels[seat % len(levels)], seed * 7919 + seat)
            for seat in range(players)]
    turn = 0
    while not match.is_over():
        acting = match.to_act()
        seat = acting[turn % len(acting)]
        view = match.view(seat)
        started, cpu_started = time.perf_counter(), time.thread_time()
        move = bots[seat].choose(view)
        level = levels[seat % len(levels)]
        if timings is not None:
            timings.setdefault(level, []).append((time.perf_counter() - started) * 1000.0)
        if cpu_timings is not None:
            cpu_timings.setdefault(level, []).append((time.thread_time() - cpu_started) * 1000.0)
        match.apply(seat, move)
        turn += 1
    result = match.scores()
    record = {"seed": seed, "scores": result["scores"], "winners": game.winners(match.state),
              "moves": match.seq, "hash": match.hash(), "levels": levels[:players]}
    breakdown = result.get("breakdown") or []
    if breakdown and all(isinstance(b, dict) and "guilt" in b for b in breakdown):
        record["guilt"] = [b["guilt"] for b in breakdown]
    return record


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def decision_percentiles(timings: dict[str, list[float]]) -> dict:
    return {level: {"p50": round(percentile(values, 0.50), 3),
                    "p95": round(percentile(values, 0.95), 3),
                    "max": round(max(values), 3), "count": len(values)}
            for level, values in sorted(timings.items()) if values}

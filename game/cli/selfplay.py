"""``run.py selfplay``: bots play complete games; per-game results and timing are printed.

``--bots LEVEL[,LEVEL...]`` gives the levels to the seats in order (repeated cyclically when
there are fewer levels than seats) and rotates them between games: in game i seat s plays
level ``L[(s + i) mod m]`` where m = max(players, number of levels), so every level sits in
every seat. ``--json`` adds per level: ``wins`` (a shared first place counts 1/k for each of
the k winners, so a two-way tie is half a win), ``mean_score`` and ``decision_ms`` (p50, p95
and max of the wall-clock time each ``choose`` call took); ``decision_cpu_ms`` is the same for
the CPU time of the calling thread (what a decision costs on an idle core, when the machine
is shared); ``score_ci95`` the half-width of the 95 % interval of the mean score (normal
approximation over the seats that level played). Games whose scores carry a per-seat
``guilt`` (Metromania's impossible test trips) also report it per game and, per level,
``guilty`` = [seats with a guilt penalty, seats played].

``--tournament`` pits levels against each other with seats swapped (``tournament.py``).
"""

from __future__ import annotations

import json
import time

from game.cli import CliError
from game.cli.options import (add_game_argument, add_table_options, resolve_config,
                              resolve_game, resolve_seed)
from game.cli.playouts import check_levels, decision_percentiles, play_one, split_levels

HELP = "bots play complete games and report seeds, scores, moves and hashes"


def add_arguments(parser) -> None:
    add_game_argument(parser)
    add_table_options(parser)
    parser.add_argument("--games", type=int, default=1, metavar="K", help="games to play")
    parser.add_argument("--bots", default="random", metavar="LEVEL[,LEVEL...]",
                        help="bot level per seat, repeated cyclically and rotated between "
                             "games (default: random)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--tournament", default="", metavar="LEVEL,LEVEL[,...]",
                        help="play pairs of levels (weakest first) with seats swapped and "
                             "print win rates with 95%% intervals (--games per pair)")
    parser.add_argument("--pairs", choices=("adjacent", "all"), default="adjacent",
                        help="tournament: adjacent levels only (default) or every pair")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help="tournament: games played in J processes at once")


def seat_levels(levels: list[str], players: int, index: int) -> list[str]:
    """The level of every seat in game number ``index`` (0-based)."""
    cycle = max(players, len(levels))
    base = [levels[i % len(levels)] for i in range(cycle)]
    return [base[(seat + index) % cycle] for seat in range(players)]


def summary(games: list[dict], timings: dict[str, list[float]],
            cpu_timings: dict[str, list[float]] | None = None) -> dict:
    wins: dict[str, float] = {}
    totals: dict[str, list[int]] = {}
    for record in games:
        winners = record["winners"]
        for seat, level in enumerate(record["levels"]):
            wins.setdefault(level, 0.0)
            totals.setdefault(level, []).append(record["scores"][seat])
            if seat in winners:
                wins[level] += 1.0 / len(winners)
    means = {level: round(sum(values) / len(values), 3) for level, values in totals.items()}
    out = {"wins": {k: round(v, 3) for k, v in sorted(wins.items())},
           "mean_score": dict(sorted(means.items())),
           "score_ci95": {level: round(ci95(values), 3) for level, values in sorted(totals.items())},
           "decision_ms": decision_percentiles(timings),
           "decision_cpu_ms": decision_percentiles(cpu_timings or {})}
    if games and all("guilt" in record for record in games):
        guilty: dict[str, list[int]] = {}
        for record in games:
            for seat, level in enumerate(record["levels"]):
                counts = guilty.setdefault(level, [0, 0])
                counts[0] += record["guilt"][seat] < 0
                counts[1] += 1
        out["guilty"] = dict(sorted(guilty.items()))
    return out


def ci95(values: list[int]) -> float:
    """Half-width of the 95 % interval of the mean (normal approximation; 0 for one value)."""
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return 1.96 * (variance / len(values)) ** 0.5


def run(args) -> int:
    game = resolve_game(args.game)
    config = resolve_config(game, args.players, args.variant, args.expansion)
    if args.games < 1:
        raise CliError("--games must be at least 1", 2)
    if args.tournament:
        from .tournament import run as run_tournament
        return run_tournament(args, game, config, resolve_seed(args.seed))
    levels = split_levels(args.bots)
    if not levels:
        raise CliError("--bots needs at least one level", 2)
    check_levels(game, levels)
    base_seed = resolve_seed(args.seed)
    started = time.perf_counter()
    games = []
    timings: dict[str, list[float]] = {}
    cpu_timings: dict[str, list[float]] = {}
    for index in range(args.games):
        seated = seat_levels(levels, config["players"], index)
        record = play_one(game, config, base_seed + index, seated, timings, cpu_timings)
        games.append(record)
        if not args.json:
            print(f"game {index + 1}: seed {record['seed']}  levels {','.join(seated)}  "
                  f"scores {record['scores']}  moves {record['moves']}  "
                  f"hash {record['hash']}", flush=True)
    seconds = round(time.perf_counter() - started, 3)
    result = summary(games, timings, cpu_timings)
    if args.json:
        print(json.dumps({"game": game.name, "config": config, "games": games,
                          "seconds": seconds, "bots": levels, **result}, sort_keys=True))
    else:
        print(f"{args.games} game(s) in {seconds} s")
        for level in sorted(result["wins"]):
            ms = result["decision_ms"].get(level, {})
            guilty = result.get("guilty", {}).get(level)
            print(f"  {level}: wins {result['wins'][level]}  mean score "
                  f"{result['mean_score'][level]} +- {result['score_ci95'][level]}  "
                  + (f"guilty {guilty[0]}/{guilty[1]}  " if guilty else "")
                  + f"decision p50 {ms.get('p50')} ms  p95 {ms.get('p95')} ms")
    return 0

"""``run.py selfplay GAME --tournament L1,L2,...``: levels play each other, seats swapped.

Every pair of levels (adjacent in the list by default, ``--pairs all`` for every pair) plays
``--games`` games. The seats alternate between the two levels (A,B,A,B,... in even games,
B,A,B,A,... in odd ones), and games 2k and 2k+1 use the same seed, so each deal is played
once from each side: the seat advantage and the luck of the deal cancel out.

A level's result in a game is its share of the winners (``game.winners``): 1 when only its
seats won, 1/2 for a tie across the two levels, 0 otherwise. The win rate's 95 % interval
is Wilson's score interval over the games played. Mean scores are per seat played. Decision
times per level (wall clock, p50/p95/max) are gathered over the whole tournament.

``--jobs J`` plays games in J worker processes; the results do not depend on J (every game
is a pure function of its seed and seating).
"""

from __future__ import annotations

import json
import math
import time

from game.cli import CliError

from .playouts import check_levels, decision_percentiles, play_one, split_levels


def pairs_of(levels: list[str], every_pair: bool) -> list[tuple[str, str]]:
    """The (stronger, weaker) pairs to play: the later level of the list is the stronger
    (lists go from weak to strong, e.g. random,easy,normal,hard,expert)."""
    if every_pair:
        return [(levels[j], levels[i]) for i in range(len(levels))
                for j in range(i + 1, len(levels))]
    return [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]


def seating(first: str, second: str, players: int, index: int) -> list[str]:
    """Levels per seat in game ``index`` of a pair: alternating, swapped every other game."""
    a, b = (first, second) if index % 2 == 0 else (second, first)
    return [a if seat % 2 == 0 else b for seat in range(players)]


def game_seed(base_seed: int, index: int) -> int:
    """Games 2k and 2k+1 replay the same deal with the seats swapped."""
    return base_seed + index // 2


def share_of_win(record: dict, level: str) -> float:
    winners = record["winners"]
    if not winners:
        return 0.5
    return sum(record["levels"][seat] == level for seat in winners) / len(winners)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a win rate (ties count half a win)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _play(task):
    game_name, config, seed, seated = task
    from game.rules import get_game
    timings: dict = {}
    record = play_one(get_game(game_name), config, seed, seated, timings)
    return record, timings


def run_pair(game, config: dict, first: str, second: str, games: int, base_seed: int,
             timings: dict[str, list[float]], pool=None, progress=None) -> dict:
    """Play one pair; returns its row (win rate of ``first`` and its interval, scores)."""
    tasks = [(game.name, config, game_seed(base_seed, i),
              seating(first, second, config["players"], i)) for i in range(games)]
    results = pool.imap(_play, tasks) if pool is not None else map(_play, tasks)
    records = []
    for record, times in results:
        records.append(record)
        for level, values in times.items():
            timings.setdefault(level, []).extend(values)
        if progress is not None:
            progress(record)
    wins = sum(share_of_win(r, first) for r in records)
    low, high = wilson(wins, len(records))
    scores: dict[str, list[int]] = {first: [], second: []}
    for record in records:
        for seat, level in enumerate(record["levels"]):
            scores[level].append(record["scores"][seat])
    return {"first": first, "second": second, "games": len(records),
            "wins": round(wins, 3), "win_rate": round(wins / len(records), 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": {level: round(sum(v) / len(v), 3) for level, v in scores.items()},
            "seeds": [base_seed, game_seed(base_seed, games - 1)]}


def run(args, game, config: dict, base_seed: int) -> int:
    levels = split_levels(args.tournament)
    if len(levels) < 2 or len(set(levels)) != len(levels):
        raise CliError("--tournament needs at least two different levels", 2)
    check_levels(game, levels)
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1", 2)
    started = time.perf_counter()
    timings: dict[str, list[float]] = {}
    rows = []
    pool = None
    if args.jobs > 1:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(args.jobs)
    try:
        for first, second in pairs_of(levels, args.pairs == "all"):
            progress = None
            if not args.json:
                def progress(record):
                    print(f"  seed {record['seed']}  {','.join(record['levels'])}  "
                          f"scores {record['scores']}  winners {record['winners']}",
                          flush=True)
                print(f"{first} vs {second}:", flush=True)
            rows.append(run_pair(game, config, first, second, args.games, base_seed,
                                 timings, pool, progress))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    seconds = round(time.perf_counter() - started, 3)
    decision = decision_percentiles(timings)
    if args.json:
        print(json.dumps({"game": game.name, "config": config, "seed": base_seed,
                          "games_per_pair": args.games, "pairs": rows,
                          "decision_ms": decision, "seconds": seconds}, sort_keys=True))
        return 0
    print(f"\n{game.name}, {config['players']} players, {args.games} games per pair, "
          f"seeds {base_seed}..{game_seed(base_seed, args.games - 1)}, {seconds} s")
    print(f"{'pair':<22}{'games':>6}{'win rate':>10}{'95% interval':>18}   mean scores")
    for row in rows:
        pair = f"{row['first']} vs {row['second']}"
        low, high = row["ci95"]
        means = "  ".join(f"{level} {score}" for level, score in row["mean_score"].items())
        print(f"{pair:<22}{row['games']:>6}{row['win_rate'] * 100:>9.1f}%"
              f"{f'{low * 100:.1f}-{high * 100:.1f}%':>18}   {means}")
    print("decision times (ms):")
    for level, ms in decision.items():
        print(f"  {level:<8} p50 {ms['p50']}  p95 {ms['p95']}  max {ms['max']}  "
              f"({ms['count']} decisions)")
    return 0

"""Bench section ``saves``: what autosave costs per move (durable, i.e. with fdatasync, and
without), loading with hash verification per move, and a replay viewer's ``state_at`` jump,
for every game present. Files go to a temporary folder, never the player's saves."""

from __future__ import annotations

import time
from pathlib import Path

from game.benchmarks.measure import percentile, temporary_home

SECTION = "saves"


def _bot_game(name: str, seed: int, folder: Path, durable: bool):
    from game import saves
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game(name)
    players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    config = game.make_config(players)
    match = Match.new(game, config, seed, [SeatInfo(f"Bot {s + 1}", "bot", level="random")
                                           for s in range(players)])
    path = folder / f"{name}-{seed}-{int(durable)}.tlsave"
    saver = saves.start_autosave(match, path=path, durable=durable)
    costs = []
    bots = [make_bot(game, s, "random", seed + s) for s in range(players)]
    turn = 0
    while not match.is_over():
        acting = match.to_act()
        seat = acting[turn % len(acting)]
        before = saver.seconds
        match.apply(seat, bots[seat].choose(match.view(seat)))
        costs.append((saver.seconds - before) * 1000)
        turn += 1
    return match, saver.path, costs


def run(quick: bool = False) -> dict:
    from game import saves
    from game.rules import available_games

    games = 2 if quick else 6
    result: dict = {}
    with temporary_home("tracklayer-bench-saves-") as folder:
        for name in available_games():
            durable, plain, load_ms, jump_ms, sizes = [], [], [], [], []
            for seed in range(games):
                _, _, costs = _bot_game(name, seed, folder, durable=False)
                plain.extend(costs)
                match, path, costs = _bot_game(name, seed, folder, durable=True)
                durable.extend(costs)
                sizes.append(path.stat().st_size / max(1, match.seq))
                started = time.perf_counter()
                replay = saves.Replay.open(path)
                load_ms.append((time.perf_counter() - started) * 1000 / max(1, match.seq))
                for index in range(0, len(replay) + 1, max(1, len(replay) // 10)):
                    started = time.perf_counter()
                    replay.state_at(index)
                    jump_ms.append((time.perf_counter() - started) * 1000)
            key = name.replace("-", "_")
            result[f"{key}.autosave_ms_per_move_durable_mean"] = round(
                sum(durable) / len(durable), 4)
            result[f"{key}.autosave_ms_per_move_durable_p95"] = round(
                percentile(durable, 0.95), 4)
            result[f"{key}.autosave_ms_per_move_no_fsync_mean"] = round(
                sum(plain) / len(plain), 4)
            result[f"{key}.file_bytes_per_move"] = round(sum(sizes) / len(sizes), 1)
            result[f"{key}.load_verify_ms_per_move"] = round(sum(load_ms) / len(load_ms), 4)
            result[f"{key}.state_at_ms_p95"] = round(percentile(jump_ms, 0.95), 3)
    return result

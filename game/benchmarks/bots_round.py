"""Bench section ``bots.railroad_ink_round``: how long the bots of a Railroad Ink round take
in the real client, one bot alone against seven bots at the same table.

A headless app plays round 1 of a table of hard bots through the play screen (its bot workers
and the helper process pool), with a real clock at 60 frames per second, until every sheet has
ended the round. Measured with the default visible delay before a bot's move lands and with
no delay (thinking alone). Each table starts with no helper processes running, so the pool's
start-up is part of both figures. ``ratio_*`` is seven bots' time over one bot's.

Seven hard bots need seven times one bot's thinking (``*_thinking_cpu_s_per_bot_round``):
on two free cores that is hidden behind the visible delays, but other programs' load
(``load_average_1min`` above the core count) takes those cores away, so read the ratios
together with the load.
"""

from __future__ import annotations

import os
import time

from game.benchmarks.measure import headless_app

SECTION = "bots.railroad_ink_round"
DEFAULT_DELAY_MS = 700


def round_seconds(players: int, expansion: str = "", level: str = "hard",
                  delay_ms: int = DEFAULT_DELAY_MS, seed: int = 12, limit: float = 120.0) -> float:
    """Wall-clock seconds until every one of ``players`` bots has ended round 1."""
    from game.client.bot_worker import shutdown_helpers
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("railroad-ink")
    shutdown_helpers()
    with headless_app(bot_delay_ms=delay_ms, animations=False) as app:
        from game.client.screens.play import PlayScreen

        seats = [SeatInfo(f"Bot {i + 1}", "bot", level=level, colour=i) for i in range(players)]
        config = game.make_config(players, [expansion] if expansion else [])
        match = Match.new(game, config, seed, seats)
        app.push(PlayScreen(app, match))
        started = last = time.perf_counter()
        while match.state.round == 1 and not match.is_over():
            now = time.perf_counter()
            app.step(min(0.1, now - last))
            last = now
            if now - started > limit:
                break
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
        return round(time.perf_counter() - started, 2)


def thinking_cpu_seconds(expansion: str = "", level: str = "hard", seed: int = 12) -> float:
    """CPU seconds one bot spends choosing the moves of round 1 (in this process)."""
    from game.bots.base import make_bot
    from game.rules import get_game

    game = get_game("railroad-ink")
    state = game.new_game(game.make_config(1, [expansion] if expansion else []), seed)
    bot = make_bot(game, 0, level, seed * 7919)
    started = time.process_time()
    while state.round == 1 and not state.over:
        game.apply(state, 0, bot.choose(game.view(state, 0)))
    return round(time.process_time() - started, 2)


def run(quick: bool = False) -> dict:
    # the machine's load says how much of its cores the helper processes could really get
    numbers: dict = {"cores": os.cpu_count() or 1,
                     "load_average_1min": round(os.getloadavg()[0], 2)}
    tables = [("", DEFAULT_DELAY_MS), ("", 0)]
    if not quick:
        tables += [("volcano", DEFAULT_DELAY_MS), ("volcano", 0)]
    for expansion, delay in tables:
        name = f"{expansion or 'base'}_delay{delay}"
        one = round_seconds(1, expansion, delay_ms=delay)
        seven = round_seconds(7, expansion, delay_ms=delay)
        numbers[f"{name}_one_bot_s"] = one
        numbers[f"{name}_seven_bots_s"] = seven
        numbers[f"{name}_ratio"] = round(seven / one, 2) if one else None
    for expansion in ("", "volcano") if not quick else ("",):
        numbers[f"{expansion or 'base'}_thinking_cpu_s_per_bot_round"] = \
            thinking_cpu_seconds(expansion)
    return numbers

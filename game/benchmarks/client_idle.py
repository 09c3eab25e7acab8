"""Bench section ``client.idle``: the CPU the client uses while nothing moves, in its real
loop (60 frames per second at most, sleeping and drawing nothing while the picture stands
still) on the dummy video driver, at 1920×1080 and 3840×2160.

Measured, each for a few seconds of wall-clock time once the screen has settled (the settle
delay is skipped by moving the last input back, not waited out):

* ``title_<size>``: the title screen;
* ``<game>_<size>``: a game on a human's turn, the bot (if any) done — Metro, Metromania and
  Railroad Ink against one random bot, and Railroad Ink split screen (two humans);
* ``title_after_games_<size>``: the title after three whole games of bots (one of each
  game, each to its results screen): what a long-running client comes back to.

Each gives ``..._cpu_pct`` (the process's CPU time, every thread, over wall-clock time, in
percent of one core: the target is at most 3 %) and ``..._draws_per_s`` (frames drawn; 0
while idle). ``title_drifting_cpu_pct``: the title's first seconds after input, while the tile
rows drift (full frame rate), for comparison.
"""

from __future__ import annotations

import time

from game.benchmarks.measure import headless_app

SECTION = "client.idle"
TARGET_PCT = 3.0
SIZES = {"1080p": (1920, 1080), "4k": (3840, 2160)}
# name: (game, human seats' devices, bots)
TABLES = {"metro": ("metro", ["any"], 1), "metromania": ("metromania", ["any"], 1),
          "railroad_ink": ("railroad-ink", ["any"], 1),
          "railroad_ink_split": ("railroad-ink", ["keyboard", "mouse"], 0)}


def _cpu_percent(app, seconds: float) -> tuple[float, float]:
    """(CPU % of one core, frames drawn per second) of ``app.run`` for ``seconds``."""
    draws = app.draws
    cpu, wall = time.process_time(), time.perf_counter()
    app.run(seconds=seconds)
    wall = time.perf_counter() - wall
    return (round((time.process_time() - cpu) * 100 / wall, 2),
            round((app.draws - draws) / wall, 2))


def _idle(app, seconds: float) -> tuple[float, float]:
    """Settle the screen on top (its last input long ago, its last moves landed), then
    measure it."""
    from game.client import frame_pacing

    app.fixed_dt = None
    app.last_input_at = app.time - frame_pacing.SETTLE_SECONDS - 1
    for _ in range(24):     # the last moves land, a game's last toasts fade (6 s at most)
        app.run(seconds=0.25)
        if not frame_pacing.wants_frames(app):
            break
    app.run(seconds=0.25)
    return _cpu_percent(app, seconds)


def _table(app, name: str):
    """A play screen of ``TABLES[name]`` on a human's turn (the bot's first moves landed)."""
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game_name, devices, bots = TABLES[name]
    game = get_game(game_name)
    seats = [SeatInfo(f"P{i + 1}", "human", device=device, colour=i)
             for i, device in enumerate(devices)]
    seats += [SeatInfo(f"Bot {i + 1}", "bot", level="random", colour=len(devices) + i)
              for i in range(bots)]
    play = PlayScreen(app, Match.new(game, game.make_config(len(seats)), 3, seats),
                      {"autosave": False})
    app.push(play)
    for _ in range(400):
        if not any(seat in play.bots for seat in play.match.to_act()):
            break
        app.run(frames=5)
    return play


def _play_bot_games(app) -> None:
    """One whole game of bots of each game, each to its results screen, then the title."""
    from game.client.screens.play import PlayScreen
    from game.client.screens.results import ResultsScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    for game_name in ("metro", "metromania", "railroad-ink"):
        game = get_game(game_name)
        seats = [SeatInfo(f"Bot {i + 1}", "bot", level="random", colour=i) for i in range(2)]
        app.push(PlayScreen(app, Match.new(game, game.make_config(2), 7, seats),
                            {"autosave": False}))
        for _ in range(3000):
            if isinstance(app.top, ResultsScreen):
                break
            app.run(frames=10)
        app.run(frames=30)
        app.reset_to(TitleScreen(app))
        app.run(frames=2)


def run(quick: bool = False) -> dict:
    seconds = 1.5 if quick else 4.0
    out: dict = {}
    with headless_app(bot_delay_ms=0) as app:
        from game.client.screens.title import TitleScreen

        app.push(TitleScreen(app))
        app.run(frames=10)            # warm the caches (fonts, the tile strip)
        app.fixed_dt = None
        app.last_input_at = app.time  # as if the player had just moved the mouse
        out["title_drifting_cpu_pct"], out["title_drifting_fps"] = _cpu_percent(app,
                                                                                seconds / 2)
        for label, size in SIZES.items():
            app.resize(size)
            app.run(frames=2)
            out[f"title_{label}_cpu_pct"], out[f"title_{label}_draws_per_s"] = \
                _idle(app, seconds)
            for name in TABLES:
                _table(app, name)
                out[f"{name}_{label}_cpu_pct"], out[f"{name}_{label}_draws_per_s"] = \
                    _idle(app, seconds)
                app.reset_to(TitleScreen(app))
                app.run(frames=2)
        app.resize((1280, 720))       # the games' frames are drawn quickly at 720p
        _play_bot_games(app)
        for label, size in SIZES.items():
            app.resize(size)
            app.run(frames=2)
            out[f"title_after_games_{label}_cpu_pct"], \
                out[f"title_after_games_{label}_draws_per_s"] = _idle(app, seconds)
    idle = [value for key, value in out.items()
            if key.endswith("_cpu_pct") and not key.startswith("title_drifting")]
    out["idle_worst_cpu_pct"] = max(idle)
    out["idle_target_pct"] = TARGET_PCT
    out["idle_ok"] = max(idle) <= TARGET_PCT
    return out

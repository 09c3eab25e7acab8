"""Bench section ``render.metro``: frame time of a mid-game Metro board at 1280×720 (headless,
dummy video driver) and the seconds from starting the client to its first frame."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from pathlib import Path

from game.benchmarks.measure import FrameTimes, headless_app, sweep_mouse

SECTION = "render.metro"
ROOT = Path(__file__).resolve().parents[2]


def _mid_game(moves: int = 30):
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metro")
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)] + [
        SeatInfo(f"Bot {i}", "bot", level="random", colour=i) for i in range(1, 4)]
    match = Match.new(game, game.make_config(4, ["hand2"]), 7, seats)
    bots = [make_bot(game, s, "random", s) for s in range(4)]
    while match.seq < moves or match.to_act() != (0,):
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def _first_frame_seconds() -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    started = time.perf_counter()
    # ``-m game.cli`` rather than run.py: an installed copy has no run.py
    subprocess.run([sys.executable, "-m", "game.cli", "play", "--frames", "1"], env=env,
                   cwd=ROOT, check=True, capture_output=True, timeout=60)
    return time.perf_counter() - started


def run(quick: bool = False) -> dict:
    first = _first_frame_seconds()
    with headless_app() as app:
        import pygame

        from game.client.screens.play import PlayScreen

        match = _mid_game()
        app.push(PlayScreen(app, match))
        app.fixed_dt = 1 / 60
        for _ in range(20):   # warm the caches (static layer, sprites, text)
            app.step(1 / 60)
        frames = 120 if quick else 400
        timed = FrameTimes()
        gc.collect()
        board = app.top.board
        game = match.game
        for i in range(frames):
            if i % 80 == 0:
                # a completed line animating with its points flying, as after a scoring move
                station = 1 + (i // 80) % 32
                path = game.line_path(match.state, station)["path"]
                board._start_line({"station": station, "path": path, "points": len(path),
                                   "centre": False, "end": 0,
                                   "owner": match.state.car_owner[station - 1]})
            sweep_mouse(pygame.Rect(380, 104, 520, 520), i, (7, 3))
            timed.step(app)
    return {"frames": frames, "tiles_on_board": match.state.placed,
            "note": "mouse moving over the board every frame, a line animation every 80 frames",
            **timed.summary(wall=(0.5, 0.95, 0.99)),
            "target_p99_ms": 8.0,
            "start_to_first_frame_s": round(first, 3), "target_first_frame_s": 1.5}

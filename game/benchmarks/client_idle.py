"""Bench section ``client.idle``: the CPU the client uses on the title screen, in its real loop
(60 frames per second at most, sleeping while nothing moves) on the dummy video driver.

``title_drifting_cpu_pct``: the first seconds, while the tile rows drift (full frame rate).
``title_idle_cpu_pct``: once they have settled (the client waits for events; the settle delay
is skipped by moving the last input back, not waited out). CPU is the process's
(``time.process_time``, every thread) over wall-clock time, in percent of one core; the target
for an idle title is at most 3 %.
"""

from __future__ import annotations

import time

from game.benchmarks.measure import headless_app

SECTION = "client.idle"


def _cpu_percent(app, seconds: float) -> tuple[float, float]:
    """(CPU % of one core, frames per second) of ``app.run`` for ``seconds``."""
    frames = app.frame
    cpu, wall = time.process_time(), time.perf_counter()
    app.run(seconds=seconds)
    wall = time.perf_counter() - wall
    return (round((time.process_time() - cpu) * 100 / wall, 2),
            round((app.frame - frames) / wall, 1))


def run(quick: bool = False) -> dict:
    seconds = 2.0 if quick else 4.0
    with headless_app() as app:
        from game.client.screens.title import DRIFT_SECONDS, TitleScreen

        app.push(TitleScreen(app))
        app.run(frames=10)            # warm the caches (fonts, the tile strip)
        app.fixed_dt = None
        app.last_input_at = app.time  # as if the player had just moved the mouse
        drifting, drifting_fps = _cpu_percent(app, seconds / 2)
        app.last_input_at = app.time - DRIFT_SECONDS - 1   # the rows have settled
        idle, idle_fps = _cpu_percent(app, seconds)
    return {"title_drifting_cpu_pct": drifting, "title_drifting_fps": drifting_fps,
            "title_idle_cpu_pct": idle, "title_idle_fps": idle_fps,
            "title_idle_target_pct": 3.0, "title_idle_ok": idle <= 3.0}

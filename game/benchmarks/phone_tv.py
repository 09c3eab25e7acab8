"""The table's screen (the TV) while phones play (issue 27: "the TV's frame p99 unchanged,
<= 4 ms CPU"), for the bench section "phone" (``game.benchmarks.phone``).

A real client ``App`` on the dummy video driver, in this process, at 1920x1080 (its 1280x720
logical frame drawn at 1.5x), shows a ``PhonePlayScreen`` whose seats are all phones; the
phones are scripted robots (``game.phone.robot``) in a process of their own, each thinking
about ``PACE`` s before a move, as a guest does. The frames run in real time (60 a second,
every one drawn) and each is timed in the main thread's CPU (``FrameTimes``: the phone
server's thread and the robots do not count, the pump, the phones' views and the drawing do).
The baseline is the same table with its seats as the table's own bots, landing their moves
after about the same pause (``bot_delay_ms``): the same board on the TV, the same pace of
moves, no phones.

Every frame counts, the frames in which a move lands included (``..._cpu_ms_p99``); those
frames are also given on their own (``..._landing_ms_{p50,p99,max}``, and how many): a move
repaints only what it changed on the board (``boards.dirty``), which is what keeps them near
the others.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from game.benchmarks.measure import FrameTimes, headless_app, percentile

ROOT = Path(__file__).resolve().parents[2]
PACE = 1.5                  # s a guest thinks before a move, on average
LANDING_PATIENCE = 90.0     # s a timed window goes on past its frames until a move lands
SIZE = (1920, 1080)
TABLES = {                  # name: (game, seats, variants)
    "ri8": ("railroad-ink", 8, ["lake"]),
    "metro6_hand3": ("metro", 6, ["hand3"]),
    "mania4": ("metromania", 4, []),
}
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


@contextmanager
def _phones_on_loopback():
    saved = {name: os.environ.get(name) for name in ("TRACKLAYER_PHONE_BIND",
                                                     "TRACKLAYER_PHONE_PORT")}
    os.environ["TRACKLAYER_PHONE_BIND"] = "127.0.0.1"
    os.environ["TRACKLAYER_PHONE_PORT"] = "0"
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _match(name: str, phones: bool):
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game_name, players, variants = TABLES[name]
    game = get_game(game_name)
    seats = [SeatInfo(NAMES[i], "human", device="phone", colour=i) if phones
             else SeatInfo(NAMES[i], "bot", level="random", colour=i) for i in range(players)]
    return Match.new(game, game.make_config(players, variants), 7, seats)


def _real_time_frames(app, frames: int, timed: FrameTimes | None = None,
                      landed: list | None = None, match=None) -> None:
    """``frames`` frames at 60 a second of wall-clock time (the phones and bots keep their
    pace), each drawn; timed when ``timed`` is given, and with ``landed`` (and ``match``) the
    index of each timed frame in which a move landed is noted."""
    tick = 1 / 60
    next_at = time.perf_counter()
    for _ in range(frames):
        if timed is not None:
            seq = match.seq if match is not None else None
            timed.step(app, tick)
            if landed is not None and match.seq != seq:
                landed.append(len(timed.cpu_ms) - 1)
        else:
            app.step(tick)
        next_at += tick
        pause = next_at - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        else:
            next_at = time.perf_counter()     # a slow frame: no catching up in a burst


def _time_pump(table) -> list[float]:
    """Time every ``pump`` of the phone table from now on (CPU ms of this thread, a list
    that fills as frames run): the phones' share of a frame, their moves landing included."""
    times: list[float] = []
    pump = table.pump

    def timed_pump() -> None:
        started = time.thread_time()
        pump()
        times.append((time.thread_time() - started) * 1000)
    table.pump = timed_pump
    return times


def _measure(app, name: str, phones: bool, frames: int) -> dict:
    """Frame CPU of table ``name`` on the TV with its seats on phones (or bots)."""
    from game.client.phone_play import PhonePlayScreen
    from game.client.screens.play import PlayScreen

    match = _match(name, phones)
    screen_class = PhonePlayScreen if phones else PlayScreen
    play = screen_class(app, match, {"autosave": False})
    app.push(play)
    robots = None
    try:
        if phones:
            if not play.phones.serving:
                raise RuntimeError("the phone server did not start")
            urls = [play.phones.link(seat).url for seat in play.phone_seat_numbers]
            robots = subprocess.Popen(
                [sys.executable, "-m", "game.phone.robot", *urls, "--pace", str(PACE)],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            app.step(1 / 60)                  # the QR codes come up; the phones join
            while not all(play.phones.joined(seat) for seat in play.phone_seat_numbers):
                if time.monotonic() > deadline:
                    raise RuntimeError("the phones did not join in 60 s")
                _real_time_frames(app, 1)
            while app.top is not play:        # "Play": the guests are here
                app.pop()
            pump_ms = _time_pump(play.phones.table)
        _real_time_frames(app, min(60, frames // 3))   # warm the caches, the first moves land
        timed = FrameTimes()
        seq = match.seq
        if phones:
            pump_ms.clear()
        landed: list[int] = []
        _real_time_frames(app, frames, timed, landed, match)
        # a loaded machine may run the phones' or bots' processes late: the window goes on
        # (bounded) until a move has landed in it, so the landing frames are always measured
        deadline = time.monotonic() + LANDING_PATIENCE
        while not landed and time.monotonic() < deadline:
            _real_time_frames(app, 1, timed, landed, match)
        numbers = {"cpu_ms_p50": percentile(timed.cpu_ms, 0.5),
                   "cpu_ms_p99": percentile(timed.cpu_ms, 0.99), "cpu_ms_max": max(timed.cpu_ms)}
        landing = [timed.cpu_ms[i] for i in landed]
        if landing:
            numbers.update({"landing_ms_p50": percentile(landing, 0.5),
                            "landing_ms_p99": percentile(landing, 0.99),
                            "landing_ms_max": max(landing)})
        if phones:
            numbers.update({"pump_ms_p50": percentile(pump_ms, 0.5),
                            "pump_ms_p99": percentile(pump_ms, 0.99), "pump_ms_max": max(pump_ms)})
        numbers = {key: round(value, 3) for key, value in numbers.items()}
        numbers["moves"] = match.seq - seq
        numbers["landing_frames"] = len(landing)
        return numbers
    finally:
        while app.stack:                      # the play screen leaves: its server stops
            app.pop()
        if robots is not None:                # the phones' table closed: they stop
            try:
                robots.wait(10)
            except subprocess.TimeoutExpired:
                robots.kill()
                robots.wait(10)


def run(quick: bool = False) -> dict:
    """``tv_<table>_{phones,bots}_cpu_ms_{p50,p99,max}`` (every frame), the frames in which
    a move landed (``..._landing_ms_{p50,p99,max}``, ``..._landing_frames``) and the moves
    that landed while timed (``..._moves``), for each table of ``TABLES``."""
    frames = 45 if quick else 600       # quick (the test): three quarters of a second a table
    numbers: dict = {}
    with _phones_on_loopback(), headless_app(bot_delay_ms=int(PACE * 1000)) as app:
        app.resize(SIZE)
        for name in TABLES:
            for phones in (False, True):
                label = f"tv_{name}_{'phones' if phones else 'bots'}"
                for key, value in _measure(app, name, phones, frames).items():
                    numbers[f"{label}_{key}"] = value
    numbers["tv_frames"] = frames
    numbers["tv_target_p99_ms"] = 4.0
    # CPU times grow on a machine whose cores are shared: read them with its load
    numbers["tv_load_average_1min"] = round(os.getloadavg()[0], 2)
    return numbers

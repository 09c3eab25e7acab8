"""Bench section "phone": phone seats (issue 27), over loopback with scripted phones.

* ``page_*``: the first load of a seat's page as a phone makes it (the page, its style and
  scripts, the words at ``/w``), bytes on the wire with gzip and without; target <= 300 kB.
  ``page_external_refs``: addresses outside the table the page's files name (target 0).
* ``join_ms_*``: from asking for the seat's page to holding the seat with its first view (a
  scripted phone: the page's files, ``/w``, the WebSocket, hello, ``seat``, ``view``), over
  repeated joins of one seat; target <= 3 s. ``join_browser_ms``: the same in headless
  Chromium (page load to the seat drawn), when Chromium and Playwright are there.
* ``tap_ms_*``: a move sent by a phone until the view that acknowledges it arrives, with 8
  phones playing a whole Railroad Ink game (lake) at a headless host
  (``run.py host --headless --phones 8``), each phone thinking about ``PACE`` s before a
  move (spread from 2/3 to 4/3 of it over the phones); target p95 <= 150 ms.
* ``party32_*``: 32 phone seats play a whole Railroad Ink game at one headless host, each
  thinking about ``PARTY_PACE`` s before a drawing (quick mode: one round);
  ``party32_host_cpu_cores``: the host process's CPU time over the game's wall time (target
  below one core); ``party32_tap_ms_p95``: a drawing's answer while 32 phones draw at once.
  The 32 scripted phones run in this process, on the same machine as the host.
* ``tv_<table>_<phones|bots>_cpu_ms_{p50,p99,max}``: the table's screen (a real client at
  1920x1080) while 8 phones play a Railroad Ink table (lake) and 6 a Metro table (hand of
  three), each phone thinking about 1.5 s before a move; the same tables with the seats as
  the client's bots (their moves landing after 1.5 s) are the baseline. The main thread's CPU
  per frame, every frame drawn (``game.benchmarks.phone_tv``; target p99 <= 4 ms, unchanged
  by the phones). ``tv_<table>_phones_pump_ms_*``: the phones' share of those frames (the
  phone table's ``pump``: their moves landing on the table, their views built and sent).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from game.benchmarks.measure import percentile
from game.phone.robot import PhoneRobot, play_seats, split_url

SECTION = "phone"
ROOT = Path(__file__).resolve().parents[2]
PACE = 0.15          # s a scripted phone thinks before each move (a quick player)
PARTY_PACE = 0.3


class HostProcess:
    """``run.py host GAME --headless --phones K`` on loopback, its lines read as they come."""

    def __init__(self, game: str, *extra: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "run.py"), "host", game, "--headless", "--port", "0",
             "--bind", "127.0.0.1", "--discovery-port", "-1", "--phone-port", "0",
             "--phone-bind", "127.0.0.1", "--no-phone-hints", "--phone-language", "en",
             *extra], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.seats: list[dict] = []

    def read_seats(self, count: int) -> list[dict]:
        while len(self.seats) < count:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the host ended: {self.proc.stderr.read()[-400:]}")
            data = json.loads(line)
            if data["event"] == "phone_seat":
                self.seats.append(data)
        return self.seats

    def cpu_seconds(self) -> float:
        """User + system CPU of the host process so far (Linux /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


async def _load_page(session, url: str, gzip: bool) -> tuple[int, list[str]]:
    """Bytes on the wire for the page's first load, and the files' text."""
    headers = {"Accept-Encoding": "gzip" if gzip else "identity"}
    total, texts = 0, []
    async with session.get(url, headers=headers, auto_decompress=False) as response:
        body = await response.read()
        total += len(body)
    base = split_url(url)[0]
    async with session.get(url, headers={"Accept-Encoding": "identity"}) as response:
        page = await response.text()
    texts.append(page)
    for ref in re.findall(r'(?:src|href)="(/[^"]+)"', page) + ["/w"]:
        async with session.get(base + ref, headers=headers, auto_decompress=False) as response:
            total += len(await response.read())
        async with session.get(base + ref, headers={"Accept-Encoding": "identity"}) as response:
            texts.append(await response.text())
    return total, texts


async def _page_numbers(url: str) -> dict:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        packed, texts = await _load_page(session, url, gzip=True)
        plain, _ = await _load_page(session, url, gzip=False)
    # the SVG namespace is a name, not an address anything is fetched from
    external = sum(len(re.findall(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", text.replace(
        "http://www.w3.org/2000/svg", ""))) for text in texts)
    return {"page_bytes_gzip": packed, "page_bytes_plain": plain,
            "page_external_refs": external}


async def _join_times(url: str, joins: int) -> list[float]:
    import aiohttp

    times = []
    async with aiohttp.ClientSession() as session:
        for _ in range(joins):
            started = time.perf_counter()
            await _load_page(session, url, gzip=True)
            robot = PhoneRobot(*split_url(url), device="bench-phone")
            first = await robot.connect(session)
            if first.get("type") != "seat":
                raise RuntimeError(f"not seated: {first}")
            while robot.view is None:
                await robot.receive()
            times.append((time.perf_counter() - started) * 1000)
            await robot.close()
            await asyncio.sleep(0.05)
    return times


def _browser_join_ms(url: str) -> float | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    chromium = next((path for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser")
                     if Path(path).exists()), None)
    if chromium is None:
        return None
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True)
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_function("() => window.TL && TL.state.seat && TL.state.view "
                               "&& document.querySelector('#board svg')", timeout=20000)
        elapsed = (time.perf_counter() - started) * 1000
        browser.close()
    return elapsed


def _phones_play(count: int, pace: float, timeout: float, quick: bool, *extra: str):
    """``count`` scripted phones play every seat of a headless Railroad Ink host (``extra``:
    its other options) to the end, or through one round when ``quick``: the robots, their
    taps' answers in ms, the wall-clock seconds and the host's CPU seconds of the play."""
    host = HostProcess("railroad-ink", "--players", str(count), "--phones", str(count), *extra)
    try:
        urls = [seat["url"] for seat in host.read_seats(count)]
        cpu_before, started = host.cpu_seconds(), time.perf_counter()
        robots = asyncio.run(play_seats(urls, pace, timeout, rounds=1 if quick else None))
        wall = time.perf_counter() - started
        cpu = host.cpu_seconds() - cpu_before
    finally:
        host.stop()
    taps = [latency * 1000 for robot in robots for latency in robot.latencies]
    return robots, taps, wall, cpu


def run(quick: bool = False, tv: bool = True) -> dict:
    """The section's numbers; ``tv=False`` leaves out the TV's frames (``phone_tv``, which a
    test runs on its own)."""
    numbers: dict = {}
    # the page and joining: a two-seat Metro table, one phone seat
    host = HostProcess("metro", "--players", "2", "--phones", "1", "--bots", "1")
    try:
        url = host.read_seats(1)[0]["url"]
        numbers.update(asyncio.run(_page_numbers(url)))
        joins = asyncio.run(_join_times(url, 5 if quick else 30))
        numbers["join_ms_median"] = round(percentile(joins, 0.5), 1)
        numbers["join_ms_p95"] = round(percentile(joins, 0.95), 1)
        if not quick:
            browser = _browser_join_ms(url)
            if browser is not None:
                numbers["join_browser_ms"] = round(browser, 1)
    finally:
        host.stop()

    # a tap's answer with 8 phones playing at once
    robots, taps, _wall, _cpu = _phones_play(8, PACE, 600, quick, "--expansion", "lake")
    numbers["tap_moves"] = len(taps)
    numbers["tap_ms_median"] = round(percentile(taps, 0.5), 1)
    numbers["tap_ms_p95"] = round(percentile(taps, 0.95), 1)
    numbers["tap_ms_max"] = round(max(taps), 1)

    # a party: 32 phone seats at one host
    robots, taps, wall, cpu = _phones_play(32, PARTY_PACE, 1800, quick, "--wait-limit", "600")
    numbers["party32_rounds"] = 1 if quick else robots[0].view["board"]["rounds"]
    numbers["party32_finished"] = all(robot.results is not None for robot in robots)
    numbers["party32_moves"] = len(taps)
    numbers["party32_wall_s"] = round(wall, 1)
    numbers["party32_host_cpu_s"] = round(cpu, 2)
    numbers["party32_host_cpu_cores"] = round(cpu / wall, 3)
    numbers["party32_tap_ms_p95"] = round(percentile(taps, 0.95), 1)

    # the table's screen while phones play
    if tv:
        from game.benchmarks import phone_tv

        numbers.update(phone_tv.run(quick))
    return numbers

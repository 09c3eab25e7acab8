"""Screenshots of the table's screen (the TV) with phone seats (issue 27), to look at; taken by
``python -m tests.phone_shots OUTDIR`` after the phone pages (without Chromium: the QR codes
only).

* ``tv-links-2-<size>.png``: the QR codes as a Metro table with 2 phone seats starts (720p, 4K);
* ``tv-links-6-<size>[-page2].png``: a Railroad Ink table with 6 phone seats (two pages);
* ``tv-32-phones-1080p.png``: the play screen of a 32-seat Railroad Ink round played on phones:
  31 scripted phones (some done with the round, some still drawing) and a real phone page in
  headless Chromium for seat 0, whose screen in that round is ``phone-32-round.png``.

The client is the real one (dummy video driver), its phone server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TRACKLAYER_PHONE_BIND", "127.0.0.1")
os.environ.setdefault("TRACKLAYER_PHONE_PORT", "0")

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ida", "Jon", "Kai", "Lea",
         "Max", "Nina", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tess", "Ugo", "Vera", "Wim",
         "Xia", "Yuki", "Zoe", "Aiko", "Ben", "Carla", "Dev", "Elif", "Femi")
SIZES = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}


def make_app(home: Path, lang: str):
    from game.client.app import App
    from game.client.settings import Settings

    os.environ["TRACKLAYER_HOME"] = str(home)
    settings = Settings(home / "settings.json")
    settings.values.update({"bot_delay_ms": 0, "language": lang})
    return App(settings)


def phone_table(app, game: str, players: int, phones: int, variants=()):
    """A play screen whose first ``phones`` seats are phones (the others bots), pushed: the
    QR codes come up on its first frame."""
    from game.client.phone_play import PhonePlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    rules = get_game(game)
    seats = [SeatInfo(NAMES[i], "human", device="phone", colour=i % 8) if i < phones
             else SeatInfo(NAMES[i], "bot", level="random", colour=i % 8)
             for i in range(players)]
    match = Match.new(rules, rules.make_config(players, list(variants)), 11, seats)
    play = PhonePlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=1)
    return play


def close_all(app) -> None:
    while app.stack:
        app.pop()


def shoot_links(app, out: Path) -> list[Path]:
    shots = []
    for game, players, phones in (("metro", 3, 2), ("railroad-ink", 6, 6)):
        play = phone_table(app, game, players, phones)
        links = app.top
        for label in ("720p", "4k"):
            app.resize(SIZES[label])
            links.page = 0
            app.run(frames=2)
            shots.append(out / f"tv-links-{phones}-{label}.png")
            app.screenshot(shots[-1])
            if links.pages() > 1:
                links.on_activate(next(item for item in links.form.items if item.key == "next"))
                app.run(frames=2)
                shots.append(out / f"tv-links-{phones}-{label}-page2.png")
                app.screenshot(shots[-1])
        assert play.phones.serving
        close_all(app)
    return shots


class Guests(threading.Thread):
    """Scripted phones for ``urls`` (seats 1..): after ``go``, the first ``finishers`` end
    their round and the others make a few drawings; then they stay connected (the TV shows
    them here) until ``stop``."""

    def __init__(self, urls: list[str], finishers: int) -> None:
        super().__init__(daemon=True)
        self.urls, self.finishers = urls, finishers
        self.go, self.ready, self.stop = threading.Event(), threading.Event(), threading.Event()
        self.joined = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            self.error = exc
            self.ready.set()

    async def _play(self) -> None:
        import aiohttp

        from game.phone.robot import PhoneRobot, split_url

        async with aiohttp.ClientSession() as session:
            robots = [PhoneRobot(*split_url(url)) for url in self.urls]
            for robot in robots:
                await robot.connect(session)
            self.joined.set()
            while not self.go.is_set():
                await asyncio.sleep(0.02)

            async def draw(index: int, robot: PhoneRobot) -> None:
                while robot.view is None or not robot.view.get("turn"):
                    await robot.receive()
                moves = 99 if index < self.finishers else index % 4
                while robot.moves < moves and not robot.view["board"]["ended"]:
                    await robot.play(stop_after=robot.moves + 1, timeout=60)
                    await robot.settle()
            await asyncio.gather(*(draw(i, robot) for i, robot in enumerate(robots)))
            self.ready.set()
            while not self.stop.is_set():
                await asyncio.sleep(0.05)
            for robot in robots:
                await robot.close()


class ChromiumPhone(threading.Thread):
    """A real phone page (headless Chromium, on its own thread: Playwright's sync API stays
    on the thread that made it) for ``url``: it joins, draws ``drawings`` dice, picks a
    cell, and takes its screenshot when told to."""

    def __init__(self, url: str, path: Path, drawings: int) -> None:
        super().__init__(daemon=True)
        self.url, self.path, self.drawings = url, path, drawings
        self.joined, self.go, self.ready = threading.Event(), threading.Event(), threading.Event()
        self.shoot, self.shot, self.release = threading.Event(), threading.Event(), \
            threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        from playwright.sync_api import sync_playwright

        from tests.phone_browser import PhonePage, launch

        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                phone = PhonePage(browser, self.url)
                phone.seated(60)
                self.joined.set()
                self.go.wait(120)
                deadline = time.monotonic() + 90
                made = 0
                while made < self.drawings:
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"the phone made {made} drawings")
                    made += phone.play_step()
                    phone.page.wait_for_timeout(40)
                phone.tap("[data-cell]")
                phone.page.wait_for_timeout(350)
                self.ready.set()
                self.shoot.wait(120)
                phone.shot(self.path)
                self.shot.set()
                self.release.wait(120)        # connected while the TV's picture is taken
                browser.close()
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            self.error = exc
        finally:
            for event in (self.joined, self.ready, self.shot):
                event.set()


def run_frames_until(app, condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not in {seconds:g} s")
        app.run(frames=1)
        time.sleep(0.004)


def shoot_party(app, out: Path) -> list[Path]:
    """A 32-seat Railroad Ink round on phones: the TV and seat 0's phone."""
    app.resize(SIZES["1080p"])
    play = phone_table(app, "railroad-ink", 32, 32)
    links = play.phones
    phone = ChromiumPhone(links.link(0).url, out / "phone-32-round.png", drawings=2)
    guests = Guests([links.link(seat).url for seat in range(1, 32)], finishers=13)
    phone.start()
    guests.start()
    try:
        run_frames_until(app, lambda: phone.joined.is_set() and guests.joined.is_set()
                         and all(links.joined(seat) for seat in range(32)), 90, "joining")
        for worker in (phone, guests):
            if worker.error is not None:
                raise worker.error
        while app.top is not play:         # "Play": every guest is here
            app.pop()
        phone.go.set()
        guests.go.set()
        run_frames_until(app, lambda: phone.ready.is_set() and guests.ready.is_set(), 180,
                         "the round")
        for worker in (phone, guests):
            if worker.error is not None:
                raise worker.error
        app.run(frames=90)                   # the last drawings land and settle
        phone.shoot.set()
        run_frames_until(app, phone.shot.is_set, 60, "the phone's screenshot")
        app.run(frames=2)
        shot = out / "tv-32-phones-1080p.png"
        app.screenshot(shot)
        phone.release.set()
        if phone.error is not None:
            raise phone.error
        return [shot, phone.path]
    finally:
        guests.stop.set()
        for event in (phone.go, phone.shoot, phone.release):
            event.set()
        guests.join(20)
        close_all(app)
        phone.join(30)


def shoot(out: Path, lang: str, browser_ok: bool = True) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tv-shots-") as home:
        app = make_app(Path(home), lang)
        try:
            shots = shoot_links(app, out)
            if browser_ok:
                shots += shoot_party(app, out)
        finally:
            app.shutdown()
    return shots

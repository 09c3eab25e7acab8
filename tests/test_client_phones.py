"""Phone seats in the client (issue 27): table setup offers "Phone" as a seat's device; the
table opens on the phones' QR codes (short address and code beside each); a phone joins and
plays its seat through the real play screen; the TV never takes a phone seat's view (no
"Pass to Ann", its hand never drawn), says whose phone it waits for, and the pause menu shows
the codes again.

The client runs headless (dummy video); the phone is the scripted WebSocket phone of
``game.phone.robot`` on 127.0.0.1 (an ephemeral port), on a thread of its own."""

from __future__ import annotations

import asyncio
import threading
import time

import aiohttp
import pygame
import pytest

from tests.test_client_support import frames, key, make_app

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(autouse=True)
def _phones_on_loopback(monkeypatch):
    monkeypatch.setenv("TRACKLAYER_PHONE_BIND", "127.0.0.1")
    monkeypatch.setenv("TRACKLAYER_PHONE_PORT", "0")


class PhoneThread:
    """A scripted phone playing its seat on a thread (the client's frames run meanwhile)."""

    def __init__(self, url: str, stop_after: int | None = None) -> None:
        from game.phone.robot import PhoneRobot

        base, token = url.split("/p/")
        self.robot = PhoneRobot(base, token, device="guest-phone")
        self.stop_after = stop_after
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        async def play():
            async with aiohttp.ClientSession() as session:
                await self.robot.connect(session)
                await self.robot.play(stop_after=self.stop_after, timeout=180)
                await self.robot.settle()
                await self.robot.close()
        try:
            asyncio.run(play())
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc

    def done(self) -> bool:
        return not self.thread.is_alive()


def _setup(app, game, seats, **extra):
    from game.client.screens.setup import SetupScreen

    setup = SetupScreen(app, game, {"players": len(seats), "seats": seats, **extra})
    app.push(setup)
    frames(app, 1)
    return setup


def _start(app, setup) -> None:
    keys = [item.key for item in setup.form.items]
    setup.form.focus = keys.index("start")
    key(app, pygame.K_RETURN)


def _run_until(app, condition, seconds=120.0, watch=None) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the table did not get there in time"
        if watch is not None:
            watch()
        frames(app, 1)
        time.sleep(0.002)


def test_setup_offers_phone_and_the_table_opens_on_the_qr_codes(tmp_path):
    from game.client.phone_play import PhonePlayScreen
    from game.client.screens.phone_links import PhoneLinksScreen

    app = make_app(tmp_path)
    setup = _setup(app, "metro", [{"name": "Ann", "who": "human:phone", "colour": 0},
                                  {"name": "Bob", "who": "bot:random", "colour": 1}])
    assert "human:phone" in setup.who_options()
    assert setup.who_label("human:phone") == "Phone"
    _start(app, setup)
    links = app.top
    assert isinstance(links, PhoneLinksScreen) and links.start
    play = app.stack[-2]
    assert isinstance(play, PhonePlayScreen)
    link = play.phones.link(0)
    assert link.url.startswith("http://127.0.0.1:") and "/p/" in link.url
    frames(app, 2)
    app.screenshot(tmp_path / "qr.png")
    shot = pygame.image.load(str(tmp_path / "qr.png"))
    # the QR code: a white square with dark modules in the seat's card
    white = sum(1 for x in range(0, shot.get_width(), 4) for y in range(0, shot.get_height(), 4)
                if shot.get_at((x, y))[:3] == (255, 255, 255))
    assert white > 200
    # nothing moves while the guests scan: the bot waits with the table
    assert play.match.seq == 0
    phone = PhoneThread(link.url, stop_after=1)
    _run_until(app, lambda: play.phones.joined(0))
    _run_until(app, lambda: "✓" in _status(links, 0))
    key(app, pygame.K_RETURN)                                     # Play
    assert app.top is play
    _run_until(app, phone.done)
    assert phone.error is None and phone.robot.moves == 1
    assert play.match.log[0].seat == 0
    play.leave()


def _status(links, seat) -> str:
    phones = links.play.phones
    return "✓" if phones.connected(seat) else ""


def test_a_phone_seat_is_never_passed_to_nor_shown_on_the_tv(tmp_path):
    from game.client.screens.pass_device import PassDeviceScreen

    app = make_app(tmp_path)
    setup = _setup(app, "metro", [{"name": "Ann", "who": "human:phone", "colour": 0},
                                  {"name": "Cleo", "who": "human:mouse+keyboard", "colour": 2},
                                  {"name": "Bob", "who": "bot:random", "colour": 1}],
                   options={"hand": 2})
    _start(app, setup)
    play = app.stack[-2]
    assert play.human_seats() == [1] and not play.passing_needed()
    link = play.phones.link(0)
    phone = PhoneThread(link.url, stop_after=4)
    _run_until(app, lambda: play.phones.joined(0))
    key(app, pygame.K_RETURN)
    passes, viewers = [], set()

    def watch():
        viewers.add(play.viewer)
        if isinstance(app.top, PassDeviceScreen):
            passes.append(app.top.seat)
        if 1 in play.match.to_act() and app.top is play and not play.match.is_over():
            game = play.match.game
            move = game.legal_moves(play.match.view(1), 1)[0]   # Cleo, at the TV
            play.propose(1, move)
    _run_until(app, phone.done, watch=watch)
    assert phone.error is None and phone.robot.moves == 4
    assert not passes                     # no "Pass to Ann", nor to Cleo
    assert 0 not in viewers               # the TV never showed Ann's hand
    assert play.others_turn_line(0) in ("Ann plays on their phone", "Waiting for Ann's phone")
    play.leave()


def test_a_phone_plays_a_whole_railroad_ink_game_with_the_tv(tmp_path):
    from game.client.screens.results import ResultsScreen

    app = make_app(tmp_path)
    setup = _setup(app, "railroad-ink", [{"name": "Ann", "who": "human:phone", "colour": 0},
                                         {"name": "Bob", "who": "bot:random", "colour": 1}])
    _start(app, setup)
    play = app.stack[-2]
    phone = PhoneThread(play.phones.link(0).url)
    _run_until(app, lambda: play.phones.joined(0))
    key(app, pygame.K_RETURN)
    frames(app, 3)
    app.screenshot(tmp_path / "tv.png")
    assert play.seat_status(0) in ("Phone connected", "A bot plays for now")
    _run_until(app, lambda: isinstance(app.top, ResultsScreen), seconds=200)
    _run_until(app, phone.done)
    assert phone.error is None
    assert phone.robot.results["scores"] == list(play.match.scores()["scores"])


def test_the_pause_menu_shows_the_phones_codes_again(tmp_path):
    from game.client.screens.pause import PauseScreen
    from game.client.screens.phone_links import PhoneLinksScreen

    app = make_app(tmp_path)
    setup = _setup(app, "metromania", [{"name": "Ann", "who": "bot:random", "colour": 0},
                                       {"name": "Dan", "who": "human:phone", "colour": 3}])
    _start(app, setup)
    play = app.stack[-2]
    key(app, pygame.K_RETURN)                 # play without waiting for the phone
    assert app.top is play
    play.open_pause()
    pause = app.top
    assert isinstance(pause, PauseScreen)
    keys = [item.key for item in pause.form.items]
    assert "phones" in keys
    pause.form.focus = keys.index("phones")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PhoneLinksScreen) and not app.top.start
    assert play.others_turn_line(1) == "Waiting for Dan's phone"
    key(app, pygame.K_RETURN)                 # Back
    assert app.top is play
    # a phone that never came is waited on like one that left, then the bot plays the seat
    play.phones.table.wait_limit = 0.1
    _run_until(app, lambda: any(entry.seat == 1 for entry in play.match.log))
    assert play.phones.bot_plays(1) and play.others_turn_line(1) != "Waiting for Dan's phone"
    play.leave()


def test_the_phones_screen_and_phone_seat_words_fit_in_every_language(tmp_path, monkeypatch):
    from game.client import text
    from tests.test_i18n import LANGS, TextProbe

    app = make_app(tmp_path, language="en")
    seats = [{"name": "Annabelle-Mar", "who": "human:phone", "colour": i}
             for i in range(5)] + [{"name": "Bob", "who": "human:mouse", "colour": 5}]
    setup = _setup(app, "railroad-ink", seats)
    _start(app, setup)
    links, play = app.top, app.stack[-2]
    probe = TextProbe()
    probe.install(monkeypatch)
    try:
        for lang in LANGS:
            text.set_language(lang)
            app.settings.values["language"] = lang
            for page in range(links.pages()):
                links.page = page
                probe.start(lang, f"phone links page {page + 1}")
                probe.draw_stack(app, [links])
            probe.start(lang, "play with phone seats")
            probe.draw_stack(app, [play])
        problems = probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, "\n".join(sorted(set(problems))[:40])
        assert probe.rendered > 100          # the probe saw the screens' texts
    finally:
        text.set_language("en")
        play.leave()


def test_a_resumed_table_with_a_phone_seat_serves_it_again(tmp_path):
    from game.client.phone_play import PhonePlayScreen
    from game.client.screens.resume import resume_into_play

    app = make_app(tmp_path)
    setup = _setup(app, "metro", [{"name": "Ann", "who": "human:phone", "colour": 0},
                                  {"name": "Bob", "who": "bot:random", "colour": 1}])
    _start(app, setup)
    play = app.stack[-2]
    old_link = play.phones.link(0)
    phone = PhoneThread(old_link.url, stop_after=2)
    _run_until(app, lambda: play.phones.joined(0))
    key(app, pygame.K_RETURN)
    _run_until(app, phone.done)
    path = play.autosaver.path
    seq = play.match.seq
    play.leave()
    app.stack = []
    assert resume_into_play(app, path) is None
    resumed = next(s for s in app.stack if isinstance(s, PhonePlayScreen))
    assert resumed.match.seq == seq and resumed.phone_seat_numbers == [0]
    assert resumed.phones.link(0).token != old_link.token      # new codes to scan
    resumed.leave()


def test_the_tv_shows_a_phone_seats_sheet_as_played_on_its_phone(tmp_path, monkeypatch):
    """A Railroad Ink table whose two seats are phones: the TV draws Ann's sheet, but nothing
    of a player at the TV — no cursor help ("Click: Draw"), no die picked or piece named, no
    Hint button (the hint is on the phones) — and her status says how her phone is (connected
    or away, not "thinking" as for a bot)."""
    from game.client import fonts

    app = make_app(tmp_path)
    setup = _setup(app, "railroad-ink", [{"name": "Ann", "who": "human:phone", "colour": 0},
                                         {"name": "Bob", "who": "human:phone", "colour": 1}])
    _start(app, setup)
    play = app.stack[-2]
    phone = PhoneThread(play.phones.link(0).url, stop_after=1)
    _run_until(app, lambda: play.phones.connected(0))
    drawn: list[str] = []
    render = fonts.render

    def recorded(value, *args, **kwargs):
        drawn.append(str(value))
        return render(value, *args, **kwargs)
    monkeypatch.setattr(fonts, "render", recorded)
    key(app, pygame.K_RETURN)                 # Play: the TV draws the table from here on
    _run_until(app, phone.done)
    assert phone.error is None and phone.robot.moves == 1
    frames(app, 3)
    assert drawn, "the TV drew no text"
    assert not play.coach.offered()
    assert not [text for text in drawn if "Click" in text or text.startswith("Hint")]
    assert "drawing…" not in drawn and "thinking" not in drawn
    assert "Phone connected" in drawn or "Phone away" in drawn   # it left after its move
    play.leave()


def _qr_on_screen(shot: pygame.Surface, half: pygame.Rect) -> tuple[int, int, int]:
    """Where the QR code drawn in ``half`` of a screenshot is: the left and top of its dark
    modules and their width in pixels (they are the only near-black pixels inside the white
    box)."""
    whites = [(x, y) for x in range(half.left, half.right, 2)
              for y in range(half.top, half.bottom, 2) if shot.get_at((x, y))[:3] == (255,) * 3]
    box = pygame.Rect(min(x for x, _ in whites), min(y for _, y in whites), 0, 0)
    box.width = max(x for x, _ in whites) - box.x
    box.height = max(y for _, y in whites) - box.y
    dark = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
            if sum(shot.get_at((x, y))[:3]) < 100]
    left, top = min(x for x, _ in dark), min(y for _, y in dark)
    width = max(x for x, _ in dark) + 1 - left
    return left, top, width


def test_the_tv_draws_each_seats_link_as_a_qr_code_big_enough_to_scan(tmp_path):
    """At 1080p a table with two phone seats shows each seat's QR code with whole-pixel
    modules of at least 6 px (scannable from across the room), and the modules drawn are the
    seat's link's (read back from the screenshot, module by module)."""
    app = make_app(tmp_path)
    setup = _setup(app, "metro", [{"name": "Ann", "who": "human:phone", "colour": 0},
                                  {"name": "Bob", "who": "human:phone", "colour": 1}])
    _start(app, setup)
    play = app.stack[-2]
    app.resize((1920, 1080))
    frames(app, 2)
    app.screenshot(tmp_path / "links.png")
    shot = pygame.image.load(str(tmp_path / "links.png"))
    assert shot.get_size() == (1920, 1080)
    for seat, half in ((0, pygame.Rect(0, 150, 960, 700)), (1, pygame.Rect(960, 150, 960, 700))):
        matrix = play.phones.qr_matrix(seat)
        left, top, width = _qr_on_screen(shot, half)
        module = width / len(matrix)
        assert module == int(module) and module >= 6, module
        drawn = [[sum(shot.get_at((int(left + (col + 0.5) * module),
                                   int(top + (row + 0.5) * module)))[:3]) < 100
                  for col in range(len(matrix))] for row in range(len(matrix))]
        assert drawn == matrix
    play.leave()


def test_the_qr_pages_turn_by_themselves(tmp_path):
    """Six phone seats take two pages of codes: the guests of the second page see theirs
    without anyone at the keyboard (the pages turn every few seconds), and › still turns at
    once."""
    from game.client.screens.phone_links import PAGE_SECONDS
    from tests.test_client_support import step

    app = make_app(tmp_path)
    setup = _setup(app, "railroad-ink", [{"name": f"P{i}", "who": "human:phone", "colour": i}
                                         for i in range(6)])
    _start(app, setup)
    links, play = app.top, app.stack[-2]
    assert links.pages() == 2 and links.page == 0
    for _ in range(int(PAGE_SECONDS / 0.5) + 1):
        step(app, 0.5)
    assert links.page == 1
    links.on_activate(next(item for item in links.form.items if item.key == "next"))
    assert links.page == 0
    step(app, 0.5)
    assert links.page == 0                    # a page turned by hand stays its full time
    play.leave()

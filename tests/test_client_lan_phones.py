"""Phone seats at a LAN table (issue 27), through the real client: the host's lobby sets a seat
to "Phone" by key presses and the host serves it; a joiner's lobby does the same for one of its
own seats and the joiner serves it. The phone is the scripted WebSocket phone of
``game.phone.robot`` on a thread (127.0.0.1, ephemeral ports); the windows are in-process
``App``s driven by events, as in tests/test_client_lan.py.

What is checked: a phone plays its seat to the end of a Metro game with secret hands from the
host, and of a Railroad Ink game from a joiner; the TV never takes the phone seat's view (no
"Pass to", its hand's caption never drawn) and the other machine never holds that hand; a move
refused by the joiner's rules and one refused later by the host (while the pause menu covers
the joiner's table) both reach the phone at once with their reason; a phone that drops is
waited on, then played by the serving machine's bot, and gets its seat back with the same
link. Every wait is an event with a generous bound."""

from __future__ import annotations

import asyncio
import threading
import time

import aiohttp
import pygame
import pytest

from game.client import fonts
from game.client.screens.netplay import NetPlayScreen
from game.client.screens.lobby import HostLobbyScreen, LanSetupScreen
from game.client.screens.net_lobby import JoinedLobbyScreen
from game.client.screens.pass_device import PassDeviceScreen
from game.client.screens.pause import PauseScreen
from game.client.screens.phone_links import PhoneLinksScreen
from game.client.text import illegal, t
from game.phone.games.metro import robot_move as metro_move
from game.phone.robot import PhoneRobot
from game.rules.core import IllegalMove
from game.rules.metro.board import square_name
from game.rules.metro.game import HIDDEN_TILE
from net.protocol import messages as ids
from net.client import ClientConnection
from net.host import HostServer
from net.protocol.lobby import Slot
from tests.patience import PATIENCE
from tests.test_client_lan import _loopback, join_app_find, shot  # noqa: F401
from tests.test_client_phones import PhoneThread, _phones_on_loopback  # noqa: F401
from tests.test_client_support import click, key, make_app

pytestmark = pytest.mark.timeout(400)


def run_until(condition, apps=(), servers=(), seconds: float = 200.0, watch=None) -> None:
    """Frames of the apps (and pumps of the headless tables) until ``condition()`` holds;
    ``watch()`` after every round (an event with a generous bound, never a claim on speed)."""
    deadline = time.monotonic() + max(seconds, PATIENCE)
    while not condition():
        assert time.monotonic() < deadline, "the table did not get there in time"
        for server in servers:
            server.pump(0.002)
        for app in apps:
            app.run(frames=1)
        if watch is not None:
            watch()
        time.sleep(0.002)


def focus(app, form_screen, key_name: str) -> None:
    """Walk the form's focus with the arrow keys to the item ``key_name``."""
    def focused() -> str:
        item = form_screen.form.focused
        return item.key if item is not None else ""
    for _ in range(2 * len(form_screen.form.items)):
        if focused() == key_name:
            return
        key(app, pygame.K_UP)
    assert focused() == key_name


def choose(app, form_screen, key_name: str, value: str, step=pygame.K_LEFT) -> None:
    """Step the focused choice with the arrow keys until it reads ``value``."""
    focus(app, form_screen, key_name)
    for _ in range(24):
        if form_screen.form.item(key_name).value == value:
            return
        key(app, step)
    assert form_screen.form.item(key_name).value == value


class DrawnTexts:
    """Every text each app draws (fonts.render, the root of all drawn text)."""

    def __init__(self, monkeypatch, apps: dict) -> None:
        self.texts = {name: set() for name in apps}
        self.drawing = None
        real_render = fonts.render

        def render(value, *args, **kwargs):
            if self.drawing is not None:
                self.texts[self.drawing].add(str(value))
            return real_render(value, *args, **kwargs)
        monkeypatch.setattr(fonts, "render", render)
        for name, app in apps.items():
            def draw(_name=name, _real=app.draw):
                self.drawing = _name
                try:
                    _real()
                finally:
                    self.drawing = None
            app.draw = draw


# -- (a) the host serves a phone seat: Metro with secret hands --------------------------------
def metro_hands_setup(app, seats: list[tuple[str, str]]) -> LanSetupScreen:
    """The LAN setup of a Metro table with hands of two, its seats ``(name, who)`` in
    order (colours by seat), shown for a frame."""
    setup = LanSetupScreen(app, "metro", {
        "players": len(seats), "options": {"hand": 2},
        "seats": [{"name": name, "who": who, "colour": colour}
                  for colour, (name, who) in enumerate(seats)]})
    app.push(setup)
    app.run(frames=1)
    return setup


def test_the_hosts_phone_seat_plays_a_secret_hand_metro_game(tmp_path, monkeypatch):
    host = make_app(tmp_path / "host", player_names=["Hana"])
    guest = make_app(tmp_path / "guest", player_names=["Gus"])
    drawn = DrawnTexts(monkeypatch, {"host": host, "guest": guest})
    phone = None
    try:
        setup = metro_hands_setup(host, [("Hana", "human:mouse+keyboard"), ("", "open:"),
                                         ("", "open:")])
        assert "human:phone" in setup.who_options()       # the LAN setup offers it too
        click(host, setup.form.item("start").rect.center)
        lobby = host.top
        assert isinstance(lobby, HostLobbyScreen)
        # the host makes the second seat a phone seat, with the arrow keys
        choose(host, lobby, "who:1", "human:phone")
        assert lobby.session.devices == {0: "mouse+keyboard", 1: "phone"}
        assert lobby.session.seats[1]["kind"] == "local"       # a seat of the host's machine
        assert t("phone_tv.lobby_note") in [toast.text for toast in host.toasts.items]
        shot(host, "host_lobby_phone")

        server = lobby.session.conn
        finder = join_app_find(guest)
        finder.join("127.0.0.1", server.port)
        run_until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine == [2],
                  apps=(host, guest))
        joined = guest.top
        choose(guest, joined, "who:2", "bot:random")         # Gus lets his bot play
        click(guest, joined.form.item("ready").rect.center)
        run_until(lambda: lobby.session.can_start, apps=(host, guest))
        click(host, lobby.form.item("start").rect.center)
        # the host's table opens on the phone's QR code; the guest plays on
        run_until(lambda: isinstance(host.top, PhoneLinksScreen)
                  and isinstance(guest.top, NetPlayScreen), apps=(host, guest))
        links, host_play, guest_play = host.top, host.stack[-2], guest.top
        assert isinstance(host_play, NetPlayScreen) and links.start
        assert host_play.human_seats() == [0] and not host_play.passing_needed()
        shot(host, "host_phone_links")
        link = host_play.phones.link(1)
        assert link.url.startswith("http://127.0.0.1:") and "/p/" in link.url
        phone = PhoneThread(link.url, stop_after=8)
        run_until(lambda: host_play.phones.connected(1), apps=(host, guest))
        key(host, pygame.K_RETURN)                                  # Play
        assert host.top is host_play

        passes, viewers, guest_viewers, hidden, lines = [], set(), set(), [], set()
        match, guest_match = host_play.match, guest_play.match
        shots: set[str] = set()

        def watch():
            viewers.add(host_play.board.viewer)
            guest_viewers.add(guest_play.board.viewer)
            if isinstance(host.top, PassDeviceScreen):
                passes.append(host.top.seat)
            if 1 in match.to_act() and host.top is host_play:
                lines.add(host_play.others_turn_line(1))
                if len(match.log) > 12 and "play" not in shots:
                    shots.add("play")
                    shot(host, "host_play_phone_turn")
            if guest_match.state.hands[1]:
                # the other machine never holds the phone seat's hand
                hidden.append(all(tile == HIDDEN_TILE for tile in guest_match.state.hands[1]))
            if (0 in match.to_act() and host.top is host_play and not match.is_over()
                    and not host_play.board.busy()):
                view = match.view(0)
                host_play.propose(0, match.game.legal_moves(view, 0)[0])    # Hana, at the TV
        # eight moves of the phone, a third of the game (the host's phone seat playing on to
        # the results is the dropped-phone test below, on the host's side)
        run_until(phone.done, apps=(host, guest), watch=watch, seconds=300)
        assert phone.error is None, phone.error
        assert phone.robot.moves == 8 and {e.seat for e in match.log} >= {0, 1, 2}
        assert not phone.robot.refusals
        assert not passes                          # never "Pass to" anyone
        assert viewers <= {0} and 1 not in guest_viewers      # nobody shows seat 1's hand
        assert hidden and all(hidden)
        # its turn is worded for the phone (and the seat is never "thinking")
        assert lines and lines <= {t("phone_tv.turn_phone", name="Player 2"),
                                   t("phone_tv.waiting", name="Player 2")}
        phone_caption = t("metro.hand_of", name=host_play.seat_name(1))
        assert t("metro.hand_of", name="Hana") in drawn.texts["host"]   # the probe sees hands
        assert phone_caption not in drawn.texts["host"] | drawn.texts["guest"]
        # the table now waits for a human (the phone, gone, or Hana, no longer moved): both
        # machines stand at the same move
        run_until(lambda: guest_match.seq == match.seq and set(match.to_act()) & {0, 1},
                  apps=(host, guest))
        assert guest_match.hash() == match.hash()
    finally:
        host.shutdown()
        guest.shutdown()


# -- (b) a joiner serves a phone seat: Railroad Ink, to the end ------------------------------
def joined_with_a_phone_seat(tmp_path, game: str):
    """A headless host (its bot in seat 0, seat 1 open) and a guest window whose seat is set to
    Phone with the arrow keys; started; the guest's table opens on the QR code."""
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random"), Slot()]
    server = HostServer.create(game, 2, seats=slots, port=0, bind="127.0.0.1", name="Hosty")
    guest = make_app(tmp_path, player_names=["Gus"])
    finder = join_app_find(guest)
    finder.join("127.0.0.1", server.port)
    run_until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine == [1],
              apps=(guest,), servers=(server,))
    joined = guest.top
    assert "human:phone" in joined.who_options()
    choose(guest, joined, "who:1", "human:phone", step=pygame.K_RIGHT)
    assert joined.session.devices == {1: "phone"} and not joined.session.local_bots
    shot(guest, "joined_lobby_phone")
    click(guest, joined.form.item("ready").rect.center)
    run_until(lambda: server.endpoint.can_start(), apps=(guest,), servers=(server,))
    assert server.start_game()
    run_until(lambda: isinstance(guest.top, PhoneLinksScreen), apps=(guest,), servers=(server,))
    play = guest.stack[-2]
    assert isinstance(play, NetPlayScreen) and play.phone_seat_numbers == [1]
    assert play.human_seats() == []
    return server, guest, play


def test_a_joiner_serves_its_phone_seat_through_a_whole_railroad_ink_game(tmp_path):
    from game.client.screens.netplay import LanResultsScreen

    server, guest, play = joined_with_a_phone_seat(tmp_path, "railroad-ink")
    try:
        shot(guest, "joiner_phone_links")
        phone = PhoneThread(play.phones.link(1).url)
        run_until(lambda: play.phones.connected(1), apps=(guest,), servers=(server,))
        key(guest, pygame.K_RETURN)
        assert guest.top is play
        assert play.seat_status(1) == t("phone_tv.status_here")
        # the pause menu covers the table, which goes on: so do the phone's moves
        run_until(lambda: phone_moves(play.match, 1) >= 3, apps=(guest,), servers=(server,))
        key(guest, pygame.K_ESCAPE)
        assert isinstance(guest.top, PauseScreen)
        before = phone_moves(play.match, 1)
        run_until(lambda: phone_moves(play.match, 1) >= before + 3 or play.match.is_over(),
                  apps=(guest,), servers=(server,))
        assert isinstance(guest.top, PauseScreen)
        key(guest, pygame.K_ESCAPE)
        assert guest.top is play
        run_until(lambda: isinstance(guest.top, LanResultsScreen), apps=(guest,),
                  servers=(server,), seconds=300)
        run_until(phone.done, apps=(guest,), servers=(server,), seconds=60)
        assert phone.error is None, phone.error
        host_match = server.endpoint.match
        assert phone.robot.results["scores"] == list(host_match.scores()["scores"])
        assert phone.robot.moves > 10 and not phone.robot.refusals
        # every move of the phone's seat was the phone's (no bot stood in)
        assert not play.session.local_bots
        run_until(lambda: play.match.seq == server.endpoint.seq, apps=(guest,),
                  servers=(server,))
        assert play.match.hash() == host_match.hash()
    finally:
        server.close()
        guest.shutdown()


def phone_moves(match, seat: int) -> int:
    return sum(1 for entry in match.log if entry.seat == seat)


# -- item 3: refusals reach the phone, the rules' at once and the host's later, under a menu --
class ScriptedPhone:
    """A phone that sends a move its seat's rules refuse, then a legal one, and waits for
    each answer (on a thread; ``done`` when both were answered)."""

    def __init__(self, url: str, bad_square: str) -> None:
        base, token = url.split("/p/")
        self.robot = PhoneRobot(base, token, device="guest-phone")
        self.bad_square = bad_square
        self.bad = self.good = ""
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self.thread.start()

    async def _run(self) -> None:
        robot = self.robot
        try:
            async with aiohttp.ClientSession() as session:
                await robot.connect(session)
                while not (robot.view and robot.view.get("turn")):
                    await robot.receive()
                board = robot.view["board"]
                tile = sorted(board["legal"])[0]
                self.bad = f"{tile}@{self.bad_square}"
                await robot.move(self.bad)
                await robot.settle()
                self.good = await metro_move(board, {}, robot.ask)
                await robot.move(self.good)
                await robot.settle(timeout=120)
                await robot.close()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc

    def done(self) -> bool:
        return not self.thread.is_alive()


def test_refusals_reach_a_joiners_phone_from_its_rules_and_from_the_host(tmp_path):
    server, guest, play = joined_with_a_phone_seat(tmp_path, "metro")
    match = play.match
    try:
        key(guest, pygame.K_RETURN)                   # play without waiting for the phone
        assert guest.top is play
        # the host's bot moves first or not; then the table waits for the phone's seat
        run_until(lambda: list(server.endpoint.match.to_act()) == [1]
                  and match.seq == server.endpoint.seq and list(match.to_act()) == [1],
                  apps=(guest,), servers=(server,))
        assert play.others_turn_line(1) == t("phone_tv.waiting", name="Gus")
        assert play.seat_status(1) == t("phone_tv.status_away")
        shot(guest, "joiner_waiting_for_phone")
        # the pause menu shows the phone's code again
        key(guest, pygame.K_ESCAPE)
        pause = guest.top
        assert isinstance(pause, PauseScreen)
        click(guest, pause.form.item("phones").rect.center)
        links = guest.top
        assert isinstance(links, PhoneLinksScreen) and not links.start
        key(guest, pygame.K_RETURN)                   # Back
        assert guest.top is play
        centre = square_name(27)           # D4: part of the central station
        # from here the host reads nothing until the phone's legal move has been sent
        phone = ScriptedPhone(play.phones.link(1).url, centre)
        run_until(lambda: phone.robot.refusals and phone.good and play.session.waiting_for(1),
                  apps=(guest,), seconds=60)
        rules_refusal = phone.robot.refusals[0]
        with pytest.raises(IllegalMove) as expected:
            match.check(1, match.game.parse_move(phone.bad))
        assert rules_refusal["code"] == expected.value.code == "central_square"
        assert rules_refusal["reason"] == illegal(expected.value, "metro")
        # Gus opens the pause menu: the table goes on under it, and so do its phone's answers
        key(guest, pygame.K_ESCAPE)
        assert isinstance(guest.top, PauseScreen)
        # the host gives the seat to its bot before it reads the phone's move: it refuses it,
        # and the phone hears it at once, not once the menu closes (nor "answered" first)
        server.hand_to_bot(1, "random")
        run_until(phone.done, apps=(guest,), servers=(server,), seconds=60)
        assert isinstance(guest.top, PauseScreen)        # the menu never closed meanwhile
        assert phone.error is None, phone.error
        host_refusal = phone.robot.refusals[-1]
        assert len(phone.robot.refusals) == 2
        assert host_refusal["code"] == ids.R_NOT_YOUR_SEAT
        assert host_refusal["reason"] == t("net.not_your_seat", seat=2)
        assert host_refusal["n"] == phone.robot.n        # the answer to that very move
        # the refusal was the phone's business: the TV does not toast it once the menu closes
        key(guest, pygame.K_ESCAPE)
        assert guest.top is play
        guest.run(frames=2)
        assert t("net.not_your_seat", seat=2) not in [x.text for x in guest.toasts.items]
    finally:
        server.close()
        guest.shutdown()


# -- (c) a phone drops, is waited on, a bot plays, the phone comes back ----------------------
def hosted_with_a_phone_seat(tmp_path):
    """The host's window with seat 0 a phone seat (chosen in the LAN setup), Bob's headless
    client (his bot plays) in seat 1; started; the host's table opens on the QR code."""
    host = make_app(tmp_path, player_names=["Ann"])
    setup = LanSetupScreen(host, "metro", {
        "players": 2, "seats": [{"name": "Gus", "who": "human:mouse+keyboard", "colour": 0},
                                {"name": "", "who": "open:", "colour": 1}]})
    host.push(setup)
    host.run(frames=1)
    choose(host, setup, "who:0", "human:phone", step=pygame.K_RIGHT)
    click(host, setup.form.item("start").rect.center)
    lobby = host.top
    assert isinstance(lobby, HostLobbyScreen) and lobby.session.devices == {0: "phone"}
    bob = ClientConnection.connect("127.0.0.1", lobby.session.port, name="Bob",
                                   auto_bot="random")
    run_until(lambda: lobby.session.seats[1]["kind"] == "remote", apps=(host,), servers=(bob,))
    bob.set_ready(True)
    run_until(lambda: lobby.session.can_start, apps=(host,), servers=(bob,))
    click(host, lobby.form.item("start").rect.center)
    run_until(lambda: isinstance(host.top, PhoneLinksScreen), apps=(host,), servers=(bob,))
    return bob, host, host.stack[-2], 0


@pytest.mark.parametrize("side", ["host", "joiner"])
def test_a_phone_that_drops_is_waited_on_then_botted_and_gets_its_seat_back(tmp_path, side):
    from game.client.screens.netplay import LanResultsScreen

    if side == "host":
        other, app, play, seat = hosted_with_a_phone_seat(tmp_path)
    else:
        other, app, play = joined_with_a_phone_seat(tmp_path, "metro")
        seat = 1
    match = play.match
    try:
        url = play.phones.link(seat).url
        first = PhoneThread(url, stop_after=2)
        run_until(lambda: play.phones.connected(seat), apps=(app,), servers=(other,))
        key(app, pygame.K_RETURN)
        assert app.top is play
        run_until(first.done, apps=(app,), servers=(other,))
        assert first.error is None and first.robot.moves == 2
        # the phone is gone (its page closed): the table waits for it, and says so
        run_until(lambda: not play.phones.connected(seat) and seat in match.to_act()
                  and not match.is_over(), apps=(app,), servers=(other,))
        name = play.seat_name(seat)
        assert play.others_turn_line(seat) == t("phone_tv.waiting", name=name)
        assert play.seat_status(seat) == t("phone_tv.status_away")
        # past the wait limit the serving machine's bot plays the seat meanwhile
        moved_by_phone = sum(1 for entry in match.log if entry.seat == seat)
        play.phones.table.wait_limit = 0.2
        run_until(lambda: sum(1 for entry in match.log if entry.seat == seat) > moved_by_phone,
                  apps=(app,), servers=(other,))
        assert play.phones.bot_plays(seat)
        level = t("level.normal")                # the stand-in bot's level, said on the TV
        assert play.seat_status(seat) == t("lan.st.bot", level=level)
        if side == "joiner":
            assert seat in play.session.local_bots        # the joiner's own bot
        else:
            assert play.session.conn.endpoint.slots[seat].bot_level    # the host's bot
        # the same link again: the seat is the phone's, and it plays on to the end
        back = PhoneThread(url)
        run_until(lambda: play.phones.connected(seat), apps=(app,), servers=(other,))
        run_until(lambda: not play.phones.bot_plays(seat), apps=(app,), servers=(other,))
        assert play.seat_status(seat) == t("phone_tv.status_here")
        run_until(lambda: isinstance(app.top, LanResultsScreen), apps=(app,), servers=(other,),
                  seconds=300)
        run_until(back.done, apps=(app,), servers=(other,), seconds=60)
        assert back.error is None, back.error
        assert back.robot.seat_message["seat"] == seat and back.robot.moves >= 1
        assert back.robot.results["scores"] == list(match.scores()["scores"])
    finally:
        other.close()
        app.shutdown()


def test_a_joiners_phones_keep_their_links_when_the_joiner_rejoins_after_a_lost_link(tmp_path):
    from game.client.screens.netplay import LanResultsScreen
    from game.client.screens.net_notice import ConnectionLostScreen

    server, guest, play = joined_with_a_phone_seat(tmp_path, "metro")
    try:
        phones = play.phones
        phone = PhoneThread(phones.link(1).url)
        run_until(lambda: phones.connected(1), apps=(guest,), servers=(server,))
        key(guest, pygame.K_RETURN)
        run_until(lambda: phone_moves(play.match, 1) >= 2, apps=(guest,), servers=(server,))
        # the network drops the guest's machine (no goodbye); its player presses Rejoin
        link = next(iter(server.conns))
        server._drop(link)
        server.endpoint.on_disconnect(link)
        run_until(lambda: isinstance(guest.top, ConnectionLostScreen), apps=(guest,),
                  servers=(server,))
        key(guest, pygame.K_RETURN)
        run_until(lambda: isinstance(guest.top, NetPlayScreen) and guest.top is not play,
                  apps=(guest,), servers=(server,))
        again = guest.top
        assert again.phones is phones and phones.serving    # the same server and links
        assert phones.connected(1)                          # the phone never had to rescan
        run_until(lambda: isinstance(guest.top, LanResultsScreen), apps=(guest,),
                  servers=(server,), seconds=300)
        run_until(phone.done, apps=(guest,), servers=(server,), seconds=60)
        assert phone.error is None, phone.error
        assert phone.robot.results["scores"] == list(server.endpoint.match.scores()["scores"])
        seated = [m for m in phone.robot.received if m.get("type") == "seat"]
        assert {m["seat"] for m in seated} == {1}
    finally:
        server.close()
        guest.shutdown()


def test_lan_phone_seat_words_fit_in_every_language(tmp_path, monkeypatch):
    """The host's and the joiner's lobbies with a phone seat, their QR screens and play
    screens, drawn in all six languages with the language test's probe (long names)."""
    from game.client import text as catalog
    from tests.test_i18n import LANGS, TextProbe

    host = make_app(tmp_path / "host", language="en")
    guest = make_app(tmp_path / "guest", language="en", player_names=["Cleopatra Smith"])
    try:
        setup = metro_hands_setup(host, [("Annabelle-Mar", "human:mouse+keyboard"),
                                         ("Bartholomew-X", "human:phone"), ("", "open:")])
        click(host, setup.form.item("start").rect.center)
        lobby = host.top
        assert lobby.session.devices == {0: "mouse+keyboard", 1: "phone"}
        finder = join_app_find(guest)
        finder.join("127.0.0.1", lobby.session.port)
        run_until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine == [2],
                  apps=(host, guest))
        joined = guest.top
        choose(guest, joined, "who:2", "human:phone", step=pygame.K_RIGHT)
        click(guest, joined.form.item("ready").rect.center)
        run_until(lambda: lobby.session.can_start, apps=(host, guest))
        probe = TextProbe()
        probe.install(monkeypatch)
        stacks = {"host lobby with a phone seat": (host, [lobby]),
                  "joined lobby with a phone seat": (guest, [joined])}
        try:
            for lang in LANGS:
                catalog.set_language(lang)
                for name, (app, stack) in stacks.items():
                    app.toasts.items = []
                    app.toasts.show(t("phone_tv.lobby_note"), "info")
                    probe.start(lang, name)
                    probe.draw_stack(app, stack)
        finally:
            catalog.set_language("en")
        problems = probe.problems + [o[5] for o in probe.overlaps]
        click(host, lobby.form.item("start").rect.center)
        run_until(lambda: isinstance(host.top, PhoneLinksScreen)
                  and isinstance(guest.top, PhoneLinksScreen), apps=(host, guest))
        probe.problems, probe.overlaps = [], []     # (the frames between are not probed)
        stacks = {"host phones": (host, [host.top]), "host play": (host, [host.stack[-2]]),
                  "joiner phones": (guest, [guest.top]),
                  "joiner play": (guest, [guest.stack[-2]])}
        try:
            for lang in LANGS:
                catalog.set_language(lang)
                for name, (app, stack) in stacks.items():
                    app.toasts.items = []
                    probe.start(lang, name)
                    probe.draw_stack(app, stack)
        finally:
            catalog.set_language("en")
        problems += probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, "\n".join(sorted(set(problems))[:40])
        assert probe.rendered > 200
    finally:
        host.shutdown()
        guest.shutdown()

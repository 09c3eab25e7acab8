"""The host's seat controls in the client and the words around them (issue 12): the LAN pause
menu does not say "Paused" and has *Seats*; a player's row opens its seat's controls; the host
gives a dropped seat to its player back as a spectator (who then plays it in their window);
the joined lobby focuses *I'm ready* once the seat arrives; the resume prompt of a guest's
save offers *Resume as LAN host* only when its table no longer answers."""

from __future__ import annotations

import pygame

from game.client.screens.netplay import NetPlayScreen
from game.client.screens.net_lobby import JoinedLobbyScreen
from game.client.screens.pause import PauseScreen
from game.client.screens.seat_control import SeatControlScreen, duration_text
from game.client.text import t
from net.protocol import messages as ids
from net.client import ClientConnection
from tests.test_client_lan import (_loopback, host_app_table, join_app_find, shot,  # noqa: F401
                                   until)
from tests.test_client_support import click, key, make_app


def hosted_game_with_bob(host):
    """Ann hosts in the window; Bob joins headless; the game starts."""
    lobby = host_app_table(host)
    server = lobby.session.conn
    bob = ClientConnection.connect("127.0.0.1", server.port, name="Bob")
    until(lambda: lobby.session.seats[1]["kind"] == "remote", apps=(host,), servers=(bob,))
    bob.set_ready(True)
    until(lambda: lobby.session.can_start, apps=(host,), servers=(bob,))
    click(host, lobby.form.item("start").rect.center)
    until(lambda: isinstance(host.top, NetPlayScreen), apps=(host,), servers=(bob,))
    return host.top, server, bob


def test_lan_pause_menu_has_seats_and_never_says_paused_and_rows_open_seat_controls(tmp_path):
    host = make_app(tmp_path, player_names=["Ann"])
    try:
        play, server, bob = hosted_game_with_bob(host)
        key(host, pygame.K_ESCAPE)
        pause = host.top
        assert isinstance(pause, PauseScreen)
        assert pause.title() == t("rejoin.menu_title_lan") != t("pause.title")
        assert "seats" in [item.key for item in pause.form.items]
        shot(host, "pause_lan_host")
        click(host, pause.form.item("seats").rect.center)
        seats = host.top
        assert isinstance(seats, SeatControlScreen) and seats.seat == 1
        # Bob is connected: a bot may play his seat, nothing to free or wait for
        keys = [item.key for item in seats.form.items]
        assert keys == ["seat", "level", "bot", "close"]
        shot(host, "seat_controls")
        click(host, seats.form.item("close").rect.center)
        assert host.top is play
        # a click on Bob's row opens the same controls for his seat
        click(host, play.board.seat_row(1).center)
        assert isinstance(host.top, SeatControlScreen) and host.top.seat == 1
        click(host, host.top.form.item("close").rect.center)
        click(host, play.board.seat_row(0).center)        # Ann's own row: nothing to control
        assert host.top is play
        bob.close()
    finally:
        host.shutdown()


def test_the_host_gives_a_dropped_seat_to_its_player_back_as_a_spectator(tmp_path):
    host = make_app(tmp_path / "ann", player_names=["Ann"])
    guest = make_app(tmp_path / "bob", player_names=["Bob"])
    try:
        play, server, bob = hosted_game_with_bob(host)
        bob.leave()             # Bob's laptop goes away (and his new one has no token)
        until(lambda: isinstance(host.top, SeatControlScreen), apps=(host,))
        dialog = host.top
        assert dialog.dropped and [i.key for i in dialog.form.items] == [
            "level", "bot", "free", "wait"]
        # Bob joins from the list: a game in progress is watched
        from game.client.screens.find_tables import FindTablesScreen

        finder = FindTablesScreen(guest)      # (the title would offer this process's saves)
        guest.push(finder)
        finder.local_players = 0
        finder.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, NetPlayScreen), apps=(host, guest))
        watching = guest.top
        assert watching.human_seats() == []
        until(lambda: any(i.key.startswith("give:") for i in host.top.form.items),
              apps=(host, guest))
        give = next(i for i in host.top.form.items if i.key.startswith("give:"))
        assert give.label() == t("rejoin.give_to", name="Bob (2)")
        assert host.top.form.focused is give       # Bob is back: one press seats him
        shot(host, "give_seat")
        click(host, give.rect.center)
        assert host.top is play
        until(lambda: isinstance(guest.top, NetPlayScreen) and guest.top is not watching
              and guest.top.human_seats() == [1], apps=(host, guest))
        assert server.endpoint.seating.statuses()[1] == ids.ST_CONNECTED
        mine = guest.top
        until(lambda: 1 in mine.match.to_act() or 0 in mine.match.to_act(), apps=(host, guest))
        shot(guest, "seated_back")
    finally:
        host.shutdown()
        guest.shutdown()


def test_joined_lobby_focuses_ready_once_the_seat_arrives(tmp_path):
    host = make_app(tmp_path / "ann", player_names=["Ann"])
    guest = make_app(tmp_path / "bob", player_names=["Bob"])
    try:
        lobby = host_app_table(host)
        finder = join_app_find(guest)
        finder.join("127.0.0.1", lobby.session.conn.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine,
              apps=(host, guest))
        assert guest.top.form.focused.key == "ready"
        key(guest, pygame.K_RETURN)
        until(lambda: lobby.session.can_start, apps=(host, guest))
    finally:
        host.shutdown()
        guest.shutdown()


def test_wait_durations_read_as_minutes_and_seconds():
    assert duration_text(0) == "0:00"
    assert duration_text(61.7) == "1:01"
    assert duration_text(725) == "12:05"


def test_resume_as_host_is_offered_only_when_the_guests_table_is_gone(tmp_path, monkeypatch):
    """A guest's save whose table no longer answers: after the look, *Resume as LAN host*."""
    import socket

    from game.client.screens.resume import ResumeScreen
    from game.match import Match
    from game.rules.metro import GAME
    from game.saves import list_resumable
    from game.saves.lan import start_net_autosave

    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path / "home"))
    match = Match.new(GAME, GAME.make_config(2), 5)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    listener.close()                           # nothing listens there any more
    start_net_autosave(match, "peer1", [0, 1], [1], key="k" * 32, address=("127.0.0.1", port))
    from game.bots.base import make_bot

    for _ in range(3):
        seat = match.to_act()[0]
        match.apply(seat, make_bot(GAME, seat, "random", 1).choose(match.view(seat)))
    app = make_app(tmp_path)
    try:
        prompt = ResumeScreen(app, list_resumable())
        app.push(prompt)
        assert prompt.offer.target["key"] == "k" * 32 and prompt.offer.target["name"] == ""
        until(lambda: prompt.offer.probe.done, apps=(app,))
        app.run(frames=1)
        assert [i.key for i in prompt.form.items][0] == "continue"
        assert prompt.form.items[0].label() == t("lan.resume_as_host")
    finally:
        app.shutdown()


def test_rejoin_and_seat_screens_fit_in_every_language(tmp_path, monkeypatch):
    """The new screens drawn in all six languages with the language test's probe: no tofu,
    no text outside its box (long names, spectators, a long wait)."""
    from types import SimpleNamespace

    from game.client import text as catalog
    from game.client.screens.lan_rejoin import RejoinScreen
    from game.client.screens.play import PlayScreen
    from game.client.screens.resume import ResumeScreen
    from game.match import Match, SeatInfo
    from game.rules.metro import GAME
    from game.saves import list_resumable
    from net.protocol.lobby import Slot
    from game.saves.lan import start_net_autosave
    from tests.test_i18n import LANGS, TextProbe

    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path / "home"))
    seats = [SeatInfo("Annabelle-Marie", "human", colour=0),
             SeatInfo("Cleopatra Smith", "human", colour=1), SeatInfo("Bo", "human", colour=2)]
    match = Match.new(GAME, GAME.make_config(3), 5, seats)
    start_net_autosave(match, "peer1", [0, 1, 2], [1], key="k" * 32,
                       address=("127.0.0.1", 1))
    infos = list_resumable()
    slots = [Slot(kind="local", name="Annabelle-Marie"), Slot(kind="remote", name="Cleo", peer=1),
             Slot(kind="open", name="Bo", bot_level="easy")]
    endpoint = SimpleNamespace(
        slots=slots, seat_holder=lambda seat: SimpleNamespace(conn=None) if seat == 1 else None,
        seat_waits=SimpleNamespace(waiting_on=lambda: {1: 754.0}),
        spectators=lambda: [(4, "Cleopatra Smith (2)"), (5, "Александра Петрова")])
    session = SimpleNamespace(is_host=True, conn=SimpleNamespace(endpoint=endpoint),
                              lock=lambda: __import__("contextlib").nullcontext(),
                              pump=lambda: [])
    probe = TextProbe()
    probe.install(monkeypatch)
    app = make_app(tmp_path, language="en")
    try:
        for lang in LANGS:
            catalog.set_language(lang)
            play = PlayScreen(app, Match.new(GAME, GAME.make_config(3), 5, seats))
            play.session = session
            play.drain = lambda: None
            prompt = ResumeScreen(app, infos)
            prompt.offer.probe.done, prompt.offer.probe.address = True, ("127.0.0.1", 1)
            prompt.build()
            rejoin_screen = RejoinScreen(app, prompt.offer.target, ("127.0.0.1", 1))
            rejoin_screen.stop()
            rejoin_screen.failed = ("bad_token", {})
            rejoin_screen.build()
            stacks = [("resume rejoin", [prompt]), ("rejoin failed", [rejoin_screen]),
                      ("pause lan", [play, PauseScreen(app, play)]),
                      ("seat dropped", [play, SeatControlScreen(app, play, 1, dropped=True)]),
                      ("seats", [play, SeatControlScreen(app, play)])]
            for name, stack in stacks:
                probe.start(lang, name)
                probe.draw_stack(app, stack)
        problems = probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, "\n".join(sorted(set(problems))[:40])
    finally:
        app.stack = []
        catalog.set_language("en")
        app.shutdown()


def test_joining_a_running_table_from_the_list_takes_this_machines_seat_back(tmp_path):
    """Cleo's client died; she picks the running table from the list (same machine, so her
    save has the seat token): she gets her seat back, not a spectator's view."""
    from game.client.screens.netplay import NET_DEFAULTS
    from game.client.screens.find_tables import FindTablesScreen

    host = make_app(tmp_path / "ann", player_names=["Ann"])
    guest = make_app(tmp_path / "cleo", player_names=["Cleo"])
    again = None
    try:
        lobby = host_app_table(host)
        server = lobby.session.conn
        finder = join_app_find(guest)
        finder.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine,
              apps=(host, guest))
        key(guest, pygame.K_RETURN)                       # I'm ready
        until(lambda: lobby.session.can_start, apps=(host, guest))
        click(host, lobby.form.item("start").rect.center)
        until(lambda: isinstance(guest.top, NetPlayScreen), apps=(host, guest))
        play = host.top
        until(lambda: play.match.seq >= 0 and 0 in play.match.to_act(), apps=(host, guest))
        from tests.test_client_lan import metro_click_move

        metro_click_move(host, play, 0)
        until(lambda: guest.top.match.seq >= 1 and guest.top.match.log[-1].hash,
              apps=(host, guest))
        # the guest's client dies without a word
        session = guest.top.session
        session.closed = True
        session.conn._drop()
        guest.stack = []
        until(lambda: server.endpoint.seating.statuses()[1] == ids.ST_DISCONNECTED, apps=(host,))
        NET_DEFAULTS["targets"] = [("127.0.0.1", server.discovery.port)]
        again = make_app(tmp_path / "cleo2", player_names=["Cleo"])
        finder = FindTablesScreen(again)
        again.push(finder)
        until(lambda: finder.tables and finder.tables[0]["phase"] != "lobby",
              apps=(host, again))
        finder.form.focus = 0
        key(again, pygame.K_RETURN)
        until(lambda: isinstance(again.top, NetPlayScreen), apps=(host, again))
        assert again.top.human_seats() == [1]
        until(lambda: server.endpoint.seating.statuses()[1] == ids.ST_CONNECTED
              and again.top.match.seq == server.endpoint.seq, apps=(host, again))
    finally:
        host.shutdown()
        guest.shutdown()
        if again is not None:
            again.shutdown()

"""Resuming a LAN game in the client: the crash offer (and Load) shows a LAN autosave as
"Resume as LAN host", which opens the host lobby of a table continuing the saved log; a name
alone is refused, the old player's machine gets the seat back by proving it (its claim), the
table goes on by itself, and the game plays to the end on both machines with the saved log as
its prefix. 127.0.0.1, ephemeral ports."""

from __future__ import annotations

import time

import pygame
import pytest

from game.client.screens.netplay import NetPlayScreen
from game.client.screens.lobby import HostLobbyScreen
from game.client.screens.resume import ResumeScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.paths import saves_dir
from game.saves import load
from net.protocol import messages as ids
from net.client import ClientConnection
from tests.patience import PATIENCE
from tests.test_client_support import key, make_app
from tests.test_net_lockstep import Table
from tests.lan_loopback import use_loopback

pytestmark = pytest.mark.timeout(240)   # a few whole LAN games each: a hang guard


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch, discovery_port=None)


def crashed_lan_table(keep_guest_save: bool = False):
    """A 2-player table played a while in memory, then every machine 'crashed'. The guest's
    save is removed (that machine is elsewhere) unless ``keep_guest_save`` (this machine is
    also the guest's: its save proves its seat)."""
    table = Table(players=2, seed=7, autosave=True)
    table.start()
    assert table.run(lambda: table.host.seq >= 8)
    for client in table.clients:
        client.autosaver.close()
    table.host.autosaver.close()
    for path in saves_dir().glob("*-lan-peer*.tlsave"):
        if not keep_guest_save:
            path.unlink()           # that machine is elsewhere: only the host's file is here
    saved = load(table.host.autosaver.path).match.log
    assert len(saved) >= len(table.host.match.log) - 1      # all but an unhashed last move
    return table, saved


def until(condition, app, peers=(), seconds=PATIENCE):
    """Run ``app`` (pumping ``peers``) until ``condition()``: an event, never a claim on
    speed (tests/patience.py)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting ({seconds:g} s)"
        for peer in peers:
            peer.pump(0.002)
        app.run(frames=1)


def test_lan_autosave_is_offered_and_resumed_as_host_with_the_player_back_by_claim(tmp_path):
    from net.protocol.tables import resume_claim, table_id

    table, original = crashed_lan_table()
    app = make_app(tmp_path)
    app.push(TitleScreen(app))
    app.run(frames=1)
    offer = app.top
    assert isinstance(offer, ResumeScreen) and offer.info.lan
    assert offer.form.item("continue").label() == t("lan.resume_as_host")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, HostLobbyScreen)
    server = lobby.session.conn
    rows = lobby.session.seats
    assert rows[0]["kind"] == "bot" and rows[1]["kind"] == "open" and rows[1]["name"] == "p0"

    # neither a stranger nor the player's name takes the seat: its machine must prove it
    for name in ("mallory", "p0"):
        stranger = ClientConnection.connect("127.0.0.1", server.port, name=name)
        until(lambda: stranger.phase == "ended", app, [stranger])
        assert stranger.endpoint.ended["code"] == ids.R_SEAT_OWNED
        stranger.close()

    guest = table.clients[0]
    player = ClientConnection.connect("127.0.0.1", server.port, name="p0", auto_bot="random",
                                      token="r:" + resume_claim(table_id(guest.match),
                                                                guest.pid))
    # the player's own machine proves its seat with the claim secret in its own save of the
    # table (that machine is elsewhere here, so its endpoint gets it handed over)
    player.endpoint.claims.lookup = lambda _table, _group: guest.claims.secret
    player.endpoint.fair_join.new_secret = lambda: table.clients[0].fair_join.secret
    until(lambda: player.phase == "lobby", app, [player])
    assert player.endpoint.seats == table.clients[0].seats
    player.set_ready(True)
    # every seat's owner is back and ready: the resumed table goes on by itself
    until(lambda: isinstance(app.top, NetPlayScreen), app, [player])
    play = app.top
    until(lambda: player.phase == "over" and play.match.is_over(), app, [player])
    assert player.endpoint.match.hash() == play.match.hash()
    assert play.match.log[:len(original)] == original
    assert player.endpoint.match.log == play.match.log
    # the host continued in its own save: nothing is offered for resuming any more
    until(lambda: not list(saves_dir().glob("*.tlsave")), app, [player])
    player.close()
    while app.stack:
        app.stack.pop().leave()


def test_run_py_host_resume_opens_the_resumed_lobby_in_the_window(tmp_path):
    from game.client.lan_entry import build_lan_stack

    crashed_lan_table()
    path = next(saves_dir().glob("*-lan-host*.tlsave"))
    app = make_app(tmp_path)
    top = build_lan_stack(app, "host", resume=[str(path)])
    assert isinstance(top, HostLobbyScreen)
    assert top.session.conn.endpoint.resumed is not None
    assert [row["kind"] for row in top.session.seats] == ["bot", "open"]
    broken = tmp_path / "broken.tlsave"
    broken.write_bytes(b"\x00garbage")
    other = make_app(tmp_path / "other")
    assert isinstance(build_lan_stack(other, "host", resume=[str(broken)]), TitleScreen)
    for each in (app, other):
        while each.stack:
            each.stack.pop().leave()


def test_a_guest_window_rejoins_a_resumed_table_by_its_claim_and_plays_to_the_end(tmp_path):
    from game.client.screens.net_lobby import JoinedLobbyScreen
    from net.host import HostServer
    from game.client.screens.find_tables import FindTablesScreen
    from game.saves.lan import load_table, resumed_endpoint
    from tests.test_client_support import click

    table, original = crashed_lan_table(keep_guest_save=True)     # it proves the seat
    loaded = load_table(list(saves_dir().glob("*-lan-host*.tlsave")))
    server = HostServer(resumed_endpoint(loaded, "host", headless_bot="random"), port=0,
                        bind="127.0.0.1")
    guest = make_app(tmp_path, player_names=["p0"])
    finder = FindTablesScreen(guest)    # (the title would offer this machine's LAN save)
    guest.push(finder)
    assert finder.name == "p0"
    finder.address = f"127.0.0.1:{server.port}"
    finder.join("127.0.0.1", server.port)
    until(lambda: isinstance(guest.top, JoinedLobbyScreen), guest, [server])
    joined = guest.top
    # the guest's machine keeps its dealer secret in its own save (elsewhere here)
    joined.session.conn.endpoint.fair_join.new_secret = lambda: table.clients[0].fair_join.secret
    until(lambda: joined.mine, guest, [server])
    assert joined.session.conn.endpoint.seats == table.clients[0].seats
    click(guest, joined.form.item("ready").rect.center)
    until(lambda: server.endpoint.can_start(), guest, [server])
    assert server.start_game()
    until(lambda: isinstance(guest.top, NetPlayScreen), guest, [server])
    play = guest.top
    until(lambda: play.match.seq >= len(original), guest, [server])    # caught up at once
    assert play.match.log[:len(original)] == original
    for seat in joined.session.conn.endpoint.seats:     # a bot here plays the guest's seat
        joined.session.conn.set_bot(seat, "random")
    until(lambda: server.endpoint.phase == "over" and play.match.seq == server.endpoint.seq,
          guest, [server])
    assert play.match.hash() == server.endpoint.match.hash()
    assert play.match.log[:len(original)] == original
    server.close()
    while guest.stack:
        guest.stack.pop().leave()


@pytest.mark.timeout(60)
def test_rejoin_proves_the_seat_by_claim_when_the_resumed_table_does_not_know_its_token(
        tmp_path):
    """Issue 26 item 2: the host crashes and its table is resumed from a save that does not
    hold the guest's seat token (a digest); the guest's Rejoin, refused its token, proves its
    seat from its own save (its claim) at once, is seated ready, and the game goes on."""
    from game.client.screens.net_notice import ConnectionLostScreen
    from game.saves import read_save
    from game.saves.lan import load_table, resumed_endpoint
    from net.host import HostServer
    from tests.test_client_lan import _host_with_guest_app, metro_click_move, until as run

    server, guest = _host_with_guest_app(tmp_path)
    again = None
    try:
        play = guest.top
        for turn in range(2):                  # the guest plays, the host's bot answers
            run(lambda: 1 in play.match.to_act(), apps=(guest,), servers=(server,))
            metro_click_move(guest, play, 1, pick=turn)
            run(lambda: 0 in play.match.to_act() or play.match.seq > server.endpoint.seq,
                apps=(guest,), servers=(server,))
        path = server.endpoint.autosaver.path
        run(lambda: play.match.seq == server.endpoint.seq and play.match.log[-1].hash
            and len(read_save(path).entries) == server.endpoint.seq, apps=(guest,),
            servers=(server,))
        seq, digest = play.match.seq, play.match.log[-1].hash
        port = server.port
        for conn in list(server.conns):        # the host's machine dies: no goodbye
            server._drop(conn)
        server.listener.close()
        run(lambda: isinstance(guest.top, ConnectionLostScreen), apps=(guest,))
        key(guest, pygame.K_RETURN)             # Rejoin, while nothing answers there yet
        loaded = load_table([path])
        loaded.save.header["lan"].pop("tokens")  # a save that knows no seat token
        again = HostServer(resumed_endpoint(loaded, "Robo", headless_bot="random"), port=port,
                           bind="127.0.0.1")

        def started() -> bool:
            endpoint = again.endpoint
            if endpoint.phase == "lobby" and endpoint.seating.owners_back():
                again.start_game()
            return isinstance(guest.top, NetPlayScreen) and guest.top is not play

        run(started, apps=(guest,), servers=(again,), seconds=30)
        back = guest.top
        assert again.endpoint.peers[1].seats == [1]
        run(lambda: back.match.seq >= seq and back.match.log[seq - 1].hash, apps=(guest,),
            servers=(again,))
        assert back.match.log[seq - 1].hash == digest and back.human_seats() == [1]
        run(lambda: 1 in back.match.to_act() and back.match.seq == again.endpoint.seq,
            apps=(guest,), servers=(again,))
        before = again.endpoint.seq
        metro_click_move(guest, back, 1)
        run(lambda: again.endpoint.seq > before and back.match.seq == again.endpoint.seq,
            apps=(guest,), servers=(again,))
        assert back.match.hash() == again.endpoint.match.hash()
    finally:
        if again is not None:
            again.close()
        server.close()
        guest.shutdown()

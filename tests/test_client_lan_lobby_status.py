"""The host lobby's status line ("Everyone is ready") is never covered by toasts, and a "wait
until..." toast it now contradicts goes away. Headless, one joiner on 127.0.0.1."""

from __future__ import annotations

import pygame
import pytest

from game.client.text import t
from net.client import ClientConnection
from tests.test_client_lan import _loopback, host_app_table, leave_all, until  # noqa: F401
from tests.test_client_support import make_app


def toast_rects(app):
    size = app.surface.get_size()
    return [rect for _toast, rect in app.toasts.layout(size, app.toast_obstacles())]


@pytest.mark.parametrize("language", ["en", "th", "ja"])
def test_status_line_stays_clear_of_toasts_and_stale_waits_go(tmp_path, language):
    app = make_app(tmp_path, language=language)
    lobby = host_app_table(app)
    peer = ClientConnection.connect("127.0.0.1", lobby.session.port, name="Player 1")
    try:
        until(lambda: lobby.session.seats[1]["kind"] == "remote", [app], servers=[peer])
        lobby.start()                    # too early: nobody is ready yet
        assert t("lan.wait_ready") in [toast.text for toast in app.toasts.items]
        for n in range(3):               # a full stack of toasts
            app.toasts.show(t("lan.toast.joined", name=f"Player {n}"), "good", seconds=30)
        app.run(frames=2)
        status = lobby.status_rect()
        screen = app.surface.get_rect()
        assert screen.contains(status)
        assert status.collidelist(toast_rects(app)) < 0
        assert status.collidelist([item.rect for item in lobby.form.items]) < 0
        assert lobby.status_line()[0] == t("lan.waiting_players")
        peer.set_ready(True)
        until(lambda: lobby.session.can_start, [app], servers=[peer])
        app.run(frames=2)
        assert lobby.status_line()[0] == t("lan.ready_to_start")
        texts = [toast.text for toast in app.toasts.items]
        assert t("lan.wait_ready") not in texts and len(texts) == 3
        assert lobby.status_rect().collidelist(toast_rects(app)) < 0
        # the status line really is drawn where status_rect says: its pixels change with it
        app.run(frames=1)
        before = app.surface.subsurface(lobby.status_rect()).copy()
        lobby.seeding = True
        app.run(frames=1)
        after = app.surface.subsurface(lobby.status_rect()).copy()
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
        lobby.seeding = False
    finally:
        peer.close()
        leave_all(app)


def test_joined_lobby_numbers_a_repeated_name_says_so_and_keeps_its_status_clear(tmp_path):
    from game.client.screens.netplay import NetSession
    from game.client.screens.net_lobby import JoinedLobbyScreen
    from game.rules import get_game
    from net.protocol import messages as ids
    from net.host import HostServer
    from net.table.host import HostEndpoint
    from net.protocol.lobby import Slot

    game = get_game("metro")
    server = HostServer(HostEndpoint(game, game.make_config(3), [
        Slot(kind=ids.KIND_LOCAL, name="Ann"), Slot(), Slot()]), port=0, bind="127.0.0.1")
    app = make_app(tmp_path)
    conn = ClientConnection.connect("127.0.0.1", server.port, name="Ann")
    session = NetSession("join", conn, address=("127.0.0.1", server.port), name="Ann")
    screen = JoinedLobbyScreen(app, session)
    app.push(screen)
    try:
        renamed = t("lan.toast.renamed", asked="Ann", name="Ann (2)")
        until(lambda: renamed in [toast.text for toast in app.toasts.items], [app],
              servers=[server])
        assert [row["name"] for row in session.seats][:2] == ["Ann", "Ann (2)"]
        for n in range(2):
            app.toasts.show(f"toast {n}", "info", seconds=30)
        app.run(frames=2)
        status = screen.status_rect()
        assert app.surface.get_rect().contains(status)
        assert status.collidelist(toast_rects(app)) < 0
        assert status.collidelist([item.rect for item in screen.form.items]) < 0
    finally:
        leave_all(app)
        server.close()


def test_find_tables_sends_this_machines_resume_claims(tmp_path, monkeypatch):
    """Joining from the window claims the seats this machine's saves of a table held, so a
    resumed table gives them back whatever name is typed (tests/test_net_resume_identity.py
    covers the host's side)."""
    from game.client.screens import netplay
    from game.client.screens.find_tables import FindTablesScreen
    from game.saves.lan import resume_claims
    from tests.test_net_lockstep import Table

    table = Table(players=2, seed=3, autosave=True)
    table.start()
    assert table.run(lambda: table.host.seq >= 4)
    claims = resume_claims("metro")
    assert claims.startswith("r:")
    asked = []

    class FakeConnector:
        def __init__(self, host, port, name, *, wanted=1, token="", game=""):
            asked.append((name, wanted, token))

        def finished(self):
            return False

        def abandon(self):
            pass

    monkeypatch.setattr(netplay, "Connector", FakeConnector)
    app = make_app(tmp_path)
    finder = FindTablesScreen(app)
    app.push(finder)
    finder.join("127.0.0.1", 5055, {"game": "metro", "phase": "lobby", "open": 1,
                                    "players": 2, "name": "x", "host": "127.0.0.1",
                                    "port": 5055})
    finder.connector = None
    finder.local_players = 0              # watching: no seat to claim
    finder.join("127.0.0.1", 5055)
    assert asked == [(finder.name, 1, claims), (finder.name, 0, "")]
    leave_all(app)

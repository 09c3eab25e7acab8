"""Issue 28, item 4, on the real screens: the LAN host's lobby says who could read hands
together at this table as it is seated ("any 2 of these 4 machines...": open seats count as
the machines that will take them), and its *Strict* button makes the table strict (only all
the other machines together could; said the same way). Driven by input events; the table
listens on 127.0.0.1 only."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.client.screens.lobby import HostLobbyScreen
from game.client.text import t
from tests.lan_loopback import use_loopback
from tests.test_client_host_setup import host_setup, press
from tests.test_client_support import click, frames, make_app


SHOTS = Path(os.environ.get("TRACKLAYER_SHOTS", "/tmp"))     # where the screenshots go


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch)


def test_the_host_lobby_says_who_could_collude_and_offers_a_strict_table(tmp_path):
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 0)                        # Metro
        press(app, setup, "players", pygame.K_RIGHT, 2)   # 4 seats: the host and 3 open
        assert setup.players == 4
        click(app, setup.form.item("start").rect.center)
        lobby = app.top
        assert isinstance(lobby, HostLobbyScreen)
        assert lobby.collusion_text() == t("fair.collude.any", n=4, k=2)
        frames(app, 1)
        app.screenshot(SHOTS / "fair_lobby.png")
        click(app, lobby.form.item("strict").rect.center)
        assert lobby.session.conn.endpoint.fair_host.strict
        assert lobby.collusion_text() == t("fair.collude.strict", n=4, k=3)
        assert lobby.form.item("strict").label() == t("lan.strict_on")
        frames(app, 1)
        app.screenshot(SHOTS / "fair_lobby_strict.png")
        lobby.close()
    finally:
        app.shutdown()


def test_a_joiners_lobby_says_the_same_and_follows_the_hosts_strict_button(tmp_path):
    """The joiner's lobby says who could collude in the host's words, and when the host
    presses Strict every joiner's lobby says so too (LOBBY_CHANGE ``sx``). Its seat also
    takes a colour no other seat shows (the host's seat shows its index's colour)."""
    from game.client.screens.net_lobby import JoinedLobbyScreen
    from game.client.screens.netplay import NetSession
    from net.client import ClientConnection
    from tests.test_client_lan import until

    host_app, join_app = make_app(tmp_path / "h"), make_app(tmp_path / "j")
    conn = None
    try:
        setup = host_setup(host_app, 0)
        press(host_app, setup, "players", pygame.K_RIGHT, 2)   # 4 seats: the host and 3 open
        click(host_app, setup.form.item("start").rect.center)
        lobby = host_app.top
        conn = ClientConnection.connect("127.0.0.1", lobby.session.port, name="Bob")
        session = NetSession("join", conn, address=("127.0.0.1", lobby.session.port),
                             name="Bob")
        joined = JoinedLobbyScreen(join_app, session)
        join_app.push(joined)
        until(lambda: joined.mine and joined.collusion_box() is not None, [host_app, join_app])
        assert joined.collusion_box() in join_app.toast_obstacles()
        import game.client.fonts as fonts

        def drawn() -> str:
            """Every text the joiner's lobby draws in one frame, as one line."""
            said, real = [], fonts.blit

            def remember(surface, text, *args, **kwargs):
                said.append(text)
                return real(surface, text, *args, **kwargs)
            fonts.blit = remember
            try:
                frames(join_app, 1)
            finally:
                fonts.blit = real
            return " ".join(" ".join(said).split())

        assert lobby.collusion_text() == t("fair.collude.any", n=4, k=2)
        assert not session.strict and t("fair.collude.any", n=4, k=2) in drawn()
        click(host_app, lobby.form.item("strict").rect.center)
        until(lambda: session.strict, [host_app, join_app])
        strict_words = t("fair.collude.strict", n=4, k=3)
        assert lobby.collusion_text() == strict_words
        assert strict_words in drawn()
        mine = joined.mine[0]
        colours = [row["colour"] if row["colour"] >= 0 else i % 8
                   for i, row in enumerate(session.seats)]
        assert joined.colours[mine] not in colours[:mine] + colours[mine + 1:2]
        join_app.screenshot(SHOTS / "fair_joined_lobby_strict.png")
    finally:
        if conn is not None:
            conn.close()
        host_app.top.close() if isinstance(host_app.top, HostLobbyScreen) else None
        host_app.shutdown()
        join_app.shutdown()

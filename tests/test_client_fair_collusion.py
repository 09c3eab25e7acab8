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

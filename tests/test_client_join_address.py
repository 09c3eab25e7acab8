"""The join screen remembers the last address typed (issue 26, item 2): after a failed or
finished join, back on the title, and in a client started again, *Join a LAN table* offers
the address the player typed last, so joining again is one press. Through the real screens,
driven by input events; the address answers nobody (a closed loopback port)."""

from __future__ import annotations

import socket
import time

import pygame
import pytest

from game.client.screens.netplay import NET_DEFAULTS
from game.client.screens.find_tables import FindTablesScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from tests.test_client_support import click, key, make_app, text

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setitem(NET_DEFAULTS, "targets", [])
    monkeypatch.setitem(NET_DEFAULTS, "discovery_port", 0)
    monkeypatch.setitem(NET_DEFAULTS, "connect_timeout", 2.0)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def open_join_screen(app) -> FindTablesScreen:
    """Title -> Join a LAN table."""
    app.push(TitleScreen(app))
    app.run(frames=1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    finder = app.top
    assert isinstance(finder, FindTablesScreen)
    return finder


def test_the_join_screen_offers_the_last_address_typed(tmp_path):
    address = f"127.0.0.1:{closed_port()}"
    app = make_app(tmp_path)
    finder = open_join_screen(app)
    assert finder.address == ""              # nothing typed on this machine yet
    finder.form.focus = [i.key for i in finder.form.items].index("address")
    key(app, pygame.K_RETURN)
    text(app, address)
    key(app, pygame.K_RETURN)
    click(app, finder.form.item("join_address").rect.center)
    deadline = time.monotonic() + 30        # a refused loopback connect: a bound, no claim
    while finder.connector is not None and time.monotonic() < deadline:
        app.run(frames=1)
    assert finder.message == t("lan.cannot_reach", address=address)
    key(app, pygame.K_ESCAPE)                 # back to the title
    assert isinstance(app.top, TitleScreen)
    again = open_join_screen(app)
    assert again.address == address and again.form.item("address").value == address
    app.shutdown()
    # a client started again on this machine offers it too
    relaunched = make_app(tmp_path)
    assert open_join_screen(relaunched).form.item("address").value == address
    relaunched.shutdown()

"""The client says truthfully what a flaky network did (issue 14 item 1): a handshake reset by
the network is tried again while the joined-table screen says "The connection to HOST:PORT was
reset — retrying…", then the seat arrives; a link given up on names the limit.
Loopback only, ephemeral ports, a fault proxy in front of a real table."""

from __future__ import annotations

import os

import pygame
import pytest

from game.benchmarks.faultproxy import FaultProxy, Profile
from game.client.screens.netplay import reason_text
from game.client.screens.net_lobby import JoinedLobbyScreen
from game.client.text import t
from net.protocol import messages as ids
from net.host import HostServer
from net.protocol.lobby import Slot
from tests.test_client_lan import join_app_find, until
from tests.test_client_support import click, key, make_app, text
from tests.lan_loopback import use_loopback

SHOTS = "/work/wt/notes/shots/net-flaky"


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch, connect_timeout=2.0)


def _shot(app, name: str) -> None:
    if os.path.isdir(os.path.dirname(SHOTS)):
        os.makedirs(SHOTS, exist_ok=True)
        app.screenshot(os.path.join(SHOTS, f"{name}.png"))


def test_a_reset_handshake_is_said_and_tried_again_until_the_seat_arrives(tmp_path):
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random"), Slot()]
    server = HostServer.create("metro", 2, seats=slots, port=0, bind="127.0.0.1", name="Hosty")
    # the first three connections are reset before the table's WELCOME reaches us
    proxy = FaultProxy(server.port, Profile("r", reset="before_welcome", connections=3), seed=3)
    guest = make_app(tmp_path)
    try:
        finder = join_app_find(guest)
        finder.form.focus = [i.key for i in finder.form.items].index("address")
        key(guest, pygame.K_RETURN)
        text(guest, f"127.0.0.1:{proxy.port}")
        key(guest, pygame.K_RETURN)
        click(guest, finder.form.item("join_address").rect.center)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen), apps=(guest,),
              servers=(server,))
        joined = guest.top
        until(lambda: joined.session.retrying is not None, apps=(guest,), servers=(server,))
        address = f"127.0.0.1:{proxy.port}"
        wanted = t("lan.retrying", reason=t("net.connection_reset", address=address))
        assert joined.session.retry_text() == wanted
        assert "Tracklayer" not in wanted          # never "no Tracklayer table answered"
        guest.run(frames=1)
        _shot(guest, "join_retrying")
        until(lambda: joined.mine, apps=(guest,), servers=(server,))
        assert joined.session.retrying is None
        assert proxy.notes == ["reset:before_welcome"] * 3
        assert [s.kind for s in server.endpoint.slots].count(ids.KIND_REMOTE) == 1
        guest.run(frames=1)
        _shot(guest, "join_after_retry")
    finally:
        guest.shutdown()
        proxy.close()
        server.close()


def test_a_link_given_up_on_names_the_limit():
    words = reason_text(ids.R_NO_ANSWER, {"address": "kitchen-pc:5055", "gave_up": 30})
    assert words == t("lan.gave_up", reason=t("net.no_answer", address="kitchen-pc:5055"),
                      seconds=30)
    assert "kitchen-pc:5055" in words and "30" in words


def test_a_reset_during_play_is_named_and_rejoin_is_offered(tmp_path):
    import socket
    import struct

    from game.client.screens.netplay import NetPlayScreen
    from game.client.screens.net_notice import ConnectionLostScreen
    from tests.test_client_lan import _host_with_guest_app

    server, guest = _host_with_guest_app(tmp_path)
    try:
        play = guest.top
        assert isinstance(play, NetPlayScreen)
        conn = next(iter(server.conns))          # the host's end of the guest's link: RST
        server.selector.unregister(conn.sock)
        server.conns.discard(conn)
        conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.sock.close()                        # no FIN first: the guest sees a reset
        server.endpoint.on_disconnect(conn, reset=True)
        until(lambda: isinstance(guest.top, ConnectionLostScreen), apps=(guest,),
              servers=(server,))
        notice = guest.top
        address = f"127.0.0.1:{server.port}"
        assert notice.reason == t("net.connection_reset", address=address)
        assert notice.can_rejoin and notice.form.focused.key == "rejoin"
        guest.run(frames=1)
        _shot(guest, "play_reset_notice")
    finally:
        server.close()
        guest.shutdown()

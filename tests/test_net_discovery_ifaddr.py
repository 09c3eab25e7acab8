"""LAN discovery and the host's addresses on every system (issue 26, item 16): the interfaces
come from ``ifaddr`` (Linux, macOS and Windows alike), not from Linux-only ioctls. Here
``ifaddr.get_adapters`` is replaced by a machine with a Wi-Fi, a wired and a self-assigned
network: discovery's targets are those networks' broadcast addresses (and the global one),
the host's lobby shows those addresses, and a machine whose interfaces cannot be listed still
discovers with the global broadcast. Nothing is sent: the targets are computed, never used."""

from __future__ import annotations

import ifaddr
import pytest

from game.client import fonts
from game.client.screens.netplay import NET_DEFAULTS
from game.client.screens.lobby import HostLobbyScreen
from tests.test_client_support import make_app
from tests.test_i18n import _fake_session

ADAPTERS = [
    ifaddr.Adapter("lo", "Loopback", [ifaddr.IP("127.0.0.1", 8, "lo"),
                                      ifaddr.IP(("::1", 0, 0), 128, "lo")], index=1),
    ifaddr.Adapter("{6D2F}", "Wi-Fi", [ifaddr.IP("192.168.7.23", 24, "Wi-Fi"),
                                       ifaddr.IP(("fe80::1c", 0, 7), 64, "Wi-Fi")], index=7),
    ifaddr.Adapter("en5", "Thunderbolt cable", [ifaddr.IP("169.254.40.2", 16, "en5")], index=9),
    ifaddr.Adapter("en0", "Ethernet", [ifaddr.IP("10.1.2.3", 16, "en0"),
                                       ifaddr.IP("192.168.7.23", 24, "en0")], index=4),
    ifaddr.Adapter("utun3", "VPN", [ifaddr.IP("10.8.0.2", 32, "utun3")], index=12),
]


@pytest.fixture
def machine(monkeypatch):
    monkeypatch.setattr(ifaddr, "get_adapters", lambda *a, **k: list(ADAPTERS))


def test_discovery_targets_are_every_networks_broadcast_address(machine):
    from net.transport.discovery import broadcast_targets

    assert broadcast_targets(4242) == [("10.1.255.255", 4242), ("169.254.255.255", 4242),
                                       ("192.168.7.255", 4242), ("255.255.255.255", 4242)]


def test_the_hosts_addresses_leave_out_loopback_and_put_self_assigned_last(machine):
    from net.transport.discovery import local_addresses

    assert local_addresses() == ["192.168.7.23", "10.1.2.3", "10.8.0.2", "169.254.40.2"]


def test_without_an_interface_list_discovery_still_asks_the_global_broadcast(monkeypatch):
    from net.transport.discovery import broadcast_targets, local_addresses

    def refuse(*args, **kwargs):
        raise OSError("getifaddrs failed")

    monkeypatch.setattr(ifaddr, "get_adapters", refuse)
    assert broadcast_targets(5056) == [("255.255.255.255", 5056)]
    assert local_addresses() == []


def _lobby_texts(tmp_path, monkeypatch, bind: str) -> list[str]:
    monkeypatch.setitem(NET_DEFAULTS, "bind", bind)
    drawn: list[str] = []
    real = fonts.blit

    def blit(surface, value, *args, **kwargs):
        drawn.append(value)
        return real(surface, value, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit", blit)
    app = make_app(tmp_path)
    try:
        lobby = HostLobbyScreen(app, _fake_session(port=5055))
        app.push(lobby)
        app.run(frames=1)
    finally:
        app.shutdown()
    return drawn


def test_the_lobby_shows_the_addresses_ifaddr_found(tmp_path, monkeypatch, machine):
    drawn = _lobby_texts(tmp_path, monkeypatch, "0.0.0.0")
    where = [text for text in drawn if "5055" in text]
    assert where, drawn
    line = where[0]
    assert "192.168.7.23:5055, 10.1.2.3:5055, 10.8.0.2:5055, 169.254.40.2:5055" in line
    assert "127.0.0.1" not in line


def test_the_lobby_keeps_the_address_the_host_was_told_to_listen_on(tmp_path, monkeypatch,
                                                                   machine):
    drawn = _lobby_texts(tmp_path, monkeypatch, "10.1.2.3")
    line = next(text for text in drawn if "5055" in text)
    assert "10.1.2.3:5055" in line and "192.168.7.23" not in line

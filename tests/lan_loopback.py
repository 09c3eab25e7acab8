"""The client's LAN settings for tests: tables listen on 127.0.0.1 with ephemeral ports, and
discovery asks nobody (unicast to no target): nothing is ever broadcast from a test."""

from __future__ import annotations

from game.client.screens.netplay import NET_DEFAULTS

LOOPBACK = {"port": 0, "discovery_port": 0, "bind": "127.0.0.1", "targets": []}


def use_loopback(monkeypatch, **settings) -> None:
    """``NET_DEFAULTS`` for a test: loopback and ephemeral ports, then ``settings`` (a
    shorter connect timeout, another wait limit, discovery off with ``discovery_port=None``)."""
    for name, value in {**LOOPBACK, **settings}.items():
        monkeypatch.setitem(NET_DEFAULTS, name, value)

"""Issue 28: the LAN play screen shows the fair table's code (net.fair.table_code) with the
one line that says what to do with it, the same code as the host's (headless, loopback)."""

from __future__ import annotations

import os

import pygame

from game.client.text import t
from tests.test_client_lan import _host_with_guest_app, _loopback, leave_all  # noqa: F401

SHOTS = os.environ.get("LAN_SHOTS")     # a folder: save the screenshot there too


def test_the_play_screen_shows_the_table_code_the_host_computed(tmp_path):
    server, guest = _host_with_guest_app(tmp_path)
    try:
        play = guest.top
        host_code = server.endpoint.fair_host.code.told
        assert host_code and play.session.table_code == host_code
        guest.run(frames=1)
        shown = guest.surface.copy()
        folder = SHOTS or str(tmp_path)
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "lan_table_code.png")
        pygame.image.save(shown, path)
        # drawn in the strip under the board, beside the LAN tag
        play.session.table_code = None
        play.draw(guest.surface)
        plain = guest.surface.copy()
        height = shown.get_height()
        changed = [(x, y) for x in range(0, 900, 2) for y in range(height - 40, height, 2)
                   if shown.get_at((x, y)) != plain.get_at((x, y))]
        assert changed
        assert t("lan.table_code", code=host_code).endswith(host_code)
    finally:
        leave_all(guest)
        server.close()

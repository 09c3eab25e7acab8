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


def test_the_results_screen_shows_the_table_code_the_host_computed(tmp_path, monkeypatch):
    """A fair Metromania table played to its end through the guest's screens: the results
    (with the audit's verdict) show the same code as the host, in the strip under the rows."""
    from game.bots.base import make_bot
    from game.client import fonts
    from net.host import HostServer
    from net.protocol import messages as ids
    from net.protocol.lobby import Slot
    from tests.test_client_lan import guest_plays_seat_2, until
    from tests.test_client_support import make_app

    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random"), Slot()]
    server = HostServer.create("metromania", 2, seats=slots, port=0, bind="127.0.0.1",
                               name="Hosty")
    guest = make_app(tmp_path, animations=False)     # to the results without the trip show
    try:
        play = guest_plays_seat_2(guest, server)
        match = play.match
        bot = make_bot(match.game, 1, "random", 5)
        while not match.is_over():
            until(lambda: match.is_over() or (1 in match.to_act()
                                              and not play.session.waiting_for(1)),
                  apps=(guest,), servers=(server,))
            if not match.is_over():
                before = match.seq
                assert play.propose(1, bot.choose(match.view(1)))
                until(lambda: match.seq > before, apps=(guest,), servers=(server,))
        until(lambda: type(guest.top).__name__ == "LanResultsScreen", apps=(guest,),
              servers=(server,))
        results = guest.top
        host_code = server.endpoint.fair_host.code.told
        assert host_code and results.session.audit is not None
        drawn = []
        real_blit = fonts.blit

        def blit(surface, value, *args, **kwargs):
            rect = real_blit(surface, value, *args, **kwargs)
            drawn.append((value, rect))
            return rect

        monkeypatch.setattr(fonts, "blit", blit)
        guest.run(frames=1)
        shown = [rect for value, rect in drawn if value == t("lan.table_code", code=host_code)]
        assert shown, "the results screen does not show the host's table code"
        from game.client.screens.netplay import CODE_STRIP     # under the rows and buttons

        assert CODE_STRIP.contains(shown[0])
        folder = SHOTS or str(tmp_path)
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(guest.surface, os.path.join(folder, "lan_results_table_code.png"))
    finally:
        server.close()
        guest.shutdown()

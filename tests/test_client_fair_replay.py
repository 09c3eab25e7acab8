"""A fair LAN table's saves open in the replay viewer through the client (issue 13): the
finished table's replay from the Load / Replays menu (every move, scrubbed to its last one,
the audited verdict kept in the file), and a running table's save of a joiner with that
machine's own view only (its own hand, never another seat's)."""

from __future__ import annotations

import os

import pygame
import pytest

from game.client.screens.replay_viewer import ReplayViewerScreen, open_replay
from game.client.screens.saves_menu import SavesMenuScreen
from game.rules.core import HIDDEN
from game.paths import saves_dir
from game.saves import replays_dir
from tests.test_client_support import frames, key, make_app
from tests.test_net_lockstep import Table

pytestmark = pytest.mark.timeout(120)
SHOTS = os.environ.get("TRACKLAYER_SHOTS", "")


def shot(app, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        app.run(frames=1)
        app.screenshot(os.path.join(SHOTS, f"{name}.png"))


def test_a_fair_tables_saves_open_in_the_replay_viewer(tmp_path):
    app = make_app(tmp_path)
    try:
        table = Table(players=3, seed=41, autosave=True)
        table.start()
        assert table.run(lambda: table.host.seq >= 12, limit=30)
        # a joiner's save of the running table: its own view only
        joiner = table.clients[0]
        mine = joiner.seats[0]
        running = joiner.autosaver.path
        assert running.parent == saves_dir()
        assert open_replay(app, running) is None
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen)
        key(app, pygame.K_TAB)                                   # to the last move
        frames(app, 2)
        state = viewer.replay.state_at(viewer.index)
        hands = state.hands
        assert any(tile != HIDDEN for tile in hands[mine])       # its own hand
        assert all(tile == HIDDEN for seat, hand in enumerate(hands) if seat != mine
                   for tile in hand)                             # no other seat's
        shot(app, "fair_replay_running")
        key(app, pygame.K_ESCAPE)

        # the finished table: its replay from the menu, every move, the audit saved with it
        assert table.run(lambda: table.all_over() and table.host.fair.verdict is not None,
                         limit=120)
        table.net.advance(0.5)
        host_file = next(p for p in replays_dir().glob("*.tlsave") if "lan-host" in p.name)
        menu = SavesMenuScreen(app, "replays")
        app.push(menu)
        frames(app, 1)
        index = [info.path for info in menu.rows].index(host_file)
        for _ in range(index):
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen), menu.message
        assert viewer.total == table.host.match.seq
        key(app, pygame.K_TAB)
        frames(app, 2)
        assert viewer.index == viewer.total
        final = viewer.replay.state_at(viewer.total)
        assert table.host.game.public_encode(final) == \
            table.host.game.public_encode(table.host.match.state)
        shot(app, "fair_replay_finished")
    finally:
        app.shutdown()

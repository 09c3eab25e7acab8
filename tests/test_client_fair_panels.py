"""Every game's fair LAN table saves open in the replay viewer without a crash (issue 13):
Metro (and companies), Metromania (and Unfair Municipality), Railroad Ink (and each
expansion). A joiner's save of a running table and the host's replay of the finished one are
opened through the client (and the host's file cut short: its verified part), stepped move
by move and scrubbed to every index, each frame drawn with the hidden-information panel; the
board never fails, nothing is printed as a traceback, and a card this machine never saw is
drawn as an "unseen" picture, not read as a real one."""

from __future__ import annotations

import os

import pygame
import pytest

from game.client.games import kit
from game.client.games.metro.kit import UNSEEN_CARD, UNSEEN_FILL
from game.client.screens.replay_viewer import ReplayViewerScreen, open_replay
from game.rules import get_game
from game.rules.core import HIDDEN
from game.saves.files import replays_dir, saves_dir
from tests.test_client_support import frames, key, make_app
from tests.test_net_fair import FairTable

pytestmark = pytest.mark.timeout(120)
SHOTS = os.environ.get("TRACKLAYER_SHOTS", "")

CASES = [("metro", 3, []), ("metro", 3, ["companies"]),
         ("metromania", 2, []),
         ("metromania", 3, ["unfair"]), ("railroad-ink", 2, []),
         ("railroad-ink", 2, ["river"]), ("railroad-ink", 2, ["lake"]),
         ("railroad-ink", 2, ["meteor"]), ("railroad-ink", 2, ["volcano"])]


def walk_every_index(app, viewer, surface, draw_every: int = 1):
    """Step forward one move at a time, drawing each frame (with ``draw_every`` > 1 every
    that many, and the last: for a file whose positions were all drawn already from another
    file of the same game); then scrub back (every fourth index, and the start: a jump back
    rebuilds the position the same way for any index)."""
    for index in range(viewer.total + 1):
        if index:
            viewer.step(1)
        viewer.update(0.05)
        if index % draw_every == 0 or index == viewer.total:
            viewer.draw(surface)
        assert viewer.index == index
        assert viewer.board is not None, (index, viewer.board_error)
        assert_no_unknown_read_as_known(viewer)
    for index in sorted({*range(viewer.total, -1, -4), 0}, reverse=True):
        viewer.go_to(index)
        viewer.draw(surface)
        assert viewer.board is not None, (index, viewer.board_error)
    for seat in range(viewer.players):            # every seat's view on the board
        viewer.cycle_seen()
        viewer.draw(surface)
        assert viewer.board is not None, (seat, viewer.board_error)
    viewer.cycle_seen()


def assert_no_unknown_read_as_known(viewer):
    """The hidden panel shows a card this machine never saw as the unseen card, never as
    some company's card (a fair Metro state holds (-1, 0) for it)."""
    items = [item for held in viewer.hidden.holdings or [] for item in held]
    items += [item for strip in viewer.hidden.strips for item in strip.items]
    for item in items:
        if item.kind == "card":
            assert item.value == UNSEEN_CARD or item.value[0] >= 0, item
            if item.value == UNSEEN_CARD:     # drawn as its grey back, not a company's card
                card = pygame.Surface((24, 28))
                kit(viewer.game.name).draw_hidden_item(card, item, card.get_rect())
                assert tuple(card.get_at((4, 14)))[:3] == UNSEEN_FILL
        assert item.value != HIDDEN, item


@pytest.mark.parametrize("name,players,variants", CASES)
def test_every_games_fair_saves_replay_frame_by_frame(tmp_path, capfd, name, players,
                                                      variants):
    game = get_game(name)
    app = make_app(tmp_path)
    surface = pygame.Surface((1280, 720))
    try:
        table = FairTable(game, players, variants, host_bots=1)
        table.host.autosave = True
        for client in table.clients:
            client.autosave = True
        table.start()
        assert table.run(lambda: table.host.seq >= 10, limit=30)
        joiner = table.clients[0]
        assert open_replay(app, joiner.autosaver.path) is None
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen)
        walk_every_index(app, viewer, surface)
        key(app, pygame.K_TAB)                     # through the client's own loop too
        frames(app, 2)
        shot(app, f"running-{name}-{'-'.join(variants) or 'base'}")
        key(app, pygame.K_ESCAPE)

        assert table.run(table.all_over, limit=240)
        table.net.advance(0.5)
        host_file = next(p for p in replays_dir().glob("*.tlsave") if "lan-host" in p.name)
        assert open_replay(app, host_file) is None
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen)
        assert viewer.total == table.host.match.seq
        walk_every_index(app, viewer, surface)
        key(app, pygame.K_TAB)
        frames(app, 2)
        shot(app, f"finished-{name}-{'-'.join(variants) or 'base'}")
        key(app, pygame.K_ESCAPE)

        # the same file cut in the middle of a line: the verified part plays, and it stops
        # where the saved log stops (the stream may run further, the replay does not)
        data = host_file.read_bytes()
        cut = host_file.with_name("cut-" + host_file.name)
        cut.write_bytes(data[:data.rindex(b"\n", 0, len(data) * 2 // 3) - 5])
        refused = open_replay(app, cut)      # a cut before the deal: a clear line instead
        if refused is None:
            viewer = app.top
            assert viewer.replay.damage is not None
            assert viewer.total == viewer.replay.damage.move - 1
            # its positions are the finished file's first ones, each drawn above: stepped
            # through all the same, drawn every fourth
            walk_every_index(app, viewer, surface, draw_every=4)
            frames(app, 1)
        else:
            assert "had not started" in refused, refused
    finally:
        app.shutdown()
    err = capfd.readouterr().err
    crashed = "Traceback" in err
    assert not crashed, err[-2500:]


def shot(app, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        app.run(frames=1)
        app.screenshot(os.path.join(SHOTS, f"{name}.png"))


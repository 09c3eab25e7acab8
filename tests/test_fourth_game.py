"""A throw-away fourth game (tests/fourth_game, Pebbles) plugs in through the README's "Adding
a game" list alone — its rules, its client folder, its catalog entries, one registry line each
— and is then played like the built-in games: hotseat through the real client's screens (mouse,
keyboard, controller), a crash and resume from its autosave, its replay in the viewer, and a
LAN table over loopback sockets.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.client.games import kit
from game.client.screens.game_choice import GameChoiceScreen
from game.client.screens.play import PlayScreen
from game.client.screens.replay_viewer import ReplayViewerScreen
from game.client.screens.results import ResultsScreen
from game.client.screens.resume import ResumeScreen
from game.client.screens.setup import SetupScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.rules import available_games, get_game
from tests import fourth_game
from tests.fourth_game.kit import BUTTONS
from tests.patience import PATIENCE
from tests.test_client_support import (click, frames, key, make_app, pad_added, pad_button,
                                       pad_hat)


@pytest.fixture
def pebbles():
    """Pebbles, registered for the whole session by tests/conftest.py."""
    return get_game(fourth_game.NAME)


def test_the_fourth_game_is_registered_by_its_own_lines_only(pebbles):
    assert available_games()[-1] == "pebbles" and pebbles.name == "pebbles"
    assert kit("pebbles").board.__name__ == "PebblesBoard"
    assert t("game.pebbles") == "Pebbles"


def test_the_fourth_game_passes_the_conformance_suite(pebbles):
    """The suite every registered game runs (clone independence, notation round-trips, refused
    moves change nothing, views, terminal invariants, save and LAN-log round-trips)."""
    from tests.conformance import configs_for, conform

    for config in configs_for(pebbles, [2]):
        conform(pebbles, config, 7, lambda state, viewer, rng: None)   # hides nothing


def test_the_fourth_game_leaves_no_trace_once_removed(pebbles):
    fourth_game.uninstall()
    try:
        assert "pebbles" not in available_games()
        with pytest.raises(KeyError):
            get_game("pebbles")
        with pytest.raises(LookupError):
            kit("pebbles")
        assert t("game.pebbles") == "game.pebbles"
    finally:
        fourth_game.install()


def _to_setup(app):
    app.push(TitleScreen(app))
    key(app, pygame.K_RETURN)                          # title: Play
    choice = app.top
    assert isinstance(choice, GameChoiceScreen)
    names = [name for name, _rect in choice.cards]
    assert names[-1] == "pebbles"
    for _name, rect in choice.cards:                   # four cards, all on the screen
        assert pygame.Rect(0, 0, 1280, 720).contains(rect)
    for _ in range(len(names) - 1):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScreen) and setup.game_name == "pebbles"
    return setup


def test_hotseat_by_mouse_keyboard_and_controller_then_its_replay(pebbles, tmp_path):
    app = make_app(tmp_path)
    try:
        pad_added(app)
        setup = _to_setup(app)
        assert setup.seats[1]["who"] == "human:pad1"
        click(app, setup.form.item("start").rect.center)
        play = app.top
        assert isinstance(play, PlayScreen) and play.match.game is pebbles
        match = play.match
        # seat 0 by mouse (take 3), seat 1 by controller (right, confirm: take 2), seat 0 by
        # keyboard (right, left, Enter: take 1), seat 1 by controller (take the last 3)
        frames(app, 2)
        click(app, BUTTONS[2].center, n=2)
        assert match.seq == 1 and match.state.pile == 6
        _through_pass_screen(app)
        pad_hat(app, (1, 0))
        pad_button(app, 0, n=2)                        # A: confirm
        assert match.seq == 2 and match.state.pile == 4
        _through_pass_screen(app)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN, n=2)                 # take 1
        assert match.seq == 3 and match.state.pile == 3
        _through_pass_screen(app)
        pad_hat(app, (1, 0))
        pad_hat(app, (1, 0))
        pad_button(app, 0, n=2)                        # take 3: the last pebbles
        assert match.is_over() and pebbles.winners(match.state) == [1]
        for _ in range(120):
            if isinstance(app.top, ResultsScreen):
                break
            frames(app, 1)
        results = app.top
        assert isinstance(results, ResultsScreen)
        frames(app, 60)                                # the screen takes input after a beat
        click(app, results.form.item("watch").rect.center)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen) and viewer.total == 4
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
        assert viewer.index == 2
        assert viewer.match.state.pile == 4                 # the board shows move 2
    finally:
        app.shutdown()


def _through_pass_screen(app):
    """Pebbles hides nothing, so hotseat needs no "pass to" screen: none may appear."""
    frames(app, 2)
    assert isinstance(app.top, PlayScreen), app.top


def test_a_crashed_game_resumes_from_its_autosave(pebbles, tmp_path):
    first = make_app(tmp_path)
    setup = _to_setup(first)
    click(first, setup.form.item("start").rect.center)
    play = first.top
    click(first, BUTTONS[0].center, n=2)
    click(first, BUTTONS[1].center, n=2)
    played, digest = play.match.seq, play.match.hash()
    assert played == 2
    del first, play, setup                             # the crash: nothing closed

    second = make_app(tmp_path)
    try:
        second.push(TitleScreen(second))
        frames(second, 1)
        resume = second.top
        assert isinstance(resume, ResumeScreen) and resume.info.game == "pebbles"
        frames(second, 2)
        key(second, pygame.K_RETURN)                   # Continue
        resumed = second.top
        assert isinstance(resumed, PlayScreen)
        assert resumed.match.seq == played and resumed.match.hash() == digest
        assert resumed.match.state.pile == 6
    finally:
        second.shutdown()


def test_a_lan_table_over_loopback_plays_to_the_end(pebbles):
    from net.protocol import messages as ids
    from net.client import ClientConnection
    from net.host import HostServer
    from net.protocol.lobby import Slot

    server = HostServer.create("pebbles", 2, port=0, bind="127.0.0.1", name="Hosty",
                               seats=[Slot(kind=ids.KIND_BOT, name="Bot", level="random"),
                                      Slot()])
    peer = None
    try:
        server.start_thread()
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Guest",
                                        auto_bot="random")
        deadline = time.monotonic() + PATIENCE
        started = over = None
        while time.monotonic() < deadline and over is None:
            peer.pump(0.01)
            for event in peer.poll():
                if event["event"] == "lobby":
                    peer.set_ready(True)
                elif event["event"] == "started":
                    started = event
                elif event["event"] == "game_over":
                    over = event
            for event in server.poll():
                if event["event"] == "lobby" and event.get("can_start") and started is None:
                    server.start_game()
        assert started is not None and over is not None, "the table did not play to the end"
        host_match = server.endpoint.match
        assert over["hash"] == host_match.hash() and host_match.is_over()
        assert sum(over["scores"]["scores"] if isinstance(over["scores"], dict)
                   else over["scores"]) == 1
    finally:
        if peer is not None:
            peer.close()
        server.close()
        server.shutdown()

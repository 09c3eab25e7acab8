"""Overlays over the play screen: old toasts stay clear of the pause panel, and the "Pass to"
screen shows the buttons of the player the device is passed to."""

from __future__ import annotations

import pygame
import pytest

from game.client.screens.pass_device import PassDeviceScreen
from game.client.screens.pause import PauseScreen
from game.client.screens.play import PlayScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.test_client_support import click, make_app, pad_added

METRO = get_game("metro")


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


def metro_table(app, seats):
    play = PlayScreen(app, Match.new(METRO, METRO.make_config(len(seats), []), 3, seats))
    app.push(play)
    app.run(frames=2)
    return play


def test_refusal_toasts_stay_beside_the_pause_panel(app):
    play = metro_table(app, [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
                             SeatInfo("Bot", "bot", level="easy", colour=1)])
    for square in ("B5", "C6", "D7"):
        app.toasts.show(f"{square} must be on the outer ring or next to a tile", "bad")
    play.open_pause()
    app.run(frames=2)
    assert isinstance(app.top, PauseScreen)
    card = app.top.card()
    assert card.collidelist([item.rect for item in app.top.form.items]) >= 0
    placed = app.toasts.layout(app.surface.get_size(), app.toast_obstacles())
    assert placed
    assert all(not rect.colliderect(card) for _toast, rect in placed)


def test_pass_screen_hints_show_the_next_players_controller(app):
    pad_added(app)
    play = metro_table(app, [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
                             SeatInfo("Bea", "human", device="pad1", colour=1)])
    click(app, (5, 5))                      # the mouse was used last
    assert app.input.last_device == "mouse"
    screen = PassDeviceScreen(app, play, 1)
    app.push(screen)
    assert screen.hint_device() == "pad1"
    back = PassDeviceScreen(app, play, 0)
    assert back.hint_device() == "mouse"    # the mouse is one of Ann's own devices


def test_a_bots_only_metro_table_shows_no_panel_buttons(app):
    bots = [SeatInfo(f"Bot {i}", "bot", level="easy", colour=i) for i in range(2)]
    play = metro_table(app, bots)
    assert play.board._buttons(None) == [] and play.board._buttons(0) == []
    with_human = metro_table(app, [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
                                   bots[1]])
    assert [name for name, _r, _e in with_human.board._buttons(0)] == ["draw"]

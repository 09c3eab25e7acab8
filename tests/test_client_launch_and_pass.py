"""What a new session meets first (issue 26, item 12): an unfinished LAN game is offered at one
launch (answered with *Back* it waits in Load / Replays, and the next launch does not ask
again, until that game is played on and interrupted anew); a new hotseat game with secret
hands and two humans at the screen opens on "Pass to <name>", not on the first hand."""

from __future__ import annotations

import socket

import pygame
import pytest

from game.bots.base import make_bot
from game.client.screens.pass_device import PassDeviceScreen
from game.client.screens.play import PlayScreen
from game.client.screens.resume import ResumeScreen
from game.client.screens.saves_menu import SavesMenuScreen
from game.client.screens.setup import SetupScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.match import Match
from game.rules.metro import GAME
from tests.test_client_support import click, frames, key, make_app


def play_on(match, moves: int) -> None:
    for _ in range(moves):
        seat = match.to_act()[0]
        match.apply(seat, make_bot(GAME, seat, "random", match.seq + 1).choose(match.view(seat)))


def launch(tmp_path):
    """The client starting: the title, and whatever its first frame offers."""
    app = make_app(tmp_path)
    app.push(TitleScreen(app))
    frames(app, 1)
    return app


@pytest.mark.timeout(60)
def test_an_unfinished_lan_game_is_offered_at_one_launch_then_waits_in_load_replays(
        tmp_path, monkeypatch):
    from game.saves.lan import start_net_autosave

    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path / "home"))
    with socket.socket() as probe:                     # where the table was: nothing there now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    match = Match.new(GAME, GAME.make_config(2), 5)
    saver = start_net_autosave(match, "peer1", [0, 1], [1], key="k" * 32,
                               address=("127.0.0.1", port))
    play_on(match, 3)
    app = launch(tmp_path)
    try:
        prompt = app.top
        assert isinstance(prompt, ResumeScreen) and prompt.info.lan
        key(app, pygame.K_ESCAPE)                      # not now
        assert isinstance(app.top, TitleScreen)
        told = app.toasts.latest()
    finally:
        app.shutdown()
    app = launch(tmp_path)                             # the next launch does not ask again
    try:
        assert isinstance(app.top, TitleScreen), type(app.top).__name__
        frames(app, 3)
        assert isinstance(app.top, TitleScreen)
        # ... the game waits in Load / Replays
        click(app, app.top.form.item("saves").rect.center)
        saves = app.top
        assert isinstance(saves, SavesMenuScreen)
        assert [info.path for info in saves.rows] == [saver.path]
    finally:
        app.shutdown()
    assert told == t("resume.kept")                    # "not now" said where the game went
    play_on(match, 2)                                  # played on, then interrupted again
    app = launch(tmp_path)
    try:
        assert isinstance(app.top, ResumeScreen) and app.top.info.moves == 5
    finally:
        app.shutdown()
    saver.close()


def start_metro(app, seats: list[str] | None = None) -> PlayScreen:
    """Title -> Play -> Metro -> (seat choices) -> Start, by keyboard and mouse."""
    app.push(TitleScreen(app))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScreen)
    for index, who in enumerate(seats or []):
        setup.seats[index]["who"] = who
    setup.build()
    click(app, setup.form.item("start").rect.center)
    play = app.find(PlayScreen)
    assert play is not None
    return play


def test_a_new_hotseat_game_with_secret_hands_opens_on_the_pass_screen(tmp_path):
    app = make_app(tmp_path, player_names=["Ann", "Ben"])
    try:
        play = start_metro(app)
        assert [info.kind for info in play.match.seats] == ["human", "human"]
        cover = app.top
        assert isinstance(cover, PassDeviceScreen) and cover.seat == 0
        assert play.viewer is None                      # nobody's hand is shown yet
        frames(app, 2)
        assert app.top is cover
        key(app, pygame.K_RETURN)                       # Ann has the screen
        assert app.top is play and play.viewer == 0
    finally:
        app.shutdown()


def test_one_human_against_a_bot_opens_on_the_hand_at_once(tmp_path):
    app = make_app(tmp_path, player_names=["Ann"])
    try:
        play = start_metro(app, ["human:mouse+keyboard", "bot:easy"])
        assert app.top is play and play.viewer == 0
        frames(app, 2)
        assert app.top is play
    finally:
        app.shutdown()

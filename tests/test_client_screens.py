"""Every client screen runs frames headless; the board renders non-trivially; settings survive
a corrupt file; bots play off the frame loop; `run.py play --frames` works and refuses bad
arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import time

import pygame
import pytest

from game.bots.base import make_bot
from game.client.screens.game_choice import GameChoiceScreen
from game.client.screens.pass_device import PassDeviceScreen
from game.client.screens.pause import PauseScreen
from game.client.screens.play import PlayScreen
from game.client.screens.results import ResultsScreen
from game.client.screens.settings import SettingsScreen
from game.client.screens.setup import SetupScreen
from game.client.screens.title import TitleScreen
from game.client.settings import DEFAULTS, Settings
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.patience import PATIENCE
from tests.test_client_support import click, frames, key, make_app

ROOT = Path(__file__).resolve().parent.parent


def _seats(humans: int, bots: int) -> list[SeatInfo]:
    return ([SeatInfo(f"H{i}", "human", device="mouse+keyboard", colour=i)
             for i in range(humans)] +
            [SeatInfo(f"B{i}", "bot", level="random", colour=humans + i) for i in range(bots)])


def _played(variants, players, moves, seats, seed=3) -> Match:
    game = get_game("metro")
    match = Match.new(game, game.make_config(players, variants), seed, seats)
    bots = [make_bot(game, s, "random", s) for s in range(players)]
    while not match.is_over() and (match.seq < moves or match.to_act() != (0,)):
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def _distinct_colours(surface, rect) -> int:
    sub = surface.subsurface(rect)
    small = pygame.transform.scale(sub, (64, 64))
    return len({tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(64)})


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


def test_every_screen_runs_frames(app):
    app.push(TitleScreen(app))
    frames(app, 3)
    app.push(GameChoiceScreen(app))
    frames(app, 3)
    app.push(SetupScreen(app, "metro"))
    frames(app, 3)
    app.push(SettingsScreen(app))
    frames(app, 3)
    app.pop()
    for variants, players in (([], 2), (["orientation", "hand3"], 3), (["companies"], 4),
                              (["hand2"], 6)):
        match = _played(variants, players, 12, _seats(1, players - 1))
        play = PlayScreen(app, match)
        app.push(play)
        frames(app, 3)
        app.push(PauseScreen(app, play))
        frames(app, 2)
        app.pop()
        app.push(PassDeviceScreen(app, play, 0))
        frames(app, 2)
        app.pop()
        app.pop()
    finished = _played([], 2, 999, _seats(0, 2))
    assert finished.is_over()
    app.push(ResultsScreen(app, finished))
    frames(app, 3)
    finished_c = _played(["companies"], 3, 999, _seats(0, 3))
    app.push(ResultsScreen(app, finished_c))
    frames(app, 3)
    assert app.running


def test_board_screenshot_is_not_blank(app, tmp_path):
    match = _played(["hand2"], 3, 30, _seats(1, 2))
    app.push(PlayScreen(app, match))
    frames(app, 5)
    path = tmp_path / "board.png"
    app.screenshot(path)
    shot = pygame.image.load(str(path))
    assert shot.get_size() == (1280, 720)
    board_area = pygame.Rect(376, 100, 528, 528)
    assert _distinct_colours(shot, board_area) > 15       # tiles, tracks, felt, highlights
    # tiles are cream: a fair share of the board is light
    sub = pygame.transform.scale(shot.subsurface(board_area), (32, 32))
    light = sum(1 for x in range(32) for y in range(32) if sum(sub.get_at((x, y))[:3]) > 600)
    assert light > 80


def test_bots_play_off_the_frame_loop_to_the_results(app):
    app.settings.values["animations"] = False
    match = Match.new("metro", get_game("metro").make_config(3, []), 9, _seats(0, 3))
    app.push(TitleScreen(app))
    app.push(PlayScreen(app, match))
    # the bots think in helper processes: wait by the clock (headless frames are not paced)
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline and not isinstance(app.top, ResultsScreen):
        frames(app, 5)
    assert isinstance(app.top, ResultsScreen)
    assert match.is_over()
    expected = Match.from_log("metro", match.config, match.seed,
                              [(e.seat, e.move) for e in match.log]).scores()["scores"]
    assert app.top.result["scores"] == expected
    # rematch starts a new table with the same seats (once the screen takes input)
    frames(app, 60)
    click(app, app.top.form.item("rematch").rect.center)
    assert isinstance(app.top, PlayScreen) and app.top.match.seq == 0


def test_illegal_click_shows_reason_and_changes_nothing(app):
    match = _played([], 2, 6, _seats(1, 1))
    play = PlayScreen(app, match)
    app.push(play)
    frames(app, 2)
    from game.client.games.metro.geometry import square_rect

    before = (match.seq, match.hash())
    centre_neighbour_free = [sq for sq in range(64) if match.state.board[sq] is None
                             and sq not in play.board.legal_squares(0)
                             and sq not in (27, 28, 35, 36)]
    click(app, square_rect(centre_neighbour_free[0]).center)
    assert (match.seq, match.hash()) == before
    assert app.toasts.latest()            # the reason is on screen
    assert play.board.flash is not None   # and the square flashes red
    click(app, square_rect(27).center)    # the central station itself
    assert (match.seq, match.hash()) == before
    assert "central" in app.toasts.latest().lower()


def test_pause_menu_and_quit(app):
    match = _played([], 2, 2, _seats(1, 1))
    app.push(TitleScreen(app))
    app.push(PlayScreen(app, match))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PlayScreen)
    key(app, pygame.K_p)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)            # quit to title
    assert isinstance(app.top, TitleScreen) and len(app.stack) == 1
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def test_setup_offers_a_controller_plugged_in_while_open(app):
    from tests.test_client_support import pad_added, pad_removed

    setup = SetupScreen(app, "metro")
    app.push(setup)
    frames(app, 1)
    assert "human:pad1" not in setup.form.item("who:1").options
    pad_added(app)
    assert "human:pad1" in setup.form.item("who:1").options
    assert "Controller 1" in app.toasts.latest()
    pad_removed(app)
    assert "disconnected" in app.toasts.latest()


def test_settings_corrupt_file_gives_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    assert Settings(path).values == DEFAULTS
    path.write_text(json.dumps({"volume": "loud", "colour_blind": True, "language": 5,
                                "player_names": ["Ann", 3]}), encoding="utf-8")
    loaded = Settings(path)
    assert loaded["volume"] == DEFAULTS["volume"] and loaded["colour_blind"] is True
    assert loaded["language"] == "en" and loaded["player_names"] == ["Ann", "3"]
    loaded["volume"] = 30
    assert Settings(path)["volume"] == 30
    path.write_text("[1, 2]", encoding="utf-8")
    assert Settings(path).values == DEFAULTS


def test_settings_screen_changes_and_persists(app, tmp_path):
    app.push(SettingsScreen(app))
    key(app, pygame.K_DOWN)               # volume
    key(app, pygame.K_LEFT)
    assert app.settings["volume"] == 60
    for _ in range(2):
        key(app, pygame.K_DOWN)           # colour-blind
    key(app, pygame.K_RETURN)
    assert app.settings["colour_blind"] is True
    assert Settings(app.settings.path)["colour_blind"] is True


def _run_play(*args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRACKLAYER_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, str(ROOT / "run.py"), "play", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_cli_play_frames_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    done = _run_play("metro", "--players", "3", "--bots", "2", "--seed", "5", "--frames", "90",
                     "--screenshot", str(shot), tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)


@pytest.mark.parametrize("args", [
    ["metro", "--players", "2", "--bots", "3", "--frames", "5"],
    ["metro", "--players", "9", "--frames", "5"],
    ["metro", "--frames", "0"],
    ["chess", "--frames", "5"],
    ["metro", "--level", "genius", "--bots", "1", "--frames", "5"],
    ["metro", "--screenshot", "x.png"],
])
def test_cli_play_bad_arguments_exit_2(args, tmp_path):
    done = _run_play(*args, tmp_path=tmp_path)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and done.stderr.strip()


def test_f11_toggles_fullscreen_setting_from_any_screen(app):
    app.push(TitleScreen(app))
    assert app.settings["fullscreen"] is False
    key(app, pygame.K_F11)
    assert app.settings["fullscreen"] is True
    app.push(SettingsScreen(app))
    key(app, pygame.K_F11)
    assert app.settings["fullscreen"] is False
    assert Settings(app.settings.path)["fullscreen"] is False


def test_a_controller_can_type_a_name(app):
    from tests.test_client_support import pad_added, pad_button, pad_hat

    pad_added(app)
    setup = SetupScreen(app, "metro")
    app.push(setup)
    frames(app, 1)
    setup.form.focus = setup.form.items.index(setup.form.item("name:0"))
    pad_button(app, 0)                      # A: edit the name
    assert setup.form.editing
    for _ in range(len("Player 1")):
        pad_hat(app, (-1, 0))               # left: delete a letter
    pad_hat(app, (1, 0))                    # right: a new letter "A"
    pad_hat(app, (0, -1))                   # down: A -> B
    pad_hat(app, (1, 0))                    # right: "BA"
    pad_hat(app, (0, -1))
    pad_hat(app, (0, -1))                   # "BC"
    pad_hat(app, (0, 1))                    # up: "BB"
    pad_button(app, 0)                      # A: done
    assert not setup.form.editing
    assert setup.seats[0]["name"] == "BB"

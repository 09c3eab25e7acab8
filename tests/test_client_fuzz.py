"""Event storms: every client screen takes a few thousand random keys, clicks, wheel turns,
controller buttons/hats/sticks, controllers plugged in and out, text and window resizes without
a traceback. Seeded and counted (never timed: a storm is the same on a loaded machine), so a
failure names the screen and the seed and can be replayed (``FUZZ_SEED=n FUZZ_EVENTS=k``
explore other storms, longer).

The storm may walk from the starting screen anywhere (a random Enter on the title opens the game
choice...); whatever it reaches must hold up too. "Quit" only stops the loop: the storm restarts
the app's loop and goes on. Networking is loopback only (no broadcast discovery).
"""

from __future__ import annotations

import os
import random

import pygame
import pytest

from game.bots.base import make_bot
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.test_client_support import make_app
from tests.lan_loopback import use_loopback

EVENTS_PER_SCREEN = int(os.environ.get("FUZZ_EVENTS", 400))

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_r,
        pygame.K_q, pygame.K_e, pygame.K_x, pygame.K_c, pygame.K_p, pygame.K_F10,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_9, pygame.K_LEFTBRACKET,
        pygame.K_RIGHTBRACKET, pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s, pygame.K_m,
        pygame.K_h, pygame.K_u, pygame.K_z, pygame.K_KP_ENTER, pygame.K_HOME, pygame.K_END,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_DELETE, pygame.K_F1]
CONTROLLER_BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
                      pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y,
                      pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START,
                      pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
                      pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                      pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                      pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]
PADS = (4242, 4243)


def random_event(rng: random.Random) -> pygame.event.Event:
    roll = rng.random()
    pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
    pad = rng.choice(PADS)
    if roll < 0.30:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS),
                                  mod=rng.choice([0, 0, 0, pygame.KMOD_SHIFT]), unicode="",
                                  scancode=0)
    if roll < 0.40:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                  button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if roll < 0.58:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    if roll < 0.70:
        return pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=pad, joy=pad,
                                  button=rng.randrange(16))
    if roll < 0.76:
        return pygame.event.Event(pygame.JOYHATMOTION, instance_id=pad, joy=pad, hat=0,
                                  value=(rng.choice([-1, 0, 1]), rng.choice([-1, 0, 1])))
    if roll < 0.80:
        return pygame.event.Event(pygame.JOYAXISMOTION, instance_id=pad, joy=pad,
                                  axis=rng.randrange(4), value=rng.uniform(-1, 1))
    if roll < 0.86:
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad,
                                  button=rng.choice(CONTROLLER_BUTTONS))
    if roll < 0.88:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad,
                                  axis=rng.randrange(6), value=rng.randrange(-32768, 32768))
    if roll < 0.90:
        return pygame.event.Event(pygame.JOYDEVICEADDED, device_index=30 + pad % 10,
                                  instance_id=pad)
    if roll < 0.91:
        return pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=pad)
    if roll < 0.96:
        # digits only: a random host name typed into an address field must not go to DNS
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("0123456789.Aé한"))
    if roll < 0.98:
        size = (rng.randrange(320, 2000), rng.randrange(240, 1200))
        return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    return pygame.event.Event(pygame.WINDOWFOCUSLOST)


def _metro_replay(tmp_path):
    from game.saves import Replay, start_autosave

    game = get_game("metro")
    seats = [SeatInfo(f"P{i}", "bot", level="random", colour=i) for i in range(3)]
    match = Match.new(game, game.make_config(3, []), 5, seats)
    saver = start_autosave(match, durable=False)
    bots = [make_bot(game, s, "random", s) for s in range(3)]
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return Replay.open(saver.path)


def _table(name: str, players: int, humans: int, variants=()) -> Match:
    game = get_game(name)
    devices = ["mouse+keyboard", "pad1", "pad2", "keyboard"]
    seats = [SeatInfo(f"H{i}", "human", device=devices[i % len(devices)], colour=i)
             if i < humans else SeatInfo(f"B{i}", "bot", level="random", colour=i)
             for i in range(players)]
    return Match.new(game, game.make_config(players, list(variants)), 11, seats)


def _start(app, which: str, tmp_path):
    from game.client.screens.title import TitleScreen

    app.push(TitleScreen(app))
    app.run(frames=1)
    if which == "title":
        return
    if which.startswith("setup:"):
        from game.client.screens.setup import SetupScreen

        app.push(SetupScreen(app, which.split(":", 1)[1]))
    elif which == "settings":
        from game.client.screens.settings import SettingsScreen

        app.push(SettingsScreen(app))
    elif which == "saves":
        from game.client.screens.saves_menu import SavesMenuScreen

        _metro_replay(tmp_path)
        app.push(SavesMenuScreen(app))
    elif which == "find_tables":
        from game.client.screens.find_tables import FindTablesScreen

        app.push(FindTablesScreen(app))
    elif which == "lan_host":
        from game.client.screens.lobby import LanGameChoiceScreen

        app.push(LanGameChoiceScreen(app))
    elif which == "replay":
        from game.client.screens.replay_viewer import ReplayViewerScreen

        app.push(ReplayViewerScreen(app, _metro_replay(tmp_path)))
    elif which.startswith("play:"):
        from game.client.screens.play import PlayScreen

        _, name, players, humans, *variants = which.split(":")
        app.push(PlayScreen(app, _table(name, int(players), int(humans), variants),
                            {"autosave": False}))
    elif which in ("pause", "pass"):
        from game.client.screens.pass_device import PassDeviceScreen
        from game.client.screens.pause import PauseScreen
        from game.client.screens.play import PlayScreen

        play = PlayScreen(app, _table("metro", 2, 2), {"autosave": False})
        app.push(play)
        app.push(PauseScreen(app, play) if which == "pause" else PassDeviceScreen(app, play, 1))
    elif which.startswith("results:"):
        from game.client.screens.results import ResultsScreen

        match = _table(which.split(":")[1], 2, 0)
        bots = [make_bot(match.game, s, "random", s) for s in range(2)]
        while not match.is_over():
            seat = match.to_act()[0]
            match.apply(seat, bots[seat].choose(match.view(seat)))
        app.push(ResultsScreen(app, match))
    elif which.startswith("help:"):
        from game.client.screens.rules_help import RulesHelpScreen

        app.push(RulesHelpScreen(app, which.split(":")[1]))
    else:
        raise AssertionError(which)


SCREENS = ["title", "setup:metro", "setup:railroad-ink", "setup:metromania", "settings",
           "saves", "find_tables", "lan_host", "replay",
           "play:metro:3:2", "play:metro:4:3:companies", "play:railroad-ink:3:3",
           "play:railroad-ink:1:1:meteor", "play:railroad-ink:2:1:volcano", "play:metromania:3:2",
           "results:metro", "results:railroad-ink", "results:metromania", "help:metro",
           "pause", "pass"]


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch, connect_timeout=0.5)


@pytest.mark.parametrize("which", SCREENS)
def test_event_storm_never_raises(which, tmp_path):
    seed = sum(map(ord, which)) * 7919 + int(os.environ.get("FUZZ_SEED", 0))
    rng = random.Random(seed)
    app = make_app(tmp_path)
    try:
        _start(app, which, tmp_path)
        sent = 0
        while sent < EVENTS_PER_SCREEN:
            # several events per frame, like a player mashing every button at once
            for _ in range(rng.randrange(1, 48)):
                pygame.event.post(random_event(rng))
                sent += 1
            try:
                app.run(frames=1)
            except Exception as exc:   # noqa: BLE001 - name the storm that broke it
                raise AssertionError(f"{which} (seed {seed}) broke after {sent} events "
                                     f"on {type(app.top).__name__}: {exc!r}") from exc
            if not app.running:          # the storm chose Quit: keep going
                app.running = True
            if not app.stack:
                _start(app, "title", tmp_path)
    finally:
        app.shutdown()

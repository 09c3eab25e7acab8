"""Table setup (issue 12): split-screen humans get a device each by default (and a warning
when two share one), the keyboard and the mouse then drive their own sheet; setup remembers
the last table of each game across a restart; one wording for mouse and keyboard."""

from __future__ import annotations

import json

import pygame

from game.client.screens.play import PlayScreen
from game.client.screens.setup import SetupScreen
from game.client.screens.title import TitleScreen
from tests.test_client_support import frames, key, make_app, pad_added


def _setup(app, game):
    app.push(TitleScreen(app))
    screen = SetupScreen(app, game)
    app.push(screen)
    frames(app, 1)
    return screen


def test_split_screen_humans_get_their_own_device_and_it_drives_their_sheet(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = _setup(app, "railroad-ink")
        assert [s["who"] for s in screen.seats] == ["human:keyboard", "human:mouse"]
        assert screen.shared_warning() is None
        screen.start()
        play = app.top
        assert isinstance(play, PlayScreen)
        frames(app, 2)
        board = play.board
        before = [list(board.seat_ui(s).cursor) for s in (0, 1)]
        key(app, pygame.K_RIGHT)                       # the keyboard: seat 0's sheet only
        assert board.seat_ui(0).cursor != before[0]
        assert board.seat_ui(1).cursor == before[1]
        # the mouse over seat 0's sheet does not move seat 0's cursor (it is seat 1's)...
        kept = list(board.seat_ui(0).cursor)
        pane0 = board.pane_of(0).rect
        for x in range(pane0.x + 20, pane0.right - 20, 40):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, pane0.centery),
                                                 rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 1)
        assert board.seat_ui(0).cursor == kept
        # ...over seat 1's sheet it aims there
        pane1 = board.pane_of(1).rect
        moved = set()
        for x in range(pane1.x + 20, pane1.right - 20, 30):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, pane1.centery),
                                                 rel=(0, 0), buttons=(0, 0, 0)))
            frames(app, 1)
            moved.add(tuple(board.seat_ui(1).cursor))
        assert len(moved) > 1 and board.seat_ui(0).cursor == kept
    finally:
        app.shutdown()


def test_a_controller_is_offered_first_and_sharing_a_device_is_warned(tmp_path):
    app = make_app(tmp_path)
    try:
        pad_added(app)
        screen = _setup(app, "railroad-ink")
        assert [s["who"] for s in screen.seats] == ["human:mouse+keyboard", "human:pad1"]
        screen.seats[1]["who"] = "human:keyboard"
        screen.build()
        warning = screen.shared_warning()
        assert warning and "Keyboard" in warning and screen.seats[0]["name"] in warning
        frames(app, 1)                                 # drawn without error
        # a turn-based game passes one mouse around: no warning there
        metro = SetupScreen(app, "metro")
        assert metro.shared_warning() is None
        assert [s["who"] for s in metro.seats][:1] == ["human:mouse+keyboard"]
    finally:
        app.shutdown()


def test_setup_remembers_the_last_table_across_a_restart(tmp_path):
    app = make_app(tmp_path)
    try:
        pad_added(app)
        screen = _setup(app, "metro")
        players = screen.form.item("players")
        players.value = 4
        screen.on_change(players)
        screen.seats[0].update(name="Ann", who="human:mouse+keyboard", colour=5)
        screen.seats[1].update(name="Ben", who="human:pad1", colour=2)
        screen.seats[2].update(name="Cleo", who="bot:hard")
        screen.seats[3].update(name="Dot", who="bot:easy")
        screen.options.update(orientation=True, hand=3)
        screen.build()
        screen.start()
        assert isinstance(app.top, PlayScreen)
    finally:
        app.shutdown()
    # a new run of the client, the controller not plugged in any more
    app = make_app(tmp_path)
    try:
        screen = _setup(app, "metro")
        assert screen.players == 4
        assert [s["name"] for s in screen.seats] == ["Ann", "Ben", "Cleo", "Dot"]
        assert [s["who"] for s in screen.seats] == ["human:mouse+keyboard",
                                                    "human:mouse+keyboard", "bot:hard",
                                                    "bot:easy"]
        assert screen.seats[0]["colour"] == 5 and screen.seats[1]["colour"] == 2
        assert sorted(screen.variants()) == ["hand3", "orientation"]
        assert screen.form.item("hand").value == 3
        # another game keeps its own table
        other = SetupScreen(app, "railroad-ink")
        assert other.players == 2 and other.variants() == []
    finally:
        app.shutdown()


def test_a_damaged_remembered_table_gives_the_defaults(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"last_tables": {
        "metro": {"players": 3, "seats": [{"name": 7, "who": "bot:godlike", "colour": 99},
                                          "junk", {"who": "human:pad9"}],
                  "options": {"orientation": "yes", "nonsense": True}},
        "railroad-ink": {"players": 40}}}), encoding="utf-8")
    app = make_app(tmp_path)
    try:
        screen = _setup(app, "metro")
        assert screen.players == 3
        assert all(s["who"] in screen.who_options() for s in screen.seats)
        assert len({s["colour"] for s in screen.seats}) == 3
        assert screen.variants() == []
        ink = SetupScreen(app, "railroad-ink")
        assert ink.players == 2
        key(app, pygame.K_RETURN)                      # still usable
    finally:
        app.shutdown()


def test_one_wording_for_mouse_and_keyboard(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = _setup(app, "metro")
        screen.start()
        play = app.top
        assert play.device_label("mouse+keyboard") == "Mouse + Keyboard"
        assert play.device_label("keyboard+mouse") == "Mouse + Keyboard"
        assert screen.who_label("human:mouse+keyboard") == "Mouse + Keyboard"
    finally:
        app.shutdown()

"""What a player notices in the first minute, pinned down: refusals worded for the game being
played, typing that stays in its field, seats of a starting LAN table that stay put, scripted
``play --frames`` runs that leave no autosave behind, read-only boards in the replay viewer,
hints that match the bindings, plurals."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.client import text
from game.client.widgets import Form, Item
from game.rules.core import IllegalMove
from tests.test_client_support import make_app


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


# --------------------------------------------------------------------------------------------
# Refusals per game
# --------------------------------------------------------------------------------------------

def test_refusal_uses_the_games_own_wording_first():
    occupied = IllegalMove("occupied", "Space {space} already holds a tunnel", space="T12")
    metro_occupied = IllegalMove("occupied", "{square} already holds a tile", square="C4")
    try:
        text.set_language("en")
        # the Metro board labels only its stations: the refusal speaks of "that square"
        assert text.illegal(metro_occupied) == "That square already holds a tile"
        assert text.illegal(metro_occupied, "metro") == "That square already holds a tile"
        assert text.illegal(occupied, "metromania") == "Space T12 already holds a tunnel"
        joined = IllegalMove("not_connected", "", cell="B2")
        assert text.illegal(joined, "railroad-ink").startswith("B2: the drawing must connect")
        # unknown code: the rules' English message
        odd = IllegalMove("no_such_code_anywhere", "Nope {x}", x=3)
        assert text.illegal(odd, "metromania") == str(odd)
        # the player's language, for the game's own key too
        text.set_language("ru")
        assert text.illegal(occupied, "metromania") == \
            text.t("illegal.metromania.occupied", space="T12")
        assert "T12" in text.illegal(occupied, "metromania")
    finally:
        text.set_language("en")


def test_play_screen_words_a_refusal_for_its_game(app):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("railroad-ink")
    match = Match.new(game, game.make_config(1, []), 3,
                      [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)])
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    # the first die drawn in the middle of the sheet touches no exit: Railroad Ink's wording
    # ("connect to a matching route or exit"), not Metro's ("outer ring")
    first = next(m for m in game.legal_moves(match.state, 0) if hasattr(m, "cell"))
    bad = dataclasses.replace(first, cell=24)        # D4
    with pytest.raises(IllegalMove) as refused:
        game.check(match.state, 0, bad)
    assert refused.value.code == "not_connected"
    assert not play.propose(0, bad)
    # said once, on the player's own tray next to what they tried (not again as a toast)
    assert play.board.refusal_text(0) == text.illegal(refused.value, "railroad-ink")
    assert "D4" in play.board.refusal_text(0) and "outer ring" not in play.board.refusal_text(0)
    assert not app.toasts.latest()


# --------------------------------------------------------------------------------------------
# Forms
# --------------------------------------------------------------------------------------------

class _Intent:
    def __init__(self, kind, device="keyboard", pos=None, text="", dx=0, dy=0):
        self.kind, self.device, self.pos, self.text, self.dx, self.dy = \
            kind, device, pos, text, dx, dy


def test_pointing_elsewhere_while_typing_keeps_the_letters_in_the_field():
    form = Form([Item("players", lambda: "Players", "choice", options=[2, 3], value=2),
                 Item("name", lambda: "Name", "text", value="")],
                pygame.Rect(0, 0, 400, 200))
    form.focus = 1
    assert form.handle(_Intent("confirm"))[0] == "edit_start"
    form.handle(_Intent("point", "mouse", pos=form.items[0].rect.center))
    form.handle(_Intent("text", text="Z"))
    assert form.items[1].value == "Z" and form.items[0].value == 2
    # a click elsewhere ends the typing and acts on what was clicked
    form.handle(_Intent("click", "mouse", pos=form.items[0].rect.center))
    assert not form.editing and form.items[0].value == 3
    form.handle(_Intent("text", text="Q"))
    assert form.items[0].value == 3 and form.items[1].value == "Z"


# --------------------------------------------------------------------------------------------
# Replays are watched, not played
# --------------------------------------------------------------------------------------------

def _replay(name: str, players: int):
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from game.saves import Replay, start_autosave

    game = get_game(name)
    seats = [SeatInfo(f"P{i}", "human", device="mouse+keyboard", colour=i)
             for i in range(players)]
    match = Match.new(game, game.make_config(players, []), 5, seats)
    saver = start_autosave(match, durable=False)
    bots = [make_bot(game, s, "random", s) for s in range(players)]
    for _ in range(4):
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return Replay.open(saver.path)


def _drawn_texts(app, monkeypatch) -> list[str]:
    from game.client import fonts

    seen: list[str] = []
    original = fonts.blit

    def recording(surface, value, *args, **kwargs):
        seen.append(value)
        return original(surface, value, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit", recording)
    return seen


@pytest.mark.parametrize("name", ["metro", "metromania", "railroad-ink"])
def test_replay_boards_are_read_only(app, monkeypatch, name):
    from game.client.screens.replay_viewer import ReplayViewerScreen
    from game.client.screens.title import TitleScreen

    app.push(TitleScreen(app))
    viewer = ReplayViewerScreen(app, _replay(name, 2))
    app.push(viewer)
    viewer.go_to(2)
    seen = _drawn_texts(app, monkeypatch)
    app.run(frames=3)
    board = viewer.board
    assert board.read_only
    seat = viewer.match.to_act()[0]
    mover = viewer.table.seat_name(seat)
    assert not any("your turn" in s for s in seen if isinstance(s, str)), seen
    if name == "metro":
        assert board._buttons(seat) == []            # no "Draw instead" in a replay
        assert f"{mover} is playing" in seen
    elif name == "metromania":
        assert f"{mover} is playing" in seen
    else:
        assert not board._acting_human(seat)           # no cursor, ghost, live buttons
    # the same board at a real table does act
    from game.client.screens.play import PlayScreen

    play = PlayScreen(app, viewer.match, {"autosave": False})
    assert not play.board.read_only


# --------------------------------------------------------------------------------------------
# Scripted runs leave the player's saves alone
# --------------------------------------------------------------------------------------------

def test_scripted_play_frames_run_leaves_no_save_to_resume(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRACKLAYER_HOME=str(home))
    done = subprocess.run([sys.executable, str(root / "run.py"), "play", "metro", "--players",
                           "2", "--bots", "2", "--seed", "4", "--frames", "40"], cwd=root,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    saved = [p for p in home.rglob("*") if p.is_file() and "saves" in p.parts]
    assert saved == [], saved
    # ...while a table started the ordinary way is autosaved after each move
    from game.client.save_info import attach_autosave
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 4,
                      [SeatInfo("A", "human", colour=0), SeatInfo("B", "human", colour=1)])
    assert attach_autosave(match, {"autosave": False}) is None
    assert attach_autosave(match, None) is not None


# --------------------------------------------------------------------------------------------
# Railroad Ink split screen: a refusal is told on the refused player's own tray
# --------------------------------------------------------------------------------------------

def test_split_screen_refusal_stays_on_its_own_tray(app):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from tests.test_client_support import key, pad_added

    game = get_game("railroad-ink")
    app.push(TitleScreen(app))
    pad_added(app)
    match = Match.new(game, game.make_config(2, []), 3,
                      [SeatInfo("Ann", "human", device="keyboard", colour=0),
                       SeatInfo("Bo", "human", device="pad1", colour=1)])
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    board = play.board
    board.seat_ui(0).cursor = [3, 3]                 # D4: nothing to connect to
    key(app, pygame.K_RETURN)
    assert match.seq == 0
    reason = board.refusal_text(0)
    assert reason.startswith("D4:") and board.refusal_text(1) == ""
    assert reason not in [toast.text for toast in app.toasts.items]   # not over Bo's sheet
    app.run(frames=200)                               # gone after a few seconds
    assert board.refusal_text(0) == ""
    # one player at the table: the reason is on the tray too, and only there
    app.reset_to(TitleScreen(app))
    solo = Match.new(game, game.make_config(1, []), 3,
                     [SeatInfo("Ann", "human", device="keyboard", colour=0)])
    play = PlayScreen(app, solo, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    play.board.seat_ui(0).cursor = [3, 3]
    key(app, pygame.K_RETURN)
    assert play.board.refusal_text(0) != "" and not app.toasts.latest()


# --------------------------------------------------------------------------------------------
# Plurals
# --------------------------------------------------------------------------------------------

def test_counts_of_one_read_as_singular():
    from game.client.plural import tn

    try:
        text.set_language("en")
        assert tn("metro.cars_left", 1) == "1 car"
        assert tn("metro.cars_left", 2) == "2 cars"
        assert tn("metro.cars_left", 0) == "0 cars"
        assert tn("mania.dig_first", 1).startswith("Dig 1 tunnel first")
        assert tn("mania.dig_title", 1, done=0) == "Dig: 0 of 1 tunnel"
        assert tn("saves.finished", 1).endswith("1 move")
        assert tn("results.turns", 1) == "1 turn"
        text.set_language("ru")     # Russian words the count without a plural noun
        assert tn("metro.cars_left", 1) == text.t("metro.cars_left", n=1)
    finally:
        text.set_language("en")


# --------------------------------------------------------------------------------------------
# Table setup never builds a table the rules refuse
# --------------------------------------------------------------------------------------------

def _setup(app, game):
    from game.client.screens.setup import SetupScreen
    from game.client.screens.title import TitleScreen

    app.push(TitleScreen(app))
    screen = SetupScreen(app, game)
    app.push(screen)
    app.run(frames=1)
    return screen


def _flip(app, screen, key_):
    from tests.test_client_support import key

    screen._focus(key_)
    key(app, pygame.K_RIGHT)


def test_setup_offers_the_expansions_as_one_choice(app):
    # the rules allow one expansion at a time: one labelled choice, not four switches that
    # silently turn each other off
    screen = _setup(app, "railroad-ink")
    assert not any(item.key.startswith("variant:") for item in screen.form.items)
    assert screen.form.item("expansion").options == ["", "lake", "meteor", "river", "volcano"]
    assert screen.variants() == []
    _flip(app, screen, "expansion")
    assert screen.variants() == ["lake"]
    _flip(app, screen, "expansion")
    assert screen.variants() == ["meteor"]
    assert screen.form.item("expansion").shown_value() == "Meteor"
    screen.start()
    assert type(app.top).__name__ == "PlayScreen"
    assert "meteor" in str(app.top.match.config)


def test_setup_variant_for_more_players_moves_the_count_and_back(app):
    screen = _setup(app, "metromania")
    assert screen.players == 2
    _flip(app, screen, "variant:no-corruption")
    assert screen.players == 3 and len(screen.seats) == 3
    assert screen.form.item("players").value == 3
    _flip(app, screen, "variant:unfair")                 # either one, not both
    assert screen.variants() == ["unfair"]
    screen._focus("players")
    from tests.test_client_support import key

    key(app, pygame.K_LEFT)                              # back to 2 players: variant off
    assert screen.players == 2 and screen.variants() == []
    screen.start()
    assert type(app.top).__name__ == "PlayScreen"
    assert not app.toasts.latest()


# --------------------------------------------------------------------------------------------
# No dead ends for the mouse: the "Back" hint is a button
# --------------------------------------------------------------------------------------------

def _mouse_back(app) -> None:
    from tests.test_client_support import click

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.run(frames=1)
    backs = [rect for action, rect in app.hint_targets if action == "cancel"]
    assert backs, "the hint bar should offer Back to the mouse"
    click(app, backs[0].center)


def test_mouse_alone_can_leave_every_screen_without_a_back_button(app):
    from game.client.screens.game_choice import GameChoiceScreen
    from game.client.screens.replay_viewer import ReplayViewerScreen
    from game.client.screens.rules_help import RulesHelpScreen
    from game.client.screens.saves_menu import SavesMenuScreen
    from game.client.screens.title import TitleScreen

    title = TitleScreen(app)
    app.push(title)
    app.run(frames=1)
    for screen in (GameChoiceScreen(app), RulesHelpScreen(app, "metro"), SavesMenuScreen(app),
                   ReplayViewerScreen(app, _replay("metro", 2))):
        app.push(screen)
        app.run(frames=1)
        _mouse_back(app)
        assert app.top is title, type(screen).__name__
    # the hint of a keyboard player is clickable too, and other hints do nothing
    app.push(GameChoiceScreen(app))
    from tests.test_client_support import click, key

    key(app, pygame.K_DOWN)
    confirm = [rect for action, rect in app.hint_targets if action == "confirm"][0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=confirm.center, button=1))
    app.run(frames=1)
    assert type(app.top).__name__ == "GameChoiceScreen"


# --------------------------------------------------------------------------------------------
# Metro: the keyboard/controller cursor starts where a tile may go
# --------------------------------------------------------------------------------------------

def test_metro_cursor_starts_on_a_legal_square_and_leaves_taken_ones(app):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from tests.test_client_support import key

    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 9,
                      [SeatInfo("Ann", "human", device="keyboard", colour=0),
                       SeatInfo("Bo", "human", device="keyboard", colour=1)])
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    key(app, pygame.K_RETURN)                  # Ann takes the device ("Pass to Ann")
    assert app.top is play and play.viewer == 0
    key(app, pygame.K_RETURN)                  # Enter at once: a tile goes down, no refusal
    assert match.seq == 1 and not app.toasts.latest()
    placed = match.log[0].move.square if hasattr(match.log[0].move, "square") else None
    key(app, pygame.K_RETURN)                  # Bo confirms the pass screen
    app.run(frames=2)
    cursor = play.board.cursor[1]
    square = cursor[1] * 8 + cursor[0]
    assert square in play.board.legal_squares(1) and square != placed
    key(app, pygame.K_RETURN)                  # Bo places; the pass screen comes up for Ann
    key(app, pygame.K_RETURN)
    app.run(frames=2)
    assert match.seq == 2
    col, row = play.board.cursor[0]            # Ann's cursor left the square her tile took
    assert row * 8 + col in play.board.legal_squares(0)


def test_pass_screen_drops_the_last_players_refusals(app):
    from game.client.games.metro.geometry import square_rect
    from game.client.screens.pass_device import PassDeviceScreen
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from tests.test_client_support import click, key

    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 9,
                      [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
                       SeatInfo("Bo", "human", device="mouse+keyboard", colour=1)])
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    key(app, pygame.K_RETURN)                    # Ann takes the device ("Pass to Ann")
    click(app, square_rect(27).center)           # next to the central station: refused
    assert match.seq == 0 and app.toasts.items and app.toasts.items[-1].kind == "bad"
    legal = sorted(play.board.legal_squares(0))[0]
    click(app, square_rect(legal).center)         # then places her tile
    assert match.seq == 1 and isinstance(app.top, PassDeviceScreen)
    assert not [toast for toast in app.toasts.items if toast.kind == "bad"]


def test_metro_exchange_after_drawing_is_refused_before_the_list_opens(app):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from tests.test_client_support import key

    game = get_game("metro")
    match = Match.new(game, game.make_config(2, ["companies"]), 9,
                      [SeatInfo("Ann", "human", device="keyboard", colour=0),
                       SeatInfo("Bo", "bot", level="random", colour=1)])
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    key(app, pygame.K_x)                            # draw instead
    assert match.seq == 1 and match.state.pending is not None
    key(app, pygame.K_c)                            # exchange: not now
    assert play.board.exchange_form is None
    assert app.toasts.latest() == text.t("illegal.must_place_drawn")


# --------------------------------------------------------------------------------------------
# A language switched in the pause menu reaches every panel of the board
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, key_", [("metromania", "mania.station_mode"),
                                         ("railroad-ink", "ri.rotate")])
def test_language_switch_repaints_cached_board_panels(app, monkeypatch, name, key_):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game(name)
    match = Match.new(game, game.make_config(2, []), 4,
                      [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
                       SeatInfo("Bo", "bot", level="random", colour=1)])
    app.push(TitleScreen(app))
    app.push(PlayScreen(app, match, {"autosave": False}))
    app.run(frames=3)
    english = text.t(key_)
    try:
        text.set_language("ru")
        russian = text.t(key_)
        assert russian != english
        seen = _drawn_texts(app, monkeypatch)
        app.run(frames=2)
        assert russian in seen and english not in seen
    finally:
        text.set_language("en")


# --------------------------------------------------------------------------------------------
# Every button hint names the button that really does it
# --------------------------------------------------------------------------------------------

def test_hint_glyphs_match_the_bindings():
    from game.client.input import InputLayer
    from game.client.widgets import glyph_text

    layer = InputLayer()
    # keyboard: the key named on the cap produces the hinted intent
    named_keys = {"Enter": pygame.K_RETURN, "Esc": pygame.K_ESCAPE, "R": pygame.K_r,
                  "Tab": pygame.K_TAB, "X": pygame.K_x, "C": pygame.K_c, "P": pygame.K_p}
    for action in ("confirm", "cancel", "rotate", "next", "alt", "aux", "menu"):
        glyph = glyph_text("keyboard", action)
        event = pygame.event.Event(pygame.KEYDOWN, key=named_keys[glyph], mod=0, unicode="",
                                   scancode=0)
        assert [i.kind for i in layer.translate(event)] == [action], (action, glyph)
    shift_tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT,
                                   unicode="", scancode=0)
    assert glyph_text("keyboard", "prev") == "Shift+Tab"
    assert [i.kind for i in layer.translate(shift_tab)] == ["prev"]
    # controllers: SDL game-controller buttons (by position) and the joystick numbering
    by_name = {"A": pygame.CONTROLLER_BUTTON_A, "B": pygame.CONTROLLER_BUTTON_B,
               "X": pygame.CONTROLLER_BUTTON_X, "Y": pygame.CONTROLLER_BUTTON_Y,
               "LB": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
               "RB": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
               "Back": pygame.CONTROLLER_BUTTON_BACK, "Start": pygame.CONTROLLER_BUTTON_START}
    xbox_numbers = {"A": 0, "B": 1, "X": 2, "Y": 3, "LB": 4, "RB": 5, "Back": 6, "Start": 7}
    for action in ("confirm", "cancel", "alt", "rotate", "prev", "next", "aux", "menu"):
        glyph = glyph_text("pad", action)
        pressed = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=77,
                                     button=by_name[glyph])
        assert [i.kind for i in layer.translate(pressed)] == [action], (action, glyph)
        pressed = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=88, joy=88,
                                     button=xbox_numbers[glyph])
        assert [i.kind for i in layer.translate(pressed)] == [action], (action, glyph)
    # the mouse: click confirms, right-click rotates
    assert glyph_text("mouse", "confirm") == "Click" and glyph_text("mouse", "rotate")
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)
    assert [i.kind for i in layer.translate(click)] == ["rotate"]


def test_replay_move_list_names_railroad_ink_dice():
    from game.client.screens.replay_viewer import move_label

    assert move_label("railroad-ink", "rail-curve@B7/1") == \
        f"{text.t('ri.face.rail-curve')} · B7"
    assert move_label("railroad-ink", "end") == text.t("ri.end")
    assert move_label("railroad-ink", "undo") == text.t("ri.undo")
    assert move_label("railroad-ink", "mystery") == "mystery"
    assert move_label("metro", "cdac@F1") == text.t("replay.metro_place", square="F1")
    assert move_label("metromania", "dig S:u4,1:e0 S:d3,0:e1+C T:d-5,-2:e0") == \
        f"{text.t('mania.hint_dig')} ×3 (+C)"
    assert move_label("metromania", "station S:2,-3") == text.t("mania.station_title")
    assert move_label("metromania", "bonus T:none") == text.t("mania.refuse")
    assert move_label("metromania", "pass") == text.t("mania.pass")

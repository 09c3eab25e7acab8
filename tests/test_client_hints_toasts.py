"""Controller hints per brand and where toasts go.

The hint bar names the button as it is printed on the controller in the player's hands (Xbox
letters, PlayStation symbols, Nintendo's swapped letters), and pressing the button at that
position does what the hint says. Toasts stack at the bottom centre above the hint bar: never
over a board's header or the side panels with the scores and the active hand.
"""

from __future__ import annotations

import pygame
import pytest

from game.client import fonts, input as client_input, widgets
from game.client import toasts as toasts_module
from game.client.input import InputLayer, controller_family
from game.client.widgets import glyph_text
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.test_client_support import make_app

# What a player sees on real controllers (names as SDL reports them)
REAL_PADS = [
    ("Xbox Series X Controller", "", "xbox"),
    ("Xbox 360 Controller", "", "xbox"),
    ("Xbox One Wireless Controller", "", "xbox"),
    ("PS5 Controller", "", "playstation"),
    ("DualSense Wireless Controller", "", "playstation"),
    ("PS4 Controller", "", "playstation"),
    ("Sony Interactive Entertainment Wireless Controller", "", "playstation"),
    ("PS3 Controller", "", "playstation"),
    ("Nintendo Switch Pro Controller", "", "nintendo"),
    ("Nintendo Switch Joy-Con (L/R)", "", "nintendo"),
    ("Joy-Con (R)", "", "nintendo"),
    ("8BitDo Pro 2", "", "nintendo"),
    ("8BitDo SN30 Pro", "", "nintendo"),
    ("Logitech Gamepad F310", "", "generic"),
    ("USB Gamepad", "", "generic"),
    ("Controller", "", "generic"),
    # a name that says nothing: the USB vendor inside the SDL GUID decides
    ("Wireless Controller", "050000004c050000e60c000000810000", "playstation"),
    ("Wireless Gamepad", "030000007e0500000920000011810000", "nintendo"),
    ("Gamepad", "030000005e040000e002000000000000", "xbox"),
    ("Gamepad", "03000000790000000600000010010000", "generic"),
]

# The face buttons as printed, by position (SDL's game-controller API reports positions:
# its "A" is the bottom button, "B" the right one, "X" the left one, "Y" the top one).
FACE_LABELS = {
    "xbox": {"A": "south", "B": "east", "X": "west", "Y": "north"},
    "generic": {"A": "south", "B": "east", "X": "west", "Y": "north"},
    "playstation": {"×": "south", "○": "east", "□": "west", "△": "north"},
    "nintendo": {"B": "south", "A": "east", "Y": "west", "X": "north"},
}
POSITION_BUTTON = {"south": pygame.CONTROLLER_BUTTON_A, "east": pygame.CONTROLLER_BUTTON_B,
                   "west": pygame.CONTROLLER_BUTTON_X, "north": pygame.CONTROLLER_BUTTON_Y}
POSITION_NUMBER = {"south": 0, "east": 1, "west": 2, "north": 3}   # joystick API, Xbox order
OTHER_LABELS = {
    "xbox": {"LB": "prev", "RB": "next", "Back": "aux", "Start": "menu"},
    "generic": {"LB": "prev", "RB": "next", "Back": "aux", "Start": "menu"},
    "playstation": {"L1": "prev", "R1": "next", "Share": "aux", "Options": "menu"},
    "nintendo": {"L": "prev", "R": "next", "−": "aux", "+": "menu"},
}
OTHER_BUTTON = {"prev": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
                "next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                "aux": pygame.CONTROLLER_BUTTON_BACK, "menu": pygame.CONTROLLER_BUTTON_START}
OTHER_NUMBER = {"prev": 4, "next": 5, "aux": 6, "menu": 7}
ACTIONS = ("confirm", "cancel", "alt", "rotate", "prev", "next", "aux", "menu")


class FakeJoystick:
    """Stands in for an opened pygame joystick of a given make."""

    next_id = 500

    def __init__(self, name: str, guid: str) -> None:
        FakeJoystick.next_id += 1
        self.instance_id = FakeJoystick.next_id
        self.name, self.guid = name, guid

    def init(self) -> None:
        pass

    def get_instance_id(self) -> int:
        return self.instance_id

    def get_name(self) -> str:
        return self.name

    def get_guid(self) -> str:
        return self.guid


def _plug(monkeypatch, layer: InputLayer, name: str, guid: str = ""):
    """Plug a controller called ``name`` into ``layer`` through the real add_pad path."""
    monkeypatch.setattr(client_input, "sdl_controller", None)
    monkeypatch.setattr(pygame.joystick, "Joystick", lambda index: FakeJoystick(name, guid))
    pad = layer.add_pad(0)
    assert pad is not None and pad.name == name
    return pad


@pytest.mark.parametrize("name,guid,family", REAL_PADS)
def test_the_family_comes_from_the_controllers_name_or_vendor(name, guid, family):
    assert controller_family(name, guid) == family


@pytest.mark.parametrize("name,guid,family", REAL_PADS)
def test_hints_name_the_buttons_printed_on_each_controller(monkeypatch, name, guid, family):
    layer = InputLayer()
    pad = _plug(monkeypatch, layer, name, guid)
    assert pad.family == family and client_input.pad_family(pad.device) == family
    face = {action: widgets.pad_glyph(pad.device, action)
            for action in ("confirm", "cancel", "alt", "rotate")}
    expected = {"xbox": ("A", "B", "X", "Y"), "generic": ("A", "B", "X", "Y"),
                "playstation": ("×", "○", "□", "△"), "nintendo": ("B", "A", "Y", "X")}[family]
    assert tuple(face.values()) == expected, (name, face)


@pytest.mark.parametrize("family", ["xbox", "playstation", "nintendo", "generic"])
def test_pressing_each_hinted_button_does_what_the_hint_says(family):
    """Find the button by the label the hint shows (where that label sits on this brand's
    pad), press it through SDL's game-controller API and the joystick API, and get the
    hinted intent."""
    layer = InputLayer()
    for action in ACTIONS:
        glyph = glyph_text("pad", action, family)
        if glyph in FACE_LABELS[family]:
            position = FACE_LABELS[family][glyph]
            button, number = POSITION_BUTTON[position], POSITION_NUMBER[position]
        else:
            assert OTHER_LABELS[family][glyph] == action, (family, action, glyph)
            button, number = OTHER_BUTTON[action], OTHER_NUMBER[action]
        pressed = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=77, button=button)
        assert [i.kind for i in layer.translate(pressed)] == [action], (family, action, glyph)
        pressed = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=88, joy=88,
                                     button=number)
        assert [i.kind for i in layer.translate(pressed)] == [action], (family, action, glyph)


def test_nintendo_confirm_is_the_button_xbox_calls_b_is_not():
    """The trap: Nintendo's A is on the right, where Xbox has B. Same position, same intent,
    different label."""
    assert glyph_text("pad", "cancel", "nintendo") == "A" == glyph_text("pad", "confirm", "xbox")
    assert glyph_text("pad", "confirm", "nintendo") == "B" == glyph_text("pad", "cancel", "xbox")


def test_unknown_device_or_family_falls_back_to_xbox_letters():
    assert widgets.pad_glyph("pad9", "confirm") == "A"
    assert glyph_text("pad", "confirm", "no-such-family") == "A"
    assert glyph_text("pad", "confirm") == "A"


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


HINTS = [(action, action) for action in ("move",) + ACTIONS]


@pytest.mark.parametrize("name,family", [("Xbox Series X Controller", "xbox"),
                                         ("DualSense Wireless Controller", "playstation"),
                                         ("Nintendo Switch Pro Controller", "nintendo"),
                                         ("USB Gamepad", "generic")])
def test_the_hint_bar_draws_each_brands_buttons_without_tofu(app, monkeypatch, name, family):
    client_input.remember_pad("pad1", name)
    rendered = []
    real_render = fonts.render

    def render(value, size, colour=(255, 255, 255), weight="regular"):
        rendered.append(value)
        return real_render(value, size, colour, weight)

    monkeypatch.setattr(fonts, "render", render)
    surface = pygame.Surface((1280, 60))
    surface.fill((0, 0, 0))
    targets = widgets.draw_hints(surface, "pad1", HINTS, y=30)
    assert [action for action, _ in targets] == [action for action, _ in HINTS]
    # the hints sit side by side without overlapping, inside the screen
    rects = [rect for _, rect in targets]
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:]))
    assert rects[0].left >= 0 and rects[-1].right <= 1280
    for action, rect in targets:
        if family == "playstation" and widgets.pad_cap(action, family)[1] is not None:
            # a drawn symbol in its own colour, never text from a font that may lack it
            assert glyph_text("pad", action, family) not in rendered
            colour = widgets.pad_cap(action, family)[1][1]
            cap = surface.subsurface(pygame.Rect(rect.x + 6, rect.y + 4, 30, 28))
            hits = sum(1 for x in range(cap.get_width()) for y in range(cap.get_height())
                       if _near(cap.get_at((x, y))[:3], colour))
            assert hits >= 8, (action, hits)
        elif action != "move":
            assert glyph_text("pad", action, family) in rendered, action


def _near(a, b, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_playstation_symbols_in_text_hints_have_a_font_in_every_language():
    """Boards that write hints into a sentence use the symbols as text: some font the
    renderer falls back on must carry each of them."""
    from game.client import text
    from tests.test_i18n import _missing_glyphs

    try:
        for lang in ("en", "ru", "th", "ko", "zh-TW", "ja"):
            text.set_language(lang)
            for symbol in ("×", "○", "□", "△"):
                assert not _missing_glyphs(fonts.font_for_text(symbol, 18, "bold"), symbol), \
                    (lang, symbol)
    finally:
        text.set_language("en")


# --------------------------------------------------------------------------------------------
# Toasts
# --------------------------------------------------------------------------------------------

def _header_and_panels(game_name: str):
    """The header strip and side panels of a game's play screen, read from its board."""
    if game_name == "railroad-ink":
        from game.client.games.railroad_ink import layout as railroad_ink

        return pygame.Rect(0, 0, 1280, railroad_ink.HEADER_H), []
    module = __import__(f"game.client.games.{game_name}.board", fromlist=["LEFT"])
    return pygame.Rect(0, 0, 1280, module.LEFT.y), [module.LEFT, module.RIGHT]


LONG = ("This move would leave the line with no station to end at, so it cannot be placed "
        "here; try a square next to a station instead")


@pytest.mark.parametrize("game_name", ["metro", "metromania"])
def test_toasts_never_cover_the_header_panels_or_hints(app, game_name):
    from game.client.screens.play import PlayScreen

    game = get_game(game_name)
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
             SeatInfo("Bob", "human", device="mouse+keyboard", colour=1)]
    match = Match.new(game, game.make_config(2, {}), 5, seats)
    app.push(PlayScreen(app, match))
    app.run(frames=3)
    header, panels = _header_and_panels(game_name)
    before = app.surface.subsurface(header).copy()
    for message, kind in (("C4 already holds a tile", "bad"), ("Controller 2 connected", "good"),
                          (LONG, "bad"), ("Ann, your turn", "info")):
        app.toasts.show(message, kind)
    app.run(frames=12)
    placed = app.toasts.layout(app.surface.get_size())
    assert len(placed) == 4
    screen = app.surface.get_rect()
    hint_bar = app.hint_targets[0][1].unionall([r for _, r in app.hint_targets])
    for index, (toast, rect) in enumerate(placed):
        assert screen.contains(rect)
        assert not rect.colliderect(header), (toast.text, rect, header)
        assert not rect.colliderect(hint_bar), (toast.text, rect, hint_bar)
        for panel in panels:
            assert not rect.colliderect(panel), (toast.text, rect, panel)
        for _, other in placed[index + 1:]:
            assert not rect.colliderect(other)
    # the long one wrapped inside the width limit instead of running off the screen
    long_rect = [rect for toast, rect in placed if toast.text == LONG][0]
    assert long_rect.width <= toasts_module.TOAST_MAX_W and long_rect.height > placed[0][1].height
    # the newest is lowest, right above the hints
    assert placed[-1][1].bottom == max(rect.bottom for _, rect in placed)
    # and the header really looks the same as before the toasts
    after = app.surface.subsurface(header)
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")


def test_a_toast_fades_in_then_out_and_goes():
    toasts = toasts_module.Toasts()
    toasts.show("Saved", "good", seconds=2.0)
    toast = toasts.items[0]
    assert toast.alpha() == 0
    toasts.update(toasts_module.TOAST_FADE_IN / 2)
    assert 0 < toast.alpha() < 255
    toasts.update(1.0)
    assert toast.alpha() == 255
    toasts.update(2.0 - 1.0 - toasts_module.TOAST_FADE_IN / 2 - toasts_module.TOAST_FADE_OUT / 2)
    assert 0 < toast.alpha() < 255
    toasts.update(toasts_module.TOAST_FADE_OUT)
    assert toasts.items == [] and toasts.latest() == ""


def test_toasts_keep_the_four_newest_and_a_repeat_moves_to_the_bottom():
    toasts = toasts_module.Toasts()
    for n in range(6):
        toasts.show(f"message {n}")
    assert [t.text for t in toasts.items] == [f"message {n}" for n in range(2, 6)]
    toasts.show("message 3")
    assert [t.text for t in toasts.items] == ["message 2", "message 4", "message 5",
                                              "message 3"]


@pytest.mark.parametrize("screen", ["settings", "setup", "find tables"])
def test_on_menus_toasts_step_aside_from_the_buttons(app, screen):
    """A menu's buttons stay visible: the toast stack slides beside them (or narrows into a
    free margin) instead of covering "Back" for three seconds."""
    from game.client.screens.find_tables import FindTablesScreen
    from game.client.screens.settings import SettingsScreen
    from game.client.screens.setup import SetupScreen

    make = {"settings": lambda: SettingsScreen(app),
            "setup": lambda: SetupScreen(app, "metro", {"players": 6}),
            "find tables": lambda: FindTablesScreen(app)}[screen]
    app.push(make())
    app.run(frames=2)
    app.toasts.show("The companies expansion needs at least three players", "bad")
    app.toasts.show("Controller 2 connected", "good")
    app.run(frames=12)
    buttons = app.toast_obstacles()
    assert buttons and any(item.key == "back" for item in app.top.form.items)
    # centred, the stack would have covered a button: the test is not blind
    centred = toasts_module.Toasts()
    centred.items = list(app.toasts.items)
    assert any(rect.collidelist(buttons) >= 0
               for _, rect in centred.layout(app.surface.get_size()))
    placed = app.toasts.layout(app.surface.get_size(), buttons)
    screen_rect = app.surface.get_rect().inflate(-20, -20)
    for toast, rect in placed:
        assert rect.collidelist(buttons) < 0, (toast.text, rect)
        assert screen_rect.contains(rect)
        # the text was wrapped for the box it is drawn in
        assert all(fonts.font_for_text(line, toasts_module.TOAST_SIZE, "semibold").size(line)[0]
                   <= rect.width - 38 for line in toast.lines)


def test_a_switch_pad_plugged_in_mid_game_gets_its_own_labels_on_the_play_screen(
        app, monkeypatch):
    """The whole path: SDL announces the pad, the input layer names its family, and the play
    screen's hint bar (drawn by the app for the seat's device) shows Nintendo's labels."""
    from game.client.screens.play import PlayScreen

    monkeypatch.setattr(client_input, "sdl_controller", None)
    monkeypatch.setattr(pygame.joystick, "Joystick",
                        lambda index: FakeJoystick("Nintendo Switch Pro Controller", ""))
    game = get_game("metro")
    seats = [SeatInfo("Ann", "human", device="pad1", colour=0),
             SeatInfo("Bob", "human", device="pad1", colour=1)]
    app.push(PlayScreen(app, Match.new(game, game.make_config(2, {}), 5, seats)))
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0,
                                         instance_id=None))
    drawn = []
    real_hints = widgets.draw_hints
    monkeypatch.setattr("game.client.app.draw_hints",
                        lambda surface, device, hints, y=None: drawn.append(
                            [glyph_text("pad", a, client_input.pad_family(device))
                             for a, _ in hints]) or real_hints(surface, device, hints, y))
    app.run(frames=2)
    assert app.input.pads[1].family == "nintendo"
    assert "confirm" in dict(app.top.hints()) and drawn
    confirm_at = [a for a, _ in app.top.hints()].index("confirm")
    assert drawn[-1][confirm_at] == "B"


@pytest.mark.parametrize("family, confirm", [("playstation", "×"), ("nintendo", "B"),
                                             ("xbox", "A")])
def test_railroad_ink_tray_hints_name_the_players_own_controller(app, monkeypatch, family,
                                                                 confirm):
    """A Railroad Ink sheet's text hints (under the tray) use the labels of the controller
    that player holds, not Xbox letters for every pad."""
    from game.client.screens.play import PlayScreen

    monkeypatch.setitem(client_input.PAD_FAMILIES, "pad1", family)
    game = get_game("railroad-ink")
    seats = [SeatInfo("Ann", "human", device="pad1", colour=0),
             SeatInfo("Bob", "human", device="mouse+keyboard", colour=1)]
    play = PlayScreen(app, Match.new(game, game.make_config(2, []), 5, seats))
    line = play.board._device_hints(0)[0]
    assert line.startswith(f"{confirm} "), line
    assert play.board._device_hints(1)[0] != line


@pytest.mark.parametrize("humans,bots", [(1, 2), (2, 0)])
def test_railroad_ink_toasts_cover_no_sheet_and_keep_the_header_words(app, humans, bots):
    """The players' panes and the bots' small sheets cover the bottom: the toasts go to the
    header's free strip (issue 26: round toasts covered the panels), clear of the title, the
    round's number and the Menu and Hint buttons."""
    from game.client.screens.play import PlayScreen

    game = get_game("railroad-ink")
    devices = ["mouse+keyboard", "mouse+keyboard"]
    seats = [SeatInfo(name, "human", device=devices[i], colour=i)
             for i, name in enumerate(["Ann", "Bob"][:humans])] + [
        SeatInfo(f"Bot {i}", "bot", level="easy", colour=i) for i in range(humans, humans + bots)]
    play = PlayScreen(app, Match.new(game, game.make_config(humans + bots, []), 5, seats))
    app.push(play)
    app.run(frames=2)
    words = pygame.Rect(0, 0, 352, 44)           # "Railroad Ink" and "Round 1/7"
    before = app.surface.subsurface(words).copy()
    for text in ("Round 2: new dice!", "Controller 2 connected"):
        app.toasts.show(text)
    app.run(frames=12)
    placed = app.toasts.layout(app.surface.get_size(), app.toast_obstacles(), app.toast_lane())
    assert placed
    buttons = [play.board.menu_button, play.coach.button()]
    for _toast, rect in placed:
        assert app.surface.get_rect().contains(rect)
        for pane in play.board.layout():
            assert not rect.colliderect(pane.rect), (rect, pane.rect)
        assert rect.collidelist(buttons) < 0 and not rect.colliderect(words)
    after = app.surface.subsurface(words)
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")


@pytest.mark.parametrize("game_name", ["metro", "metromania"])
def test_metro_toasts_leave_the_board_and_the_hand_panel_free(app, game_name):
    """A refused move on Metro (or Metromania): the player retries on the board. Toasts
    (issue 12: a far corner is missed) stay in the middle column by the board or city, clear
    of the panels and of the spot aimed at."""
    from game.client.screens.play import PlayScreen

    game = get_game(game_name)
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
             SeatInfo("Bot", "bot", level="easy", colour=1)]
    play = PlayScreen(app, Match.new(game, game.make_config(2, []), 3, seats))
    app.push(play)
    app.toasts.show("Controller 1 connected", "good")
    app.toasts.show("B5 must be on the outer ring or next to a tile", "bad")
    app.run(frames=2)
    avoid = play.board.toast_avoid()
    assert len(avoid) >= 3          # both panels and the spot the cursor aims at
    placed = app.toasts.layout(app.surface.get_size(), app.toast_obstacles())
    assert len(placed) == 2
    for _toast, rect in placed:
        assert rect.collidelist(avoid) < 0
        assert avoid[0].right <= rect.left and rect.right <= avoid[1].left
        assert app.surface.get_rect().contains(rect)
    if game_name == "metromania":
        # aiming at the city's bottom edge, where a centred toast would sit: it steps aside
        draft = play.board.drafts[0]
        bottom = max(play.board.candidates(0), key=lambda k: geo_anchor(k)[1], default=None)
        if bottom is not None:
            draft.cursor = bottom
            aimed = play.board.toast_avoid()[2]
            for _toast, rect in app.toasts.layout(app.surface.get_size(),
                                                  app.toast_obstacles()):
                assert not rect.colliderect(aimed)


def geo_anchor(key):
    from game.client.games.metromania import geometry
    return geometry.tunnel_anchor(*key)


def test_toasts_that_fit_nowhere_show_only_the_newest_that_do():
    """Three "controller connected" toasts over a menu whose buttons leave room for one: the
    older ones are not drawn over the buttons, the newest is shown clear of them."""
    pygame.init()
    toasts = toasts_module.Toasts()
    for i in (1, 2, 3):
        toasts.show(f"Controller {i} connected", "good")
    # buttons everywhere but a 90 pixel high strip at the bottom
    avoid = [pygame.Rect(0, 0, 1280, 720 - toasts_module.TOAST_BOTTOM_GAP - 90)]
    placed = toasts.layout((1280, 720), avoid)
    assert [toast.text for toast, _ in placed] == ["Controller 3 connected"]
    assert all(rect.collidelist(avoid) < 0 for _, rect in placed)
    roomy = toasts.layout((1280, 720), [pygame.Rect(0, 0, 1280, 200)])
    assert len(roomy) == 3                     # with room enough, the whole stack stays
    hopeless = toasts.layout((1280, 720), [pygame.Rect(0, 0, 1280, 720)])
    assert [toast.text for toast, _ in hopeless] == ["Controller 3 connected"]


def test_controller_toasts_leave_the_game_cards_free(app):
    """Three controllers plugged in on the game choice: only the newest toast that fits under
    the cards is shown, none over a card."""
    from game.client.screens.game_choice import GameChoiceScreen

    app.push(GameChoiceScreen(app))
    app.run(frames=2)
    for i in (1, 2, 3):
        app.toasts.show(f"Controller {i} connected", "good")
    cards = [rect for _name, rect in app.top.cards]
    assert all(card in app.toast_obstacles() for card in cards)
    placed = app.toasts.layout(app.surface.get_size(), app.toast_obstacles())
    assert placed and placed[-1][0].text == "Controller 3 connected"
    assert all(rect.collidelist(cards) < 0 for _toast, rect in placed)

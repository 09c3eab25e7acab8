"""The LAN host's table setup (issue 26, items 9 and 12), through the real screens driven by
input events: *Fill open seats with bots* fills exactly the open seats at the level beside
it; ``run.py host GAME --players N --bots K`` opens the window's setup at that table; a burst
of keys in the seat list (one frame) is applied completely and recolours nobody; the setup
remembers the last LAN table (its size, seats, variants) across a restart; and the subtitle
never crowds the headers (no two texts' line boxes meet, six languages, 720p and 4K).

Tables are opened on 127.0.0.1 with ephemeral ports (discovery unicast there): nothing is
broadcast."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.client import canvas, fonts
from game.client.games import KITS
from game.client.screens.game_choice import GameChoiceScreen
from game.client.screens.lobby import HostLobbyScreen, LanGameChoiceScreen, LanSetupScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from tests.test_client_support import click, frames, key, make_app
from tests.lan_loopback import use_loopback


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch)


def host_setup(app, game_index: int) -> LanSetupScreen:
    """Title -> Host a LAN table -> the game'th card -> its LAN setup, by keyboard."""
    app.push(TitleScreen(app))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LanGameChoiceScreen)
    for _ in range(game_index):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, LanSetupScreen)
    return setup


def focus(app, setup, key_name: str) -> None:
    """Walk the focus to an item with the arrow keys (as a player would)."""
    keys = [item.key for item in setup.form.items]
    target = keys.index(key_name)
    for _ in range(len(keys)):
        here = setup.form.focus
        if here == target:
            return
        key(app, pygame.K_DOWN if here < target else pygame.K_UP)
    assert setup.form.focused.key == key_name


def press(app, setup, item_key: str, k, times: int = 1) -> None:
    focus(app, setup, item_key)
    for _ in range(times):
        key(app, k)


def test_fill_open_seats_fills_exactly_the_open_seats_at_the_chosen_level(tmp_path):
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 2)                        # Railroad Ink
        assert setup.game_name == "railroad-ink"
        press(app, setup, "players", pygame.K_RIGHT, 30)  # 2 -> 32 seats
        assert setup.players == 32
        assert [s["who"] for s in setup.seats][1:] == ["open:"] * 31
        press(app, setup, "who:1", pygame.K_LEFT)         # Open -> the last bot level
        press(app, setup, "who:3", pygame.K_LEFT, 2)
        kept = {1: setup.seats[1]["who"], 3: setup.seats[3]["who"]}
        assert kept == {1: "bot:expert", 3: "bot:hard"}
        before = [dict(seat) for seat in setup.seats]
        press(app, setup, "fill_level", pygame.K_LEFT)    # Normal -> Easy
        assert setup.form.item("fill_level").value == "easy"
        click(app, setup.form.item("fill").rect.center)
        expected = ["human:mouse+keyboard"] + [kept.get(i, "bot:easy") for i in range(1, 32)]
        assert [s["who"] for s in setup.seats] == expected
        # names and colours stay as they were; the toast says what happened
        assert [(s["name"], s["colour"]) for s in setup.seats] == \
            [(s["name"], s["colour"]) for s in before]
        assert app.toasts.latest() == t("lan.fill_done", n=29, level=t("level.easy"))
        frames(app, 1)
        # nothing left to fill: said, and nothing changes
        key(app, pygame.K_RETURN)                         # (the button keeps the focus)
        assert setup.form.focused.key == "fill"
        assert app.toasts.latest() == t("lan.fill_none")
        assert [s["who"] for s in setup.seats] == expected
        # the table opens with those bots: nobody to wait for
        click(app, setup.form.item("start").rect.center)
        lobby = app.top
        assert isinstance(lobby, HostLobbyScreen)
        rows = lobby.session.seats
        assert [row["level"] for row in rows[1:]] == [w.split(":")[1] for w in expected[1:]]
        assert lobby.session.can_start
        lobby.close()
    finally:
        app.shutdown()


def test_the_fill_row_is_reached_by_keyboard_and_right_goes_to_its_level(tmp_path):
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 0)                        # Metro: the row under four options
        keys = [item.key for item in setup.form.items]
        assert keys.index("fill") == keys.index("variant:orientation") + 1
        assert keys.index("fill_level") + 1 == keys.index("name:0")
        press(app, setup, "fill", pygame.K_RIGHT)
        assert setup.form.focused.key == "fill_level"
        key(app, pygame.K_RIGHT)
        assert setup.form.item("fill_level").value == "hard"
        focus(app, setup, "fill")
        key(app, pygame.K_RETURN)
        assert [s["who"] for s in setup.seats] == ["human:mouse+keyboard", "bot:hard"]
    finally:
        app.shutdown()


def test_windowed_host_opens_the_setup_at_the_table_the_command_line_asks_for(tmp_path,
                                                                            monkeypatch):
    import game.client.lan_entry as lan_entry
    from game.cli import main

    app = make_app(tmp_path)
    opened = {}

    def run_here(mode, frames=None, **options):      # the real screens, in this test's app
        opened["top"] = lan_entry.build_lan_stack(app, mode, **options)
        return 0

    monkeypatch.setattr(lan_entry, "run_lan_client", run_here)
    try:
        status = main(["host", "railroad-ink", "--players", "32", "--bots", "28", "--bot",
                       "hard", "--expansion", "river", "--name", "Ann"])
        assert status == 0
        setup = opened["top"]
        assert isinstance(setup, LanSetupScreen) and app.top is setup
        assert setup.players == 32 and setup.form.item("players").value == 32
        who = [s["who"] for s in setup.seats]
        assert who == ["human:mouse+keyboard"] + ["bot:hard"] * 28 + ["open:"] * 3
        assert setup.seats[0]["name"] == "Ann"
        assert setup.variants() == ["river"] and setup.form.item("expansion").value == "river"
        assert setup.form.item("fill_level").value == "hard"
        frames(app, 2)                                   # drawn as any setup
        # the game alone opens the setup as it was last left (nothing asked for)
        assert main(["host", "metro"]) == 0
        assert opened["top"].players == 2
    finally:
        app.shutdown()


def test_a_burst_of_keys_in_the_seat_list_is_applied_completely_and_recolours_nobody(tmp_path):
    """Every press posted in one frame is applied, in order, as the same presses one frame
    apart are; the "who" column changes and no colour does. A colour stepped at a party of
    more seats than colours changes that seat alone (it once swapped with every seat that
    wore the colour: four other seats at 32)."""
    K = pygame
    burst = ([K.K_RIGHT] + [K.K_DOWN] * 3 + [K.K_RIGHT, K.K_RIGHT] + [K.K_DOWN] * 3
             + [K.K_LEFT] + [K.K_UP] * 3 + [K.K_RIGHT] + [K.K_DOWN] * 9 + [K.K_LEFT] * 3
             + [K.K_DOWN] * 13)

    def run(tmp, one_frame: bool):
        app = make_app(tmp)
        setup = host_setup(app, 2)
        press(app, setup, "players", K.K_RIGHT, 30)
        colours = [seat["colour"] for seat in setup.seats]
        focus(app, setup, "who:1")
        for k in burst:
            pygame.event.post(pygame.event.Event(K.KEYDOWN, key=k, mod=0, unicode="",
                                                 scancode=0))
            if not one_frame:
                frames(app, 1)
        frames(app, 1)
        result = ([seat["who"] for seat in setup.seats], setup.form.focused.key,
                  setup.seat_top)
        return app, setup, colours, result

    app, setup, _, stepwise = run(tmp_path / "a", one_frame=False)
    app.shutdown()
    app, setup, colours, at_once = run(tmp_path / "b", one_frame=True)
    try:
        assert at_once == stepwise
        who, focused, _ = at_once
        # seat 1: Open -> (wraps) Mouse + Keyboard; seat 2: two steps, then one more; seat 3:
        # Open -> Expert (back one); seat 5: three back; then down to seat 9's colour
        assert who[:6] == ["human:mouse+keyboard", "human:mouse+keyboard", "human:keyboard",
                           "bot:expert", "open:", "bot:normal"]
        assert who[6:] == ["open:"] * 26
        assert focused == "colour:9"
        assert [seat["colour"] for seat in setup.seats] == colours
        # a colour step at 32 seats: that seat's colour, nobody else's
        key(app, K.K_RIGHT)
        changed = [i for i, seat in enumerate(setup.seats) if seat["colour"] != colours[i]]
        assert changed == [9] and setup.seats[9]["colour"] == (colours[9] + 1) % 8
    finally:
        app.shutdown()


def test_a_colour_step_at_a_small_table_still_swaps_with_its_one_holder(tmp_path):
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 0)
        colours = [seat["colour"] for seat in setup.seats]
        press(app, setup, "colour:0", pygame.K_RIGHT)
        assert [seat["colour"] for seat in setup.seats] == [colours[1], colours[0]]
    finally:
        app.shutdown()


def test_an_open_seat_taken_over_in_the_lobby_keeps_its_setup_colour(tmp_path):
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 0)
        press(app, setup, "players", pygame.K_RIGHT)      # 3 seats
        press(app, setup, "colour:2", pygame.K_RIGHT, 3)  # seat 3 in its own colour
        chosen = setup.seats[2]["colour"]
        assert chosen not in (2, setup.seats[0]["colour"], setup.seats[1]["colour"])
        click(app, setup.form.item("start").rect.center)
        lobby = app.top
        assert isinstance(lobby, HostLobbyScreen)
        press(app, lobby, "who:2", pygame.K_LEFT)        # Open -> a bot of the host
        row = lobby.session.seats[2]
        assert row["level"] == "expert" and row["colour"] == chosen
        lobby.close()
    finally:
        app.shutdown()


def test_the_lan_setup_remembers_its_last_table_across_a_restart(tmp_path):
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 0)                        # Metro
        press(app, setup, "players", pygame.K_RIGHT, 4)   # 6 seats
        press(app, setup, "who:2", pygame.K_LEFT)         # a bot (expert)
        press(app, setup, "variant:orientation", pygame.K_RIGHT)
        click(app, setup.form.item("start").rect.center)
        lobby = app.top
        assert isinstance(lobby, HostLobbyScreen)
        key(app, pygame.K_ESCAPE)                         # close the table
        assert app.top is setup
    finally:
        app.shutdown()
    app = make_app(tmp_path)                              # the client starts again
    try:
        setup = host_setup(app, 0)
        assert setup.players == 6 and setup.form.item("players").value == 6
        assert [s["who"] for s in setup.seats] == ["human:mouse+keyboard", "open:",
                                                   "bot:expert", "open:", "open:", "open:"]
        assert setup.variants() == ["orientation"]
        # the local setup keeps its own table
        app.pop()
        app.pop()
        key(app, pygame.K_UP)
        key(app, pygame.K_RETURN)                         # Play
        assert isinstance(app.top, GameChoiceScreen)
        key(app, pygame.K_RETURN)
        assert app.top.players == 2 and "open:" not in [s["who"] for s in app.top.seats]
    finally:
        app.shutdown()


# -- the headers ---------------------------------------------------------------------------------

class LineBoxes:
    """Records the line box of every text drawn, in the window's own pixels (at 4K the text is
    drawn again at the native size, so it is measured there, not in layout units)."""

    def __init__(self, monkeypatch) -> None:
        self.texts: list[tuple[str, pygame.Rect, bool]] = []
        real_blit, real_native = fonts.blit, canvas.Canvas.blit_native
        drawing: dict = {"natives": None}

        def blit(surface, value, size, colour, pos, weight="regular", anchor="topleft"):
            drawing["natives"] = []
            try:
                rect = real_blit(surface, value, size, colour, pos, weight, anchor)
            finally:
                natives, drawing["natives"] = drawing["natives"], None
            if value.strip():
                # the subtitle (whole, or its lines in the setup's subtitle box): one block
                subtitle = value == t("lan.host_subtitle") or any(
                    name == "subtitle" for _box, name in fonts.current_boxes())
                self.texts.append((value, natives[-1] if natives else pygame.Rect(rect),
                                   subtitle))
            return rect

        def blit_native(surface, image, native_pos, special_flags=0):
            if drawing["natives"] is not None:
                drawing["natives"].append(pygame.Rect((native_pos[0], native_pos[1]),
                                                      image.get_size()))
            return real_native(surface, image, native_pos, special_flags)

        monkeypatch.setattr(fonts, "blit", blit)
        monkeypatch.setattr(canvas.Canvas, "blit_native", blit_native)


def header_problems(app, screen, probe: LineBoxes, band: int = 170) -> list[str]:
    """The texts of the header band (above ``band`` layout units), each subtitle as one block:
    any two that meet, or one that meets a form item (the Rules button, the first rows) or
    leaves the window."""
    probe.texts = []
    surface = app.surface
    screen.draw(surface)
    scale = getattr(surface, "scale", 1.0)
    native = pygame.Rect((0, 0), canvas.native_size(surface))
    form = getattr(screen, "form", None)
    items = [(item.key, surface.native_rect(item.rect) if scale != 1 else pygame.Rect(item.rect))
             for item in (form.items if form else []) if item.rect.x >= 0]
    blocks: list[tuple[str, pygame.Rect]] = []
    subtitle = None
    for value, rect, in_subtitle in probe.texts:
        if rect.top >= band * scale or any(box.inflate(4, 4).contains(rect) for _, box in items):
            continue                                # below the header, or an item's own text
        if in_subtitle:
            subtitle = rect if subtitle is None else subtitle.union(rect)
        else:
            blocks.append((value, rect))
    if subtitle is not None:
        blocks.append(("<subtitle>", subtitle))
    problems = []
    for (a, ra), (b, rb) in itertools.combinations(blocks, 2):
        meet = ra.clip(rb)
        if meet.width > 1 and meet.height > 1:
            problems.append(f"{a!r} {tuple(ra)} meets {b!r} {tuple(rb)}")
    for value, rect in blocks:
        if not native.contains(rect):
            problems.append(f"{value!r} {tuple(rect)} leaves the window")
        for key_name, box in items:
            if rect.colliderect(box):
                problems.append(f"{value!r} {tuple(rect)} meets the {key_name!r} item")
    return problems


def test_the_lan_host_headers_are_not_crowded_in_any_language_at_720p_and_4k(tmp_path,
                                                                            monkeypatch):
    from game.client import text

    from tests.test_i18n import LANGS

    probe = LineBoxes(monkeypatch)
    app = make_app(tmp_path)
    problems: list[str] = []
    subtitles = 0
    try:
        for size in ((1280, 720), (3840, 2160)):
            app.resize(size)
            for lang in LANGS:
                text.set_language(lang)
                screens = [(f"setup {name}", LanSetupScreen(app, name)) for name in KITS]
                screens.append(("game choice", LanGameChoiceScreen(app)))
                for name, screen in screens:
                    found = header_problems(app, screen, probe)
                    problems += [f"[{lang} {size[0]}x{size[1]}] {name}: {p}" for p in found]
                    subtitles += any(sub for _v, _r, sub in probe.texts)
    finally:
        text.set_language("en")
        app.shutdown()
    assert not problems, "\n".join(problems[:40])
    assert subtitles == 2 * len(LANGS) * (len(KITS) + 1)  # the subtitle was really drawn


@pytest.mark.parametrize("players", [6, 32])
def test_the_fill_toast_covers_no_seat_row_nor_button(tmp_path, players):
    """The toast that says how many seats were filled stands clear of the seat rows and the
    buttons (with 32 seats the rows reach the bottom: it finds the free place higher up)."""
    app = make_app(tmp_path)
    try:
        setup = host_setup(app, 2)
        press(app, setup, "players", pygame.K_RIGHT, players - 2)
        click(app, setup.form.item("fill").rect.center)
        frames(app, 2)
        obstacles = app.toast_obstacles()
        screen = pygame.Rect(0, 0, 1280, 720)
        shown = [rect for rect in obstacles if screen.colliderect(rect)]
        placed = app.toasts.layout((1280, 720), obstacles, app.toast_lane())
        assert [toast.text for toast, _ in placed] == [
            t("lan.fill_done", n=players - 1, level=t("level.normal"))]
        for _toast, rect in placed:
            assert screen.contains(rect)
            assert rect.collidelist(shown) < 0, (rect, shown[rect.collidelist(shown)])
    finally:
        app.shutdown()

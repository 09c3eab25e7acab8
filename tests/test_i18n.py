"""Six languages, headless: every screen drawn in every language, failing on tofu or overflow.

* The catalogs: every language has every English key with the same ``{placeholders}`` (what
  ``tools/check_catalogs.py`` reports), every IllegalMove code raised in ``game/rules`` has an
  ``illegal.<code>`` text, and every catalog string can be drawn entirely by its language's own
  font (regular and bold) — so the per-language font choice covers the language.
* The screens: title, game choice, settings, table setup, play (all three boards), pause,
  pass-the-device, results, the rules help pages, saves/save-as/resume/replay, the LAN game
  choice, LAN setup, connection-lost and seat-dropped notices and the find-tables screen are
  drawn in each language, the host and guest lobbies too (over a fake session: no sockets). A light hook records every text the client
  renders (``fonts.render``/``fonts.blit``) and every form item drawn (``widgets.draw_item``):
  a character no font can draw is tofu; text outside the 1280×720 canvas, text sticking out of
  its form item or out of a box it was drawn in (``fonts.box``/``fonts.blit_in``: the game
  boards' panels, rows, buttons, chips and cells), a board's text drawn in no box at all, two
  texts of a screen overlapping (English too), or a hint bar wider than the screen is an
  overflow. The play screens are drawn at the start and mid-game (long names in several
  scripts, the most players, Metro's companies, Metromania's markers, Railroad Ink's meteor and
  river with their specials and optional dice), and over. Each failure names the language, the
  screen and the text.
* The locale mapping (ko_KR → ko, zh_HK → zh-TW, anything unknown → en) and switching the
  language at run time from the settings screen.
"""

from __future__ import annotations

import ast
import functools
import re
import string
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.client import fonts, text, widgets

from game.client import typeface
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import Rng
from tests.test_client_support import key, make_app

ROOT = Path(__file__).resolve().parents[1]
LANGS = ["en", "ru", "ko", "th", "zh-TW", "ja"]
GAMES = ["metro", "metromania", "railroad-ink"]
W, H = 1280, 720


# --------------------------------------------------------------------------------------------
# Catalogs
# --------------------------------------------------------------------------------------------

def _merged(lang: str) -> dict[str, str]:
    import json

    merged: dict[str, str] = {}
    for path in [ROOT / "assets/lang" / f"{lang}.json",
                 *sorted((ROOT / "assets/lang" / lang).glob("*.json"))]:
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def _forms(value) -> list[str]:
    """The texts of a catalog entry: one, or each plural form of a counted entry."""
    return list(value.values()) if isinstance(value, dict) else [value]


def _names(template) -> set[str]:
    return {field for form in _forms(template)
            for _, field, _, _ in string.Formatter().parse(form) if field is not None}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_english_key_is_translated_with_the_same_placeholders(lang):
    english, other = _merged("en"), _merged(lang)
    missing = sorted(set(english) - set(other))
    assert not missing, f"{lang} lacks {len(missing)} keys, e.g. {missing[:8]}"
    wrong = [k for k in english if _names(english[k]) != _names(other[k])]
    assert not wrong, f"{lang}: placeholders differ from English in {wrong[:8]}"


def test_every_key_the_client_asks_for_exists_in_english():
    """``t("literal.key")`` anywhere in the client names an English entry (a missing one
    would show the raw key to every player)."""
    english = _merged("en")
    missing = []
    for path in sorted((ROOT / "game/client").rglob("*.py")):
        if path.name == "text.py":
            continue
        for key_ in re.findall(r'\bt\(\s*"([A-Za-z0-9_.\-]+)"', path.read_text(encoding="utf-8")):
            if key_ not in english:
                missing.append(f"{path.relative_to(ROOT)}: {key_}")
    assert not missing, missing


def test_check_catalogs_tool_reports_gaps(tmp_path):
    """The tool finds a missing key, a stale key and a renamed placeholder."""
    import json
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import check_catalogs

    (tmp_path / "en").mkdir()
    (tmp_path / "en.json").write_text(json.dumps({"a": "A {n}", "b": "B"}))
    (tmp_path / "xx.json").write_text(json.dumps({"a": "Ä {m}", "c": "C"}))
    report = check_catalogs.compare("xx", tmp_path)
    assert report["missing"] == ["b"] and report["extra"] == ["c"]
    assert report["placeholders"][0]["key"] == "a"
    check_catalogs.record(tmp_path)
    assert check_catalogs.changed_english(tmp_path) == []
    (tmp_path / "en.json").write_text(json.dumps({"a": "A {n}", "b": "B, reworded"}))
    assert check_catalogs.changed_english(tmp_path) == ["b"]


def _raised_codes() -> set[str]:
    """Every code passed to IllegalMove (directly, via helpers, or as a problem tuple)."""
    codes = {"notation"}       # NotationError
    pattern = re.compile(r"^[a-z][a-z0-9_]*$")
    for path in (ROOT / "game/rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            seq = node.args if isinstance(node, ast.Call) else (
                node.elts if isinstance(node, ast.Tuple) else None)
            if not seq:
                continue
            for first, second in zip(seq, seq[1:]):
                if (isinstance(first, ast.Constant) and isinstance(first.value, str)
                        and pattern.match(first.value)
                        and isinstance(second, (ast.Constant, ast.JoinedStr, ast.BinOp))):
                    sample = second.value if isinstance(second, ast.Constant) else " "
                    if isinstance(sample, str) and " " in sample:
                        codes.add(first.value)
                    break
    return codes


def test_every_illegal_move_code_has_a_text_in_every_language():
    codes = _raised_codes()
    assert {"occupied", "not_your_turn", "route_mismatch", "acute"} <= codes
    for lang in LANGS:
        catalog = _merged(lang)
        missing = sorted(c for c in codes if f"illegal.{c}" not in catalog)
        assert not missing, f"{lang}: no illegal.<code> text for {missing}"


def test_illegal_moves_are_told_in_the_players_language():
    from game.rules.core import IllegalMove

    try:
        text.set_language("ru")
        exc = IllegalMove("occupied", "{square} already holds a tile", square="C4")
        assert text.illegal(exc) == "На этой клетке уже лежит плитка"
        text.set_language("ja")
        assert "マス" in text.illegal(exc) and "タイル" in text.illegal(exc)
        # argument values that name things are translated too (line kinds, routes, sides, dice)
        text.set_language("ko")
        mismatch = IllegalMove("route_mismatch", "", cell="B2", mine="highway",
                               theirs="railway", side="N")
        assert text.illegal(mismatch) == "B2: 도로이(가) 북쪽에서 철도와(과) 만납니다"
        text.set_language("ru")
        assert text.illegal(IllegalMove("line_done", "", line="solid")) == \
            "Первая линия уже готова"
        dice = IllegalMove("dice_left", "", faces="road-straight, rail-curve")
        assert text.illegal(dice).endswith(": Дорога, Поворот рельсов")
    finally:
        text.set_language("en")


def _missing_glyphs(font: pygame.font.Font, value: str) -> list[str]:
    """Characters the font draws as its .notdef box (same metrics and the same pixels: the
    metrics alone match some real glyphs, e.g. digits in the Kurinto fonts)."""
    notdef = font.metrics("\U000F0000")[0]
    return [ch for ch, m in zip(value, font.metrics(value))
            if not ch.isspace() and (m is None or (m == notdef
                                                   and typeface._draws_as_notdef(font, ch)))]


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_strings_are_drawn_by_their_own_font(lang):
    pygame.font.init()
    text.set_language(lang)
    try:
        bad = {}
        for weight in ("regular", "bold"):
            font = fonts.font(20, weight)
            for key_, value in _merged(lang).items():
                missing = [ch for form in _forms(value) for ch in _missing_glyphs(font, form)]
                if missing:
                    bad[(key_, weight)] = "".join(sorted(set(missing)))
        assert not bad, f"{lang}: glyphs missing from its font: {dict(list(bad.items())[:8])}"
    finally:
        text.set_language("en")


def test_locale_codes_map_to_languages():
    from game.client.settings import language_for_locale

    assert language_for_locale("ko_KR.UTF-8") == "ko"
    assert language_for_locale("th_TH") == "th"
    assert language_for_locale("ru_RU.utf8") == "ru"
    assert language_for_locale("zh_TW") == "zh-TW"
    assert language_for_locale("zh_HK.UTF-8") == "zh-TW"
    assert language_for_locale("ja_JP") == "ja"
    assert language_for_locale("de_DE") == "en"
    assert language_for_locale("") == "en" and language_for_locale(None) == "en"


def test_default_language_follows_the_system_locale(tmp_path, monkeypatch):
    from game.client.settings import Settings

    monkeypatch.delenv("TRACKLAYER_LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert Settings(tmp_path / "fresh.json")["language"] == "ja"
    saved = tmp_path / "saved.json"
    saved.write_text('{"language": "th"}')
    assert Settings(saved)["language"] == "th"     # a chosen language wins over the locale


def test_language_switches_at_run_time_from_settings(tmp_path):
    from game.client.screens.settings import SettingsScreen

    app = make_app(tmp_path, language="en")
    try:
        app.push(SettingsScreen(app))
        app.run(frames=1)
        key(app, pygame.K_RIGHT)                    # the language row is focused first
        assert text.language() == "ru" and app.settings["language"] == "ru"
        assert text.t("menu.settings") == "Настройки"
        key(app, pygame.K_RIGHT, n=2)
        assert text.language() == "ko"
    finally:
        text.set_language("en")
        app.shutdown()


# --------------------------------------------------------------------------------------------
# Every screen in every language: the probe
# --------------------------------------------------------------------------------------------

class TextProbe:
    """Records what the client renders while a screen draws, and what is wrong with it."""

    def __init__(self) -> None:
        self.where = ""
        self.problems: list[str] = []
        self.item = None                     # the form item being drawn
        self.item_rects: list[pygame.Rect] = []
        self.item_widths: list[tuple[str, int]] = []
        self.rendered = 0
        self.items_drawn = 0
        self.overlaps: list[tuple] = []
        self.lang = self.screen = ""
        self.free: list[tuple] = []
        self.free_inks: list[pygame.Rect] = []   # the same texts' ink, for collidelistall
        self.layer = 0
        self.keys = set(_merged("en"))     # a key drawn as text means a missing string
        self.boxes: list[tuple[str, pygame.Rect]] = []   # form items drawn on this screen
        self.board_drawing = False           # a game board is drawing: text needs a box
        self.boxed = 0                       # texts checked against their declared box

    def start(self, lang: str, name: str) -> None:
        self.where, self.boxes, self.free, self.layer = f"[{lang}] {name}", [], [], 0
        self.free_inks = []
        self.lang, self.screen = lang, name

    def draw_stack(self, app, stack: list) -> None:
        """Draw like ``App.draw``, telling the probe which screen of the stack is drawing
        (texts of a screen under an overlay may lie under the overlay's texts)."""
        boards = []
        for layer, screen in enumerate(stack):
            def draw(surface, _screen=screen, _layer=layer, _real=screen.draw):
                self.layer, self.boxes, self.free = _layer, [], []
                self.free_inks = []
                _real(surface)
            screen.draw = draw
            board = getattr(screen, "board", None)
            if board is not None and "draw" not in vars(board):
                def draw_board(surface, _real=board.draw):
                    self.board_drawing = True
                    try:
                        _real(surface)
                    finally:
                        self.board_drawing = False
                board.draw = draw_board
                boards.append(board)
        app.stack = list(stack)
        try:
            app.draw()
        finally:
            for screen in stack:
                del screen.draw
            for board in boards:
                del board.draw

    def install(self, monkeypatch) -> None:
        real_render, real_blit, real_item = fonts.render, fonts.blit, widgets.draw_item
        real_hints = widgets.draw_hints

        def render(value, size, colour=(255, 255, 255), weight="regular"):
            surf = real_render(value, size, colour, weight)
            self.rendered += 1
            if value in self.keys:
                self.problems.append(f"{self.where}: the raw key {value!r} is shown")
            self.check_glyphs(value, size, weight)
            if self.item is not None:
                self.item_widths.append((value, surf.get_width()))
            return surf

        def blit(surface, value, size, colour, pos, weight="regular", anchor="topleft"):
            rect = real_blit(surface, value, size, colour, pos, weight, anchor)
            if value.strip():
                self.check_box(surface, value, size, pos, weight, anchor, rect)
            if value.strip() and surface is pygame.display.get_surface():
                if rect.left < -1 or rect.right > W + 1:
                    self.problems.append(f"{self.where}: {value!r} runs off the screen "
                                         f"({rect.left}..{rect.right})")
                if self.item is not None:
                    self.item_rects.append((value, rect))
                else:
                    # overlaps are judged on the inked pixels, not the line box, of the text
                    # as drawn (shrunk or cut to its box)
                    shown, shown_size = fonts.fit_to_box(value, size, pos, anchor, weight)
                    ink = real_render(shown, shown_size, colour, weight).get_bounding_rect()
                    self.check_free_text(value, rect, ink.move(rect.topleft))
            return rect

        def draw_item(surface, item, focused, editing, size=26):
            self.item, self.item_rects, self.item_widths = item, [], []
            self.items_drawn += 1
            try:
                real_item(surface, item, focused, editing, size)
            finally:
                self.check_item(item)
                self.item = None
                if item.rect.width > 0:
                    self.boxes.append((item.key, pygame.Rect(item.rect)))

        def draw_hints(surface, device, hints, y=None):
            total = 0
            for action, label in hints:
                glyph = widgets.glyph_text(widgets.device_kind(device), action)
                if glyph:
                    g = fonts.render(glyph, 18, (0, 0, 0), "bold").get_width()
                    total += max(g + 16, 30) + 8 + fonts.render(label, 20).get_width() + 28
            if total - 28 > W - 20:
                self.problems.append(f"{self.where}: hint bar {total - 28}px wide")
            return real_hints(surface, device, hints, y)

        import game.client.app  # noqa: F401 - its draw_hints is patched below
        import game.client.screens.saves_menu  # noqa: F401 - imports draw_item by name

        monkeypatch.setattr(fonts, "render", render)
        monkeypatch.setattr(fonts, "blit", blit)
        for name, module in list(sys.modules.items()):
            if not name.startswith("game.client"):
                continue
            if getattr(module, "draw_item", None) is real_item:
                monkeypatch.setattr(module, "draw_item", draw_item)
            if getattr(module, "draw_hints", None) is real_hints:
                monkeypatch.setattr(module, "draw_hints", draw_hints)

    def check_box(self, surface, value, size, pos, weight, anchor, rect) -> None:
        """A text drawn in declared boxes (``fonts.box``/``blit_in``) stays inside them, ±1 px
        (its inked pixels: the line box of a tall script may reach past a row it fits). A
        text a game board draws must belong to a box (a panel, a row, a button, a cell)."""
        boxes = fonts.current_boxes()
        if not boxes:
            if self.board_drawing:
                self.problems.append(f"{self.where}: {value!r} is drawn by the board outside "
                                     f"any box (fonts.box / fonts.blit_in)")
            return
        shown, shown_size = fonts.fit_to_box(value, size, pos, anchor, weight)
        ink = fonts.render(shown, shown_size, (255, 255, 255), weight).get_bounding_rect()
        ink = ink.move(rect.topleft)
        for box, name in boxes:       # a button's text stays in the button and in its panel
            if ink.width and not box.inflate(2, 2).contains(ink):
                self.problems.append(f"{self.where}: {shown!r} sticks out of its box {name!r} "
                                     f"(text {tuple(ink)} in box {tuple(box)})")
        self.boxed += 1

    def check_glyphs(self, value: str, size: int, weight: str) -> None:
        if value.isascii():
            return
        for ch in set(value):
            if ch.isspace():
                continue
            if _missing_glyphs(fonts.font(size, weight), ch) and all(
                    _missing_glyphs(fonts.font(size, weight, lang), ch)
                    for lang in typeface.FALLBACK_ORDER):
                self.problems.append(f"{self.where}: tofu for {ch!r} (U+{ord(ch):04X}) in "
                                     f"{value!r}")

    def check_free_text(self, value: str, rect: pygame.Rect, ink: pygame.Rect) -> None:
        """Text drawn over a form item must stay inside it (a hint in an empty field) or
        off it: half on a button or field is an overflow. Two texts of one screen must not
        overlap (a long label running into the next one): those are kept apart in
        ``overlaps`` by their drawing order, so the test can tell a translation that runs
        into its neighbour from a screen whose English layout already overlaps."""
        index = len(self.free)
        # only the texts whose ink touches this one's (a C-side scan: screens draw hundreds)
        touching = ink.collidelistall(self.free_inks)
        for other_index, other, r in (self.free[i] for i in touching):
            overlap = ink.clip(r)
            if other != value and overlap.width > 2 and overlap.height > 2:
                self.overlaps.append((self.lang, self.screen, self.layer, other_index, index,
                                      f"{self.where}: {value!r} overlaps {other!r}"))
        self.free.append((index, value, ink))
        self.free_inks.append(ink)
        for key_, box in self.boxes:
            # only a hint inside the value side of a field is fine (the seed's "random")
            hint = box.contains(rect) and rect.left >= box.x + box.width * 0.4
            if rect.colliderect(box) and not hint:
                self.problems.append(f"{self.where}: {value!r} is drawn across the {key_!r} "
                                     f"box")

    def check_item(self, item) -> None:
        rect = item.rect
        if rect.width <= 0:
            return
        texts = [(v, r) for v, r in self.item_rects if v not in ("‹", "›")]
        for value, r in texts:
            if r.left < rect.left - 1 or r.right > rect.right + 1:
                self.problems.append(f"{self.where}: {value!r} sticks out of its "
                                     f"{item.key!r} box ({r.left}..{r.right} in "
                                     f"{rect.left}..{rect.right})")
        arrows = [r for v, r in self.item_rects if v in ("‹", "›")]
        for i, (value, r) in enumerate(texts):
            for other, r2 in texts[i + 1:]:
                if r.colliderect(r2):
                    self.problems.append(f"{self.where}: {value!r} overlaps {other!r} in "
                                         f"{item.key!r}")
            for arrow in arrows:
                if r.colliderect(arrow) and item.label():
                    self.problems.append(f"{self.where}: {value!r} runs under an arrow in "
                                         f"{item.key!r}")
        if not item.label() and item.kind == "choice":
            # a bare value (table cells) is rendered and centred between its two arrows
            for value, width in self.item_widths:
                if value not in ("‹", "›") and width > rect.width - 40:
                    self.problems.append(f"{self.where}: {value!r} ({width}px) too wide for "
                                         f"the {rect.width}px {item.key!r} cell")


# --------------------------------------------------------------------------------------------
# The screens
# --------------------------------------------------------------------------------------------

def _seats(players: int) -> list[SeatInfo]:
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)]
    seats += [SeatInfo(f"Bot {i}", "bot", level="easy", colour=i) for i in range(1, players)]
    return seats


def _config(game, players: int) -> dict:
    wanted = {"metro": ["companies"], "railroad-ink": ["meteor"],
              "metromania": []}[game.name]
    try:
        return game.make_config(players, wanted)
    except Exception:  # noqa: BLE001 - an unknown variant: the plain game still shows text
        return game.make_config(players, [])


def _finished(game_name: str) -> Match:
    from game.bots.base import make_bot

    game = get_game(game_name)
    match = Match.new(game, _config(game, 2), 5, _seats(2))
    bots = [make_bot(game, s, "random", s + 1) for s in range(2)]
    for _ in range(5000):
        acting = match.to_act()
        if not acting:
            break
        seat = acting[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    assert match.is_over()
    return match


@pytest.fixture(scope="module")
def finished():
    return {name: _finished(name) for name in GAMES}


# The widest names the setup screen takes (14 characters), in several scripts: a table of
# players whose names fill every row, chip and title they are shown in.
LONG_NAMES = ["Bartholomew W.", "Константинопол", "สมศักดิ์ใจดีมากๆ", "김수한무거북이와두루미삼천",
              "Gwendolyn Mayo", "Wilhelmina Wex", "渡辺美智子と佐藤健太郎", "Maximiliano Ww"]

# Mid-game tables for the play screens: the most players, the variant with the most panels
# (Metro's companies, Railroad Ink's meteor with its specials, Metromania's shown markers).
# (game, players, variants, moves played): eight Railroad Ink sheets bring small side sheets.
MIDGAME = [("metro", 6, ["companies"], 30), ("metromania", 4, ["no-corruption"], 16),
           ("railroad-ink", 4, ["meteor"], 70), ("railroad-ink", 8, ["river"], 92),
           ("railroad-ink", 32, ["meteor"], 200)]    # 32: the others as a ranking   # 92: optional river dice to draw


def _midgame(game_name: str, players: int, variants: list, moves: int) -> Match:
    """A table some moves in, the human (seat 0) to act, every seat with a long name."""
    from game.bots.base import make_bot

    game = get_game(game_name)
    seats = [SeatInfo(LONG_NAMES[0], "human", device="mouse+keyboard", colour=0)]
    seats += [SeatInfo(LONG_NAMES[i % 8], "bot", level="easy", colour=i % 8)
              for i in range(1, players)]
    match = Match.new(game, game.make_config(players, variants), 11, seats)
    bots = [make_bot(game, s, "random", s + 3) for s in range(players)]
    for _ in range(5000):
        acting = match.to_act()
        assert acting, "the game ended before the wanted move"
        if match.seq >= moves and 0 in acting:
            break
        seat = acting[match.seq % len(acting)]      # every sheet fills (Railroad Ink)
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


@pytest.fixture(scope="module")
def midgame():
    """game name -> its mid-game tables."""
    tables: dict[str, list[Match]] = {name: [] for name in GAMES}
    for name, *table in MIDGAME:
        tables[name].append(_midgame(name, *table))
    return tables


def _screens(app, finished: dict, midgame: dict | None = None) -> list[tuple[str, list]]:
    """(name, stack) pairs: the screens to draw, bottom first."""
    from game.client.screens.find_tables import FindTablesScreen
    from game.client.screens.game_choice import GameChoiceScreen
    from game.client.screens.lobby import LanGameChoiceScreen, LanSetupScreen
    from game.client.screens.net_notice import ConnectionLostScreen, SeatDroppedScreen
    from game.client.screens.saves_menu import SaveAsScreen
    from game.client.screens.pass_device import PassDeviceScreen
    from game.client.screens.pause import PauseScreen
    from game.client.screens.play import PlayScreen
    from game.client.games import kit
    from game.client.screens.netplay import LanResultsScreen
    from game.client.screens.results import ResultsScreen
    from game.client.screens.rules_help import RulesHelpScreen
    from game.client.screens.saves_menu import SavesMenuScreen
    from game.client.screens.settings import SettingsScreen
    from game.client.screens.setup import SetupScreen
    from game.client.screens.title import TitleScreen

    settings = SettingsScreen(app)
    settings.form.focus = [i.key for i in settings.form.items].index("colour_blind")
    from game.client.screens.controls import ControlsScreen

    refused = ControlsScreen(app, "pad")
    refused.pad_look = "nintendo"       # (a pad's "Back" button label is English everywhere)
    refused.assign("alt", "a")          # refused (A confirms): the reason is shown
    out = [("title", [TitleScreen(app)]), ("game choice", [GameChoiceScreen(app)]),
           ("settings", [settings]), ("controls", [ControlsScreen(app)]),
           ("controls mouse", [ControlsScreen(app, "mouse")]), ("controls pad", [refused]),
           ("find tables", [FindTablesScreen(app)]),
           ("saves", [SavesMenuScreen(app)]), ("replays", [SavesMenuScreen(app, "replays")])]
    for name in GAMES:
        game = get_game(name)
        setup = SetupScreen(app, name, {"players": game.max_players})
        toggles = [i for i, item in enumerate(setup.form.items)
                   if item.key.startswith("variant:")]
        if toggles:
            setup.form.focus = toggles[-1]
        out.append((f"setup {name}", [setup]))
        match = Match.new(game, _config(game, 2), 3, _seats(2))
        play = PlayScreen(app, match)
        out.append((f"play {name}", [play]))
        for busy_match in (midgame or {}).get(name, []):
            busy = PlayScreen(app, busy_match)
            where = f"{name} mid-game, {len(busy_match.seats)} players"
            out.append((f"play {where}", [busy]))
            out.append((f"seat dropped {where}", [busy, SeatDroppedScreen(app, busy, 1)]))
        out.append((f"pause {name}", [play, PauseScreen(app, play)]))
        out.append((f"pass {name}", [play, PassDeviceScreen(app, play, 0)]))
        out.append((f"seat dropped {name}", [play, SeatDroppedScreen(app, play, 1)]))
        done = PlayScreen(app, finished[name])
        if name == "metromania":
            done.board.update(3.0)         # the trips are being shown one by one
            assert done.board.show is not None
        out.append((f"play {name} over", [done]))
        out.append((f"results {name}", [ResultsScreen(app, done.match, done.history, {})]))
        # a finished LAN fair table: the audit's verdict and the table's code under the rows
        fair = SimpleNamespace(table_code="GUJ-6K9-ETE", seats=[],
                               audit={"fair": True, "cheaters": [], "kind": ""})
        out.append((f"lan results {name} with the table code",
                    [LanResultsScreen(app, done.match, done.history, {}, session=fair)]))
        for page in range(len(kit(name).rules_pages)):
            out.append((f"help {name} {page + 1}", [RulesHelpScreen(app, name, page)]))
        out.append((f"lan setup {name}", [LanSetupScreen(app, name)]))
        # a LAN table that is gone: the notice reads the session's token, address and seats
        gone = SimpleNamespace(session=SimpleNamespace(token="t", address=("127.0.0.1", 5055),
                                                       closed=True, name="Ann", wanted=1,
                                                       game=name, devices={1: "mouse"},
                                                       local_bots={}, table="", match=None),
                               match=match)
        for code in ("timeout", "host_left"):
            out.append((f"lost {code} {name}", [play, ConnectionLostScreen(app, gone, code, {})]))
        out.append((f"save as {name}", [play, SaveAsScreen(app, match)]))
    out.append(("lan game choice", [LanGameChoiceScreen(app)]))
    out += _lobby_screens(app)
    return out


def _fake_session(**extra) -> SimpleNamespace:
    """What the lobby screens read from a table session, without sockets: one seat of each
    kind, one of them with an interrupted connection, and a spectator."""
    row = {"name": "", "colour": -1, "level": "", "ready": False, "status": "connected",
           "peer": 0}
    seats = [dict(row, kind="local", name="Ann", colour=0, ready=True),
             dict(row, kind="remote", name="Bo", colour=1, status="interrupted"),
             dict(row, kind="bot", name="Robo", colour=2, level="hard"),
             dict(row, kind="open")]
    conn = SimpleNamespace(set_seat=lambda *a, **k: None, set_bot=lambda *a, **k: None,
                           set_ready=lambda *a, **k: None)
    base = dict(seats=seats, devices={0: "mouse+keyboard"}, game="metro", can_start=False,
                phase="lobby", port=5055, address=("192.168.1.5", 5055), spectators=["Eve"],
                conn=conn, name="Ann", local_bots={}, close=lambda: None, pump=lambda: [],
                token="t", closed=False)
    base.update(extra)
    return SimpleNamespace(**base)


def _lobby_screens(app) -> list[tuple[str, list]]:
    from game.client.screens.lobby import HostLobbyScreen
    from game.client.screens.net_lobby import JoinedLobbyScreen

    host = HostLobbyScreen(app, _fake_session())
    joined = JoinedLobbyScreen(app, _fake_session())
    joined.welcomed, joined.mine = True, [1]
    joined._adopt([1])
    joined.build()
    return [("host lobby", [host]), ("joined lobby", [joined])] + _party_screens(app)


def _party_screens(app) -> list[tuple[str, list]]:
    """A 32-seat Railroad Ink party: both lobbies' seat lists and a page of the results."""
    from game.client.screens.lobby import HostLobbyScreen
    from game.client.screens.net_lobby import JoinedLobbyScreen
    from game.client.screens.play import PlayScreen
    from game.client.screens.results import ResultsScreen

    row = {"name": "", "colour": -1, "level": "", "ready": False, "status": "connected",
           "peer": 0}
    seats = [dict(row, kind="local", name=LONG_NAMES[0], colour=0, ready=True)]
    seats += [dict(row, kind="remote", name=LONG_NAMES[i % 8], colour=i % 8, ready=i % 3 == 0,
                   status="interrupted" if i == 5 else "connected") for i in range(1, 30)]
    seats += [dict(row, kind="bot", name="Robo", colour=2, level="hard"), dict(row, kind="open")]
    host = HostLobbyScreen(app, _fake_session(seats=seats, game="railroad-ink"))
    joined = JoinedLobbyScreen(app, _fake_session(seats=seats, game="railroad-ink"))
    joined.welcomed, joined.mine = True, [7]
    joined._adopt([7])
    joined.build()
    match = _party_game()
    done = PlayScreen(app, match)
    return [("host lobby 32 seats", [host]), ("joined lobby 32 seats", [joined]),
            ("results railroad-ink 32 players", [ResultsScreen(app, match, done.history, {})])]


@functools.lru_cache(maxsize=None)
def _party_game() -> Match:
    """The finished 32-seat Railroad Ink party game (the same in every language: played
    once a process, like the ``finished`` games)."""
    game = get_game("railroad-ink")
    party = [SeatInfo(LONG_NAMES[i % 8], "bot", level="easy", colour=i % 8) for i in range(32)]
    match = Match.new(game, game.make_config(32, []), 5, party)
    rng = Rng(3)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(game.legal_moves(match.state, seat)))
    return match


def _extra_screens(app, finished: dict) -> list[tuple[str, list]]:
    """Screens that need files on disk: the resume offer and the replay viewer."""
    from game.client.screens.replay_viewer import ReplayViewerScreen
    from game.client.screens.resume import ResumeScreen
    from game.saves import Replay, list_resumable, start_autosave

    out = []
    match = Match.new(get_game("metro"), get_game("metro").make_config(2, []), 9, _seats(2))
    saver = start_autosave(match, durable=False)
    saver.close()
    infos = list_resumable()
    if infos:
        out.append(("resume", [ResumeScreen(app, infos)]))
    for name in GAMES:
        path = start_autosave(finished[name], durable=False)
        path.close()
        out.append((f"replay {name}", [ReplayViewerScreen(app, Replay.open(path.path))]))
    return out


@pytest.mark.parametrize("lang", LANGS)     # one test a language: they spread over the workers
def test_every_screen_in_every_language_has_no_tofu_and_no_overflow(tmp_path, monkeypatch,
                                                                      finished, midgame, lang):
    probe = TextProbe()
    probe.install(monkeypatch)
    app = make_app(tmp_path, language="en")
    try:
        text.set_language(lang)
        app.settings.values["language"] = lang
        stacks = _screens(app, finished, midgame)
        try:
            stacks += _extra_screens(app, finished)
        except ImportError:
            pass
        for name, stack in stacks:
            probe.start(lang, name)
            probe.draw_stack(app, stack)
        # the hook really saw the screens (not a blind pass): texts, form items and the
        # boards' texts in their declared boxes
        assert probe.rendered > 500 and probe.items_drawn > 100
        # overlapping texts fail in every language, English included
        problems = probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, (f"{len(problems)} text problems:\n"
                              + "\n".join(sorted(set(problems))[:60]))
        assert probe.boxed > 300, probe.boxed
    finally:
        app.stack = []
        text.set_language("en")
        app.shutdown()


def test_help_text_fits_its_box_in_every_language():
    from game.client.games import KITS
    from game.client.screens.rules_help import TEXT_BOX
    from game.client.text_layout import fit_text

    pygame.font.init()
    try:
        for lang in LANGS:
            text.set_language(lang)
            for game, pages in ((name, each.rules_pages) for name, each in KITS.items()):
                for page in pages:
                    body = text.t(f"help.{game}.{page}.body")
                    assert body != f"help.{game}.{page}.body", (lang, game, page)
                    size, lines, line_h = fit_text(body, TEXT_BOX)
                    font = fonts.font(size)
                    widest = max(font.size(line)[0] for line in lines)
                    height = sum(line_h if line else line_h // 2 for line in lines)
                    assert widest <= TEXT_BOX.width, (lang, game, page, widest)
                    assert height <= TEXT_BOX.height, (lang, game, page, height, size)
                    assert "".join(lines).replace(" ", "") == body.replace("\n", "").replace(
                        " ", ""), (lang, game, page, "wrapping lost text")
    finally:
        text.set_language("en")


def test_every_registered_game_has_its_own_texts_in_every_language():
    """A game's name, blurb, rules pages and board words (``GameKit.catalog_keys``) in each
    language's own catalog, the test-only Pebbles' included (its catalog folder is added
    at run time)."""
    from game.client.games import kit
    from game.rules import available_games

    try:
        for lang in LANGS:
            text.set_language(lang)
            missing = [f"{name}: {key}" for name in available_games()
                       for key in kit(name).catalog_keys() if not text.has_own(key)]
            assert not missing, (lang, missing[:8])
    finally:
        text.set_language("en")


def test_help_is_reachable_from_setup_and_pause(tmp_path):
    from game.client.screens.pause import PauseScreen
    from game.client.screens.play import PlayScreen
    from game.client.screens.rules_help import RulesHelpScreen
    from game.client.screens.setup import SetupScreen

    app = make_app(tmp_path)
    try:
        setup = SetupScreen(app, "railroad-ink")
        app.push(setup)
        setup.on_activate(setup.form.item("rules"))
        assert isinstance(app.top, RulesHelpScreen) and app.top.game_name == "railroad-ink"
        key(app, pygame.K_RIGHT)
        assert app.top.page == 1
        key(app, pygame.K_ESCAPE)
        assert app.top is setup
        game = get_game("metromania")
        play = PlayScreen(app, Match.new(game, game.make_config(2, []), 1, _seats(2)))
        app.push(play)
        pause = PauseScreen(app, play)
        app.push(pause)
        pause.on_activate(pause.form.item("rules"))
        assert isinstance(app.top, RulesHelpScreen) and app.top.game_name == "metromania"
        key(app, pygame.K_ESCAPE)
        assert app.top is pause
    finally:
        app.shutdown()


def test_probe_catches_tofu_and_overflow(tmp_path, monkeypatch):
    """The hook is not blind: a string no font can draw and a label wider than its button
    are both reported."""
    probe = TextProbe()
    probe.install(monkeypatch)
    app = make_app(tmp_path)
    try:
        surface = app.surface
        probe.start("xx", "probe")
        fonts.render("\U0001F600\u0d9a", 20)        # an emoji and a Sinhala letter
        item = widgets.Item("x", lambda: "A label far too long for a tiny button")
        item.rect = pygame.Rect(10, 10, 90, 40)
        widgets.draw_item(surface, item, False, False)
        fonts.blit(surface, "off the edge", 30, (255, 255, 255), (1270, 10))
        fonts.blit(surface, "first label", 24, (255, 255, 255), (400, 300))
        fonts.blit(surface, "second label", 24, (255, 255, 255), (440, 304))
        joined = "\n".join(probe.problems)
        assert "tofu" in joined and "sticks out" in joined and "runs off" in joined
        probe.problems.clear()
        # a board's text must belong to a box, and stay in it (here: too tall for its row)
        probe.board_drawing = True
        fonts.blit(surface, "loose", 20, (255, 255, 255), (600, 600))
        with fonts.box(pygame.Rect(600, 100, 200, 12), "row"):
            fonts.blit(surface, "Tall", 30, (255, 255, 255), (610, 100))
        probe.board_drawing = False
        assert len(probe.problems) == 2, probe.problems
        assert "outside any box" in probe.problems[0] and "'row'" in probe.problems[1]
        assert [o[5] for o in probe.overlaps] == ["[xx] probe: 'second label' overlaps "
                                                  "'first label'"]
    finally:
        app.shutdown()


def test_text_in_a_box_is_shrunk_then_cut_to_fit_it(tmp_path):
    """``fonts.blit`` in a box: a text that fits is drawn as asked; a longer one shrinks (to
    three quarters of its size at most), then ends in "…"; it never leaves the box, whatever
    its anchor."""
    app = make_app(tmp_path)
    try:
        surface = app.surface
        box = pygame.Rect(100, 100, 120, 40)
        assert fonts.fit_to_box("Menu", 20, box.center, "center") == ("Menu", 20)
        with fonts.box(box):
            assert fonts.fit_to_box("Menu", 20, box.center, "center") == ("Menu", 20)
            shown, size = fonts.fit_to_box("A rather long label", 20, box.center, "center")
            assert 15 <= size < 20
            shown, size = fonts.fit_to_box("Bartholomew Wolfgang Maximilian", 20,
                                           box.midleft, "midleft")
            assert shown.endswith("…") and size == 15
            for anchor in ("midleft", "center", "midright"):
                rect = fonts.blit(surface, "Константинопольский", 20, (255, 255, 255),
                                  getattr(box, anchor), "regular", anchor)
                assert box.contains(rect), (anchor, rect)
        rect = fonts.blit_in(surface, "渡辺美智子と佐藤健太郎さん", 24, (255, 255, 255), box,
                             inset=6)
        assert box.inflate(-12, 0).contains(rect)
        assert fonts.current_boxes() == []
    finally:
        app.shutdown()


def test_switching_language_redraws_open_screens(tmp_path, monkeypatch, finished, midgame):
    """Screens built in English and drawn again after a switch to Japanese show no English
    catalog text (nothing caches a translated string across a language change): the LAN
    notices (connection lost with its reason and rejoin status, seat dropped) included."""
    english, japanese = _merged("en"), _merged("ja")
    english_only = {v for k, v in english.items() if not isinstance(v, dict)
                    and japanese.get(k) != v and len(v) > 3 and "{" not in v}
    # minus texts Japanese shares with English (e.g. ri.title: Japanese keeps "Railroad Ink")
    english_only -= {form for v in japanese.values() for form in _forms(v)}
    seen: list[str] = []
    real_render = fonts.render

    def render(value, size, colour=(255, 255, 255), weight="regular"):
        seen.append(value)
        return real_render(value, size, colour, weight)

    monkeypatch.setattr(fonts, "render", render)
    app = make_app(tmp_path, language="en")
    try:
        stacks = _screens(app, finished, midgame)
        from game.client import net_session

        # a rejoin under way (no socket: the connector never finishes) shows its status line
        monkeypatch.setattr(net_session, "Connector", lambda *a, **k: SimpleNamespace(
            finished=lambda: False, abandon=lambda: None))
        lost = [s[-1] for n, s in stacks if n.startswith("lost timeout")]
        for notice in lost:
            notice.rejoin()
            assert notice.status == text.t("lan.rejoining")
        assert lost and any(n.startswith("seat dropped") for n, _ in stacks)
        for _name, stack in stacks:
            app.stack = list(stack)
            app.draw()
        text.set_language("ja")
        stale = {}
        for name, stack in stacks:
            seen.clear()
            app.stack = list(stack)
            app.draw()
            found = [v for v in seen if v in english_only]
            if found:
                stale[name] = found[:3]
        assert not stale, f"English text left after switching to Japanese: {stale}"
    finally:
        app.stack = []
        text.set_language("en")
        app.shutdown()

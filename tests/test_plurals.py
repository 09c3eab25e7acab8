"""Plural forms from CLDR (Babel): a counted catalog entry holds one text per plural category,
``t(key, n=...)`` picks the one the language's rule gives (1 вагон, 2 вагона, 5 вагонов,
21 вагон), the catalog checker fails on a missing or unused form and on differing
placeholders, and the Metro board shows Russian counts in their real forms."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pygame
import pytest

from game import plural_rules
from game.client import fonts, text
from game.client.plural import tn
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import IllegalMove
from tests.test_client_support import frames, make_app

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import check_catalogs  # noqa: E402

LANGS = ["en", "ru", "ko", "th", "zh-TW", "ja"]


@pytest.fixture()
def russian():
    text.set_language("ru")
    yield
    text.set_language("en")


def test_cldr_categories_of_the_six_languages():
    assert plural_rules.categories("ru") == ("one", "few", "many", "other")
    assert plural_rules.categories("en") == ("one", "other")
    for lang in ("ko", "th", "zh-TW", "ja"):
        assert plural_rules.categories(lang) == ("other",)
    assert [plural_rules.category(n, "ru") for n in (1, 2, 5, 11, 21, 22, 25, 111, 0)] == \
        ["one", "few", "many", "many", "one", "few", "many", "many", "many"]
    assert plural_rules.category(1, "en") == "one" and plural_rules.category(0, "en") == "other"


def test_russian_counts_take_their_real_forms(russian):
    assert [text.t("metro.cars_left", n=n) for n in (1, 2, 5, 21)] == \
        ["1 вагон", "2 вагона", "5 вагонов", "21 вагон"]
    assert tn("metro.cars_left", 22) == "22 вагона" and tn("metro.cars_left", 11) == "11 вагонов"
    assert tn("metro.shares_n", 3) == "3 акции"
    assert tn("results.turns", 1) == "1 ход" and tn("results.turns", 14) == "14 ходов"
    assert tn("mania.dig_title", 2, done=1) == "Копка: 1 из 2 тоннелей"
    assert text.t("lan.badge.spectators", n=4) == "4 зрителя"
    assert text.t("ri.results_errors", n=31) == "31 ошибка"
    # a refusal counted by another argument than n ({needed}) agrees with it too
    assert text.illegal(IllegalMove("dig_more", "", needed=1)).endswith("1 тоннель")
    assert text.illegal(IllegalMove("dig_more", "", needed=3)).endswith("3 тоннеля")


def test_english_and_languages_without_plurals():
    assert [tn("metro.cars_left", n) for n in (0, 1, 2)] == ["0 cars", "1 car", "2 cars"]
    assert text.t("resume.more", n=1).startswith("1 other unfinished game ")
    assert text.illegal(IllegalMove("dig_more", "", needed=1)) == \
        "You must dig 1 tunnel this turn"
    try:
        text.set_language("ja")
        assert tn("metro.cars_left", 1) == tn("metro.cars_left", 5).replace("5", "1")
    finally:
        text.set_language("en")


def test_a_missing_key_falls_back_to_english_with_the_english_rule(monkeypatch, russian):
    catalog = dict(text._load("ru"))
    catalog.pop("metro.cars_left")
    monkeypatch.setitem(text._catalogs, "ru", catalog)
    # English rule for English text: 21 is "other" there (Russian's "one" would say "21 car")
    assert text.t("metro.cars_left", n=21) == "21 cars"


def _write(folder: Path, lang: str, data: dict) -> None:
    (folder / f"{lang}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (folder / lang).mkdir(exist_ok=True)


def test_checker_fails_on_a_missing_form_in_any_language(tmp_path):
    _write(tmp_path, "en", {"cars": {"one": "{n} car", "other": "{n} cars"}, "plain": "Hi"})
    _write(tmp_path, "ru", {"cars": {"one": "{n} вагон", "many": "{n} вагонов",
                                     "other": "{n} вагона"}, "plain": "Привет"})
    _write(tmp_path, "ja", {"cars": {"other": "車両 {n}"}, "plain": "やあ"})
    _write(tmp_path, "ko", {"cars": "차량 {n}", "plain": {"one": "안녕", "other": "안녕"}})
    _write(tmp_path, "th", {"cars": {"one": "รถ {n}", "other": "รถ {count}"}, "plain": "หวัดดี"})
    assert check_catalogs.compare("ja", tmp_path)["plurals"] == []
    ru = check_catalogs.compare("ru", tmp_path)["plurals"]
    assert ru == ["cars: lacks the plural form(s) few"]
    ko = check_catalogs.compare("ko", tmp_path)["plurals"]
    assert ko == ["cars: one text, needs the plural forms other",
                  "plain: has plural forms, English has one text"]
    th = check_catalogs.compare("th", tmp_path)
    assert "cars: form(s) one not used in th" in th["plurals"]
    assert any("form other uses ['count']" in p for p in th["plurals"])
    assert th["placeholders"][0]["key"] == "cars"
    # English itself must have its forms
    _write(tmp_path, "en", {"cars": {"other": "{n} cars"}, "plain": "Hi"})
    assert check_catalogs.english_plural_problems(tmp_path) == \
        ["cars: lacks the plural form(s) one"]


def test_the_real_catalogs_pass_with_plural_forms_in_every_language():
    english, _ = check_catalogs.load("en")
    counted = sorted(k for k, v in english.items() if isinstance(v, dict))
    assert {"metro.cars_left", "metro.shares_n", "results.turns", "saves.finished"} <= set(counted)
    assert check_catalogs.english_plural_problems() == []
    for lang in LANGS[1:]:
        report = check_catalogs.compare(lang)
        assert report["plurals"] == [], (lang, report["plurals"])
        catalog, _ = check_catalogs.load(lang)
        assert all(isinstance(catalog[key], dict) for key in counted), lang
    # no count is dodged with "Word: {n}" in Russian any more
    russian, _ = check_catalogs.load("ru")
    assert not [k for k in counted if isinstance(russian[k], str)]
    assert not any(k.endswith(".one") and k[:-4] in counted for k in english)


def test_metro_board_shows_russian_counts_1_2_5_21(tmp_path, monkeypatch):
    """Cars left per seat, drawn in Russian; set to 21, 5, 2 and 1 (the screenshot of the
    report comes from here when PLURALS_SHOT names a file)."""
    from game.client.screens.pass_device import PassDeviceScreen
    from game.client.screens.play import PlayScreen

    app = make_app(tmp_path, language="ru", animations=False)
    drawn: list[str] = []
    real_blit_in = fonts.blit_in

    def recording(surface, value, *args, **kwargs):
        drawn.append(value)
        return real_blit_in(surface, value, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_in", recording)
    try:
        text.set_language("ru")
        game = get_game("metro")
        seats = [SeatInfo(name, "human", device="mouse+keyboard", colour=i)
                 for i, name in enumerate(["Аня", "Борис", "Вера", "Глеб"])]
        match = Match.new(game, game.make_config(4, []), 7, seats)
        owners = [0] * 21 + [1] * 5 + [2] * 2 + [3] * 4
        match.state.car_owner = owners
        match.state.line_done = [False] * 29 + [True] * 3     # Глеб: one car still running
        app.push(PlayScreen(app, match))
        frames(app, 2)
        if isinstance(app.top, PassDeviceScreen):
            # four humans with secret hands: the game opens on "Pass to Аня"; Аня takes it
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))
            drawn.clear()       # the board's panel is painted once, when the board shows
            frames(app, 4)
        for shown in ("21 вагон", "5 вагонов", "2 вагона", "1 вагон"):
            assert shown in drawn, (shown, sorted(set(d for d in drawn if "ваг" in d)))
        if os.environ.get("PLURALS_SHOT"):
            pygame.image.save(pygame.display.get_surface(), os.environ["PLURALS_SHOT"])
    finally:
        text.set_language("en")
        app.shutdown()

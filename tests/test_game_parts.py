"""What a game declares is what the program uses, and a part that cannot be found fails
loudly naming it: the bots its rules name (``Game.bots``) are offered, a bots module or coach
estimator that does not load stops the start-up check with the game's and the module's name,
and a game without a bot that can hint shows no Hint button; the lessons and the Daily &
puzzles come from the kit, and a game without them has none (no button, no menu)."""

from __future__ import annotations

import pygame
import pytest

from game.bots.base import GameBotsError, levels, make_bot
from game.client.games import check_kits
from game.client.screens.play import PlayScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from tests import fourth_game
from tests.fourth_game import bots as pebbles_bots
from tests.test_client_support import frames, key, make_app


@pytest.fixture
def pebbles():
    """Pebbles, registered for the whole session by tests/conftest.py."""
    return get_game(fourth_game.NAME)


def test_the_bots_a_game_names_are_offered_and_play(pebbles):
    assert levels("pebbles") == ["random", "easy"]
    bot = make_bot(pebbles, 0, "easy", 1)
    state = pebbles.new_game(pebbles.make_config(2), 1)
    assert str(bot.choose(pebbles.view(state, 0))) == "take1"      # leaves 8, a multiple of 4
    with pytest.raises(KeyError, match="unknown bot level 'expert'.*random, easy"):
        make_bot(pebbles, 0, "expert", 1)


def test_a_bots_module_that_does_not_load_stops_the_start_up_naming_it(pebbles, monkeypatch):
    monkeypatch.setattr(type(pebbles), "bots", "tests.fourth_game.no_such_bots")
    with pytest.raises(GameBotsError, match="'pebbles' .tests.fourth_game.no_such_bots."):
        check_kits(["pebbles"])
    with pytest.raises(GameBotsError, match="no_such_bots"):
        levels("pebbles")


def test_a_coach_estimator_without_its_parts_stops_the_start_up(pebbles, monkeypatch):
    monkeypatch.setattr(pebbles_bots, "COACH", "tests.fourth_game.rules", raising=False)
    with pytest.raises(GameBotsError, match="coach estimator of the game 'pebbles'.*worlds_for"):
        check_kits(["pebbles"])


def test_every_built_in_game_passes_the_start_up_check():
    check_kits()
    for name in ("metro", "metromania", "railroad-ink"):
        assert levels(name)[-1] == "expert"


def test_no_hint_button_without_a_bot_that_can_hint(pebbles, tmp_path):
    app = make_app(tmp_path)
    try:
        seats = [SeatInfo("Ann", "human", colour=0), SeatInfo("Ben", "human", colour=1)]
        play = PlayScreen(app, Match.new(pebbles, pebbles.make_config(2), 3, seats))
        app.push(play)
        frames(app, 2)
        assert not play.coach.offered()
        key(app, pygame.K_h)                          # the hint key: nothing is asked
        frames(app, 2)
        assert play.coach.used == 0 and play.coach.pending is None
        metro = get_game("metro")
        other = PlayScreen(app, Match.new(metro, metro.make_config(2, []), 3, seats))
        assert other.coach.offered()                  # a game with an expert has the button
    finally:
        app.shutdown()


def test_lessons_come_from_the_kit_and_a_missing_module_stops_the_start_up(pebbles, monkeypatch):
    from game.client.games import kit
    from game.client.screens.tutorial_entry import has_lessons
    from game.client.games.lessons import MissingLessons, all_lessons, check_lessons

    assert not has_lessons("pebbles")                 # its kit names none: no Learn button
    assert {lesson.game for lesson in all_lessons()} == {"metro", "metromania", "railroad-ink"}
    monkeypatch.setattr(kit("pebbles"), "lessons", "tests.fourth_game.no_such_lessons")
    with pytest.raises(MissingLessons, match="'pebbles' .tests.fourth_game.no_such_lessons."):
        check_lessons(["pebbles"])
    monkeypatch.setattr(kit("pebbles"), "lessons", "game.client.games.metro.lessons")
    with pytest.raises(MissingLessons, match="no LESSONS of the game 'pebbles'"):
        check_lessons(["pebbles"])


def test_the_daily_and_puzzles_come_from_the_kit_and_a_missing_part_stops_the_start_up(
        pebbles, monkeypatch):
    from game.client.games import dailies, kit
    from game.client.screens import coach_menu

    assert dailies.for_game("pebbles") is None        # its kit names none: no daily, no puzzles
    assert dailies.daily_game() == "railroad-ink"     # the menu's game: the first that has one
    assert coach_menu.load_puzzles()                  # through the kit, not a module of its own
    match = coach_menu.source().daily_match(7, "Ann")
    assert match.game.name == "railroad-ink" and [s.name for s in match.seats] == ["Ann"]
    monkeypatch.setattr(kit("pebbles"), "daily", "tests.fourth_game.no_such_daily")
    with pytest.raises(dailies.MissingDaily, match="'pebbles' .tests.fourth_game.no_such_daily."):
        dailies.check_dailies(["pebbles"])
    monkeypatch.setattr(kit("pebbles"), "daily", "game.client.games.metro.lessons")
    with pytest.raises(dailies.MissingDaily, match="lacks daily_match, load_puzzles"):
        dailies.check_dailies(["pebbles"])


def test_no_daily_anywhere_leaves_the_coach_menu_greyed_and_changes_nothing(monkeypatch,
                                                                            tmp_path):
    from game.client.games import kit
    from game.client.screens.coach_menu import CoachMenuScreen, load_puzzles, start_daily
    from game.client.screens.title import TitleScreen

    monkeypatch.setattr(kit("railroad-ink"), "daily", "")
    app = make_app(tmp_path)
    try:
        title = TitleScreen(app)
        assert not title.form.item("coach").enabled
        menu = CoachMenuScreen(app)
        assert load_puzzles() == [] and not menu.form.item("daily").enabled
        depth = len(app.stack)
        start_daily(app)                              # asked anyway: nothing opens
        assert len(app.stack) == depth
    finally:
        app.shutdown()


def test_a_kit_that_draws_no_coach_move_leaves_the_hint_in_words(pebbles, tmp_path):
    from game.client.coach.highlight import draw_move

    surface = pygame.Surface((1280, 720))
    move = pebbles.parse_move("take2")
    assert draw_move(surface, None, "pebbles", 0, move, 0.0) is False


def test_a_text_the_kit_needs_that_english_lacks_stops_the_start_up(pebbles, monkeypatch):
    import sys
    from pathlib import Path

    from game.client.games import MissingText, kit

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import check_catalogs

    assert "help.pebbles.goal.body" in kit("pebbles").catalog_keys()
    check_kits(["pebbles"])
    monkeypatch.setattr(kit("pebbles"), "board_words", ("pebbles.take", "pebbles.no_such"))
    with pytest.raises(MissingText, match="'pebbles' lack pebbles.no_such"):
        check_kits(["pebbles"])
    english, _ = check_catalogs.load("en")        # the shipped catalogs: Pebbles is not there
    assert "pebbles: game.pebbles" in check_catalogs.game_key_problems(english)
    assert not [problem for problem in check_catalogs.game_key_problems(english)
                if not problem.startswith("pebbles:")]


def test_the_rules_version_covers_games_registered_from_outside(tmp_path, monkeypatch):
    from pathlib import Path

    from game.rules import register_game, rules_version, unregister_game

    source = (Path(__file__).parent / "fourth_game" / "rules.py").read_text(encoding="utf-8")
    (tmp_path / "outside_rules_copy.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = rules_version()
    register_game("outside-copy", "outside_rules_copy")
    try:
        registered = rules_version()
        assert registered != before
        (tmp_path / "outside_rules_copy.py").write_text(source.replace("15", "16"),
                                                        encoding="utf-8")
        assert rules_version() not in (before, registered)    # its rules changed: so did this
    finally:
        unregister_game("outside-copy")
    assert rules_version() == before


def test_phone_seats_only_for_a_game_with_a_phone_page(pebbles, monkeypatch, tmp_path):
    from game.client.screens.setup import SetupScreen
    from game.phone.games import MissingPhoneKit, has_phone_page

    assert not has_phone_page(pebbles) and has_phone_page(get_game("metro"))
    app = make_app(tmp_path)
    try:
        assert "human:phone" not in SetupScreen(app, "pebbles").who_options()
        assert "human:phone" in SetupScreen(app, "metro").who_options()
    finally:
        app.shutdown()
    monkeypatch.setattr(type(pebbles), "phone", "tests.fourth_game.no_such_page")
    with pytest.raises(MissingPhoneKit, match="'pebbles' .tests.fourth_game.no_such_page."):
        check_kits(["pebbles"])
    monkeypatch.setattr(type(pebbles), "phone", "tests.fourth_game.rules")
    with pytest.raises(MissingPhoneKit, match="lacks static, board, answer, hint_targets"):
        check_kits(["pebbles"])

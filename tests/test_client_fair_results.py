"""The results screen of a fair LAN table (issue 13): an audit that caught a cheat marks the
result void and names the cheat in every language; a fair audit changes nothing."""

from __future__ import annotations

import os

import pygame
import pytest

from game.client import text
from game.client.screens.netplay import LanResultsScreen, cheater_names
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.test_client_results_fixes import _play
from tests.test_client_support import frames, make_app

SHOTS = "/work/wt/notes/shots/fairtable"


class FakeSession:
    def __init__(self, audit):
        self.audit = audit
        self.seats = [{"kind": "local", "name": "Hal", "peer": -1},
                      {"kind": "remote", "name": "Ann", "peer": 1},
                      {"kind": "remote", "name": "Bob", "peer": 2}]


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()
    text.set_language("en")


def finished() -> Match:
    game = get_game("metro")
    seats = [SeatInfo(name, "human", colour=i) for i, name in enumerate(["Hal", "Ann", "Bob"])]
    return _play(Match.new(game, game.make_config(3, []), 4, seats))


def test_cheater_names_map_machines_to_their_seats():
    rows = FakeSession(None).seats
    assert cheater_names(rows, [2]) == ["Bob"]
    assert cheater_names(rows, [0]) == ["Hal"]
    assert cheater_names(rows, [3]) == []


@pytest.mark.parametrize("lang", ["en", "ko", "th", "ru", "zh-TW", "ja"])
def test_a_caught_cheat_voids_the_result_and_is_named(app, lang):
    text.set_language(lang)
    match = finished()
    app.push(TitleScreen(app))
    session = FakeSession({"fair": False, "cheaters": [2], "kind": "played"})
    screen = LanResultsScreen(app, match, None, None, session=session)
    app.push(screen)
    frames(app, 3)
    title, note = screen.headline()
    assert title == t("results.void")
    assert "Bob" in note and t("fair.kind.played") in note
    if os.path.isdir(SHOTS):
        pygame.image.save(pygame.display.get_surface(), f"{SHOTS}/results_void_{lang}.png")
    fair = LanResultsScreen(app, match, None, None,
                            session=FakeSession({"fair": True, "cheaters": [], "kind": ""}))
    assert fair.headline()[0] != t("results.void")


@pytest.mark.parametrize("lang", ["en", "ko", "th", "ru", "zh-TW", "ja"])
def test_a_false_answer_about_a_hand_is_named_in_every_language(app, lang):
    """Metromania's Unfair Municipality: a seat lied about its own hand (kind ``attest``)."""
    text.set_language(lang)
    match = finished()
    app.push(TitleScreen(app))
    session = FakeSession({"fair": False, "cheaters": [1], "kind": "attest"})
    screen = LanResultsScreen(app, match, None, None, session=session)
    app.push(screen)
    frames(app, 3)
    title, note = screen.headline()
    assert title == t("results.void")
    assert "Ann" in note and t("fair.kind.attest") in note
    assert t("fair.kind.attest") != t("fair.kind.other")
    shots = "/work/wt/notes/shots/fair-games"
    if os.path.isdir(shots):
        pygame.image.save(pygame.display.get_surface(), f"{shots}/results_attest_{lang}.png")

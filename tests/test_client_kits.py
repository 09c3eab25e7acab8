"""Each game is one client kit: the registry covers the rules registry, every kit has every
hook, and a game without a kit (or a kit without a hook) stops the client at start-up
instead of borrowing Metro's board, art, rules pages or replay secrets."""

from __future__ import annotations

import pygame
import pytest

from game.client.games import KITS, MissingKit, check_kits, kit
from game.client.games.kit_base import GameKit
from game.rules import available_games
from tests.test_client_support import make_app


def test_every_game_of_the_rules_registry_has_a_complete_kit():
    assert sorted(KITS) == sorted(available_games())
    check_kits()
    for name, each in KITS.items():
        assert each.name == name and each.rules_pages
        assert isinstance(each.board, type)


def test_a_game_without_a_kit_fails_at_start_up(tmp_path, monkeypatch):
    with pytest.raises(MissingKit, match="no kit for the game 'tram'"):
        check_kits(["metro", "tram"])
    with pytest.raises(MissingKit):
        kit("tram")
    import game.client.games as games

    monkeypatch.setattr(games, "available_games", lambda: ["metro", "tram"])
    with pytest.raises(MissingKit):
        make_app(tmp_path)


def test_a_kit_lacking_a_hook_cannot_be_built():
    class HalfKit(GameKit):
        name = "tram"
        rules_pages = ("goal",)

        @property
        def board(self):
            return object

        def move_label(self, notation):
            return notation

    with pytest.raises(TypeError, match="abstract"):
        HalfKit()


def test_the_rules_help_of_an_unknown_game_is_refused_not_metros(tmp_path):
    from game.client.screens.rules_help import RulesHelpScreen

    app = make_app(tmp_path)
    try:
        with pytest.raises(MissingKit):
            RulesHelpScreen(app, "tram")
        help_screen = RulesHelpScreen(app, "railroad-ink")
        assert help_screen.pages == list(kit("railroad-ink").rules_pages)
    finally:
        app.shutdown()


def test_each_kit_draws_its_own_card_art(tmp_path):
    from game.client.screens.game_choice import ART_SIZE

    app = make_app(tmp_path)
    try:
        pictures = []
        for each in KITS.values():
            art = pygame.Surface(ART_SIZE, pygame.SRCALPHA)
            each.draw_card_art(art)
            pictures.append(pygame.image.tobytes(art, "RGBA"))
        assert len(set(pictures)) == len(KITS)        # no game shows another's pieces
    finally:
        app.shutdown()

"""Translated labels shrink to their box instead of spilling out of it; CLI tables are named in
the player's language."""

import pygame

from game.client import fonts, text


def test_blit_fit_keeps_a_long_label_inside_its_width():
    pygame.init()
    surface = pygame.Surface((400, 100))
    label = "Обмены идут, пока компания не наберёт 25"
    assert fonts.render(label, 16).get_width() > 200           # too wide at full size...
    rect = fonts.blit_fit(surface, label, 16, (255, 255, 255), (200, 50), 200,
                          anchor="center")
    assert rect.width <= 200 and rect.center == (200, 50)     # ...so it is drawn smaller
    short = fonts.blit_fit(surface, "OK", 16, (255, 255, 255), (0, 0), 200)
    assert short.height == fonts.render("OK", 16).get_height()  # short text keeps its size


def test_play_names_seats_in_the_players_language(monkeypatch):
    from game.cli.play import _seats
    from game.rules import get_game

    text.set_language("ru")
    try:
        seats = _seats(get_game("metro"), 3, 1, "easy")
    finally:
        text.set_language("en")
    assert [s.name for s in seats] == ["Игрок 1", "Игрок 2", "Игрок 3"]
    assert [s.kind for s in seats] == ["human", "human", "bot"]

"""The "Learn to play" button under each game's card in the game choice, and what it opens.
(The game choice screen only asks for the button's place, draws it and calls ``open``.)"""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.text import t

BUTTON_SIZE = (260, 44)


def button_rect(card: pygame.Rect) -> pygame.Rect:
    rect = pygame.Rect((0, 0), BUTTON_SIZE)
    rect.midtop = (card.centerx, card.bottom + 16)
    return rect


def draw_button(surface, card: pygame.Rect, focused: bool) -> None:
    rect = button_rect(card)
    theme.rounded_panel(surface, rect, theme.PANEL_HI if focused else theme.PANEL, 12,
                        theme.FOCUS if focused else theme.PANEL_EDGE, 3 if focused else 1)
    fonts.blit_in(surface, t("tutorial.common.learn"), 20, theme.TEXT, rect, "semibold",
                  inset=10, name="learn to play")


def has_lessons(game: str) -> bool:
    """Whether ``game`` has lessons (a game added without them shows no button)."""
    from game.client.games.lessons import for_game
    return bool(for_game(game))


def open_lessons(app, game: str) -> None:
    from game.client.screens.tutorial_menu import LessonsScreen   # only when a lesson is wanted
    app.sound.play("click")
    app.push(LessonsScreen(app, game))

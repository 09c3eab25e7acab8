"""The places on the screen a lesson may talk about, by name, read from each board's public
geometry (never from fixed coordinates, so they follow the board's own layout): each game's
kit reads its own (``GameKit.lesson_regions``: Railroad Ink's sheet, dice, specials, buttons,
meteor and volcano rows and status lines; Metro's board, hand, stack button and score rows;
Metromania's city, line buttons, markers and test trips).

``regions(board, seat)`` gives ``{name: [rect, ...]}`` for the seat's part of the board;
``always(game)`` names what no coach panel may ever cover in a game (where the game is played
and what it says back), ``toast_clear(game)`` what a toast must leave in sight;
``screen_controls`` the buttons every play screen keeps (Hint, Menu).
"""

from __future__ import annotations

import pygame

from game.client.games import kit


def regions(board, seat: int) -> dict[str, list[pygame.Rect]]:
    return kit(board.match.game.name).lesson_regions(board, seat)


def always(game_name: str) -> tuple[str, ...]:
    """What every step of a lesson of this game needs to see (the steps add what they name)."""
    return kit(game_name).lesson_always


def toast_clear(game_name: str) -> tuple[str, ...]:
    """What a toast must leave in sight at every step of a lesson of this game."""
    return kit(game_name).lesson_toast_clear


def screen_controls(play) -> list[pygame.Rect]:
    """The play screen's own buttons: Menu and Hint."""
    out = []
    menu = getattr(play.board, "menu_button", None)
    if menu is not None:
        out.append(pygame.Rect(menu))
    coach = getattr(play, "coach", None)
    if coach is not None:
        out.append(pygame.Rect(coach.button()))
    return out

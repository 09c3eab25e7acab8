"""The places on the screen a lesson may talk about, by name, read from each board's public
geometry (never from fixed coordinates, so they follow the board's own layout). Each game's
kit reads its own (``GameKit.lesson_regions``; the play screen hands its kit in as
``play.kit``), so nothing here knows a game.

``regions(play, seat)`` gives ``{name: [rect, ...]}`` for the seat's part of the board;
``always(play)`` names what no coach panel may ever cover in the game (where it is played and
what it says back), ``toast_clear(play)`` what a toast must leave in sight;
``screen_controls`` the buttons every play screen keeps (Hint, Menu).
"""

from __future__ import annotations

import pygame


def regions(play, seat: int) -> dict[str, list[pygame.Rect]]:
    return play.kit.lesson_regions(play.board, seat)


def always(play) -> tuple[str, ...]:
    """What every step of a lesson of this game needs to see (the steps add what they name)."""
    return play.kit.lesson_always


def toast_clear(play) -> tuple[str, ...]:
    """What a toast must leave in sight at every step of a lesson of this game."""
    return play.kit.lesson_toast_clear


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

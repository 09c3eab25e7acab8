"""Board renderers, one per game, all implementing ``boards.base.BoardView``.

``board_class(name)`` returns the renderer for a game name; a game without a renderer yet
raises KeyError (the game-choice screen shows it as coming soon).
"""

from __future__ import annotations

import importlib

BOARD_MODULES = {"metro": "game.client.boards.metro",
                 "metromania": "game.client.boards.metromania",
                 "railroad-ink": "game.client.boards.railroad_ink"}


def has_board(name: str) -> bool:
    return name in BOARD_MODULES


def board_class(name: str):
    if name not in BOARD_MODULES:
        raise KeyError(name)
    return importlib.import_module(BOARD_MODULES[name]).BOARD


def local_human_limit(name: str) -> int | None:
    """How many humans at one machine the game's board can seat (None: any number)."""
    try:
        return board_class(name).max_local_humans
    except KeyError:
        return None

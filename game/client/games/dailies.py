"""The Daily & puzzles, as a game's kit names them (``GameKit.daily``: the module that deals
the game's daily and its puzzles), so the coach's menu names no game.

The module a kit names gives ``daily_match(seed, name)`` (a solo match from the day's seed),
``load_puzzles()`` (the shipped positions, [] for none), ``puzzle_match(puzzle, name)``,
``best_match(puzzle, plan, name)`` and ``PuzzleProver`` (the bot whose ``choose`` proves a
puzzle's best score and plan, in a helper process); the kit's ``puzzle_marks(board, plan)``
says where the best plan acts on its board. A game whose kit names no module has no daily
and no puzzles (the default); the menu plays the first registered game that has one.
``check_dailies`` (start-up) fails loudly, naming the game, the module and what it lacks.
"""

from __future__ import annotations

from game.client.games import kit
from game.parts import load_part
from game.rules import available_games

PARTS = ("daily_match", "load_puzzles", "puzzle_match", "best_match", "PuzzleProver")


class MissingDaily(LookupError):
    """A kit names a daily module that does not load or lacks one of ``PARTS``."""


def for_game(game: str):
    """The module of ``game``'s daily and puzzles, or None: the game has neither."""
    module_name = kit(game).daily
    if not module_name:
        return None
    return load_part(module_name, game=game, part="daily", needs=PARTS, error=MissingDaily)


def daily_game() -> str | None:
    """The first registered game whose kit names a daily (None: no game has one)."""
    return next((game for game in available_games() if kit(game).daily), None)


def check_dailies(games: list[str] | None = None) -> None:
    """Start-up check: the daily every game's kit names loads and has every part."""
    for game in games if games is not None else available_games():
        for_game(game)

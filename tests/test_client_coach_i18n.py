"""The coach's screens in every language (issue 16 items 3-4): the Daily & puzzles menu with a
history, a daily and a puzzle being played, a hint shown in each game, the puzzle and daily
results and the best placement, drawn through the i18n test's probe (no tofu, no text out of
its box or off the screen, no overlapping texts)."""

from __future__ import annotations

import datetime

from game.client import text
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.test_client_support import make_app
from tests.test_i18n import LANGS, TextProbe


HINTS: dict = {}        # game name -> the hint shown on its play screen


def _coach_screens(app):
    from game.client.coach import daily
    from game.client.coach.hint_bot import hint_for
    from game.bots.ink_puzzles import load_puzzles, puzzle_match
    from game.client.screens.coach_menu import (BestPlacementScreen, CoachMenuScreen,
                                           CoachPlayScreen, CoachResultsScreen, start_daily)
    from game.client.screens.play import PlayScreen

    day = daily.today()
    for back, score in ((0, 38), (1, 44), (3, 29)):
        daily.record_score(day - datetime.timedelta(days=back), score)
    out = [("coach menu", [CoachMenuScreen(app)])]
    start_daily(app)
    daily_play = app.stack.pop()
    out.append(("daily play", [daily_play]))
    puzzle = load_puzzles()[10]
    match = puzzle_match(puzzle, "Константинопол")
    puzzle_play = CoachPlayScreen(app, match, {"game": "railroad-ink", "coach": "puzzle",
                                               "puzzle": 10})
    puzzle_play.prover.worker.cancel()
    out.append(("puzzle proving", [puzzle_play]))
    proved = (39, [(3, -1, 0), (4, -1, 0), (8, 47, 2), (4, 46, 2)])
    puzzle_play.prover.result = proved
    out.append(("puzzle proved", [puzzle_play]))
    for name in ("metro", "metromania", "railroad-ink"):
        game = get_game(name)
        seats = [SeatInfo("Gwendolyn Mayo", "human", device="any", colour=0),
                 SeatInfo("Robo", "bot", level="easy", colour=1)]
        play = PlayScreen(app, Match.new(game, game.make_config(2), 4, seats))
        view = play.match.view(0)
        from game.bots.base import make_bot
        move = make_bot(game, 0, "easy", 1).choose(view)
        if name not in HINTS:       # the same hint in every language: valued once
            HINTS[name] = hint_for(game, view, 0, move)
        play.coach.shown = (play.coach.position_key(0), 0, HINTS[name])
        out.append((f"hint {name}", [play]))
        play.coach.shown = None
        play.coach.pending = (play.coach.position_key(0), 0)
        out.append((f"hint thinking {name}", [play]))
    finished = puzzle_match(puzzle, "Gwendolyn")
    from game.bots.ink_puzzles import plan_moves
    for move in plan_moves(proved[1]):
        finished.apply(0, move)
    results = CoachResultsScreen(app, finished, None, {"coach": "puzzle", "puzzle": 10,
                                                       "hints_used": 2}, puzzle_play.prover)
    out.append(("puzzle results", [results]))
    from game.client.coach.review import Decision
    from game.client.coach.review_runner import ReviewRunner
    reviewed = CoachResultsScreen(app, finished, None, {"coach": "puzzle", "puzzle": 10},
                                  puzzle_play.prover)
    reviewed.review = finished_review(finished, [Decision(
        40 + i, 0, "rail-curve@B3/1", 20 + i, "station-curve@G6/2", 30 + i, True)
        for i in range(3)] + [Decision(44, 0, "rail-curve@B3/1", 2, "rail-curve@B3/1", 2,
                                       True)])
    out.append(("puzzle results reviewed", [reviewed]))
    out.append(("metro results reviewed", [_metro_reviewed(app)]))
    progress = CoachResultsScreen(app, finished, None, {"coach": "daily",
                                                        "daily": day.isoformat()})
    progress.review = ReviewRunner(finished, [0], 0)
    out.append(("results reviewing", [progress]))
    daily_results = CoachResultsScreen(app, finished, None, {"coach": "daily",
                                                             "daily": day.isoformat()})
    out.append(("daily results", [daily_results]))
    out.append(("best placement", [BestPlacementScreen(app, puzzle, proved, 31)]))
    return out


def _metro_reviewed(app):
    """A finished two-player Metro game's results with three reviewed decisions: the values
    are expected final scores (the longest wording of the review's values)."""
    from game.bots.base import make_bot
    from game.client.coach.review import Decision
    from game.client.screens.play import PlayScreen

    game = get_game("metro")
    seats = [SeatInfo("Gwendolyn Mayo", "human", device="any", colour=0),
             SeatInfo("Robo", "bot", level="easy", colour=1)]
    play = PlayScreen(app, Match.new(game, game.make_config(2), 4, seats))
    players = [make_bot(game, seat, "random", 9 + seat) for seat in range(2)]
    while not play.match.is_over():
        seat = play.match.to_act()[0]
        play.match.apply(seat, players[seat].choose(play.match.view(seat)))
    results = play.results_screen()
    if results.review is not None:
        results.review.cancel()
    results.review = finished_review(play.match, [
        Decision(10 + 2 * i, 0, "bbad@D2", 96 + i, "dacc@G8", 112 + i, True)
        for i in range(3)] + [Decision(18, 0, "aaaa@A1", 101, "aaaa@A1", 101, True)])
    return results


def finished_review(match, decisions):
    """A review of ``match``'s seat 0 that is over with ``decisions`` (to draw its words)."""
    from game.client.coach.review_runner import ReviewRunner

    runner = ReviewRunner(match, [0], 0)
    runner.positions = runner.positions[:len(decisions)]
    runner.tasks = []
    runner.decisions = {decision.index: decision for decision in decisions}
    runner.checked = set(runner.decisions)
    runner.rounds = 2
    assert runner.done
    return runner


def test_coach_screens_in_every_language_have_no_tofu_and_no_overflow(tmp_path, monkeypatch):
    probe = TextProbe()
    probe.install(monkeypatch)
    app = make_app(tmp_path, language="en")
    try:
        for lang in LANGS:
            text.set_language(lang)
            app.settings.values["language"] = lang
            before = probe.rendered
            for name, stack in _coach_screens(app):
                probe.start(lang, name)
                probe.draw_stack(app, stack)
            assert probe.rendered - before > 100
        problems = probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, (f"{len(problems)} text problems:\n"
                              + "\n".join(sorted(set(problems))[:60]))
    finally:
        app.stack = []
        text.set_language("en")
        app.shutdown()

"""The coach's estimate of a move in Metro and Metromania (issue 16: the hint's expected points
and the review's evaluation): the seat's expected final score, seen from its own view, not the
points the move makes at once.

Two positions from normal bots' games (kept as move notation, so that no bot change moves
them) where the points made at once point the wrong way:

* Metro, two players, seed 2 after 20 moves: yellow (seat 0) holds ``adad``; its line from
  station 23 is open after 10 tiles. ``adad@D2`` turns it back to the edge at once for 12
  points; ``adad@A7`` scores nothing now and leaves that line open to grow.
* Metromania, two players, seed 3 after 23 moves: red (seat 0) still holds marker F.
  ``dig S:u-1,4:e0 T:u1,-3:e2 T:u1,-2:e1`` makes a station (+1 at once) but leaves its second
  line with no free end arrow within reach (stranded: half its station points lost, F never
  placed); ``dig S:u-2,4:e2 S:d-3,5:e2 T:u2,-4:e1+F`` ends its first line and places F.
"""

from __future__ import annotations

from game.bots.mania_estimate import expected_final_score as mania_estimate
from game.bots.metro_estimate import expected_final_score as metro_estimate
from game.bots.metromania import end_distance
from game.client.coach.hint_bot import Hint, hint_for, immediate_hint
from game.client.coach.review import Decision, ReviewBot, decision_positions
from game.match import Match, SeatInfo
from game.rules import get_game

METRO_MOVES = ["bbbb@H4", "cddb@C1", "bbad@H2", "dddd@G4", "baac@F1", "aacb@H3", "accd@H6",
               "aacb@H5", "acba@B1", "cdac@E1", "cbaa@G8", "ccda@G1", "aacb@D1", "bcbc@H7",
               "bcdd@B2", "dacc@G2", "cddb@A3", "aaaa@F2", "aaaa@G3", "cccc@A4"]
METRO_CLOSE, METRO_KEEP = "adad@D2", "adad@A7"
MANIA_MOVES = [
    "dig S:d-5,-2:e0 S:d-4,-2:e2+A S:d-3,-3:e2", "dig S:d-3,-4:e0 S:u-2,-4:e2+B S:d-1,-5:e0",
    "station S:-3,-2", "dig S:d-1,-4:e1 S:u-1,-3:e2+A T:u4,1:e0",
    "dig S:d-2,-4:e0 S:d-2,-3:e1 S:d-2,-2:e1", "dig S:d-1,-3:e0 S:d-1,-2:e1 S:d0,-2:e0+D",
    "dig S:d-2,-1:e1 T:d-2,5:e1 T:d-2,4:e1+C", "dig T:d3,0:e1 T:u4,-1:e1+C S:d1,-2:e0",
    "dig S:d-2,0:e2 S:d-3,1:e1+B T:d-1,3:e2", "dig S:d2,-2:e0 S:d3,-2:e0 T:d3,-1:e2",
    "dig S:d-2,1:e0 S:d-2,2:e1+E S:d-2,3:e1", "station S:0,-1", "station S:-1,2",
    "dig S:d4,-2:e0 S:d4,-1:e1 S:d4,0:e2", "dig T:d0,2:e2 T:d1,1:e0+D T:d2,1:e0",
    "dig S:d3,1:e2+E T:d2,-1:e0 T:d1,-1:e1", "station T:1,2",
    "dig T:u2,-2:e1 T:d1,-3:e1 T:d1,-4:e1", "dig T:u3,1:e1 T:d2,0:e1 T:u3,-1:e1",
    "dig T:d1,-5:e1 S:u3,2:e0 T:d1,-6:e0", "bonus S:-1,-4",
    "dig T:u3,-2:e1 T:d2,-3:e1 T:d2,-4:e0", "station T:2,0"]
MANIA_STRAND = "dig S:u-1,4:e0 T:u1,-3:e2 T:u1,-2:e1"
MANIA_END = "dig S:u-2,4:e2 S:d-3,5:e2 T:u2,-4:e1+F"
# two-player final scores of real games (bots' selfplay): Metro about 100-115 a seat, sd 15-20;
# Metromania 16-33 a seat, sd 12-20
METRO_SANE = range(60, 161)
MANIA_SANE = range(-30, 81)


def _match(name: str, seed: int, moves: list[str]) -> Match:
    game = get_game(name)
    seats = [SeatInfo("Ann", "human", colour=0), SeatInfo("Bot", "bot", level="normal",
                                                          colour=1)]
    match = Match.new(game, game.make_config(2), seed, seats)
    for text in moves:
        match.apply(match.to_act()[0], game.parse_move(text))
    return match


def _position(name: str, seed: int, moves: list[str]):
    match = _match(name, seed, moves)
    assert tuple(match.to_act()) == (0,)
    return match.game, match.view(0)


def test_metro_estimate_is_deterministic_and_a_final_score():
    game, view = _position("metro", 2, METRO_MOVES)
    move = game.parse_move(METRO_KEEP)
    value = metro_estimate(view, 0, move, 7)
    assert metro_estimate(view, 0, move, 7) == value           # same seed, same worlds
    assert value in METRO_SANE
    assert game.scores(view)["scores"][0] == 11                 # far below: the game is young
    first = get_game("metro").view(get_game("metro").new_game(game.make_config(2), 4), 0)
    opening = game.legal_moves(first, 0)[0]
    assert metro_estimate(first, 0, opening, 3) in range(85, 126)   # ~ a real game's mean


def test_metro_closing_the_own_long_line_early_is_valued_below_keeping_it_open():
    game, view = _position("metro", 2, METRO_MOVES)
    line = 23 - 1                                               # station 23's line
    assert view.car_owner[line] == 0 and not view.line_done[line]
    assert view.line_tiles[line] == 10
    close, keep = game.parse_move(METRO_CLOSE), game.parse_move(METRO_KEEP)
    closed = game.clone(view)
    game.play(closed, 0, close)
    assert closed.line_done[line] and closed.line_points[line] == 12
    # the points made at once (the old hint) prefer closing...
    assert immediate_hint(game, view, 0, close).points == 12
    assert immediate_hint(game, view, 0, keep).points == 0
    # ...the expected final score prefers the line kept open, on every seed
    for seed in (1, 2, 3):
        assert metro_estimate(view, 0, keep, seed) >= metro_estimate(view, 0, close, seed) + 6
    hinted = hint_for(game, view, 0, keep, 1), hint_for(game, view, 0, close, 1)
    assert all(h.worth for h in hinted)
    assert hinted[0].points > hinted[1].points


def test_metromania_stranding_a_line_is_valued_below_ending_one():
    game, view = _position("metromania", 3, MANIA_MOVES)
    strand, end = game.parse_move(MANIA_STRAND), game.parse_move(MANIA_END)
    stranded = game.clone(view)
    game.play(stranded, 0, strand)
    line = stranded.line(0, 1)
    assert line.started and not line.done and end_distance(stranded, line) >= 99
    ended = game.clone(view)
    game.play(ended, 0, end)
    assert ended.line(0, 0).done and not ended.hands[0]         # F placed
    assert immediate_hint(game, view, 0, strand).points == 1    # a station at once
    assert immediate_hint(game, view, 0, end).points == 0
    for seed in (1, 2):
        high, low = mania_estimate(view, 0, end, seed), mania_estimate(view, 0, strand, seed)
        assert high >= low + 6
        assert high in MANIA_SANE and low in MANIA_SANE
    assert mania_estimate(view, 0, end, 5) == mania_estimate(view, 0, end, 5)
    hinted = hint_for(game, view, 0, end, 1), hint_for(game, view, 0, strand, 1)
    assert all(h.worth for h in hinted) and hinted[0].points > hinted[1].points


def test_a_failing_estimator_falls_back_to_the_points_made_at_once(monkeypatch):
    from game.bots import metro_estimate

    game, view = _position("metro", 2, METRO_MOVES)

    def broken(*_args):
        raise RuntimeError("no estimate")

    monkeypatch.setattr(metro_estimate, "world_scores", broken)
    assert hint_for(game, view, 0, game.parse_move(METRO_CLOSE), 1) == \
        Hint(game.parse_move(METRO_CLOSE), 12, False)


def _reviewed_bad_decision(name: str, seed: int, moves: list[str], bad: str) -> Decision:
    """The review of the last decision of a short game whose human seat just played ``bad``
    (the review's own path: its decision positions, its screen, then the expert's check)."""
    match = _match(name, seed, moves + [bad])
    index, seat, view, played = decision_positions(match, [0])[-1]
    assert index == len(moves) and str(played) == bad
    judge = ReviewBot(match.game, seat, 0)
    judge.played, judge.seeds = [played], [41]
    [screened] = judge.choose([view])
    judge.screened = [screened]
    [verdict] = judge.choose([view])
    return Decision(index, seat, str(played), verdict.played_value, verdict.best,
                    verdict.best_value, True, checked=True)


def test_review_of_metro_values_expected_final_scores_and_charges_the_bad_decision():
    decision = _reviewed_bad_decision("metro", 2, METRO_MOVES, METRO_CLOSE)
    assert decision.worth
    assert decision.played_value in METRO_SANE and decision.best_value in METRO_SANE
    assert decision.best != METRO_CLOSE
    assert decision.cost > 0


def test_review_of_metromania_values_expected_final_scores_and_charges_the_bad_decision():
    decision = _reviewed_bad_decision("metromania", 3, MANIA_MOVES, MANIA_STRAND)
    assert decision.worth
    assert decision.played_value in MANIA_SANE and decision.best_value in MANIA_SANE
    assert decision.cost > 0


def test_the_metromania_estimate_replays_a_normal_bots_game_to_its_real_end():
    """The bench section's short run: in a game of normal bots (deterministic, nothing hidden)
    the estimate of every move played is the final score the seat really made, since the
    rollouts play exactly as those bots do."""
    from game.benchmarks import coach_estimate
    from game.benchmarks import sections

    assert sections()["coach.estimate"] is coach_estimate
    out = coach_estimate.measure("metromania", "normal", range(1, 2))
    for stage, _percent in coach_estimate.STAGES:
        assert out[f"metromania_{stage}_ms"]["n"] == 1
        assert out[f"metromania_{stage}_abs_error"] == 0
        assert out[f"metromania_{stage}_estimate"] == out[f"metromania_{stage}_final"]

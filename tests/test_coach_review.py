"""The review's judge on its own (no client): the screen and the expert's check value moves
from the player's own view; the best move found is legal there and never worth less than the
move made; the expert's own move costs nothing; the check goes on from the screen's worlds
(the same values as valuing from scratch); a game without an estimator is not judged. The
client story (results panel, replay marks) is in tests/test_client_coach.py and
tests/test_client_review_results.py."""

from __future__ import annotations

from game.bots import metro_estimate
from game.bots.base import make_bot
from game.client.coach.hint_bot import LEVEL
from game.client.coach.review import (Decision, ReviewBot, check, decision_positions, screen,
                                      screen_worlds)
from game.match import Match, SeatInfo
from game.rules import get_game


def _finished(name: str, seed: int) -> Match:
    game = get_game(name)
    seats = [SeatInfo("Ann", "human", colour=0), SeatInfo("Bot", "bot", level="easy", colour=1)]
    match = Match.new(game, game.make_config(2, []), seed, seats)
    players = [make_bot(game, s, "random", 3 + s) for s in range(2)]
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, players[seat].choose(match.view(seat)))
    return match


def test_the_expert_checks_a_decision_from_the_players_own_view():
    match = _finished("metromania", 8)
    index, seat, view, played = decision_positions(match, [0])[0]
    assert ReviewBot.judge == LEVEL == "expert"
    screened = screen(match.game, view, seat, played, 5)
    verdict = check(match.game, view, seat, played, 5, screened)
    Match.at(match, index).check(seat, match.game.parse_move(verdict.best))  # legal there
    decision = Decision(index, seat, str(played), verdict.played_value, verdict.best,
                        verdict.best_value, True, checked=True)
    assert decision.judged and decision.cost >= 0
    assert verdict.best_value >= verdict.played_value       # the move made was compared too
    # the expert's own move, played: it costs nothing
    expert = make_bot(match.game, seat, LEVEL, 5).choose(view)
    again = check(match.game, view, seat, expert, 5, screen(match.game, view, seat, expert, 5))
    assert Decision(index, seat, str(expert), again.played_value, again.best, again.best_value,
                    True).cost == 0


def test_the_check_goes_on_from_the_screens_worlds():
    """Metro samples worlds: the screen plays a quarter of them, the check the rest; the move
    made ends with the value it has when valued from scratch on every world."""
    match = _finished("metro", 3)
    index, seat, view, played = decision_positions(match, [0])[5]
    worlds = metro_estimate.worlds_for(view)
    screened = screen(match.game, view, seat, played, 7)
    assert dict((n, w) for n, _t, w in screened.sums)[str(played)] == screen_worlds(worlds) \
        < worlds
    verdict = check(match.game, view, seat, played, 7, screened, judge="hard")
    assert verdict.played_value == metro_estimate.expected_final_score(view, seat, played, 7)
    assert verdict.best_value >= verdict.played_value
    assert all(n == worlds for _n, _t, n in verdict.sums)
    assert screen(match.game, view, seat, played, 7) == screened        # deterministic


def test_a_game_without_an_estimator_is_not_judged():
    pebbles = get_game("pebbles")
    match = Match.new(pebbles, pebbles.make_config(2, []), 1,
                      [SeatInfo("Ann", "human"), SeatInfo("Ben", "human")])
    match.apply(0, pebbles.parse_move(str(pebbles.legal_moves(match.state, 0)[0])))
    [(_index, seat, view, played)] = decision_positions(match, [0])
    judge = ReviewBot(pebbles, seat, 0)
    judge.played, judge.seeds = [played], [1]
    assert judge.choose([view]) == [None]          # said so, never "no mistakes"

"""The review's judge on its own (no client): the expert, by default, names a legal move for
the player's own view and values both moves; its own move costs nothing. The client story
(results list, replay marks) is in tests/test_client_coach.py with a faster judge."""

from __future__ import annotations

from game.bots.base import make_bot
from game.client.coach.hint_bot import LEVEL
from game.client.coach.review import Decision, ReviewBot, decision_positions
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


def test_the_expert_judges_a_decision_from_the_players_own_view():
    match = _finished("metromania", 8)
    index, seat, view, played = decision_positions(match, [0])[0]
    assert ReviewBot.judge == LEVEL == "expert"
    judge = ReviewBot(match.game, seat, 5)
    judge.played = played
    best, best_value, played_value, worth = judge.choose(view)
    before = Match.at(match, index)
    before.check(seat, best)                       # legal where the player stood
    decision = Decision(index, seat, str(played), played_value, best, best_value, worth)
    assert decision.cost >= 0
    judge.played = match.game.parse_move(best)     # the expert's own move costs nothing
    again = judge.choose(view)
    assert again[0] == best and again[1] == again[2]
    assert Decision(index, seat, best, again[2], again[0], again[1], worth).cost == 0

"""The bots of a Railroad Ink round think and move at the same time (issue 12, item 9): every
bot holds a request at once and each lands its moves after its own visible delay, and what
they play does not depend on the order their answers arrive in. That four bots therefore take
about as long as one is a matter of free cores: the bench measures it
(``run.py bench --only bots.railroad_ink_round``)."""

from __future__ import annotations

import time

from tests.patience import PATIENCE
from tests.test_client_support import make_app

from game.bots.base import make_bot
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.railroad_ink.moves import End

DELAY_MS = 400


def _table(players: int, level: str, seed: int = 5):
    game = get_game("railroad-ink")
    seats = [SeatInfo(f"Bot {i + 1}", "bot", level=level, colour=i) for i in range(players)]
    return Match.new(game, game.make_config(players, []), seed, seats)


def _play_round(app, match) -> int:
    """Step the client (fixed 1/60 s frames) until round 1 is over; the most bots that held a
    request (thinking, or their answer waiting for its delay) in one frame."""
    from game.client.screens.play import PlayScreen

    play = PlayScreen(app, match)
    app.push(play)
    together = 0
    deadline = time.monotonic() + PATIENCE
    while match.state.round == 1 and time.monotonic() < deadline:
        app.run(frames=1)
        together = max(together, sum(w.busy() for w in play.workers.values()))
        time.sleep(0.001)        # the helper processes answer in real time
    assert match.state.round == 2, "round 1 did not end"
    return together


def _play_screen(app):
    from game.client.screens.play import PlayScreen

    return app.find(PlayScreen)


def test_four_bots_think_and_wait_at_once(tmp_path):
    app = make_app(tmp_path, bot_delay_ms=DELAY_MS)
    try:
        assert _play_round(app, _table(1, "easy")) == 1
        app.reset_to(app.stack[0])
        # all four hold a request at once (one after another, the old behaviour: one)
        assert _play_round(app, _table(4, "easy")) == 4
        # each bot's next move was thought about while its last one was being shown
        assert _play_screen(app).ahead.reused >= 4
    finally:
        app.shutdown()


def test_a_bots_moves_do_not_depend_on_the_order_of_the_others(tmp_path):
    """The round played by the client (bots answering in parallel) equals the same bots
    playing one seat after another, last seat first."""
    game = get_game("railroad-ink")
    # the planning bots keep plan caches between decisions, the place an order could leak
    # in: the normal level runs the same planner as hard and expert with a narrower beam (a
    # hard seat cost seconds twice, in the client and again one after another)
    for level, players in (("easy", 3), ("normal", 3)):
        match = _table(players, level, seed=9)
        app = make_app(tmp_path, bot_delay_ms=0)
        try:
            _play_round(app, match)
        finally:
            app.shutdown()
        played = {seat: [e.move for e in match.log if e.seat == seat] for seat in range(players)}

        reference = _table(players, level, seed=9)
        for seat in reversed(range(players)):
            bot = make_bot(game, seat, level, (reference.seed * 7919 + seat) & 0xFFFFFFFF)
            moves = []
            while not moves or moves[-1] != "end":
                move = bot.choose(reference.view(seat))
                reference.apply(seat, move)
                moves.append(str(move))
            assert moves == played[seat], (level, seat)


def test_a_move_thought_ahead_is_used_only_on_the_same_position():
    from game.client.bot_ahead import LookAhead
    from game.client.bot_worker import shutdown_helpers

    game = get_game("railroad-ink")
    try:
        for applied in ("same", "same+other seat", "different"):
            match = _table(2, "normal", seed=4)
            bot = make_bot(game, 0, "normal", 77)
            view = match.view(0)
            move = bot.choose(view)
            ahead = LookAhead()
            ahead.start(0, "k0", "k1", bot, view, move)
            if applied == "different":
                move = next(m for m in game.legal_moves(match.state, 0)
                            if m != move and hasattr(m, "cell"))
            match.apply(0, move)
            if applied == "same+other seat":    # another sheet changing does not matter
                match.apply(1, make_bot(game, 1, "normal", 5).choose(match.view(1)))
            worker = ahead.take(0, "k1", bot, match.view(0))
            assert (worker is not None) == (applied != "different"), applied
            if worker is not None:
                kind, value = None, None
                deadline = time.monotonic() + PATIENCE
                while kind is None and time.monotonic() < deadline:
                    answer = worker.poll("k1")
                    kind, value = answer if answer else (None, None)
                    time.sleep(0.005)
                assert (kind, value) == ("move", bot.choose(match.view(0)))
        # an end of round may roll new dice: nothing is thought ahead of it
        assert bot.view_after(match.view(0), End()) is None
    finally:
        shutdown_helpers()

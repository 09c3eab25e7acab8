"""The client's bot worker: moves computed in the helper process are exactly the moves the
bot would choose in place (its random generator comes back advanced), and a broken bot is
reported instead of freezing the table."""

from __future__ import annotations

import copy

from game.bots.base import make_bot
from game.client.bot_worker import BotWorker
from game.match import Match
from game.rules import get_game
from tests.patience import worker_answer


def test_process_worker_matches_the_bot_in_place():
    game = get_game("metro")
    for level in ("random", "easy"):
        match = Match.new(game, game.make_config(3, ["hand2"]), 21)
        remote = [make_bot(game, s, level, 100 + s) for s in range(3)]
        local = [copy.deepcopy(bot) for bot in remote]
        worker = BotWorker()
        for step in range(12):
            seat = match.to_act()[0]
            view = match.view(seat)
            key = ("test", level, step)
            worker.request(key, remote[seat], view)
            assert worker.busy_with(key)
            kind, move = worker_answer(worker, key)
            assert kind == "move"
            assert move == local[seat].choose(match.view(seat))
            assert remote[seat].rng == local[seat].rng     # generator advanced identically
            worker.cancel()
            match.apply(seat, move)


def test_stale_and_failing_requests():
    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 4)
    worker = BotWorker()

    class Broken(type(make_bot(game, 0, "random", 1))):
        def choose(self, view):
            raise ValueError("no idea")

    worker.request("old", make_bot(game, 0, "random", 1), match.view(0))
    worker.request("new", Broken(game, 0, 1), match.view(0))
    assert worker.poll("old") is None          # a superseded request never answers
    kind, error = worker_answer(worker, "new")
    assert kind == "error" and "no idea" in str(error)
    # a bot class the helper cannot import (defined in a test function) still gets an
    # answer, through the thread fallback or the helper's error report
    assert worker.poll("new")[0] == "error"

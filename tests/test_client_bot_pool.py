"""The client's pool of bot helper processes: started on demand, at most one per core, two
requests at once go to two processes, answers do not depend on which process computed them,
everything stops on shutdown, and without processes the bots think in threads."""

from __future__ import annotations

import copy
import os

import pytest

from game.bots.base import make_bot
from game.client import bot_worker
from game.client.bot_worker import BotWorker
from game.match import Match
from game.rules import get_game
from tests.patience import worker_answer


@pytest.fixture(autouse=True)
def fresh_pool():
    bot_worker.shutdown_helpers()
    yield
    bot_worker.shutdown_helpers()


def test_simultaneous_requests_use_several_processes_and_agree_with_the_bot():
    game = get_game("railroad-ink")
    match = Match.new(game, game.make_config(4, []), 8)
    # the normal level: a planner with caches that travel with the bot, like hard's, at a
    # fraction of hard's search (each move is computed twice here)
    bots = [make_bot(game, seat, "normal", 50 + seat) for seat in range(4)]
    local = [copy.deepcopy(bot) for bot in bots]
    workers = [BotWorker() for _ in range(4)]
    for seat, worker in enumerate(workers):
        worker.request(("pool", seat), bots[seat], match.view(seat))
    limit = bot_worker.pool_limit()
    assert 1 <= bot_worker.helper_count() <= limit
    assert bot_worker.helper_count() == min(limit, 4)     # one per core, while all are busy
    for seat, worker in enumerate(workers):
        kind, move = worker_answer(worker, ("pool", seat))
        assert kind == "move"
        assert move == local[seat].choose(match.view(seat))
    bot_worker.shutdown_helpers()
    assert bot_worker.helper_count() == 0


def test_without_helper_processes_bots_think_in_threads(monkeypatch):
    def cannot_start():
        raise OSError("no processes here")

    monkeypatch.setattr(bot_worker, "_Helper", cannot_start)
    monkeypatch.setattr(bot_worker, "_pool_failed", False)
    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 4)
    worker = BotWorker()
    bot = make_bot(game, 0, "easy", 3)
    expected = copy.deepcopy(bot).choose(match.view(0))
    worker.request("thread", bot, match.view(0))
    assert worker_answer(worker, "thread") == ("move", expected)
    assert bot_worker.helper_count() == 0


def test_the_pool_is_bounded_by_the_cores(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    game = get_game("railroad-ink")
    match = Match.new(game, game.make_config(3, []), 2)
    workers = [BotWorker() for _ in range(3)]
    for seat, worker in enumerate(workers):
        worker.request(("one", seat), make_bot(game, seat, "normal", seat), match.view(seat))
    assert bot_worker.helper_count() == 1
    for seat, worker in enumerate(workers):
        assert worker_answer(worker, ("one", seat))[0] == "move"

"""The BotWorker: answers off the calling thread, poll/thinking/cancel, no deadlock, and a
cancelled search is dropped (and stops early)."""

from __future__ import annotations

import threading
import time

from game.bots.base import Bot, make_bot
from game.bots.worker import BotWorker
from game.rules import get_game


class SlowBot(Bot):
    """Waits until released (or cancelled), then answers "done"."""

    level = "slow"

    def __init__(self):
        super().__init__(get_game("metro"), 0, 1)
        self.release = threading.Event()
        self.stopped_early = False

    def choose(self, view):
        while not self.release.wait(0.005):
            if self.should_stop():
                self.stopped_early = True
                return "cancelled"
        return "done"


class BrokenBot(SlowBot):
    def choose(self, view):
        raise RuntimeError("boom")


def wait_for(predicate, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return False


def test_poll_returns_the_move_once_and_thinking_shows_the_work():
    worker = BotWorker()
    bot = SlowBot()
    worker.start(bot, view=None, key=("game", 1))
    assert worker.thinking and worker.poll() is None and worker.key == ("game", 1)
    bot.release.set()
    assert wait_for(lambda: not worker.thinking)
    assert worker.poll(("game", 2)) is None          # a stale key gets nothing
    assert worker.poll(("game", 1)) == "done"
    assert worker.poll() is None and not worker.thinking   # consumed


def test_cancel_drops_the_answer_and_stops_the_search():
    worker = BotWorker()
    bot = SlowBot()
    worker.start(bot, None, key=1)
    started = time.monotonic()
    worker.cancel()
    assert time.monotonic() - started < 0.5           # cancel never blocks
    assert not worker.thinking and worker.poll() is None
    assert wait_for(lambda: bot.stopped_early)
    assert worker.poll() is None


def test_a_new_request_replaces_the_old_one():
    worker = BotWorker()
    first, second = SlowBot(), SlowBot()
    worker.start(first, None, key="a")
    worker.start(second, None, key="b")
    assert wait_for(lambda: first.stopped_early)
    second.release.set()
    assert wait_for(lambda: not worker.thinking)
    assert worker.poll() == "done" and worker.key is None


def test_errors_are_reported_not_raised():
    worker = BotWorker()
    worker.start(BrokenBot(), None)
    assert worker.wait(5)
    assert worker.poll() is None
    assert isinstance(worker.error, RuntimeError)


def test_real_hard_bot_in_the_worker_matches_a_direct_call():
    game = get_game("metro")
    state = game.new_game(game.make_config(2), 5)
    view = game.view(state, 0)
    direct = make_bot(game, 0, "hard", 9).choose(view)
    worker = BotWorker()
    worker.start(make_bot(game, 0, "hard", 9), view, key=0)
    assert worker.wait(30)
    assert worker.poll(0) == direct


def test_cancelling_a_real_hard_search_ends_its_thread_quickly():
    game = get_game("metro")
    state = game.new_game(game.make_config(2), 6)
    worker = BotWorker()
    worker.start(make_bot(game, 0, "hard", 9), game.view(state, 0), key=0)
    thread = worker._job.thread
    worker.cancel()
    thread.join(5)
    assert not thread.is_alive()

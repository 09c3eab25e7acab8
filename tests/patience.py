"""How long a test waits for an event before it calls itself broken.

Tests never assert how fast something happens: a CI machine may be loaded (other jobs, two
cores shared, a CPU hog beside the suite). They wait for the event itself — a log line, a
message, a state, a file — and give up only after ``PATIENCE`` seconds, which no healthy run
comes near (over loopback an answer takes milliseconds; a whole headless game a few seconds).
The bound only turns a hang into a clear failure. Speed is measured by ``python run.py bench``.
"""

from __future__ import annotations

import time

PATIENCE = 90.0


def wait_for(condition, what: str, step=None, seconds: float = PATIENCE,
              pause: float = 0.002) -> None:
    """Call ``step()`` (if any; then sleep ``pause``) until ``condition()`` holds; fail naming
    ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {seconds:g} s (the test's patience: "
                                 f"tests/patience.py)")
        if step is not None:
            step()
        if pause:
            time.sleep(pause)


def worker_answer(worker, key, seconds: float = PATIENCE):
    """The bot worker's answer for ``key`` (``game.client.bot_worker``), waited for."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = worker.poll(key)
        if answer is not None:
            return answer
        time.sleep(0.005)
    raise AssertionError("no answer from the bot worker")

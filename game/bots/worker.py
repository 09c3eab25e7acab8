"""``BotWorker``: computes a bot's move in a background thread so the frame loop never waits.

Usage (the play screen, the lobby or a headless host; no pygame here)::

    worker = BotWorker()
    worker.start(bot, view, key=(match_id, seq))   # the view is game.view(state, seat)
    ...every frame...
    if worker.thinking: draw the "thinking" indicator
    move = worker.poll()                            # the move once ready, else None
    ...when the game, the seat or the position changes:
    worker.cancel()                                 # never blocks; the answer is dropped

One request at a time; ``start`` cancels the previous one (the new search begins once the
cancelled one has stopped, in the worker thread, never blocking the caller). A cancelled search is told to stop
(``Bot.should_stop``) and whatever it returns is thrown away, so cancelling never changes a
move anybody sees. ``error`` holds an exception raised by the bot (the move is then None).
"""

from __future__ import annotations

import threading
from typing import Any


class _Job:
    __slots__ = ("key", "cancel", "done", "move", "error", "thread")

    def __init__(self, key: Any) -> None:
        self.key = key
        self.cancel = threading.Event()
        self.done = threading.Event()
        self.move = None
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None


class BotWorker:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._job: _Job | None = None
        self.error: BaseException | None = None

    # -- requests ----------------------------------------------------------------------
    def start(self, bot, view, key: Any = None) -> None:
        """Begin computing ``bot.choose(view)`` (cancelling any earlier request)."""
        job = _Job(key)
        with self._lock:
            old, self._job = self._job, job
            self.error = None
        if old is not None:
            old.cancel.set()

        previous = None if old is None else old.thread

        def work() -> None:
            if previous is not None:
                # the cancelled search stops at its next check; waiting for it here (not in
                # the caller) keeps one search per worker, so a bot reused for the next
                # request is never run by two threads at once
                previous.join()
            if job.cancel.is_set():
                job.done.set()
                return
            bot.set_cancel(job.cancel)
            try:
                move = bot.choose(view)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller via .error
                job.error = exc
                move = None
            finally:
                bot.set_cancel(None)
            job.move = move
            job.done.set()

        job.thread = threading.Thread(target=work, name=f"bot-{key}", daemon=True)
        job.thread.start()

    def cancel(self) -> None:
        """Drop the current request (returns at once; the thread ends at its next check)."""
        with self._lock:
            job, self._job = self._job, None
        if job is not None:
            job.cancel.set()

    # -- results -----------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        """True while a request is being computed."""
        with self._lock:
            job = self._job
        return job is not None and not job.done.is_set()

    @property
    def key(self) -> Any:
        with self._lock:
            return None if self._job is None else self._job.key

    def poll(self, key: Any = None):
        """The move once the current request (for ``key``, if given) is done, else None.
        A finished request is consumed: the next poll returns None."""
        with self._lock:
            job = self._job
            if job is None or not job.done.is_set() or job.cancel.is_set():
                return None
            if key is not None and job.key != key:
                return None
            self._job = None
            self.error = job.error
            return job.move

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current request is done (tests and headless tools only)."""
        with self._lock:
            job = self._job
        return True if job is None else job.done.wait(timeout)

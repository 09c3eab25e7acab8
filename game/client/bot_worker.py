"""Runs a bot's ``choose`` off the frame loop, in a worker thread, one request at a time.

The play screen asks for a move for (seat, seq) with the seat's view; the frame loop keeps
drawing (the "thinking" indicator) and polls until the answer is there. A stale answer (the
match moved on, or the screen was left) is dropped.
"""

from __future__ import annotations

import threading


class BotWorker:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key = None
        self._result = None
        self._done = False
        self._thread: threading.Thread | None = None

    def busy_with(self, key) -> bool:
        with self._lock:
            return self._key == key

    def request(self, key, bot, view) -> None:
        with self._lock:
            self._key, self._result, self._done = key, None, False

        def work() -> None:
            try:
                result = ("move", bot.choose(view))
            except Exception as exc:  # noqa: BLE001 - reported to the play screen, not lost
                result = ("error", exc)
            with self._lock:
                if self._key == key:
                    self._result, self._done = result, True

        self._thread = threading.Thread(target=work, name=f"bot-{key}", daemon=True)
        self._thread.start()

    def poll(self, key):
        """("move", m) / ("error", exc) once the answer for ``key`` is ready, else None."""
        with self._lock:
            if self._key == key and self._done:
                return self._result
        return None

    def cancel(self) -> None:
        with self._lock:
            self._key, self._result, self._done = None, None, False

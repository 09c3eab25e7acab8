"""The coach's hints for seats played elsewhere (a phone seat: ``game.phone.table``): the
same hint bot as the Hint button, thought in the bot helpers, one request per seat at a time.

A ``PhoneTable`` is handed one of these by whoever serves the phones (the client's table
screen, the headless host), so the phone server itself needs nothing of the client."""

from __future__ import annotations

from typing import Any

from game.client.bot_worker import BotWorker
from game.client.coach.hint_bot import HintBot


class SeatHints:
    def __init__(self, game) -> None:
        self.game = game
        self.workers: dict[int, BotWorker] = {}

    def ask(self, seat: int, key: Any, view) -> None:
        """Start thinking about ``seat``'s hint for ``view`` (answered to ``key``)."""
        worker = self.workers.get(seat)
        if worker is None:
            worker = self.workers[seat] = BotWorker(waited_on=False)
        worker.request(key, HintBot(self.game, seat, 1 + seat), view)

    def answer(self, seat: int, key: Any):
        """``(kind, hint)`` once the answer to ``key`` is in, else None."""
        worker = self.workers.get(seat)
        return None if worker is None else worker.poll(key)

    def cancel(self) -> None:
        for worker in self.workers.values():
            worker.cancel()

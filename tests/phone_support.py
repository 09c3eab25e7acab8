"""A table with phone seats for tests: a local match served to phones on 127.0.0.1 (an
ephemeral port), its loop on a thread (the phone table's pump and random bots for the other
seats), and helpers to run aiohttp clients against it with a deadline."""

from __future__ import annotations

import asyncio
import threading
import time

from game.bots.base import make_bot
from game.client.coach.seat_hints import SeatHints
from game.match import Match, SeatInfo
from game.phone.sources import MatchSource
from game.phone.table import serve
from game.rules import get_game

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


class ServedTable:
    def __init__(self, game: str, players: int, phones, variants=(), seed: int = 11,
                 limits=None, lang: str = "en", wait_limit=None, hints: bool = False) -> None:
        rules = get_game(game)
        config = rules.make_config(players, list(variants))
        seats = [SeatInfo(NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else f" {i}"),
                          "human") for i in range(players)]
        self.match = Match.new(rules, config, seed, seats)
        self.source = MatchSource(self.match)
        self.phone_seats = list(phones)
        self.bots = {seat: make_bot(rules, seat, "random", seat)
                     for seat in range(players) if seat not in self.phone_seats}
        self.table = serve(self.source, self.phone_seats, lang=lang, bind="127.0.0.1", port=0,
                           limits=limits, wait_limit=wait_limit,
                           hints=SeatHints(rules) if hints else None)
        self.phones = self.table.phones
        self.base_url = f"http://127.0.0.1:{self.phones.port}"
        self.lock = threading.Lock()
        self.errors: list[BaseException] = []
        self._stop = False
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def token(self, seat: int) -> str:
        return self.phones.link(seat).token

    def _loop(self) -> None:
        try:
            while not self._stop:
                with self.lock:
                    self.table.pump()
                    for seat in list(self.match.to_act()):
                        bot = self.bots.get(seat)
                        if bot is not None and not self.match.is_over():
                            self.match.apply(seat, bot.choose(self.match.view(seat)))
                    self.source.play_bots()
                time.sleep(0.003)
        except BaseException as exc:  # noqa: BLE001 - reported by close()
            self.errors.append(exc)

    def close(self) -> None:
        self._stop = True
        self.thread.join(10)
        self.table.close()
        assert not self.errors, self.errors

    def __enter__(self) -> "ServedTable":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run(coroutine, timeout: float = 60.0):
    """Run a coroutine with a deadline (a generous bound: a hang fails, it is not timed)."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))

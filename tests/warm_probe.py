"""Bots for the tests of the helpers' warm-up (``tests/test_bot_warmup.py``): ``WarmProbe``
writes a line to the file named by ``TRACKLAYER_WARM_PROBE`` each time its ``warm_process``
runs, and its move is what that file holds when it is asked (so the answer says whether, and
how often, the warm-up ran before the question); ``ColdProbe`` has nothing to warm."""

from __future__ import annotations

import os
from pathlib import Path

from game.bots.base import Bot


def _lines() -> list[str]:
    path = Path(os.environ["TRACKLAYER_WARM_PROBE"])
    return path.read_text().splitlines() if path.exists() else []


class WarmProbe(Bot):
    level = "warm-probe"

    @classmethod
    def warm_process(cls) -> None:
        with open(os.environ["TRACKLAYER_WARM_PROBE"], "a") as handle:
            handle.write(f"warm {os.getpid()}\n")

    def choose(self, view):
        return _lines()


class ColdProbe(Bot):
    level = "cold-probe"

    def choose(self, view):
        return _lines()

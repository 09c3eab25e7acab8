"""Waiting longer after every failed try: the delays of a reconnecting joiner.

``Backoff`` doubles its delay after each try (from ``first`` up to ``cap`` seconds) with a
little jitter, so machines that lost the same Wi-Fi do not all knock at the same instant;
``reset()`` after a success. Pure: no clock, the jitter from its own seeded ``random.Random``.
"""

from __future__ import annotations

import random


class Backoff:
    def __init__(self, first: float = 0.25, cap: float = 4.0, factor: float = 2.0,
                 jitter: float = 0.2, seed: int | None = None) -> None:
        if first <= 0 or cap < first or factor < 1 or not 0 <= jitter < 1:
            raise ValueError("backoff: 0 < first <= cap, factor >= 1, 0 <= jitter < 1")
        self.first, self.cap, self.factor, self.jitter = first, cap, factor, jitter
        self.tries = 0
        self._rng = random.Random(seed)

    def next(self) -> float:
        """The delay before the next try (seconds); each call counts one try."""
        base = min(self.cap, self.first * self.factor ** min(self.tries, 32))
        self.tries += 1
        spread = base * self.jitter
        return max(0.0, base + self._rng.uniform(-spread, spread))

    def reset(self) -> None:
        self.tries = 0

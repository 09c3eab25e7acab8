"""Per-connection flood guard for the host: a token bucket of incoming frames.

A peer that sends far more than the protocol ever needs (a beat a second, a proposal and a
hash report per move, a few lobby changes) is refused and dropped, so one broken or hostile
program cannot make the host spend its time decoding garbage while the others wait. Its seat
waits for it like any dropped player's, and it may rejoin with its token.
"""

from __future__ import annotations

FRAMES_PER_SECOND = 200    # sustained: far above what eight local seats playing at once send
BURST = 400                # a catch-up, a flurry of simultaneous Railroad Ink moves


class FrameBudget:
    """Token bucket refilled with ``rate`` frames a second, holding at most ``burst``."""

    def __init__(self, now: float, rate: float = FRAMES_PER_SECOND, burst: int = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float) -> bool:
        """Spend one frame; False when the peer has been sending too fast."""
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def ready_at(self, now: float) -> float:
        """When ``take`` will next succeed (``now`` if it would now)."""
        tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        return now if tokens >= 1 else now + (1 - tokens) / self.rate

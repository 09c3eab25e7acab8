"""A peer's hash reports to the host: the hash of its state after the moves it applied, and
a hash that cannot match once a move the host accepted is illegal here.

``HashReports`` is a part of ``net.table.joiner.ClientEndpoint`` (``reports``) with its own
state: the rate budget of a big table, the newest report not sent yet, when a broken state
was last reported. It sends through the callback it is handed and reads only the clock.

At a table of more than SMALL_TABLE seats a peer's reports are coalesced: the newest one, at
the end of a pump (one report for all that one read applied), and at most REPORT_RATE a
second with bursts of REPORT_BURST, else every peer would send the host a frame for every
move of every seat (32 seats drawing at once) and spend its HASH budget
(``net.transport.limits``: 100 a second). A quiet peer's report leaves at once: no fixed gap.
Smaller tables report every move at once.
"""

from __future__ import annotations

from typing import Callable

from net.fair.peer import BROKEN_HASH
from net.protocol import messages as ids
from net.transport.ratelimit import FrameBudget

SMALL_TABLE = 8
REPORT_RATE = 50.0
REPORT_BURST = 8


class HashReports:
    def __init__(self, clock: Callable[[], float], send: Callable[[dict], None]) -> None:
        """``clock()``: the endpoint's time; ``send(message)``: a frame to the host."""
        self.clock = clock
        self.send = send
        self.budget = FrameBudget(clock(), REPORT_RATE, REPORT_BURST)
        self.unsent: tuple[int, str] | None = None    # the newest report, not sent yet
        self.broken_at = 0.0                          # when a broken state was last reported

    def queue(self, reports: list[tuple[int, str]], players: int | None) -> None:
        """The reports (seq, hex digest) of what was hashed since the last call: a small
        table (``players``; None: not known yet) sends each at once; a big one keeps the
        newest for ``send_newest``."""
        if players is not None and players <= SMALL_TABLE:
            for seq, digest in reports:
                self.send(_hash(seq, digest))
        elif reports:
            self.unsent = reports[-1]

    def send_newest(self, force: bool = False) -> None:
        """Send the newest kept report if the rate allows (``force``: now)."""
        if self.unsent is None:
            return
        if not self.budget.take(self.clock()) and not force:
            return
        seq, digest = self.unsent
        self.unsent = None
        self.send(_hash(seq, digest))

    def newest_due(self) -> float | None:
        """When the kept report may leave (the clock's time); None when none is kept."""
        return self.budget.ready_at(self.clock()) if self.unsent is not None else None

    def broken(self, seq: int) -> None:
        """A move the host accepted is illegal here: report a hash that cannot match for
        the move after ``seq``."""
        self.broken_at = self.clock()
        self.send(_hash(seq + 1, BROKEN_HASH))


def _hash(seq: int, digest: str) -> dict:
    return {"t": ids.HASH, "q": seq, "h": bytes.fromhex(digest)}

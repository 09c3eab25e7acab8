"""Client-side lockstep: apply sequenced moves strictly in seq order, report hashes, repair.

``Replica`` wraps the peer's own ``Match``. Moves may arrive late, twice or out of order: a
move already applied is ignored, a move from the future waits in a buffer until the gap is
filled. If a move the host accepted is refused here, our state has diverged: the replica marks
itself broken and reports a hash that cannot match, so the host resends its log. ``rebuild``
replays the host's log (writing a desync dump first when it repairs a divergence).
"""

from __future__ import annotations

from game.match import LogEntry, Match
from game.rules.core import Event, Game, IllegalMove
from net.netlog import write_desync_dump

BROKEN_HASH = "0" * 32   # never a real BLAKE2b-128 digest in practice


class Replica:
    def __init__(self, game: Game, config: dict, seed: int, seats=()) -> None:
        self.match = Match.new(game, config, seed, seats)
        self.pending: dict[int, tuple[int, str]] = {}
        self.broken = False
        self.dumps: list = []

    @property
    def seq(self) -> int:
        return self.match.seq

    def receive(self, seq: int, seat: int, text: str) -> list[tuple[LogEntry, list[Event]]]:
        """Take one sequenced move; returns what got applied now (maybe nothing, maybe more)."""
        if seq <= self.match.seq or self.broken:
            if self.broken and seq > self.match.seq:
                self.pending[seq] = (seat, text)
            return []
        self.pending[seq] = (seat, text)
        applied = []
        while self.match.seq + 1 in self.pending:
            seat_now, text_now = self.pending.pop(self.match.seq + 1)
            try:
                events = self.match.apply(seat_now, text_now)
            except IllegalMove:
                # The host accepted it, so our state is wrong: ask for the log.
                self.broken = True
                self.pending[self.match.seq + 1] = (seat_now, text_now)
                break
            except Exception:  # noqa: BLE001 - a rules crash here is a divergence too
                self.broken = True
                break
            applied.append((self.match.log[-1], events))
        return applied

    def last_hash(self) -> str:
        if self.broken:
            return BROKEN_HASH
        return self.match.log[-1].hash if self.match.log else self.match.hash()

    def first_gap(self) -> int | None:
        """The first missing seq when later moves are waiting, else None."""
        if self.pending and not self.broken:
            return self.match.seq + 1
        return None

    def rebuild(self, rows: list, reason: str, role: str) -> None:
        """Replace our log by the host's ``rows`` [(seat, notation, hexhash)...] and replay it."""
        if reason == "desync":
            first_bad = next((i + 1 for i, (entry, row) in
                              enumerate(zip(self.match.log, rows)) if entry.hash != row[2]),
                             min(len(self.match.log), len(rows)) + 1)
            self.dumps.append(write_desync_dump(self.match, rows, role, first_bad))
        match = self.match
        match.log = [LogEntry(i + 1, seat, move, digest)
                     for i, (seat, move, digest) in enumerate(rows)]
        match.rebuild()
        if match.log:  # keep the hash we computed, not the one we were told
            last = match.log[-1]
            match.log[-1] = LogEntry(last.seq, last.seat, last.move, match.hash())
        self.broken = False
        self.pending = {q: v for q, v in self.pending.items() if q > match.seq}

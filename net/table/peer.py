"""Client-side lockstep: apply sequenced moves strictly in seq order, report hashes, repair.

``Replica`` wraps the peer's own ``Match``. Moves may arrive late, twice or out of order: a
move already applied is ignored, a move from the future waits in a buffer until the gap is
filled. If a move the host accepted is refused here, our state has diverged: the replica marks
itself broken and reports a hash that cannot match, so the host resends its log. ``rebuild``
replays the host's log (writing a desync dump first when it repairs a divergence).
"""

from __future__ import annotations

from game.match import LogEntry, Match
from game.rules.core import Event, Game
from net.local.netlog import write_desync_dump

BROKEN_HASH = "0" * 32   # never a real BLAKE2b-128 digest in practice


class Replica:
    def __init__(self, game: Game, config: dict, seed: int, seats=()) -> None:
        self.match = Match.new(game, config, seed, seats)
        self.pending: dict[int, tuple[int, str]] = {}
        self.broken = False
        self.reports: list[tuple[int, str]] = []    # (seq, hash) not yet reported
        self.dumps: list = []

    @property
    def seq(self) -> int:
        return self.match.seq

    def receive(self, seq: int, seat: int, text: str) -> list[tuple[int, int, str, list[Event]]]:
        """Take one sequenced move; returns what got applied now, as (seq, seat, notation,
        events) — maybe nothing, maybe several. The state hash of the last applied move is
        computed by ``seal()`` afterwards, so showing a move never waits for hashing; the
        listeners of moves hashed on the way (autosave) are called by ``tell()``."""
        if seq <= self.match.seq or self.broken:
            if self.broken and seq > self.match.seq:
                self.pending[seq] = (seat, text)
            return []
        self.pending[seq] = (seat, text)
        applied = []
        match = self.match
        while match.seq + 1 in self.pending:
            seat_now, text_now = self.pending.pop(match.seq + 1)
            if not match.sealed:
                self._seal_last(tell=False)   # its hash before the state moves on
            try:
                # No check here: the host checked this move against the same state, and
                # the hash report proves we still agree. Skipping it keeps the time from a
                # move's arrival to its display short; a move that cannot be played here
                # means our state diverged (same outcome as a failed check).
                events = match.apply(seat_now, text_now, check=False, hash_now=False,
                                     tell=False)
            except Exception:  # noqa: BLE001 - a refusal or a crash here is a divergence
                # The host accepted it, so our state is wrong: ask for the log.
                self.broken = True
                self.pending[match.seq + 1] = (seat_now, text_now)
                break
            applied.append((match.seq, seat_now, match.log[-1].move, events))
        return applied      # the caller calls tell() once it has shown what was applied

    def seal(self) -> list[tuple[int, str]]:
        """Hash the last applied move if not done yet; returns every (seq, hash) computed since
        the last call, for the hash reports."""
        self._seal_last()
        return self.take_reports()

    @property
    def sealed(self) -> bool:
        return self.match.sealed

    def take_reports(self) -> list[tuple[int, str]]:
        reports, self.reports = self.reports, []
        return reports

    def _seal_last(self, tell: bool = True) -> None:
        entry = self.match.seal(tell=tell)   # e.g. autosave hears of it once the hash is known
        if entry is not None:
            self.reports.append((entry.seq, entry.hash))

    def tell(self) -> None:
        """Call the match listeners for every sealed move they have not heard of, in order."""
        self.match.tell()

    def last_hash(self) -> str:
        if self.broken:
            return BROKEN_HASH
        self._seal_last()
        return self.match.log[-1].hash if self.match.log else self.match.hash()

    def first_gap(self) -> int | None:
        """The first missing seq when later moves are waiting, else None."""
        if self.pending and not self.broken:
            return self.match.seq + 1
        return None

    def rebuild(self, rows: list, reason: str, role: str) -> None:
        """Replace our log by the host's ``rows`` [(seat, notation, hexhash)...] and replay it."""
        self._seal_last()
        if reason == "desync":
            first_bad = next((i + 1 for i, (entry, row) in
                              enumerate(zip(self.match.log, rows)) if entry.hash != row[2]),
                             min(len(self.match.log), len(rows)) + 1)
            self.dumps.append(write_desync_dump(self.match, rows, role, first_bad))
        match = self.match
        match.replace_log(LogEntry(i + 1, seat, move, digest)
                          for i, (seat, move, digest) in enumerate(rows))
        self.broken = False
        self.reports = []
        self.pending = {q: v for q, v in self.pending.items() if q > match.seq}

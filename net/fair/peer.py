"""A joiner's lockstep on a fair table: the sequenced records and moves fed to its driver.

``FairReplica`` is the joiner's one lockstep path (receive / seal / sealed / take_reports /
tell / last_hash / first_gap / broken / rebuild) over a ``FairTable``: cipher records arrive in the host's order (``record``, by index), moves by seq (``receive``), and
the driver applies chance entries between them itself, so a move waits until the entries
before it are in. A refused record or move raises ``FairError``: the caller ends the table
with its reason (a cheat or a broken host, not a network fault: frames are never lost on a
link that stays open).
"""

from __future__ import annotations

from game.match import Match
from net.fair.deal import FairTable
from net.local.netlog import write_desync_dump

BROKEN_HASH = "0" * 32   # a joiner that knows its state is wrong reports this: never a real
                         # BLAKE2b-128 digest in practice, so the host sends its stream again


class FairReplica:
    def __init__(self, game, config: dict, seat_dealers: list[int], me: int,
                 secret: bytes | None, seats=(), strict_escrow: bool | None = None) -> None:
        self.args = (game, config, list(seat_dealers), me, secret, list(seats), strict_escrow)
        self.fair = FairTable(game, config, seat_dealers, me, secret, seats, strict_escrow)
        self.records: dict[int, object] = {}     # index -> record, not fed yet
        self.fed = 0                             # records fed to the driver
        self.pending: dict[int, tuple] = {}      # seq -> (seat, text, played)
        self.played: dict[int, object] = {}      # seq -> CardPlayed (plain) of a fed move
        self.broken = False
        self.reported = 0
        self.dumps: list = []

    # -- queries --------------------------------------------------------------------------
    @property
    def match(self) -> Match | None:
        return self.fair.match

    @property
    def seq(self) -> int:
        return self.match.seq if self.match is not None else 0

    @property
    def sealed(self) -> bool:
        return self.match is None or self.match.sealed

    def first_gap(self) -> int | None:
        if self.pending and self.fair.waiting_for_move and min(self.pending) > self.seq + 1:
            return self.seq + 1
        return None

    # -- input ----------------------------------------------------------------------------
    def record(self, index: int, plain) -> list:
        """One sequenced cipher record; returns the log entries applied now (see pump)."""
        if index >= self.fed:
            self.records[index] = plain
        return self.pump()

    def receive(self, seq: int, seat: int, text: str, played=None) -> list:
        if seq > self.seq:
            self.pending[seq] = (seat, text, played)
        return self.pump()

    def pump(self) -> list:
        """Feed what is due, in order; (seq, seat, notation, events) of each applied entry.
        FairError for a refused record or move."""
        applied = []
        while True:
            while self.fed in self.records:
                self.fair.publish(self.records.pop(self.fed))
                self.fed += 1
            applied += self.fair.pump()
            for seq in [q for q in self.pending if q <= self.seq]:
                del self.pending[seq]
            nxt = self.seq + 1
            if self.fair.waiting_for_move and nxt in self.pending and not self.fair.queued_moves:
                seat, text, played = self.pending.pop(nxt)
                self.fair.move(nxt, seat, text, played)
                if played is not None:
                    self.played[nxt] = played
                continue
            return applied

    def take_outbox(self) -> list:
        return self.fair.take_outbox()

    # -- hashes ---------------------------------------------------------------------------
    def seal(self, tell: bool = True) -> None:
        """Hash the last applied entry if not done yet; its report waits for
        ``take_reports`` (the caller sends it, then ``tell``s the listeners: the network
        before the disk)."""
        if self.match is not None:
            self.match.seal(tell=tell)

    def take_reports(self) -> list[tuple[int, str]]:
        """(seq, hash) of every entry hashed since the last call."""
        if self.match is None:
            return []
        out = []
        for entry in self.match.log[self.reported:]:
            if not entry.hash:
                break
            out.append((entry.seq, entry.hash))
        self.reported += len(out)
        return out

    def tell(self) -> None:
        if self.match is not None:
            self.match.tell()

    def last_hash(self) -> str:
        if self.match is None:
            return ""
        self.match.seal(tell=False)
        return self.match.log[-1].hash if self.match.log else self.match.hash()

    # -- catch-up -------------------------------------------------------------------------
    def rebuild(self, records: list, moves: list, reason: str = "", role: str = "") -> None:
        """Start over from the host's whole stream: every record (plain) and every move
        ``[seq, seat, text, played]``; FairError if it does not replay. After a desync our
        old log and the rebuilt one go to a desync dump first."""
        fresh = FairReplica(*self.args)
        fresh.fair.share_check = self.fair.share_check     # shares' proofs, checked alike
        for index, plain in enumerate(records):
            fresh.records[index] = plain
        for seq, seat, text, played in moves:
            fresh.pending[seq] = (seat, text, played)
        fresh.pump()
        fresh.fair.recount_owed()
        if fresh.match is not None:
            fresh.match.seal(tell=False)
            if self.match is not None:      # the autosave goes on listening
                for listener in self.match.listeners:
                    fresh.match.subscribe(listener)
        if reason == "desync" and self.match is not None and fresh.match is not None:
            ours, theirs = self.match.log, fresh.match.log
            first_bad = next((i + 1 for i, (a, b) in enumerate(zip(ours, theirs))
                              if a.hash != b.hash), min(len(ours), len(theirs)) + 1)
            rows = [(e.seat, e.move, e.hash) for e in theirs]
            self.dumps.append(write_desync_dump(self.match, rows, role, first_bad))
        dumps = self.dumps
        self.__dict__.update(fresh.__dict__)
        self.dumps = dumps
        self.reported = self.seq
        if self.match is not None:
            self.match.tell()

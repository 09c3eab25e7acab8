"""Who may come in: the host's per-address back-off for connections that abused the table.

A table is open to anything on the LAN. A connection without a seat (before its hello, or a
spectator) that is refused for abuse — a frame over its length limit, bytes that are not our
protocol, a flood of frames or requests — gets its address a *strike*; so does a seat-token
guess past ``TOKEN_GUESSES`` (an honest machine shows a wrong token once in a while: a lobby
that forgot its seat). Each strike closes the door to that address for twice as long as the
last one (``HostLimits.turn_away_first`` up to ``turn_away_longest`` seconds); while it is closed a new connection
from there is refused at accept (``R_TRY_LATER`` with the seconds left), before a byte of it
is read. An address with no strike for ``FORGET_AFTER`` seconds starts afresh.

So a program that sends huge frames and reconnects after each refusal costs the host one
accept and one short refusal per try, at most once per closed-door period, and no decoding.
Seated players are never struck (their faults are the table's business, and a player must be
able to rejoin at once); connections already in are never touched by a closed door.

Pure: the caller passes the time (the table's clock).
"""

from __future__ import annotations

from dataclasses import dataclass

from net.protocol import messages as ids
from net.transport.ratelimit import FrameBudget

FORGET_AFTER = 600.0        # a quiet address starts afresh
MAX_ADDRESSES = 4096        # addresses remembered (the oldest strike is forgotten first)
TOKEN_GUESSES = (0.1, 5)    # wrong seat tokens an address may show: 1 per 10 s, 5 at once

# refusals that only a broken or hostile program earns (never an honest client's state)
ABUSE = frozenset({ids.R_TOO_LARGE, ids.R_MALFORMED, ids.R_UNKNOWN, ids.R_SCHEMA,
                   ids.R_FLOODING, ids.R_TOO_MANY_REQUESTS, ids.R_BAD_CLAIM})


@dataclass
class _Record:
    strikes: int = 0
    closed_until: float = 0.0
    last_strike: float = 0.0
    guesses: FrameBudget | None = None


class Door:
    def __init__(self) -> None:
        self.records: dict[str, _Record] = {}
        self.turned_away = 0        # connections refused at accept while a door was closed
        self.strikes = 0

    def closed_for(self, address: str, now: float) -> float:
        """Seconds the door stays closed to ``address`` (0: it may come in)."""
        record = self.records.get(address)
        if record is None:
            return 0.0
        if now - record.last_strike > FORGET_AFTER:
            del self.records[address]
            return 0.0
        return max(0.0, record.closed_until - now)

    def turn_away(self, address: str, now: float) -> tuple[str, dict] | None:
        """At accept: the refusal for a connection from ``address``, or None to let it in."""
        wait = self.closed_for(address, now)
        if wait <= 0:
            return None
        self.turned_away += 1
        return ids.R_TRY_LATER, {"seconds": max(1, round(wait))}

    def refused(self, address: str, code: str, now: float, first: float = 1.0,
                longest: float = 60.0) -> None:
        """A connection without a seat from ``address`` was refused with ``code``; a strike
        closes the door for ``first`` seconds, twice that after the next, up to ``longest``
        (``first`` 0: the door never closes)."""
        if first <= 0:
            return
        if code == ids.R_BAD_TOKEN:
            record = self._record(address, now)
            if record.guesses is None:
                record.guesses = FrameBudget(now, rate=TOKEN_GUESSES[0],
                                             burst=TOKEN_GUESSES[1])
            if record.guesses.take(now):
                return                   # a wrong token now and then: no strike
        elif code not in ABUSE:
            return
        self.strike(address, now, first, longest)

    def strike(self, address: str, now: float, first: float = 1.0,
               longest: float = 60.0) -> None:
        record = self._record(address, now)
        if now - record.last_strike > FORGET_AFTER:
            record.strikes = 0
        record.strikes += 1
        record.last_strike = now
        wait = min(longest, first * 2 ** min(record.strikes - 1, 16))
        record.closed_until = max(record.closed_until, now + wait)
        self.strikes += 1

    def _record(self, address: str, now: float) -> _Record:
        record = self.records.get(address)
        if record is None:
            if len(self.records) >= MAX_ADDRESSES:
                oldest = min(self.records, key=lambda a: self.records[a].last_strike)
                del self.records[oldest]
            record = self.records[address] = _Record(last_strike=now)
        return record

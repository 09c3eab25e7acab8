"""Bounds on everything a peer can make the host hold or do, and what happens past them.

A LAN table is open to anything on the network, so every resource a connection can grow has
a cap, and a peer over one is dropped with a reason (a REFUSE code every client translates):

* frame length: a connection without a seat (no hello yet, or a spectator) may send frames
  of ``unseated_frame`` bytes at most, refused on the length prefix before its body is read
  (``R_TOO_LARGE``; the address is then turned away for a while: ``net.transport.door``);
* unfinished-frame bytes: per connection (small until its hello was accepted: a hello is
  tiny) and in total over all connections (``R_BUSY``);
* connections without a hello: closed after ``hello_seconds`` (``R_TIMEOUT``), at most
  ``pending_total`` at once (``R_BUSY``): a spectator's slot is taken only by its hello;
* bytes waiting to be sent to a peer that does not read them (``R_SLOW_READER``);
* connections from one address (``R_TOO_MANY_CONNECTIONS``, refused at accept);
* spectators per table (``R_TOO_MANY_SPECTATORS``; a host setting);
* requests per second of every kind a peer may send (``R_TOO_MANY_REQUESTS``): a 9-byte
  GET makes the host send moves or the whole log, so it may not come 190 times a second.

``HostLimits`` holds the settings; ``RequestBudgets`` the per-kind token buckets of one peer.
The overall frame budget of ``net.transport.ratelimit`` still applies on top.
"""

from __future__ import annotations

from dataclasses import dataclass

from net.protocol import messages as ids
from net.transport.ratelimit import FrameBudget
from net.transport.wire import MAX_FRAME

DEFAULT_SPECTATORS = 16


@dataclass(frozen=True)
class HostLimits:
    spectators: int = DEFAULT_SPECTATORS    # watching machines per table (host setting)
    per_address: int = 48                   # open connections from one address (32 seats
                                            # plus spectators may sit behind one NAT/loopback)
    hello_bytes: int = 16 << 10             # unfinished bytes before the hello is accepted
    unseated_frame: int = 4 << 10           # the largest frame from a connection without a
                                            # seat (before its hello, or a spectator): a hello
                                            # is under 1 kB; checked on the length prefix
    hello_seconds: float = 10.0             # a connection without a hello by then is closed
    pending_total: int = 128                # connections without a hello, over all addresses
    turn_away_first: float = 1.0            # seconds an address is turned away after its first
                                            # abuse (net.transport.door; 0: never), doubling per abuse
    turn_away_longest: float = 60.0         # ... up to this
    frame_bytes: int = MAX_FRAME            # unfinished bytes of one peer's frame
    total_frame_bytes: int = 16 << 20       # unfinished bytes over all connections
    send_bytes: int = 8 << 20               # bytes queued for one peer that does not read


# Requests per second (sustained, burst) a peer may send of each kind. Far above what the
# protocol needs (one beat a second, a proposal and a hash report per move, a GET per retry),
# far below a flood. GET and HASH make the host send a lot back, so they are the tightest.
REQUEST_RATES: dict[str, tuple[float, int]] = {
    ids.GET: (10.0, 30),
    ids.HASH: (100.0, 400),
    ids.BEAT: (20.0, 60),
    ids.PROPOSE: (100.0, 400),
    ids.PROPOSE_C: (100.0, 400),      # a proposal in its compact form (net.protocol.moveframe)
    ids.SEAT_SET: (10.0, 40),
    ids.READY: (10.0, 40),
    ids.PROOF: (2.0, 4),
    ids.HELLO: (2.0, 4),
    ids.FAIR: (200.0, 400),
}


# kinds whose rate is per seat the machine holds (every seat moves)
PER_SEAT_KINDS = frozenset({ids.PROPOSE, ids.PROPOSE_C})


def request_rates(retry: float) -> dict[str, tuple[float, int]]:
    """The rates for a table whose peers retry every ``retry`` seconds (tests run fast clocks:
    an honest peer may ask again every retry, so GET and BEAT scale with it)."""
    rates = dict(REQUEST_RATES)
    if retry > 0:
        for kind in (ids.GET, ids.BEAT):
            rate, burst = rates[kind]
            rates[kind] = (max(rate, 4.0 / retry), max(burst, int(12.0 / retry)))
    return rates


class RequestBudgets:
    """One token bucket per message kind for one connection."""

    def __init__(self, rates: dict[str, tuple[float, int]]) -> None:
        self.rates = rates
        self.buckets: dict[str, FrameBudget] = {}

    def take(self, kind: str, now: float, scale: int = 1) -> bool:
        """Spend one request of ``kind``; ``scale``: the rate is per seat for moves (a machine
        playing 11 seats of a Railroad Ink table proposes 11 times as many)."""
        rate = self.rates.get(kind)
        if rate is None:
            return True
        bucket = self.buckets.get(kind)
        if bucket is None:
            bucket = self.buckets[kind] = FrameBudget(now, rate=rate[0], burst=rate[1])
        bucket.rate, bucket.burst = rate[0] * scale, rate[1] * scale
        return bucket.take(now)

    def limit(self, kind: str, scale: int = 1) -> int:
        return int(self.rates.get(kind, (0, 0))[0] * scale)


class FrameBytes:
    """Unfinished-frame bytes of every connection, and their total (for the server)."""

    def __init__(self) -> None:
        self.held: dict[object, int] = {}
        self.total = 0

    def update(self, conn: object, pending: int) -> None:
        self.total += pending - self.held.get(conn, 0)
        if pending:
            self.held[conn] = pending
        else:
            self.held.pop(conn, None)

    def forget(self, conn: object) -> None:
        self.update(conn, 0)

    def verdict(self, conn: object, pending: int, helloed: bool,
                limits: HostLimits) -> tuple[str, dict] | None:
        """A refusal (code, args) when ``conn`` holding ``pending`` bytes is over a limit."""
        cap = limits.frame_bytes if helloed else limits.hello_bytes
        if pending > cap:
            return ids.R_TOO_LARGE, {"size": pending, "limit": cap}
        if self.total > limits.total_frame_bytes:
            return ids.R_BUSY, {}
        return None

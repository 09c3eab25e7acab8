"""A joiner that loses its link without a goodbye tries again, and says truthfully why.

``Redial`` is a part of ``net.table.joiner.ClientEndpoint`` (``redial``), socket-free like it,
with its own state (the limit, the backoff, whether we are offline, the current outage). It
reads the endpoint through ``RedialLink`` and acts on it only through the callbacks it is
handed (end the table, emit an event, hang up the connection). A connection that is reset,
hung up without a word, silent for too long, or a handshake without a WELCOME within
``Timings.handshake`` is not the end of the table: with a ``limit`` > 0 the endpoint goes
*offline*, emits ``retrying`` (code, args with the table's ``address``, delay, attempt) and the
transport (``net.client.ClientConnection``) dials again once ``due()``; the new hello
carries our seat token once a game is under way (the host keeps our seats for us), else the
first hello's token (in the lobby the host frees a dropped seat). The delays grow
(``net.transport.backoff``) and one outage is bounded by ``limit`` seconds in all, after which
the endpoint ends with the last reason. Only a goodbye or a refusal from the table ends it at
once; "not a table" is said only when the bytes received prove it (``on_wire_error``).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from net.protocol import messages as ids
from net.transport.backoff import Backoff
from net.transport.timing import Timings

# lost without a word from the table: worth another try
RETRYABLE = frozenset({ids.R_NO_ANSWER, ids.R_CONNECTION_RESET, ids.R_HUNG_UP,
                       ids.R_CONNECTION_LOST, ids.R_UNREACHABLE})


def address_text(address: tuple[str, int] | None) -> str:
    """``host:port`` as a player types it (an IPv6 host in brackets); "?" if unknown."""
    if not address:
        return "?"
    host, port = address
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class RedialLink(Protocol):
    """What ``Redial`` reads of the endpoint it serves (``ClientEndpoint`` is one)."""

    phase: str                              # ... "ended": nothing is tried any more
    pid: int                                # -1 until the table welcomed us
    token: str                              # our seat token once welcomed
    address: tuple[str, int] | None         # where the table listens
    match: Any                              # the game, once it runs (None before)
    timings: Timings                        # ``handshake``: how long a hello may wait

    def clock(self) -> float: ...


class Redial:
    """The endpoint's side of reconnecting (see the module docstring)."""

    def __init__(self, link: RedialLink, *, first_token: str,
                 end: Callable[[str, dict], None], emit: Callable[..., None],
                 hang_up: Callable[[], None], limit: float = 0.0,
                 backoff: Backoff | None = None) -> None:
        """``first_token``: what our first hello claims ("" or a claim); ``end(code, args)``:
        the table ends here; ``emit(event, **fields)``; ``hang_up()``: close the connection."""
        self.link = link
        self.end = end
        self.emit = emit
        self.hang_up = hang_up
        self.limit = limit                   # seconds one outage may last (0: never redial)
        self.in_game = True                  # False: only a handshake is tried again (the
                                             # client offers its own rejoin after a welcome)
        self.backoff = backoff or Backoff()
        self.offline = False                 # no connection; the transport dials again
        self.awaiting_welcome = False        # a hello is out, no WELCOME yet
        self.redial_at = 0.0
        self.redials = 0                     # tries made in all
        self.lost_since: float | None = None     # start of the current outage
        self.first_token = first_token       # what our first hello claimed ("" or a claim)
        self.seat_token_forgotten = False    # the lobby forgot our seat token: claim anew

    # ------------------------------------------------------------------ what the endpoint tells it
    def connected(self) -> None:
        """A connection is up and our hello goes out: we wait for the WELCOME."""
        self.offline = False
        self.awaiting_welcome = True

    def hello_token(self) -> str:
        """Our seat token once the table welcomed us (the host keeps our seats in a game
        under way, even one whose start we missed), else what the first hello claimed; a
        lobby that forgot us refuses the seat token once (``refusal_is_passing``)."""
        link = self.link
        if link.pid >= 0 and link.token and not self.seat_token_forgotten:
            return link.token
        return self.first_token

    def link_lost(self, code: str, args: dict | None = None, passing: bool = False) -> None:
        """The connection is gone without a goodbye (or ``passing``: a refusal another try
        mends): try again after a backoff while this outage is within the limit; otherwise
        end with this reason."""
        link = self.link
        if link.phase == "ended":
            return
        args = dict(args or {}, address=address_text(link.address))
        now = link.clock()
        if self.lost_since is None:
            self.lost_since = now
        waited = now - self.lost_since
        retryable = (code in RETRYABLE or passing) and (self.in_game or link.pid < 0)
        if self.limit <= 0 or not retryable or waited >= self.limit:
            if retryable and self.limit > 0:      # tried for as long as allowed
                args["gave_up"] = round(self.limit)
            self.end(code, args)
            return
        delay = min(self.backoff.next(), self.limit - waited)
        self.offline = True
        self.awaiting_welcome = False
        self.redial_at = now + delay
        self.redials += 1
        self.hang_up()
        self.emit("retrying", code=code, args=args, delay=round(delay, 2),
                  attempt=self.redials)

    def refusal_is_passing(self, code: str) -> bool:
        """A refusal that another try mends: "try later" (the host turns our address away for
        a few seconds) or "host busy", "no answer for too long" (the host dropped us
        while our link stalled), or, to a hello after we lost our link before the game
        began, "table full" (the host has not noticed yet that our old connection, and
        its seat, is gone) or "bad token" (the lobby forgot our seat: claim a seat anew)."""
        if self.limit <= 0:
            return False
        if code in (ids.R_TRY_LATER, ids.R_BUSY):
            # the host's door is closed to our address for a while (another program here
            # abused the table, net.transport.door), or too many connections wait for their hello or
            # hold half-sent frames: both pass by themselves
            return True
        link = self.link
        if code == ids.R_TIMEOUT and link.pid >= 0:
            # the host stopped hearing us (a stalled link) and hung up: our seat waits for us
            # (in a lobby, a seat is claimed anew), as after any link lost without a goodbye
            return True
        if self.redials == 0 or link.match is not None:
            return False
        if code == ids.R_BAD_TOKEN and link.pid >= 0 and not self.seat_token_forgotten:
            self.seat_token_forgotten = True
            return True
        return code == ids.R_FULL

    def due(self) -> bool:
        """Whether the transport should dial again now."""
        return self.offline and self.link.phase != "ended" and self.link.clock() >= self.redial_at

    def failed(self, detail: str) -> None:
        """The transport could not connect again (refused, unreachable, timed out)."""
        self.offline = False
        self.link_lost(ids.R_UNREACHABLE, {"detail": detail[:80]})

    def restored(self, seats: list[int]) -> None:
        """A WELCOME arrived (giving us ``seats``): the outage is over."""
        self.awaiting_welcome = False
        self.seat_token_forgotten = False
        if self.lost_since is not None:
            self.lost_since = None
            self.backoff.reset()
            self.emit("rejoined", seats=list(seats), attempt=self.redials)

    def wake(self, last_heard: float) -> float | None:
        """When the endpoint's ``tick`` needs to run while offline or in a handshake (the
        clock's time; None: not now). ``last_heard``: when the table last said anything."""
        if self.offline:
            return self.redial_at
        if self.awaiting_welcome:
            return last_heard + self.link.timings.handshake
        return None

    def handshake_tick(self, now: float, last_heard: float) -> bool:
        """True while offline or waiting for a WELCOME (the rest of ``tick`` waits): a
        handshake gets ``Timings.handshake`` seconds from the table's last word, then it counts as
        lost."""
        if self.offline:
            return True
        if not self.awaiting_welcome:
            return False
        if now - last_heard > self.link.timings.handshake:
            self.link_lost(ids.R_NO_ANSWER, {})
        return True

"""A joiner that loses its link without a goodbye tries again, and says truthfully why.

A mixin of ``net.table.joiner.ClientEndpoint`` (socket-free like it). A connection that is reset,
hung up without a word, silent for too long, or a handshake without a WELCOME within
``Timings.handshake`` is not the end of the table: with ``redial_limit`` > 0 the endpoint goes
*offline*, emits ``retrying`` (code, args with the table's ``address``, delay, attempt) and the
transport (``net.client.ClientConnection``) dials again once ``redial_due()``; the new hello
carries our seat token once a game is under way (the host keeps our seats for us), else the
first hello's token (in the lobby the host frees a dropped seat). The delays grow
(``net.transport.backoff``) and one outage is bounded by ``redial_limit`` seconds in all, after which
the endpoint ends with the last reason. Only a goodbye or a refusal from the table ends it at
once; "not a table" is said only when the bytes received prove it (``on_wire_error``).
"""

from __future__ import annotations


from net.protocol import messages as ids
from net.transport.backoff import Backoff

# lost without a word from the table: worth another try
RETRYABLE = frozenset({ids.R_NO_ANSWER, ids.R_CONNECTION_RESET, ids.R_HUNG_UP,
                       ids.R_CONNECTION_LOST, ids.R_UNREACHABLE})


def address_text(address: tuple[str, int] | None) -> str:
    """``host:port`` as a player types it (an IPv6 host in brackets); "?" if unknown."""
    if not address:
        return "?"
    host, port = address
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Redialing:
    """Mixin: the endpoint's side of reconnecting (see the module docstring)."""

    def init_redial(self, limit: float = 0.0, backoff: Backoff | None = None) -> None:
        self.redial_limit = limit            # seconds one outage may last (0: never redial)
        self.redial_in_game = True           # False: only a handshake is tried again (the
                                             # client offers its own rejoin after a welcome)
        self.backoff = backoff or Backoff()
        self.offline = False                 # no connection; the transport dials again
        self.awaiting_welcome = False        # a hello is out, no WELCOME yet
        self.redial_at = 0.0
        self.redials = 0                     # tries made in all
        self.lost_since: float | None = None     # start of the current outage
        self.first_token = self.token        # what our first hello claimed ("" or a claim)
        self.seat_token_forgotten = False    # the lobby forgot our seat token: claim anew

    # ------------------------------------------------------------------ the endpoint's hooks
    def hello_token(self) -> str:
        """Our seat token once the table welcomed us (the host keeps our seats in a game
        under way, even one whose start we missed), else what the first hello claimed; a
        lobby that forgot us refuses the seat token once (``refusal_is_passing``)."""
        if self.pid >= 0 and self.token and not self.seat_token_forgotten:
            return self.token
        return self.first_token

    def link_lost(self, code: str, args: dict | None = None, passing: bool = False) -> None:
        """The connection is gone without a goodbye (or ``passing``: a refusal another try
        mends): try again after a backoff while this outage is within the limit; otherwise
        end with this reason."""
        if self.phase == "ended":
            return
        args = dict(args or {}, address=address_text(self.address))
        now = self.clock()
        if self.lost_since is None:
            self.lost_since = now
        waited = now - self.lost_since
        retryable = (code in RETRYABLE or passing) and (
            self.redial_in_game or self.pid < 0)
        if self.redial_limit <= 0 or not retryable or waited >= self.redial_limit:
            if retryable and self.redial_limit > 0:      # tried for as long as allowed
                args["gave_up"] = round(self.redial_limit)
            self._end(code, args)
            return
        delay = min(self.backoff.next(), self.redial_limit - waited)
        self.offline = True
        self.awaiting_welcome = False
        self.redial_at = now + delay
        self.redials += 1
        if self.transport is not None:
            self.transport.close()
        self._emit("retrying", code=code, args=args, delay=round(delay, 2),
                   attempt=self.redials)

    def refusal_is_passing(self, code: str) -> bool:
        """A refusal that another try mends: "try later" (the host turns our address away for
        a few seconds) or "host busy", "no answer for too long" (the host dropped us
        while our link stalled), or, to a hello after we lost our link before the game
        began, "table full" (the host has not noticed yet that our old connection, and
        its seat, is gone) or "bad token" (the lobby forgot our seat: claim a seat anew)."""
        if self.redial_limit <= 0:
            return False
        if code in (ids.R_TRY_LATER, ids.R_BUSY):
            # the host's door is closed to our address for a while (another program here
            # abused the table, net.transport.door), or too many connections wait for their hello or
            # hold half-sent frames: both pass by themselves
            return True
        if code == ids.R_TIMEOUT and self.pid >= 0:
            # the host stopped hearing us (a stalled link) and hung up: our seat waits for us
            # (in a lobby, a seat is claimed anew), as after any link lost without a goodbye
            return True
        if self.redials == 0 or self.match is not None:
            return False
        if code == ids.R_BAD_TOKEN and self.pid >= 0 and not self.seat_token_forgotten:
            self.seat_token_forgotten = True
            return True
        return code == ids.R_FULL

    def redial_due(self) -> bool:
        return self.offline and self.phase != "ended" and self.clock() >= self.redial_at

    def redial_failed(self, detail: str) -> None:
        """The transport could not connect again (refused, unreachable, timed out)."""
        self.offline = False
        self.link_lost(ids.R_UNREACHABLE, {"detail": detail[:80]})

    def link_restored(self, seats: list[int]) -> None:
        """A WELCOME arrived (giving us ``seats``): the outage is over."""
        self.awaiting_welcome = False
        self.seat_token_forgotten = False
        if self.lost_since is not None:
            self.lost_since = None
            self.backoff.reset()
            self._emit("rejoined", seats=list(seats), attempt=self.redials)

    def redial_wake(self) -> float | None:
        """When ``tick`` needs to run while offline or in a handshake (None: not now)."""
        if self.offline:
            return self.redial_at
        if self.awaiting_welcome:
            return self._last_heard + self.timings.handshake
        return None

    def handshake_tick(self, now: float) -> bool:
        """True while offline or waiting for a WELCOME (the rest of ``tick`` waits): a
        handshake gets ``Timings.handshake`` seconds, then it counts as lost."""
        if self.offline:
            return True
        if not self.awaiting_welcome:
            return False
        if now - self._last_heard > self.timings.handshake:
            self.link_lost(ids.R_NO_ANSWER, {})
        return True

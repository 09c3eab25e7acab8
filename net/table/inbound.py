"""The host's budgets for what each connection sends: the flood guard (frames a second,
``net.transport.ratelimit``) and the per-kind request budgets (``net.transport.limits``).

``InboundBudgets`` is a part of ``net.table.host.HostEndpoint`` (``inbound``) with its own
state: a frame budget and a request budget per connection, made at its first frame and
forgotten when it goes. It decides only: the host refuses a connection the budgets answer
with a reason's arguments (``R_FLOODING``, ``R_TOO_MANY_REQUESTS``).
"""

from __future__ import annotations

from typing import Any, Callable

from net.transport.limits import PER_SEAT_KINDS, RequestBudgets, request_rates
from net.transport.ratelimit import BURST, FRAMES_PER_SECOND, FrameBudget

# the flood guard's budget covers this many seats of one machine (more: a bigger budget)
SEATS_PER_BUDGET = 4


class InboundBudgets:
    def __init__(self, retry: Callable[[], float]) -> None:
        """``retry()``: the peers' retry interval (the request rates follow it)."""
        self.retry = retry
        self.frames: dict[Any, FrameBudget] = {}       # per connection: the flood guard
        self.requests: dict[Any, RequestBudgets] = {}  # per connection and message kind

    def flooding(self, conn: Any, now: float, seats: int) -> dict | None:
        """Spend one frame of ``conn`` (a machine of ``seats`` seats); the arguments of
        ``R_FLOODING`` when it sends too fast (its budget then forgotten), else None."""
        budget = self.frames.get(conn)
        if budget is None:
            budget = self.frames[conn] = FrameBudget(now)
        if seats > SEATS_PER_BUDGET:
            # a machine playing many seats of a big Railroad Ink table sends in proportion
            share = -(-seats // SEATS_PER_BUDGET)
            budget.rate, budget.burst = FRAMES_PER_SECOND * share, BURST * share
        if budget.take(now):
            return None
        self.frames.pop(conn, None)
        return {"limit": int(budget.rate)}

    def too_many(self, conn: Any, kind: str, now: float, seats: int) -> dict | None:
        """Spend one request of ``kind`` (a per-seat kind scaled by ``seats``); the
        arguments of ``R_TOO_MANY_REQUESTS`` when over its budget, else None."""
        requests = self.requests.get(conn)
        if requests is None:
            requests = self.requests[conn] = RequestBudgets(request_rates(self.retry()))
        scale = max(1, seats) if kind in PER_SEAT_KINDS else 1
        if requests.take(kind, now, scale):
            return None
        return {"kind": kind, "limit": requests.limit(kind, scale)}

    def forget(self, conn: Any) -> None:
        """``conn`` is gone."""
        self.frames.pop(conn, None)
        self.requests.pop(conn, None)

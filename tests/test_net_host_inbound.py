"""``InboundBudgets`` on its own (no endpoint, no network): a connection's frames are bounded
(a machine of many seats in proportion) and its budget forgotten once over it, its moves
are bounded per seat, and a gone connection leaves nothing behind."""

from net.protocol import messages as ids
from net.table.inbound import SEATS_PER_BUDGET, InboundBudgets
from net.transport.limits import REQUEST_RATES
from net.transport.ratelimit import BURST, FRAMES_PER_SECOND


def frames_taken(budgets: InboundBudgets, conn: str, seats: int,
                 now: float = 10.0) -> tuple[int, dict]:
    """Frames sent at one instant until refused, and the refusal's arguments."""
    for sent in range(100 * BURST):
        refused = budgets.flooding(conn, now, seats)
        if refused is not None:
            return sent, refused
    raise AssertionError("never refused")


def test_a_flood_is_refused_in_proportion_to_the_seats_and_its_budget_forgotten():
    budgets = InboundBudgets(lambda: 1.0)
    assert frames_taken(budgets, "a", 1) == (BURST, {"limit": FRAMES_PER_SECOND})
    assert "a" not in budgets.frames            # refused: nothing kept of it
    many = 2 * SEATS_PER_BUDGET + 1             # three budgets' worth of seats
    assert frames_taken(budgets, "b", many) == (BURST, {"limit": 3 * FRAMES_PER_SECOND})
    # the burst spent without a refusal, half a second later: three budgets' half second
    for seats, conn in ((1, "one"), (many, "many")):
        assert all(budgets.flooding(conn, 10.0, seats) is None for _ in range(BURST))
    assert frames_taken(budgets, "one", 1, now=10.5)[0] == FRAMES_PER_SECOND // 2
    assert frames_taken(budgets, "many", many, now=10.5)[0] == 3 * FRAMES_PER_SECOND // 2


def test_moves_are_bounded_per_seat_other_kinds_per_connection():
    budgets = InboundBudgets(lambda: 1.0)
    rate, burst = REQUEST_RATES[ids.PROPOSE]

    def moves(conn: str, seats: int, now: float = 5.0) -> int:
        return next(n for n in range(100 * burst)
                    if budgets.too_many(conn, ids.PROPOSE, now, seats) is not None)

    assert moves("one", 1) == moves("none", 0) == moves("three", 3) == burst
    # a second later: a second's worth of moves for each seat
    assert moves("one", 1, 6.0) == moves("none", 0, 6.0) == int(rate)
    assert moves("three", 3, 6.0) == 3 * int(rate)
    assert budgets.too_many("one", ids.PROPOSE, 5.0, 1) == {
        "kind": ids.PROPOSE, "limit": budgets.requests["one"].limit(ids.PROPOSE, 1)}
    budgets.forget("one")
    assert "one" not in budgets.requests and budgets.too_many("one", ids.PROPOSE, 5.0, 1) is None

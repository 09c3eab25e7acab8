"""``Redial`` on its own, against a fake link (no endpoint, no network): an outage is tried
again with growing delays and given up once it lasted ``limit`` seconds; a welcome ends it and
the next one starts from the first delay again; only refusals another try mends are passed
over; the hello claims our seat token once welcomed, the first claim before; a handshake
without a welcome counts as a lost link after ``Timings.handshake``."""

from net.protocol import messages as ids
from net.session.redialing import Redial
from net.transport.backoff import Backoff
from net.transport.timing import Timings


class FakeLink:
    """What ``Redial`` reads of a joiner: a lobby not welcomed yet, at a known address."""

    def __init__(self) -> None:
        self.phase = "connecting"
        self.pid = -1
        self.token = ""
        self.address = ("10.0.0.2", 4567)
        self.match = None
        self.timings = Timings(handshake=2.0)
        self.now = 100.0
        self.calls: list[tuple] = []

    def clock(self) -> float:
        return self.now

    def redial(self, limit: float = 0.0, first_token: str = "") -> Redial:
        record = self.calls.append
        return Redial(self, first_token=first_token,
                      end=lambda code, args: record(("end", code, args)),
                      emit=lambda event, **fields: record((event, fields)),
                      hang_up=lambda: record(("hang_up",)), limit=limit,
                      backoff=Backoff(first=1.0, cap=4.0, jitter=0.0))


def _delays(link: FakeLink) -> list:
    return [fields["delay"] for event, *rest in link.calls if event == "retrying"
            for fields in rest]


def test_a_lost_link_is_tried_again_with_growing_delays_and_given_up_after_the_limit():
    link = FakeLink()
    redial = link.redial(limit=5.0)
    redial.connected()
    redial.link_lost(ids.R_CONNECTION_RESET)
    assert redial.offline and not redial.awaiting_welcome
    assert link.calls[0] == ("hang_up",)
    assert link.calls[1] == ("retrying", {"code": ids.R_CONNECTION_RESET,
                                          "args": {"address": "10.0.0.2:4567"},
                                          "delay": 1.0, "attempt": 1})
    assert not redial.due()
    link.now += 1.0
    assert redial.due()                          # the transport dials again now
    redial.failed("connection refused")
    link.now += 2.0
    redial.failed("connection refused")
    assert _delays(link) == [1.0, 2.0, 2.0]      # the last one cut to what the limit leaves
    link.now += 2.0                              # 5 s since the link was lost
    redial.failed("connection refused")
    assert link.calls[-1] == ("end", ids.R_UNREACHABLE,
                              {"detail": "connection refused", "address": "10.0.0.2:4567",
                               "gave_up": 5})
    assert redial.redials == 3


def test_a_welcome_ends_the_outage_and_the_next_one_starts_from_the_first_delay():
    link = FakeLink()
    redial = link.redial(limit=30.0)
    redial.link_lost(ids.R_HUNG_UP)
    link.now += 1.0
    redial.failed("refused")
    link.now += 2.0
    redial.connected()
    redial.restored([1, 2])
    assert link.calls[-1] == ("rejoined", {"seats": [1, 2], "attempt": 2})
    assert redial.lost_since is None and not redial.awaiting_welcome
    link.now += 60.0                             # long after: a new outage, a new limit
    redial.link_lost(ids.R_CONNECTION_LOST)
    assert _delays(link) == [1.0, 2.0, 1.0]
    assert not any(call[0] == "end" for call in link.calls)


def test_without_a_limit_or_after_a_welcome_out_of_game_a_lost_link_ends_at_once():
    link = FakeLink()
    link.redial(limit=0.0).link_lost(ids.R_CONNECTION_RESET)
    assert link.calls == [("end", ids.R_CONNECTION_RESET, {"address": "10.0.0.2:4567"})]
    link = FakeLink()
    redial = link.redial(limit=10.0)
    redial.in_game = False                       # only a handshake is tried again
    link.pid = 3
    redial.link_lost(ids.R_CONNECTION_LOST)
    assert link.calls == [("end", ids.R_CONNECTION_LOST, {"address": "10.0.0.2:4567"})]
    link = FakeLink()
    link.redial(limit=10.0).link_lost(ids.R_BAD_TOKEN)     # not a lost link: not retried
    assert link.calls[0][0] == "end"


def test_only_refusals_that_another_try_mends_are_passed_over():
    link = FakeLink()
    assert not link.redial(limit=0.0).refusal_is_passing(ids.R_TRY_LATER)   # no redialing
    redial = link.redial(limit=10.0)
    assert redial.refusal_is_passing(ids.R_TRY_LATER) and redial.refusal_is_passing(ids.R_BUSY)
    assert not redial.refusal_is_passing(ids.R_TIMEOUT)    # before any welcome
    assert not redial.refusal_is_passing(ids.R_FULL)       # a first hello: the table is full
    link.pid, link.token, link.phase = 4, "seat-token", "lobby"
    assert redial.refusal_is_passing(ids.R_TIMEOUT)        # dropped while our link stalled
    redial.link_lost(ids.R_CONNECTION_RESET)
    assert redial.refusal_is_passing(ids.R_FULL)           # our old seat not freed yet
    link.match = object()
    assert not redial.refusal_is_passing(ids.R_FULL)       # a game runs: it is final


def test_the_hello_claims_the_seat_token_once_welcomed_until_the_lobby_forgets_it():
    link = FakeLink()
    redial = link.redial(limit=10.0, first_token="r:abc:2")
    assert redial.hello_token() == "r:abc:2"               # not welcomed yet: the first claim
    link.pid, link.token, link.phase = 4, "seat-token", "lobby"
    assert redial.hello_token() == "seat-token"
    redial.link_lost(ids.R_CONNECTION_RESET)
    assert redial.refusal_is_passing(ids.R_BAD_TOKEN)      # the lobby forgot our seat once
    assert redial.hello_token() == "r:abc:2"               # ... so we claim anew
    assert not redial.refusal_is_passing(ids.R_BAD_TOKEN)  # twice: it is final
    redial.restored([0])
    assert redial.hello_token() == "seat-token"


def test_a_handshake_without_a_welcome_counts_as_lost_after_its_time():
    link = FakeLink()
    redial = link.redial(limit=0.0)
    assert not redial.handshake_tick(link.now, link.now)   # no hello out: tick goes on
    assert redial.wake(link.now) is None
    redial.connected()
    heard = link.now
    assert redial.wake(heard) == heard + 2.0
    link.now += 2.0
    assert redial.handshake_tick(link.now, heard) and link.calls == []
    link.now += 0.5
    assert redial.handshake_tick(link.now, heard)
    assert link.calls == [("end", ids.R_NO_ANSWER, {"address": "10.0.0.2:4567"})]

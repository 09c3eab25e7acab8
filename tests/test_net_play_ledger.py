"""``PlayLedger`` (a joiner's bookkeeping of lockstep play) on its own: no endpoint, no network,
a fake clock and a list for what it sends. A proposal keeps its nonce when it is resent (the
host drops a repeat by it) and carries the fair table's card; a refusal drops only the
proposal it names; the catch-up GET waits ``retry`` between asks and is not sent by a broken
replica; the host's seat commands apply in their order whatever order they came in; the end
is news once per final hash; what came early is handed back once, in order."""

from net.protocol import messages as ids
from net.table.ledger import PlayLedger


class Fake:
    def __init__(self) -> None:
        self.now = 10.0
        self.sent: list[dict] = []
        self.played: dict[int, str] = {}

    def ledger(self) -> PlayLedger:
        return PlayLedger(clock=lambda: self.now, send=self.sent.append,
                          played=self.played.get)


def test_a_proposal_is_numbered_resent_with_its_nonce_and_dropped_once_applied():
    fake = Fake()
    ledger = fake.ledger()
    ledger.send_proposal(0, {"t": ids.PROPOSE, "s": 0, "m": "a1"})
    fake.played[1] = "card"
    ledger.send_proposal(1, {"t": ids.PROPOSE, "s": 1, "m": "b2", "cp": "card"})
    assert [m["n"] for m in fake.sent] == [1, 2]
    assert list(fake.sent[1]) == ["t", "s", "m", "cp", "n"]     # the wire's key order
    assert ledger.in_flight(0) and ledger.busy_seats() == {0, 1}
    fake.sent.clear()
    fake.now = 10.4
    ledger.resend_lost(fake.now, retry=0.5)
    assert fake.sent == []                    # not yet lost
    fake.now = 10.5
    ledger.resend_lost(fake.now, retry=0.5)
    assert fake.sent == [{"t": ids.PROPOSE, "s": 0, "m": "a1", "n": 1},
                         {"t": ids.PROPOSE, "s": 1, "m": "b2", "n": 2, "cp": "card"}]
    fake.sent.clear()
    ledger.resend_lost(10.9, retry=0.5)
    assert fake.sent == []                    # the resend restarted its wait
    assert ledger.retry_times(0.5, seq=3, gap=False) == [11.0, 11.0]
    ledger.resend_lost(11.0, retry=0.5)
    assert [m["n"] for m in fake.sent] == [1, 2]     # the same nonces again
    assert ledger.proposal_refused(1, nonce=2) == ("b2", True)
    ledger.answered(0)
    assert not ledger.in_flight(0) and not ledger.in_flight(1)


def test_a_refusal_drops_only_the_proposal_it_names():
    fake = Fake()
    ledger = fake.ledger()
    ledger.send_proposal(2, {"t": ids.PROPOSE, "s": 2, "m": "x"})
    ledger.send_proposal(2, {"t": ids.PROPOSE, "s": 2, "m": "y"})       # nonce 2 replaces 1
    assert ledger.proposal_refused(2, nonce=1) == ("y", False)             # an old refusal
    assert ledger.in_flight(2)
    assert ledger.proposal_refused(2, nonce=2) == ("y", True)
    assert not ledger.in_flight(2)
    assert ledger.proposal_refused(2, nonce=2) == ("", False)


def test_the_catch_up_asks_once_per_retry_and_not_when_broken():
    fake = Fake()
    ledger = fake.ledger()
    ledger.catch_up(10.0, 0.5, seq=4, gap=False, broken=False)
    assert fake.sent == []                    # not behind
    ledger.host_reaches(7)
    ledger.host_reaches(5)                           # an older beat does not move it back
    assert ledger.host_seq == 7
    ledger.catch_up(10.0, 0.5, seq=4, gap=False, broken=True)
    assert fake.sent == []                    # a broken replica waits for the host's log
    ledger.catch_up(10.0, 0.5, seq=4, gap=False, broken=False)
    ledger.catch_up(10.3, 0.5, seq=4, gap=False, broken=False)
    assert fake.sent == [{"t": ids.GET, "q": 5}]
    assert ledger.retry_times(0.5, seq=4, gap=False) == [10.5]
    ledger.catch_up(10.5, 0.5, seq=4, gap=True, broken=True)      # a gap asks even so
    assert fake.sent[-1] == {"t": ids.GET, "q": 5} and len(fake.sent) == 2
    assert ledger.retry_times(0.5, seq=7, gap=False) == []


def test_seat_commands_apply_in_order_once_and_drop_that_seats_proposal():
    fake = Fake()
    ledger = fake.ledger()
    ledger.send_proposal(1, {"t": ids.PROPOSE, "s": 1, "m": "m"})
    assert ledger.take_command(1, [9, ids.CMD_BACK, 1, ""]) == []     # ahead of its turn
    assert ledger.take_command(0, [5, ids.CMD_BOT, 1, "random"]) == [
        (1, ids.CMD_BOT, "random"), (1, ids.CMD_BACK, "")]
    assert ledger.commands == [[5, ids.CMD_BOT, 1, "random"], [9, ids.CMD_BACK, 1, ""]]
    assert ledger.bot_controlled == set() and not ledger.in_flight(1)
    assert ledger.take_command(0, [5, ids.CMD_BOT, 1, "random"]) == []     # a resend
    assert ledger.command_buffer == {}        # not kept: it was applied
    assert ledger.take_command(2, [12, ids.CMD_BOT, 0, "easy"]) == [(0, ids.CMD_BOT, "easy")]
    assert ledger.busy_seats() == {0}
    ledger.start_over()                          # a sync: the host's log comes again
    assert ledger.commands == [] and ledger.bot_controlled == set()
    assert ledger.take_command(0, [5, ids.CMD_BOT, 1, "random"]) == [(1, ids.CMD_BOT, "random")]


def test_the_end_is_news_once_per_final_hash_and_its_paperwork_waits():
    fake = Fake()
    ledger = fake.ledger()
    assert ledger.end_papers_ready("playing", 0.3)
    assert ledger.end_reached("playing", "aa")
    assert ledger.over_at == 10.0 and ledger.netlog_due
    assert ledger.take_netlog() and not ledger.take_netlog()
    fake.now = 10.2
    assert not ledger.end_reached("over", "aa")         # told already
    assert not ledger.end_papers_ready("over", 0.3)
    assert ledger.paperwork_due("over", True, 0.3) == [10.3]
    assert ledger.paperwork_due("over", False, 0.3) == []
    assert ledger.end_reached("over", "bb")             # a late repair changed the end
    assert ledger.over_at == 10.0 and ledger.netlog_due   # measured from the first time
    fake.now = 10.3
    assert ledger.end_papers_ready("over", 0.3)


def test_what_came_early_is_handed_back_once_in_order():
    ledger = Fake().ledger()
    ledger.early += [{"t": "M", "q": 1}, {"t": "M", "q": 2}]
    assert [m["q"] for m in ledger.take_early()] == [1, 2]
    assert ledger.take_early() == []
    ledger.moves_applied()
    assert ledger.applied_at == 10.0

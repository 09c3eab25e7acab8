"""``HashReports`` on its own (no endpoint, no network): a small table reports every hashed
move at once; a big one keeps only the newest report, sent at most at ``REPORT_RATE`` a second
after a burst (``force``: at once); a broken state is reported with a hash that cannot match."""

from net.fair.peer import BROKEN_HASH
from net.protocol import messages as ids
from net.table.reports import REPORT_BURST, REPORT_RATE, SMALL_TABLE, HashReports


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def _reports(first: int, count: int) -> list[tuple[int, str]]:
    return [(seq, f"{seq:064x}") for seq in range(first, first + count)]


def test_a_small_table_reports_every_hashed_move_at_once():
    sent, clock = [], Clock()
    reports = HashReports(clock, sent.append)
    reports.queue(_reports(1, 3), SMALL_TABLE)
    assert [(m["t"], m["q"], m["h"]) for m in sent] == [
        (ids.HASH, seq, bytes.fromhex(digest)) for seq, digest in _reports(1, 3)]
    assert reports.unsent is None and reports.newest_due() is None


def test_a_big_table_sends_only_the_newest_report_within_its_rate():
    sent, clock = [], Clock()
    reports = HashReports(clock, sent.append)
    reports.queue(_reports(1, 5), SMALL_TABLE + 1)
    reports.queue([], SMALL_TABLE + 1)           # nothing new: the kept one stays
    assert sent == [] and reports.unsent == (5, f"{5:064x}")
    reports.send_newest()
    assert [m["q"] for m in sent] == [5] and reports.unsent is None
    for seq in range(6, 6 + REPORT_BURST - 1):   # the rest of the burst
        reports.queue(_reports(seq, 1), 32)
        reports.send_newest()
    assert len(sent) == REPORT_BURST
    reports.queue(_reports(40, 2), 32)
    reports.send_newest()                        # the burst is spent: it waits
    assert len(sent) == REPORT_BURST and reports.newest_due() == clock.now + 1 / REPORT_RATE
    clock.now += 1.5 / REPORT_RATE              # (past the due time: no float edge)
    reports.send_newest()
    assert sent[-1]["q"] == 41 and len(sent) == REPORT_BURST + 1
    reports.queue(_reports(50, 1), 32)
    reports.send_newest(force=True)              # the game's end: now, whatever the rate
    assert sent[-1]["q"] == 50
    reports.queue(_reports(60, 1), None)         # no game known yet: kept as at a big table
    assert reports.unsent == (60, f"{60:064x}")


def test_a_broken_state_is_reported_with_a_hash_that_cannot_match():
    sent, clock = [], Clock()
    reports = HashReports(clock, sent.append)
    clock.now = 12.5
    reports.broken(7)
    assert sent == [{"t": ids.HASH, "q": 8, "h": bytes.fromhex(BROKEN_HASH)}]
    assert reports.broken_at == 12.5

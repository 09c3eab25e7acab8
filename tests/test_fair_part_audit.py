"""``AuditStep`` (net.fair.audit_step) on its own, against a fake table (no FairTable, no
cryptography): a secret counts only once the game is finished, from a dealer, once; the audit
runs once, only when every dealer still at the table has shown its secret and every departed
one's key is rebuilt, or waits for ``finish`` when deferred; a game whose audit cannot run is
void, naming the dealers whose secret is missing."""

from types import SimpleNamespace

import pytest

from net.fair.audit_step import AuditStep, Verdict
from net.fair.dues import SECRET
from net.fair.errors import FairError


class FakeTable:
    def __init__(self) -> None:
        self.dealers = (0, 1, 2)
        self.match = SimpleNamespace()
        self.finished = False
        self.departed: list = []
        self.recovered: dict = {}
        self.recovered_secrets: dict = {}

    @property
    def active(self):
        return tuple(d for d in self.dealers if d not in self.departed)


class CountingAudit(AuditStep):
    runs = 0

    def run(self) -> Verdict:
        self.runs += 1
        return Verdict(True)


def secret(seat: int) -> dict:
    return {"kind": SECRET, "seat": seat, "secret": bytes([seat]) * 32}


def test_a_secret_counts_only_at_the_end_from_a_dealer_once():
    table = FakeTable()
    ending = CountingAudit(table)
    with pytest.raises(FairError):
        ending.take_secret(secret(0))           # the game is not over
    table.finished = True
    ending.take_secret(secret(0))
    for bad in (secret(0), secret(7)):          # again, or from a machine that deals nothing
        with pytest.raises(FairError):
            ending.take_secret(bad)
    assert list(ending.secrets) == [0] and ending.verdict is None


def test_the_audit_runs_once_every_secret_and_rebuilt_key_is_in():
    table = FakeTable()
    table.finished = True
    table.departed = [2]
    ending = CountingAudit(table)
    ending.take_secret(secret(0))
    ending.take_secret(secret(1))
    assert ending.runs == 0                     # dealer 2 left: its key is not rebuilt yet
    table.recovered[2] = 5
    ending.when_complete()
    ending.when_complete()
    assert ending.runs == 1 and ending.verdict == Verdict(True)


def test_a_deferred_audit_waits_for_finish():
    table = FakeTable()
    table.finished = True
    ending = CountingAudit(table)
    ending.defer = True
    for seat in table.dealers:
        ending.take_secret(secret(seat))
    assert ending.due and ending.runs == 0 and ending.verdict is None
    assert ending.finish() and not ending.finish()
    assert ending.runs == 1


def test_a_game_whose_audit_cannot_run_is_void_naming_the_missing_secrets():
    table = FakeTable()
    ending = CountingAudit(table)
    assert ending.void() is None                # not over: nothing to void
    table.finished = True
    table.departed = [1, 2]
    table.recovered_secrets[2] = b"x"           # its secret was rebuilt: not missing
    ending.take_secret(secret(0))
    verdict = ending.void()
    assert verdict.kind == "unaudited" and verdict.cheaters == (1,) and not verdict.fair
    assert ending.void() is None and ending.runs == 0

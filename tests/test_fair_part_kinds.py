"""``ChanceKinds`` (net.fair.kinds) on its own, against a fake table (no FairTable, no
cryptography): only the hand's own machine answers an attest, once; its answer is queued once;
a returned card goes under its pile with a derived Returned record; a show waits for every
card it names."""

from types import SimpleNamespace

import pytest

from game.rules.fairplay.records import CardPlayed, Returned
from net.fair.errors import FairError
from net.fair.kinds import ATTEST, ChanceKinds
from net.fair.positions import Positions


class FakeTable:
    def __init__(self, me: int = 1) -> None:
        self.me = me
        self.seat_dealers = [0, 1]
        self.recovered: dict = {}
        self.departed: list = []
        self.secrets: dict = {}
        self.public_seed = 1
        self.owed_done: set = set()
        self.sent: list = []
        self.derived: list = []
        pile = SimpleNamespace(opening=SimpleNamespace(seats=(0, 1), attempt=2), draws={})
        self.transcript = SimpleNamespace(piles={"tiles": pile},
                                          public_card=lambda pile, position: None)
        self.positions = Positions(self)
        self.game = SimpleNamespace(attest=lambda state, request: (1,),
                                    clone=lambda state: state)
        self.match = SimpleNamespace(state="state", pending_chance=lambda: self.request)
        self.request = None

    def queue(self, record) -> None:
        self.sent.append(record)

    def append_derived(self, record) -> None:
        self.derived.append(record)


def request(kind: str, seat: int = 1, count: int = 1):
    return SimpleNamespace(kind=kind, pile="tiles", seat=seat, count=count)


def test_only_the_hands_own_machine_answers_once():
    table = FakeTable(me=1)
    kinds = ChanceKinds(table)
    table.request = request("attest")
    step = kinds.open(table.request, "key")
    assert step == ("attest", "tiles", (), 1, "key") and kinds.awaits_answer_from(step, 1)
    kinds.owe(step)
    kinds.owe(step)
    assert table.sent == [{"kind": ATTEST, "seat": 1, "answer": 1}]
    with pytest.raises(FairError):
        kinds.take_attest(step, {"kind": ATTEST, "seat": 0, "answer": 0})   # not its hand
    assert kinds.complete(step, table.request) is None                      # not in yet
    kinds.take_attest(step, {"kind": ATTEST, "seat": 1, "answer": 0})
    with pytest.raises(FairError):
        kinds.take_attest(step, {"kind": ATTEST, "seat": 1, "answer": 1})   # only once
    assert kinds.complete(step, table.request) == (0,) and len(kinds.attests) == 1


def test_a_returned_card_goes_under_its_pile_with_a_derived_record():
    table = FakeTable()
    kinds = ChanceKinds(table)
    table.positions.held["tiles"] = {1: [3]}
    step = kinds.open(request("return"), "key")
    assert kinds.complete(step, request("return")) == ()
    assert table.derived == [Returned("tiles", 2, 3)]
    assert table.positions.bottom["tiles"] == [3] and table.positions.returning["tiles"] == 1
    with pytest.raises(FairError):       # it holds none now: nothing to return
        kinds.complete(step, request("return"))


def test_a_show_waits_for_every_card_it_names():
    table = FakeTable(me=1)
    kinds = ChanceKinds(table)
    table.positions.held["tiles"] = {1: [3, 4]}
    table.positions.known.update({("tiles", 3): 7, ("tiles", 4): 8})
    table.request = request("show", count=2)
    step = kinds.open(table.request, "key")
    kinds.owe(step)
    assert table.sent == [CardPlayed("tiles", 3, 1, 7), CardPlayed("tiles", 4, 1, 8)]
    kinds.take_shown(step, table.sent[0])
    assert kinds.complete(step, table.request) is None
    kinds.take_shown(step, table.sent[1])
    assert kinds.complete(step, table.request) == (7, 8)
    with pytest.raises(FairError):
        kinds.take_shown(step, table.sent[1])        # named twice

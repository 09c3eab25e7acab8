"""``FairJoin`` on its own, against a fake endpoint and a fake driver (no endpoint, no
network): a relayed record reaches the driver only when it is its dealer's own word (else the
host is named, never the dealer); a move the driver refuses is the host's fault; the host's
aborts count only once every key was committed, and past the limit we leave; our secret
waits for the end's paperwork; our sent records are acknowledged when the stream shows them;
a card played is kept for a resend."""

from types import SimpleNamespace

import pytest

from game.rules.core import IllegalMove
from game.rules.fairplay.group import generator_power
from net.fair.deal import FairError
from net.fair.decks import relay_form
from net.fair.dues import SECRET
from net.fair.join import FAIR_ABORT_LIMIT, FairJoin
from net.fair.share_proof import ShareProofs
from net.fair.signing import RELAY, FrameSigner, SignerBook
from net.protocol import messages as ids

TABLE = "table-7"


class FakeDriver:
    """A ``FairReplica`` that notes what reaches it."""

    def __init__(self, dealers=(1, 2), committed=0) -> None:
        self.taken: list[tuple] = []
        self.outbox: list = []
        self.match = None
        self.fair = SimpleNamespace(
            me=1, dealers=list(dealers), unproved_shares=set(),
            transcript=SimpleNamespace(key_commitments=list(range(committed))),
            intend=self.intend, card_for=self.card_for)
        self.refuse: FairError | None = None

    def record(self, index, plain):
        self.taken.append(("record", index, plain))
        return [("applied", index)]

    def receive(self, seq, seat, move, played):
        if self.refuse is not None:
            raise self.refuse
        self.taken.append(("move", seq, seat, move, played))
        return [(seq, seat, move, [])]

    def take_outbox(self):
        out, self.outbox = self.outbox, []
        return out

    def intend(self, seat, text):
        if text == "not mine":
            raise FairError("fair_card", 1)
        return "public " + text

    def card_for(self, seat, text):
        return None if text == "move" else SimpleNamespace(position=3, card=17)


class FakeSeat:
    """What ``FairJoin`` reads of a joiner."""

    def __init__(self) -> None:
        self.pid, self.token, self.seats = 1, "tok", [0]
        self.phase = "playing"
        self.autosaver = None
        self.persistence = None
        self.match = None
        self.ready = False
        self.calls: list[tuple] = []

    def paperwork_ready(self) -> bool:
        return self.ready

    def part(self, driver: FakeDriver) -> FairJoin:
        record = self.calls.append
        part = FairJoin(self, secret=lambda: b"\x01" * 32,
                        send=lambda message: record(("send", message)),
                        emit=lambda event, **fields: record((event, fields)),
                        fail=lambda code, args: record(("fail", code, args)))
        part.replica = driver
        part.book = SignerBook(TABLE, FrameSigner(b"\x01" * 32, TABLE, 1))
        part.proofs = ShareProofs(TABLE)
        return part


def _relayed(plain: dict, signer: FrameSigner, index: int = 4) -> dict:
    return {"t": ids.FAIR, "i": index, "r": plain, **signer.fields(plain)}


def test_a_relayed_record_reaches_the_driver_only_as_its_dealers_own_word():
    seat, driver = FakeSeat(), FakeDriver()
    part = seat.part(driver)
    dealer = FrameSigner(b"\x02" * 32, TABLE, 2)
    plain = {"kind": "KeyCommitted", "seat": 2, "c": b"x" * 32}
    assert part.take_record(_relayed(plain, dealer)) == [("applied", 4)]
    assert driver.taken == [("record", 4, plain)]
    # nothing sent or failed; every dealer's key is fixed now: the table code, said once
    assert [call[0] for call in seat.calls] == ["table_code"]
    seat.calls.clear()
    # changed on the way, its signature kept: the host is named, not the dealer
    changed = _relayed(plain, dealer, 5)
    changed["r"] = dict(plain, c=b"y" * 32)
    assert part.take_record(changed) is None
    assert driver.taken == [("record", 4, plain)]
    assert seat.calls[-1] == ("fail", "fair_relay_forged",
                              {"peer": RELAY, "of": 2, "detail": "signature"})
    # signed by another key in the dealer's name
    seat.calls.clear()
    forger = FrameSigner(b"\x09" * 32, TABLE, 2)
    assert part.take_record(_relayed(dict(plain, c=b"z" * 32), forger, 6)) is None
    assert seat.calls[-1] == ("fail", "fair_relay_forged",
                              {"peer": RELAY, "of": 2, "detail": "key"})
    assert len(driver.taken) == 1


def test_a_move_the_driver_refuses_is_blamed_on_the_host_that_sequenced_it():
    seat, driver = FakeSeat(), FakeDriver()
    part = seat.part(driver)
    move = {"t": ids.MOVE, "q": 7, "s": 1, "m": "A1", "cp": None}
    assert part.take_move(move) == [(7, 1, "A1", [])]
    driver.refuse = FairError("fair_card", 2, pile="tiles")
    assert part.take_move(dict(move, q=8)) is None
    assert seat.calls[0] == ("fair_caught", {"code": "fair_card",
                                             "args": {"pile": "tiles", "peer": RELAY, "of": 2}})
    assert seat.calls[1] == ("fail", "fair_card", {"pile": "tiles", "peer": RELAY, "of": 2})


def test_aborts_count_once_every_key_was_committed_and_past_the_limit_we_leave():
    seat = FakeSeat()
    abort = {"t": ids.ABORT, "c": ids.R_TIMEOUT, "a": {}}
    part = seat.part(FakeDriver(committed=1))
    part.secret = b"\x05" * 32
    assert not part.aborted(abort)               # a key still owed: a free abort
    assert part.replica is None and part.secret is None and part.aborts == 0
    for count in range(1, FAIR_ABORT_LIMIT + 2):
        part.replica = FakeDriver(committed=2)
        assert part.aborted(abort)
        assert part.aborts == count
        assert seat.calls[-1 if count <= FAIR_ABORT_LIMIT else -2] == (
            "seeding_aborted", {"code": "fair_abort_counted", "cause": ids.R_TIMEOUT,
                                "args": {"count": count, "limit": FAIR_ABORT_LIMIT}})
    assert seat.calls[-1] == ("fail", "fair_abort_limit",
                              {"count": FAIR_ABORT_LIMIT + 1, "limit": FAIR_ABORT_LIMIT})
    assert sum(call[0] == "fail" for call in seat.calls) == 1


def test_our_secret_waits_for_the_ends_paperwork_other_records_go_at_once():
    seat, driver = FakeSeat(), FakeDriver()
    part = seat.part(driver)
    part.signer = None                           # a spectator's records go unsigned
    secret = {"kind": SECRET, "seat": 1, "x": b"s" * 32}
    other = {"kind": "Attested", "seat": 1}
    driver.outbox = [secret, other]
    part.owe()
    assert [call[1]["r"] for call in seat.calls] == [other]
    seat.phase = "over"                          # the last move: still the others' time
    part.send_owed()
    assert len(seat.calls) == 1 and part.owed == [secret]
    seat.ready = True
    part.send_owed()
    assert [call[1]["r"] for call in seat.calls] == [other, secret] and part.owed == []
    part.hold = True                             # a catch-up on its way: owe nothing yet
    driver.outbox = [other]
    part.owe()
    assert len(seat.calls) == 2


def test_our_records_are_acknowledged_when_the_stream_shows_them():
    seat, driver = FakeSeat(), FakeDriver()
    part = seat.part(driver)
    mine = FrameSigner(b"\x01" * 32, TABLE, 1)
    part.signer = mine
    deck = [[generator_power(n), generator_power(n + 1)] for n in (2, 5)]
    shuffle = {"kind": "Shuffled", "seat": 1, "p": "tiles", "k": deck}
    attest = {"kind": "Attested", "seat": 1}
    driver.outbox = [shuffle, attest]
    part.owe()
    assert part.unacked == [shuffle, attest]
    digest = relay_form(shuffle)                 # relayed to us as its digest
    assert part.take_record(_relayed(digest, mine, 9)) is not None
    assert part.unacked == [attest]
    assert part.take_record(_relayed(dict(attest, at=3), mine, 10)) is not None
    assert part.unacked == []


def test_a_card_played_is_kept_for_a_resend_and_a_card_not_in_hand_is_refused():
    seat, driver = FakeSeat(), FakeDriver()
    part = seat.part(driver)
    text, played = part.public_proposal(0, "B2")
    assert text == "public B2" and played == [3, 17] and part.played == {0: [3, 17]}
    assert part.public_proposal(1, "move") == ("public move", None) and 1 not in part.played
    with pytest.raises(IllegalMove):
        part.public_proposal(0, "not mine")

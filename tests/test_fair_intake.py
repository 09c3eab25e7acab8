"""The fair table's record intake (net.fair.deal, net.fair.plain): every record of the stream reaches the part
that takes it through one table of functions (the driver's own records by kind, the cipher
records by class), and a record's plain form is checked by one table of checks. Every kind has
both; a malformed record is refused with ``fair_malformed``, never a traceback, whatever its
``kind`` holds."""

from __future__ import annotations

import pytest

from game.rules import get_game
from game.rules.fairplay.records import CardPlayed, KeyCommitted, PileOpened
from net.fair.deal import DRIVER_INTAKE, FairError, FairTable
from net.fair.plain import DRIVER_CHECKS, DRIVER_RECORDS, record_from_plain
from net.fair.dues import SECRET
from net.fair.escrow import DEPART, ESCROW, KEY_SHARE, SHARE_BYTES
from net.fair.kinds import ATTEST
from net.fair.late_shuffle import SHUFFLE_OVERDUE, take_shuffle_overdue
from net.fair.rescue import OVERDUE, ROLL_PART
from net.fair.share_rescue import SHARE_OVERDUE, SHARE_PART

METRO = get_game("metro")


class Taker:
    """A part that records what it is asked to take."""

    def __init__(self, name: str, calls: list) -> None:
        self.name = name
        self.calls = calls
        self.escrows: dict = {}        # what the table reads of its departures part

    def __getattr__(self, method: str):
        if not method.startswith("take_"):
            raise AttributeError(method)
        return lambda *args: self.calls.append((self.name, method, kind_of(args[-1])))


def kind_of(record) -> str:
    return record["kind"] if isinstance(record, dict) else type(record).__name__


def table_of_takers() -> tuple[FairTable, list]:
    fair = FairTable(METRO, METRO.make_config(2), [0, 1], me=0)
    calls: list = []
    for part in ("ending", "departures", "kinds", "rescue", "share_rescue"):
        setattr(fair, part, Taker(part, calls))
    return fair, calls


def test_every_driver_record_has_a_check_and_a_taker():
    assert set(DRIVER_RECORDS) == set(DRIVER_CHECKS) == set(DRIVER_INTAKE)
    assert DRIVER_INTAKE[SHUFFLE_OVERDUE] is take_shuffle_overdue
    assert all(callable(take) for take in DRIVER_INTAKE.values())


def test_each_driver_record_reaches_its_part_and_is_kept():
    where = {SECRET: ("ending", "take_secret"), ESCROW: ("departures", "take_escrow"),
             DEPART: ("departures", "take_depart"), KEY_SHARE: ("departures", "take_key_share"),
             ATTEST: ("kinds", "take_attest"), OVERDUE: ("rescue", "take_overdue"),
             ROLL_PART: ("rescue", "take_part"), SHARE_OVERDUE: ("share_rescue", "take_overdue"),
             SHARE_PART: ("share_rescue", "take_part")}
    for kind, (part, method) in where.items():
        fair, calls = table_of_takers()
        record = {"kind": kind, "seat": 1}
        fair.publish(record)              # a dict of a driver kind is taken as it is
        fair.pump()
        assert calls == [(part, method, kind)], kind
        assert fair.published == [record], kind


def test_cipher_records_by_class():
    fair = FairTable(METRO, METRO.make_config(2), [0, 1], me=0)
    fair.publish(PileOpened("tiles", 0, (0, 1), ()))
    with pytest.raises(FairError) as opened:
        fair.pump()
    assert opened.value.code == "fair_opening_sent"
    fair.drop_inbox()
    fair.publish(CardPlayed("tiles", 0, 1, 3))             # no show step is open
    with pytest.raises(FairError) as played:
        fair.pump()
    assert played.value.code == "fair_out_of_turn"
    fair.drop_inbox()
    fair.publish(KeyCommitted(5, b"k" * 32))               # 5 deals nothing here
    with pytest.raises(FairError) as stranger:
        fair.pump()
    assert stranger.value.code == "fair_not_dealer" and fair.published == []
    fair.drop_inbox()
    fair.publish(KeyCommitted(1, b"k" * 32))               # a dealer's key: in the transcript
    fair.pump()
    assert fair.published == [KeyCommitted(1, b"k" * 32)]
    assert fair.transcript.key_commitments[1] == b"k" * 32


def test_a_card_named_in_a_show_goes_to_the_kinds_part():
    fair, calls = table_of_takers()
    fair.machine.step = ("show", "tiles", (0,), 1, "key")
    fair.publish(CardPlayed("tiles", 0, 1, 3))
    fair.pump()
    assert calls == [("kinds", "take_shown", "CardPlayed")]
    assert fair.published == [CardPlayed("tiles", 0, 1, 3)]


@pytest.mark.parametrize("plain", [
    {"kind": ["Secret"], "seat": 1},                       # a kind that cannot be hashed
    {"kind": {"a": 1}, "seat": 1},
    {"kind": SECRET, "seat": 1, "secret": b"short"},
    {"kind": SECRET, "seat": -1, "secret": b"s" * 32},
    {"kind": ESCROW, "seat": 1, "shares": "no"},
    {"kind": DEPART, "seat": 1, "of": 2, "at": -3},          # the host's stamp is a seq
    {"kind": KEY_SHARE, "seat": 1, "of": 2, "share": b"x" * SHARE_BYTES, "at": "x"},
    {"kind": KEY_SHARE, "seat": 1, "of": 2, "share": b"x"},
    {"kind": ATTEST, "seat": 1, "answer": 2},
    {"kind": OVERDUE, "seat": 1},
])
def test_a_malformed_record_is_refused_with_a_reason(plain):
    with pytest.raises(FairError) as refused:
        record_from_plain(plain)
    assert refused.value.code == "fair_malformed"


def test_well_formed_driver_records_pass_their_check():
    share = b"x" * SHARE_BYTES
    for plain in ({"kind": SECRET, "seat": 1, "secret": b"s" * 32},
                  {"kind": ESCROW, "seat": 1, "shares": []},
                  {"kind": DEPART, "seat": 0, "of": 2, "at": 7},
                  {"kind": KEY_SHARE, "seat": 1, "of": 2, "share": share},
                  {"kind": KEY_SHARE, "seat": 1, "of": 2, "share": share, "at": 4},
                  {"kind": ATTEST, "seat": 1, "answer": 0}):
        assert record_from_plain(plain) == plain

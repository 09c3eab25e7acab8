"""A headless host's rule for a fair table stalled on one machine's answer (game.cli.stalls):
after ``--wait-limit`` seconds on the same move its bot plays that machine's seats, as for a
player who dropped out; a wait for a rebuild's parts is never handed over; nobody is named
a withholder. Played against the real endpoints over the in-memory network, with the host
dropping an honest answer for good (the worst case: no answer ever comes)."""

import pytest

from game.cli.stalls import StalledSeats
from game.rules import get_game
from tests.test_net_fair import FairTable
from tests.test_net_fair_rebuild import _hostile

pytestmark = pytest.mark.timeout(180)

MANIA = get_game("metromania")


def _stalled(dealer=3, seats=(2,), waits_for="answer"):
    return {"event": "fair_stalled", "dealer": dealer, "seats": list(seats),
            "waits_for": waits_for}


def test_an_answer_is_handed_over_once_after_the_limit_on_the_same_move():
    stalls = StalledSeats(120.0)
    stalls.note(_stalled(), seq=40, now=10.0)
    stalls.note(_stalled(), seq=40, now=20.0)     # said again at the next limit: same wait
    assert stalls.due(40, 129.0) == []
    assert stalls.due(40, 130.0) == [(2, 120.0)]
    assert stalls.due(40, 500.0) == []             # once


def test_a_wait_whose_move_passed_is_forgotten_and_parts_are_never_handed_over():
    stalls = StalledSeats(5.0)
    stalls.note(_stalled(), seq=40, now=0.0)
    assert stalls.due(41, 100.0) == []             # the answer came: the move went on
    stalls.note(_stalled(waits_for="parts"), seq=41, now=0.0)
    stalls.note(_stalled(seats=()), seq=41, now=0.0)   # a dealer without seats
    assert stalls.due(41, 100.0) == []
    never = StalledSeats(None)
    never.note(_stalled(), seq=1, now=0.0)
    assert never.due(1, 1e9) == []


def test_a_headless_host_hands_a_never_answered_seat_to_its_bot_and_the_game_ends_fair():
    table = FairTable(MANIA, 3, ["unfair"], host_bots=1)
    victim = table.clients[0]
    kept, _ = _hostile(table, lambda peer, record: peer.pid == victim.pid
                       and record.get("kind") == "Attest")
    table.start()
    limit = table.host.timings.seeding * 3
    stalls = StalledSeats(limit)
    host_events, handed, first_stall = [], [], []

    def headless_host():         # what game.cli.host's loop does with its events
        for event in table.host.poll():
            host_events.append(event)
            if event["event"] == "fair_stalled":
                stalls.note(event, table.host.seq, table.net.now)
                first_stall.append(table.net.now)
        for seat, _ in stalls.due(table.host.seq, table.net.now):
            table.host.hand_to_bot(seat, "random")
            handed.append((seat, table.net.now))
        return table.all_over()
    assert table.run(headless_host, limit=600)
    assert kept                                   # its answer never came
    assert [seat for seat, _ in handed] == victim.seats      # its seats, once each
    assert handed[0][1] - first_stall[0] >= limit             # not before the limit
    assert not any(e["event"] == "fair_withheld" for e in host_events)   # nobody blamed
    for fair in (table.host.fair, table.clients[1].fair_join.replica.fair):
        assert victim.pid in fair.departed        # a Depart every machine saw
        assert fair.verdict.fair


@pytest.mark.parametrize("lang", ["en", "ja", "ko", "ru", "th", "zh-TW"])
def test_the_window_hosts_toast_says_how_to_end_an_answers_wait_in_every_language(lang):
    from game.client import text

    text.set_language(lang)
    try:
        said = text.t("lan.toast.fair_stalled_host", name="Ann")
        assert "Ann" in said and "lan.toast" not in said
        assert said != text.t("lan.toast.fair_stalled", name="Ann")
    finally:
        text.set_language("en")

"""Issue 28, item 2: a relay cannot frame anyone, for what a dealer owes about its own hand
and at the end (played by a hostile host against the real endpoints over the in-memory
network). Before this, a host that kept back one of these frames and waited reported an
honest dealer as withholding: its seats went to the host's bot and its key (its hand) was
opened to the table.

* A show (Metromania Unfair's unplaced markers at the end): the cards are read from the escrow (the
  drawer's own share rebuilt by its holders): the true cards, nobody blamed, seats kept.
* A secret at the end: rebuilt from the escrow, the audit runs, nobody is named, the save
  verifies.
* A holder's key share of a dealer that left: nobody blamed; the key is rebuilt from the
  shares that arrive when they reach the threshold, else the step waits.
* An answer about a hand (attest): cannot be rebuilt without opening the hand: the step
  waits, every machine says whose answer it waits for, nobody is blamed, the hand stays
  closed; once the host passes it on, the game goes on.

In each, the victim's own machine says that the host did not pass its frame on.
"""

import pytest

from game.cli.replay import run as replay_run
from game.rules import get_game
from game.saves.files import replays_dir
from net.protocol import messages as ids
from tests.test_net_fair import METRO, FairTable

pytestmark = pytest.mark.timeout(180)

MANIA = get_game("metromania")
BLAMING = ("fair_withheld", "dealer_departed")


def _hostile(table, drop):
    """The host relays every dealer's record but those ``drop(peer, record)`` picks: kept
    back (returned, with what the real relay needs to pass them on later)."""
    kept = []
    real = table.host.handlers[ids.FAIR]

    def hostile_relay(host, peer, msg):
        if drop(peer, msg["r"]):
            kept.append((host, peer, msg))
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = hostile_relay
    return kept, real


def _machines(table):
    return [table.host.fair] + [c.fair_join.replica.fair for c in table.clients]


def _told(client, code):
    return [e for e in client.poll() if e["event"] == "fair_host_withheld"
            and e["code"] == code]


@pytest.mark.parametrize("strict", [False, True])     # strict: all the others' parts
def test_a_host_that_drops_an_honest_show_and_waits_gets_the_true_cards_and_blames_nobody(
        capsys, strict):
    table = FairTable(MANIA, 3, ["unfair"], host_bots=1)
    table.host.autosave = True
    table.host.fair_host.strict = strict
    victim = table.clients[0]
    kept, _ = _hostile(table, lambda peer, record: peer.pid == victim.pid
                       and record.get("kind") == "CardPlayed")    # a shown card (moves'
    #                                                               cards come in PROPOSE)
    table.start()
    host_events = []
    assert table.run(lambda: host_events.extend(table.host.poll()) or table.all_over(),
                     limit=240)
    assert kept, "the victim showed no card"
    assert not any(e["event"] in BLAMING for e in host_events)
    assert any(e["event"] == "share_overdue" and e["dealer"] == victim.pid
               for e in host_events)
    assert victim.pid not in table.host.fair.departed
    assert not table.host.slots[victim.seats[0]].bot_level
    # the cards every machine read from the escrow are the ones the victim named
    named = {(m["r"]["p"], m["r"]["n"]): m["r"]["cd"] for _, _, m in kept}
    for fair in _machines(table):
        shown = {(r.pile, r.position): r.card for r in fair.transcript.records
                 if type(r).__name__ == "CardPlayed" and r.seat == victim.pid
                 and (r.pile, r.position) in named}
        assert shown == named
        assert fair.verdict.fair, fair.verdict
        assert victim.pid not in fair.departed
    told = _told(victim, "fair_host_withheld_show")
    assert told and told[0]["args"]["pile"] == next(iter(named))[0]
    assert table.host.fair.strict_escrow is strict
    _replay_verifies(capsys)


def _replay_verifies(capsys) -> None:
    """The host's save of the table replays and its audit reruns fair (run.py replay)."""
    class Args:
        file, verify, json = str(next(replays_dir().glob("*lan-host*"))), True, False
    assert replay_run(Args) == 0
    assert "the audit rerun: fair" in capsys.readouterr().out


def test_a_host_that_drops_an_honest_secret_at_the_end_names_nobody_and_the_audit_runs(capsys):
    table = FairTable(METRO, 3, [], host_bots=1)
    table.host.autosave = True
    victim = table.clients[0]
    kept, _ = _hostile(table, lambda peer, record: peer.pid == victim.pid
                       and record.get("kind") == "Secret")
    table.start()
    host_events = []
    assert table.run(lambda: host_events.extend(table.host.poll()) or table.all_over(),
                     limit=240)
    assert kept
    assert not any(e["event"] in BLAMING for e in host_events)
    assert any(e["event"] == "secret_overdue" and e["dealer"] == victim.pid
               for e in host_events)
    for fair in _machines(table):
        assert fair.verdict.fair and not fair.verdict.cheaters, fair.verdict
        assert victim.pid in fair.recovered_secrets      # audited with its rebuilt secret
    assert _told(victim, "fair_host_withheld_secret")
    _replay_verifies(capsys)


def test_a_cheater_that_keeps_its_secret_back_is_still_named_by_the_audit():
    """Lateness names nobody, but the rebuilt secret is audited like a shown one: a dealer
    that stacked its shuffles and then keeps its secret back (connected) is named."""
    from tests.test_net_fair_escape import stack_the_shuffles
    table = FairTable(METRO, 3, [], host_bots=1)
    cheater = table.clients[0]
    stack_the_shuffles(cheater)
    real = cheater._send
    cheater._send = lambda message: None if message.get("t") == ids.FAIR and \
        message["r"].get("kind") == "Secret" else real(message)
    table.start()
    others = [table.host.fair, table.clients[1].fair_join.replica.fair]
    assert table.run(lambda: all(f.verdict is not None for f in others), limit=240)
    for fair in others:
        assert cheater.pid not in fair.secrets and cheater.pid in fair.recovered_secrets
        assert not fair.verdict.fair and fair.verdict.cheaters == (cheater.pid,)
        assert fair.verdict.kind == "shuffle"


def _depart_then_drop_a_key_share(players):
    """The host gives the first joiner's seat to its bot (its key is rebuilt: a Depart every
    machine sees) and keeps back the second joiner's key share of it."""
    table = FairTable(METRO, players, [], host_bots=1)
    gone, holder = table.clients[0], table.clients[1]
    kept, real = _hostile(table, lambda peer, record: peer.pid == holder.pid
                          and record.get("kind") == "KeyShare")
    table.start()
    assert table.run(lambda: table.host.seq >= 6 and table.host.fair.waiting_for_move, 30)
    table.host.hand_to_bot(gone.seats[0])
    return table, gone, holder, kept, real


def test_a_host_that_drops_an_honest_holders_key_share_frames_nobody_and_waits():
    """Three dealers, one gone: both other machines' shares are needed (the host's own and
    the holder's). The step waits, blaming nobody, until the host passes the share on."""
    table, gone, holder, kept, real = _depart_then_drop_a_key_share(3)
    events = []
    table.run(lambda: events.extend(table.host.poll()) or False,
              limit=table.host.timings.seeding * 6)
    assert kept
    assert not any(e["event"] == "fair_withheld" for e in events)
    assert any(e["event"] == "fair_stalled" and e["dealer"] == holder.pid for e in events)
    assert table.host.fair.departed == [gone.pid]       # the holder is not replaced
    assert gone.pid not in table.host.fair.recovered
    assert not table.host.slots[holder.seats[0]].bot_level
    real(*kept[0])           # the host gives in: the key is rebuilt, the game goes on
    assert table.run(table.all_over, limit=200)
    assert table.host.fair.verdict.fair and table.host.fair.departed == [gone.pid]


def test_a_key_share_the_host_drops_is_not_needed_once_the_threshold_is_in():
    """Four dealers, one gone: any two shares rebuild its key (the host's and the third
    joiner's), so the one the host keeps back holds nothing up and nobody is blamed."""
    table, gone, holder, kept, _ = _depart_then_drop_a_key_share(4)
    events = []
    assert table.run(lambda: events.extend(table.host.poll()) or gone.pid in
                     table.host.fair.recovered, limit=30)
    assert kept
    assert table.run(table.all_over, limit=200)
    events.extend(table.host.poll())
    assert not any(e["event"] in ("fair_withheld", "fair_stalled") for e in events)
    assert table.host.fair.departed == [gone.pid] and table.host.fair.verdict.fair
    assert not table.host.slots[holder.seats[0]].bot_level


def test_a_host_that_drops_an_honest_answer_waits_blames_nobody_and_opens_no_hand():
    table = FairTable(MANIA, 3, ["unfair"], host_bots=1)
    victim, other = table.clients
    kept, real = _hostile(table, lambda peer, record: peer.pid == victim.pid
                          and record.get("kind") == "Attest")
    table.start()
    host_events, victim_events, other_events = [], [], []

    def watch():
        host_events.extend(table.host.poll())
        victim_events.extend(victim.poll())
        other_events.extend(other.poll())
        return False
    assert table.run(lambda: kept, limit=240)
    table.run(watch, limit=table.host.timings.seeding * 4)
    assert len(kept) == 1
    # nobody is blamed or replaced; every machine says whose answer it waits for
    assert not any(e["event"] in BLAMING for e in host_events)
    assert not table.host.slots[victim.seats[0]].bot_level
    assert any(e["event"] == "fair_stalled" and e["dealer"] == victim.pid for e in host_events)
    for events in (victim_events, other_events):
        assert any(e["event"] == "fair_stalled" and e["dealer"] == victim.pid
                   and e["waits_for"] == "answer" for e in events)
    # the hand is not opened: no machine but the victim's knows its cards
    for fair in (table.host.fair, other.fair_join.replica.fair):
        assert victim.pid not in fair.departed and victim.pid not in fair.recovered
        assert fair.positions.unknown_of(victim.pid)
    # the victim's machine says the host did not pass its answer on
    assert any(e["event"] == "fair_host_withheld" and e["code"] == "fair_host_withheld_answer"
               for e in victim_events)
    real(*kept[0])           # the host gives in: the answer counts, the game goes on
    assert table.run(table.all_over, limit=240)
    for fair in _machines(table):
        assert fair.verdict.fair and victim.pid not in fair.departed


@pytest.mark.parametrize("plain", [
    {"kind": "AnswerOverdue", "seat": 0},                          # whose answer: missing
    {"kind": "AnswerOverdue", "seat": 0, "of": -1},
    {"kind": "AnswerOverdue", "seat": 0, "of": "1"},
    {"kind": "AnswerOverdue", "seat": 0, "of": 1, "answer": 1},    # a field too many
    {"kind": "ShareOverdue", "seat": 0, "of": 1, "pile": "", "pos": 0, "again": 0,
     "attempt": 0}])
def test_a_malformed_record_of_the_new_kinds_is_refused_with_a_reason(plain):
    from net.fair.deal import FairError, record_from_plain
    with pytest.raises(FairError) as caught:
        record_from_plain(plain)
    assert caught.value.code == "fair_malformed"


def test_an_answer_said_late_out_of_turn_ends_the_joiners_table_with_a_reason():
    """A host's AnswerOverdue when no answer is awaited (or twice) is refused by every
    machine's driver: the joiner leaves, naming the host's record out of turn."""
    table = FairTable(METRO, 3, [], host_bots=1)
    victim = table.clients[0]
    table.start()
    assert table.run(lambda: table.host.seq >= 4, limit=30)
    table.host.fair_host.relay({"kind": "AnswerOverdue", "seat": 0, "of": victim.pid})
    assert table.run(lambda: victim.phase == "ended", limit=10)
    ended = [e for e in victim.poll() if e["event"] == "ended"]
    assert ended and ended[0]["code"] == "fair_out_of_turn"


@pytest.mark.parametrize("lang", ["en", "ko", "th", "ru", "zh-TW", "ja"])
def test_the_victims_machine_says_each_new_withholding_in_every_language(lang):
    from game.client import text
    from game.client.screens.netplay import reason_text
    old = text.language()
    text.set_language(lang)
    try:
        unknown = text.t("net.unknown", code="fair_host_withheld_show")
        said = [reason_text(code, {"pile": "residential"}) for code in (
            "fair_host_withheld_show", "fair_host_withheld_answer",
            "fair_host_withheld_secret")]
        assert unknown not in said and len(set(said)) == 3
        assert "{name}" not in text.t("lan.toast.fair_stalled", name="Ann")
    finally:
        text.set_language(old)

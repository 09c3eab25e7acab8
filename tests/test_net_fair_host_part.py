"""``FairHost`` on its own, against a fake table (no endpoint, no network): the host's side of
the fair deal reads the table only through ``FairHostTable`` and acts on it only through the
callbacks it was handed. A move is stamped only while the game runs, checked by the rules and
by the deal before anything is sent, and sent as the deal took it (MOVE with its card record)
before the table hears of it; a dealer's record claiming another dealer's seat, or not signed
by its dealer, is refused and never relayed; a seat's key is rebuilt only for a machine that
is gone from it."""

from types import SimpleNamespace

import pytest

from game.rules import get_game
from game.rules.core import IllegalMove
from net.fair.host import FairHost
from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.session.handshake import PeerRec
from net.table.sequencer import Sequencer

METRO = get_game("metro")


class Saves:
    """The table's persistence, as far as the deal uses it: nothing is kept."""

    def saved_fair_stream(self, save):
        return [], {}

    def save_fair_stream(self, autosaver, fair, played, word=None, keys=None) -> None:
        pass

    def record_audit(self, autosaver, match, verdict) -> None:
        pass


class FakeTable:
    """Two seats: 0 the host's own player, 1 the host's bot (the host deals alone), or, with
    ``remote``, seat 1 held by peer 7 (two dealers: 0 and 7)."""

    def __init__(self, remote: bool = False) -> None:
        self.game = METRO
        self.config = METRO.make_config(2, [])
        self.slots = [Slot(kind=ids.KIND_LOCAL, name="host"),
                      Slot(kind=ids.KIND_REMOTE, name="ann", peer=7) if remote
                      else Slot(kind=ids.KIND_BOT, name="bot", level="random")]
        self.phase = "lobby"
        self.sequencer = None
        self.autosaver = None
        self.persistence = Saves()
        self.on_applied = None
        self.peers = {7: PeerRec(pid=7, name="ann", token="t", conn="link7", seats=[1])} \
            if remote else {}
        self.wire: list[tuple] = []        # what went out, in order: (to, message)
        self.calls: list[tuple] = []       # what the table was told, in order

    @property
    def match(self):
        return self.sequencer.match if self.sequencer else None

    def begin(self, match) -> None:
        self.calls.append(("begin",))
        self.sequencer = Sequencer(match)
        self.phase = "playing"

    def deal(self) -> FairHost:
        record = self.calls.append
        return FairHost(
            self, new_secret=lambda: b"\x01" * 32, new_table_id=lambda: "t" * 12,
            send=lambda peer, message: self.wire.append((peer.pid, message)),
            broadcast=lambda message: self.wire.append(("all", message)),
            live_peers=lambda: [p for p in self.peers.values() if p.conn is not None],
            emit=lambda event, **fields: record((event, fields)),
            refuse=lambda conn, code, args: record(("refuse", conn, code)),
            start_message=lambda: {"t": ids.START},
            begin=self.begin, moved=lambda applied: record(("moved", len(applied))))

    def kinds(self) -> list[str]:
        return [message["t"] for _, message in self.wire]


def dealt(table: FakeTable) -> FairHost:
    """The host dealing alone: the setup runs at once and the game begins."""
    host = table.deal()
    host.start()
    assert table.phase == "playing" and ("begin",) in table.calls
    return host


def a_legal_move(table: FakeTable) -> tuple[int, str]:
    """The seat to act and one of its legal moves, as the host's match sees them."""
    seat = table.match.to_act()[0]
    return seat, str(table.game.legal_moves(table.match.state, seat)[0])


def test_start_deals_and_announces_the_dealers_never_a_seed():
    table = FakeTable()
    host = dealt(table)
    assert table.kinds()[0] == ids.START and table.calls[0] == ("dealing", {"dealers": [0]})
    message = {}
    host.start_fields(message)
    assert message["dl"] == [0, 0] and message["tid"] == "t" * 12
    assert message.get("cu") is True             # playing already: a catch-up follows
    assert "fs" not in message and "sd" not in message
    host.strict = True
    host.start_fields(message)
    assert message["fs"] is True


def test_a_move_is_stamped_only_while_the_game_runs():
    table = FakeTable()
    host = table.deal()
    with pytest.raises(IllegalMove) as refused:
        host.stamp(0, "anything")
    assert refused.value.code == ids.R_NOT_PLAYING
    assert table.wire == [] and table.calls == []        # nothing sent, nothing told


def test_a_move_goes_through_the_deal_then_to_every_machine_then_to_the_table():
    table = FakeTable()
    host = dealt(table)
    seat, move = a_legal_move(table)
    sent_before, told_before = len(table.wire), len(table.calls)
    table.on_applied = lambda seq, s: table.calls.append(("hook", seq, s, len(table.wire)))
    seq = table.match.seq + 1
    host.stamp(seat, move)
    moves = [(i, m) for i, (_, m) in enumerate(table.wire) if m["t"] == ids.MOVE]
    assert len(moves) == 1 and moves[0][1]["q"] == seq and moves[0][1]["s"] == seat
    assert table.match.seq >= seq                      # the host's match applied it
    told = [c[0] for c in table.calls[told_before:] if c[0] in ("hook", "moved")
            and (c[0] == "hook" or c[1] >= 1)]
    assert told[:2] == ["hook", "moved"]               # the bench's hook, then the table
    hook = next(c for c in table.calls if c[0] == "hook")
    assert hook[1:3] == (seq, seat) and hook[3] > moves[0][0] >= sent_before   # MOVE first
    moves = [m for _, m in moves]
    if "cp" in moves[0]:                               # a card played: kept for a resend
        assert host.played[seq] == moves[0]["cp"]


def test_a_move_the_rules_refuse_sends_nothing():
    table = FakeTable()
    host = dealt(table)
    sent, seq = len(table.wire), table.match.seq
    with pytest.raises(IllegalMove):
        host.stamp(0, "not a move at all")
    assert len(table.wire) == sent and table.match.seq == seq


def started_with_a_joiner() -> tuple[FakeTable, FairHost, PeerRec]:
    table = FakeTable(remote=True)
    host = table.deal()
    host.start()
    assert table.phase == "dealing"              # waits for peer 7's key
    return table, host, table.peers[7]


def test_a_record_claiming_another_dealers_seat_is_refused_and_never_relayed():
    table, host, peer = started_with_a_joiner()
    sent, stream = len(table.wire), list(host.stream)
    ours = host.stream[0]                        # the host's own key commitment (dealer 0)
    host.on_fair(peer, {"t": ids.FAIR, "r": ours})
    assert ("refuse", "link7", "fair_foreign") in table.calls
    assert len(table.wire) == sent and host.stream == stream


def test_an_unsigned_record_of_a_joiner_is_refused_and_never_relayed():
    table, host, peer = started_with_a_joiner()
    sent, stream = len(table.wire), list(host.stream)
    host.on_fair(peer, {"t": ids.FAIR, "r": dict(host.stream[0], s=7)})   # no signature
    assert ("refuse", "link7", "fair_bad_signature") in table.calls
    assert len(table.wire) == sent and host.stream == stream


def test_a_record_outside_the_deal_is_ignored():
    table, host, peer = started_with_a_joiner()
    table.phase = "lobby"
    host.on_fair(peer, {"t": ids.FAIR, "r": host.stream[0]})
    assert not any(c[0] == "refuse" for c in table.calls)


def test_a_seats_key_is_rebuilt_only_for_a_machine_gone_from_it():
    rebuilt = []
    table = FakeTable()
    host = dealt(table)
    host.late = SimpleNamespace(rekey=rebuilt.append)   # the calls about late parts
    host.hand_over(1, 7)          # the host's own seat: never rebuilt
    host.depart(1)
    assert rebuilt == []
    host.fair = SimpleNamespace(match=table.match, seat_dealers=[0, 7], me=0, departed=[],
                                dealers=[0, 7], recovered=[])
    host.hand_over(1, 7)          # given back to the machine that dealt for it: nothing
    assert rebuilt == []
    host.hand_over(1, 9)          # to another machine: the dealer's key is rebuilt
    host.depart(1)                # to the host's bot: the same
    assert rebuilt == [7, 7]
    assert host.can_play(0) and not host.can_play(1)
    host.fair.recovered = [7]
    assert host.can_play(1)
    table.phase = "over"          # no departure after the game
    host.depart(1)
    assert rebuilt == [7, 7]

"""``HostPlay`` on its own, against a fake table and a fake fair deal (no endpoint, no
network): a peer's nonce is answered once and the same way after, a foreign seat is refused,
a GET too far behind gets the whole stream, a seat command is sequenced and broadcast, and a
wrong hash is repaired by a SYNC."""

from types import SimpleNamespace

from game.rules.core import IllegalMove
from net.fair.host import FairHost, FairRelay
from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.session.handshake import PeerRec
from net.table.play import NONCES_KEPT, RESEND_LIMIT, HostPlay


class FakeSequencer:
    def __init__(self, hashes: list[str]) -> None:
        self.hashes = hashes

    def verify(self, seq, digest):
        return None if seq > len(self.hashes) or seq == 0 else digest == self.hashes[seq - 1]

    def expected(self, seq):
        return self.hashes[seq - 1]

    def entries_from(self, seq):
        return list(range(max(0, seq - 1), len(self.hashes)))

    def seal(self, tell=True):
        return self.hashes[-1]


class FakeFair:
    """Stamps every move but "bad"; records what it is asked."""

    def __init__(self, calls: list) -> None:
        self.calls = calls

    def stamp(self, seat, text, played=None):
        if text == "bad":
            raise IllegalMove("illegal", "no", seat=seat + 1)
        self.calls.append(("stamp", seat, text))

    def resend(self, peer, entries):
        self.calls.append(("resend", peer.pid, len(entries)))

    def sync_fields(self, message, peer):
        message["stream"] = "all"

    def can_play(self, seat):
        return True


class FakeTable:
    def __init__(self, moves: int = 3) -> None:
        self.phase = "playing"
        self.slots = [Slot(kind=ids.KIND_LOCAL, name="host"),
                      Slot(kind=ids.KIND_REMOTE, name="ann", peer=7)]
        self.game = SimpleNamespace(name="metro")
        self.timings = SimpleNamespace(hash_delay=0.0, retry=1.0)
        self.sequencer = FakeSequencer([bytes([i % 256]).hex() for i in range(1, moves + 1)])
        self.match = SimpleNamespace(seed=1, is_over=lambda: False)
        self.seq = moves
        self.bot_seats = SimpleNamespace(next_move=lambda *a: None, due=lambda *a: None)
        self.calls: list = []

    def clock(self) -> float:
        return 50.0

    def play(self) -> HostPlay:
        record = self.calls.append
        return HostPlay(self, FakeFair(self.calls),
                        send=lambda peer, message: record(("send", peer.pid, message)),
                        broadcast=lambda message: record(("broadcast", message)),
                        refuse=lambda conn, code, args: record(("refuse", conn, code)),
                        emit=lambda event, **fields: record((event, fields)),
                        status_changed=lambda: record(("status",)),
                        game_over=lambda seq: record(("over", seq)))


def ann() -> PeerRec:
    return PeerRec(pid=7, name="ann", token="t", conn="link7", seats=[1])


def rejects(calls):
    return [(c[2]["n"], c[2]["c"]) for c in calls if c[0] == "send" and c[2]["t"] == ids.REJECT]


def test_a_nonce_is_answered_once_and_the_same_way_when_repeated():
    table, peer = FakeTable(), ann()
    play = table.play()
    play.propose(peer, {"s": 1, "n": 1, "m": "good"})
    play.propose(peer, {"s": 1, "n": 1, "m": "good"})     # a retry: not stamped twice
    play.propose(peer, {"s": 1, "n": 2, "m": "bad"})
    play.propose(peer, {"s": 1, "n": 2, "m": "good"})      # the retry of a refused move
    play.propose(peer, {"s": 0, "n": 3, "m": "good"})      # the host's seat, not ann's
    assert [c for c in table.calls if c[0] == "stamp"] == [("stamp", 1, "good")]
    assert rejects(table.calls) == [(2, "illegal"), (2, "illegal"), (3, ids.R_NOT_YOUR_SEAT)]
    assert ("foreign_move", {"peer": 7, "seat": 0}) in table.calls
    assert peer.nonces[1] is None and peer.nonces[3] == (ids.R_NOT_YOUR_SEAT, {"seat": 1})


def test_outside_play_a_move_is_refused_and_not_remembered():
    table, peer = FakeTable(), ann()
    table.phase = "over"
    table.play().propose(peer, {"s": 1, "n": 5, "m": "good"})
    assert rejects(table.calls) == [(5, ids.R_NOT_PLAYING)] and peer.nonces == {}


def test_the_answers_kept_per_peer_are_bounded_oldest_first():
    peer, play = ann(), FakeTable().play()
    for nonce in range(NONCES_KEPT + 1):
        play.remember(peer, nonce, None)
    assert len(peer.nonces) == NONCES_KEPT + 1 - NONCES_KEPT // 2
    assert min(peer.nonces) == NONCES_KEPT // 2


def test_a_get_is_answered_with_the_moves_or_past_the_limit_the_whole_stream():
    table, peer = FakeTable(moves=RESEND_LIMIT + 5), ann()
    play = table.play()
    play.command(ids.CMD_BOT, 0, "random")
    play.get(peer, {"q": RESEND_LIMIT})                      # six moves missed: resent
    assert ("resend", 7, 6) in table.calls
    assert ("send", 7, {"t": ids.COMMAND, "i": 0, "e": [RESEND_LIMIT + 5, ids.CMD_BOT, 0,
                                                        "random"]}) in table.calls
    table.calls.clear()
    play.get(peer, {"q": 1})                                 # too far behind
    assert table.calls == [("send", 7, {"t": ids.SYNC, "w": ids.R_CATCH_UP, "stream": "all",
                                        "cmd": play.commands})]


def test_a_seat_command_is_sequenced_broadcast_and_told():
    table = FakeTable()
    play = table.play()
    play.command(ids.CMD_BOT, 1, "greedy")
    play.command(ids.CMD_BACK, 1, "")
    assert play.commands == [[3, ids.CMD_BOT, 1, "greedy"], [3, ids.CMD_BACK, 1, ""]]
    assert table.calls[:3] == [("broadcast", {"t": ids.COMMAND, "i": 0,
                                              "e": [3, ids.CMD_BOT, 1, "greedy"]}),
                               ("seat_control", {"seat": 1, "control": "bot", "level": "greedy"}),
                               ("status",)]


def test_a_wrong_hash_is_repaired_by_a_sync_and_a_right_one_acked():
    table, peer = FakeTable(), ann()
    play = table.play()
    play.hash(peer, {"q": 2, "h": bytes([2])})               # ours: acked
    assert peer.acked == 2 and table.calls == []
    play.hash(peer, {"q": 3, "h": bytes([9])})               # not ours: the stream again
    assert [c[0] for c in table.calls] == ["desync", "send"]
    assert table.calls[1][2]["t"] == ids.SYNC and table.calls[1][2]["w"] == ids.R_DESYNC
    assert peer.acked == 2 and peer.repair_from == 3


def test_the_fair_host_does_all_the_play_part_asks_itself():
    """FairHost declares it is a FairRelay (a base class): each thing the play part asks must
    be FairHost's own, never the Protocol's empty stand-in, and the fake here has each."""
    asked = {name for name, value in vars(FairRelay).items()
             if callable(value) and not name.startswith("_")}
    assert asked == {"stamp", "resend", "sync_fields", "can_play"}
    assert FairRelay in FairHost.__mro__
    for name in asked:
        assert getattr(FairHost, name) is not getattr(FairRelay, name), name
        assert callable(getattr(FakeFair, name, None)), name

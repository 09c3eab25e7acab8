"""``Dues`` (net.fair.dues) on its own, against a fake table and peer (no FairTable, no
cryptography): what this machine owes is queued once each, in the protocol's order (the other
parts' dues in their turn), nothing for a spectator, its secret only once the game is over,
and after a replay it owes again only what the stream still lacks."""

from types import SimpleNamespace

from net.fair.dues import SECRET, Dues


class FakePeer:
    secret = b"s" * 32

    def commit_key(self, nonce):
        return ("KeyCommitted", nonce)

    def reveal_key(self, nonce):
        return ("KeyRevealed", nonce)

    def share(self, t, pile, position, drawer):
        return ("DrawShared", pile, position, drawer)


class FakeTable:
    def __init__(self, peer=None) -> None:
        self.peer = peer
        self.me = 1
        self.dealers = (0, 1)
        self.transcript = SimpleNamespace(public_keys={}, key_commitments={}, rolls={},
                                          piles={})
        self.match = None
        self.secrets: dict = {}
        self.finished = False
        self.current_step = None
        self.departed: list = []
        self.escrows: dict = {}
        self.escrow_threshold = 1
        self.calls: list = []

    def owe_key_shares(self):
        self.calls.append("key_shares")

    def owe_roll_parts(self):
        self.calls.append("roll_parts")

    def owe_share_parts(self):
        self.calls.append("share_parts")

    def owe_extra(self, step):
        self.calls.append("extra")


def test_a_spectator_owes_nothing():
    table = FakeTable(peer=None)
    dues = Dues(table)
    dues.owe()
    assert dues.take() == [] and table.calls == []


def test_each_due_is_queued_once_in_order():
    table = FakeTable(FakePeer())
    dues = Dues(table)
    dues.owe()
    dues.owe()
    out = dues.take()
    assert [record[0] for record in out] == ["KeyCommitted"]
    assert table.calls == ["key_shares", "roll_parts"] * 2    # the others' dues, in turn
    assert dues.take() == []


def test_its_shares_of_a_draw_but_the_ones_it_gave_and_not_its_own_draw():
    table = FakeTable(FakePeer())
    table.match = SimpleNamespace()
    drawn = SimpleNamespace(shares={1: b"given"})
    table.transcript.piles["tiles"] = SimpleNamespace(
        opening=SimpleNamespace(seats=(0, 1), attempt=0), returns={}, draws={5: drawn})
    table.current_step = ("deal", "tiles", (4, 5), 0, "key")
    dues = Dues(table)
    dues.owe()
    dues.owe()
    assert dues.take() == [("DrawShared", "tiles", 4, 0)]
    assert table.calls[0] == "key_shares" and "share_parts" in table.calls
    table.current_step = ("deal", "tiles", (6,), 1, "key2")       # our own draw: no share
    dues.owe()
    assert dues.take() == []


def test_its_secret_once_the_game_is_over_and_dues_counted_again_after_a_replay():
    table = FakeTable(FakePeer())
    table.match = SimpleNamespace()
    table.finished = True
    dues = Dues(table)
    dues.owe()
    dues.owe()
    assert dues.take() == [{"kind": SECRET, "seat": 1, "secret": FakePeer.secret}]
    dues.queue("stale")
    dues.recount()                  # replayed: the stream lacks our secret still
    assert dues.take() == [{"kind": SECRET, "seat": 1, "secret": FakePeer.secret}]
    table.secrets[1] = FakePeer.secret
    dues.recount()                  # ... now it holds it: nothing is owed
    assert dues.take() == []

"""``HostHandshake`` on its own, against a fake table (no endpoint, no network): a hello of
another version, rules or game is refused and changes nothing; a newcomer gets free seats, its
welcome and the whole lobby while the others hear only what changed; a peer changes only its
own seats' names, colours and ready flags, and only in the lobby; the spectators' bound; a
peer back with its token replaces its old connection and takes its seats back from the bot;
a peer gone from the lobby leaves its seats open; goodbye, refusal and heartbeat reach the
table."""

from types import SimpleNamespace

from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.session.handshake import HostHandshake
from net.table.seating import SeatAllocation


class FakeTransport:
    def __init__(self):
        self.many = []          # (conns, message) sent to several connections at once
        self.closed = []

    def send_many(self, conns, message):
        self.many.append((list(conns), message))

    def close(self, conn):
        self.closed.append(conn)


class FakeTable:
    """Seat 0 the host's own; the others open. Records what the handshake asks of it."""

    def __init__(self, players=3, spectators=1):
        self.game = SimpleNamespace(name="metro")
        self.rules_version = "rules-1"
        self.phase = "lobby"
        self.resumed = None
        self.slots = [Slot(kind=ids.KIND_LOCAL, name="host")] + [Slot() for _ in range(players - 1)]
        self.peers, self.by_conn, self.pending_conns = {}, {}, {}
        self.limits = SimpleNamespace(spectators=spectators)
        self.transport = FakeTransport()
        self.seating = SeatAllocation(self, lambda group: b"")
        self.keys = {}
        self.claims = SimpleNamespace(proven_group=lambda conn: None,
                                      joined=lambda pid, key: self.keys.__setitem__(pid, key))
        self.back = []
        self.seat_waits = SimpleNamespace(back=self.back.extend)
        self.sent, self.refused, self.events = [], [], []
        self.caught_up, self.taken_back, self.gone, self.hashes = [], [], [], []
        self.statuses_changed = 0
        self.handshake = HostHandshake(
            self, send=lambda peer, message: self.sent.append((peer.pid, message)),
            refuse=lambda conn, code, args: self.refused.append((conn, code, args)),
            emit=lambda event, **fields: self.events.append(event),
            status_changed=self.status_changed, catch_up=self.caught_up.append)

    def status_changed(self):
        self.statuses_changed += 1

    def clock(self):
        return 7.0

    def lobby_message(self):
        statuses = self.seating.statuses()
        return {"t": ids.LOBBY, "g": "metro", "cfg": {"players": len(self.slots)},
                "seats": [s.to_wire(st) for s, st in zip(self.slots, statuses)],
                "spec": [p.name for p in self.peers.values() if p.spectator and p.conn],
                "ph": self.phase}

    def can_start(self):
        return False

    def grace_hello(self, conn, msg):
        return conn == "back-in-grace"

    def take_back(self, seat):
        self.taken_back.append(seat)

    def on_disconnect(self, conn, reset=False):
        self.gone.append(conn)

    def on_hash(self, peer, msg):
        self.hashes.append((peer.pid, msg["q"]))

    def hello(self, conn, name, seats=1, token="", **fields):
        self.pending_conns[conn] = 0.0
        message = {"t": ids.HELLO, "pv": ids.PROTOCOL_VERSION, "rv": "rules-1", "g": "metro",
                   "n": name, "tok": token, "ws": seats}
        self.handshake.hello(conn, dict(message, **fields))
        return self.by_conn.get(conn)

    def kinds_to(self, pid):
        return [message["t"] for to, message in self.sent if to == pid]


def test_a_hello_of_another_version_rules_or_game_is_refused_and_changes_nothing():
    table = FakeTable()
    table.hello("a", "ann", pv=ids.PROTOCOL_VERSION - 1)
    table.hello("b", "bob", rv="rules-0")
    table.hello("c", "cleo", g="railroad-ink")
    assert table.refused == [
        ("a", ids.R_PROTOCOL, {"ours": ids.PROTOCOL_VERSION, "theirs": ids.PROTOCOL_VERSION - 1}),
        ("b", ids.R_RULES, {"ours": "rules-1", "theirs": "rules-0"}),
        ("c", ids.R_GAME, {"ours": "metro", "theirs": "railroad-ink"})]
    table.hello("d", "dora", token="not-a-token-of-this-table")
    assert table.refused[-1] == ("d", ids.R_BAD_TOKEN, {})
    table.phase = "closed"                  # a closed table: only the end's grace answers
    table.hello("late", "eve")
    table.hello("back-in-grace", "eve")
    assert table.refused[-1] == ("late", ids.R_HOST_LEFT, {})
    assert not table.peers and not table.sent and not table.transport.many
    assert [s.kind for s in table.slots] == [ids.KIND_LOCAL, ids.KIND_OPEN, ids.KIND_OPEN]
    assert table.handshake.next_pid == 1


def test_a_newcomer_is_seated_and_welcomed_with_the_whole_lobby_the_others_hear_the_change():
    table = FakeTable()
    ann = table.hello("a", "ann", ck=b"k" * 32)
    assert (ann.pid, ann.seats, ann.name, ann.token != "") == (1, [1], "ann", True)
    assert table.slots[1].kind == ids.KIND_REMOTE and table.slots[1].peer == 1
    assert table.by_conn["a"] is ann and "a" not in table.pending_conns
    assert table.back == [1] and table.keys == {1: b"k" * 32}
    assert table.kinds_to(1) == [ids.WELCOME, ids.LOBBY]
    assert table.transport.many == []       # ann holds this lobby already: nothing more
    bob = table.hello("b", "ann")           # a name at the table gets a number
    assert (bob.pid, bob.seats, bob.name) == (2, [2], "ann (2)")
    assert table.kinds_to(2) == [ids.WELCOME, ids.LOBBY]
    conns, change = table.transport.many[-1]
    assert conns == ["a"] and change["t"] == ids.LOBBY_CHANGE
    assert [index for index, _row in change["sd"]] == [2] and "spec" not in change
    assert table.events == ["peer_joined", "lobby", "peer_joined", "lobby"]


def test_a_peer_changes_only_its_own_seats_and_only_in_the_lobby():
    table = FakeTable()
    ann = table.hello("a", "ann")
    table.hello("b", "bob")
    table.transport.many.clear()
    table.handshake.seat_set(ann, {"s": 2, "n": "mine", "c": 4})     # bob's seat
    assert table.sent[-1] == (1, {"t": ids.REJECT, "n": 0, "s": 2, "c": ids.R_NOT_YOUR_SEAT,
                                  "a": {"seat": 3}})
    assert table.slots[2].name == "bob" and not table.transport.many
    table.handshake.seat_set(ann, {"s": 1, "n": "host", "c": 4})     # the host's name: numbered
    assert (table.slots[1].name, table.slots[1].colour, ann.name) == ("host (2)", 4, "host (2)")
    table.handshake.ready(ann, {"r": True})
    assert ann.ready and table.slots[1].ready and not table.slots[2].ready
    assert [conns for conns, _ in table.transport.many] == [["a", "b"], ["a", "b"]]
    table.phase = "playing"
    table.handshake.ready(ann, {"r": False})
    table.handshake.seat_set(ann, {"s": 1, "n": "late", "c": 1})
    assert ann.ready and table.slots[1].name == "host (2)"
    assert table.sent[-1][1]["c"] == ids.R_NOT_YOUR_SEAT


def test_spectators_are_bounded_and_nobody_takes_a_seat_once_the_game_started():
    table = FakeTable(players=2, spectators=1)
    table.hello("a", "ann")
    watcher = table.hello("w", "will", seats=0)
    assert watcher.spectator and table.peers[watcher.pid] is watcher
    table.hello("x", "xena", seats=0)
    assert table.refused == [("x", ids.R_TOO_MANY_SPECTATORS, {"limit": 1})]
    table.phase = "playing"
    table.hello("y", "yann", seats=1)
    assert table.refused[-1] == ("y", ids.R_STARTED, {}) and "y" not in table.by_conn


def test_a_peer_back_with_its_token_replaces_its_old_connection_and_takes_its_seat_back():
    table = FakeTable()
    ann = table.hello("a", "ann")
    table.phase = "playing"
    table.slots[1].bot_level = "random"      # a bot played it while ann was away
    again = table.hello("a2", "ann", token=ann.token)
    assert again is ann and ann.conn == "a2" and ann.lobby_told is not None
    # told on the old connection, then welcomed on the new one with the whole lobby, the
    # stream (``catch_up``) and the seats' statuses
    assert table.sent[-4] == (1, {"t": ids.BYE, "c": ids.R_REPLACED, "a": {}})
    assert table.kinds_to(1)[-4:] == [ids.BYE, ids.WELCOME, ids.LOBBY, ids.STATUS]
    assert "a" in table.transport.closed and "a" not in table.by_conn
    assert table.by_conn["a2"] is ann
    assert table.caught_up == [ann] and table.taken_back == [1]
    assert table.events[-1] == "peer_back" and table.statuses_changed == 1


def test_a_peer_gone_from_the_lobby_leaves_its_seats_open_and_others_hear_it():
    table = FakeTable()
    ann = table.hello("a", "ann")
    table.hello("b", "bob")
    table.slots[2].reserved = "bob"          # a resumed table's seat keeps the name it waits for
    table.transport.many.clear()
    bob = table.peers[2]
    table.handshake.forget(bob)
    assert 2 not in table.peers and table.slots[2].kind == ids.KIND_OPEN
    assert (table.slots[2].name, table.slots[2].reserved) == ("bob", "bob")
    assert table.slots[1].peer == ann.pid
    (conns, change), = table.transport.many
    assert conns == ["a"] and [index for index, _ in change["sd"]] == [2]


def test_goodbye_refusal_and_heartbeat_reach_the_table():
    table = FakeTable()
    ann = table.hello("a", "ann")
    bob = table.hello("b", "bob")
    table.handshake.beat(ann, {"q": 3})                  # no hash: nothing to compare
    table.handshake.beat(ann, {"q": 4, "h": b"h" * 16})
    assert table.hashes == [(1, 4)]
    table.handshake.bye(ann, {"c": ids.R_LEFT, "a": {}})
    table.handshake.refused_us(bob, {"c": ids.R_DESYNC, "a": {}})
    assert table.transport.closed == ["a", "b"] and table.gone == ["a", "b"]
    assert table.events[-2:] == ["peer_bye", "peer_refused_us"]

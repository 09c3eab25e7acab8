"""A fair table over the in-memory network (issue 13): START carries no seed, the dealers
(the seated machines) key, roll the public seed, shuffle, deal and roll jointly, every machine
holding only its own seats' secrets; the audit at the end is fair, or names the cheat on every
machine. Metro and Railroad Ink."""

import hashlib
import random

import pytest

from game.rules import get_game
from game.rules.core import HIDDEN
from net.protocol import messages as ids
from net.table.host import HostEndpoint
from net.table.joiner import ClientEndpoint
from net.protocol.lobby import Slot
from net.transport.memnet import MemNet
from net.transport.timing import Timings

pytestmark = pytest.mark.timeout(120)

FAST = Timings(heartbeat=0.1, interrupted=0.3, dropped=1.0, retry=0.05, seeding=2.0)
METRO = get_game("metro")
INK = get_game("railroad-ink")


def secret_source(name):
    counter = iter(range(1 << 30))
    return lambda: hashlib.blake2b(b"%s %d" % (name.encode(), next(counter)),
                                   digest_size=32).digest()


class FairTable:
    def __init__(self, game=METRO, players=3, variants=(), host_bots=1, spectators=0, seed=0):
        config = game.make_config(players, list(variants))
        slots = [Slot(kind=ids.KIND_BOT, name=f"bot{i}", level="random")
                 for i in range(host_bots)] + [Slot() for _ in range(players - host_bots)]
        self.host = HostEndpoint(game, config, slots, timings=FAST, autosave=False,
                                 fair_secret=secret_source("host"))
        self.net = MemNet(self.host, seed=seed)
        self.clients = []
        self.links = []
        for index in range(players - host_bots):
            self.join(f"p{index}", auto_bot="random")
        for index in range(spectators):
            self.join(f"s{index}", wanted_seats=0)

    def join(self, name, **kwargs):
        kwargs.setdefault("fair_secret", secret_source(name))
        client = ClientEndpoint(name, timings=FAST, autosave=False, **kwargs)
        self.clients.append(client)
        self.links.append(self.net.connect(client))
        return client

    def start(self):
        self.net.run_until(lambda: all(c.phase != "connecting" for c in self.clients), 2)
        for client in self.clients:
            if client.seats:
                client.set_ready(True)
        assert self.net.run_until(self.host.can_start, 2)
        assert self.host.start()
        assert self.net.run_until(lambda: self.host.phase == "playing" and all(
            c.phase in ("playing", "over") for c in self.clients), 10)

    def run(self, until, limit=120.0):
        return self.net.run_until(until, limit)

    def all_over(self):
        return (self.host.phase == "over" and all(c.phase == "over" and c.seq == self.host.seq
                                                  for c in self.clients)
                and self.host.fair.verdict is not None
                and all(c.fair_join.replica.fair.verdict is not None for c in self.clients))


@pytest.mark.parametrize("game,players,bots,variants", [
    (METRO, 3, 1, ["hand2"]), (INK, 3, 1, []), (METRO, 2, 0, [])])
def test_a_fair_table_plays_to_a_fair_audit(game, players, bots, variants):
    table = FairTable(game, players, variants, host_bots=bots, spectators=1)
    table.start()
    assert table.run(table.all_over, limit=200)
    host_log = table.host.match.log
    assert any(entry.seat is None for entry in host_log)
    for client in table.clients:
        log = client.match.log
        assert [(e.seq, e.seat) for e in log] == [(e.seq, e.seat) for e in host_log]
        assert [e.hash for e in log] == [e.hash for e in host_log]
        assert client.fair_join.replica.fair.verdict.fair
    assert table.host.fair.verdict.fair
    events = [e for e in table.clients[0].poll() if e["event"] == "audit"]
    assert events and events[0]["fair"] is True


def test_every_machine_holds_only_its_own_hand_and_a_spectator_none():
    table = FairTable(METRO, 3, ["hand2"], host_bots=1, spectators=1)
    table.start()
    table.run(lambda: table.host.seq >= 12, limit=30)
    machines = {0: table.host.match.state}
    for client in table.clients:
        machines[client.pid] = client.match.state
    dealers = table.host.fair.seat_dealers
    for pid, state in machines.items():
        for seat, hand in enumerate(state.hands):
            if dealers[seat] == pid:
                assert hand and HIDDEN not in hand
            else:
                assert all(tile == HIDDEN for tile in hand)


def test_start_has_no_seed_and_a_start_with_one_is_refused():
    table = FairTable(METRO, 2, [], host_bots=1)
    sent = []
    original = table.host._broadcast

    def spy(message):
        sent.append(message)
        original(message)
    table.host._broadcast = spy
    table.start()
    start = next(m for m in sent if m["t"] == ids.START)
    assert "sd" not in start and "rv" not in start and start["dl"] == [0, 1]
    # a host that slips a chosen seed into START is refused with a reason
    joiner = ClientEndpoint("late", timings=FAST, autosave=False)
    joiner.pid = 7
    joiner.phase = "lobby"
    joiner.transport = type("T", (), {"send": lambda *_: None, "close": lambda *_: None})()
    joiner.on_frame(dict(start, sd=12345))
    assert joiner.phase == "ended" and joiner.ended["code"] == ids.R_SCHEMA
    assert joiner.ended["args"] == {"type": ids.START, "field": "sd"}
    assert joiner.fair_join.replica is None and joiner.match is None


def test_a_spectator_that_never_answers_cannot_delay_the_start():
    table = FairTable(METRO, 2, [], host_bots=1, spectators=1)
    table.links[-1].frozen = True          # the spectator hangs
    table.net.run_until(lambda: table.clients[0].phase == "lobby", 2)
    table.clients[0].set_ready(True)
    assert table.net.run_until(table.host.can_start, 2)
    assert table.host.start()
    assert table.net.run_until(lambda: table.host.phase == "playing"
                               and table.clients[0].phase == "playing", 2)


def live_over(table):
    live = [c for c, link in zip(table.clients, table.links) if link.open and c.phase != "ended"]
    return table.host.phase == "over" and table.host.fair.verdict is not None and all(
        c.phase == "over" and c.fair_join.replica.fair.verdict is not None for c in live)


@pytest.mark.parametrize("game", [METRO, INK])
def test_a_dealer_gone_for_good_loses_its_seat_to_a_bot_and_play_goes_on(game):
    table = FairTable(game, 3, ["hand2"] if game is METRO else [], host_bots=1)
    table.start()
    table.run(lambda: table.host.seq >= 14, limit=30)
    gone = table.clients[0]
    table.net.disconnect(table.links[0])
    table.net.advance(0.1)
    table.host.hand_to_bot(gone.seats[0], "random")
    assert table.run(lambda: live_over(table), limit=200)
    assert table.host.fair.departed == [gone.pid]
    other = table.clients[1]
    assert [e.hash for e in other.match.log] == [e.hash for e in table.host.match.log]
    assert table.host.fair.verdict.fair and other.fair_join.replica.fair.verdict.fair


def test_a_returning_machine_takes_its_secret_back_and_reads_its_hand_again():
    table = FairTable(METRO, 3, ["hand2"], host_bots=1)
    table.start()
    table.run(lambda: table.host.seq >= 10, limit=30)
    old = table.clients[0]
    table.net.disconnect(table.links[0])
    table.net.advance(0.3)
    back = ClientEndpoint(old.name, token=old.token, timings=FAST, autosave=False,
                          auto_bot="random", fair_secret=lambda: old.fair_join.secret)
    table.clients[0] = back
    table.links[0] = table.net.connect(back)
    assert table.run(lambda: back.phase in ("playing", "over") and back.seq >= 12, limit=10)
    seat = back.seats[0]
    assert back.match.state.hands[seat] and HIDDEN not in back.match.state.hands[seat]
    assert table.run(table.all_over, limit=200)
    assert [e.hash for e in back.match.log] == [e.hash for e in table.host.match.log]
    assert back.fair_join.replica.fair.verdict.fair


@pytest.mark.parametrize("game", [METRO, INK])
def test_a_lossy_network_keeps_a_fair_table_in_step(game):
    from net.transport.memnet import Faults
    table = FairTable(game, 3, [], host_bots=1, seed=3)
    table.net.faults = Faults(latency=(0.001, 0.03), drop=0.1, duplicate=0.1, reorder=0.3)
    table.start()
    assert table.run(table.all_over, limit=300)
    for client in table.clients:
        assert [e.hash for e in client.match.log] == [e.hash for e in table.host.match.log]


def test_a_restarted_joiner_takes_its_secret_from_its_own_save_and_the_audit_is_saved():
    from game.saves import read_save
    from game.saves.files import replays_dir, saves_dir
    table = FairTable(METRO, 3, ["hand2"], host_bots=1)
    table.host.autosave = True
    for client in table.clients:
        client.autosave = True
    table.start()
    table.run(lambda: table.host.seq >= 10, limit=30)
    old = table.clients[0]
    headers = [read_save(p).header for p in saves_dir().glob("*lan-peer*")]
    mine = [h for h in headers if h["lan"]["role"] == f"peer{old.pid}"]
    assert mine and bytes.fromhex(mine[0]["lan"]["fair"]) == old.fair_join.secret
    others = [h for h in headers if h["lan"]["role"] != f"peer{old.pid}"]
    assert all(h["lan"].get("fair") != old.fair_join.secret.hex() for h in others)
    table.net.disconnect(table.links[0])
    table.net.advance(0.3)
    # a new process: only the token (from the save), no secret passed in
    back = ClientEndpoint(old.name, token=old.token, timings=FAST, auto_bot="random",
                          fair_secret=lambda: b"\x07" * 32)
    table.clients[0] = back
    table.links[0] = table.net.connect(back)
    assert table.run(table.all_over, limit=200)
    assert back.fair_join.secret == old.fair_join.secret
    assert back.fair_join.replica.fair.verdict.fair
    audits = [read_save(p).header.get("audit") for p in replays_dir().glob("*lan-*")]
    assert audits and all(a is not None and a["fair"] for a in audits), audits

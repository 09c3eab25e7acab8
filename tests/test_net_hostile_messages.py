"""Any message in any state is safe on both sides (issue 14 item 4): a seeded fuzz of
schema-valid hostile messages against a host and a joiner in random states (the short
version of ``run.py bench --only net.fuzz``, which sends 100,000 to each), explicit handler
tables, unknown kinds refused with a reason, and a second START for another game."""

import sys

import pytest

from game.benchmarks.net_fuzz import fuzz
from game.rules import get_game
from net.protocol import messages as ids
from net.table.host import HOST_HANDLERS, HostEndpoint
from net.table.joiner import JOIN_HANDLERS, ClientEndpoint
from net.protocol.schema import FROM_HOST, FROM_PEER
from tests.test_net_lockstep import Table

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("side, kinds", [("host", FROM_PEER), ("joiner", FROM_HOST)])
def test_hostile_messages_in_random_states_never_escape(side, kinds):
    result = fuzz(side, seed=2026, count=2000)
    assert result["messages"] == 2000
    assert result["uncaught"] == 0, "\n".join(result["failures"])
    assert result["host_errors"] == 0, "\n".join(result["failures"])
    assert set(result["kinds"]) == set(kinds)       # every kind a sender may send, sent
    assert result["episodes"] >= 10                 # many tables, many states


def test_every_kind_has_exactly_one_handler_per_endpoint():
    # compact move frames are expanded to MOVE / PROPOSE before the table (net.protocol.moveframe)
    assert set(HOST_HANDLERS) == set(FROM_PEER) - {ids.HELLO, ids.PROOF, ids.PROPOSE_C}
    assert set(JOIN_HANDLERS) == set(FROM_HOST) - {ids.MOVE_C}
    for table, cls in ((HOST_HANDLERS, HostEndpoint), (JOIN_HANDLERS, ClientEndpoint)):
        for kind, function in table.items():       # functions, never method names
            # the endpoint's method, or a function of its module that reaches one of its parts
            home = cls if hasattr(cls, function.__name__) else sys.modules[cls.__module__]
            assert getattr(home, function.__name__) is function, (kind, function)


def test_an_unknown_kind_is_refused_with_a_reason_on_both_sides():
    table = Table(players=2, clients=0)
    # to the host: a kind no peer sends, even one that names a method of the endpoint
    for kind in ("zz", "_hello", "welcome", "start"):
        joiner = table.join("p")
        table.net.advance(0.1)
        assert joiner.phase == "lobby"
        table.host.poll()
        table.host.on_frame(table.links[-1], {"t": kind})
        refused = [e for e in table.host.poll() if e["event"] == "peer_refused"]
        assert refused and refused[0]["code"] == ids.R_UNKNOWN, kind
        table.net.advance(0.1)
        assert joiner.phase == "ended" and joiner.ended["code"] == ids.R_UNKNOWN
    # to a joiner: a kind no host sends
    joiner = table.join("q")
    table.net.advance(0.1)
    joiner.on_frame({"t": "_end"})
    assert joiner.phase == "ended" and joiner.ended["code"] == ids.R_UNKNOWN


def test_a_second_start_for_another_game_is_refused_not_played():
    table = Table(players=2, clients=1)
    table.net.advance(0.1)
    joiner = table.clients[0]
    seats = table.host.lobby_message()["seats"]
    first = {"t": ids.START, "g": "metro", "cfg": get_game("metro").make_config(2),
             "seats": seats, "dl": [0, 1], "tid": "t1"}
    other = {"t": ids.START, "g": "metromania", "cfg": get_game("metromania").make_config(2),
             "seats": seats, "dl": [0, 1], "tid": "t2"}
    joiner.on_frame(first)
    assert joiner.phase in ("dealing", "playing")
    joiner.on_frame(other)
    joiner.on_frame({"t": ids.SYNC, "w": ids.R_CATCH_UP, "log": [], "cmd": []})
    joiner.on_frame({"t": ids.MOVE, "q": 1, "s": 0, "m": "x"})
    table.net.advance(0.3)
    assert joiner.phase == "ended" and joiner.ended["code"] == ids.R_WRONG_STATE
    assert joiner.match is None or joiner.match.game.name == "metro"
    # the same START again (a welcome during play repeats it) is no reason to leave
    table2 = Table(players=2, clients=1)
    seen = []
    receive = table2.clients[0].on_frame

    def record(message):
        seen.append(message)
        receive(message)

    table2.clients[0].on_frame = record
    table2.start()
    assert table2.run(lambda: table2.host.seq >= 2)
    [start] = [m for m in seen if m["t"] == ids.START]
    receive(start)
    assert table2.clients[0].phase in ("playing", "over")

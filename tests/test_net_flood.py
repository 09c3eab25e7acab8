"""The host's flood guard: a peer sending far more frames than the protocol needs is refused
with a reason and dropped; a normal burst passes; the table plays on for everyone else."""

import socket

from net.protocol import messages as ids
from net.transport.ratelimit import BURST, FRAMES_PER_SECOND, FrameBudget
from net.transport.wire import FrameReader, encode
from tests.patience import PATIENCE
from tests.test_net_sockets import ThreadedTable, hello, raw_exchange


def test_budget_allows_a_burst_then_refills_at_its_rate():
    budget = FrameBudget(now=10.0, rate=100, burst=5)
    assert all(budget.take(10.0) for _ in range(5))
    assert not budget.take(10.0)
    assert budget.take(10.011)           # 1.1 frames refilled after 11 ms
    assert not budget.take(10.011)
    assert sum(budget.take(20.0) for _ in range(50)) == 5    # never more than the burst


def test_the_limits_leave_room_for_real_play():
    # eight local seats proposing at once, their hash reports and beats: far below the limit
    assert FRAMES_PER_SECOND >= 100 and BURST >= 2 * FRAMES_PER_SECOND


def test_a_flooding_peer_is_refused_and_the_others_play_on():
    table = ThreadedTable(players=3, door=False)    # the polite peer shares the address
    try:
        port = table.server.port
        # a player (welcomed to a seat first), then hash reports and proposals: each kind
        # within its own per-kind limit (net.transport.limits), together past the frame budget
        report = encode({"t": ids.HASH, "q": 0, "h": bytes(16)})
        proposal = encode({"t": ids.PROPOSE, "s": 1, "m": "x", "n": 1})
        frames = []
        with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as sock:
            sock.sendall(hello(ws=1))
            reader = FrameReader()
            while not any(f.get("t") == ids.WELCOME for f in frames):
                data = sock.recv(65536)
                assert data, frames            # closed before the welcome
                frames += reader.feed(data)
            sock.sendall((report * 2 + proposal) * ((BURST + 50) // 3))
            while not any(f.get("t") == ids.REFUSE for f in frames):
                data = sock.recv(65536)
                if not data:
                    break
                frames += reader.feed(data)
        refusals = [f for f in frames if f.get("t") == ids.REFUSE]
        assert refusals and refusals[0]["c"] == ids.R_FLOODING
        assert refusals[0]["a"]["limit"] == FRAMES_PER_SECOND
        # a burst below the limit is fine: the host answers the hello and keeps us
        polite = raw_exchange(port, hello() + encode({"t": ids.BEAT, "q": 0}) * 20,
                              read_timeout=1.0)
        assert not [f for f in polite if f.get("t") == ids.REFUSE]
        assert any(f.get("t") == ids.WELCOME for f in polite)
        with table.server.lock:
            assert table.server.endpoint.phase == "lobby"
    finally:
        table.close()


def test_every_language_can_tell_the_player_about_flooding():
    from game.client import text

    for lang in text.LANGUAGES:
        text.set_language(lang)
        try:
            message = text.t("net." + ids.R_FLOODING, limit=FRAMES_PER_SECOND)
            assert str(FRAMES_PER_SECOND) in message and "net." not in message
        finally:
            text.set_language("en")

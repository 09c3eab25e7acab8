"""A fair table resumed from a save (issue 13): the host resumes from any machine's save;
every machine rebuilds its driver and partial state by replaying the saved public stream with
its own secret, taken from its own save (never another's), and the game plays on to a fair
audit. START of the resumed table carries no seed: chance comes only from the stream."""

import pytest

from game.rules.core import HIDDEN
from game.saves import read_save
from game.saves.files import saves_dir
from net.protocol import messages as ids
from net.table.joiner import ClientEndpoint
from net.transport.memnet import MemNet
from game.saves.lan import load_table, resume_claim, resumed_endpoint
from tests.test_net_fair import FAST, METRO, INK, FairTable, secret_source

pytestmark = pytest.mark.timeout(120)


def played_then_all_gone(game, variants):
    table = FairTable(game, 3, variants, host_bots=1)
    table.host.autosave = True
    for client in table.clients:
        client.autosave = True
    table.start()
    table.run(lambda: table.host.seq >= 14, limit=30)
    for link in table.links:
        table.net.disconnect(link)
    old = {c.pid: (c.name, c.seats, c.fair_join.secret) for c in table.clients}
    if table.host.autosaver is not None:
        table.host.autosaver.close()
    for client in table.clients:
        if client.autosaver is not None:
            client.autosaver.close()
    return table, old


@pytest.mark.parametrize("game,variants,source", [
    (METRO, ["hand2"], "host"), (METRO, [], "peer"), (INK, [], "host")])
def test_a_fair_table_resumes_from_a_save_and_plays_to_a_fair_audit(game, variants, source,
                                                                    tmp_path):
    table, old = played_then_all_gone(game, variants)
    files = sorted(saves_dir().glob(f"*lan-{source}*"))
    if source != "host":     # another machine's save, brought over (all share one folder here)
        copy = tmp_path / files[0].name
        copy.write_bytes(files[0].read_bytes())
        files = [copy]
    loaded = load_table([files[0]])
    table_id = read_save(files[0]).header["table"]
    host = resumed_endpoint(loaded, "bot0", timings=FAST, fair_secret=secret_source("new"))
    assert host.fair is not None and host.fair.me == 0
    net = MemNet(host)
    sent = []
    original = host._broadcast
    host._broadcast = lambda message: (sent.append(message), original(message))
    clients = []
    for pid, (name, seats, secret) in sorted(old.items()):
        client = ClientEndpoint(name, token="r:" + resume_claim(table_id, pid), timings=FAST,
                                auto_bot="random", fair_secret=lambda: b"\x09" * 32)
        clients.append(client)
        net.connect(client)
    net.run_until(lambda: all(c.phase == "lobby" for c in clients), 3)
    for client in clients:
        client.set_ready(True)
    assert net.run_until(host.can_start, 3)
    assert host.start()
    start = next(m for m in sent if m["t"] == ids.START)
    assert "sd" not in start and "rv" not in start
    # at the saved move, and (Metro) with the hand dealt: a save cut between a move and the
    # shares of the draw after it leaves that draw to finish first
    assert net.run_until(lambda: all(c.phase in ("playing", "over") and c.seq >= loaded.match.seq
                                     and (game is not METRO or c.match.state.hands[c.seats[0]])
                                     for c in clients), 10), [
        (c.phase, c.seq, getattr(c, "ended", None), loaded.match.seq, host.seq) for c in clients]
    for client in clients:
        secret = old[client.fair_join.replica.fair.me][2]
        assert client.fair_join.secret == secret      # taken back from its own save
        seat = client.seats[0]
        if game is METRO:
            hand = client.match.state.hands[seat]
            assert hand and HIDDEN not in hand
    assert net.run_until(lambda: host.phase == "over" and host.fair.verdict is not None and all(
        c.phase == "over" and c.fair_join.replica.fair.verdict is not None for c in clients), 200)
    assert host.fair.verdict.fair
    for client in clients:
        assert client.fair_join.replica.fair.verdict.fair
        assert [e.hash for e in client.match.log] == [e.hash for e in host.match.log]

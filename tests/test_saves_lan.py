"""A LAN table resumed from its peers' logs: a Metro table plays over the in-memory network of
the net tests, the host goes away (its own log lost), and the longest verified peer log resumes
the game at the last move any peer confirmed, as an autosave, with the same seats."""

from __future__ import annotations

import json

from game import saves
from game.paths import saves_dir
from tests.test_net_lockstep import Table
from tests.test_saves_autosave import play


def test_host_lost_table_resumes_from_the_best_peer_log():
    table = Table(players=3, seed=5, fair=False)
    table.start()
    assert table.run(lambda: table.host.seq >= 14)
    host_match = table.host.match
    table.host.close()
    table.net.advance(0.2)
    logs = sorted(saves.netlogs_dir().glob("metro-*.json"))
    assert len(logs) == 3
    host_log = [path for path in logs if json.loads(path.read_text())["role"] == "host"]
    host_log[0].unlink()                       # the host machine died with its log
    peer_logs = [path for path in logs if path.exists()]

    # one peer's copy is cut short, the other is damaged near its end
    short = json.loads(peer_logs[0].read_text())
    short["log"] = short["log"][:9]
    peer_logs[0].write_text(json.dumps(short))
    damaged = json.loads(peer_logs[1].read_text())
    keep = len(damaged["log"]) - 1
    damaged["log"][keep][2] = "not a move"
    peer_logs[1].write_text(json.dumps(damaged))

    infos = saves.list_netlogs()
    assert sorted(info.path for info in infos) == sorted(peer_logs)
    best = saves.best_log(info.path for info in infos)
    assert best.path == str(peer_logs[1]) and best.verified_moves == keep
    assert best.damage.move == keep + 1 and best.damage.kind == "notation"
    assert best.match.hash() == host_match.log[keep - 1].hash
    assert [e.to_plain() for e in best.match.log] == \
        [e.to_plain() for e in host_match.log[:keep]]

    resumed = saves.resume(best, durable=False)
    assert resumed.autosaver.path.parent == saves_dir()
    assert [s.to_plain() for s in resumed.match.seats] == damaged["seats"]
    assert saves.list_resumable()[0].path == resumed.autosaver.path
    play(resumed.match, 3)
    again = saves.load(resumed.autosaver.path)
    assert again.ok and again.match.hash() == resumed.match.hash()
    assert again.match.log[:keep] == host_match.log[:keep]

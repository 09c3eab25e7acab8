"""The best of several copies of one game's log: three machines kept the same Metro game's
log (``net.local.netlog`` format), the first one is lost, one copy is cut short and one damaged
near its end; the longest verified copy resumes the game at its last verified move, as an
autosave, with the same seats. (A fair LAN table's own saves resume through its cipher
stream: tests/test_net_resume.py and tests/test_net_fair_resume.py.)"""

from __future__ import annotations

import json

from game import saves
from game.paths import saves_dir
from tests.test_saves_autosave import play


def three_copies_of_one_game():
    from game.match import Match, SeatInfo
    from game.rules.core import Rng
    from game.rules.metro import GAME
    from game.saves.lan import write_netlog

    match = Match.new(GAME, GAME.make_config(3), 5,
                      [SeatInfo(name=n, kind="remote") for n in ("hal", "p0", "p1")])
    rng = Rng(5)
    while match.seq < 14:
        seat = match.to_act()[0]
        match.apply(seat, GAME.random_move(match.state, seat, rng))
    for role in ("host", "peer1", "peer2"):
        write_netlog(match, role, [])
    return match


def test_host_lost_table_resumes_from_the_best_peer_log():
    host_match = three_copies_of_one_game()
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

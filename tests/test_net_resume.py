"""LAN tables survive crashes: every peer autosaves after each applied move (kill -9 proof),
and a host resumes the table from any peer's log with the players rejoining their own seats
(each machine proves them from its own save; a name alone takes none).

Real processes on 127.0.0.1 with ephemeral ports (run.py host/join), each with its own home.
"""

from game import saves
from game.paths import saves_dir
from game.saves.format import parse_bytes
from net.protocol import messages as ids
from game.saves.lan import lan_info, resumed_slots
from tests.patience import wait_for
from tests.test_net_sockets import finish, host_process, read_until, spawn


def saved_logs(home):
    """The unfinished LAN autosaves in a process home, parsed (no replay)."""
    files = sorted((home / "saves").glob("*.tlsave"))
    return [(path, parse_bytes(path.read_bytes(), str(path))) for path in files]


def saves_hold(homes, entries: int):
    """A condition: every home holds one LAN autosave of at least ``entries`` records (a
    file being written may not parse yet: then not yet)."""
    def check() -> bool:
        for home in homes:
            try:
                found = saved_logs(home)
            except Exception:  # noqa: BLE001 - caught mid-write: look again
                return False
            if len(found) != 1 or len(found[0][1].entries) < entries:
                return False
        return True
    return check


def kill(*procs):
    for proc in procs:
        proc.kill()
    for proc in procs:
        proc.wait(timeout=5)
        proc.stdout.close()
        proc.stderr.close()


def play_part_and_kill(tmp_path):
    """Host + 2 joiners start a 3-player Metro game; everything is killed -9 mid-game."""
    host, port = host_process(3, tmp_path / "h", "--bot", "random", "--name", "hal")
    joiners = [spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay", "0.15",
                     "--name", name, home=tmp_path / name) for name in ("ann", "bob")]
    seats = {}
    for name, proc in zip(("ann", "bob"), joiners):
        seats[name] = read_until(proc, "joined")["seats"]
        read_until(proc, "started")
    # some moves on every machine's disk (a fair table keys and deals first), then the crash
    wait_for(saves_hold([tmp_path / who for who in ("h", "ann", "bob")], 5),
             "five records in every save", pause=0.01)
    kill(host, *joiners)
    return seats


def test_killed_peers_keep_every_applied_move_and_the_host_resumes_from_a_joiner_log(tmp_path):
    seats = play_part_and_kill(tmp_path)

    # 1. every peer's log is on disk, every record verified, all logs agree
    logs = {}
    for who in ("h", "ann", "bob"):
        found = saved_logs(tmp_path / who)
        assert len(found) == 1, (who, found)
        path, parsed = found[0]
        loaded = saves.load(path)
        # a fair table's record stream may already hold the chance step after the last
        # logged entry (killed between the two writes): it replays one entry further
        assert loaded.ok and len(parsed.entries) > 3, who
        assert len(parsed.entries) <= loaded.verified_moves <= len(parsed.entries) + 1, who
        assert not loaded.match.is_over()
        info = lan_info(parsed.header)
        assert info["role"] == ("host" if who == "h" else info["role"])
        assert info["role"].startswith("host" if who == "h" else "peer")
        logs[who] = (path, loaded)
    assert lan_info(logs["h"][1].save.header)["mine"] == [0]
    assert lan_info(logs["ann"][1].save.header)["mine"] == seats["ann"]
    tables = {loaded.save.header["table"] for _, loaded in logs.values()}
    assert len(tables) == 1
    longest = max(len(loaded.match.log) for _, loaded in logs.values())
    for _, loaded in logs.values():
        assert len(loaded.match.log) >= longest - 2      # at most the unhashed last moves
        reference = max(logs.values(), key=lambda item: len(item[1].match.log))[1].match.log
        assert loaded.match.log == reference[:len(loaded.match.log)]

    # 2. the host machine is gone: a new host resumes from bob's log; the players rejoin
    #    from their own machines, whose saves prove their seats (bob first, so seats cannot
    #    be handed out in order of arrival by accident)
    source_path, source = logs["bob"]
    original = list(source.match.log)
    host, port = host_process(3, tmp_path / "h2", "--resume", str(source_path), "--name", "hal")
    resumed = read_until(host, "resumed")
    assert resumed["seq"] == len(original) and resumed["waiting_for"] == ["ann", "bob"]
    back = {}
    for name in ("bob", "ann"):
        back[name] = spawn("join", f"127.0.0.1:{port}", "--headless", "--name", name,
                           home=tmp_path / name)
        assert read_until(back[name], "joined")["seats"] == seats[name]
    results = [finish(host)[-1]] + [finish(back[name])[-1] for name in ("ann", "bob")]
    assert len({(r["seq"], r["hash"], tuple(r["scores"])) for r in results}) == 1, results
    assert results[0]["seq"] > len(original)

    # the finished game is a replay on every machine; it continues the saved log exactly
    for who in ("h2", "ann", "bob"):
        replays = sorted((tmp_path / who / "replays").glob("*.tlsave"))
        assert len(replays) == 1, (who, replays)
        final = saves.load(replays[0])
        assert final.ok and final.match.is_over()
        assert final.match.seq == results[0]["seq"]
        assert final.match.hash() == results[0]["hash"]
        assert final.match.log[:len(original)] == original
    # every machine's save of the crashed table was continued, not left behind: nothing is
    # offered for resuming any more
    for who in ("h2", "ann", "bob"):
        assert not list((tmp_path / who / "saves").glob("*.tlsave")), who


def test_resume_refuses_unusable_files_with_a_clear_message(tmp_path):
    bad = tmp_path / "bad.tlsave"
    bad.write_text("not a save")
    host = spawn("host", "--headless", "--resume", str(bad), "--port", "0",
                 "--discovery-port", "-1", home=tmp_path / "h")
    out, err = host.communicate(timeout=30)
    assert host.returncode == 2 and "cannot resume" in err and "Traceback" not in err
    from game.match import Match
    from game.rules.core import Rng
    from game.rules.metro import GAME

    match = Match.new(GAME, GAME.make_config(2), 4)
    rng = Rng(4)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, GAME.random_move(match.state, seat, rng))
    done = saves.write_save(match, tmp_path / "done.tlsave")
    host = spawn("host", "--headless", "--resume", str(done), "--port", "0",
                 "--discovery-port", "-1", home=tmp_path / "h")
    out, err = host.communicate(timeout=30)
    assert host.returncode == 2 and "already finished" in err and "Traceback" not in err


def test_resumed_seats_follow_names_and_the_old_host_bots():
    header = {"config": {"players": 4},
              "seats": [{"name": "hal", "kind": "bot", "level": "random"},
                        {"name": "ann", "kind": "remote"},
                        {"name": "bot 1", "kind": "bot", "level": "easy"},
                        {"name": "cy", "kind": "remote"}],
              "lan": {"role": "peer2", "peers": [0, 1, 0, 1], "mine": [1, 3]}}
    slots = resumed_slots(header, "hal", headless_bot="random")
    assert [s.kind for s in slots] == [ids.KIND_BOT, ids.KIND_OPEN, ids.KIND_BOT, ids.KIND_OPEN]
    assert [s.reserved for s in slots] == ["", "ann", "", "cy"]
    assert slots[2].level == "easy" and slots[1].group == slots[3].group == 1
    # a windowed host named after a remote player plays that seat itself
    slots = resumed_slots(header, "ann")
    assert slots[1].kind == ids.KIND_LOCAL and slots[0].kind == ids.KIND_BOT
    assert slots[3].reserved == "cy"


# ---------------------------------------------------------------- in memory (fast, exact)

def test_every_peer_autosave_follows_its_log_through_a_desync_repair():
    from tests.test_net_lockstep import Table

    table = Table(players=3, seed=11, autosave=True)
    table.start()
    assert table.run(lambda: table.host.seq >= 10)
    table.clients[0].match.state.scores[1] += 7      # only the hash tells: repaired later
    table.check_agreement = lambda: [c.poll() for c in table.clients]
    assert table.run(table.all_over, limit=60)
    # each finished save moves to the replays once its end's audit is recorded, a moment
    # after the end (net.transport.timing.Timings.end_paperwork)
    assert table.run(lambda: len(list(saves.replays_dir().glob("*.tlsave"))) == 3, limit=5)
    table.assert_converged()
    finals = [saves.load(path) for path in sorted(saves.replays_dir().glob("*.tlsave"))]
    assert len(finals) == 3 and not list(saves_dir().glob("*.tlsave"))
    for final in finals:       # the victim's file was rewritten from the host's log
        assert final.ok and final.match.log == table.host.match.log
    roles = sorted(lan_info(final.save.header)["role"] for final in finals)
    assert roles == ["host", "peer1", "peer2"]


def test_resumed_table_gives_seats_back_by_claim_and_refuses_names():
    from net.table.joiner import ClientEndpoint
    from net.transport.memnet import MemNet
    from game.saves.lan import load_table, resume_claim, resumed_endpoint, table_id
    from tests.test_net_lockstep import FAST, Table

    table = Table(players=3, seed=5, autosave=True)
    table.start()
    assert table.run(lambda: table.host.seq >= 12)
    old_seats = {c.name: c.seats for c in table.clients}
    old_secrets = {c.name: c.fair_join.secret for c in table.clients}   # in their own saves
    tid = table_id(table.host.match)
    claims = {c.name: "r:" + resume_claim(tid, c.pid) for c in table.clients}
    for client in table.clients:          # the joiners' machines crash (no clean end)
        client.autosaver.close()
    table.host.close()
    peer_files = [path for path in saves_dir().glob("*-lan-peer*.tlsave")]
    assert len(peer_files) == 2
    loaded = load_table(peer_files)
    original = list(loaded.match.log)
    assert len(original) >= 12

    host = resumed_endpoint(loaded, "host", headless_bot="random", timings=FAST)
    net = MemNet(host, seed=3)
    clients = []

    def join(name, token=""):
        # each machine's own save (here in the one shared folder) proves its claim
        client = ClientEndpoint(name, token=token, auto_bot="random", timings=FAST,
                                autosave=False,
                                fair_secret=lambda: old_secrets.get(name) or bytes(32))
        clients.append(client)
        net.connect(client)
        net.advance(0.1)
        return client

    stranger = join("mallory")
    assert stranger.ended["code"] == ids.R_SEAT_OWNED
    assert stranger.ended["args"]["names"] == "p0, p1"
    namesake = join("p0")           # a name is no proof (issue 26 item 4)
    assert namesake.ended == {"code": ids.R_SEAT_OWNED, "args": {"names": "p0"}}
    assert not host.can_start()
    second, first = join("p1", claims["p1"]), join("p0", claims["p0"])
    assert second.seats == old_seats["p1"] and first.seats == old_seats["p0"]
    for client in (first, second):
        client.set_ready(True)
    assert net.run_until(host.can_start, 2) and host.seating.owners_back() and host.start()
    assert net.run_until(lambda: host.phase == "over" and all(
        c.phase == "over" and c.seq == host.seq for c in (first, second)), 60)
    assert host.match.log[:len(original)] == original
    for client in (first, second):
        assert client.match.hash() == host.match.hash()
        assert client.match.log == host.match.log


def test_a_crashed_joiner_that_rejoins_continues_its_own_save():
    from tests.test_net_lockstep import Table

    table = Table(players=3, seed=5, autosave=True)
    table.start()
    assert table.run(lambda: table.host.seq >= 10)
    crashed = table.clients[0]
    crashed.autosaver.close()                 # kill -9: the file stays as it was
    old_path = crashed.autosaver.path
    table.net.disconnect(table.links[0])
    back = table.rejoin(0)
    assert table.run(lambda: back.autosaver is not None and back.seq >= 10, limit=5)
    assert back.autosaver.path == old_path
    assert table.run(table.all_over, limit=60)
    table.assert_converged()
    assert not list(saves_dir().glob("*.tlsave"))            # nothing left to resume
    finals = [saves.load(p) for p in saves.replays_dir().glob("*.tlsave")]
    assert len(finals) == 3 and all(f.match.log == table.host.match.log for f in finals)


def test_autosave_of_a_sequenced_game_hears_moves_late_and_ends_with_the_last_one():
    """The host hashes a move just before the next one is applied and tells the listeners
    after broadcasting that next move: the autosave must neither finish a move early nor
    write a move without its hash (a rewrite meanwhile keeps the hashed prefix)."""
    from game.match import Match
    from game.rules.core import Rng
    from game.rules.metro import GAME
    from game.saves import start_autosave

    match = Match.new(GAME, GAME.make_config(2), 21)
    saver = start_autosave(match, durable=False)
    rng = Rng(3)
    while not match.is_over():
        seat = match.to_act()[0]
        # what the fair host does with a checked move (net.fair.host, net.fair.moves): the
        # last move's hash first, the move applied unhashed, then the listeners
        match.seal(tell=False)
        match.apply(seat, GAME.random_move(match.state, seat, rng), check=False,
                    hash_now=False, tell=False)
        match.tell()
        if match.seq == 10:
            saver.sync(match)          # e.g. after a resync: the unhashed last move waits
            early = saves.load(saver.path)
            assert early.ok and early.match.seq == 9
    assert not saver.finished          # the last move is not hashed yet
    match.seal()
    assert saver.finished and saver.path.parent == saves.replays_dir()
    final = saves.load(saver.path)
    assert final.ok and final.match.log == match.log and final.save.end is not None

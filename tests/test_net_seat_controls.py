"""The host's seat controls during play, over the in-memory network: a dropped seat is waited
on for a bounded time only (then a bot plays it, and its player takes it back on return), the
host can free a seat or give it to a connected spectator (e.g. its player back without the
token), and a joiner's own save keeps its seat token and the table's address (the secret a
relaunched client rejoins with)."""

import pytest

from game import paths
from net.protocol import messages as ids
from net.table.joiner import ClientEndpoint
from game.saves.lan import rejoin_info
from tests.test_net_lockstep import FAST, Table


def test_a_waited_on_seat_goes_to_a_bot_after_the_limit_and_back_to_its_player():
    table = Table(players=3, seed=11)
    table.host.seat_waits.wait_limit = 2.0
    table.start()
    table.run(lambda: table.host.seq >= 6)
    seat = table.clients[0].seats[0]
    table.net.disconnect(table.links[0])
    table.run(lambda: table.host.seating.statuses()[seat] == ids.ST_DISCONNECTED, limit=3)
    assert seat in table.host.seat_waits.waiting_on()
    events = []
    table.run(lambda: table.host.seating.statuses()[seat] == ids.ST_BOT, limit=5,
              each=lambda: events.extend(table.host.poll()))
    waited = [e for e in events if e["event"] == "waited_out"]
    assert waited and waited[0]["seat"] == seat
    assert 2.0 <= waited[0]["seconds"] <= 2.5        # bounded by the limit, not for good
    assert table.host.seat_waits.waiting_on() == {}
    back = table.rejoin(0)
    assert table.run(lambda: back.phase in ("playing", "over")
                     and table.host.seating.statuses()[seat] != ids.ST_BOT, limit=5)
    assert table.run(table.all_over, limit=60)
    table.assert_converged()


def test_without_a_limit_the_seat_waits_and_says_for_how_long():
    table = Table(players=2, seed=3)
    table.start()
    table.run(lambda: table.host.seq >= 2)
    seat = table.clients[0].seats[0]
    table.net.disconnect(table.links[0])
    table.run(lambda: seat in table.host.seat_waits.waiting_on(), limit=3)
    first = table.host.seat_waits.waiting_on()[seat]
    table.net.advance(3.0)
    assert table.host.seat_waits.waiting_on()[seat] >= first + 2.9
    assert table.host.seating.statuses()[seat] == ids.ST_DISCONNECTED


def test_the_host_gives_a_dropped_seat_to_its_player_back_as_a_spectator():
    table = Table(players=3, seed=21)
    table.start()
    table.run(lambda: table.host.seq >= 5)
    seat = table.clients[0].seats[0]
    table.net.disconnect(table.links[0])
    table.run(lambda: table.host.seating.statuses()[seat] == ids.ST_DISCONNECTED, limit=3)
    # back from another machine without the token: only a spectator
    watcher = table.join("p0", wanted_seats=0)
    table.run(lambda: watcher.phase == "playing", limit=3)
    assert watcher.seats == []
    (pid, name), = table.host.spectators()
    assert name.startswith("p0")
    table.host.seat_waits.give_seat(seat, pid)
    assert table.run(lambda: watcher.seats == [seat] and seat not in table.host.seat_waits.waiting_on(),
                     limit=3)
    assert table.run(table.all_over, limit=60)
    table.assert_converged()
    # the old token no longer holds that seat
    assert seat not in table.host.peers[table.clients[0].pid].seats


def test_a_freed_seat_is_played_by_a_bot_until_given_to_a_spectator():
    table = Table(players=3, seed=4)
    table.start()
    table.run(lambda: table.host.seq >= 4)
    seat = table.clients[1].seats[0]
    table.net.disconnect(table.links[1])
    table.run(lambda: table.host.seating.statuses()[seat] == ids.ST_DISCONNECTED, limit=3)
    table.host.seat_waits.free_seat(seat)
    assert table.host.seating.statuses()[seat] == ids.ST_BOT
    assert table.host.slots[seat].kind == ids.KIND_OPEN
    before = table.host.seq
    table.run(lambda: table.host.seq > before + 3, limit=10)
    guest = table.join("Newcomer", wanted_seats=0, auto_bot="random")
    table.run(lambda: guest.phase == "playing", limit=3)
    table.host.seat_waits.give_seat(seat, guest.pid)
    assert table.run(lambda: guest.seats == [seat]
                     and table.host.seating.statuses()[seat] == ids.ST_CONNECTED, limit=3)
    assert table.run(table.all_over, limit=60)
    table.assert_converged()
    with pytest.raises(ValueError):
        table.host.seat_waits.give_seat(seat, 999)


def test_a_joiners_save_keeps_its_seat_token_and_the_tables_address(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    table = Table(players=2, seed=8, clients=0, autosave=True)
    client = table.join("Cleo")
    client.address = ("127.0.0.1", 5055)
    table.start()
    table.run(lambda: table.host.seq >= 3)
    from game.saves import read_save

    mine = [p for p in paths.saves_dir().glob("*.tlsave") if "lan-peer" in p.name]
    assert len(mine) == 1
    info = rejoin_info(read_save(mine[0]).header)
    assert info["key"] == client.token and len(client.token) >= 16
    assert info["address"] == ("127.0.0.1", 5055)
    assert info["name"] == "Cleo" and info["host_name"] == ""     # the host's seat is a bot
    # the host keeps only a digest: the key is not in its save
    host_save = next(p for p in paths.saves_dir().glob("*.tlsave") if "lan-host" in p.name)
    assert client.token not in host_save.read_text(errors="replace")
    # rejoining with the saved key takes the seat back
    table.net.disconnect(table.links[0])
    table.net.advance(0.2)
    back = ClientEndpoint("Cleo", token=info["key"], timings=FAST, auto_bot="random",
                          autosave=False)
    table.clients[0], table.links[0] = back, table.net.connect(back)
    table.history[back] = None
    assert table.run(lambda: back.seats == client.seats and back.phase == "playing", limit=3)


def test_headless_join_rejoin_and_host_wait_limit_arguments(tmp_path, monkeypatch):
    """``join --rejoin`` finds the seat token in this machine's save of that table (or says
    there is none, exit 2); ``host --wait-limit`` refuses a nonsense limit (exit 2)."""
    import subprocess
    import sys

    from game.match import Match
    from game.rules.metro import GAME
    from game.saves.lan import saved_seat_key, start_net_autosave

    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    match = Match.new(GAME, GAME.make_config(2), 5)
    start_net_autosave(match, "peer1", [0, 1], [1], key="s" * 32, address=("127.0.0.1", 5999))
    assert saved_seat_key("127.0.0.1", 5999) == "s" * 32
    assert saved_seat_key("127.0.0.1", 6000) == ""
    env = dict(__import__("os").environ, TRACKLAYER_HOME=str(tmp_path))
    for argv, words in ((["join", "127.0.0.1:6000", "--headless", "--rejoin"], "to rejoin"),
                        (["host", "metro", "--headless", "--wait-limit", "0"], "--wait-limit"),
                        (["host", "metro", "--headless", "--wait-limit", "nan"],
                         "--wait-limit")):
        done = subprocess.run([sys.executable, "run.py", *argv], capture_output=True, text=True,
                              env=env, timeout=60)
        assert done.returncode == 2 and words in done.stderr, (argv, done.stderr)
        assert "Traceback" not in done.stderr


def test_headless_crash_waits_at_most_the_limit_then_rejoin_from_the_save(tmp_path):
    """``host --headless --wait-limit 1``: a joiner killed mid-game is waited on for the limit
    only, then the host's bot plays its seat and the game ends. With the default limit, ``join
    --rejoin`` on the same machine takes the seat back with the token its save keeps, and
    both end on one hash."""
    import time

    from tests.test_net_sockets import host_process, read_until, spawn

    def finish(proc):
        """The last line of a process already partly read with ``read_until``."""
        read_until(proc, "game_over")
        assert proc.wait(timeout=40) == 0, proc.stderr.read()

    def crash(host, port, home):
        victim = spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay", "0.05",
                       "--name", "Cleo", home=home)
        read_until(victim, "started")
        time.sleep(0.4)
        victim.kill()                               # no goodbye: the laptop crashed
        victim.wait(timeout=5)
        return read_until(host, "peer_left")

    host, port = host_process(2, tmp_path / "h1", "--wait-limit", "1", "--end-grace", "1")
    left = crash(host, port, tmp_path / "cleo1")
    waited = read_until(host, "waited_out")
    # waited the limit, not the default two minutes (a loaded machine may notice late by a
    # few ticks: far below the default is the limit at work)
    assert waited["seat"] == left["seats"][0] and 1.0 <= waited["seconds"] < 60
    finish(host)                                      # nobody waited for good: it ended

    host, port = host_process(2, tmp_path / "h2")
    left = crash(host, port, tmp_path / "cleo2")
    back = spawn("join", f"127.0.0.1:{port}", "--headless", "--rejoin", "--move-delay", "0.02",
                 "--name", "Cleo", home=tmp_path / "cleo2")
    rejoined = read_until(back, "joined")
    assert rejoined["seats"] == left["seats"]
    results = [read_until(host, "game_over"), read_until(back, "game_over")]
    assert len({(r["seq"], r["hash"], tuple(r["scores"])) for r in results}) == 1, results
    for proc in (host, back):
        assert proc.wait(timeout=40) == 0

"""The same players get their own seats back at a resumed LAN table, even when names repeat.

Names are unique at a table (the host numbers a repeated name: "Player 1 (2)"); a resumed
table gives each returning machine exactly the seats it held (its resume claim: table id and
old peer id from its own save, or its old seat token); a name alone never takes a seat a
machine can prove (issue 26), and where none can, names are a fallback that never hands one
machine's seats to another; the host's own seats are the old host's. In memory (MemNet)
and, once, with real ``run.py host --resume`` / ``run.py join`` processes on 127.0.0.1.
"""

import dataclasses

from game.paths import saves_dir
from net.protocol import messages as ids
from net.protocol.lobby import Slot
from game.saves.lan import (claimed_group, lan_info, load_table, resume_claim, resume_claims,
                         resumed_endpoint, resumed_slots, table_id)
from net.protocol.tables import claimed_groups
from tests.test_net_lockstep import FAST, Table


def names_of(host):
    return [slot.name for slot in host.slots]


def test_a_repeated_name_is_numbered_at_join_and_on_rename():
    host_seat = [Slot(kind=ids.KIND_BOT, name="Player 1", level="random")]
    table = Table(players=4, clients=0, host_seats=host_seat + [Slot() for _ in range(3)])
    joiners = []
    for _ in range(3):
        joiners.append(table.join("Player 1"))
        table.net.run_until(lambda: joiners[-1].phase == "lobby", 2)
    watcher = table.join("Player 1", wanted_seats=0)
    table.net.run_until(lambda: all(c.phase == "lobby" for c in table.clients), 2)
    assert names_of(table.host) == ["Player 1", "Player 1 (2)", "Player 1 (3)", "Player 1 (4)"]
    assert table.host.lobby_message()["spec"] == ["Player 1 (5)"]
    # every joiner sees the numbered names in the lobby rows
    rows = joiners[0].lobby["seats"]
    assert [row["n"] for row in rows] == names_of(table.host)
    # renaming to a name in use numbers it too; a free name is kept as typed
    third = joiners[1]
    third.set_seat(third.seats[0], "Player 1")
    third_seat = third.seats[0]
    joiners[2].set_seat(joiners[2].seats[0], "Zoe")
    table.net.advance(0.2)
    assert table.host.slots[third_seat].name == "Player 1 (3)"
    assert table.host.slots[joiners[2].seats[0]].name == "Zoe"
    joiners[0].set_seat(joiners[0].seats[0], "Zoe")
    table.net.advance(0.2)
    assert table.host.slots[joiners[0].seats[0]].name == "Zoe (2)"
    assert len(set(names_of(table.host))) == 4
    # the host's own seats follow the same rule
    table.host.set_seat(0, ids.KIND_LOCAL, name="Zoe")
    assert table.host.slots[0].name == "Zoe (3)"
    assert watcher.phase == "lobby"


def test_resumed_slots_never_give_the_host_a_seat_of_another_machine_by_name():
    header = {"config": {"players": 3},
              "seats": [{"name": "Player 1", "kind": "human"},
                        {"name": "Player 1", "kind": "remote"},
                        {"name": "Player 1", "kind": "remote"}],
              "lan": {"role": "host", "peers": [0, 1, 2], "mine": [0]}}
    slots = resumed_slots(header, "Player 1", headless_bot="random")
    assert [s.kind for s in slots] == [ids.KIND_BOT, ids.KIND_OPEN, ids.KIND_OPEN]
    assert [s.group for s in slots[1:]] == [1, 2]
    # resumed on the machine that was peer 2: its seat is the host's, the old host waits
    slots = resumed_slots(header, "Player 1", host_peer=2)
    assert [s.kind for s in slots] == [ids.KIND_OPEN, ids.KIND_OPEN, ids.KIND_LOCAL]
    assert slots[0].reserved == "Player 1" and slots[0].group == 0


def test_claims_name_this_table_and_peer_only():
    table = "0123456789abcdef"
    assert claimed_group("r:" + resume_claim(table, 3), table) == 3
    assert claimed_group("r:ffffffffffff:1," + resume_claim(table, 2), table) == 2
    # a machine with two saves of the table (the old host's and a guest's) claims both
    assert claimed_groups("r:" + resume_claim(table, 0) + "," + resume_claim(table, 1),
                          table) == [0, 1]
    for token in ("", "r:", "r:0123456789ab", "r:0123456789ab:x", "r:fedcba987654:1",
                  "0123456789ab:1", "r:0123456789ab:-1", "r:0123456789ab:99999999999"):
        assert claimed_group(token, table) is None, token


def play_and_crash(players, seed, name="Player 1"):
    """A memnet table where every player had the same name (as before names were made
    unique): play a while, then every machine crashes. Returns (host save, old seats and
    claim per client)."""
    table = Table(players=players, seed=seed, autosave=True, clients=0, host_seats=[
        Slot(kind=ids.KIND_BOT, name=name, level="random")] + [Slot()] * 0 + [
        Slot() for _ in range(players - 1)])
    for _ in range(players - 1):
        table.join(name)
    table.start()
    assert table.run(lambda: table.host.seq >= 12)
    match = table.host.match
    # the old version let names repeat: give every seat the same name in the saves
    match.reseat(dataclasses.replace(seat, name=name) for seat in match.seats)
    table.host.autosaver.refresh_header(match)
    tid = table_id(match)
    old = [(client.seats, "r:" + resume_claim(tid, client.pid), client.token)
           for client in table.clients]
    for client in table.clients:
        client.autosaver.close()
    table.host.autosaver.close()
    host_files = list(saves_dir().glob("*-lan-host*.tlsave"))
    assert len(host_files) == 1
    return host_files[0], old


def test_a_resume_where_everyone_had_the_same_name_gives_each_machine_its_seats():
    from net.table.joiner import ClientEndpoint
    from net.transport.memnet import MemNet

    host_file, old = play_and_crash(4, seed=9)
    loaded = load_table([host_file])
    header = loaded.save.header
    assert {seat["name"] for seat in header["seats"]} == {"Player 1"}
    assert lan_info(header)["peers"] == [0, 1, 2, 3]
    digests = lan_info(header)["tokens"]
    assert digests[0] == "" and len(set(digests[1:])) == 3 and all(digests[1:])
    assert all(token not in str(header) for _seats, _claim, token in old)   # digests only
    original = list(loaded.match.log)
    host = resumed_endpoint(loaded, "Player 1", headless_bot="random", timings=FAST)
    # the host plays only the old host's seat, although every seat had its name
    assert [s.kind for s in host.slots] == [ids.KIND_BOT] + [ids.KIND_OPEN] * 3
    net = MemNet(host, seed=4)
    clients = []
    # a stranger's seat token is still refused
    stranger = ClientEndpoint("Player 1", token="0" * 24, timings=FAST, autosave=False)
    net.connect(stranger)
    net.advance(0.1)
    assert stranger.ended["code"] == ids.R_BAD_TOKEN
    for index, (seats, claim, token) in reversed(list(enumerate(old))):
        # the last joiner comes back first; the first one with the seat token it was given
        # (run.py join printed it), the others with their machine's resume claim
        client = ClientEndpoint("Player 1", token=token if index == 0 else claim,
                                auto_bot="random", timings=FAST, autosave=False)
        clients.append((client, seats))
        net.connect(client)
        net.advance(0.1)
        assert client.phase == "lobby" and client.seats == seats, (client.ended, seats)
    # the names are unique at the resumed table
    assert len(set(names_of(host))) == 4
    for client, _ in clients:
        client.set_ready(True)
    assert net.run_until(host.can_start, 2) and host.start()
    assert net.run_until(lambda: host.phase == "over" and all(
        c.phase == "over" and c.seq == host.seq for c, _ in clients), 60)
    assert host.match.log[:len(original)] == original
    assert all(c.match.hash() == host.match.hash() for c, _ in clients)


def test_without_a_claim_a_shared_name_gives_one_machine_only():
    from net.table.joiner import ClientEndpoint
    from net.transport.memnet import MemNet

    host_file, old = play_and_crash(3, seed=6)
    loaded = load_table([host_file])
    host = resumed_endpoint(loaded, "Player 1", headless_bot="random", timings=FAST)
    net = MemNet(host, seed=2)
    # every machine of this table can prove its seats (its claim key, its seat token): the
    # shared name alone takes none of them (issue 26 item 4)
    first = ClientEndpoint("Player 1", wanted_seats=2, timings=FAST, autosave=False)
    net.connect(first)
    net.advance(0.1)
    assert not first.seats and first.ended["code"] == ids.R_SEAT_OWNED
    # the other machine, with its claim, gets its own seat back
    second = ClientEndpoint("Player 1", token=old[1][1], timings=FAST, autosave=False)
    net.connect(second)
    net.advance(0.1)
    assert second.seats == old[1][0]
    # a save where no machine can prove anything: a shared name gives one machine's seats
    for field in ("claimkeys", "tokens"):
        loaded.save.header["lan"].pop(field)
    host = resumed_endpoint(loaded, "Player 1", headless_bot="random", timings=FAST)
    net = MemNet(host, seed=3)
    first = ClientEndpoint("Player 1", wanted_seats=2, timings=FAST, autosave=False)
    net.connect(first)
    net.advance(0.1)
    assert first.seats == old[0][0]          # one old machine's seat, not both
    # a stale claim is no seat token: a new table seats it as a newcomer
    fresh = Table(players=2, clients=0)
    newcomer = fresh.join("ann", token=old[0][1])
    fresh.net.run_until(lambda: newcomer.phase != "connecting", 2)
    assert newcomer.phase == "lobby" and newcomer.seats == [1]


def test_resume_claims_come_from_this_machines_unfinished_joiner_saves():
    table = Table(players=3, seed=3, autosave=True)
    table.start()
    assert table.run(lambda: table.host.seq >= 6)
    tid = table_id(table.host.match)
    claims = resume_claims()
    assert claims.startswith("r:") and len(claims) <= 64
    for client in table.clients:       # both joiners' saves are in this (shared) folder
        assert resume_claim(tid, client.pid) in claims
    assert resume_claim(tid, 0) in claims           # the old host's save: peer 0
    assert resume_claims("railroad_ink") == ""
    assert table.run(table.all_over, limit=60)
    assert resume_claims() == ""             # finished games claim nothing


# ---------------------------------------------------------------- real processes
def test_run_py_resume_with_default_names_gives_each_joiner_its_own_seat(tmp_path):
    from tests.patience import wait_for
    from tests.test_net_resume import kill, saved_logs, saves_hold
    from tests.test_net_sockets import finish, host_process, read_until, spawn

    host, port = host_process(3, tmp_path / "h", "--bot", "random")
    homes = {"a": tmp_path / "a", "b": tmp_path / "b"}
    joiners = {}
    seats = {}
    for who in ("a", "b"):          # both with the default name
        joiners[who] = spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay",
                             "0.03", home=homes[who])
        seats[who] = read_until(joiners[who], "joined")["seats"]
    for who in ("a", "b"):
        read_until(joiners[who], "started")
    wait_for(saves_hold([tmp_path / "h"], 3), "three records in the host's save", pause=0.01)
    kill(host, *joiners.values())
    [(host_file, parsed)] = saved_logs(tmp_path / "h")
    names = [seat["name"] for seat in parsed.header["seats"]]
    assert names[seats["a"][0]] == "player" and names[seats["b"][0]] == "player (2)"
    host, port = host_process(3, tmp_path / "h", "--resume", str(host_file))
    read_until(host, "resumed")
    back = {}
    for who in ("b", "a"):          # the numbered one first: by name it would take "player"
        back[who] = spawn("join", f"127.0.0.1:{port}", "--headless", home=homes[who])
        assert read_until(back[who], "joined")["seats"] == seats[who], who
    results = [finish(host)[-1]] + [finish(back[who])[-1] for who in ("a", "b")]
    assert len({(r["seq"], r["hash"], tuple(r["scores"])) for r in results}) == 1, results


def test_a_save_cut_between_a_move_and_its_records_resumes_and_plays_on():
    """A crash can write a move's records (a share for the draw after it) while the move
    itself is not in the save yet. The resumed host must go on from the last saved move: the
    records that wait for the lost move are dropped, and their dealers send them again when
    the move is played again (before, the resumed host stopped with fair_out_of_turn)."""
    from net.table.joiner import ClientEndpoint
    from net.transport.memnet import MemNet

    host_file, old = play_and_crash(3, seed=6)
    loaded = load_table([host_file])
    entries = loaded.save.entries
    last_move = max(i for i, entry in enumerate(entries) if entry.seat is not None)
    records_before = len(loaded.save.fair)
    del entries[last_move:]                     # the move (and what followed it) was not saved
    assert len(loaded.save.fair) == records_before  # its records are still in the stream
    host = resumed_endpoint(loaded, "Player 1", headless_bot="random", timings=FAST)
    net = MemNet(host, seed=5)
    clients = []
    for seats, claim, _token in old:
        client = ClientEndpoint("Player 1", token=claim, auto_bot="random", timings=FAST,
                                autosave=False)
        clients.append(client)
        net.connect(client)
        net.advance(0.1)
        assert client.seats == seats, client.ended
    for client in clients:
        client.set_ready(True)
    assert net.run_until(host.can_start, 2) and host.start()
    assert net.run_until(lambda: host.phase == "over" and all(
        c.phase == "over" and c.seq == host.seq for c in clients), 60)
    assert all(c.match.hash() == host.match.hash() for c in clients)


def test_a_machine_with_the_old_hosts_save_too_still_proves_its_own_seat():
    """A machine that holds two saves of one table (the old host's and its own guest's) sends
    both claims, the host's first. The resumed host challenges the claim whose seats wait for
    their key, not just the first one (before: no challenge for the old host's own seat, then
    the name was refused as seat_owned — depending on which save the folder listed first)."""
    from net.table.joiner import ClientEndpoint
    from net.transport.memnet import MemNet

    host_file, old = play_and_crash(3, seed=6)
    host = resumed_endpoint(load_table([host_file]), "Player 1", headless_bot="random",
                            timings=FAST)
    net = MemNet(host, seed=7)
    seats, claim, _token = old[1]
    table_part = claim[len("r:"):].split(":")[0]
    both = f"r:{table_part}:0,{claim[len('r:'):]}"        # the old host's claim comes first
    client = ClientEndpoint("Player 1", token=both, timings=FAST, autosave=False)
    net.connect(client)
    net.advance(0.1)
    assert client.seats == seats, client.ended

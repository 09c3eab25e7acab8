"""Resume claims cannot be forged (issue 14 item 2): a former player who sends another
machine's resume claim on a resumed table is refused, a recorded proof cannot be replayed,
a name alone takes no seat a machine can prove (issue 26 item 4), and the rightful machine
gets exactly its seats back. In memory (MemNet), real Metro rules.
"""

from game.paths import saves_dir
from game.saves import read_save
from game.saves import lan as lan_saves
from net.session import claims
from net.protocol import messages as ids
from net.table.joiner import ClientEndpoint
from net.protocol.lobby import Slot
from net.transport.memnet import MemNet
from game.saves.lan import lan_info, load_table, resume_claim, resumed_endpoint, table_id
from tests.test_net_lockstep import FAST, Table


def crashed_table(players=3, seed=5):
    """Host (a bot) and joiners play a while, then every machine crashes. Returns the host's
    save and, per joiner, (name, seats, old peer id)."""
    table = Table(players=players, seed=seed, autosave=True, clients=0, host_seats=[
        Slot(kind=ids.KIND_BOT, name="host", level="random")] + [
        Slot() for _ in range(players - 1)])
    for index in range(players - 1):
        table.join(f"p{index}")
    table.start()
    assert table.run(lambda: table.host.seq >= 8)
    old = [(c.name, list(c.seats), c.pid) for c in table.clients]
    tid = table_id(table.host.match)
    for client in table.clients:
        client.autosaver.close()
    table.host.autosaver.close()
    [host_file] = saves_dir().glob("*-lan-host*.tlsave")
    return host_file, old, tid


def own_secret_only(pid):
    """What a machine can find on its own disk: its own claim secret, nobody else's."""
    return lambda table, group: lan_saves.saved_claim_secret(table, group) if group == pid else b""


def joiner(name, token, lookup=None):
    client = ClientEndpoint(name, token=token, auto_bot="random", timings=FAST, autosave=False)
    if lookup is not None:
        client.claims.lookup = lookup
    return client


def test_every_save_keeps_the_public_keys_and_only_its_own_secret():
    host_file, old, _tid = crashed_table()
    header = load_table([host_file]).save.header
    keys = claims.keys_from_header(header)
    assert all(len(key) == claims.PUBLIC_BYTES for key in keys)
    assert len(set(keys)) == 3          # one machine each: the host's bot seat and two joiners
    secret = claims.own_secret(header)
    assert claims.claim_public(secret) == keys[0]      # the host's own key, nobody else's
    assert lan_info(header)["role"] == "host"


def test_a_forged_claim_is_refused_and_the_rightful_machine_gets_its_seat():
    host_file, old, tid = crashed_table()
    (name_a, seats_a, pid_a), (name_b, seats_b, pid_b) = old
    host = resumed_endpoint(load_table([host_file]), "host", headless_bot="random",
                            timings=FAST)
    net = MemNet(host, seed=3)
    # the former player B sends A's claim (everyone can compute it) with A's name
    thief = joiner(name_a, "r:" + resume_claim(tid, pid_a), own_secret_only(pid_b))
    net.connect(thief)
    net.advance(0.2)
    assert not thief.seats and thief.phase == "ended"
    assert thief.ended["code"] == ids.R_BAD_CLAIM
    assert [host.slots[s].kind for s in seats_a] == [ids.KIND_OPEN] * len(seats_a)
    # A's name alone (another machine, or one that lost its save) takes nothing: a name is
    # no proof (issue 26 item 4), and the refusal says whom the seat waits for
    namesake = joiner(name_a, "")
    net.connect(namesake)
    net.advance(0.2)
    assert not namesake.seats and namesake.phase == "ended"
    assert namesake.ended == {"code": ids.R_SEAT_OWNED, "args": {"names": name_a}}
    assert [host.slots[s].kind for s in seats_a] == [ids.KIND_OPEN] * len(seats_a)
    # A's machine proves its key: it gets exactly its seats
    rightful = joiner(name_a, "r:" + resume_claim(tid, pid_a), own_secret_only(pid_a))
    net.connect(rightful)
    net.advance(0.2)
    assert rightful.phase == "lobby" and rightful.seats == seats_a
    # B's machine gets its own seat back
    back_b = joiner(name_b, "r:" + resume_claim(tid, pid_b), own_secret_only(pid_b))
    net.connect(back_b)
    net.advance(0.2)
    assert back_b.seats == seats_b
    for client in (rightful, back_b):
        client.set_ready(True)
    assert net.run_until(host.can_start, 2) and host.start()
    assert net.run_until(lambda: host.phase == "over" and all(
        c.phase == "over" and c.seq == host.seq for c in (rightful, back_b)), 60)


class Replayer(ClientEndpoint):
    """Answers the host's challenge with a proof recorded from an earlier exchange."""

    recorded: dict = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.handlers[ids.CHALLENGE] = Replayer.replay

    def replay(self, msg):
        self._send(dict(self.recorded))


def test_a_recorded_proof_cannot_be_replayed():
    host_file, old, tid = crashed_table()
    (_name_a, seats_a, pid_a), _b = old
    secret_a = lan_saves.saved_claim_secret(tid, pid_a)
    assert secret_a
    commitment, response = claims.prove(secret_a, claims.new_nonce(), tid, pid_a)
    host = resumed_endpoint(load_table([host_file]), "host", headless_bot="random",
                            timings=FAST)
    net = MemNet(host, seed=4)
    replayer = Replayer("p0", token="r:" + resume_claim(tid, pid_a), timings=FAST,
                        autosave=False)
    replayer.recorded = {"t": ids.PROOF, "pt": commitment, "ps": response}
    net.connect(replayer)
    net.advance(0.2)
    assert not replayer.seats and replayer.ended["code"] == ids.R_BAD_CLAIM
    assert [host.slots[s].kind for s in seats_a] == [ids.KIND_OPEN] * len(seats_a)


def test_proofs_bind_nonce_table_and_peer():
    secret = claims.new_claim_secret()
    public = claims.claim_public(secret)
    nonce = claims.new_nonce()
    proof = claims.prove(secret, nonce, "0123456789ab", 2)
    assert claims.verify(public, nonce, "0123456789ab", 2, *proof)
    assert not claims.verify(public, claims.new_nonce(), "0123456789ab", 2, *proof)
    assert not claims.verify(public, nonce, "0123456789ac", 2, *proof)
    assert not claims.verify(public, nonce, "0123456789ab", 1, *proof)
    other = claims.claim_public(claims.new_claim_secret())
    assert not claims.verify(other, nonce, "0123456789ab", 2, *proof)
    assert not claims.verify(public, nonce, "0123456789ab", 2, b"\0" * 32, proof[1])
    assert not claims.verify(b"\1" * 32, nonce, "0123456789ab", 2, *proof)


def test_a_seat_proved_by_its_key_is_not_taken_away_by_another_proof_for_it():
    host_file, old, tid = crashed_table()
    (name_a, seats_a, pid_a), _b = old
    host = resumed_endpoint(load_table([host_file]), "host", headless_bot="random",
                            timings=FAST)
    net = MemNet(host, seed=6)
    rightful = joiner(name_a, "r:" + resume_claim(tid, pid_a), own_secret_only(pid_a))
    net.connect(rightful)
    net.advance(0.2)
    assert rightful.seats == seats_a
    thief = joiner(name_a, "r:" + resume_claim(tid, pid_a), lambda table, group: b"")
    net.connect(thief)
    net.advance(0.2)
    assert thief.ended["code"] == ids.R_BAD_CLAIM and rightful.phase == "lobby"


def test_saves_from_before_claim_keys_fall_back_to_seat_tokens_then_names():
    host_file, old, _tid = crashed_table()
    (name_a, seats_a, _pid_a), (name_b, seats_b, _pid_b) = old
    loaded = load_table([host_file])
    loaded.save.header["lan"].pop("claimkeys")
    # the old host's save still knows each machine's seat token (a digest): a name is
    # refused, the token takes the seats
    host = resumed_endpoint(loaded, "host", headless_bot="random", timings=FAST)
    net = MemNet(host, seed=5)
    by_name = joiner(name_a, "")
    net.connect(by_name)
    net.advance(0.2)
    assert not by_name.seats and by_name.ended["code"] == ids.R_SEAT_OWNED
    token = next(info["key"] for info in map(lan_saves.rejoin_info, (
        read_save(path).header for path in saves_dir().glob("*-lan-peer*.tlsave")))
        if info and info["name"] == name_a)
    by_token = joiner(name_a, token)
    net.connect(by_token)
    net.advance(0.2)
    assert by_token.phase == "lobby" and by_token.seats == seats_a
    # a save where no machine can prove anything: the names are all there is
    loaded.save.header["lan"].pop("tokens")
    host = resumed_endpoint(loaded, "host", headless_bot="random", timings=FAST)
    net = MemNet(host, seed=6)
    by_name = joiner(name_a, "")
    net.connect(by_name)
    net.advance(0.2)
    assert by_name.seats == seats_a
    stranger = joiner("mallory", "")
    net.connect(stranger)
    net.advance(0.2)
    assert stranger.ended == {"code": ids.R_RESERVED, "args": {"names": name_b}}

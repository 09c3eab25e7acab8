"""``ClaimGuard`` on its own, against a fake resumed table (no endpoint, no network): a hello
claiming a keyed old machine is held behind a CHALLENGE, only a proof made with that machine's
secret lets the hello through (once, for that nonce), and the guard forgets a connection that
is gone."""

from types import SimpleNamespace

from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.protocol.tables import CLAIM_PREFIX, resume_claim, table_id
from net.session import claims
from net.session.claims import ClaimGuard


def resumed_table():
    """Seats 0 (the host's) and 1, 2: kept for old machine 3, whose key the save holds."""
    match = SimpleNamespace(game=SimpleNamespace(name="metro"), config={"players": 3}, seed=5)
    slots = [Slot(kind=ids.KIND_LOCAL, name="host"),
             Slot(name="ann", reserved="ann", group=3),
             Slot(name="ann (2)", reserved="ann (2)", group=3)]
    return SimpleNamespace(resumed=match, phase="lobby", slots=slots)


def hello_claiming(table, group: int) -> dict:
    return {"t": ids.HELLO, "tok": CLAIM_PREFIX + resume_claim(table_id(table.resumed), group)}


def keyed_guard():
    table = resumed_table()
    guard = ClaimGuard(table)
    secret = claims.new_claim_secret()
    guard.old_keys = [b"", claims.claim_public(secret), claims.claim_public(secret)]
    return table, guard, secret


def answer(challenge: dict, secret: bytes) -> dict:
    proof = claims.answer_challenge(challenge, challenge_token(challenge),
                                    lambda _table, _group: secret)
    assert proof is not None
    return proof


def challenge_token(challenge: dict) -> str:
    return CLAIM_PREFIX + resume_claim(challenge["tb"], challenge["p"])


def test_each_seat_names_the_key_of_the_machine_holding_it():
    table = resumed_table()
    guard = ClaimGuard(table)
    guard.joined(4, b"k" * claims.PUBLIC_BYTES)
    table.slots[1] = Slot(kind=ids.KIND_REMOTE, name="ann", peer=4)
    assert guard.seat_keys() == [claims.claim_public(guard.secret), b"k" * claims.PUBLIC_BYTES,
                                 b""]


def test_a_claim_on_a_keyed_machine_is_let_through_only_by_its_own_proof():
    table, guard, secret = keyed_guard()
    hello = hello_claiming(table, 3)
    challenge = guard.challenge("conn", hello)
    assert challenge["t"] == ids.CHALLENGE and challenge["p"] == 3
    assert guard.proven_group("conn") is None
    assert guard.proof("conn", answer(challenge, secret)) is hello
    assert guard.proven_group("conn") == 3
    assert guard.challenge("conn", hello) is None          # proven: the hello goes on
    guard.forget("conn")
    assert guard.proven_group("conn") is None


def test_a_false_or_replayed_proof_lets_nothing_through():
    table, guard, secret = keyed_guard()
    hello = hello_claiming(table, 3)
    first = guard.challenge("a", hello)
    recorded = answer(first, secret)
    assert guard.proof("a", recorded) is hello
    # another connection replays the recorded proof against its own (fresh) challenge
    guard.challenge("b", hello)
    assert guard.proof("b", recorded) is None and guard.proven_group("b") is None
    # a proof made with another secret
    guard.challenge("c", hello)
    assert guard.proof("c", answer(first, claims.new_claim_secret())) is None
    # a proof nobody asked for
    assert guard.proof("d", recorded) is None


def test_no_challenge_where_nothing_is_to_prove():
    table, guard, _secret = keyed_guard()
    assert guard.challenge("a", {"t": ids.HELLO, "tok": ""}) is None        # no claim
    assert guard.challenge("a", hello_claiming(table, 8)) is None           # no such machine
    table.phase = "playing"
    assert guard.challenge("a", hello_claiming(table, 3)) is None           # lobby only
    table.phase, table.resumed = "lobby", None
    assert guard.challenge("a", {"t": ids.HELLO, "tok": "r:x:3"}) is None   # a new table
    unkeyed = ClaimGuard(resumed_table())                                   # no key saved
    assert unkeyed.challenge("a", hello_claiming(unkeyed.table, 3)) is None

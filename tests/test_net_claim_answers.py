"""``ClaimAnswers`` on its own (no endpoint, no network): our hello carries the public key of
our claim secret; a CHALLENGE is answered with a proof the host's check accepts only for a
claim our hello made with a secret we hold, and START's keys are kept only one per seat."""

from net.protocol import messages as ids
from net.protocol.tables import resume_claim
from net.session import claims
from net.session.claims import ClaimAnswers

TABLE = "0123456789abcdef0123"


def _challenge(group: int) -> dict:
    return {"t": ids.CHALLENGE, "n": claims.new_nonce(), "tb": TABLE[:claims.TABLE_CHARS],
            "p": group}


def _checks(proof: dict, public: bytes, challenge: dict) -> bool:
    return claims.verify(public, challenge["n"], TABLE, challenge["p"], proof["pt"], proof["ps"])


def test_the_hello_carries_the_public_key_of_our_secret():
    secret = claims.new_claim_secret()
    answers = ClaimAnswers(secret, lambda table, group: b"")
    hello = answers.hello_fields({"t": ids.HELLO})
    assert hello["ck"] == claims.claim_public(secret)
    assert ClaimAnswers(b"", lambda table, group: b"").secret    # none given: a new one


def test_a_challenge_is_answered_only_for_a_claim_we_made_with_a_secret_we_hold():
    old = {2: claims.new_claim_secret(), 5: claims.new_claim_secret()}
    asked = []

    def lookup(table: str, group: int) -> bytes:
        asked.append((table, group))
        return old.get(group, b"")

    answers = ClaimAnswers(b"", lookup)
    token = "r:" + resume_claim(TABLE, 2) + "," + resume_claim(TABLE, 7)
    challenge = _challenge(2)
    proof = answers.answer(challenge, token)
    assert proof["t"] == ids.PROOF
    assert _checks(proof, claims.claim_public(old[2]), challenge)
    assert not _checks(proof, claims.claim_public(old[5]), challenge)
    # peer 5's secret is on this machine, but our hello did not claim it: no proof
    assert answers.answer(_challenge(5), token) is None
    # claimed, but its secret is not here: no proof either
    assert answers.answer(_challenge(7), token) is None
    assert (TABLE[:claims.TABLE_CHARS], 5) not in asked


def test_every_seats_key_from_start_is_kept_only_one_per_seat():
    answers = ClaimAnswers(b"", lambda table, group: b"")
    keys = [b"a" * 32, b"b" * 32, b""]
    answers.learn_keys(keys, 3)
    assert answers.keys == keys and answers.keys is not keys
    answers.learn_keys(keys, 4)
    assert answers.keys is None
    answers.learn_keys(None, 3)
    assert answers.keys is None

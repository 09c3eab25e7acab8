"""Signed dealer frames (net.fair.signing): one signature per record, checked by every
receiver; what a relay cannot do with them."""

from net.fair.signing import (SIGNATURE_BYTES, FrameSigner, SignerBook, frame_digest,
                              needs_signature, signature_holds)

SHARE = {"kind": "DrawShared", "p": "tiles", "n": 3, "d": 1, "s": 2, "x": b"\x07" * 32, "a": 0}


def test_a_dealers_signature_holds_for_its_record_and_nothing_else():
    signer = FrameSigner(b"\x01" * 32, "t1", 2)
    signature = signer.sign(SHARE)
    assert len(signature) == SIGNATURE_BYTES
    assert signature_holds(signer.verify_key, "t1", 2, SHARE, signature)
    # the same record in another order of its fields (built by another machine): the same
    assert signature_holds(signer.verify_key, "t1", 2, dict(reversed(list(SHARE.items()))),
                           signature)
    # the host's stamp ("at") is not the dealer's word
    assert signature_holds(signer.verify_key, "t1", 2, dict(SHARE, at=9), signature)
    changed = dict(SHARE, x=b"\x08" * 32)
    assert not signature_holds(signer.verify_key, "t1", 2, changed, signature)
    assert not signature_holds(signer.verify_key, "t2", 2, SHARE, signature)   # another table
    assert not signature_holds(signer.verify_key, "t1", 3, SHARE, signature)   # another dealer
    assert not signature_holds(signer.verify_key, "t1", 2, SHARE, signature[:-1] + b"\0")
    assert not signature_holds(signer.verify_key, "t1", 2, SHARE, b"short")
    assert not signature_holds(b"\x00" * 31, "t1", 2, SHARE, signature)


def test_the_key_is_the_tables_and_the_secrets_so_a_machine_that_comes_back_signs_alike():
    one = FrameSigner(b"\x01" * 32, "t1", 2)
    assert FrameSigner(b"\x01" * 32, "t1", 2).verify_key == one.verify_key
    assert FrameSigner(b"\x01" * 32, "t2", 2).verify_key != one.verify_key
    assert FrameSigner(b"\x02" * 32, "t1", 2).verify_key != one.verify_key
    assert frame_digest("t1", 2, SHARE) != frame_digest("t1", 2, dict(SHARE, n=4))


def test_a_book_fixes_each_key_at_first_sight_and_refuses_another():
    dealer = FrameSigner(b"\x01" * 32, "t1", 2)
    book = SignerBook("t1")
    assert book.check(SHARE, dealer.sign(SHARE)) == "key"            # no key known yet
    assert book.check(SHARE, dealer.sign(SHARE), dealer.verify_key) is None
    assert book.check(SHARE, dealer.sign(SHARE)) is None             # fixed from then on
    impostor = FrameSigner(b"\x09" * 32, "t1", 2)
    assert book.check(SHARE, impostor.sign(SHARE), impostor.verify_key) == "key"
    assert book.check(SHARE, impostor.sign(SHARE)) == "signature"
    assert book.check(SHARE, None) == "signature"
    assert book.keys == {2: dealer.verify_key}
    assert book.table() == [[2, dealer.verify_key]]
    assert SignerBook("t1").learn_table([[2, impostor.verify_key], [2, dealer.verify_key]]) \
        == "key"
    assert SignerBook("t1").learn_table([["x", b""]]) == "key"


def test_a_machine_refuses_a_key_in_its_own_name_that_is_not_its_own():
    me = FrameSigner(b"\x01" * 32, "t1", 2)
    book = SignerBook("t1", me)
    impostor = FrameSigner(b"\x09" * 32, "t1", 2)
    assert book.check(SHARE, impostor.sign(SHARE), impostor.verify_key) == "key"
    assert book.check(SHARE, me.sign(SHARE)) is None


def test_the_relays_own_records_need_no_signature():
    assert not needs_signature(0)
    book = SignerBook("t1")
    assert book.check({"kind": "Depart", "seat": 0, "of": 2}, None) is None
    assert book.check({"kind": "KeyCommitted", "s": 0, "c": b"\0" * 32}, None) is None
    assert book.check({"kind": "Secret", "seat": 3, "secret": b"\0" * 32}, None) == "key"


def test_a_record_in_nobodys_name_never_fixes_a_key():
    """(The endpoint fuzzer's find: a key sent with a record without a dealer was fixed for
    dealer -1, and the next such record, a list, reached the digest.)"""
    dealer = FrameSigner(b"\x01" * 32, "t1", 2)
    book = SignerBook("t1")
    assert book.check({"kind": "x"}, b"\0" * 64, dealer.verify_key) == "key"
    assert book.check([1, 2], b"\0" * 64, dealer.verify_key) == "key"
    assert book.keys == {}
    assert len(frame_digest("t1", 2, [1, 2])) == 32

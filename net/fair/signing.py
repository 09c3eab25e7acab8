"""Signed dealer frames (issue 28): a relay cannot put words in a dealer's mouth.

Every record a dealer owes the table (its key commitment and key, its escrow, its roll parts,
its shuffles, its draw shares, its answers, its key shares, its secret) travels from its
machine through the host to every other machine. The dealer signs each one with an Ed25519
key of its own for this table (PyNaCl ``nacl.signing``), over one digest of
(domain, table id, dealer id, the record in canonical form): one 64-byte signature per frame.

* The key is derived from the dealer's table secret and the table id, so a machine that comes
  back to the table (its secret is in its own save) signs with the same key; its verify key
  (32 bytes) rides with its frames to the host, which fixes it at the dealer's first frame
  (before any dealing: that is its key commitment) and passes it on with that frame and in
  every catch-up. A different key for a dealer later is refused.
* Every receiving machine checks the signature of every relayed record in another dealer's
  name: a record whose signature does not hold was made or changed on the way, and the only
  machine on the way is the host, so the host is the one named (``fair_relay_forged``). A
  dealer's own machine also refuses a key announced in its name that is not its own. Every
  machine's save keeps each record's signature and the keys, so a table resumed from a save
  is checked the same way (``net.fair.past``).
* The host's own records (dealer 0, and the sequencer's Depart / Overdue in seat 0) come
  straight from the relay: there is nobody else to blame for them, so they carry no
  signature.

``FrameSigner`` is one dealer's side; ``SignerBook`` is what a receiving machine knows of the
table's keys. Neither touches the network.
"""

from __future__ import annotations

import hashlib

import msgpack
from nacl.exceptions import BadSignatureError, CryptoError
from nacl.signing import SigningKey, VerifyKey

from net.fair.decks import relay_form

DOMAIN = b"tracklayer/fair-frame/1"
SIGNATURE_BYTES = 64
VERIFY_KEY_BYTES = 32
RELAY = 0               # the host's dealer id: its records come from the relay itself
UNSIGNED_FIELDS = ("at",)   # the host's stamp on a departure record, added after signing


def canonical_form(value):
    """The same value whatever order a machine built its maps in (dict keys sorted), and
    whatever sequence type it holds (tuples and lists alike)."""
    if isinstance(value, dict):
        return [[str(k), canonical_form(v)]
                for k, v in sorted(value.items(), key=lambda item: str(item[0]))]
    if isinstance(value, (list, tuple)):
        return [canonical_form(v) for v in value]
    return value


def frame_digest(table_id: str, dealer: int, plain: dict) -> bytes:
    """What a dealer signs: one 32-byte digest of the table, the dealer and the record. A
    shuffle is signed in its digest form (``net.fair.decks.relay_form``: the deck by its
    digest), so the signature holds for the machines that get only that form too."""
    form = relay_form(plain) if isinstance(plain, dict) else {"": plain}
    body = {k: v for k, v in form.items() if k not in UNSIGNED_FIELDS}
    packed = msgpack.packb([DOMAIN, str(table_id), int(dealer), canonical_form(body)],
                           use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=32).digest()


def signing_seed(secret: bytes, table_id: str) -> bytes:
    """The 32-byte Ed25519 seed of a dealer at a table, from its table secret."""
    return hashlib.blake2b(str(table_id).encode("utf-8"), key=secret[:64], digest_size=32,
                           person=b"tl-fair-sign").digest()


def needs_signature(dealer: int) -> bool:
    """Whether a record in ``dealer``'s name must carry that dealer's signature."""
    return dealer != RELAY


def dealer_of_plain(plain) -> int:
    """The dealer a plain record is in the name of, or -1: ``seat`` in the driver's
    records, ``s`` in the rules' (``fairplay.records.WIRE_NAMES``)."""
    if not isinstance(plain, dict):
        return -1
    seat = plain["seat"] if "seat" in plain else plain.get("s")
    return seat if type(seat) is int else -1


class FrameSigner:
    """One dealer's signing key at one table."""

    def __init__(self, secret: bytes, table_id: str, dealer: int) -> None:
        self.table_id = str(table_id)
        self.dealer = dealer
        self._key = SigningKey(signing_seed(secret, self.table_id))
        self.verify_key = bytes(self._key.verify_key)

    def sign(self, plain: dict) -> bytes:
        """The 64-byte signature of a record this dealer sends."""
        return self._key.sign(frame_digest(self.table_id, self.dealer, plain)).signature

    def fields(self, plain: dict) -> dict:
        """The fields a FAIR frame from this dealer carries beside its record."""
        return {"sg": self.sign(plain), "vk": self.verify_key}


def signature_holds(verify_key: bytes, table_id: str, dealer: int, plain: dict,
                    signature) -> bool:
    """Whether ``signature`` is ``dealer``'s over ``plain`` at this table."""
    if not isinstance(signature, bytes) or len(signature) != SIGNATURE_BYTES:
        return False
    try:
        VerifyKey(verify_key).verify(frame_digest(table_id, dealer, plain), signature)
    except (BadSignatureError, CryptoError, ValueError, TypeError):
        return False
    return True


class SignerBook:
    """The verify keys of a table's dealers as this machine fixed them, and the checks.

    ``check`` answers None when a record may be taken, or the reason it may not: ``"key"``
    (no key known for its dealer, or a different one than fixed), ``"signature"`` (missing
    or not that dealer's)."""

    def __init__(self, table_id: str, own: FrameSigner | None = None) -> None:
        self.table_id = str(table_id)
        self.keys: dict[int, bytes] = {}
        self.own = own
        if own is not None:
            self.keys[own.dealer] = own.verify_key

    def learn(self, dealer: int, verify_key) -> bool:
        """Fix ``dealer``'s key (its first one); False if it differs from the one fixed or is
        not a key."""
        if not isinstance(verify_key, bytes) or len(verify_key) != VERIFY_KEY_BYTES:
            return False
        fixed = self.keys.get(dealer)
        if fixed is None:
            self.keys[dealer] = verify_key
            return True
        return fixed == verify_key

    def check(self, plain: dict, signature, verify_key=None) -> str | None:
        dealer = dealer_of_plain(plain)
        if not needs_signature(dealer):
            return None
        if dealer < 0:
            return "key"      # in nobody's name: no key is ever fixed for it
        if verify_key is not None and not self.learn(dealer, verify_key):
            return "key"
        key = self.keys.get(dealer)
        if key is None:
            return "key"
        if not signature_holds(key, self.table_id, dealer, plain, signature):
            return "signature"
        return None

    def table(self) -> list[list]:
        """[[dealer, verify key], ...] sorted: what a catch-up carries."""
        return [[dealer, key] for dealer, key in sorted(self.keys.items())]

    def learn_table(self, rows) -> str | None:
        """Fix the keys of a catch-up's table; the reason if one contradicts a fixed one."""
        for row in rows:
            if not (isinstance(row, (list, tuple)) and len(row) == 2 and type(row[0]) is int):
                return "key"
            if not self.learn(row[0], row[1]):
                return "key"
        return None

"""Key escrow of a fair table: a dealer that leaves for good must not freeze the piles.

After the keys are revealed every dealer splits its private key by Shamir
(``fairplay.threshold``, a majority of the other dealers needed) and publishes each share
encrypted to its holder (``Escrow``): the pad is a stream keyed by the Diffie-Hellman value
of the two dealers' keys, so only the holder (and the owner) can open it. When the host
announces that a dealer left for good (``Depart``, sequenced and seen by all, at most one
fewer than the dealers), each other dealer publishes its share of that key (``KeyShare``);
a majority of them rebuild the key on every machine. From then on every machine computes that
dealer's part of each draw itself, its hand becomes known to the table (the bot that plays
its seats needs it; no other hand is exposed: each draw still needs its own drawer's key), a
roll or a shuffle it had not finished runs again without it (the next attempt).
A dealer whose escrow does not rebuild its announced key is named (``fair_bad_escrow``).

Since issue 28 the escrow is verifiable (Feldman, ``fairplay.vss``): it carries commitments to
the sharing polynomial (``cm``), each holder checks its own share at once (a bad one names its
dealer), and every machine checks every share published later against them, so a bad share
names the holder that published it. The same escrow rebuilds a roll part that did not arrive
(``net.fair.rescue``) without anyone learning the key.
"""

from __future__ import annotations

import hashlib

from game.rules.fairplay.cipher import private_key, public_key
from game.rules.fairplay.derive import Stream
from game.rules.fairplay.group import element_from_bytes, element_to_bytes, power
from game.rules.fairplay.threshold import SHARE_BYTES, majority, recover, recover_bytes, split_bytes
from game.rules.fairplay.vss import share_fits

# a share of the whole secret: 32 bytes per 31-byte chunk of it (a 32-byte secret: two)
SECRET_SHARE_SIZES = (SHARE_BYTES, 2 * SHARE_BYTES, 3 * SHARE_BYTES)
ESCROW = "Escrow"
DEPART = "Depart"
KEY_SHARE = "KeyShare"


def threshold_for(dealers: int, strict: bool = False) -> int:
    """How many of the other dealers' shares open an escrow: a majority of them, or at a
    strict table all of them (no smaller coalition can read a hand)."""
    return max(1, dealers - 1) if strict else majority(dealers - 1)


def collusion(dealers: int, strict: bool = False) -> tuple[str, dict]:
    """Who could read hands together, for the table's setup screen and the README: the
    catalog key and its arguments ("any 2 of these 3 machines together could read hands")."""
    if dealers <= 1:
        return "fair.collude.alone", {}
    need = threshold_for(dealers, strict)
    if dealers == 2:
        return "fair.collude.two", {}
    if strict:
        return "fair.collude.strict", {"n": dealers, "k": need}
    if need == dealers - 1:
        return "fair.collude.all", {"n": dealers, "k": need}
    return "fair.collude.any", {"n": dealers, "k": need}


def _pad(dh_value: bytes, owner: int, holder: int, *what, size: int = SHARE_BYTES) -> bytes:
    key = hashlib.blake2b(element_to_bytes(dh_value), digest_size=32,
                          person=b"fair-escrow").digest()
    return Stream(key, "escrow-pad", owner, holder, *what).take(size)


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def escrow_record(peer, dealers, public_keys: dict, randomness: bytes,
                  threshold: int | None = None) -> dict:
    """The Escrow record of ``peer``: its key's shares, each encrypted to its holder, the
    commitments that let everyone check them (``cm``), and shares of its whole secret
    (``ss``: a dealer that leaves before the audit is audited with it, shuffles included)."""
    holders = [d for d in dealers if d != peer.seat]
    threshold = threshold_for(len(dealers)) if threshold is None else threshold
    shares, committed = peer.key_escrow(holders, threshold, randomness)
    secret_shares = split_bytes(peer.secret, holders, threshold,
                                Stream(randomness, "secret").take(32))
    rows, secret_rows = [], []
    for holder in holders:
        dh = power(public_keys[holder], peer.private)
        rows.append([holder, _xor(shares[holder].to_bytes(SHARE_BYTES, "big"),
                                  _pad(dh, peer.seat, holder))])
        secret_share = secret_shares[holder]
        secret_rows.append(_xor(secret_share, _pad(dh, peer.seat, holder, "secret",
                                                   size=len(secret_share))))
    return {"kind": ESCROW, "seat": peer.seat, "shares": rows,
            "cm": [element_to_bytes(c) for c in committed], "ss": secret_rows}


def open_secret_share(encrypted: bytes, holder_private: int, owner_public: bytes, owner: int,
                      holder: int) -> bytes:
    """The holder's share (plain bytes) of ``owner``'s whole secret, from the escrow."""
    return _xor(encrypted, _pad(power(owner_public, holder_private), owner, holder,
                                "secret", size=len(encrypted)))


def rebuild_secret(shares: dict[int, bytes], threshold: int, announced_public: bytes
                   ) -> bytes | None:
    """The whole secret from ``threshold`` shares, or None if it does not give the key."""
    try:
        secret = recover_bytes(shares, threshold)
        if secret is None or not 16 <= len(secret) <= 64 \
                or public_key(private_key(secret)) != announced_public:
            return None
    except ValueError:
        return None
    return secret


def escrow_commitments(record: dict) -> tuple[bytes, ...] | None:
    """The commitments of an Escrow record (None: an escrow of a table saved before them)."""
    if "cm" not in record:
        return None
    return tuple(element_from_bytes(c) for c in record["cm"])


def check_holder_share(share: bytes, owner_public: bytes, committed, holder: int) -> bool:
    """Whether a holder's (opened) share fits the owner's commitments (True if the escrow
    carries none: a table saved before them)."""
    if committed is None:
        return True
    return share_fits(int.from_bytes(share, "big"), owner_public, committed, holder)


def open_share(encrypted: bytes, holder_private: int, owner_public: bytes, owner: int,
               holder: int) -> bytes:
    """The holder's share (plain bytes) of ``owner``'s key, from the escrow."""
    pad = _pad(power(owner_public, holder_private), owner, holder)
    return _xor(encrypted, pad)


def rebuild_key(shares: dict[int, bytes], threshold: int, announced_public: bytes
                ) -> int | None:
    """The key from ``threshold`` published shares, or None if it is not the announced one."""
    values = {holder: int.from_bytes(share, "big") for holder, share in shares.items()}
    try:
        key = recover(values, threshold)
        return key if public_key(key) == announced_public else None
    except ValueError:       # a share that rebuilds no key at all (out of the key range)
        return None


def check_escrow(record: dict, dealers, threshold: int | None = None) -> bool:
    """An Escrow record's form: one encrypted share for every other dealer, and (since
    issue 28) one commitment for every coefficient of the polynomial but the key and one
    encrypted share of the whole secret for every other dealer."""
    rows = record.get("shares")
    threshold = threshold_for(len(dealers)) if threshold is None else threshold
    if set(record) - {"cm", "ss"} != {"kind", "seat", "shares"} or not isinstance(rows, list):
        return False
    if "ss" in record and not (isinstance(record["ss"], list) and len(record["ss"]) == len(
            rows) and all(isinstance(row, bytes) and len(row) in SECRET_SHARE_SIZES
                          for row in record["ss"])):
        return False
    if "cm" in record:
        committed = record["cm"]
        if not isinstance(committed, list) or len(committed) != threshold - 1:
            return False
        try:
            escrow_commitments(record)
        except ValueError:
            return False
    holders = [d for d in dealers if d != record["seat"]]
    return (len(rows) == len(holders) and all(
        isinstance(row, list) and len(row) == 2 and row[0] == holder
        and isinstance(row[1], bytes) and len(row[1]) == SHARE_BYTES
        for row, holder in zip(rows, holders)))

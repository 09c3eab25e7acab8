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
(``net.fairrescue``) without anyone learning the key.
"""

from __future__ import annotations

import hashlib

from game.rules.fairplay.arithmetic import powmod
from game.rules.fairplay.cipher import public_key
from game.rules.fairplay.derive import Stream
from game.rules.fairplay.group import P, element_from_bytes, element_to_bytes
from game.rules.fairplay.threshold import majority, recover
from game.rules.fairplay.vss import share_fits

SHARE_BYTES = 256
ESCROW = "Escrow"
DEPART = "Depart"
KEY_SHARE = "KeyShare"


def threshold_for(dealers: int) -> int:
    return majority(dealers - 1)


def _pad(dh_value: int, owner: int, holder: int) -> bytes:
    key = hashlib.blake2b(element_to_bytes(dh_value), digest_size=32,
                          person=b"fair-escrow").digest()
    return Stream(key, "escrow-pad", owner, holder).take(SHARE_BYTES)


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def escrow_record(peer, dealers, public_keys: dict, randomness: bytes) -> dict:
    """The Escrow record of ``peer``: its key's shares, each encrypted to its holder, and
    the commitments that let everyone check them (``cm``)."""
    holders = [d for d in dealers if d != peer.seat]
    shares, committed = peer.key_escrow(holders, threshold_for(len(dealers)), randomness)
    rows = []
    for holder in holders:
        pad = _pad(powmod(public_keys[holder], peer.private, P), peer.seat, holder)
        rows.append([holder, _xor(shares[holder].to_bytes(SHARE_BYTES, "big"), pad)])
    return {"kind": ESCROW, "seat": peer.seat, "shares": rows,
            "cm": [element_to_bytes(c) for c in committed]}


def escrow_commitments(record: dict) -> tuple[int, ...] | None:
    """The commitments of an Escrow record (None: an escrow of a table saved before them)."""
    if "cm" not in record:
        return None
    return tuple(element_from_bytes(c) for c in record["cm"])


def check_holder_share(share: bytes, owner_public: int, committed, holder: int) -> bool:
    """Whether a holder's (opened) share fits the owner's commitments (True if the escrow
    carries none: a table saved before them)."""
    if committed is None:
        return True
    return share_fits(int.from_bytes(share, "big"), owner_public, committed, holder)


def open_share(encrypted: bytes, holder_private: int, owner_public: int, owner: int,
               holder: int) -> bytes:
    """The holder's share (plain bytes) of ``owner``'s key, from the escrow."""
    pad = _pad(powmod(owner_public, holder_private, P), owner, holder)
    return _xor(encrypted, pad)


def rebuild_key(shares: dict[int, bytes], threshold: int, announced_public: int) -> int | None:
    """The key from ``threshold`` published shares, or None if it is not the announced one."""
    values = {holder: int.from_bytes(share, "big") for holder, share in shares.items()}
    try:
        key = recover(values, threshold)
        return key if public_key(key) == announced_public else None
    except ValueError:       # a share that rebuilds no key at all (out of the key range)
        return None


def check_escrow(record: dict, dealers) -> bool:
    """An Escrow record's form: one encrypted share for every other dealer, and (since
    issue 28) one commitment for every coefficient of the polynomial but the key."""
    rows = record.get("shares")
    if set(record) - {"cm"} != {"kind", "seat", "shares"} or not isinstance(rows, list):
        return False
    if "cm" in record:
        committed = record["cm"]
        if not isinstance(committed, list) or len(committed) != threshold_for(len(dealers)) - 1:
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

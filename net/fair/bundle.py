"""Draw shares relayed in bundles (issue 28 item 5: a lighter wire).

A draw at a 6-dealer table is five ``DrawShared`` records, one from each dealer but the
drawer's machine. Relayed one frame each, their frame headers and repeated field names were
most of a joiner's bytes, and nobody can use them one at a time: the drawer reads its card
only once every share is in, and the others only wait for the step to complete. So the host
holds the shares of the open step (``ShareRelay``) and sends them together once the step is
complete (or anything else goes out first, or the bundle is full): one FAIR_BUNDLE frame
(``FB``) with the stream index of its first record and the records in order, each after the
first written as the fields it changes from the one before (``pack`` / ``unpack``). Every
record keeps its own stream index, so the stream, the saves and the audit are unchanged.
A record that travels with its dealer's signature keeps it: ``sg``, one per record (None for
one without), in the records' order; a share's proof (net.fair.share_proof) likewise in
``pf``.

A hidden card's shares (drawn into one machine's hand, ``d`` not ``PUBLIC``) are read during
play only by that machine: their proofs (``proof_for``) go only to the drawer's machine, every
other machine gets the shares alone (it never reads the card; its audit checks each share
against its dealer's secret, and the host checked every proof before relaying).
"""

from __future__ import annotations

from typing import Callable

from game.rules.fairplay.records import PUBLIC
from net.fair.errors import FairError
from net.protocol import messages as ids

BUNDLED_KINDS = frozenset({"DrawShared"})
MAX_BUNDLE = 48           # records in one bundle: a frame stays far below 8 kB


def pack(first: int, plains: list, signatures: list | None = None,
         proofs: list | None = None) -> dict:
    """One FAIR_BUNDLE message of the records ``plains`` (plain dicts) whose stream indexes
    are ``first``, ``first + 1``, ...: a record of the same kind and fields as the one
    before it travels as only the fields whose value changed (no ``kind``). ``signatures``:
    each record's (bytes or None), sent only if one is there; ``proofs`` likewise."""
    rows = []
    previous = None
    for plain in plains:
        if previous is not None and plain.keys() == previous.keys() \
                and plain["kind"] == previous["kind"]:
            rows.append({k: v for k, v in plain.items() if previous[k] != v})
        else:
            rows.append(dict(plain))
        previous = plain
    message = {"t": ids.FAIR_BUNDLE, "i": first, "rs": rows}
    if signatures is not None and any(sig is not None for sig in signatures):
        message["sg"] = list(signatures)
    if proofs is not None and any(proof is not None for proof in proofs):
        message["pf"] = list(proofs)
    return message


def unpack(message: dict) -> list[tuple[int, dict, bytes | None]]:
    """(stream index, plain record, its signature or None) of each record of a FAIR_BUNDLE
    message; FairError ``fair_malformed`` if a row without a kind has no record before it to
    complete, or names a field that record lacks, or the signatures are not one a record
    (the records themselves are checked by the driver)."""
    signatures = message.get("sg")
    if signatures is not None and len(signatures) != len(message["rs"]):
        raise FairError("fair_malformed", detail="bundle")
    out = []
    previous = None
    for offset, row in enumerate(message["rs"]):
        if not isinstance(row, dict):
            raise FairError("fair_malformed", detail="bundle")
        if "kind" in row:
            plain = dict(row)
        elif previous is not None and row.keys() <= previous.keys():
            plain = {**previous, **row}
        else:
            raise FairError("fair_malformed", detail="bundle")
        out.append((message["i"] + offset, plain,
                    signatures[offset] if signatures is not None else None))
        previous = plain
    return out


def unpack_proofs(message: dict) -> list:
    """Each record's proof (bytes or None) of a FAIR_BUNDLE message, in the records' order;
    FairError ``fair_malformed`` if they are not one a record."""
    proofs = message.get("pf")
    if proofs is None:
        return [None] * len(message["rs"])
    if len(proofs) != len(message["rs"]):
        raise FairError("fair_malformed", detail="bundle")
    return list(proofs)


def proof_for(plain: dict, proof, dealer: int):
    """What the machine of ``dealer`` receives of ``proof``, the proof of the share ``plain``:
    the proof of a face-up card's share for everyone, of a hidden card's only for its drawer's
    machine (None for the others)."""
    if proof is None or not isinstance(plain, dict) or plain.get("d", PUBLIC) == PUBLIC:
        return proof
    return proof if plain.get("d") == dealer else None


def routed(plain: dict, proof) -> bool:
    """Whether ``proof`` goes to some machines and not to others (a hidden card's share)."""
    return proof is not None and isinstance(plain, dict) and plain.get("d", PUBLIC) != PUBLIC


class ShareRelay:
    """The host's held shares: ``hold`` keeps a bundled kind's record, ``flush`` sends what
    is held as one frame (a plain FAIR frame when it is only one record). ``send_each``
    (``make``): send each live machine ``make(its dealer id)``, for frames whose proofs only
    the drawer's machine gets; without it every frame is broadcast whole."""

    def __init__(self, broadcast: Callable[[dict], None],
                 send_each: Callable[[Callable[[int], dict]], None] | None = None) -> None:
        self.broadcast = broadcast
        self.send_each = send_each
        self.held: list[tuple] = []     # (stream index, plain, signature, proof), consecutive

    def hold(self, index: int, plain: dict, signature: bytes | None = None,
             proof: bytes | None = None) -> bool:
        """Keep the record at ``index`` for the next bundle if it is of a bundled kind (True);
        otherwise send what is held first, so the stream goes out in order (False: the
        caller sends this record itself)."""
        if plain.get("kind") not in BUNDLED_KINDS:
            self.flush()
            return False
        if self.held and self.held[-1][0] != index - 1:
            self.flush()
        self.held.append((index, plain, signature, proof))
        if len(self.held) >= MAX_BUNDLE:
            self.flush()
        return True

    def flush(self) -> None:
        """Send what is held (nothing if nothing is)."""
        held, self.held = self.held, []
        if not held:
            return
        if self.send_each is not None and any(routed(row[1], row[3]) for row in held):
            self.send_each(lambda dealer: self._message(held, dealer))
        else:
            self.broadcast(self._message(held, None))

    @staticmethod
    def _message(held: list, dealer) -> dict:
        """The frame of the ``held`` records for the machine of ``dealer`` (None: every
        proof, as the host keeps them)."""
        proofs = [proof if dealer is None else proof_for(plain, proof, dealer)
                  for _, plain, _, proof in held]
        if len(held) == 1:
            index, plain, signature, _ = held[0]
            message = {"t": ids.FAIR, "i": index, "r": plain}
            if signature is not None:
                message["sg"] = signature
            if proofs[0] is not None:
                message["pf"] = proofs[0]
            return message
        return pack(held[0][0], [row[1] for row in held], [row[2] for row in held], proofs)

"""A record of the fair table's stream in its plain (wire) form: turned into the record it
stands for, or refused (``FairError`` ``fair_malformed``) before any part of the table sees it.

The cipher records (``game.rules.fairplay.records``) are checked by their own ``from_plain``;
the driver's own records (a secret, an escrow, a departure and its key shares, an answer,
the rebuilds of late parts, shares and shuffle steps) stay plain dicts, each checked by the
check of its kind (``DRIVER_CHECKS``). ``net.fair.deal`` takes what comes out of here.
"""

from __future__ import annotations

from typing import Any

from game.rules.fairplay import FairplayError, from_plain, to_plain
from game.rules.fairplay.records import RollContributed, Shuffled
from net.fair.dues import SECRET
from net.fair.errors import FairError
from net.fair.escrow import DEPART, ESCROW, KEY_SHARE, SECRET_SHARE_SIZES, SHARE_BYTES
from net.fair.kinds import ANSWER_OVERDUE, ATTEST, answer_overdue_record_ok, attest_record_ok
from net.fair.late_shuffle import SHUFFLE_OVERDUE, late_shuffle_record_ok
from net.fair.rescue import OVERDUE, ROLL_PART, rescue_record_ok
from net.fair.share_rescue import SHARE_OVERDUE, SHARE_PART, share_rescue_record_ok


def record_to_plain(record) -> dict:
    if isinstance(record, dict):      # a Secret
        return dict(record)
    return to_plain(record)


def small_int(value) -> bool:
    """A seat, a seq, a position: an int in 0 .. 2**31 - 1 (never a bool)."""
    return type(value) is int and 0 <= value < (1 << 31)


def _stamp_ok(plain: dict) -> bool:
    return "at" not in plain or small_int(plain["at"])     # the host's stamp (net.fair.positions)


def secret_record_ok(plain: dict) -> bool:
    secret = plain.get("secret")
    return set(plain) == {"kind", "seat", "secret"} and isinstance(secret, bytes) and \
        16 <= len(secret) <= 64


def escrow_record_ok(plain: dict) -> bool:
    return isinstance(plain.get("shares"), list)


def depart_record_ok(plain: dict) -> bool:
    return set(plain) - {"at"} == {"kind", "seat", "of"} and small_int(plain["of"]) and \
        _stamp_ok(plain)


def key_share_record_ok(plain: dict) -> bool:
    share, ss = plain.get("share"), plain.get("ss", b"x" * SHARE_BYTES)
    return set(plain) - {"at", "ss"} == {"kind", "seat", "of", "share"} and \
        small_int(plain["of"]) and isinstance(share, bytes) and len(share) == SHARE_BYTES and \
        isinstance(ss, bytes) and len(ss) in SECRET_SHARE_SIZES and _stamp_ok(plain)


# the driver's own records (plain dicts, never objects), by kind: the check of their form
DRIVER_CHECKS = {SECRET: secret_record_ok, ESCROW: escrow_record_ok, DEPART: depart_record_ok,
                 KEY_SHARE: key_share_record_ok, ATTEST: attest_record_ok,
                 OVERDUE: rescue_record_ok, ROLL_PART: rescue_record_ok,
                 SHARE_OVERDUE: share_rescue_record_ok, SHARE_PART: share_rescue_record_ok,
                 SHUFFLE_OVERDUE: late_shuffle_record_ok,
                 ANSWER_OVERDUE: answer_overdue_record_ok}
DRIVER_RECORDS = tuple(DRIVER_CHECKS)


def record_from_plain(plain) -> Any:
    """A published record from its plain form; FairError if malformed."""
    kind = plain.get("kind") if isinstance(plain, dict) else None
    if isinstance(kind, (list, dict)):     # looked up by kind below: it must hash
        raise FairError("fair_malformed", detail="kind")
    if kind in DRIVER_RECORDS:
        if not (small_int(plain.get("seat")) and DRIVER_CHECKS[kind](plain)):
            raise FairError("fair_malformed", detail=kind)
        return dict(plain)
    try:
        record = from_plain(plain)
    except FairplayError as error:
        raise FairError("fair_malformed", detail=error.code) from None
    if isinstance(record, RollContributed) and not record.proof:
        # a part without its proof is one every machine rebuilds itself: never sent
        raise FairError("fair_malformed", detail="proof")
    if isinstance(record, Shuffled) and record.skipped:
        raise FairError("fair_malformed", detail="skipped")    # derived, never sent
    return record

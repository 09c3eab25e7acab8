"""The phone seats of one table: each seat's link and what its phone is to be shown.

Only the phone server's own thread reads and changes a ``SeatBook`` after the seats are
added (the host hands it frames through ``PhoneServer.call``), so it needs no lock.

A token is looked up by its SHA-256 digest (and the digest compared in constant time), so
neither the lookup nor its timing says anything about a token a guest does not have.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from game.phone.links import is_code, is_token, new_code, new_token, normal_code


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


@dataclass
class SeatRecord:
    seat: int
    name: str
    colour: int
    token: str = field(default_factory=new_token, repr=False)
    code: str = ""
    holder: Any = None          # the connection (server.Phone) playing the seat, or None
    device: str = ""            # the holder's browser id
    intro: str = ""             # the ``seat`` frame
    view: str = ""              # the latest ``view`` frame ("" before the table starts)
    waiting: str = ""           # the ``waiting`` frame shown until there is a view
    results: str = ""           # the ``results`` frame once the game is over
    context: Any = None         # what the last view was built from (answers ``ask``)
    joined: bool = False        # a phone has held the seat at least once


class SeatBook:
    def __init__(self) -> None:
        self.seats: dict[int, SeatRecord] = {}
        self._digests: dict[bytes, int] = {}
        self._codes: dict[str, int] = {}

    def add(self, seat: int, name: str, colour: int, token: str = "",
            code: str = "") -> SeatRecord:
        """A phone seat with a new token and code, or with those it had before (``token``,
        ``code``: a table resumed after a crash, so the page its phone still shows, or its
        QR code, finds the seat again). A token shorter than a new one's is not taken."""
        if seat in self.seats:
            raise ValueError(f"seat {seat} is a phone seat already")
        record = SeatRecord(seat, name, colour)
        if is_token(token) and _digest(token) not in self._digests:
            record.token = token
        code = normal_code(code)
        record.code = code if is_code(code) and code not in self._codes \
            else new_code(self._codes)
        self.seats[seat] = record
        self._digests[_digest(record.token)] = seat
        self._codes[record.code] = seat
        return record

    def by_token(self, token: str) -> SeatRecord | None:
        if not isinstance(token, str) or not token:
            return None
        digest = _digest(token)
        seat = self._digests.get(digest)
        if seat is None:
            return None
        record = self.seats[seat]
        return record if hmac.compare_digest(_digest(record.token), digest) else None

    def by_code(self, text: str) -> SeatRecord | None:
        seat = self._codes.get(normal_code(text))
        return None if seat is None else self.seats[seat]

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
"""

from __future__ import annotations

from typing import Callable

from net.fair.errors import FairError
from net.protocol import messages as ids

BUNDLED_KINDS = frozenset({"DrawShared"})
MAX_BUNDLE = 48           # records in one bundle: a frame stays far below 8 kB


def pack(first: int, plains: list) -> dict:
    """One FAIR_BUNDLE message of the records ``plains`` (plain dicts) whose stream indexes
    are ``first``, ``first + 1``, ...: a record of the same kind and fields as the one
    before it travels as only the fields whose value changed (no ``kind``)."""
    rows = []
    previous = None
    for plain in plains:
        if previous is not None and plain.keys() == previous.keys() \
                and plain["kind"] == previous["kind"]:
            rows.append({k: v for k, v in plain.items() if previous[k] != v})
        else:
            rows.append(dict(plain))
        previous = plain
    return {"t": ids.FAIR_BUNDLE, "i": first, "rs": rows}


def unpack(message: dict) -> list[tuple[int, dict]]:
    """(stream index, plain record) of each record of a FAIR_BUNDLE message; FairError
    ``fair_malformed`` if a row without a kind has no record before it to complete, or names
    a field that record lacks (the records themselves are checked by the driver)."""
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
        out.append((message["i"] + offset, plain))
        previous = plain
    return out


class ShareRelay:
    """The host's held shares: ``hold`` keeps a bundled kind's record, ``flush`` sends what
    is held as one frame (a plain FAIR frame when it is only one record)."""

    def __init__(self, broadcast: Callable[[dict], None]) -> None:
        self.broadcast = broadcast
        self.held: list[tuple[int, dict]] = []       # (stream index, plain), consecutive

    def hold(self, index: int, plain: dict) -> bool:
        """Keep the record at ``index`` for the next bundle if it is of a bundled kind (True);
        otherwise send what is held first, so the stream goes out in order (False: the
        caller sends this record itself)."""
        if plain.get("kind") not in BUNDLED_KINDS:
            self.flush()
            return False
        if self.held and self.held[-1][0] != index - 1:
            self.flush()
        self.held.append((index, plain))
        if len(self.held) >= MAX_BUNDLE:
            self.flush()
        return True

    def flush(self) -> None:
        """Send what is held (nothing if nothing is)."""
        held, self.held = self.held, []
        if len(held) == 1:
            index, plain = held[0]
            self.broadcast({"t": ids.FAIR, "i": index, "r": plain})
        elif held:
            self.broadcast(pack(held[0][0], [plain for _, plain in held]))

"""Seats of a network table and their plain snapshot (what the lobby screens show).

A seat is ``local`` (a human on the host machine), ``bot`` (played by the host), ``open``
(waiting for a remote player) or ``remote`` (held by peer ``peer``). During play a seat may be
handed to a bot (``bot_level`` set) while its player is away.

A peer gets the whole snapshot (LOBBY) once per connection, with its welcome; after it, only
what changed (LOBBY_CHANGE: the changed seat rows by index, and the config, spectators,
phase or strictness (``sx``: a strict fair table, issue 28) when they changed), and nothing when nothing it shows changed (``lobby_update``). The
joiner keeps the last snapshot and applies each change to it (``apply_lobby_change``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.match import SeatInfo
from net.protocol import messages as ids


@dataclass
class Slot:
    kind: str = ids.KIND_OPEN
    name: str = ""
    colour: int = -1
    level: str = ""           # bot level of a ``bot`` seat
    peer: int = -1            # owner of a ``remote`` seat
    ready: bool = False
    bot_level: str = ""       # non-empty: the host's bot plays this seat for now
    reserved: str = ""        # resumed table: this open seat waits for the player of this name
    group: int = -1           # resumed table: seats one machine held before (reserved together)

    def to_wire(self, status: str) -> dict:
        return {"k": self.kind, "n": self.name, "c": self.colour, "p": self.peer,
                "r": self.ready, "l": self.level or self.bot_level, "st": status}

    def seat_info(self) -> SeatInfo:
        kind = {ids.KIND_LOCAL: "human", ids.KIND_BOT: "bot"}.get(self.kind, "remote")
        return SeatInfo(name=self.name, kind=kind, level=self.level, colour=self.colour)


def seat_infos_from_wire(rows: list[dict]) -> list[SeatInfo]:
    kinds = {ids.KIND_LOCAL: "human", ids.KIND_BOT: "bot"}
    return [SeatInfo(name=r["n"], kind=kinds.get(r["k"], "remote"), level=r["l"],
                     colour=r["c"]) for r in rows]


def plain_seats(rows: list[dict]) -> list[dict]:
    """Wire seat rows in readable form for UI events."""
    return [{"kind": r["k"], "name": r["n"], "colour": r["c"], "peer": r["p"],
             "ready": r["r"], "level": r["l"], "status": r["st"]} for r in rows]


# what a LOBBY_CHANGE may carry besides seat rows (the game never changes at one table)
_CHANGEABLE = ("cfg", "spec", "ph", "sx")


def lobby_update(told: dict | None, now: dict) -> dict | None:
    """What to send a peer that was last told the snapshot ``told`` (None: nothing yet on
    this connection) so that it holds the snapshot ``now`` (a LOBBY message): ``now`` itself
    when it has no snapshot of this table's shape, a LOBBY_CHANGE of what differs, or None
    when nothing does."""
    if told is None or told["g"] != now["g"] or len(told["seats"]) != len(now["seats"]):
        return now
    change: dict = {"t": ids.LOBBY_CHANGE}
    rows = [[i, row] for i, (old, row) in enumerate(zip(told["seats"], now["seats"]))
            if old != row]
    if rows:
        change["sd"] = rows
    for key in _CHANGEABLE:
        if key in now and told.get(key) != now[key]:
            change[key] = now[key]
    return change if len(change) > 1 else None


def apply_lobby_change(lobby: dict | None, change: dict) -> dict | None:
    """The snapshot ``lobby`` with a (schema-checked) LOBBY_CHANGE applied, as a new LOBBY
    message; None when it does not fit (no snapshot yet, a seat the table does not have):
    the caller keeps what it had."""
    if lobby is None:
        return None
    seats = list(lobby["seats"])
    for index, row in change.get("sd", ()):
        if index >= len(seats):
            return None
        seats[index] = row
    out = dict(lobby, seats=seats)
    for key in _CHANGEABLE:
        if key in change:
            out[key] = change[key]
    return out

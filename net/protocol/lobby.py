"""Seats of a network table and their plain snapshot (what the lobby screens show).

A seat is ``local`` (a human on the host machine), ``bot`` (played by the host), ``open``
(waiting for a remote player) or ``remote`` (held by peer ``peer``). During play a seat may be
handed to a bot (``bot_level`` set) while its player is away.
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

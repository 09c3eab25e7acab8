"""Seat allocation on the host: which open seats a newcomer gets and what it is called.

On a resumed table a newcomer gets the seats of the old machine its old seat token or proven
resume claim names (``net.session.claims``). A seat goes by its old player's name only when no
machine can prove it held it (its old machine left neither a claim key nor a token digest in
the save): a name is no secret, and a machine that sat down by name could not deal for the seat
(its dealer secret is in its owner's save). A name already at the table gets a number.

``SeatAllocation`` is a part of ``HostEndpoint`` (``net.table.host``, as ``seating``) with its
own state: a resumed table's old seat tokens (as digests, from the save) and the seats it kept
for the old players. It reads the table's ``slots``, ``peers``, ``resumed`` and ``phase`` and
asks its ``can_start()``; the claim keys the save kept come through ``keyed_group``
(``net.session.claims.ClaimGuard``). It decides; the table changes the seats.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from net.protocol import messages as ids
from net.protocol.schema import MAX_NAME
from net.protocol.tables import token_digest


class SeatingTable(Protocol):
    """What ``SeatAllocation`` reads of the table it seats (``HostEndpoint`` is one)."""

    resumed: Any        # the resumed match (None: a new table)
    phase: str          # lobby, dealing, playing, over, closed
    slots: list         # net.protocol.lobby.Slot per seat
    peers: dict         # peer id -> net.session.handshake.PeerRec

    def can_start(self) -> bool: ...


class SeatAllocation:
    def __init__(self, table: SeatingTable, keyed_group: Callable[[int | None], bytes]) -> None:
        """``keyed_group(group)``: the claim key the save kept for old machine ``group``
        (b"" when none)."""
        self.table = table
        self.keyed_group = keyed_group
        self.old_tokens: dict[str, int] = {}   # resumed table: saved token digest -> old peer
        # resumed table: the seats kept for the old players (``owners_back``)
        self.kept_seats = [i for i, s in enumerate(table.slots) if s.reserved] \
            if table.resumed is not None else []

    def statuses(self) -> list[str]:
        """Each seat's status as the lobby and the STATUS message give it: a bot's, open,
        played here, or its remote player's connection (gone, interrupted, connected)."""
        out = []
        for slot in self.table.slots:
            if slot.bot_level or slot.kind == ids.KIND_BOT:
                out.append(ids.ST_BOT)
            elif slot.kind == ids.KIND_OPEN:
                out.append(ids.ST_OPEN)
            elif slot.kind == ids.KIND_LOCAL:
                out.append(ids.ST_CONNECTED)
            else:
                peer = self.table.peers.get(slot.peer)
                if peer is None or peer.conn is None:
                    out.append(ids.ST_DISCONNECTED)
                elif peer.interrupted:
                    out.append(ids.ST_INTERRUPTED)
                else:
                    out.append(ids.ST_CONNECTED)
        return out

    def owned_group(self, group: int | None) -> bool:
        """Whether the old machine ``group`` of a resumed table can prove its seats: the save
        keeps its public claim key (every fair table's save does) or its seat token's
        digest. Such seats go back to that machine only, never to a name."""
        if group is None or self.table.resumed is None:
            return False
        return bool(self.keyed_group(group)) or group in self.old_tokens.values()

    def free_seats_for(self, name: str) -> list[int]:
        """Open seats a newcomer called ``name`` may take, best first: on a resumed table the
        seats reserved for that name, then the others its old machine held; open seats
        reserved for nobody come last. Seats reserved for other names are never given, nor
        seats whose old machine can prove them (``owned_group``), and when one name was held
        by several old machines (names used to repeat), only the first of them is offered: a
        name tie never hands out two machines' seats."""
        slots = self.table.slots
        open_seats = [i for i, s in enumerate(slots) if s.kind == ids.KIND_OPEN]
        named = [i for i in open_seats if slots[i].reserved == name
                 and not self.owned_group(slots[i].group)]
        if named:
            group = slots[named[0]].group
            named = [i for i in named if slots[i].group == group]
        groups = {slots[i].group for i in named}
        same_machine = [i for i in open_seats if i not in named and slots[i].reserved
                        and slots[i].group in groups]
        unreserved = [i for i in open_seats if not slots[i].reserved]
        return named + same_machine + unreserved

    def no_seat_reason(self, name: str) -> tuple[str, dict]:
        """Why a newcomer called ``name`` gets no seat: the seats its name had wait for the
        machine that played them; or the free seats are kept for other names; or for other
        machines; or the table is full."""
        waiting = [s for s in self.table.slots if s.kind == ids.KIND_OPEN and s.reserved]
        if any(s.reserved == name and self.owned_group(s.group) for s in waiting):
            return ids.R_SEAT_OWNED, {"names": name}
        by_name = sorted({s.reserved for s in waiting if not self.owned_group(s.group)})
        if by_name:
            return ids.R_RESERVED, {"names": ", ".join(by_name)}
        owned = sorted({s.reserved for s in waiting})
        if owned:
            return ids.R_SEAT_OWNED, {"names": ", ".join(owned)}
        return ids.R_FULL, {}

    def old_token_group(self, token: str) -> int | None:
        """A resumed table, in its lobby: the old machine whose seat token (saved as a digest
        by the old host) this is. None if none."""
        if (self.table.resumed is None or self.table.phase != "lobby" or not self.old_tokens
                or not token):
            return None
        return self.old_tokens.get(token_digest(token))

    def owners_back(self) -> bool:
        """A resumed table, in its lobby: every seat it kept for an old player is taken again
        (a seat a machine can prove, only by that machine: ``owned_group``), every player
        is ready and the table can start: it goes on by itself (nobody presses Start). A
        kept seat the host gave to a bot or a player here instead waits for the host."""
        if self.table.resumed is None or not self.kept_seats or not self.table.can_start():
            return False
        return all(self.table.slots[seat].kind == ids.KIND_REMOTE for seat in self.kept_seats)

    def old_machine_seats(self, group: int | None) -> list[int]:
        """The open seats kept for the old machine ``group`` of a resumed table."""
        if group is None:
            return []
        return [i for i, s in enumerate(self.table.slots)
                if s.kind == ids.KIND_OPEN and s.reserved and s.group == group]

    def unique_name(self, name: str, seat: int, peer=None) -> str:
        """``name``, or ``name (2)``, ``name (3)``... if another seat (or a reserved seat, or
        a spectator) at this table already has it: every name at a table is one player's,
        so a resumed table can tell its players apart. ``seat``: the seat being named
        (-1: none)."""
        name = name[:MAX_NAME]
        if not name:
            return name
        slots = self.table.slots
        taken = {s.name for i, s in enumerate(slots) if i != seat and s.name}
        taken |= {s.reserved for i, s in enumerate(slots)
                  if i != seat and s.kind == ids.KIND_OPEN and s.reserved}
        taken |= {p.name for p in self.table.peers.values() if p.spectator and p is not peer}
        if name not in taken:
            return name
        number = 2
        while True:
            suffix = f" ({number})"
            candidate = name[:MAX_NAME - len(suffix)] + suffix
            if candidate not in taken:
                return candidate
            number += 1

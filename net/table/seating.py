"""Seat allocation on the host: which open seats a newcomer gets and what it is called.

Mixed into ``HostEndpoint`` (``net.table.host``). On a resumed table a newcomer gets the seats
of the old machine its old seat token or proven resume claim names (``net.session.claims``). A seat
goes by its old player's name only when no machine can prove it held it (its old machine left
neither a claim key nor a token digest in the save): a name is no secret, and a machine that
sat down by name could not deal for the seat (its dealer secret is in its owner's save). A name
already at the table gets a number.
"""

from __future__ import annotations

from net.protocol import messages as ids
from net.protocol.schema import MAX_NAME
from net.protocol.tables import token_digest


class SeatAllocation:
    """Mixed into ``HostEndpoint``: reads ``slots``, ``peers``, ``resumed``, ``phase`` and
    ``old_tokens``."""

    def owned_group(self, group: int | None) -> bool:
        """Whether the old machine ``group`` of a resumed table can prove its seats: the save
        keeps its public claim key (every fair table's save does) or its seat token's
        digest. Such seats go back to that machine only, never to a name."""
        if group is None or self.resumed is None:
            return False
        return bool(self.claims.keyed_group(group)) or group in self.old_tokens.values()

    def _free_seats_for(self, name: str) -> list[int]:
        """Open seats a newcomer called ``name`` may take, best first: on a resumed table the
        seats reserved for that name, then the others its old machine held; open seats
        reserved for nobody come last. Seats reserved for other names are never given, nor
        seats whose old machine can prove them (``owned_group``), and when one name was held
        by several old machines (names used to repeat), only the first of them is offered: a
        name tie never hands out two machines' seats."""
        open_seats = [i for i, s in enumerate(self.slots) if s.kind == ids.KIND_OPEN]
        named = [i for i in open_seats if self.slots[i].reserved == name
                 and not self.owned_group(self.slots[i].group)]
        if named:
            group = self.slots[named[0]].group
            named = [i for i in named if self.slots[i].group == group]
        groups = {self.slots[i].group for i in named}
        same_machine = [i for i in open_seats if i not in named and self.slots[i].reserved
                        and self.slots[i].group in groups]
        unreserved = [i for i in open_seats if not self.slots[i].reserved]
        return named + same_machine + unreserved

    def no_seat_reason(self, name: str) -> tuple[str, dict]:
        """Why a newcomer called ``name`` gets no seat: the seats its name had wait for the
        machine that played them; or the free seats are kept for other names; or for other
        machines; or the table is full."""
        waiting = [s for s in self.slots if s.kind == ids.KIND_OPEN and s.reserved]
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
        if self.resumed is None or self.phase != "lobby" or not self.old_tokens or not token:
            return None
        return self.old_tokens.get(token_digest(token))

    def owners_back(self) -> bool:
        """A resumed table, in its lobby: every seat it kept for an old player is taken again
        (a seat a machine can prove, only by that machine: ``owned_group``), every player
        is ready and the table can start: it goes on by itself (nobody presses Start). A
        kept seat the host gave to a bot or a player here instead waits for the host."""
        if self.resumed is None or not self.kept_seats or not self.can_start():
            return False
        return all(self.slots[seat].kind == ids.KIND_REMOTE for seat in self.kept_seats)

    def _old_machine_seats(self, group: int | None) -> list[int]:
        """The open seats kept for the old machine ``group`` of a resumed table."""
        if group is None:
            return []
        return [i for i, s in enumerate(self.slots)
                if s.kind == ids.KIND_OPEN and s.reserved and s.group == group]

    def _unique_name(self, name: str, seat: int, peer=None) -> str:
        """``name``, or ``name (2)``, ``name (3)``... if another seat (or a reserved seat, or
        a spectator) at this table already has it: every name at a table is one player's,
        so a resumed table can tell its players apart. ``seat``: the seat being named
        (-1: none)."""
        name = name[:MAX_NAME]
        if not name:
            return name
        taken = {s.name for i, s in enumerate(self.slots) if i != seat and s.name}
        taken |= {s.reserved for i, s in enumerate(self.slots)
                  if i != seat and s.kind == ids.KIND_OPEN and s.reserved}
        taken |= {p.name for p in self.peers.values() if p.spectator and p is not peer}
        if name not in taken:
            return name
        number = 2
        while True:
            suffix = f" ({number})"
            candidate = name[:MAX_NAME - len(suffix)] + suffix
            if candidate not in taken:
                return candidate
            number += 1

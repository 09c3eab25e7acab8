"""Seat allocation on the host: which open seats a newcomer gets and what it is called.

Mixed into ``HostEndpoint`` (``net.hosting``). On a resumed table a newcomer gets the seats
reserved for its name, or those of the old machine its old seat token or proven resume claim
names (``net.claims``); a name already at the table gets a number.
"""

from __future__ import annotations

from net import messages as ids
from net.schema import MAX_NAME
from net.tables import token_digest


class SeatAllocation:
    """Mixed into ``HostEndpoint``: reads ``slots``, ``peers``, ``resumed``, ``phase`` and
    ``old_tokens``."""

    def _free_seats_for(self, name: str) -> list[int]:
        """Open seats a newcomer called ``name`` may take, best first: on a resumed table the
        seats reserved for that name, then the others its old machine held; open seats
        reserved for nobody come last. Seats reserved for other names are never given, and
        when one name was held by several old machines (names used to repeat), only the
        first of them is offered: a name tie never hands out two machines' seats."""
        open_seats = [i for i, s in enumerate(self.slots) if s.kind == ids.KIND_OPEN]
        named = [i for i in open_seats if self.slots[i].reserved == name]
        if named:
            group = self.slots[named[0]].group
            named = [i for i in named if self.slots[i].group == group]
        groups = {self.slots[i].group for i in named}
        same_machine = [i for i in open_seats if i not in named and self.slots[i].reserved
                        and self.slots[i].group in groups]
        unreserved = [i for i in open_seats if not self.slots[i].reserved]
        return named + same_machine + unreserved

    def _old_token_seats(self, token: str) -> list[int]:
        """A resumed table, in its lobby: the open seats of the old machine whose seat token
        (saved as a digest by the old host) this is. [] if none."""
        if self.resumed is None or self.phase != "lobby" or not self.old_tokens:
            return []
        return self._old_machine_seats(self.old_tokens.get(token_digest(token)))

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

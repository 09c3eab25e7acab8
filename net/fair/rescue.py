"""A roll part that did not arrive is rebuilt from the escrow, never rolled again (issue 28).

A dealer's part of a roll is fixed by its key (``fairplay.vss``): once the keys are in, every
roll of the table is decided, though nobody can compute it alone. When a part is late (the
host's watch, ``net.fair.guard``), the host sequences ``Overdue`` naming the roll and the
dealer; every other dealer then owes its ``RollPart``: ``base ** s_j`` from its escrow share
of that dealer's key, with a proof against the escrow's commitments. Any ``threshold`` of
them rebuild the part on every machine (Lagrange in the exponent): the same value the
dealer would have sent, and nobody learns the key, so the dealer keeps its seats and its
hand stays its own. A host that drops a reveal to get another roll gets the same roll.

A part that arrives after the rebuild is simply late (the host drops it as stale); a holder
whose part fails its proof is named (``fair_bad_part``); a holder that left for good has its
part computed by every machine from its rebuilt key. ``RollRescue`` holds the state; the
table (``net.fair.deal.FairTable``) hands it the records and asks it what it owes.
"""

from __future__ import annotations

from game.rules.fairplay.derive import Stream
from game.rules.fairplay.group import ELEMENT_BYTES, G, element_from_bytes, element_to_bytes, power
from game.rules.fairplay.records import RollContributed
from game.rules.fairplay.threshold import combine_partial_shares
from game.rules.fairplay.vss import (CHALLENGE_BYTES, FULL_Z_BYTES, equal_logs,
                                     prove_equal_logs, rescue_context, share_image)
from net.fair.errors import FairError
from net.fair.escrow import open_share

OVERDUE = "Overdue"
ROLL_PART = "RollPart"
_OVERDUE_FIELDS = {"kind", "seat", "of", "roll", "attempt"}
_PART_FIELDS = _OVERDUE_FIELDS | {"part", "c", "z"}    # the proof in two (a wire bytes
# field holds at most 256 bytes)


def _small(value) -> bool:
    return type(value) is int and 0 <= value < (1 << 31)


def rescue_record_ok(plain: dict) -> bool:
    """The form of an Overdue or RollPart record (its content is checked when it is taken)."""
    fields = _OVERDUE_FIELDS if plain.get("kind") == OVERDUE else _PART_FIELDS
    if set(plain) != fields or not all(_small(plain[k]) for k in ("seat", "of", "attempt")):
        return False
    if not isinstance(plain["roll"], str) or not 0 < len(plain["roll"]) <= 64:
        return False
    if plain["kind"] == ROLL_PART:
        return all(isinstance(plain[k], bytes) and len(plain[k]) == size for k, size in (
            ("part", ELEMENT_BYTES), ("c", CHALLENGE_BYTES), ("z", FULL_Z_BYTES)))
    return True


class RollRescue:
    """The rolls of one table waiting for a rebuilt part: which, and the parts so far."""

    def __init__(self, table) -> None:
        self.table = table
        self.overdue: dict[tuple[str, int, int], dict[int, bytes]] = {}  # -> holder -> part
        self.rebuilt: list[tuple[str, int, int]] = []                  # in order, for all
        self.told_overdue: list[tuple[str, int]] = []   # our own parts the host said were late

    # -- taking records -------------------------------------------------------------------
    def take_overdue(self, record: dict) -> None:
        """The host says a dealer's part of a roll is late: its holders rebuild it."""
        table = self.table
        roll = table.transcript.rolls.get(record["roll"])
        owner = record["of"]
        slot = (record["roll"], record["attempt"], owner)
        if (roll is None or roll.opening.attempt != record["attempt"] or roll.commitments
                or owner not in roll.opening.seats or owner in roll.reveals
                or slot in self.overdue or owner not in table.escrows):
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=OVERDUE)
        self.overdue[slot] = {}
        if owner == table.me and table.peer is not None and \
                ("rv", record["roll"], record["attempt"]) in table.owed_done:
            # we had sent our part: the host did not pass it on (or not in time)
            self.told_overdue.append((record["roll"], record["attempt"]))
        self._derive_departed_parts(slot)
        self._try_complete(slot)

    def take_part(self, record: dict) -> None:
        table = self.table
        holder, owner = record["seat"], record["of"]
        slot = (record["roll"], record["attempt"], owner)
        parts = self.overdue.get(slot)
        if parts is None or holder == owner or holder not in table.dealers:
            raise FairError("fair_out_of_turn", dealer=holder, kind=ROLL_PART)
        roll = table.transcript.rolls[record["roll"]]
        if owner in roll.reveals or holder in parts:
            return          # rebuilt already (or its part arrived after all): nothing to do
        try:
            part = element_from_bytes(record["part"])
        except ValueError:
            part = b""
        committed = table.escrow_commitments.get(owner)
        if committed is None or not equal_logs(
                record["c"] + record["z"], G, share_image(table.transcript.public_keys[owner], committed,
                                                holder),
                roll.base, part, *rescue_context(record["roll"], record["attempt"], owner,
                                                 holder)):
            raise FairError("fair_bad_part", dealer=holder, of=owner, roll=record["roll"])
        parts[holder] = part
        self._try_complete(slot)

    def is_stale(self, record: dict) -> bool:
        """A part for an earlier attempt of its roll, or for a part already rebuilt."""
        roll = self.table.transcript.rolls.get(record.get("roll"))
        return roll is not None and (record["attempt"] < roll.opening.attempt
                                     or record["of"] in roll.reveals)

    # -- what this machine owes -----------------------------------------------------------
    def owe(self) -> None:
        """Queue our part of every overdue roll part we hold a share of (once each)."""
        table = self.table
        if table.peer is None or table.me in table.departed:
            return
        for slot, parts in self.overdue.items():
            name, attempt, owner = slot
            item = ("part", name, attempt, owner)
            roll = table.transcript.rolls.get(name)
            if (owner == table.me or item in table.owed_done or table.me in parts
                    or roll is None or owner in roll.reveals
                    or table.me not in table.escrows.get(owner, {})):
                continue
            table.owed_done.add(item)
            share = int.from_bytes(table.my_escrow_share(owner), "big")
            proof = prove_equal_logs(share, G, roll.base,
                                     Stream(table.peer.secret, "rescue", name, attempt, owner),
                                     *rescue_context(name, attempt, owner, table.me))
            table.queue({"kind": ROLL_PART, "seat": table.me, "of": owner, "roll": name,
                         "attempt": attempt, "part": element_to_bytes(power(roll.base, share)),
                         "c": proof[:CHALLENGE_BYTES], "z": proof[CHALLENGE_BYTES:]})

    def owing(self, roll_name: str) -> set[int]:
        """Dealers still owing a part of an overdue part of ``roll_name``'s attempt."""
        table = self.table
        roll = table.transcript.rolls.get(roll_name)
        owing: set[int] = set()
        for (name, attempt, owner), parts in self.overdue.items():
            if name != roll_name or roll is None or attempt != roll.opening.attempt \
                    or owner in roll.reveals:
                continue
            owing |= {d for d in table.active if d != owner and d not in parts
                      and d in table.escrows.get(owner, {})}
        return owing

    def is_overdue(self, roll_name: str, attempt: int, owner: int) -> bool:
        return (roll_name, attempt, owner) in self.overdue

    # -- rebuilding ---------------------------------------------------------------------
    def departed_changed(self) -> None:
        """A holder's key was rebuilt: its parts are computed by every machine."""
        for slot in list(self.overdue):
            self._derive_departed_parts(slot)
            self._try_complete(slot)

    def _derive_departed_parts(self, slot) -> None:
        table = self.table
        name, _, owner = slot
        roll = table.transcript.rolls[name]
        parts = self.overdue[slot]
        for holder, key in sorted(table.recovered.items()):
            if holder == owner or holder in parts or holder not in table.escrows.get(owner, {}):
                continue
            share = open_share(table.escrows[owner][holder], key,
                               table.transcript.public_keys[owner], owner, holder)
            parts[holder] = power(roll.base, int.from_bytes(share, "big"))

    def _try_complete(self, slot) -> None:
        table = self.table
        name, attempt, owner = slot
        parts = self.overdue[slot]
        roll = table.transcript.rolls[name]
        need = table.escrow_threshold
        if owner in roll.reveals or len(parts) < need:
            return
        chosen = dict(sorted(parts.items())[:need])
        point = combine_partial_shares(chosen, need)
        table.append_derived(RollContributed(name, owner, point, b"", attempt))
        self.rebuilt.append(slot)

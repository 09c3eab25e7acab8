"""A dealer that leaves a fair table for good (the driver's side of net.fair.escrow).

``Departures`` is a part of ``net.fair.deal.FairTable`` with its own state: the escrow
records taken at the start, the host's ``Depart`` and the holders' ``KeyShare`` records, the
keys (and secrets) rebuilt from a majority of them. It reaches the table only through
``DepartureTable``; once a key is rebuilt it tells the table (``key_rebuilt``, then
``hand_opened``), which has the departed dealer's part of each draw done by every machine,
its hand learned, and a roll or shuffle it had not finished run again without it.

``is_stale`` says whether a record made before its machine heard of a departure (or of its
pile or roll opened again) no longer counts.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from game.rules.fairplay.records import (CardPlayed, DrawShared, RollCommitted, RollContributed,
                                          RollRevealed, Shuffled)
from game.rules.fairplay.transcript import stale
from net.fair.errors import FairError
from net.fair.escrow import (ESCROW, KEY_SHARE, check_escrow, check_holder_share,
                             escrow_commitments, open_secret_share, open_share, rebuild_key,
                             rebuild_secret, threshold_for)
from net.fair.kinds import ATTEST
from net.fair.rescue import ROLL_PART
from net.fair.late_shuffle import shuffle_step_is_late
from net.fair.share_rescue import SHARE_PART


class DepartureTable(Protocol):
    """What ``Departures`` reads of its table, and what it tells it."""
    dealers: Sequence[int]
    me: int
    peer: Any                        # this machine's fairplay Peer, or None
    transcript: Any                  # its public keys
    match: Any                       # None during the setup

    @property
    def owed_done(self) -> set: ...

    def queue(self, record) -> None: ...

    def key_rebuilt(self, gone: int) -> None:
        """A departed dealer's key is rebuilt: the rescues compute its parts."""

    def hand_opened(self, gone: int) -> None:
        """... and once every key it opens is rebuilt too: its hand, its part of the step."""


def is_stale(table, record) -> bool:
    """Whether a dealer's record comes too late to count, through no fault of its own: its
    machine made it before it heard what the stream now holds. Its dealer left for good
    (a departed machine owes nothing but its key shares: every machine does its part), or
    its pile or roll was opened again meanwhile (``attempt``). The host drops such a
    record instead of sequencing it, and blames nobody. (``table``: a FairTable.)"""
    departed = table.departed
    if isinstance(record, dict):      # a departed dealer still hands over key shares
        if record.get("kind") == ROLL_PART:
            return table.rescue.is_stale(record)
        if record.get("kind") == SHARE_PART:
            return table.share_rescue.is_stale(record)
        return record.get("kind") == ATTEST and record.get("seat") in departed
    if getattr(record, "seat", None) in departed:
        return True
    if isinstance(record, CardPlayed) and table.share_rescue.show_is_late(record):
        return True     # read by every machine from the escrow before it came: the same card
    t = table.transcript
    if isinstance(record, Shuffled) and shuffle_step_is_late(table, record):
        return True     # its turn was skipped before it came (net.fair.late_shuffle)
    if isinstance(record, DrawShared) and table.share_rescue.share_is_late(record):
        return True     # rebuilt from the escrow before it came: late, and the same value
    if isinstance(record, (Shuffled, DrawShared)) and record.pile in t.piles:
        return stale(record, t.piles[record.pile].opening)
    if isinstance(record, RollContributed) and record.roll in t.rolls and \
            record.seat in t.rolls[record.roll].reveals:
        return True     # rebuilt from the escrow before it came: late, and the same value
    if isinstance(record, (RollCommitted, RollRevealed, RollContributed)) \
            and record.roll in t.rolls:
        return stale(record, t.rolls[record.roll].opening)
    return False


class Departures:
    """Escrows, departures and the keys rebuilt (see the module docstring)."""

    def __init__(self, table: DepartureTable, strict_escrow: bool | None = False) -> None:
        self.table = table
        self.escrows: dict[int, dict[int, bytes]] = {}
        self.departed: list[int] = []
        self.key_shares: dict[int, dict[int, bytes]] = {}
        self.recovered: dict[int, int] = {}
        self.escrow_commitments: dict[int, tuple | None] = {}
        self.secret_escrows: dict[int, dict[int, bytes]] = {}     # owner -> holder -> share
        self.secret_shares: dict[int, dict[int, bytes]] = {}      # published, per departed
        self.recovered_secrets: dict[int, bytes] = {}
        # a strict table (issue 28, item 4): only all the other dealers together can open a
        # dealer's escrow, and a withholder is waited for, not replaced. None: not known (a
        # table replayed from a save): the first escrow's commitments say it
        self.strict_escrow = strict_escrow

    @property
    def threshold(self) -> int:
        """How many other dealers' escrow shares rebuild a key or a roll part."""
        return threshold_for(len(self.table.dealers), bool(self.strict_escrow))

    def active(self) -> tuple[int, ...]:
        """The dealers still at the table (not departed)."""
        return tuple(d for d in self.table.dealers if d not in self.departed)

    def take_escrow(self, record: dict) -> None:
        table = self.table
        seat = record["seat"]
        if self.strict_escrow is None and isinstance(record.get("cm"), list):
            # a table replayed from a save: its first escrow says whether it was strict
            self.strict_escrow = len(record["cm"]) + 1 == len(table.dealers) - 1
        if (seat not in table.dealers or seat in self.escrows or table.match is not None
                or len(table.transcript.public_keys) != len(table.dealers)
                or not check_escrow(record, table.dealers, self.threshold)):
            raise FairError("fair_out_of_turn", dealer=seat, kind=ESCROW)
        self.escrows[seat] = {holder: share for holder, share in record["shares"]}
        self.escrow_commitments[seat] = escrow_commitments(record)
        if "ss" in record:
            self.secret_escrows[seat] = {holder: share for (holder, _), share in
                                         zip(record["shares"], record["ss"])}
        if table.peer is not None and table.me in self.escrows[seat]:
            # our own share, checked at once: a bad one names the dealer that made it
            share = self.my_escrow_share(seat)
            if not check_holder_share(share, table.transcript.public_keys[seat],
                                      self.escrow_commitments[seat], table.me):
                del self.escrows[seat]
                raise FairError("fair_bad_escrow", dealer=seat)

    def my_escrow_share(self, owner: int) -> bytes:
        """This machine's share of ``owner``'s key, opened from the escrow."""
        table = self.table
        return open_share(self.escrows[owner][table.me], table.peer.private,
                          table.transcript.public_keys[owner], owner, table.me)

    def take_depart(self, record: dict) -> None:
        """The host says a dealer left for good: visible to all, at most dealers - 1 times."""
        table = self.table
        gone = record["of"]
        if (table.match is None or gone not in table.dealers or gone in self.departed
                or len(self.departed) + 1 >= len(table.dealers) or len(table.dealers) == 1):
            raise FairError("fair_depart_refused", dealer=gone, departed=len(self.departed))
        if table.match is not None:
            table.match.seal(tell=False)
        self.departed.append(gone)
        self.key_shares[gone] = {}
        self._derive_key_shares()

    def take_key_share(self, record: dict) -> None:
        table = self.table
        holder, gone = record["seat"], record["of"]
        shares = self.key_shares.get(gone)
        if shares is None or holder == gone or holder not in table.dealers:
            raise FairError("fair_out_of_turn", dealer=holder, kind=KEY_SHARE)
        if gone in self.recovered or holder in shares:
            # a share after the key was rebuilt, or one every machine already opened itself
            # (two dealers that left at once: the first to come back lets the table rebuild
            # both keys while the second's share is still on its way): nothing more to do
            return
        if not check_holder_share(record["share"], table.transcript.public_keys[gone],
                                  self.escrow_commitments.get(gone), holder):
            # the escrow's commitments say which share is wrong: its holder's, not the key's
            raise FairError("fair_bad_key_share", dealer=holder, of=gone)
        shares[holder] = record["share"]
        if "ss" in record:
            self.secret_shares.setdefault(gone, {})[holder] = record["ss"]
        self._try_rebuild(gone)

    def _try_rebuild(self, gone: int) -> None:
        table = self.table
        shares = self.key_shares[gone]
        need = self.threshold
        if gone in self.recovered or len(shares) < need:
            return
        chosen = dict(sorted(shares.items())[:need])
        key = rebuild_key(chosen, need, table.transcript.public_keys[gone])
        if key is None:
            raise FairError("fair_bad_escrow", dealer=gone)
        if table.match is not None:
            # the last entry's hash is of the state before this hand is known: every machine
            # seals it now, whenever its own timer would have
            table.match.seal(tell=False)
        self.recovered[gone] = key
        self._try_rebuild_secret(gone, chosen)
        self.table.key_rebuilt(gone)
        self._derive_key_shares()
        self.table.hand_opened(gone)

    def _try_rebuild_secret(self, gone: int, chosen: dict) -> None:
        """The departed dealer's whole secret, from the same holders' secret shares (the
        audit then checks its shuffles too, not only that they kept the cards); a secret
        that does not rebuild (an escrow of a table saved before it) leaves the key alone."""
        table = self.table
        shares = self.secret_shares.get(gone, {})
        if all(holder in shares for holder in chosen):
            secret = rebuild_secret({h: shares[h] for h in chosen}, len(chosen),
                                    table.transcript.public_keys[gone])
            if secret is not None:
                self.recovered_secrets[gone] = secret

    def _derive_key_shares(self) -> None:
        """A departed holder's share of another departed key: every machine opens it with the
        holder's rebuilt key."""
        table = self.table
        for gone in self.departed:
            if gone in self.recovered:
                continue
            for holder in sorted(self.recovered):
                if holder != gone and holder not in self.key_shares[gone]:
                    encrypted = self.escrows[gone][holder]
                    self.key_shares[gone][holder] = open_share(
                        encrypted, self.recovered[holder], table.transcript.public_keys[gone],
                        gone, holder)
                    if holder in self.secret_escrows.get(gone, {}):
                        self.secret_shares.setdefault(gone, {})[holder] = open_secret_share(
                            self.secret_escrows[gone][holder], self.recovered[holder],
                            table.transcript.public_keys[gone], gone, holder)
                    self._try_rebuild(gone)

    def owe_key_shares(self) -> None:
        table = self.table
        for gone in self.departed:
            item = ("keyshare", gone)
            if gone == table.me or gone in self.recovered or item in table.owed_done \
                    or table.me in self.key_shares[gone]:
                continue
            table.owed_done.add(item)
            share = self.my_escrow_share(gone)
            record = {"kind": KEY_SHARE, "seat": table.me, "of": gone, "share": share}
            if table.me in self.secret_escrows.get(gone, {}):
                record["ss"] = open_secret_share(
                    self.secret_escrows[gone][table.me], table.peer.private,
                    table.transcript.public_keys[gone], gone, table.me)
            table.queue(record)


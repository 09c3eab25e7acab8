"""What this machine owes the fair table's current step (a part of ``net.fair.deal``): its key
commitment and reveal, its escrow, its part of each roll (fixed by its key, issue 28; the
commit-reveal of older tables), its part of a roll part rebuilt from the escrow
(``net.fair.rescue``), its shuffle, its shares of a draw and, at the end, its secret. Each is
queued once; the values come from streams of its secret, so a machine that comes back
publishes exactly what it would have.

``Dues`` owns what was queued already and the outbox; it reaches the table only through
``DueTable`` (what it reads, and the other parts' own dues it asks for in their turn, so the
records go out in one fixed order).
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from game.rules.fairplay.derive import Stream
from net.fair.escrow import escrow_record

SETUP_ROLL = "setup"
SECRET = "Secret"                 # the end-of-game record: a dealer's secret, for the audit


def secret_stream(secret: bytes, *label) -> Stream:
    return Stream(secret, "table", *label)


class DueTable(Protocol):
    """What ``Dues`` reads of its table, and the other parts' dues it asks for."""
    peer: Any                        # this machine's fairplay Peer (None: it deals nothing)
    me: int
    dealers: Sequence[int]
    transcript: Any
    match: Any                       # None until the setup's roll is in
    secrets: dict                    # dealers' published secrets

    @property
    def finished(self) -> bool: ...

    @property
    def current_step(self) -> tuple | None: ...

    @property
    def departed(self) -> Sequence[int]: ...

    @property
    def escrows(self) -> dict: ...

    @property
    def escrow_threshold(self) -> int: ...

    def owe_key_shares(self) -> None: ...           # net.fair.leave
    def owe_roll_parts(self) -> None: ...           # net.fair.rescue
    def owe_share_parts(self) -> None: ...          # net.fair.share_rescue
    def owe_extra(self, step) -> None: ...          # net.fair.kinds


class Dues:
    """This machine's dues: what it queued already (``done``) and what waits to go out."""

    def __init__(self, table: DueTable) -> None:
        self.table = table
        self.done: set = set()
        self.outbox: list = []

    def queue(self, record) -> None:
        self.outbox.append(record)

    def take(self) -> list:
        """The records queued, in order; the outbox is empty after."""
        out, self.outbox = self.outbox, []
        return out

    def recount(self) -> None:
        """Forget what was queued (it is in the replayed stream already) and owe again."""
        self.outbox = []
        self.done = set()
        self.owe()


    def owe(self) -> None:
        """Queue the records this machine owes the current step (once each)."""
        table = self.table
        peer = table.peer
        if peer is None:
            return
        # a departed machine that is back still hands over its key shares of other departed
        # dealers (two that left at once need each other's share)
        table.owe_key_shares()
        if table.me in table.departed:
            return
        t = table.transcript
        out = []
        if (len(t.public_keys) == len(table.dealers) and len(table.dealers) > 1
                and table.me not in table.escrows and ("escrow",) not in self.done):
            self.done.add(("escrow",))
            self.outbox.append(escrow_record(peer, table.dealers, t.public_keys,
                                              secret_stream(peer.secret, "escrow").take(32),
                                              table.escrow_threshold))
        if table.match is None:
            nonce = secret_stream(peer.secret, "key-nonce").take(32)
            if not t.public_keys and table.me not in t.key_commitments:
                out.append(("kc",))
            elif len(t.key_commitments) == len(table.dealers) and table.me not in t.public_keys:
                out.append(("kr",))
            if SETUP_ROLL in t.rolls:
                out += self._owe_roll(SETUP_ROLL)
            table.owe_roll_parts()
            for item in out:
                if item in self.done:
                    continue
                self.done.add(item)
                if item == ("kc",):
                    self.outbox.append(peer.commit_key(nonce))
                elif item == ("kr",):
                    self.outbox.append(peer.reveal_key(nonce))
                else:
                    self.outbox.append(self._roll_record(item))
            return
        if table.finished:
            if ("secret",) not in self.done and table.me not in table.secrets:
                self.done.add(("secret",))
                self.outbox.append({"kind": SECRET, "seat": table.me, "secret": peer.secret})
            return
        step = table.current_step
        if step is None:
            return
        kind, name, positions, drawer, _ = step
        if kind in ("deal", "reveal", "show"):
            table.owe_share_parts()      # our parts of a late share (or of a shown card)
        if kind in ("attest", "show", "return"):
            table.owe_extra(step)
        elif kind == "shuffle":
            pile = t.piles[name]
            item = ("shuffle", name, pile.opening.attempt)
            # (a stream replayed from another machine's save may hold only the digest of
            # the deck before ours: our shuffle is in that stream already)
            if pile.next_shuffler() == table.me and item not in self.done \
                    and t.has_deck(name):
                self.done.add(item)
                self.outbox.append(peer.shuffle(t, name))
        elif kind == "roll":
            table.owe_roll_parts()
            for item in self._owe_roll(name):
                if item not in self.done:
                    self.done.add(item)
                    self.outbox.append(self._roll_record(item))
        elif drawer != table.me and table.me in t.piles[name].opening.seats:
            attempt = t.piles[name].opening.attempt
            for position in positions:
                item = ("share", name, attempt, position,
                        t.piles[name].returns.get(position, 0))   # drawn anew once returned
                draw = t.piles[name].draws.get(position)
                if draw is not None and table.me in draw.shares:
                    continue          # given before (e.g. before this machine came back)
                if item not in self.done:
                    self.done.add(item)
                    self.outbox.append(peer.share(t, name, position, drawer))

    def _owe_roll(self, name: str) -> list:
        me = self.table.me
        roll = self.table.transcript.rolls[name]
        attempt = roll.opening.attempt
        if me not in roll.opening.seats:
            return []
        if not roll.commitments:     # a part fixed by our key (a table saved before: below)
            return [] if me in roll.reveals else [("rv", name, attempt)]
        if me not in roll.commitments:
            return [("rc", name, attempt)]
        if len(roll.commitments) == len(roll.opening.seats) and me not in roll.reveals:
            return [("rr", name, attempt)]
        return []

    def _roll_record(self, item):
        kind, name, attempt = item
        peer, transcript = self.table.peer, self.table.transcript
        if kind == "rv":
            return peer.contribute_roll(transcript, name)
        value = secret_stream(peer.secret, "roll-value", name, attempt).take(32)
        nonce = secret_stream(peer.secret, "roll-nonce", name, attempt).take(32)
        if kind == "rc":
            return peer.commit_roll(transcript, name, value, nonce)
        return peer.reveal_roll(name, value, nonce, attempt)

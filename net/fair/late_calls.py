"""The host's calls about what is late at a fair table: a part of ``net.fair.host.FairHost``
(``late``).

When the host's watch (``net.fair.guard.FairWatch``) decides that something owed is late, the
host publishes one record every machine sees, and every machine then does the same thing:
rebuild a roll part or a draw share from the escrow (``Overdue``, ``ShareOverdue``), skip a
shuffle step (``ShuffleOverdue``), say that an answer about a hand is awaited
(``AnswerOverdue``), or rebuild a departed dealer's key or a late secret at the end
(``Depart``). None of these blames the dealer: the host cannot tell its silence from its own
dropping of the frame (issue 28, item 2). A record the table refuses is said as
``fair_refused`` and changes nothing.
"""

from __future__ import annotations

from typing import Any, Callable

from net.fair.errors import FairError
from net.fair.kinds import ANSWER_OVERDUE
from net.fair.late_shuffle import overdue_record
from net.fair.share_rescue import SHARE_OVERDUE


class LateCalls:
    """Publish the host's call about a late part and run it on the host's own table."""

    def __init__(self, table_of: Callable[[], Any], pump: Callable[..., None],
                 emit: Callable[..., None]) -> None:
        """``table_of()``: the host's FairTable now; ``pump(pending=...)`` runs a published
        record through it and relays what follows; ``emit(event, **fields)``."""
        self.table_of = table_of
        self.pump = pump
        self.emit = emit

    def rekey(self, gone: int) -> None:
        """Rebuild the key of dealer ``gone`` from the escrow (a Depart all machines see)."""
        if self._depart(gone):
            self.emit("dealer_departed", peer=gone)

    def overdue(self, roll: str, attempt: int, dealer: int) -> None:
        """Have a late roll part rebuilt from the escrow (an Overdue all machines see)."""
        plain = {"kind": "Overdue", "seat": 0, "of": dealer, "roll": roll, "attempt": attempt}
        if self._publish(plain, dealer):
            self.emit("roll_part_overdue", dealer=dealer, roll=roll)

    def share_overdue(self, pile: str, attempt: int, position: int, again: int,
                      dealer: int) -> None:
        """Have a late draw share rebuilt from the escrow (a ShareOverdue all machines see)."""
        plain = {"kind": SHARE_OVERDUE, "seat": 0, "of": dealer, "pile": pile,
                 "pos": position, "again": again, "attempt": attempt}
        if self._publish(plain, dealer):
            self.emit("share_overdue", dealer=dealer, pile=pile, position=position)

    def shuffle_overdue(self, pile: str, attempt: int, dealer: int) -> None:
        """Have a late shuffle step skipped (a ShuffleOverdue all machines see)."""
        plain = overdue_record(self.table_of(), pile, attempt, dealer)
        if self._publish(plain, dealer):
            self.emit("shuffle_overdue", dealer=dealer, pile=pile)

    def answer_overdue(self, dealer: int) -> None:
        """Say on every machine that the open answer of ``dealer``'s hand is late (an
        AnswerOverdue): the step waits for it, once said."""
        fair = self.table_of()
        if fair.answer_declared_late() or not fair.awaits_answer_from(dealer):
            return
        if self._publish({"kind": ANSWER_OVERDUE, "seat": 0, "of": dealer}, dealer):
            self.emit("answer_overdue", dealer=dealer)

    def secret_overdue(self, dealer: int) -> None:
        """The game is over and ``dealer``'s secret is late: its key (and secret) is rebuilt
        from the escrow (a Depart all machines see) for the audit; nobody is named."""
        if self._depart(dealer):
            self.emit("secret_overdue", dealer=dealer)

    def _depart(self, dealer: int) -> bool:
        """Publish a Depart of ``dealer`` (its key rebuilt from the escrow on every machine)
        unless it has none to rebuild; True if it was taken."""
        fair = self.table_of()
        if fair.match is None or dealer in fair.departed or dealer not in fair.dealers:
            return False
        return self._publish(fair.stamped({"kind": "Depart", "seat": 0, "of": dealer}), dealer)

    def _publish(self, plain: dict, dealer: int) -> bool:
        """Publish a record asking every machine to rebuild ``dealer``'s part from the escrow
        and run it here; False (said as ``fair_refused``) when the table refuses it."""
        fair = self.table_of()
        before = len(fair.published)
        fair.publish(plain)
        try:
            self.pump(pending=(before, plain, None, None))
        except FairError as error:
            fair.drop_inbox()
            self.emit("fair_refused", peer=dealer, code=error.code)
            return False
        return True

"""The host's watch over a fair table's dealers (issue 13), mixed into ``HostEndpoint``.

* A roll part (the setup's public seed, or a roll in play) that is late is rebuilt from the
  escrow (``Overdue``, ``net.fair.rescue``): the same value, so the roll is never rolled again
  and its dealer keeps its seats (a host that dropped it gains nothing, and blames nobody).
* A draw share that is late is rebuilt from the escrow the same way (``ShareOverdue``,
  ``net.fair.share_rescue``): the same card, its dealer keeps its seats and its hand; a late
  shuffle step is skipped (``ShuffleOverdue``, ``net.fair.late_shuffle``), its dealer keeps
  its seats and its hand too.
* Setup (keys, escrows, the public seed): a dealer that leaves, is refused, or owes its key
  or escrow (or its part of a rebuild) longer than ``timings.seeding`` ends the setup for
  everyone; the table goes back to the lobby (ABORT, seen by all) with that dealer's seats
  open. Nothing was dealt yet, so nothing is lost; a spectator owes nothing and so can never
  hold a start up. Once every key is committed an abort is counted by every machine (the
  seed is fixed from then on: an abort is the only way left to get another one), and a
  joiner leaves a table that aborts more than ``FAIR_ABORT_LIMIT`` times (net.fair.join).
* Play: a connected dealer that owes its part of a chance step (a share, a roll's commitment
  or reveal, its shuffle, a key share, an answer) longer than ``timings.seeding`` withholds: its
  seats go to the host's bot (``wait_bot``), its key is rebuilt by the escrow and the step
  finishes without it (a roll or shuffle it had not finished runs again, visibly, as the next
  attempt). Such a veto can delay a step by the limit once per dealer; it cannot choose an
  outcome, and it costs the withholder its seats. A dealer whose machine dropped is waited on
  like its moves are: by the host's ``wait_limit`` (a bot then), or until it is back.
* The end: every dealer publishes its secret for the audit. One that is gone has its secret
  rebuilt by the escrow at once (issue 28: a cheater that closes at the last move is audited
  all the same, shuffles included), one that keeps it back while connected after the limit;
  so the audit runs and every machine's save holds it.
"""

from __future__ import annotations

from typing import Any

from net.protocol import messages as ids
from net.fair.phases import Action, Decision, Phase
from net.protocol.reasons import scalar_args


class FairGuard:
    """Expects the attributes of ``HostEndpoint`` and ``FairHosting``."""

    fair_waiting: tuple = ()          # (what the table waits for, since when)

    def fair_setup_lost(self, peer: Any, code: str) -> bool:
        """A machine is gone during the setup: True if it was a dealer (the setup is over,
        the table back in the lobby)."""
        if self.phase != "dealing" or self.fair is None \
                or self.fair.machine.waiting().on_departure is not Action.ABORT:
            return False
        if not peer.seats:
            return False          # a spectator deals nothing
        self.fair_abort(code, peer=peer.pid)
        return True

    def fair_abort(self, code: str, **args: Any) -> None:
        if self.fair is not None and len(self.fair.transcript.key_commitments) == len(
                self.fair.dealers):
            self.fair_aborts = getattr(self, "fair_aborts", 0) + 1
            args = dict(args, count=self.fair_aborts)
        self.fair = None
        self.fair_waiting = ()
        self.phase = "lobby"
        self._broadcast({"t": ids.ABORT, "r": 0, "c": code, "a": scalar_args(args)})
        self._emit("seeding_aborted", code=code, args=scalar_args(args))
        self._lobby_changed()

    def fair_watch(self) -> None:
        """Called from ``tick``: hand a withholding dealer's seats over (see the docstring).
        What the table waits for, and what a timeout or a departure does, is the deal's
        machine's answer (``fair.machine``, net.fair.phases); this acts on it."""
        fair = self.fair
        if fair is None or self.phase not in ("dealing", "playing", "over"):
            self.fair_waiting = ()
            return
        machine = fair.machine
        connected = {self.fair_dealer_of(p) for p in self._live_peers() if p.seats}
        gone = machine.on_departure(connected)
        if gone.action is Action.REKEY_AT_ONCE:
            # the game is over and a dealer that owes its secret is gone: its secret is
            # rebuilt from the escrow at once (every secret is shown now anyway), so a
            # cheater that closes at the last move is audited all the same (issue 28)
            for dealer in gone.items:
                self.fair_rekey(dealer)
            return
        waiting = machine.waiting()
        owing = [d for d in waiting.dealers if d != fair.me]      # this machine never withholds
        now = self.clock()
        mark = (tuple(owing), len(fair.published), fair.match.seq if fair.match else -1)
        if not owing:
            self.fair_waiting = ()
            return
        if waiting.phase is Phase.CHANCE and self._fair_late_again(fair):
            return
        if not self.fair_waiting or self.fair_waiting[0] != mark:
            self.fair_waiting = (mark, now)
            return
        if now - self.fair_waiting[1] < self.timings.seeding:
            return
        self.fair_waiting = ()
        self._fair_decide(machine.on_timeout(connected), owing)

    def _fair_decide(self, decision: Decision, owing: list) -> None:
        """Carry out the machine's decision about dealers late for the limit."""
        action = decision.action
        if action is Action.REBUILD_PART:
            # a late roll part is rebuilt from the escrow, never rolled again, and its
            # dealer keeps its seats: dropping it gains the host nothing
            for name, attempt, dealer in decision.items:
                self.fair_overdue(name, attempt, dealer)
        elif action is Action.REBUILD_SHARE:
            # a late draw share too (net.fair.share_rescue): the same share, nobody blamed
            for item in decision.items:
                self.fair_share_overdue(*item)
        elif action is Action.SKIP_STEP:
            # a late shuffle step is skipped (net.fair.late_shuffle): nobody blamed
            self.fair_shuffle_overdue(*decision.items[0])
        elif action is Action.ABORT:
            late = [p for p in self.peers.values()
                    if self.fair_dealer_of(p) in owing and p.seats]
            self.fair_abort(ids.R_TIMEOUT, peer=late[0].pid if late else -1)
            for peer in late:        # back in the lobby: their seats open again
                self._emit("fair_withheld", peer=peer.pid, dealer=self.fair_dealer_of(peer))
                if peer.conn is not None:
                    self._refuse(peer.conn, ids.R_TIMEOUT, {"peer": peer.pid})
        elif action is Action.STALL:
            # nobody is blamed and the step waits: only parts of a rebuild are missing (a
            # host that dropped a share and a holder's part could otherwise frame that
            # holder), or a strict table, where nobody stands in for a withholder (its
            # hand would be opened behind a veto); the host can end the game
            for dealer in decision.items:
                self._emit("fair_stalled", dealer=dealer)
        elif action is Action.BOT_AND_REKEY:
            fair = self.fair
            for dealer, withheld in decision.items:
                if not withheld:
                    # the game is over and only its secret is missing: nothing is left to
                    # wait on it for, and its key rebuilt by the escrow serves the audit
                    self.fair_rekey(dealer)
                    continue
                seats = [s for s, d in enumerate(fair.seat_dealers) if d == dealer]
                self._emit("fair_withheld", dealer=dealer, seats=seats)
                for seat in seats:
                    if not self.slots[seat].bot_level:
                        self.hand_to_bot(seat, self.seat_waits.wait_bot)
                if dealer not in fair.departed:
                    self.fair_rekey(dealer)

    def _fair_late_again(self, fair) -> bool:
        """A dealer late once with a share or a shuffle step (rebuilt or skipped, nobody
        blamed) has the rest rebuilt or skipped at once, without waiting the limit again: a
        silent machine could otherwise slow every step of the game to the limit. The same
        values either way (a record of its own that comes first simply counts); True if
        something was called."""
        shares, shuffles = fair.machine.late_again()
        for item in shares:
            self.fair_share_overdue(*item)
        for item in shuffles:
            self.fair_shuffle_overdue(*item)
        return bool(shares or shuffles)

    def fair_watch_due(self) -> float | None:
        """When ``fair_watch`` has something to decide (for ``wake_in``), or None."""
        if not self.fair_waiting:
            return None if self.fair is None else self.clock() + 0.5
        return self.fair_waiting[1] + self.timings.seeding

"""The host's watch over a fair table's dealers (issue 13).

``FairWatch`` is a part of ``net.table.host.HostEndpoint`` (``fair_watch``) with its own state:
what the table waits for and since when (``waiting``), and how many aborts after every key was
committed this table has had (``aborts``). It reads the table through ``WatchedTable``, asks
the fair deal (``WatchedDeal``: ``net.fair.host.FairHost``) for rebuilds, and acts on the table
only through the callbacks it is handed (a seat to the bot, the lobby again, broadcast, emit,
refuse). What it decides:

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

from typing import Any, Callable, Protocol

from net.protocol import messages as ids
from net.fair.late_shuffle import shuffle_late
from net.fair.phases import PHASES, ROLL_PARTS_LATE, Action, Phase, phase_of
from net.fair.wait import (play_owing, rebuild_parts_owing, roll_parts_late, setup_owing,
                           shares_late)
from net.protocol.reasons import scalar_args


class WatchedTable(Protocol):
    """What ``FairWatch`` reads of the table it watches (``HostEndpoint`` is one)."""

    phase: str          # dealing, playing, over are watched; an abort sets it to "lobby"
    peers: dict         # peer id -> net.session.handshake.PeerRec
    slots: list         # net.protocol.lobby.Slot per seat
    timings: Any        # net.transport.timing.Timings: ``seeding``, the limit

    def clock(self) -> float: ...


class WatchedDeal(Protocol):
    """What ``FairWatch`` asks of the host's fair deal (``net.fair.host.FairHost`` is one)."""

    fair: Any           # net.fair.deal.FairTable (None: no deal running)

    def dealer_of(self, peer: Any) -> int: ...

    def forget(self) -> None: ...

    def rekey(self, gone: int) -> None: ...

    def overdue(self, roll: str, attempt: int, dealer: int) -> None: ...

    def share_overdue(self, pile: str, attempt: int, position: int, again: int,
                      dealer: int) -> None: ...

    def shuffle_overdue(self, pile: str, attempt: int, dealer: int) -> None: ...


class FairWatch:
    """A part of ``HostEndpoint`` (``fair_watch``): the dealers the deal waits for, watched."""

    def __init__(self, table: WatchedTable, deal: WatchedDeal, *,
                 live_peers: Callable[[], list], to_bot: Callable[[int], None],
                 lobby_changed: Callable[[], None], broadcast: Callable[[dict], None],
                 emit: Callable[..., None], refuse: Callable[[Any, str, dict], None]) -> None:
        """``live_peers()``: the connected peers; ``to_bot(seat)``: the host's wait bot plays
        the seat; ``lobby_changed()``: the lobby is told (after an abort);
        ``broadcast(message)``, ``emit(event, **fields)``, ``refuse(conn, code, args)``."""
        self.table = table
        self.deal = deal
        self.live_peers = live_peers
        self.to_bot = to_bot
        self.lobby_changed = lobby_changed
        self.broadcast = broadcast
        self.emit = emit
        self.refuse = refuse
        self.waiting: tuple = ()          # (what the table waits for, since when)
        self.aborts = 0                   # aborts counted (every key was committed)

    def setup_lost(self, peer: Any, code: str) -> bool:
        """A machine is gone during the setup: True if it was a dealer (the setup is over,
        the table back in the lobby)."""
        fair = self.deal.fair
        if self.table.phase != "dealing" or fair is None \
                or PHASES[phase_of(fair)].on_departure is not Action.ABORT:
            return False
        if not peer.seats:
            return False          # a spectator deals nothing
        self.abort(code, peer=peer.pid)
        return True

    def abort(self, code: str, **args: Any) -> None:
        """The setup ends for everyone (ABORT): the table goes back to the lobby; counted
        once every key is committed (the seed is fixed from then on)."""
        fair = self.deal.fair
        if fair is not None and len(fair.transcript.key_commitments) == len(fair.dealers):
            self.aborts += 1
            args = dict(args, count=self.aborts)
        self.deal.forget()
        self.waiting = ()
        self.table.phase = "lobby"
        self.broadcast({"t": ids.ABORT, "r": 0, "c": code, "a": scalar_args(args)})
        self.emit("seeding_aborted", code=code, args=scalar_args(args))
        self.lobby_changed()

    def tick(self) -> None:
        """Called from the table's ``tick``: hand a withholding dealer's seats over (see the
        module's docstring)."""
        table, deal = self.table, self.deal
        fair = deal.fair
        if fair is None or table.phase not in ("dealing", "playing", "over"):
            self.waiting = ()
            return
        phase = phase_of(fair)
        rule = PHASES[phase]          # net.fair.phases: what a late or gone dealer costs here
        owing = setup_owing(fair) if fair.match is None else play_owing(fair)
        owing = [d for d in owing if d != fair.me]      # this machine never withholds
        if rule.on_departure is Action.REKEY_AT_ONCE and owing:
            # the game is over and a dealer that owes its secret is gone: its secret is
            # rebuilt from the escrow at once (every secret is shown now anyway), so a
            # cheater that closes at the last move is audited all the same (issue 28)
            connected = {deal.dealer_of(p) for p in self.live_peers() if p.seats}
            gone = [d for d in owing if d not in connected and d not in fair.departed]
            if gone and all(g in fair.recovered for g in fair.departed):
                for dealer in gone:
                    deal.rekey(dealer)
                return
        now = table.clock()
        mark = (tuple(owing), len(fair.published), fair.match.seq if fair.match else -1)
        if not owing:
            self.waiting = ()
            return
        if phase is Phase.CHANCE and self._late_again(fair):
            return
        if not self.waiting or self.waiting[0] != mark:
            self.waiting = (mark, now)
            return
        if now - self.waiting[1] < table.timings.seeding:
            return
        self.waiting = ()
        overdue = [item for item in roll_parts_late(fair) if item[2] != fair.me] \
            if phase in ROLL_PARTS_LATE else []
        if overdue:
            # a late roll part is rebuilt from the escrow, never rolled again, and its
            # dealer keeps its seats: dropping it gains the host nothing
            for name, attempt, dealer in overdue:
                deal.overdue(name, attempt, dealer)
            return
        shares = [item for item in shares_late(fair) if item[4] != fair.me] \
            if phase is Phase.CHANCE else []
        if shares:
            # a late draw share too (net.fair.share_rescue): the same share, nobody blamed
            for item in shares:
                deal.share_overdue(*item)
            return
        shuffles = [item for item in shuffle_late(fair) if item[2] != fair.me] \
            if phase is Phase.CHANCE else []
        if shuffles:
            # a late shuffle step is skipped (net.fair.late_shuffle): nobody blamed
            deal.shuffle_overdue(*shuffles[0])
            return
        late = [p for p in table.peers.values() if deal.dealer_of(p) in owing and p.seats]
        if rule.on_timeout is Action.ABORT:
            self.abort(ids.R_TIMEOUT, peer=late[0].pid if late else -1)
            for peer in late:        # back in the lobby: their seats open again
                self.emit("fair_withheld", peer=peer.pid, dealer=deal.dealer_of(peer))
                if peer.conn is not None:
                    self.refuse(peer.conn, ids.R_TIMEOUT, {"peer": peer.pid})
            return
        # a dealer whose machine dropped is waited on like its moves are (``wait_limit``):
        # only one that is connected and does not send what it owes withholds
        connected = {deal.dealer_of(p) for p in self.live_peers() if p.seats}
        secrets_only = fair.finished and all(g in fair.recovered for g in fair.departed)
        parts = rebuild_parts_owing(fair)
        if parts and set(owing) <= parts:
            # only parts of a rebuild are missing (a late share or roll part): blaming their
            # holders would let a host that dropped both the share and a holder's part
            # frame that holder, so nobody is blamed and the step waits (the host can end
            # the game; two silent machines can stall it, as they could veto before)
            for dealer in owing:
                if dealer in connected:
                    self.emit("fair_stalled", dealer=dealer)
            return
        if fair.strict_escrow and not secrets_only:
            # a strict table (issue 28): nobody stands in for a withholder (its hand would be
            # opened behind a veto); the step waits for it until the host ends the game
            for dealer in owing:
                if dealer in connected:
                    self.emit("fair_stalled", dealer=dealer)
            return
        for dealer in owing:
            if dealer not in connected:
                if secrets_only:
                    # the game is over and only its secret is missing: nothing is left to
                    # wait on it for, and its key rebuilt by the escrow serves the audit
                    deal.rekey(dealer)
                continue
            seats = [s for s, d in enumerate(fair.seat_dealers) if d == dealer]
            self.emit("fair_withheld", dealer=dealer, seats=seats)
            for seat in seats:
                if not table.slots[seat].bot_level:
                    self.to_bot(seat)
            if dealer not in fair.departed:
                deal.rekey(dealer)

    def _late_again(self, fair) -> bool:
        """A dealer late once with a share or a shuffle step (rebuilt or skipped, nobody
        blamed) has the rest rebuilt or skipped at once, without waiting the limit again: a
        silent machine could otherwise slow every step of the game to the limit. The same
        values either way (a record of its own that comes first simply counts); True if
        something was called."""
        again = {slot[4] for slot in fair.share_rescue.overdue}
        shares = [item for item in shares_late(fair) if item[4] in again and item[4] != fair.me]
        for item in shares:
            self.deal.share_overdue(*item)
        skipped = fair.skipped_shufflers
        shuffles = [item for item in shuffle_late(fair) if item[2] in skipped
                    and item[2] != fair.me]
        for item in shuffles[:1]:
            self.deal.shuffle_overdue(*item)
        return bool(shares or shuffles)

    def due(self) -> float | None:
        """When ``tick`` has something to decide (for the table's ``wake_in``), or None."""
        if not self.waiting:
            return None if self.deal.fair is None else self.table.clock() + 0.5
        return self.waiting[1] + self.table.timings.seeding

"""The host's watch over a fair table's dealers (issue 13).

``FairWatch`` is a part of ``net.table.host.HostEndpoint`` (``fair_watch``) with its own state:
what the table waits for and since when (``waiting``), and how many aborts after every key was
committed this table has had (``aborts``). It reads the table through ``WatchedTable``, asks
the fair deal (``WatchedDeal``: ``net.fair.host.FairHost``) for rebuilds, and acts on the table
only through the callbacks it is handed (the lobby again, broadcast, emit, refuse); it never
gives a seat to a bot (that is the host's own, visible decision). What it decides:

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
* Play: nothing a connected dealer owes costs it its seats when it is late, since the host
  cannot tell its silence from its own dropping of the frame (issue 28, item 2). A shown
  card that is late is read from the escrow (its drawer's own share rebuilt, ``ShareOverdue``
  of the ``show``); what cannot be rebuilt (an answer about a hand, which would open it; a
  rebuild whose parts or key shares are short of its threshold) waits (``fair_stalled``,
  every machine told whose answer it waits for by ``AnswerOverdue``), and the host's way out
  is its own visible decision: the seat to a bot (a Depart all machines see), or the end of
  the game. A dealer whose machine dropped is waited on like its moves are: by the host's
  ``wait_limit`` (a bot then), or until it is back.
* The end: every dealer publishes its secret for the audit. One that is gone, or that is
  late with it, has its secret rebuilt by the escrow (issue 28: a cheater that closes at the
  last move is audited all the same, shuffles included; a host that drops an honest secret
  names nobody), so the audit runs, names a cheat found in the records, and every machine's
  save holds it.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from net.protocol import messages as ids
from net.fair.phases import Action, Decision, Phase
from net.protocol.reasons import scalar_args


class WatchedTable(Protocol):
    """What ``FairWatch`` reads of the table it watches (``HostEndpoint`` is one)."""

    phase: str          # dealing, playing, over are watched; an abort sets it to "lobby"
    peers: dict         # peer id -> net.session.handshake.PeerRec
    timings: Any        # net.transport.timing.Timings: ``seeding``, the limit

    def clock(self) -> float: ...


class LateCaller(Protocol):
    """The host's calls about a late part (``net.fair.late_calls.LateCalls`` is one)."""

    def rekey(self, gone: int) -> None: ...

    def overdue(self, roll: str, attempt: int, dealer: int) -> None: ...

    def share_overdue(self, pile: str, attempt: int, position: int, again: int,
                      dealer: int) -> None: ...

    def shuffle_overdue(self, pile: str, attempt: int, dealer: int) -> None: ...

    def answer_overdue(self, dealer: int) -> None: ...

    def secret_overdue(self, dealer: int) -> None: ...


class WatchedDeal(Protocol):
    """What ``FairWatch`` asks of the host's fair deal (``net.fair.host.FairHost`` is one)."""

    fair: Any           # net.fair.deal.FairTable (None: no deal running)
    late: LateCaller    # what the watch decides is carried out through it

    def dealer_of(self, peer: Any) -> int: ...

    def forget(self) -> None: ...


class FairWatch:
    """A part of ``HostEndpoint`` (``fair_watch``): the dealers the deal waits for, watched."""

    def __init__(self, table: WatchedTable, deal: WatchedDeal, *,
                 live_peers: Callable[[], list],
                 lobby_changed: Callable[[], None], broadcast: Callable[[dict], None],
                 emit: Callable[..., None], refuse: Callable[[Any, str, dict], None]) -> None:
        """``live_peers()``: the connected peers; ``lobby_changed()``: the lobby is told
        (after an abort);
        ``broadcast(message)``, ``emit(event, **fields)``, ``refuse(conn, code, args)``."""
        self.table = table
        self.deal = deal
        self.live_peers = live_peers
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
                or fair.machine.waiting().on_departure is not Action.ABORT:
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
        module's docstring). What the deal waits for, from whom, and what a timeout or a
        departure does there is the answer of its state machine (``fair.machine``,
        net.fair.phases.DealMachine); the watch keeps the time and carries the decision out."""
        table, deal = self.table, self.deal
        fair = deal.fair
        if fair is None or table.phase not in ("dealing", "playing", "over"):
            self.waiting = ()
            return
        machine = fair.machine
        connected = {deal.dealer_of(p) for p in self.live_peers() if p.seats}
        gone = machine.on_departure(connected)
        if gone.action is Action.REKEY_AT_ONCE:
            # the game is over and a dealer that owes its secret is gone: its secret is
            # rebuilt from the escrow at once (every secret is shown now anyway), so a
            # cheater that closes at the last move is audited all the same (issue 28)
            for dealer in gone.items:
                deal.late.rekey(dealer)
            return
        waiting = machine.waiting()
        owing = [d for d in waiting.dealers if d != fair.me]   # this machine never withholds
        now = table.clock()
        mark = (tuple(owing), len(fair.published), fair.match.seq if fair.match else -1)
        if not owing:
            self.waiting = ()
            return
        if waiting.phase is Phase.CHANCE and self._late_again(machine):
            return
        if not self.waiting or self.waiting[0] != mark:
            self.waiting = (mark, now)
            return
        if now - self.waiting[1] < table.timings.seeding:
            return
        self.waiting = ()
        self._decide(machine.on_timeout(connected), owing)

    def _decide(self, decision: Decision, owing: list) -> None:
        """Carry out the deal's decision about the dealers late past the limit."""
        table, deal = self.table, self.deal
        action = decision.action
        if action is Action.REBUILD_PART:
            # a late roll part is rebuilt from the escrow, never rolled again, and its
            # dealer keeps its seats: dropping it gains the host nothing
            for name, attempt, dealer in decision.items:
                deal.late.overdue(name, attempt, dealer)
        elif action is Action.REBUILD_SHARE:
            # a late draw share too (net.fair.share_rescue): the same share, nobody blamed
            for item in decision.items:
                deal.late.share_overdue(*item)
        elif action is Action.SKIP_STEP:
            # a late shuffle step is skipped (net.fair.late_shuffle): nobody blamed
            deal.late.shuffle_overdue(*decision.items[0])
        elif action is Action.ABORT:
            late = [p for p in table.peers.values() if deal.dealer_of(p) in owing and p.seats]
            self.abort(ids.R_TIMEOUT, peer=late[0].pid if late else -1)
            for peer in late:        # back in the lobby: their seats open again
                self.emit("fair_withheld", peer=peer.pid, dealer=deal.dealer_of(peer))
                if peer.conn is not None:
                    self.refuse(peer.conn, ids.R_TIMEOUT, {"peer": peer.pid})
        elif action is Action.STALL:
            # nobody is blamed and the step waits: what is missing cannot be rebuilt now (an
            # answer about a hand, parts or key shares of a rebuild short of its threshold),
            # and the host could have dropped it itself; a late answer is said on every
            # machine (AnswerOverdue). The host's way out is its own visible decision
            fair = deal.fair
            in_step = fair.machine.phase() is Phase.CHANCE    # (not a key share's wait)
            for dealer in decision.items:
                seats = [s for s, d in enumerate(fair.seat_dealers) if d == dealer]
                answer = in_step and fair.awaits_answer_from(dealer)
                # waits_for: "answer" (only that machine can give it) or "parts" (of a
                # rebuild; handing their holder to a bot would not end the wait)
                self.emit("fair_stalled", dealer=dealer, seats=seats,
                          waits_for="answer" if answer else "parts")
                if answer:
                    deal.late.answer_overdue(dealer)
        elif action is Action.REKEY_AT_ONCE:
            # the game is over and only secrets are missing: each is rebuilt from the escrow
            # and the audit runs with it; nobody is named for lateness
            for dealer in decision.items:
                deal.late.secret_overdue(dealer)

    def _late_again(self, machine) -> bool:
        """A dealer late once with a share or a shuffle step (rebuilt or skipped, nobody
        blamed) has the rest rebuilt or skipped at once, without waiting the limit again: a
        silent machine could otherwise slow every step of the game to the limit. The same
        values either way (a record of its own that comes first simply counts); True if
        something was called."""
        shares, shuffles = machine.late_again()
        for item in shares:
            self.deal.late.share_overdue(*item)
        for item in shuffles:
            self.deal.late.shuffle_overdue(*item)
        return bool(shares or shuffles)

    def due(self) -> float | None:
        """When ``tick`` has something to decide (for the table's ``wake_in``), or None."""
        if not self.waiting:
            return None if self.deal.fair is None else self.table.clock() + 0.5
        return self.waiting[1] + self.table.timings.seeding

"""A joiner's bookkeeping of lockstep play: what it asked the host and what the host told it.

``PlayLedger`` is a part of ``net.table.joiner.ClientEndpoint`` (``ledger``) with its own
state: our proposed moves the host has not answered yet (``pending``: seat -> nonce, move,
when sent) and their numbering (``nonce``); how far the host's log is known to reach
(``host_seq``), what it sent before we were dealt in (``early``) and when we last asked it for
what we miss (``last_get``); when a move was last applied here (``applied_at``: our hash
follows ``Timings.hash_delay`` later); the host's seat commands in their order (``commands``;
``bot_controlled``: our seats its bot plays now); and the game's end as held here
(``over_at``, ``over_hash``, ``netlog_due``). It reaches nothing of the endpoint: it sends
through ``send``, reads the time through ``clock`` and asks ``played(seat)`` for the card a
fair table's move in flight plays (``cp``). When to resend or ask again is the endpoint's
pump to say (``tick``, ``wake_in``): the ledger keeps no timer of its own.
"""

from __future__ import annotations

from typing import Any, Callable

from net.protocol import messages as ids


class PlayLedger:
    def __init__(self, *, clock: Callable[[], float], send: Callable[[dict], None],
                 played: Callable[[int], Any]) -> None:
        self.clock = clock
        self.send = send
        self.played = played
        self.nonce = 0
        self.pending: dict[int, tuple[int, str, float]] = {}   # seat -> (nonce, move, sent)
        self.host_seq = 0             # the newest entry of the host's log we heard of
        self.last_get = -1e9          # when we last asked for the entries we miss
        self.commands: list[list] = []            # [at_seq, kind, seat, level] in order
        self.bot_controlled: set[int] = set()     # our seats the host's bot plays for now
        self.command_buffer: dict[int, list] = {}  # commands that came ahead of their turn
        self.early: list[dict] = []         # what came before we were dealt in: kept for then
        self.applied_at = 0.0               # when a move was last applied here (then hashed)
        self.over_at: float | None = None   # when we first held the finished game
        self.over_hash = ""                 # its final hash here (a late repair may change it)
        self.netlog_due = False             # the finished game's netlog is still to write

    # ------------------------------------------------------------ proposals
    def send_proposal(self, seat: int, message: dict) -> None:
        """Send ``message`` (a PROPOSE without its nonce) as our move in flight for ``seat``."""
        self.nonce += 1
        self.pending[seat] = (self.nonce, message["m"], self.clock())
        message["n"] = self.nonce
        self.send(message)

    def resend_lost(self, now: float, retry: float) -> None:
        """Send again every proposal unanswered for ``retry`` seconds (lost on the way? the
        host drops a repeat by its nonce)."""
        for seat, (nonce, text, sent) in list(self.pending.items()):
            if now - sent >= retry:
                self.pending[seat] = (nonce, text, now)
                message = {"t": ids.PROPOSE, "s": seat, "m": text, "n": nonce}
                played = self.played(seat)
                if played is not None:
                    message["cp"] = played
                self.send(message)

    def answered(self, seat: int) -> None:
        """A move of ``seat`` was applied (or the seat's control changed): nothing in flight."""
        self.pending.pop(seat, None)

    def proposal_refused(self, seat: int, nonce: int) -> tuple[str, bool]:
        """The host refused ``seat``'s proposal ``nonce``: the move we had in flight for the
        seat ("" if none), and whether it was that one (then it is dropped)."""
        pending = self.pending.get(seat)
        if pending is None:
            return "", False
        if pending[0] != nonce:
            return pending[1], False
        del self.pending[seat]
        return pending[1], True

    def in_flight(self, seat: int) -> bool:
        return seat in self.pending

    def busy_seats(self) -> set[int]:
        """Seats a local bot must not play now: in flight, or played by the host's bot."""
        return self.bot_controlled | set(self.pending)

    # ------------------------------------------------------------ the host's log
    def host_reaches(self, seq: int) -> None:
        """The host's log reaches ``seq`` (a move, a heartbeat, our own catch-up)."""
        self.host_seq = max(self.host_seq, seq)

    def catch_up(self, now: float, retry: float, seq: int, gap: bool, broken: bool) -> None:
        """Ask for the entries after ``seq`` when some are missing (``gap``) or the host is
        ahead of us, at most once every ``retry`` seconds (a broken replica waits for the
        host's log instead)."""
        behind = self.host_seq > seq and not broken
        if (gap or behind) and now - self.last_get >= retry:
            self.last_get = now
            self.send({"t": ids.GET, "q": seq + 1})

    def retry_times(self, retry: float, seq: int, gap: bool) -> list[float]:
        """When ``resend_lost`` and ``catch_up`` next have something to do."""
        due = [sent + retry for _nonce, _move, sent in self.pending.values()]
        if gap or self.host_seq > seq:
            due.append(self.last_get + retry)
        return due

    def take_early(self) -> list[dict]:
        """The game starts here: what the host sent before, in its order, to handle now."""
        early, self.early = self.early, []
        return early

    def moves_applied(self) -> None:
        """Moves were applied here: our state is hashed ``Timings.hash_delay`` from now."""
        self.applied_at = self.clock()

    # ------------------------------------------------------------ the host's seat commands
    def take_command(self, index: int, entry: list) -> list[tuple[int, str, str]]:
        """Command ``index`` of the host's log: the commands now in order, as (seat, kind,
        level) — none for a repeat or one that came ahead of its turn."""
        if index < len(self.commands):
            return []       # already applied (a resend)
        self.command_buffer[index] = entry
        taken = []
        while len(self.commands) in self.command_buffer:
            at_seq, kind, seat, level = self.command_buffer.pop(len(self.commands))
            self.commands.append([at_seq, kind, seat, level])
            if kind == ids.CMD_BOT:
                self.bot_controlled.add(seat)
            else:
                self.bot_controlled.discard(seat)
            self.pending.pop(seat, None)
            taken.append((seat, kind, level))
        return taken

    def forget_proposals(self) -> None:
        """Our seats changed: nothing we proposed before is waited on."""
        self.pending.clear()

    def start_over(self) -> None:
        """The host sent its whole log (a sync): what we proposed before is answered or
        dropped by it, nothing is resent, and its commands come again from the first."""
        self.pending.clear()
        self.commands = []
        self.bot_controlled = set()
        self.command_buffer = {}

    # ------------------------------------------------------------ the game's end
    def end_reached(self, phase: str, digest: str) -> bool:
        """We hold the finished game, its last hash ``digest`` (``phase``: the endpoint's, "over"
        once told): is that news (the first time, or a late repair changed the hash)? Then
        the netlog is due again."""
        if phase == "over" and digest == self.over_hash:
            return False
        if phase != "over":
            self.over_at = self.clock()
        self.over_hash = digest
        self.netlog_due = True
        return True

    def end_papers_ready(self, phase: str, wait: float) -> bool:
        """May the end's netlog and audit be written now? Only ``wait`` seconds
        (``Timings.end_paperwork``) after we first held the finished game."""
        if phase != "over" or self.over_at is None:
            return True
        return self.clock() >= self.over_at + wait

    def paperwork_due(self, phase: str, waiting: bool, wait: float) -> list[float]:
        """When the end's paperwork is due, if some is ``waiting`` (none: nothing to wake for)."""
        if not waiting or phase != "over" or self.over_at is None:
            return []
        return [self.over_at + wait]

    def take_netlog(self) -> bool:
        """Is the netlog due (then it is not any more: the caller writes it)?"""
        due, self.netlog_due = self.netlog_due, False
        return due

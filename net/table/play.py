"""The host's bookkeeping during play: a peer's proposed move (answered once per nonce), the
moves the fair deal applied, the peers' hashes checked (a desync repaired by a SYNC), a
peer's GET of missed moves, the seat commands (a bot takes a seat, its player takes it back)
and the host's own bots.

``HostPlay`` is a part of ``net.table.host.HostEndpoint`` (``play``) with its own state: the
sequenced seat commands (``commands``) and when the fair deal last applied a move
(``applied_at``: the hash waits until the burst of sending is over). It reads the table it
serves (``PlayTable``) and acts on it only through the fair deal it is handed (``FairRelay``,
which ``net.fair.host.FairHost`` declares it is) and the callbacks: send to a peer,
broadcast, refuse a connection, emit an event, the seats' statuses changed, the game is over.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from game.rules.core import IllegalMove
from net.fair.host import FairRelay
from net.local import collector
from net.local.netlog import log_line
from net.protocol import messages as ids
from net.protocol.reasons import scalar_args
from net.table import repair

RESEND_LIMIT = 200        # a peer further behind than this gets the whole log instead
NONCES_KEPT = 256         # answers remembered per peer; past it the oldest half is forgotten


class PlayTable(Protocol):
    """What ``HostPlay`` reads of the table it serves (``HostEndpoint`` is one)."""

    phase: str          # lobby, dealing, playing, over, closed
    slots: list         # net.protocol.lobby.Slot per seat
    game: Any           # game.rules.core.Game
    timings: Any        # net.transport.timing.Timings (hash_delay, retry)
    sequencer: Any      # net.table.sequencer.Sequencer, None before the game
    bot_seats: Any      # net.table.bots.HostBotSeats

    @property
    def match(self) -> Any: ...

    @property
    def seq(self) -> int: ...

    def clock(self) -> float: ...


class HostPlay:
    def __init__(self, table: PlayTable, fair: FairRelay, *,
                 send: Callable[[Any, dict], None], broadcast: Callable[[dict], None],
                 refuse: Callable[[Any, str, dict], None], emit: Callable[..., None],
                 status_changed: Callable[[], None],
                 game_over: Callable[[int], None]) -> None:
        """``send(peer, message)``; ``broadcast(message)``: every connected peer;
        ``refuse(conn, code, args)``: tell the connection why and close it;
        ``emit(event, **fields)``; ``status_changed()``: the seats' states may have changed;
        ``game_over(seq)``: the move ``seq`` ended the game."""
        self.table = table
        self.fair: FairRelay = fair      # FairHost in play; declared by it, so it can be followed
        self.send = send
        self.broadcast = broadcast
        self.refuse = refuse
        self.emit = emit
        self.status_changed = status_changed
        self.game_over = game_over
        self.commands: list[list] = []   # [seq, kind, seat, level]: every peer applies them
        self.applied_at = 0.0            # when the fair deal last applied a move

    # ------------------------------------------------------------ a peer's messages
    def propose(self, peer: Any, msg: dict) -> None:
        """A peer's move for one of its seats: stamped, or rejected with a reason; a nonce
        seen before is answered as the first time."""
        seat, nonce = msg["s"], msg["n"]
        if nonce in peer.nonces:           # a duplicate or a retry: answer the same
            outcome = peer.nonces[nonce]
            if outcome is not None:
                self.reject(peer, nonce, seat, outcome[0], outcome[1])
            return
        if self.table.phase != "playing":
            self.reject(peer, nonce, seat, ids.R_NOT_PLAYING, {})
            return
        if seat not in peer.seats or self.table.slots[seat].bot_level:
            self.remember(peer, nonce, (ids.R_NOT_YOUR_SEAT, {"seat": seat + 1}))
            self.reject(peer, nonce, seat, ids.R_NOT_YOUR_SEAT, {"seat": seat + 1})
            self.emit("foreign_move", peer=peer.pid, seat=seat)
            return
        try:
            self.fair.stamp(seat, msg["m"], msg.get("cp"))
        except IllegalMove as exc:
            outcome = (exc.code, scalar_args(exc.args_dict))
            self.remember(peer, nonce, outcome)
            self.reject(peer, nonce, seat, *outcome)
            return
        self.remember(peer, nonce, None)

    def remember(self, peer: Any, nonce: int, outcome: tuple | None) -> None:
        """The answer to ``nonce`` (None: accepted), bounded per peer."""
        peer.nonces[nonce] = outcome
        if len(peer.nonces) > NONCES_KEPT:
            for key in sorted(peer.nonces)[:NONCES_KEPT // 2]:
                del peer.nonces[key]

    def reject(self, peer: Any, nonce: int, seat: int, code: str, args: dict) -> None:
        self.send(peer, {"t": ids.REJECT, "n": nonce, "s": seat, "c": code, "a": args})

    def hash(self, peer: Any, msg: dict) -> None:
        """A peer's hash after move ``q``: acked, or its desync repaired (or it refused)."""
        table = self.table
        if table.sequencer is None:
            return
        seq, digest = msg["q"], msg["h"].hex()
        verdict = table.sequencer.verify(seq, digest)
        if verdict is None:
            return
        action = repair.on_verdict(peer, seq, verdict, table.clock(), table.timings.retry,
                                   table.seq)
        if action == repair.REPAIRED:
            self.emit("repaired", peer=peer.pid, seq=seq)
        if action not in (repair.RESYNC, repair.GIVE_UP):
            return
        ours = table.sequencer.expected(seq)
        self.emit("desync", peer=peer.pid, seq=seq, ours=ours, theirs=digest)
        log_line("desync", game=table.game.name, seed=table.match.seed, peer=peer.pid,
                 name=peer.name, seq=seq, ours=ours, theirs=digest)
        if action == repair.GIVE_UP:
            self.refuse(peer.conn, ids.R_DESYNC, {"seq": seq})
        else:
            self.send_sync(peer, ids.R_DESYNC)

    def get(self, peer: Any, msg: dict) -> None:
        """A peer missed moves from ``q`` on: resent, or the whole stream if too many."""
        if self.table.sequencer is None:
            return
        entries = self.table.sequencer.entries_from(msg["q"])
        if len(entries) > RESEND_LIMIT:
            self.send_sync(peer, ids.R_CATCH_UP)
            return
        self.fair.resend(peer, entries)
        for index, command in enumerate(self.commands):
            self.send(peer, {"t": ids.COMMAND, "i": index, "e": command})

    def send_sync(self, peer: Any, reason: str) -> None:
        """The whole stream and the commands: the peer replays them (``reason``: why)."""
        if self.table.sequencer is not None:
            self.table.sequencer.seal()
        message = {"t": ids.SYNC, "w": reason, "cmd": self.commands}
        self.fair.sync_fields(message, peer)   # the whole stream: each joiner replays it
        self.send(peer, message)

    # ------------------------------------------------------------ what the table tells it
    def moved(self, applied: list) -> None:
        """Entries the fair deal applied ((seq, seat, move, events)): hashed once the burst
        of sending is over, told, and the game over after the last."""
        table = self.table
        for seq, seat, move, events in applied:
            self.applied_at = table.clock()
            if table.timings.hash_delay <= 0:
                table.sequencer.seal()
            self.emit("move", seq=seq, seat=seat, move=move, events=events)
            if seat is None:
                collector.in_play()     # a round begins: set aside what the last one kept
        if applied and table.match.is_over() and table.phase == "playing":
            self.game_over(applied[-1][0])

    def command(self, kind: str, seat: int, level: str) -> None:
        """A seat command (``CMD_BOT`` / ``CMD_BACK``) every peer applies at this seq."""
        entry = [self.table.seq, kind, seat, level]
        self.commands.append(entry)
        self.broadcast({"t": ids.COMMAND, "i": len(self.commands) - 1, "e": entry})
        self.emit("seat_control", seat=seat, control="bot" if kind == ids.CMD_BOT else "player",
                  level=level)
        self.status_changed()
        self.run_bots()

    # ------------------------------------------------------------ the host's bots
    def bots_due(self) -> float | None:
        """When the next host bot may move (the clock's time), None if none is to act."""
        table = self.table
        if table.phase != "playing":
            return None
        return table.bot_seats.due(table.match, table.slots, self.fair.can_play)

    def run_bots(self) -> None:
        """Let the host's bots move while one of their seats is to act (and has waited)."""
        table = self.table
        while table.phase == "playing":
            picked = table.bot_seats.next_move(table.game, table.match, table.slots,
                                               self.fair.can_play)
            if picked is None:
                return
            seat, move = picked
            try:
                self.fair.stamp(seat, str(move))
            except IllegalMove as exc:
                # the table refused our own bot's move (it should not happen): say so and
                # let the bot try again at the next tick rather than end the table
                log_line("bot_refused", seat=seat, move=str(move), code=exc.code)
                self.emit("bot_refused", seat=seat, move=str(move), code=exc.code)
                return

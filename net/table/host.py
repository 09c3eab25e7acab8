"""The host's side of the protocol, free of sockets: lobby, handshake, sequencing.

``HostEndpoint`` is driven by a transport (TCP in ``net.host``, in-memory in ``net.transport.memnet``)
through ``on_connect / on_frame / on_wire_error / on_disconnect / tick`` (then ``settle``,
once what the pump sent is on its way: the autosave's disk flush) and talks back through
``transport.send(conn, msg)``, ``transport.send_many(conns, msg)`` and
``transport.close(conn)``. The UI drives it through ``set_seat / start / propose /
hand_to_bot / take_back / close`` and reads what happened with ``poll()`` (a list of event
dicts, see ``net.host`` for the list). The clock is injectable.

Every table is a fair table (issue 13, ``net.fair.host``): START names the dealers and carries
no seed; chance is dealt jointly by the seated machines and the host only sequences. Every
applied move is autosaved (``game.saves.lan``). A table made with ``resume=match`` (a fair table
replayed from a saved stream, see ``game.saves.lan.resumed_endpoint``) continues it: every peer
catches up through the SYNC message and replays the stream with its own secret.

Composed of parts, each with its own state and its own module (what each does: the comments in
``__init__`` and the part's docstring): ``handshake`` (``net.session.handshake.HostHandshake``),
``fair_host`` (``net.fair.host.FairHost``), ``fair_watch`` (``net.fair.guard.FairWatch``),
``seating`` (``net.table.seating.SeatAllocation``), ``claims``
(``net.session.claims.ClaimGuard``), ``seat_waits`` (``net.table.seat_control.SeatWaits``),
``bot_seats`` (``net.table.bots.HostBotSeats``), ``end`` (``net.table.endgrace.EndGrace``),
``play`` (``net.table.play.HostPlay``), ``inbound`` (``net.table.inbound.InboundBudgets``),
``liveness`` (``net.table.liveness.PeerLiveness``) and the handler table (``handlers``). Bots
and persistence come from the caller (``net.local.services``).
"""

from __future__ import annotations

import time
import traceback
from collections import deque
from typing import Any, Callable

from game.match import Match
from game.rules import rules_version as current_rules_version
from game.rules.core import Game, IllegalMove
from net.local import collector
from net.protocol import messages as ids
from net.protocol.seed import new_token
from net.fair.guard import FairWatch
from net.table.endgrace import EndGrace
from net.session.claims import ClaimGuard
from net.fair.host import FairHost, new_fair_secret
from net.table.bots import HostBotSeats
from net.session.handshake import HostHandshake, PeerRec
from net.table.seating import SeatAllocation
from net.transport.limits import HostLimits
from net.protocol.lobby import Slot, plain_seats
from net.local.netlog import log_line
from net.protocol.reasons import error_reason, scalar_args
from net.protocol.moveframe import compact, expand
from net.protocol.schema import FROM_PEER, SchemaError, validate
from net.table.inbound import InboundBudgets
from net.table.liveness import PeerLiveness
from net.table.play import HostPlay
from net.table.seat_control import SeatWaits
from net.table.sequencer import Sequencer
from net.local.services import Persistence, default_make_bot, default_persistence
from net.protocol.tables import token_digest
from net.transport.timing import Timings


class HostEndpoint:
    def __init__(self, game: Game, config: dict, slots: list[Slot], *,
                 clock: Callable[[], float] = time.monotonic, timings: Timings = Timings(),
                 rules_version: str | None = None, name: str = "host",
                 resume: Match | None = None, autosave: bool = True,
                 save_path: Any = None,
                 fair_secret: Callable[[], bytes] = new_fair_secret,
                 make_bot: Callable[..., Any] | None = None,
                 persistence: Persistence | None = None) -> None:
        """``resume``: a fair table's match replayed from a saved stream (then
        ``fair_host.resume``); the table continues it (joiners catch up through the usual sync).
        ``autosave``: keep the log on disk after every move (``save_path``: continue in that
        file). ``fair_secret``: where this machine's dealer secret comes from.
        ``make_bot`` and ``persistence``: the bots and the disk of the table, passed in by
        the caller (``net.local.services``: the installed ones when None)."""
        if not game.supports_table():
            raise ValueError(f"{game.name} has no table states: it cannot be dealt fairly")
        if len(slots) != config["players"]:
            raise ValueError("one slot per player")
        if resume is not None and (resume.config != config or resume.game.name != game.name):
            raise ValueError("the resumed match is of another table")
        self.game = game
        self.config = config
        self.make_bot = make_bot or default_make_bot()
        self.persistence = persistence or default_persistence()
        self.slots = slots
        self.clock = clock
        self.timings = timings
        self.rules_version = rules_version or current_rules_version()
        self.name = name
        self.transport: Any = None
        self.phase = "lobby"            # lobby, dealing (the setup), playing, over, closed
        self.peers: dict[int, PeerRec] = {}
        self.by_conn: dict[Any, PeerRec] = {}
        self.pending_conns: dict[Any, float] = {}   # connected, no hello yet
        self._events: deque = deque()
        self.sequencer: Sequencer | None = None
        # the host's own bot seats (the clock looked up at each call: memnet sets its own)
        self.bot_seats = HostBotSeats(self.make_bot, lambda: self.clock())
        self._last_status: list[str] = []
        self.netlog_path = None
        self._netlog_due = False
        self.on_applied: Callable[[int, int], None] | None = None   # (seq, seat): timing hook
        self.limits = HostLimits()                     # net.transport.limits: every bound, settable
        # the flood guard and the request budgets, per connection
        self.inbound = InboundBudgets(lambda: self.timings.retry)
        self.claims = ClaimGuard(self)                 # net.session.claims: unforgeable resume claims
        self.resumed = resume
        self.autosave = autosave
        self.save_path = save_path
        self.autosaver = None
        # who sits where: a newcomer's seats, a resumed table's old machines, unique names
        self.seating = SeatAllocation(self, self.claims.keyed_group)
        # hello, welcome and the lobby's messages; what each connection is told of the lobby
        # (the frame callbacks looked up at each call, as the fair host's)
        self.handshake = HostHandshake(
            self, send=lambda peer, message: self._send(peer, message),
            refuse=lambda conn, code, args: self._refuse(conn, code, args),
            emit=self._emit, status_changed=self._status_changed, catch_up=self._catch_up)
        # the fair deal: its driver, the stream it relays, a move's stamp (the frame
        # callbacks looked up at each call: a test plays a hostile host by replacing one)
        self.fair_host = FairHost(
            self, new_secret=fair_secret, new_table_id=new_token,
            send=lambda peer, message: self._send(peer, message),
            broadcast=lambda message: self._broadcast(message), live_peers=self._live_peers,
            emit=self._emit, refuse=lambda conn, code, args: self._refuse(conn, code, args),
            start_message=lambda: self._start_message(),
            begin=lambda match: self._begin(match, announce=False),
            moved=lambda applied: self.play.moved(applied))
        # the dealers it waits for: a late part rebuilt, a withholder's seats to the bot
        self.fair_watch = FairWatch(
            self, self.fair_host, live_peers=self._live_peers,
            lobby_changed=self.handshake.lobby_changed, emit=self._emit,
            broadcast=lambda message: self._broadcast(message),
            refuse=lambda conn, code, args: self._refuse(conn, code, args))
        # the seats waited on during play, the bounded wait, the host's free / give
        self.seat_waits = SeatWaits(self, to_bot=self.hand_to_bot, take_back=self.take_back,
                                    hand_over=self.fair_host.hand_over,
                                    welcome=self.handshake.welcome,
                                    emit=self._emit, status_changed=self._status_changed)
        self.end = EndGrace(lambda: self.clock())   # the end reaches late players too
        # play: a peer's moves, hashes and GETs, the seat commands, the host's bots
        self.play = HostPlay(self, self.fair_host, send=lambda peer, message: self._send(
            peer, message), broadcast=lambda message: self._broadcast(message),
            refuse=lambda conn, code, args: self._refuse(conn, code, args), emit=self._emit,
            status_changed=self._status_changed, game_over=self._game_over)
        # the peers' liveness: hello deadlines, the silent interrupted then dropped, heartbeats
        self.liveness = PeerLiveness(
            self, live_peers=self._live_peers, send=lambda peer, message: self._send(
                peer, message), refuse=lambda conn, code, args: self._refuse(conn, code, args),
            close=lambda conn: self.transport.close(conn), gone=self.on_disconnect,
            emit=self._emit, status_changed=self._status_changed)
        # message kind -> its handler; the endpoint's own copy, so a test can play a hostile
        # host by replacing one entry
        self.handlers: dict[str, HostHandler] = dict(HOST_HANDLERS)

    # ================================================================ queries
    @property
    def fair(self) -> Any:
        """The fair deal's driver (``net.fair.deal.FairTable``; None before the deal)."""
        return self.fair_host.fair

    @property
    def match(self) -> Match | None:
        return self.sequencer.match if self.sequencer else None

    @property
    def seq(self) -> int:
        return self.sequencer.seq if self.sequencer else 0

    @property
    def commands(self) -> list[list]:
        """The sequenced seat commands (``net.table.play``)."""
        return self.play.commands

    def poll(self) -> list[dict]:
        out = list(self._events)
        self._events.clear()
        return out

    def lobby_message(self) -> dict:
        statuses = self.seating.statuses()
        return {"t": ids.LOBBY, "g": self.game.name, "cfg": self.config,
                "seats": [s.to_wire(st) for s, st in zip(self.slots, statuses)],
                "spec": [p.name for p in self._live_peers() if p.spectator],
                "ph": self.phase, "sx": bool(self.fair_host.strict)}

    def all_confirmed(self) -> bool:
        """Every connected seated peer has reported the hash of our last move."""
        return all(p.acked >= self.seq for p in self._live_peers() if not p.spectator)

    def can_start(self) -> bool:
        if self.phase != "lobby" or any(s.kind == ids.KIND_OPEN for s in self.slots):
            return False
        return all(p.ready for p in self._live_peers() if not p.spectator)

    def spectators(self) -> list[tuple[int, str]]:
        """Connected peers holding no seat (peer id, name): the host may seat one of them."""
        return [(p.pid, p.name) for p in self._live_peers() if p.spectator]

    def seat_holder(self, seat: int) -> PeerRec | None:
        """The peer a remote seat belongs to (None for any other seat)."""
        slot = self.slots[seat]
        return self.peers.get(slot.peer) if slot.kind == ids.KIND_REMOTE else None

    # ================================================================ UI commands
    def set_seat(self, seat: int, kind: str, name: str = "", colour: int = -1,
                 level: str = "") -> None:
        """Lobby: make a seat local/bot/open (a remote seat is freed by its peer leaving)."""
        if self.phase != "lobby":
            raise RuntimeError("seats are fixed once the game starts")
        slot = self.slots[seat]
        if slot.kind == ids.KIND_REMOTE and kind != ids.KIND_REMOTE:
            peer = self.peers.get(slot.peer)
            if peer and seat in peer.seats:
                peer.seats.remove(seat)
        self.slots[seat] = Slot(kind=kind, name=self.seating.unique_name(name, seat),
                                colour=colour, level=level)
        self.handshake.lobby_changed()

    def start(self) -> bool:
        """Begin the commit–reveal round; the game starts when every secret is revealed."""
        if not self.can_start():
            return False
        if self.resumed is None:
            self.fair_host.start()    # the dealers key, roll the public seed, deal
            return True
        if self.fair is None:
            raise RuntimeError("a resumed table continues a fair table's saved stream")
        self._begin(self.resumed)
        for peer in self._live_peers():
            self.play.send_sync(peer, ids.R_CATCH_UP)
        self.fair_host.resumed_start()
        return True

    def propose(self, seat: int, text: str) -> None:
        """A move of a seat played on this machine; IllegalMove if refused."""
        slot = self.slots[seat] if 0 <= seat < len(self.slots) else None
        if slot is None or slot.kind not in (ids.KIND_LOCAL, ids.KIND_BOT) or slot.bot_level:
            raise IllegalMove(ids.R_NOT_YOUR_SEAT, "Seat {seat} is not played here",
                              seat=seat + 1)
        self.fair_host.stamp(seat, text)

    def hand_to_bot(self, seat: int, level: str = "random") -> None:
        """Let the host's bot play ``seat`` (a sequenced command every peer applies)."""
        if self.phase not in ("playing", "over"):
            raise RuntimeError("only during a game")
        self.make_bot(self.game, seat, level, 0)   # KeyError for an unknown level
        self.slots[seat].bot_level = level
        self.play.command(ids.CMD_BOT, seat, level)
        self.fair_host.depart(seat)

    def take_back(self, seat: int) -> None:
        """The seat's own player plays it again (local seats, or a returning remote player)."""
        slot = self.slots[seat]
        if not slot.bot_level:
            return
        slot.bot_level = ""
        self.bot_seats.forget(seat)
        self.play.command(ids.CMD_BACK, seat, "")

    def close(self, code: str = ids.R_HOST_LEFT, **args: Any) -> None:
        """End the table for everyone with a reason; keep the log."""
        if self.phase == "closed":
            return
        self.fair_host.settle()     # an audit that waited for this pump comes before the end
        message = {"t": ids.BYE, "c": code, "a": scalar_args(args)}
        for peer in self._live_peers():
            self._send(peer, message)
            self.transport.close(peer.conn)
        self.liveness.close_pending()
        self.phase = "closed"
        collector.left()
        self._save_log()
        self._emit("ended", code=code, args=scalar_args(args))

    # ================================================================ transport events
    def on_connect(self, conn: Any) -> None:
        self.pending_conns[conn] = self.clock()

    def on_wire_error(self, conn: Any, code: str, args: dict) -> None:
        self._refuse(conn, code, args)

    def on_disconnect(self, conn: Any, reset: bool = False) -> None:
        """``reset``: the connection was reset rather than hung up (see net.table.endgrace)."""
        self.pending_conns.pop(conn, None)
        self.inbound.forget(conn)
        self.claims.forget(conn)
        peer = self.by_conn.pop(conn, None)
        if peer is None or peer.conn is not conn:
            return
        self.end.heard(peer.pid, reset)
        peer.conn = None
        peer.interrupted = False
        self.seat_waits.dropped(peer.seats)
        self._emit("peer_left", peer=peer.pid, name=peer.name, seats=list(peer.seats))
        if self.phase == "lobby":
            self.handshake.forget(peer)
        elif self.fair_watch.setup_lost(peer, ids.R_CONNECTION_LOST):
            self.handshake.forget(peer)
        elif peer.spectator:
            self.peers.pop(peer.pid, None)
        self._status_changed()

    def on_frame(self, conn: Any, raw: Any) -> None:
        now = self.clock()
        seated = self.by_conn.get(conn)
        flooding = self.inbound.flooding(conn, now, len(seated.seats) if seated else 0)
        if flooding is not None:
            self._refuse(conn, ids.R_FLOODING, flooding)
            return
        try:
            message = expand(validate(raw, FROM_PEER), self.game.name, FROM_PEER)
        except SchemaError as exc:
            self._refuse(conn, exc.code, exc.args_dict)
            return
        peer = self.by_conn.get(conn)
        kind = message["t"]
        too_many = self.inbound.too_many(conn, kind, now, len(peer.seats) if peer else 0)
        if too_many is not None:
            self._refuse(conn, ids.R_TOO_MANY_REQUESTS, too_many)
            return
        if peer is None:
            self._stranger(conn, kind, message)
            return
        self.liveness.heard(peer, self.clock())
        handle = self.handlers.get(kind)     # an explicit table: never a name made of the kind
        if kind in (ids.HELLO, ids.PROOF):
            self._refuse(conn, ids.R_MALFORMED, {"detail": "hello_twice"})
        elif handle is None:
            self._refuse(conn, ids.R_UNKNOWN, {"type": kind})
        else:
            try:
                handle(self, peer, message)
            except Exception as exc:  # noqa: BLE001 - one peer's message never ends the table
                self._peer_failed(conn, kind, exc)

    def _stranger(self, conn: Any, kind: str, message: dict) -> None:
        """A message on a connection that is no peer yet: a hello (held for a challenge
        when it claims a keyed old machine: ``net.session.claims``), or the proof that
        answers our challenge; anything else is refused."""
        if kind == ids.PROOF and conn in self.pending_conns:
            hello = self.claims.proof(conn, message)
            if hello is None:
                self._refuse(conn, ids.R_BAD_CLAIM, {})
            else:
                self.handshake.hello(conn, hello)
        elif kind != ids.HELLO or conn not in self.pending_conns:
            self._refuse(conn, ids.R_MALFORMED, {"detail": "hello_first"})
        else:
            challenge = self.claims.challenge(conn, message)
            if challenge is not None:
                self.transport.send(conn, challenge)
            else:
                self.handshake.hello(conn, message)

    def _peer_failed(self, conn: Any, kind: str, exc: Exception) -> None:
        """A peer's message raised where nothing should (a bug, or an input no check
        foresaw): that peer alone is dropped with a reason, the table goes on; the traceback
        goes to the netlog and a ``host_error`` event names it."""
        peer = self.by_conn.get(conn)
        pid, text = peer.pid if peer else -1, f"{type(exc).__name__}: {exc}"
        log_line("host_error", peer=pid, type=kind, error=text,
                 trace="".join(traceback.format_exception(exc))[-4000:])
        self._emit("host_error", peer=pid, type=kind, error=text)
        if self.fair is not None:
            self.fair.drop_inbox()      # nothing of that message waits to be taken later
        if conn in self.by_conn:
            self._refuse(conn, *error_reason(exc, ids.R_WRONG_STATE, type=kind,
                                             phase=self.phase))

    def tick(self) -> None:
        now = self.clock()
        if (self.sequencer is not None and not self.sequencer.sealed
                and now - self.play.applied_at >= self.timings.hash_delay):
            self.sequencer.seal(tell=False)   # hashed once the burst of sending is over
        self.liveness.check(now)        # hello deadlines, silent peers, heartbeats
        self.fair_watch.tick()
        self.seat_waits.enforce()
        self.play.run_bots()

    def seated(self, conn: Any) -> bool:
        """``conn`` is a player's: its hello was answered with at least one seat."""
        peer = self.by_conn.get(conn)
        return peer is not None and bool(peer.seats)

    def settle(self) -> None:
        """Once the pump's frames are sent and what it read is handled: the autosave hears of
        every hashed entry (also one the fair driver hashed on the way), the netlog of a game
        just over is written, the end's audit runs, and the autosave is flushed."""
        if self.sequencer is not None:
            self.sequencer.tell()
        if self.end.paperwork_ready(self.phase, self.all_confirmed,
                                    self.timings.end_paperwork):
            if self._netlog_due:
                self._netlog_due = False
                self._save_log()
            self.fair_host.settle()     # the end's audit, after the acks it read
        self.persistence.settle(self.autosaver)

    def wake_in(self) -> float:
        """Seconds until ``tick`` has something to do (0: now): the pump sleeps that long
        at most instead of waking every few milliseconds."""
        if self.phase == "closed":
            return 1.0
        now = self.clock()
        due = [now + 1.0]
        if self.sequencer is not None and not self.sequencer.sealed:
            due.append(self.play.applied_at + self.timings.hash_delay)
        waiting = self._netlog_due or self.fair_host.audit_waiting()
        paperwork = self.end.paperwork_due_at(self.phase, waiting, self.timings.end_paperwork)
        due += self.liveness.due()      # hello deadlines, silent peers, heartbeats
        # the other parts' next moment, each when it has one
        parts = (paperwork, self.seat_waits.due(), self.fair_watch.due(), self.play.bots_due())
        due += [when for when in parts if when is not None]
        return max(0.0, min(due) - now)

    # ================================================================ the end (net.table.endgrace)
    def finish_table(self, grace: float, **args: Any) -> None:
        """Close a finished table for everyone with ``BYE game_over`` (``args``: q, the
        final seq, and h, its hash: scalars as the wire wants them)."""
        if self.phase == "closed":
            return
        message = self.end.announce(grace, args, {p.pid for p in self.peers.values() if p.seats})
        for peer in self._live_peers():
            self._send(peer, message)       # their connection stays open: see EndGrace.heard
        self.liveness.close_pending()
        self.phase = "closed"
        self._save_log()
        self._emit("ended", code=ids.R_GAME_OVER, args=dict(args))

    def grace_hello(self, conn: Any, msg: dict) -> bool:
        """A hello at a closed table: a seated player back within the grace learns the end
        (True); anything else is for the caller to refuse (False)."""
        peer = self.end.returning(msg["tok"], self.peers.values())
        if peer is None:
            return False
        if peer.conn is not None:           # its old connection, not closed yet
            self.by_conn.pop(peer.conn, None)
            self.transport.close(peer.conn)
        self.handshake.attach(peer, conn)
        self._emit("peer_back", peer=peer.pid, name=peer.name, seats=list(peer.seats))
        self.handshake.welcome(peer)
        self._catch_up(peer)
        self._send(peer, self.end.message)
        return True

    # ================================================================ the game begins
    def _begin(self, match: Match, announce: bool = True) -> None:
        match.reseat(s.seat_info() for s in self.slots)
        self.sequencer = Sequencer(match)
        self.phase = "playing"
        collector.in_play()      # the collector looks only at what play allocates
        if self.autosave:
            peers = [s.peer if s.kind == ids.KIND_REMOTE else 0 for s in self.slots]
            mine = [i for i, s in enumerate(self.slots)
                    if s.kind in (ids.KIND_LOCAL, ids.KIND_BOT)]
            holders = [self.peers.get(s.peer) if s.kind == ids.KIND_REMOTE else None
                       for s in self.slots]
            tokens = [token_digest(p.token) if p else "" for p in holders]
            self.autosaver = self.persistence.start_autosave(
                match, "host", peers, mine, path=self.save_path, tokens=tokens,
                claim=self.claims.secret, claim_keys=self.claims.seat_keys())
        if announce:
            self._broadcast(self._start_message())
        self._emit("started", seed=match.seed, seats=plain_seats(self.lobby_message()["seats"]))
        self._status_changed()
        if match.is_over():
            self.phase = "over"

    def _start_message(self) -> dict:
        message = {"t": ids.START, "g": self.game.name, "cfg": self.config,
                   "seats": self.lobby_message()["seats"], "ck": self.claims.seat_keys()}
        self.fair_host.start_fields(message)  # the dealers and the table id, never a seed
        return message

    # ================================================================ play (net.table.play)
    def on_hash(self, peer: PeerRec, msg: dict) -> None:
        self.play.hash(peer, msg)       # also the hash a peer's beat repeats (handshake)

    def _game_over(self, seq: int) -> None:
        self.phase = "over"
        self.end.game_over()
        digest = self.sequencer.seal(tell=False)
        self._netlog_due = True        # written by ``settle``, once the last move is sent
        self._emit("game_over", seq=seq, hash=digest, scores=self.match.scores()["scores"])

    # ================================================================ plumbing
    def _live_peers(self) -> list[PeerRec]:
        return [p for p in self.peers.values() if p.conn is not None]

    def _send(self, peer: PeerRec, message: dict) -> None:
        if peer.conn is not None:
            peer.last_sent = self.clock()
            self.transport.send(peer.conn, compact(message, self.game.name))

    def _broadcast(self, message: dict) -> None:
        live = self._live_peers()
        if not live:
            return
        now = self.clock()
        for peer in live:
            peer.last_sent = now
        self.transport.send_many([p.conn for p in live], compact(message, self.game.name))

    def _refuse(self, conn: Any, code: str, args: dict) -> None:
        """Tell ``conn`` why, close it, and show the reason here too."""
        peer = self.by_conn.get(conn)
        self.transport.send(conn, {"t": ids.REFUSE, "c": code, "a": scalar_args(args)})
        self.transport.close(conn)
        self._emit("peer_refused", peer=peer.pid if peer else -1, code=code,
                   args=scalar_args(args))
        log_line("refused", peer=peer.pid if peer else -1, code=code, args=scalar_args(args))
        if peer is not None:
            self.on_disconnect(conn)
        else:
            self.pending_conns.pop(conn, None)

    def _emit(self, event: str, **fields: Any) -> None:
        fields["event"] = event
        self._events.append(fields)

    def _catch_up(self, peer: PeerRec) -> None:
        """A peer of a started table hears the START and the whole stream."""
        self._send(peer, self._start_message())
        self.play.send_sync(peer, ids.R_CATCH_UP)

    def _status_changed(self) -> None:
        statuses = self.seating.statuses()
        if statuses != self._last_status:
            self._last_status = statuses
            if self.phase in ("playing", "over"):
                self._broadcast({"t": ids.STATUS, "st": statuses})
            self._emit("status", statuses=statuses)

    def _save_log(self) -> None:
        self._netlog_due = False
        if self.match is not None:
            self.sequencer.seal()
            self.netlog_path = self.persistence.write_netlog(self.match, "host", self.commands)


HostHandler = Callable[[HostEndpoint, PeerRec, dict], None]


# a peer's lobby and connection messages reach the part that admits peers (``handshake``)
def on_seat_set(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.handshake.seat_set(peer, msg)


def on_ready(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.handshake.ready(peer, msg)


def on_bye(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.handshake.bye(peer, msg)


def on_refuse(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.handshake.refused_us(peer, msg)


def on_beat(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.handshake.beat(peer, msg)


# a move, a hash, a GET of missed moves reach the play part (``play``)
def on_propose(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.play.propose(peer, msg)


def on_get(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.play.get(peer, msg)


def on_fair(host: HostEndpoint, peer: PeerRec, msg: dict) -> None:
    host.fair_host.on_fair(peer, msg)


# what a peer sends the host, by kind (HELLO and PROOF come before a peer exists:
# ``HostEndpoint.on_frame``). A kind missing here is refused with ``R_UNKNOWN``; the schema
# checks (``net.protocol.schema``) run first, so a handler only sees a message of its shape.
HOST_HANDLERS: dict[str, HostHandler] = {
    ids.SEAT_SET: on_seat_set,                  # the handshake part (net.session.handshake)
    ids.READY: on_ready,
    ids.BYE: on_bye,
    ids.REFUSE: on_refuse,
    ids.BEAT: on_beat,
    ids.PROPOSE: on_propose,                    # the play part (net.table.play)
    ids.HASH: HostEndpoint.on_hash,             # (a beat's hash too: the handshake)
    ids.GET: on_get,
    ids.FAIR: on_fair,                          # net.fair.host: a dealer's record
}

"""A peer's side of the protocol, free of sockets: the joiner's driver of handshake, lobby
and lockstep play.

``ClientEndpoint`` is driven by a transport through ``on_connect / on_frame / on_wire_error /
on_disconnect / tick`` (then ``settle``: the disk, after the network) and sends with
``transport.send(msg)`` / ``transport.close()``. The UI calls ``set_seat / set_ready /
propose / leave`` and reads events with ``poll()``. Every table is a fair table (issue 13):
the game's state here is what this machine may know. The endpoint inherits from nothing; its
parts keep their own state and reach it only through the attributes their Protocol names or
the callbacks they are handed: ``fair_join`` (``net.fair.join``: this machine as a dealer),
``ledger`` (``net.table.ledger``: our proposals in flight, the host's progress and seat
commands, the game's end as held here), ``watch`` (``net.table.hostwatch``: is the host still
there), ``reports`` (``net.table.reports``: our hash reports), ``bot_seats``
(``net.table.bots``: seats our local bots play, by ``set_bot`` or ``auto_bot``), ``redial``
(``net.session.redialing``: reconnecting) and ``claims`` (``net.session.claims``: our claim
key).
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any, Callable

from game.match import Match
from game.rules import rules_version as current_rules_version
from game.rules.core import IllegalMove
from net.local import collector
from net.protocol import messages as ids
from net.session.claims import ClaimAnswers
from net.fair.host import new_fair_secret
from net.fair.join import FairJoin
from net.protocol.lobby import apply_lobby_change, plain_seats
from net.fair.peer import FairReplica
from net.table.bots import JoinerBotSeats
from net.table.hostwatch import HostWatch
from net.table.ledger import PlayLedger
from net.table.reports import HashReports
from net.protocol.reasons import scalar_args
from net.session.redialing import Redial
from net.local.services import Persistence, default_make_bot, default_persistence
from net.protocol.moveframe import compact, expand
from net.protocol.schema import FROM_HOST, SchemaError, validate
from net.transport.timing import Timings


class ClientEndpoint:
    def __init__(self, name: str, *, wanted_seats: int = 1, token: str = "", game: str = "",
                 auto_bot: str = "", bot_delay: float = 0.0,
                 clock: Callable[[], float] = time.monotonic, timings: Timings = Timings(),
                 rules_version: str | None = None,
                 autosave: bool = True,
                 fair_secret: Callable[[], bytes] = new_fair_secret,
                 claim_secret: bytes = b"",
                 claim_lookup: Callable[[str, int], bytes] | None = None,
                 make_bot: Callable[..., Any] | None = None,
                 persistence: Persistence | None = None) -> None:
        """``claim_secret`` / ``claim_lookup`` (``net.session.claims``): our key for this table
        (default: the one saved with ``token``, else a new one) and where the secrets of our old
        tables are found (default: our saves). ``make_bot`` and ``persistence``: our bots and
        our disk, passed in by the caller (``net.local.services``: the installed ones when
        None)."""
        self.name = name
        self.make_bot = make_bot or default_make_bot()
        # our seats played by local bots (the clock looked up at each call: memnet sets its own)
        self.bot_seats = JoinerBotSeats(self.make_bot, lambda: self.clock(), auto_bot, bot_delay)
        self.persistence = persistence or default_persistence()
        # our claim key and the proofs a resume's challenge asks for (net.session.claims)
        self.claims = ClaimAnswers(claim_secret or (self.persistence.secret_for_key(token)
                                                    if autosave else b""),
                                   claim_lookup or self.persistence.claim_secret)
        self.autosave = autosave        # keep our log on disk after every applied move
        self.autosaver = None
        self._save_peers: list[int] = []
        self.wanted_seats = wanted_seats
        self.token = token
        self.game_name = game
        self.clock = clock
        self.timings = timings
        self.rules_version = rules_version or current_rules_version()
        self.transport: Any = None
        self.address: tuple[str, int] | None = None   # where the table listens (saved)
        self.phase = "connecting"    # connecting, lobby, dealing, playing, over, ended
        self.pid = -1
        self.seats: list[int] = []
        self.lobby: dict | None = None
        self.statuses: list[str] = []
        self.replica: FairReplica | None = None   # the fair replica, once the game starts
        self.ended: dict | None = None
        self._events: deque = deque()
        self.watch = HostWatch(lambda: self.clock(), self._emit)   # is the host still there?
        self.netlog_path = None
        # our hash reports to the host, coalesced at a big table (net.table.reports)
        self.reports = HashReports(lambda: self.clock(), lambda message: self._send(message))
        self.on_applied: Callable[[int, int], None] | None = None   # (seq, seat): timing hook
        # this machine as a dealer of the table (net.fair.join), from START on; its frames
        # leave through our ``_send`` as it is at each call (a test plays a hostile joiner
        # by replacing it)
        self.fair_join = FairJoin(self, secret=fair_secret,
                                  send=lambda message: self._send(message),
                                  emit=self._emit, fail=self.on_wire_error)
        # our proposals in flight, the host's progress and seat commands (net.table.ledger)
        self.ledger = PlayLedger(clock=lambda: self.clock(),
                                 send=lambda message: self._send(message),
                                 played=lambda seat: self.fair_join.played.get(seat))
        # reconnecting: off unless the transport sets a limit (net.session.redialing)
        self.redial = Redial(self, first_token=token, end=self._end, emit=self._emit,
                             hang_up=self._hang_up)
        # kind -> handler: the endpoint's own copy (a test plays a hostile joiner by replacing one)
        self.handlers: dict[str, JoinHandler] = dict(JOIN_HANDLERS)

    # ================================================================ queries
    @property
    def match(self) -> Match | None:
        return self.replica.match if self.replica else None

    @property
    def seq(self) -> int:
        return self.replica.seq if self.replica else 0

    def poll(self) -> list[dict]:
        out = list(self._events)
        self._events.clear()
        return out

    def view(self, seat: int | None):
        """What ``seat`` (None: a spectator) may see; the UI draws only this."""
        return self.match.view(seat) if self.match else None

    # ================================================================ UI commands
    def set_seat(self, seat: int, name: str, colour: int = -1) -> None:
        self._send({"t": ids.SEAT_SET, "s": seat, "n": name[:40], "c": colour})

    def set_ready(self, ready: bool = True) -> None:
        self._send({"t": ids.READY, "r": bool(ready)})

    def set_bot(self, seat: int, level: str | None) -> None:
        """Let a local bot play one of our seats (None: a human on this machine again)."""
        self.bot_seats.set_level(seat, level)

    def propose(self, seat: int, text: str, *, checked: bool = False) -> None:
        """Send a move of one of our seats. IllegalMove at once if it cannot be legal here
        (``checked``: the caller took it from the legal moves, e.g. a bot); the host's
        refusal arrives later as a ``rejected`` event."""
        if seat not in self.seats or seat in self.ledger.bot_controlled:
            raise IllegalMove(ids.R_NOT_YOUR_SEAT, "Seat {seat} is not yours", seat=seat + 1)
        if self.phase != "playing" or self.replica is None:
            raise IllegalMove(ids.R_NOT_PLAYING, "The game is not running")
        if not checked and not self.replica.broken:
            self.match.check(seat, text)    # instant feedback; the host decides anyway
        message = {"t": ids.PROPOSE, "s": seat, "m": text}
        if self.fair_join.replica is not None:     # (none after a hostile host's ABORT)
            text, played = self.fair_join.public_proposal(seat, text)
            message["m"] = text
            if played is not None:
                message["cp"] = played
        self.ledger.send_proposal(seat, message)

    def leave(self) -> None:
        if self.phase != "ended":
            self._send({"t": ids.BYE, "c": ids.R_LEFT, "a": {}})
            self._end(ids.R_LEFT, {})

    # ================================================================ transport events
    def on_connect(self) -> None:
        """A connection is up (the first, or a new one after a lost link): say hello."""
        self.watch.link_up()
        self.redial.connected()
        self._send(self.claims.hello_fields(
            {"t": ids.HELLO, "pv": ids.PROTOCOL_VERSION, "rv": self.rules_version,
             "g": self.game_name, "n": self.name[:40], "tok": self.redial.hello_token(),
             "ws": self.wanted_seats}))

    def on_wire_error(self, code: str, args: dict) -> None:
        self._send({"t": ids.REFUSE, "c": code, "a": scalar_args(args)})
        if self.pid < 0:      # garbage before any welcome: whatever listens there is not us
            self._end(ids.R_NOT_A_TABLE, {"detail": code})
            return
        self._end(code, args)

    def on_disconnect(self, reset: bool = False) -> None:
        """The connection closed without a goodbye: ``reset`` (an RST) or hung up. Neither
        proves that no table listens there, so neither is reported as "not a table"."""
        if self.phase == "ended" or self.redial.offline:
            return
        self.redial.link_lost(ids.R_CONNECTION_RESET if reset else ids.R_HUNG_UP
                              if self.redial.awaiting_welcome else ids.R_CONNECTION_LOST)

    def on_frame(self, raw: Any) -> None:
        if self.phase == "ended":
            return
        try:
            message = expand(validate(raw, FROM_HOST), self._move_game(), FROM_HOST)
        except SchemaError as exc:
            self.on_wire_error(exc.code, exc.args_dict)
            return
        self.watch.frame_came()
        kind = message["t"]
        if self.pid < 0 and kind not in BEFORE_WELCOME:
            self.on_wire_error(ids.R_MALFORMED, {"detail": "welcome_first"})
            return
        if kind not in self.handlers:     # an explicit table: never a name made of the kind
            self.on_wire_error(ids.R_UNKNOWN, {"type": kind})
            return
        self.dispatch(message)

    def dispatch(self, message: dict) -> None:
        """Hand a checked message of a known kind to its handler (also the moves kept back
        until the game started: ``net.fair.join``)."""
        self.handlers[message["t"]](self, message)

    def tick(self) -> None:
        if self.phase == "ended":
            return
        now = self.clock()
        silent = self.watch.silent_for(now)
        # offline, or connected without a welcome yet: a slow handshake is not "not a table"
        if self.redial.handshake_tick(now, self.watch.heard_at) or self.phase == "connecting":
            return
        if silent > self.timings.dropped:
            self._send({"t": ids.BYE, "c": ids.R_TIMEOUT, "a": {}})
            self.redial.link_lost(ids.R_CONNECTION_LOST, {"detail": ids.R_TIMEOUT})
            return
        if self.watch.beat_due(now, silent, self.timings):
            self._send(self._beat())
        if self.replica is None:
            return
        if not self.replica.sealed and now - self.ledger.applied_at >= self.timings.hash_delay:
            self.replica.seal(tell=False)   # hashed once every peer had its chance to apply
        self._queue_reports()
        self.reports.send_newest()    # the newest report of this pump (a big table)
        self.ledger.resend_lost(now, self.timings.retry)
        if self.replica.broken and now - self.reports.broken_at >= self.timings.retry:
            self.reports.broken(self.seq)      # until the host's log arrives
        self.ledger.catch_up(now, self.timings.retry, self.seq, bool(self.replica.first_gap()),
                             self.replica.broken)
        self.run_bots()

    def settle(self) -> None:
        """The disk, once the pump's frames are sent (our hash report among them): the
        autosave hears of every hashed entry (the game's end moves its file, with flushes),
        the netlog of a game just over is written, and the autosave is flushed."""
        if self.replica is not None and self.phase != "ended":
            self.replica.tell()
        if self.phase != "ended" and self.paperwork_ready():
            if self.fair_join.owed:
                self.fair_join.send_owed()       # our end-of-game secret
            if self.replica is not None and self.match is not None and self.ledger.take_netlog():
                self.netlog_path = self.persistence.write_netlog(
                    self.match, f"peer{self.pid}", self.ledger.commands)
            self.fair_join.settle()      # the end's audit (net.fair.join), after our report
        self.persistence.settle(self.autosaver)

    def paperwork_ready(self) -> bool:
        """May the end's netlog and audit be written now? Only ``Timings.end_paperwork``
        after the last move: until then the other peers are still confirming it, and at a
        big table on shared CPUs our writing would slow theirs. The save's flush never
        waits."""
        return self.ledger.end_papers_ready(self.phase, self.timings.end_paperwork)

    def wake_in(self) -> float:
        """Seconds until ``tick`` has something to do (0: now). The pump sleeps that long at
        most, so an idle peer does not wake every few milliseconds and leaves the CPU free
        for the moment a move arrives."""
        if self.phase == "ended":
            return 1.0
        redial = self.redial.wake(self.watch.heard_at)
        if redial is not None:
            return max(0.0, redial - self.clock())
        t = self.timings
        due = self.watch.wake_times(t)
        replica = self.replica
        if replica is not None:
            if not replica.sealed:
                due.append(self.ledger.applied_at + t.hash_delay)
            fair = self.fair_join
            waiting = self.ledger.netlog_due or fair.audit_waiting() or fair.owed
            due += self.ledger.paperwork_due(self.phase, waiting, t.end_paperwork)
            if self.reports.unsent is not None:
                due.append(self.reports.newest_due())
            due += self.ledger.retry_times(t.retry, self.seq, bool(replica.first_gap()))
            if replica.broken:
                due.append(self.reports.broken_at + t.retry)
            if self.phase == "playing" and not replica.broken:
                due += self.bot_seats.due(self.match, self.seats, self.ledger.busy_seats())
        return max(0.0, min(due) - self.clock())

    def run_bots(self) -> None:
        if (self.phase != "playing" or self.replica is None or self.replica.broken
                or self.match is None):
            return
        now = self.clock()
        for seat, move in self.bot_seats.moves(self.match, self.seats, self.ledger.busy_seats()):
            try:
                self.propose(seat, str(move), checked=True)
            except IllegalMove:
                self.bot_seats.cool_down(seat, now + self.timings.retry)

    # ================================================================ handshake and lobby
    def on_welcome(self, msg: dict) -> None:
        self.redial.restored(list(msg["seats"]))
        if self.replica is not None and self.pid == msg["you"]:
            self._reseated(list(msg["seats"]))
            return
        self.pid, self.token, self.seats = msg["you"], msg["tok"], list(msg["seats"])
        self.phase = "lobby"
        self._emit("welcome", peer=self.pid, token=self.token, seats=list(self.seats),
                   game=msg["g"])

    def _reseated(self, seats: list[int]) -> None:
        """During play the host gave us a seat (or took one back): play those from now on;
        our save says so (with our seat token), and the catch-up follows."""
        if seats == self.seats:
            return
        self.seats = seats
        self.ledger.forget_proposals()
        if self.autosaver is not None:
            lan = dict(self.autosaver.header.get("lan", {}), mine=sorted(seats), key=self.token)
            if self.address:
                lan["address"] = [self.address[0], int(self.address[1])]
            self.autosaver.header = dict(self.autosaver.header, lan=lan)
            self.autosaver.refresh_header(self.match)
        self._emit("seated", seats=list(seats))

    def on_refuse(self, msg: dict) -> None:
        if self.redial.refusal_is_passing(msg["c"]):
            self.redial.link_lost(msg["c"], msg["a"], passing=True)
            return
        self._emit("refused", code=msg["c"], args=msg["a"])
        self._end(msg["c"], msg["a"], refused=True)

    def on_bye(self, msg: dict) -> None:
        if msg["c"] == ids.R_TIMEOUT and self.redial.refusal_is_passing(msg["c"]):
            self.redial.link_lost(msg["c"], msg["a"], passing=True)  # dropped: our link stalled
            return
        self._end(msg["c"], msg["a"])

    def on_lobby(self, msg: dict) -> None:
        self.lobby = msg
        if self.replica is None:      # during play our seats come with a welcome
            self.seats = [i for i, s in enumerate(msg["seats"])
                          if s["p"] == self.pid and s["k"] == ids.KIND_REMOTE] or self.seats
        self.statuses = [s["st"] for s in msg["seats"]]
        self._emit("lobby", game=msg["g"], config=msg["cfg"], seats=plain_seats(msg["seats"]),
                   spectators=list(msg["spec"]), phase=msg["ph"],
                   strict=bool(msg.get("sx", False)))

    def on_lobby_change(self, msg: dict) -> None:
        """What changed since our last lobby (``net.protocol.lobby``); one that does not fit
        it (no lobby yet, a seat the table lacks) changes nothing."""
        lobby = apply_lobby_change(self.lobby, msg)
        if lobby is not None:
            self.on_lobby(lobby)

    def on_abort(self, msg: dict) -> None:
        self.phase = "lobby"           # a fair table's setup is over: back in the lobby
        self.ledger.early.clear()
        if not self.fair_join.aborted(msg):    # counted: said there (net.fair.join)
            self._emit("seeding_aborted", code=msg["c"], args=msg["a"])

    def on_start(self, msg: dict) -> None:
        fair = self.fair_join
        if self.replica is not None or fair.replica is not None:
            started = fair.start_msg if fair.replica is not None else {
                "g": self.match.game.name if self.match else "", "cfg": self.match.config
                if self.match else None}
            if msg["g"] != started.get("g") or msg["cfg"] != started.get("cfg"):
                # a START for another game while one runs: the host is broken or hostile
                self.on_wire_error(ids.R_WRONG_STATE, {"type": msg["t"], "phase": self.phase})
            return       # welcomed again during play (seated): the catch-up follows
        self.claims.learn_keys(msg.get("ck"), len(msg["seats"]))
        if not fair.start(msg):     # net.fair.join: the dealers key, roll the seed, deal
            return
        self._save_peers = [row["p"] if row["k"] == ids.KIND_REMOTE else 0
                            for row in msg["seats"]]
        self.statuses = [s["st"] for s in msg["seats"]]
        self.phase = "dealing"
        self._emit("dealing", dealers=sorted(set(msg["dl"])))
        self._play_on(fair.replica.pump())

    # ================================================================ play
    def on_move(self, msg: dict) -> None:
        if self.replica is None or self.fair_join.replica is None:
            self.ledger.early.append(msg)     # not dealt in yet (or a hostile host's order)
            return
        self.ledger.host_reaches(msg["q"])
        applied = self.fair_join.take_move(msg)      # our driver checks and applies it
        self._play_on(applied)

    def on_fair(self, msg: dict) -> None:
        """A record of the fair stream (``F``): taken by our dealer part, once dealt in."""
        if self.fair_join.replica is None or "i" not in msg:
            self.ledger.early.append(msg)
            return
        self._play_on(self.fair_join.take_record(msg))

    def on_fair_bundle(self, msg: dict) -> None:
        """Consecutive records of the stream in one frame (``FB``)."""
        if self.fair_join.replica is None:
            self.ledger.early.append(msg)
            return
        self._play_on(self.fair_join.take_bundle(msg))

    def _play_on(self, applied: list | None) -> None:
        """After our dealer part took a record or move (None: it refused, the table ended):
        send what we owe, start the game once set up, tell what was applied."""
        if applied is None:
            return
        fair = self.fair_join
        fair.owe()
        self._begin()
        fair.tell_relay()
        replica = self.replica
        if replica is None:
            return
        for seq, seat, move, events in applied:
            if self.on_applied is not None:
                self.on_applied(seq, seat)
            if seat is not None:
                self.ledger.answered(seat)
                fair.played.pop(seat, None)
            self._emit("move", seq=seq, seat=seat, move=move, events=events)
            if seat is None:
                collector.in_play()     # a round begins: set aside what the last one kept
        if applied:
            self.ledger.moves_applied()
            if self.timings.hash_delay <= 0:
                replica.seal(tell=False)
        self._queue_reports()         # the network first: our hash report (a big table: tick)
        replica.tell()                # then the disk: the autosave of what was hashed
        fair.save_stream()
        fair.tell_verdict()
        self._check_over()
        self.run_bots()
        fair.prepare_ahead()

    def _begin(self) -> None:
        """The public seed is rolled: the game starts here (once)."""
        replica = self.fair_join.replica
        if replica.match is None or self.replica is not None:
            return
        self.replica = replica
        self.phase = "playing"
        collector.in_play()      # the collector looks only at what play allocates
        if self.autosave:
            self._start_autosave()
            self.fair_join.save_secret(self.autosaver)
        self._emit("started", seed=replica.match.seed,
                   seats=plain_seats(self.fair_join.start_msg["seats"]), you=list(self.seats))
        for message in self.ledger.take_early():
            self.dispatch(message)      # its handler, from the endpoint's table

    def on_reject(self, msg: dict) -> None:
        if self.replica is not None and self.replica.sealed and not self.replica.broken:
            self._send(self._beat())    # refused: maybe our state is wrong, let the host check
        seat = msg["s"]
        move, ours = self.ledger.proposal_refused(seat, msg["n"])
        if ours:
            self.bot_seats.cool_down(seat, self.clock() + self.timings.retry / 4)
        self._emit("rejected", seat=seat, move=move, code=msg["c"], args=msg["a"])

    def on_sync(self, msg: dict) -> None:
        if self.fair_join.replica is None:
            self.ledger.early.append(msg)      # before START: kept until the table is set up
            return
        if not self.fair_join.take_sync(msg, self.pid):
            return
        self.ledger.start_over()      # what we proposed before: answered or dropped by the host
        for index, entry in enumerate(msg["cmd"]):
            self.on_command({"i": index, "e": entry})
        self.ledger.host_reaches(self.seq)
        self._begin()
        if self.autosaver is not None:
            self.autosaver.sync(self.match)
        if self.match is not None:
            digest = self.replica.last_hash()
            self._send({"t": ids.HASH, "q": self.seq, "h": bytes.fromhex(digest)})
            self._emit("resynced", seq=self.seq, reason=msg["w"], hash=digest)
        self._play_on([])

    def on_challenge(self, msg: dict) -> None:
        """A resumed table asks us to prove our claim (net.session.claims)."""
        if self.pid >= 0:       # a challenge only answers a hello
            self.on_wire_error(ids.R_MALFORMED, {"detail": "challenge"})
            return
        proof = self.claims.answer(msg, self.token)
        if proof is None:       # not a claim we made, or not our secret: say so and go
            self._send({"t": ids.REFUSE, "c": ids.R_BAD_CLAIM, "a": {}})
            self._end(ids.R_BAD_CLAIM, {}, refused=True)
            return
        self._send(proof)

    def on_command(self, msg: dict) -> None:
        for seat, kind, level in self.ledger.take_command(msg["i"], msg["e"]):
            self._emit("seat_control", seat=seat, control="bot" if kind == ids.CMD_BOT
                       else "player", level=level)

    def on_status(self, msg: dict) -> None:
        if msg["st"] != self.statuses:
            self.statuses = list(msg["st"])
            self._emit("status", statuses=list(self.statuses))

    def on_beat(self, msg: dict) -> None:
        self.ledger.host_reaches(msg["q"])

    def _start_autosave(self) -> None:
        """Keep our log on disk after every applied move from now on. Rejoining a table after
        a crash (or a resumed one) continues in our old save of it, if this machine has one,
        so that save is not offered for resuming again."""
        if not self.autosave or self.autosaver is not None or self.match is None:
            return
        path = self.persistence.unfinished_save(self.match, self.seats)
        self.autosaver = self.persistence.start_autosave(
            self.match, f"peer{self.pid}", self._save_peers, self.seats, path=path,
            key=self.token, address=self.address, claim=self.claims.secret,
            claim_keys=self.claims.keys)

    def _beat(self) -> dict:
        """A heartbeat; during play it repeats our last hash (the host re-checks it)."""
        beat = {"t": ids.BEAT, "q": self.seq}
        if (self.replica is not None and self.replica.sealed and not self.replica.broken
                and (self.seq > 0 or self.fair_join.replica is None)):
            beat["h"] = bytes.fromhex(self.replica.last_hash())
        return beat

    def _queue_reports(self) -> None:
        """Take the reports of what was hashed since the last call (net.table.reports)."""
        self.reports.queue(self.replica.take_reports(), self.match.config.get("players", 0)
                           if self.match is not None else None)

    def _check_over(self) -> None:
        """Announce the end once we hold the complete game (again after a late repair)."""
        if (self.phase not in ("playing", "over") or self.match is None or not self.match.is_over()
                or self.replica.broken or self.seq < self.ledger.host_seq):
            return
        digest = self.replica.last_hash()
        self._queue_reports()
        self.reports.send_newest(force=True)
        if not self.ledger.end_reached(self.phase, digest):
            return
        self.phase = "over"            # the netlog: written by ``settle``, once our report is sent
        self._emit("game_over", seq=self.seq, hash=digest, scores=self.match.scores()["scores"])

    # ================================================================ plumbing
    def _send(self, message: dict) -> None:
        if self.transport is not None and self.phase != "ended" and not self.redial.offline:
            self.watch.sent()
            self.transport.send(compact(message, self._move_game()))

    def _move_game(self) -> str:
        """The game whose move codec the move frames use (none before the start)."""
        if self.match is not None:
            return self.match.game.name
        return self.fair_join.game_name()      # a fair table still dealing ("" before)

    def _hang_up(self) -> None:
        if self.transport is not None:
            self.transport.close()

    def _emit(self, event: str, **fields: Any) -> None:
        fields["event"] = event
        self._events.append(fields)

    def _end(self, code: str, args: dict, refused: bool = False) -> None:
        if self.phase == "ended":
            return
        self.fair_join.settle()         # an audit that waited for this pump comes first
        self.fair_join.end_unaudited()  # ... and a game over that could not be audited is void
        self.phase = "ended"
        collector.left()
        self.ended = {"code": code, "args": dict(args)}
        self.ledger.take_netlog()     # written here and now (if the game ran)
        if self.match is not None:
            self.replica.seal()
            self.netlog_path = self.persistence.write_netlog(self.match, f"peer{self.pid}",
                                                              self.ledger.commands)
        self._emit("ended", code=code, args=dict(args))
        if self.transport is not None:
            self.transport.close()


JoinHandler = Callable[[ClientEndpoint, dict], None]

# what the host sends a joiner, by kind. A kind missing here is refused with ``R_UNKNOWN``;
# the schema checks (``net.protocol.schema``) run first, so a handler only sees a message of
# its shape.
JOIN_HANDLERS: dict[str, JoinHandler] = {
    ids.WELCOME: ClientEndpoint.on_welcome,
    ids.REFUSE: ClientEndpoint.on_refuse,
    ids.BYE: ClientEndpoint.on_bye,
    ids.LOBBY: ClientEndpoint.on_lobby,
    ids.LOBBY_CHANGE: ClientEndpoint.on_lobby_change,
    ids.ABORT: ClientEndpoint.on_abort,
    ids.START: ClientEndpoint.on_start,
    ids.MOVE: ClientEndpoint.on_move,
    ids.REJECT: ClientEndpoint.on_reject,
    ids.SYNC: ClientEndpoint.on_sync,
    ids.COMMAND: ClientEndpoint.on_command,
    ids.STATUS: ClientEndpoint.on_status,
    ids.BEAT: ClientEndpoint.on_beat,
    ids.FAIR: ClientEndpoint.on_fair,               # to net.fair.join: a record of the stream
    ids.FAIR_BUNDLE: ClientEndpoint.on_fair_bundle,     # to net.fair.join: records of it
    ids.CHALLENGE: ClientEndpoint.on_challenge,     # to net.session.claims
}

# what a joiner may receive before it is welcomed
BEFORE_WELCOME = frozenset({ids.WELCOME, ids.REFUSE, ids.BYE, ids.CHALLENGE})

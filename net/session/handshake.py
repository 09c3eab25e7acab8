"""The host's handshake and lobby: a hello answered (refused, a seat given back, new seats
or a spectator), the welcome, and what a peer may change in the lobby (name, colour, ready)
or say at any time (goodbye, refusal, heartbeat); what each connection is told of the lobby.

``HostHandshake`` is a part of ``net.table.host.HostEndpoint`` (``handshake``) with its own
state: the next peer id, and through each ``PeerRec`` the lobby that connection holds (a peer
hears the whole lobby once per connection, then only what changed: ``net.protocol.lobby``).
It reads and changes the table's seats and peers (``HandshakeTable``: ``slots``, ``peers``,
``by_conn``, ``pending_conns``), asks its other parts (``seating`` for seats and names,
``claims`` for a proven old machine, ``seat_waits`` for a seat back), and acts on the rest only
through the callbacks it is handed: send a peer a message, refuse a connection, emit an event,
the seats' statuses changed, bring a peer of a started table up to date. ``PeerRec`` is what
the host knows of a peer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from net.protocol import messages as ids
from net.protocol.lobby import Slot, lobby_update, plain_seats
from net.protocol.moveframe import compact
from net.protocol.seed import new_token
from net.protocol.tables import CLAIM_PREFIX


@dataclass
class PeerRec:
    pid: int
    name: str
    token: str
    conn: Any = None
    seats: list[int] = field(default_factory=list)
    ready: bool = False
    last_heard: float = 0.0
    last_sent: float = 0.0
    interrupted: bool = False
    acked: int = 0
    nonces: dict = field(default_factory=dict)
    repair_from: int = -1     # >= 0 while a desync repair is in flight
    repair_sent: float = 0.0
    repairs: int = 0
    lobby_told: dict | None = None   # the lobby snapshot this connection holds (None: none yet)

    @property
    def spectator(self) -> bool:
        return not self.seats


class HandshakeTable(Protocol):
    """What ``HostHandshake`` reads of and asks of the table it admits peers to
    (``HostEndpoint`` is one)."""

    game: Any              # the rules' Game (its name)
    rules_version: str
    phase: str             # lobby, dealing, playing, over, closed
    slots: list            # net.protocol.lobby.Slot per seat, replaced or changed in place
    peers: dict            # peer id -> PeerRec
    by_conn: dict          # connection -> PeerRec
    pending_conns: dict    # connection -> since when it waits for its hello
    limits: Any            # net.transport.limits.HostLimits (``spectators``)
    transport: Any         # send_many(conns, message), close(conn)
    seating: Any           # net.table.seating.SeatAllocation
    claims: Any            # net.session.claims.ClaimGuard
    seat_waits: Any        # net.table.seat_control.SeatWaits

    def clock(self) -> float: ...

    def lobby_message(self) -> dict: ...

    def can_start(self) -> bool: ...

    def grace_hello(self, conn: Any, msg: dict) -> bool: ...

    def take_back(self, seat: int) -> None: ...

    def on_disconnect(self, conn: Any, reset: bool = False) -> None: ...

    def on_hash(self, peer: PeerRec, msg: dict) -> None: ...


class HostHandshake:
    def __init__(self, table: HandshakeTable, *, send: Callable[[PeerRec, dict], None],
                 refuse: Callable[[Any, str, dict], None], emit: Callable[..., None],
                 status_changed: Callable[[], None],
                 catch_up: Callable[[PeerRec], None]) -> None:
        """``send(peer, message)``; ``refuse(conn, code, args)``: tell the connection why and
        close it; ``emit(event, **fields)``; ``status_changed()``: the seats' connection
        states may have changed; ``catch_up(peer)``: a peer of a started table hears the
        START and the whole stream."""
        self.table = table
        self.send = send
        self.refuse = refuse
        self.emit = emit
        self.status_changed = status_changed
        self.catch_up = catch_up
        self.next_pid = 1

    # ------------------------------------------------------------ a new connection's hello
    def hello(self, conn: Any, msg: dict) -> None:
        table = self.table
        if msg["pv"] != ids.PROTOCOL_VERSION:
            return self.refuse(conn, ids.R_PROTOCOL,
                               {"ours": ids.PROTOCOL_VERSION, "theirs": msg["pv"]})
        if msg["rv"] != table.rules_version:
            return self.refuse(conn, ids.R_RULES,
                               {"ours": table.rules_version, "theirs": msg["rv"]})
        if msg["g"] and msg["g"] != table.game.name:
            return self.refuse(conn, ids.R_GAME, {"ours": table.game.name, "theirs": msg["g"]})
        if table.phase == "closed":
            if not table.grace_hello(conn, msg):
                self.refuse(conn, ids.R_HOST_LEFT, {})
            return
        # a seat token: this table's (a rejoin), or on a resumed table the old table's (its
        # old seats, below); a resume claim ("r:...") is no seat token: never refused for it
        seat_token = msg["tok"] if not msg["tok"].startswith(CLAIM_PREFIX) else ""
        peer = next((p for p in table.peers.values() if p.token == seat_token), None) \
            if seat_token else None
        token_group = (table.seating.old_token_group(seat_token)
                       if seat_token and peer is None else None)
        if seat_token and peer is None and token_group is None:
            return self.refuse(conn, ids.R_BAD_TOKEN, {})
        if peer is not None:
            return self.rejoined(peer, conn)
        wanted = msg["ws"]
        if wanted and table.phase != "lobby":
            return self.refuse(conn, ids.R_STARTED, {})
        if table.phase == "dealing":
            return self.refuse(conn, ids.R_STARTED, {})
        # the old machine this one proved to be (its claim's proof, or its old seat token)
        # gets exactly its seats; they wait for nobody else (``net.table.seating``)
        owner = table.claims.proven_group(conn)
        if owner is None:
            owner = token_group
        claimed = table.seating.old_machine_seats(owner) if wanted else []
        free = claimed or table.seating.free_seats_for(msg["n"])
        if wanted and not free:
            return self.refuse(conn, *table.seating.no_seat_reason(msg["n"]))
        taking = free if claimed else free[:wanted]
        if not taking and sum(p.spectator for p in self.live_peers()) >= table.limits.spectators:
            return self.refuse(conn, ids.R_TOO_MANY_SPECTATORS,
                               {"limit": table.limits.spectators})
        peer = PeerRec(pid=self.next_pid, name="", token=new_token())
        table.claims.joined(peer.pid, msg.get("ck", b""))
        self.next_pid += 1
        for seat in taking:
            old = table.slots[seat]
            # a name another player already has at this table gets a number: "ann (2)"
            name = table.seating.unique_name(old.reserved or msg["n"], seat)
            table.slots[seat] = Slot(kind=ids.KIND_REMOTE, name=name,
                                     colour=old.colour, peer=peer.pid, reserved=old.reserved,
                                     group=old.group)
            peer.seats.append(seat)
        peer.name = (table.slots[peer.seats[0]].name if peer.seats
                     else table.seating.unique_name(msg["n"], -1))
        table.peers[peer.pid] = peer
        self.attach(peer, conn)
        self.emit("peer_joined", peer=peer.pid, name=peer.name, seats=list(peer.seats))
        self.welcome(peer)
        self.lobby_changed()

    def rejoined(self, peer: PeerRec, conn: Any) -> None:
        """A peer back with its seat token: this connection replaces its old one."""
        table = self.table
        if peer.conn is not None:
            old = peer.conn
            self.send(peer, {"t": ids.BYE, "c": ids.R_REPLACED, "a": {}})
            table.by_conn.pop(old, None)
            table.transport.close(old)
        self.attach(peer, conn)
        self.emit("peer_back", peer=peer.pid, name=peer.name, seats=list(peer.seats))
        self.welcome(peer)
        for seat in peer.seats:
            if table.slots[seat].bot_level and table.phase in ("playing", "over"):
                table.take_back(seat)
        self.status_changed()

    def attach(self, peer: PeerRec, conn: Any) -> None:
        """``conn`` is ``peer``'s connection from now on."""
        table = self.table
        table.pending_conns.pop(conn, None)
        peer.conn = conn
        peer.last_heard = table.clock()
        peer.interrupted = False
        peer.nonces = {}
        peer.repair_from = -1
        peer.lobby_told = None          # a new connection hears the whole lobby first
        table.by_conn[conn] = peer
        table.seat_waits.back(peer.seats)

    def welcome(self, peer: PeerRec) -> None:
        """The peer's id, token and seats, the whole lobby, and on a started table the
        stream so far (and the seats' statuses once it plays)."""
        table = self.table
        self.send(peer, {"t": ids.WELCOME, "you": peer.pid, "tok": peer.token,
                         "seats": list(peer.seats), "g": table.game.name})
        peer.lobby_told = table.lobby_message()
        self.send(peer, peer.lobby_told)
        if table.phase == "dealing":
            self.catch_up(peer)
        if table.phase in ("playing", "over"):
            self.catch_up(peer)
            self.send(peer, {"t": ids.STATUS, "st": table.seating.statuses()})

    # ------------------------------------------------------------ a peer's lobby messages
    def seat_set(self, peer: PeerRec, msg: dict) -> None:
        table = self.table
        seat = msg["s"]
        if seat not in peer.seats or table.phase != "lobby":
            self.send(peer, {"t": ids.REJECT, "n": 0, "s": seat, "c": ids.R_NOT_YOUR_SEAT,
                             "a": {"seat": seat + 1}})
            return
        table.slots[seat].name = table.seating.unique_name(msg["n"], seat)
        table.slots[seat].colour = msg["c"]
        if seat == peer.seats[0]:
            peer.name = table.slots[seat].name
        self.lobby_changed()

    def ready(self, peer: PeerRec, msg: dict) -> None:
        table = self.table
        if table.phase != "lobby":
            return
        peer.ready = msg["r"]
        for seat in peer.seats:
            table.slots[seat].ready = msg["r"]
        self.lobby_changed()

    # ------------------------------------------------------------ at any time
    def bye(self, peer: PeerRec, msg: dict) -> None:
        conn = peer.conn
        self.emit("peer_bye", peer=peer.pid, code=msg["c"], args=msg["a"])
        self.table.transport.close(conn)
        self.table.on_disconnect(conn)

    def refused_us(self, peer: PeerRec, msg: dict) -> None:
        self.emit("peer_refused_us", peer=peer.pid, code=msg["c"], args=msg["a"])
        conn = peer.conn
        self.table.transport.close(conn)
        self.table.on_disconnect(conn)

    def beat(self, peer: PeerRec, msg: dict) -> None:
        if "h" in msg:    # a peer's beat repeats its last hash (a lost report is caught too)
            self.table.on_hash(peer, msg)

    def forget(self, peer: PeerRec) -> None:
        """A peer gone from the lobby: its seats are open again (a resumed table's keep the
        name they wait for)."""
        table = self.table
        for seat in peer.seats:
            old = table.slots[seat]
            table.slots[seat] = Slot(name=old.reserved, colour=old.colour if old.reserved else -1,
                                     reserved=old.reserved, group=old.group)
        table.peers.pop(peer.pid, None)
        self.lobby_changed()

    # ------------------------------------------------------------ the lobby on the wire
    def lobby_changed(self) -> None:
        """In the lobby: every connected peer hears what changed, and the host's screen."""
        table = self.table
        if table.phase != "lobby":
            return
        message = table.lobby_message()
        self.tell_lobby(message)
        self.emit("lobby", seats=plain_seats(message["seats"]), spectators=message["spec"],
                  can_start=table.can_start())

    def tell_lobby(self, message: dict) -> None:
        """Each connected peer hears what changed since the lobby it holds, nothing when
        nothing did (``net.protocol.lobby.lobby_update``); peers told alike share one send."""
        updates: list[tuple[dict, list[PeerRec]]] = []
        for peer in self.live_peers():
            update = lobby_update(peer.lobby_told, message)
            if update is None:
                continue
            peer.lobby_told = message
            alike = next((told for told in updates if told[0] == update), None)
            if alike is None:
                updates.append((update, [peer]))
            else:
                alike[1].append(peer)
        now = self.table.clock()
        for update, peers in updates:
            for peer in peers:
                peer.last_sent = now
            self.table.transport.send_many([p.conn for p in peers],
                                           compact(update, self.table.game.name))

    def live_peers(self) -> list[PeerRec]:
        return [p for p in self.table.peers.values() if p.conn is not None]

"""The host's handshake and lobby: a hello answered (refused, a seat given back, new seats
or a spectator), the welcome, and what a peer may change in the lobby (name, colour, ready)
or say at any time (goodbye, refusal, heartbeat).

Mixed into ``HostEndpoint`` (``net.table.host``); ``PeerRec`` is what the host knows of a peer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.protocol import messages as ids
from net.protocol.lobby import Slot
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


class HostHandshake:
    """Mixed into ``HostEndpoint``: hello, welcome and the lobby messages of a peer."""

    def _hello(self, conn: Any, msg: dict) -> None:
        if msg["pv"] != ids.PROTOCOL_VERSION:
            return self._refuse(conn, ids.R_PROTOCOL,
                                {"ours": ids.PROTOCOL_VERSION, "theirs": msg["pv"]})
        if msg["rv"] != self.rules_version:
            return self._refuse(conn, ids.R_RULES,
                                {"ours": self.rules_version, "theirs": msg["rv"]})
        if msg["g"] and msg["g"] != self.game.name:
            return self._refuse(conn, ids.R_GAME, {"ours": self.game.name, "theirs": msg["g"]})
        if self.phase == "closed":
            if not self.grace_hello(conn, msg):
                self._refuse(conn, ids.R_HOST_LEFT, {})
            return
        # a seat token: this table's (a rejoin), or on a resumed table the old table's (its
        # old seats, below); a resume claim ("r:...") is no seat token: never refused for it
        seat_token = msg["tok"] if not msg["tok"].startswith(CLAIM_PREFIX) else ""
        peer = next((p for p in self.peers.values() if p.token == seat_token), None) \
            if seat_token else None
        token_group = (self.seating.old_token_group(seat_token)
                       if seat_token and peer is None else None)
        if seat_token and peer is None and token_group is None:
            return self._refuse(conn, ids.R_BAD_TOKEN, {})
        if peer is not None:
            if peer.conn is not None:
                old = peer.conn
                self._send(peer, {"t": ids.BYE, "c": ids.R_REPLACED, "a": {}})
                self.by_conn.pop(old, None)
                self.transport.close(old)
            self._attach(peer, conn)
            self._emit("peer_back", peer=peer.pid, name=peer.name, seats=list(peer.seats))
            self._welcome(peer)
            for seat in peer.seats:
                if self.slots[seat].bot_level and self.phase in ("playing", "over"):
                    self.take_back(seat)
            self._status_changed()
            return
        wanted = msg["ws"]
        if wanted and self.phase != "lobby":
            return self._refuse(conn, ids.R_STARTED, {})
        if self.phase == "dealing":
            return self._refuse(conn, ids.R_STARTED, {})
        # the old machine this one proved to be (its claim's proof, or its old seat token)
        # gets exactly its seats; they wait for nobody else (``net.table.seating``)
        owner = self.claims.proven_group(conn)
        if owner is None:
            owner = token_group
        claimed = self.seating.old_machine_seats(owner) if wanted else []
        free = claimed or self.seating.free_seats_for(msg["n"])
        if wanted and not free:
            return self._refuse(conn, *self.seating.no_seat_reason(msg["n"]))
        taking = free if claimed else free[:wanted]
        if not taking and sum(p.spectator for p in self._live_peers()) >= self.limits.spectators:
            return self._refuse(conn, ids.R_TOO_MANY_SPECTATORS,
                                {"limit": self.limits.spectators})
        peer = PeerRec(pid=self._next_pid, name="", token=new_token())
        self.claims.joined(peer.pid, msg.get("ck", b""))
        self._next_pid += 1
        for seat in taking:
            old = self.slots[seat]
            # a name another player already has at this table gets a number: "ann (2)"
            name = self.seating.unique_name(old.reserved or msg["n"], seat)
            self.slots[seat] = Slot(kind=ids.KIND_REMOTE, name=name,
                                    colour=old.colour, peer=peer.pid, reserved=old.reserved,
                                    group=old.group)
            peer.seats.append(seat)
        peer.name = (self.slots[peer.seats[0]].name if peer.seats
                     else self.seating.unique_name(msg["n"], -1))
        self.peers[peer.pid] = peer
        self._attach(peer, conn)
        self._emit("peer_joined", peer=peer.pid, name=peer.name, seats=list(peer.seats))
        self._welcome(peer)
        self._lobby_changed()

    def _attach(self, peer: PeerRec, conn: Any) -> None:
        self.pending_conns.pop(conn, None)
        peer.conn = conn
        peer.last_heard = self.clock()
        peer.interrupted = False
        peer.nonces = {}
        peer.repair_from = -1
        peer.lobby_told = None          # a new connection hears the whole lobby first
        self.by_conn[conn] = peer
        self.seat_waits.back(peer.seats)

    def _welcome(self, peer: PeerRec) -> None:
        self._send(peer, {"t": ids.WELCOME, "you": peer.pid, "tok": peer.token,
                          "seats": list(peer.seats), "g": self.game.name})
        peer.lobby_told = self.lobby_message()
        self._send(peer, peer.lobby_told)
        if self.phase == "dealing":
            self._send(peer, self._start_message())
            self._send_sync(peer, ids.R_CATCH_UP)
        if self.phase in ("playing", "over"):
            self._send(peer, self._start_message())
            self._send_sync(peer, ids.R_CATCH_UP)
            self._send(peer, {"t": ids.STATUS, "st": self.seating.statuses()})

    def on_seat_set(self, peer: PeerRec, msg: dict) -> None:
        seat = msg["s"]
        if seat not in peer.seats or self.phase != "lobby":
            self._reject(peer, 0, seat, ids.R_NOT_YOUR_SEAT, {"seat": seat + 1})
            return
        self.slots[seat].name = self.seating.unique_name(msg["n"], seat)
        self.slots[seat].colour = msg["c"]
        if seat == peer.seats[0]:
            peer.name = self.slots[seat].name
        self._lobby_changed()

    def on_ready(self, peer: PeerRec, msg: dict) -> None:
        if self.phase != "lobby":
            return
        peer.ready = msg["r"]
        for seat in peer.seats:
            self.slots[seat].ready = msg["r"]
        self._lobby_changed()

    def on_bye(self, peer: PeerRec, msg: dict) -> None:
        conn = peer.conn
        self._emit("peer_bye", peer=peer.pid, code=msg["c"], args=msg["a"])
        self.transport.close(conn)
        self.on_disconnect(conn)

    def on_refuse(self, peer: PeerRec, msg: dict) -> None:
        self._emit("peer_refused_us", peer=peer.pid, code=msg["c"], args=msg["a"])
        conn = peer.conn
        self.transport.close(conn)
        self.on_disconnect(conn)

    def on_beat(self, peer: PeerRec, msg: dict) -> None:
        if "h" in msg:    # a peer's beat repeats its last hash (a lost report is caught too)
            self.on_hash(peer, msg)

    def _forget(self, peer: PeerRec) -> None:
        for seat in peer.seats:
            old = self.slots[seat]
            self.slots[seat] = Slot(name=old.reserved, colour=old.colour if old.reserved else -1,
                                    reserved=old.reserved, group=old.group)
        self.peers.pop(peer.pid, None)
        self._lobby_changed()

"""Hosting a table over TCP: the listening socket, the peer connections, discovery answers.

    table = HostServer.create("metro", players=3, seats=[...Slot...], port=0)
    table.start_thread()            # or call table.pump(0) from your frame loop
    table.port                      # the port actually bound (port 0 = ephemeral)
    table.poll()                    # events, see below
    table.start_game()  table.propose(seat, "notation")  table.hand_to_bot(seat, "random")
    table.close()                   # ends the table for everyone ("host_left")

Events (dicts with "event"): lobby (seats, spectators, can_start), peer_joined, peer_back,
peer_left, peer_bye, peer_refused (code, args: shown on the host side too), peer_interrupted,
status (per seat: connected / interrupted / disconnected / bot / open), seeding,
seeding_aborted, started (seed, seats), move (seq, seat, move, events), foreign_move,
desync (peer, seq, ours, theirs), repaired, seat_control (seat, control, level), game_over
(seq, hash, scores), ended (code, args). Reason codes are the ``R_*`` ids in
``net.protocol.messages``: the client translates ``net.<code>`` with the args.
"""

from __future__ import annotations

import selectors
import socket
import time
from typing import Callable

from game.rules import get_game
from net.protocol import messages as ids
from net.transport.discovery import DiscoveryResponder
from net.transport.door import Door
from net.table.host import HostEndpoint
from net.transport.limits import FrameBytes
from net.protocol.lobby import Slot
from net.transport.timing import Timings
from net.transport.sockets import READ_CHUNK, Closed, Connection, Pumped
from net.transport.wire import MAX_FRAME, WireError, encode


class _Transport:
    def __init__(self, server: "HostServer") -> None:
        self.server = server

    def send(self, conn: Connection, message: dict) -> None:
        if message.get("t") == ids.REFUSE:
            self.server.refusing(conn, message["c"])
        conn.send(message)

    def send_many(self, conns: list[Connection], message: dict) -> None:
        frame = encode(message)
        for conn in conns:
            conn.send_frame(frame)

    def close(self, conn: Connection) -> None:
        self.server._drop(conn)


class HostServer(Pumped):
    def __init__(self, endpoint: HostEndpoint, port: int = 0, bind: str = "0.0.0.0",
                 discovery_port: int | None = None, table_name: str = "") -> None:
        super().__init__()
        self.endpoint = endpoint
        endpoint.transport = _Transport(self)
        self.selector = selectors.DefaultSelector()
        self.listener = socket.create_server((bind, port), reuse_port=False)
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.selector.register(self.listener, selectors.EVENT_READ, None)
        self.conns: set[Connection] = set()
        self.frame_bytes = FrameBytes()     # unfinished frames held, per connection and total
        self.door = Door()                  # addresses turned away for a while (net.transport.door)
        self.unseated_bytes = 0             # bytes read from connections without a seat
        self.discovery = None
        self.discovery_error = ""     # why LAN discovery is off (the table works without it)
        if discovery_port is not None:
            try:
                self.discovery = DiscoveryResponder(self._describe, port=discovery_port,
                                                    bind=bind)
            except OSError as exc:
                self.discovery_error = exc.strerror or str(exc)
            else:
                self.selector.register(self.discovery.sock, selectors.EVENT_READ, "discovery")
        self.table_name = table_name or endpoint.name

    @classmethod
    def create(cls, game: str, players: int, seats: list[Slot] | None = None,
               variants=(), port: int = 0, bind: str = "0.0.0.0",
               discovery_port: int | None = None, name: str = "host",
               timings: Timings = Timings(), clock: Callable[[], float] = time.monotonic
               ) -> "HostServer":
        """A table for ``game``; ``seats`` default: seat 0 local, the others open."""
        game_obj = get_game(game)
        config = game_obj.make_config(players, variants)
        slots = seats or [Slot(kind=ids.KIND_LOCAL, name=name)] + [
            Slot() for _ in range(players - 1)]
        endpoint = HostEndpoint(game_obj, config, slots, clock=clock, timings=timings, name=name)
        return cls(endpoint, port=port, bind=bind, discovery_port=discovery_port)

    # ------------------------------------------------------------------ the loop
    def pump(self, timeout: float = 0.0) -> None:
        with self.lock:
            self._drop_slow_readers()
            for conn in list(self.conns):
                if conn.wants_write():
                    self.selector.modify(conn.sock,
                                         selectors.EVENT_READ | selectors.EVENT_WRITE, conn)
            if timeout > 0 and self.endpoint.phase != "closed":
                timeout = min(timeout, self.endpoint.wake_in())
        try:
            ready = self.selector.select(timeout) if self.selector.get_map() else []
        except (OSError, ValueError):          # closed by another thread meanwhile
            ready = []
        with self.lock:
            for conn in self.conns:       # what this pump sends a peer leaves in one write
                conn.cork()
            try:
                for key, mask in ready:
                    if key.data is None:
                        self._accept()
                    elif key.data == "discovery":
                        self.discovery.answer_pending()
                    else:
                        conn = key.data
                        if mask & selectors.EVENT_WRITE:
                            conn.flush()
                            if not conn.wants_write() and conn in self.conns:
                                self.selector.modify(conn.sock, selectors.EVENT_READ, conn)
                        if mask & selectors.EVENT_READ and conn in self.conns:
                            self._read(conn)
                if self.endpoint.phase != "closed":
                    self.endpoint.tick()
            finally:
                for conn in list(self.conns):
                    conn.uncork()
            if self.endpoint.phase != "closed":
                self.endpoint.settle()    # the disk after the network

    def _accept(self) -> None:
        while True:
            try:
                sock, address = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            conn = Connection(sock, address)
            refusal = self._turned_away(address)
            if refusal is not None:
                conn.send({"t": ids.REFUSE, "c": refusal[0], "a": refusal[1]})
                conn.out.clear()            # never wait for a peer we turn away
                conn.close()
                continue
            self.conns.add(conn)
            self.selector.register(sock, selectors.EVENT_READ, conn)
            self.endpoint.on_connect(conn)

    def _turned_away(self, address) -> tuple[str, dict] | None:
        """Why a new connection from ``address`` is refused at once (None: let it in): its
        address is turned away for a while (``net.transport.door``), it has too many connections
        open, or too many connections wait for their hello."""
        host = address[0] if address else ""
        limits = self.endpoint.limits
        refusal = self.door.turn_away(host, self.endpoint.clock())
        if refusal is not None:
            return refusal
        if sum(1 for other in self.conns if other.address and address
               and other.address[0] == host) >= limits.per_address:
            return ids.R_TOO_MANY_CONNECTIONS, {"limit": limits.per_address}
        if len(self.endpoint.pending_conns) >= limits.pending_total:
            return ids.R_BUSY, {}
        return None

    def refusing(self, conn: Connection, code: str) -> None:
        """The table refuses ``conn`` with ``code``: a connection without a seat refused for
        abuse gets its address a strike (``net.transport.door``)."""
        if conn.address and not self.endpoint.seated(conn):
            limits = self.endpoint.limits
            self.door.refused(conn.address[0], code, self.endpoint.clock(),
                              limits.turn_away_first, limits.turn_away_longest)

    def _read(self, conn: Connection) -> None:
        # a connection without a seat may send small frames only: the length prefix of a
        # bigger one is refused before its body is read (and no more than that is read)
        seated = self.endpoint.seated(conn)
        conn.reader.max_frame = MAX_FRAME if seated else self.endpoint.limits.unseated_frame
        before = conn.reader.received_bytes
        try:
            messages = conn.read(READ_CHUNK if seated else conn.reader.max_frame + 4)
        except WireError as exc:
            self._count_unseated(conn, seated, before)
            self.endpoint.on_wire_error(conn, exc.code, exc.args_dict)
            return
        except Closed as exc:
            self._drop(conn)
            self.endpoint.on_disconnect(conn, reset=exc.reset)
            return
        self._count_unseated(conn, seated, before)
        pending = conn.reader.pending
        self.frame_bytes.update(conn, pending)
        over = self.frame_bytes.verdict(conn, pending, conn in self.endpoint.by_conn,
                                        self.endpoint.limits)
        if over is not None:
            self._refuse_over_limit(conn, *over)
            return
        for message in messages:
            if conn not in self.conns:
                return
            self.endpoint.on_frame(conn, message)

    def _count_unseated(self, conn: Connection, seated: bool, before: int) -> None:
        if not seated:
            self.unseated_bytes += conn.reader.received_bytes - before

    def _refuse_over_limit(self, conn: Connection, code: str, args: dict) -> None:
        """Drop a peer over a bound of ``net.transport.limits`` with the reason, without waiting for it
        to read anything (a peer that does not read could hold the host up)."""
        conn.reader = type(conn.reader)(conn.reader.max_frame)    # free its buffer now
        self.frame_bytes.forget(conn)
        conn.out.clear()
        conn.no_linger = True
        self.endpoint.on_wire_error(conn, code, args)
        if conn in self.conns:
            self._drop(conn)
            self.endpoint.on_disconnect(conn)

    def _drop_slow_readers(self) -> None:
        limit = self.endpoint.limits.send_bytes
        for conn in [c for c in self.conns if len(c.out) > limit]:
            self._refuse_over_limit(conn, ids.R_SLOW_READER, {})

    def _drop(self, conn: Connection) -> None:
        self.frame_bytes.forget(conn)
        if getattr(conn, "no_linger", False):
            conn.out.clear()
        if conn in self.conns:
            self.conns.discard(conn)
            try:
                self.selector.unregister(conn.sock)
            except (KeyError, ValueError, OSError):
                pass
            conn.close()

    def _describe(self) -> dict:
        endpoint = self.endpoint
        return {"t": "table", "g": endpoint.game.name, "n": self.table_name[:40],
                "port": self.port, "ph": endpoint.phase,
                "open": sum(1 for s in endpoint.slots if s.kind == ids.KIND_OPEN),
                "players": len(endpoint.slots)}

    def finished(self) -> bool:
        return self.endpoint.phase == "closed"

    # ------------------------------------------------------------------ thread-safe API
    def poll(self) -> list[dict]:
        with self.lock:
            return self.endpoint.poll()

    def set_seat(self, seat: int, kind: str, name: str = "", colour: int = -1,
                 level: str = "") -> None:
        with self.lock:
            self.endpoint.set_seat(seat, kind, name, colour, level)

    def start_game(self) -> bool:
        with self.lock:
            return self.endpoint.start()

    def propose(self, seat: int, text: str) -> None:
        with self.lock:
            self.endpoint.propose(seat, text)

    def hand_to_bot(self, seat: int, level: str = "random") -> None:
        with self.lock:
            self.endpoint.hand_to_bot(seat, level)

    def take_back(self, seat: int) -> None:
        with self.lock:
            self.endpoint.take_back(seat)

    def view(self, seat: int | None):
        """What ``seat`` (None: spectator) may see now, or None before the game starts."""
        with self.lock:
            match = self.endpoint.match
            return match.view(seat) if match else None

    def close(self, code: str = ids.R_HOST_LEFT) -> None:
        with self.lock:
            self.endpoint.close(code)
            for conn in list(self.conns):
                self._drop(conn)
        self.stop_thread()
        self.shutdown()

    def shutdown(self) -> None:
        """Release the sockets (after ``close``)."""
        if self.listener.fileno() < 0:
            return
        for conn in list(self.conns):
            self._drop(conn)
        for sock in (self.listener, self.discovery.sock if self.discovery else None):
            if sock is None:
                continue
            try:
                self.selector.unregister(sock)
            except (KeyError, ValueError, OSError):
                pass
            sock.close()
        self.selector.close()

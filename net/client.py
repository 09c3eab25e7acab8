"""Joining a table over TCP: one connection to the host, driven like ``HostServer``.

    peer = ClientConnection.connect("192.168.1.5", 5055, name="Ada", wanted_seats=2)
    peer.start_thread()                  # or peer.pump(0) every frame
    peer.poll()                          # events, see below
    peer.set_seat(seat, name, colour)  peer.set_ready(True)  peer.propose(seat, "notation")
    peer.view(seat)                      # what to draw for a seat (None: spectator)
    peer.leave()
    peer.token                           # keep it: ClientConnection.connect(..., token=...)
                                         # takes the seats back after a disconnection

Events: welcome (peer, token, seats), refused (code, args), lobby (game, config, seats,
spectators, phase), seeding_aborted, started (seed, seats, you), move (seq, seat, move,
events), rejected (seat, move, code, args), status (statuses), seat_control (seat, control,
level), desync, resynced, host_interrupted, host_back, game_over (seq, hash, scores),
retrying (code, args, delay, attempt) and rejoined (seats) with ``redial_limit``,
ended (code, args: host_left, connection_lost, connection_reset, no_answer, hung_up,
unreachable, game_over, refused codes...).
"""

from __future__ import annotations

import selectors
import socket
import time
from typing import Callable

from net.transport.dialer import Dialer
from net.table.joiner import ClientEndpoint
from net.transport.timing import Timings
from net.transport.sockets import Closed, Connection, Pumped
from net.transport.wire import WireError

DIAL_TIMEOUT = 3.0      # one new connection attempt after a lost link


class _Transport:
    def __init__(self, client: "ClientConnection") -> None:
        self.client = client

    def send(self, message: dict) -> None:
        self.client.conn.send(message)

    def close(self) -> None:
        self.client._drop()


class ClientConnection(Pumped):
    def __init__(self, endpoint: ClientEndpoint, sock: socket.socket) -> None:
        super().__init__()
        self.endpoint = endpoint
        self.selector = selectors.DefaultSelector()
        self._dialer: Dialer | None = None     # a new connection under way (net.session.redialing)
        self._attach(sock)
        endpoint.transport = _Transport(self)
        endpoint.on_connect()

    def _attach(self, sock: socket.socket) -> None:
        self.conn = Connection(sock, sock.getpeername())
        self.selector.register(sock, selectors.EVENT_READ)
        self._mask = selectors.EVENT_READ
        self._open = True

    def _redial(self) -> None:
        """The endpoint lost its link and its backoff is over: connect again off this thread
        (bounded by ``DIAL_TIMEOUT``) and say hello; a failure is the endpoint's to report
        and retry."""
        if self._dialer is None:
            if self.endpoint.redial.due():
                self._dialer = Dialer(self.endpoint.address, DIAL_TIMEOUT)
            return
        if not self._dialer.done():
            return
        dialer, self._dialer = self._dialer, None
        sock = dialer.take()
        if sock is not None:
            try:
                self._attach(sock)
            except OSError as exc:      # reset between connect and register
                sock.close()
                self.endpoint.redial.failed(exc.strerror or str(exc))
                return
            self.endpoint.on_connect()
        elif self.endpoint.phase != "ended":
            self.endpoint.redial.failed(dialer.error)

    @classmethod
    def connect(cls, host: str, port: int, name: str = "player", *, wanted_seats: int = 1,
                token: str = "", game: str = "", auto_bot: str = "", bot_delay: float = 0.0,
                timeout: float = 5.0,
                timings: Timings = Timings(), clock: Callable[[], float] = time.monotonic,
                redial_limit: float = 0.0, redial_in_game: bool = True) -> "ClientConnection":
        """Connect and say hello. OSError if nobody answers (show "cannot reach HOST").
        ``redial_limit`` > 0: a link lost without a goodbye is dialled again with backoff
        for up to that many seconds per outage (``retrying`` events; see net.session.redialing);
        ``redial_in_game=False``: only until the table first welcomed us."""
        sock = socket.create_connection((host, port), timeout=timeout)
        endpoint = ClientEndpoint(name, wanted_seats=wanted_seats, token=token, game=game,
                                  auto_bot=auto_bot, bot_delay=bot_delay, timings=timings,
                                  clock=clock)
        endpoint.address = (host, int(port))
        endpoint.redial.limit = redial_limit
        endpoint.redial.in_game = redial_in_game
        return cls(endpoint, sock)

    def pump(self, timeout: float = 0.0) -> None:
        with self.lock:
            if not self._open and self.endpoint.redial.offline:
                self._redial()
            is_open = self._open
            if is_open:
                mask = selectors.EVENT_READ | (selectors.EVENT_WRITE if self.conn.wants_write()
                                               else 0)
                if mask != self._mask:      # a syscall per pump otherwise
                    self.selector.modify(self.conn.sock, mask)
                    self._mask = mask
                if timeout > 0:
                    timeout = min(timeout, self.endpoint.wake_in())
        if is_open:
            try:
                ready = self.selector.select(timeout)
            except (OSError, ValueError):      # closed by another thread meanwhile
                ready = []
        else:
            ready = []
            if timeout:
                time.sleep(timeout)
        with self.lock:
            conn = self.conn if self._open else None
            if conn is not None:
                conn.cork()               # what this pump sends leaves in one write
            try:
                for _key, mask in ready:
                    if not self._open:
                        break
                    if mask & selectors.EVENT_WRITE:
                        self.conn.flush()
                    if mask & selectors.EVENT_READ:
                        self._read()
                self.endpoint.tick()
            finally:
                if conn is not None:
                    conn.uncork()
            self.endpoint.settle()        # the disk after the network

    def _read(self) -> None:
        try:
            messages = self.conn.read()
        except WireError as exc:
            self.endpoint.on_wire_error(exc.code, exc.args_dict)
            return
        except Closed as exc:
            self._drop()
            self.endpoint.on_disconnect(reset=exc.reset)
            return
        for message in messages:
            if not self._open:
                return
            self.endpoint.on_frame(message)

    def _drop(self) -> None:
        if self._dialer is not None and self.endpoint.phase == "ended":
            self._dialer.abandon()
            self._dialer = None
        if self._open:
            self._open = False
            try:
                self.selector.unregister(self.conn.sock)
            except (KeyError, ValueError, OSError):
                pass
            self.conn.close()

    def finished(self) -> bool:
        return self.endpoint.phase == "ended"

    # ------------------------------------------------------------------ thread-safe API
    def poll(self) -> list[dict]:
        with self.lock:
            return self.endpoint.poll()

    @property
    def token(self) -> str:
        return self.endpoint.token

    @property
    def phase(self) -> str:
        return self.endpoint.phase

    def set_seat(self, seat: int, name: str, colour: int = -1) -> None:
        with self.lock:
            self.endpoint.set_seat(seat, name, colour)

    def set_ready(self, ready: bool = True) -> None:
        with self.lock:
            self.endpoint.set_ready(ready)

    def set_bot(self, seat: int, level: str | None) -> None:
        with self.lock:
            self.endpoint.set_bot(seat, level)

    def propose(self, seat: int, text: str) -> None:
        with self.lock:
            self.endpoint.propose(seat, text)

    def view(self, seat: int | None):
        with self.lock:
            return self.endpoint.view(seat)

    def leave(self) -> None:
        with self.lock:
            self.endpoint.leave()
            self._drop()
        self.stop_thread()

    def close(self) -> None:
        self.leave()
        self.selector.close()

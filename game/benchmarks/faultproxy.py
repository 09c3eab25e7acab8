"""A fault-injecting TCP proxy on loopback: what a bad Wi-Fi does to a LAN table, on demand.

A measuring tool for the network soak (``net_soak``), not part of the game. The proxy listens
on 127.0.0.1 (an ephemeral port) and forwards every connection to a target port, cutting the
byte streams into protocol frames (4-byte length + body) so faults can be placed precisely:

* ``latency`` + ``jitter``: every frame is delivered that much later (order is kept, as TCP;
  the latency is drawn per connection between ``latency_min`` and ``latency``);
* ``bandwidth``: bytes per second each way;
* ``bytewise``: every byte is written separately (one TCP segment per byte, TCP_NODELAY);
* ``stalls``: (count, shortest, longest) seconds during which nothing flows either way;
* ``handshake_delay``: the host's first frame (the WELCOME) arrives that much later;
* ``reset``: the connection is reset (RST: SO_LINGER 0) on both sides at a chosen point:
  ``before_welcome`` (the host's first frame), ``mid_game`` (after the host's k-th move
  frame, k drawn from ``reset_after_moves``), ``at_end`` (instead of the host's goodbye that
  announces the end of the game, i.e. just after the last move was confirmed).

Every random draw comes from ``random.Random(seed)`` per connection: a profile with a seed is
the same storm every time. Durations are multiplied by ``scale`` (short tests use 0.1).
Pure stdlib: sockets and threads (four small threads per connection).
"""

from __future__ import annotations

import random
import socket
import struct
import threading
import time
from collections import deque
from dataclasses import dataclass

from net.transport.wire import decode_body

LENGTH = struct.Struct(">I")


@dataclass(frozen=True)
class Profile:
    name: str
    latency: float = 0.0             # seconds, each way (drawn per connection up to this)
    latency_min: float = 0.0         # ... and from this (a WAN's floor: an overlay network)
    jitter: float = 0.0              # extra 0..jitter seconds per frame
    bandwidth: int = 0               # bytes per second each way (0: unlimited)
    bytewise: bool = False
    stalls: tuple = ()               # (count, shortest s, longest s)
    stall_window: float = 6.0        # stalls begin within this many seconds of the connect
    handshake_delay: float = 0.0     # the host's first frame is held this long
    reset: str = ""                  # "", "before_welcome", "mid_game", "at_end"
    reset_after_moves: tuple = (2, 10)
    connections: int = 1             # how many connections (in accept order) get the faults


def _reset(sock: socket.socket) -> None:
    """Close with an RST instead of a FIN: the other side sees 'connection reset'."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        return _shut_and_close(sock, None)
    # SHUT_RD sends nothing but wakes our own thread blocked in recv on this socket (a socket
    # in use by a syscall is only really closed, and the RST sent, when it returns)
    _shut_and_close(sock, socket.SHUT_RD)


def _shut_and_close(sock: socket.socket, how: int | None) -> None:
    """Shut the socket down (``how``; None: not) and close it; a socket already dead is
    fine."""
    if how is not None:
        try:
            sock.shutdown(how)
        except OSError:
            pass
    try:
        sock.close()
    except OSError:
        pass


class _Link:
    """One proxied connection: the client's socket, the upstream socket, two pipes."""

    def __init__(self, proxy: "FaultProxy", client: socket.socket, upstream: socket.socket,
                 profile: Profile, rng: random.Random) -> None:
        self.proxy = proxy
        self.client, self.upstream = client, upstream
        self.profile = profile
        self.rng = rng
        self.lock = threading.Condition()
        self.dead = False
        self.started = time.monotonic()
        scale = proxy.scale
        self.latency = rng.uniform(profile.latency_min, profile.latency) * scale \
            if profile.latency else 0.0
        self.stall_windows = []
        if profile.stalls:
            count, shortest, longest = profile.stalls
            for _ in range(count):
                begin = self.started + rng.uniform(0.2, profile.stall_window) * scale
                self.stall_windows.append((begin, begin + rng.uniform(shortest, longest) * scale))
        low, high = profile.reset_after_moves
        self.reset_at_move = rng.randint(low, high)
        self.moves_down = 0
        self.frames_down = 0
        self.events: list[str] = []
        for sock in (client, upstream):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.pipes = [_Pipe(self, client, upstream, "up"), _Pipe(self, upstream, client, "down")]
        for pipe in self.pipes:
            pipe.start()

    def stalled_until(self, now: float) -> float:
        return max((end for begin, end in self.stall_windows if begin <= now < end), default=0)

    def reset_both(self, why: str) -> None:
        with self.lock:
            if self.dead:
                return
            self.dead = True
            self.events.append(why)
            self.lock.notify_all()
        self.proxy.note(why)
        _reset(self.client)
        _reset(self.upstream)

    def check_reset(self, direction: str, message: dict | None) -> bool:
        """Before delivering a frame: is this the profile's reset point?"""
        if direction != "down" or not self.profile.reset:
            return False
        kind = message.get("t") if isinstance(message, dict) else None
        self.frames_down += 1
        reset = self.profile.reset
        if reset == "before_welcome" and self.frames_down == 1:
            return True
        if kind in ("M", "m"):         # a move, plain or compact (net.protocol.moveframe)
            self.moves_down += 1
            if reset == "mid_game" and self.moves_down >= self.reset_at_move:
                return True
        if reset == "at_end" and kind == "bye" and message.get("c") == "game_over":
            return True
        return False


class _Pipe:
    """One direction: a reader thread cuts frames and stamps their delivery time, a writer
    thread delivers them (late, slowly, byte by byte, or not at all)."""

    def __init__(self, link: _Link, source: socket.socket, target: socket.socket,
                 direction: str) -> None:
        self.link, self.source, self.target, self.direction = link, source, target, direction
        self.queue: deque = deque()
        self.last_due = 0.0
        self.eof = False
        self.first = True
        self.writes = 0                 # send calls made (bytewise: one per byte)

    def start(self) -> None:
        for job in (self._read, self._write):
            threading.Thread(target=job, daemon=True,
                             name=f"faultproxy-{self.direction}").start()

    def _read(self) -> None:
        link, profile = self.link, self.link.profile
        buffer = bytearray()
        while True:
            try:
                data = self.source.recv(65536)
            except OSError:
                data = b""
            now = time.monotonic()
            with link.lock:
                if not data or link.dead:
                    self.eof = True
                    if buffer:         # a tail that is not a whole frame: pass it on as is
                        self.queue.append((now, bytes(buffer), None))
                    link.lock.notify_all()
                    return
                buffer += data
                while len(buffer) >= 4:
                    size = LENGTH.unpack_from(buffer)[0]
                    if len(buffer) < 4 + size:
                        break
                    frame = bytes(buffer[:4 + size])
                    del buffer[:4 + size]
                    try:
                        message = decode_body(frame[4:])
                    except Exception:  # noqa: BLE001 - garbage is forwarded, not judged
                        message = None
                    due = now + link.latency
                    if profile.jitter:
                        due += link.rng.uniform(0, profile.jitter) * link.proxy.scale
                    if self.first and self.direction == "down" and profile.handshake_delay:
                        due += profile.handshake_delay
                    self.first = False
                    due = max(due, self.last_due)      # TCP keeps the order
                    self.last_due = due
                    self.queue.append((due, frame, message))
                link.lock.notify_all()

    def _write(self) -> None:
        link, profile = self.link, self.link.profile
        while True:
            with link.lock:
                while not self.queue and not self.eof and not link.dead:
                    link.lock.wait(0.5)
                if link.dead:
                    return
                if not self.queue:          # end of stream: pass the FIN on
                    try:
                        self.target.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                    return
                due, frame, message = self.queue[0]
            now = time.monotonic()
            hold = max(due, link.stalled_until(now)) - now
            if hold > 0:
                time.sleep(min(hold, 0.05))
                continue
            with link.lock:
                self.queue.popleft()
            if link.check_reset(self.direction, message):
                link.reset_both(f"reset:{profile.reset}")
                return
            try:
                if profile.bytewise:
                    for index in range(len(frame)):
                        self.target.sendall(frame[index:index + 1])
                        self.writes += 1
                else:
                    self.target.sendall(frame)
                    self.writes += 1
            except OSError:
                link.reset_both("broken")
                return
            if profile.bandwidth:
                time.sleep(len(frame) / profile.bandwidth)


class FaultProxy:
    """``FaultProxy(target_port, profile, seed).port``: connect there instead of the target."""

    def __init__(self, target_port: int, profile: Profile, seed: int = 0,
                 scale: float = 1.0) -> None:
        self.target_port = target_port
        self.profile = profile
        self.seed = seed
        self.scale = scale
        self.links: list[_Link] = []
        self.notes: list[str] = []
        self._lock = threading.Lock()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self._closed = False
        threading.Thread(target=self._accept, daemon=True, name="faultproxy-accept").start()

    def note(self, text: str) -> None:
        with self._lock:
            self.notes.append(text)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
                upstream.settimeout(None)
            except OSError:
                _reset(client)
                continue
            index = len(self.links)
            profile = self.profile if index < self.profile.connections else Profile("clean")
            rng = random.Random(self.seed * 1000 + index)
            self.links.append(_Link(self, client, upstream, profile, rng))

    def close(self) -> None:
        self._closed = True
        # a plain close does not wake a thread blocked in accept() on Linux: it stayed there
        # for the life of the process, one thread per game (1,004 after the bench's soak);
        # shutting the listening socket down makes that accept() fail and the thread end
        _shut_and_close(self.listener, socket.SHUT_RDWR)
        for link in self.links:
            with link.lock:
                link.dead = True
                link.lock.notify_all()
            for sock in (link.client, link.upstream):
                _shut_and_close(sock, socket.SHUT_RDWR)

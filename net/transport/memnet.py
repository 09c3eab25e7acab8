"""An in-memory network for tests: one host endpoint, client endpoints, a virtual clock.

Every message is really encoded and strictly decoded as a frame. Each direction of a link has
its own latency; by default a link keeps order like TCP. Faults are injectable: ``reorder``,
``drop`` and ``duplicate`` apply to the play-phase kinds that the protocol tolerates losing or
reordering (proposals, moves, hashes, beats, resend requests, rejections: a real TCP link
never loses them without breaking, so this is stricter than reality), and ``disconnect`` /
reconnect cut and restore whole links. Time only moves in ``run``/``advance``.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from typing import Any

from net.protocol import messages as ids
from net.transport.wire import FrameReader, WireError, encode

LOSSY = frozenset({ids.PROPOSE, ids.MOVE, ids.HASH, ids.BEAT, ids.GET, ids.REJECT,
                   ids.PROPOSE_C, ids.MOVE_C})
_EOF = object()


@dataclass
class Faults:
    latency: tuple[float, float] = (0.0005, 0.005)
    reorder: float = 0.0       # probability a lossy-kind message ignores FIFO order
    drop: float = 0.0          # probability a lossy-kind message is lost
    duplicate: float = 0.0     # probability a lossy-kind message arrives twice


@dataclass(eq=False)
class Link:
    ident: int
    client: Any
    host_done: bool = False    # the host closed it or saw it end: nothing more reaches it
    client_done: bool = False  # same for the client
    last_up: float = 0.0       # delivery time of the last FIFO message, client -> host
    last_down: float = 0.0     # host -> client
    barrier_up: float = 0.0    # delivery time of the last non-lossy message, client -> host
    barrier_down: float = 0.0  # (a reordered message never overtakes one of those)
    sent_bytes: int = 0
    frozen: bool = False       # the peer hangs: it neither ticks nor sends nor receives

    @property
    def open(self) -> bool:
        return not (self.host_done or self.client_done)

    def __repr__(self) -> str:
        return f"Link({self.ident})"


class _HostSide:
    def __init__(self, net: "MemNet") -> None:
        self.net = net

    def send(self, link: Link, message: dict) -> None:
        self.net._post(link, message, down=True)

    def send_many(self, links: list[Link], message: dict) -> None:
        for link in links:
            self.net._post(link, message, down=True)

    def close(self, link: Link) -> None:
        self.net._close(link, by_host=True)


class _ClientSide:
    def __init__(self, net: "MemNet", link: Link) -> None:
        self.net = net
        self.link = link

    def send(self, message: dict) -> None:
        self.net._post(self.link, message, down=False)

    def close(self) -> None:
        self.net._close(self.link, by_host=False)


class MemNet:
    def __init__(self, host, seed: int = 0, faults: Faults | None = None,
                 tick_every: float = 0.01) -> None:
        self.host = host
        self.rng = random.Random(seed)
        self.faults = faults or Faults()
        self.now = 0.0
        self.tick_every = tick_every
        self._queue: list = []
        self._counter = 0
        self._links: list[Link] = []
        host.transport = _HostSide(self)
        host.clock = self.clock
        self.delivered = 0

    def clock(self) -> float:
        return self.now

    # ------------------------------------------------------------------ links
    def connect(self, client) -> Link:
        link = Link(len(self._links), client)
        self._links.append(link)
        client.clock = self.clock
        client.transport = _ClientSide(self, link)
        self.host.on_connect(link)
        client.on_connect()
        return link

    def disconnect(self, link: Link) -> None:
        """Cut a link at once (both sides notice; nothing in flight arrives)."""
        host_knew, client_knew = link.host_done, link.client_done
        link.host_done = link.client_done = True
        if not host_knew:
            self.host.on_disconnect(link)
        if not client_knew:
            link.client.on_disconnect()

    # ------------------------------------------------------------------ delivery
    def _post(self, link: Link, message: Any, down: bool) -> None:
        if (link.host_done if down else link.client_done) or link.frozen:
            return
        frame = encode(message)
        link.sent_bytes += len(frame)
        kind = message.get("t") if isinstance(message, dict) else None
        faults = self.faults
        lossy = kind in LOSSY
        if lossy and faults.drop and self.rng.random() < faults.drop:
            return
        copies = 2 if lossy and faults.duplicate and self.rng.random() < faults.duplicate else 1
        for _ in range(copies):
            self._schedule(link, frame, down, lossy and faults.reorder
                           and self.rng.random() < faults.reorder, barrier=not lossy)

    def post_raw(self, link: Link, data: bytes) -> None:
        """Deliver arbitrary bytes to the host as if the client had sent them."""
        self._schedule(link, data, down=False, unordered=False)

    def _schedule(self, link: Link, payload, down: bool, unordered: bool,
                  barrier: bool = True) -> None:
        low, high = self.faults.latency
        at = self.now + self.rng.uniform(low, high)
        if unordered:
            at = max(at, link.barrier_down if down else link.barrier_up)
        else:
            at = max(at, link.last_down if down else link.last_up)
            if down:
                link.last_down = at
            else:
                link.last_up = at
            if barrier:
                if down:
                    link.barrier_down = at
                else:
                    link.barrier_up = at
        self._counter += 1
        heapq.heappush(self._queue, (at, self._counter, link, down, payload))

    def _close(self, link: Link, by_host: bool) -> None:
        """An orderly close: what was sent before still arrives, then the other side sees EOF."""
        if by_host and not link.host_done:
            link.host_done = True
            self._schedule(link, _EOF, down=True, unordered=False)
        elif not by_host and not link.client_done:
            link.client_done = True
            self._schedule(link, _EOF, down=False, unordered=False)

    def _deliver(self, link: Link, down: bool, payload) -> None:
        if (link.client_done if down else link.host_done) or (link.frozen and payload is not _EOF):
            return
        if payload is _EOF:
            if down:
                link.client_done = True
                link.client.on_disconnect()
            else:
                link.host_done = True
                self.host.on_disconnect(link)
            return
        try:
            messages = FrameReader().feed(bytes(payload))
        except WireError as exc:
            if down:
                link.client.on_wire_error(exc.code, exc.args_dict)
            else:
                self.host.on_wire_error(link, exc.code, exc.args_dict)
            return
        for message in messages:
            self.delivered += 1
            if down:
                link.client.on_frame(message)
            else:
                self.host.on_frame(link, message)
            if link.client_done if down else link.host_done:
                return

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass: deliver what is due and tick every endpoint."""
        end = self.now + seconds
        while True:
            next_tick = min(end, self.now + self.tick_every)
            while self._queue and self._queue[0][0] <= next_tick:
                at, _n, link, down, payload = heapq.heappop(self._queue)
                self.now = max(self.now, at)
                self._deliver(link, down, payload)
            self.now = next_tick
            if self.host.phase != "closed":
                self.host.tick()
                self.host.settle()
            for link in self._links:
                if not link.client_done and not link.frozen:
                    link.client.tick()
                    link.client.settle()
            if self.now >= end:
                return

    def run_until(self, condition, limit: float = 60.0) -> bool:
        """Advance until ``condition()`` holds (checked every tick); False at the time limit."""
        end = self.now + limit
        while self.now < end:
            if condition():
                return True
            self.advance(self.tick_every)
        return condition()

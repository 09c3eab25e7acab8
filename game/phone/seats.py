"""``PhoneSeats``: what the machine that serves phone seats uses (thread-safe, no pygame).

    phones = PhoneSeats(words)                  # the page's words in the table's language
    link = phones.add(seat, "Ann", colour)      # token, code, url, short_url once started
    phones.start()                              # listen (port shown on screen: phones.port)
    phones.introduce(seat, {...})               # the ``seat`` message (name, words, static)
    phones.publish(seat, {...}, context=view)   # the seat's ``view`` (context answers asks)
    phones.send(seat, {"type": "refused", ...}) # any other message
    for event in phones.events(): ...           # PhoneEvent(kind, seat, data): move, hint,
                                                # connected, disconnected
    phones.stop("The table closed")

The rules, legal moves, bots and coach stay with the caller, in Python on this machine: a phone
only ever gets its own seat's view and sends back moves in our notation. ``events()`` is a
thread-safe queue (the server's thread fills it, the caller's thread drains it); at most
``PhoneLimits.pending_moves`` moves of one seat wait in it (more are refused as busy).
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from game.phone import links
from game.phone import protocol as wire
from game.phone.book import SeatBook
from game.phone.server import PhoneServer

DEFAULT_PORT = 5057


@dataclass(frozen=True)
class PhoneEvent:
    kind: str          # move, hint, connected, disconnected
    seat: int
    data: dict


@dataclass(frozen=True)
class PhoneLink:
    seat: int
    name: str
    token: str
    code: str
    url: str
    short_url: str


class PhoneSeats:
    def __init__(self, reasons: dict | None = None, *, bind: str = "0.0.0.0",
                 port: int = DEFAULT_PORT, address: str | None = None,
                 limits: wire.PhoneLimits = wire.PhoneLimits(),
                 answer: Callable[[Any, int, dict], dict] | None = None,
                 greeting: dict | None = None) -> None:
        """``reasons``: error code -> the words a phone is refused with (the table's
        language); ``address``: the address phones dial (default: this machine's LAN
        address, or the bind address when it is a specific one); ``answer(context, seat,
        ask)``: the options a game's page asks for (run off the server's loop);
        ``greeting``: the words of a page that holds no seat yet (``Words.before_seat``)."""
        self.book = SeatBook()
        self.limits = limits
        self._lock = threading.Lock()
        self._events: deque[PhoneEvent] = deque()
        self._pending: dict[int, int] = {}
        self._connected: dict[int, bool] = {}
        self._joined: set[int] = set()
        self.server = PhoneServer(self.book, bind=bind, port=port, limits=limits,
                                  on_event=self._on_event, answer=answer, reasons=reasons,
                                  greeting=greeting)
        if address is None:
            address = bind if bind not in ("0.0.0.0", "::", "") else links.lan_address()
        self.address = address
        self.port = 0

    # ------------------------------------------------------------------ seats and links
    def add(self, seat: int, name: str, colour: int = -1, token: str = "",
            code: str = "") -> None:
        """Make ``seat`` a phone seat (before ``start``); ``token`` and ``code``: the link it
        had before (``SeatBook.add``)."""
        if self.port:
            raise RuntimeError("add phone seats before the server starts")
        self.book.add(seat, name, colour, token, code)
        self._connected[seat] = False

    @property
    def seat_numbers(self) -> list[int]:
        return sorted(self.book.seats)

    def link(self, seat: int) -> PhoneLink:
        record = self.book.seats[seat]
        return PhoneLink(seat, record.name, record.token, record.code,
                         links.seat_url(self.address, self.port, record.token),
                         links.short_url(self.address, self.port, record.code))

    def qr_png(self, seat: int, scale: int = 8, border: int = 3) -> bytes:
        """The seat's QR code as PNG bytes: ``scale`` pixels a module, ``border`` modules of
        quiet zone."""
        return links.qr_png(self.link(seat).url, scale=scale, border=border)

    def qr_matrix(self, seat: int) -> list[list[bool]]:
        return links.qr_matrix(self.link(seat).url)

    # ------------------------------------------------------------------ lifetime
    def start(self) -> int:
        """Listen; the port bound (OSError if the server cannot listen at all)."""
        self.port = self.server.start()
        return self.port

    def stop(self, farewell: str = "", wait: float = 3.0) -> None:
        """Say ``farewell`` to every phone and stop listening (``wait``: at most this long
        for the goodbyes to leave; 0 returns at once, the server's thread ends by itself)."""
        self.server.stop(farewell, timeout=wait)

    # ------------------------------------------------------------------ to the phones
    def introduce(self, seat: int, message: dict) -> None:
        self._deliver(seat, "seat", dict(message, type="seat"))

    def publish(self, seat: int, payload: dict, context: Any = None) -> None:
        """The seat's latest view (a phone that reads slowly skips older ones)."""
        self._deliver(seat, "view", dict(payload, type="view"), context)

    def send(self, seat: int, message: dict) -> None:
        """Any other message (``type`` set by the caller): refused, your_turn, hint,
        results, waiting..."""
        self._deliver(seat, message["type"], message)

    def _deliver(self, seat: int, kind: str, message: dict, context: Any = None) -> None:
        frame = wire.encode(message)          # encoded here, not on the server's loop
        self.server.call(self.server.deliver, seat, kind, frame, context)

    # ------------------------------------------------------------------ from the phones
    def _on_event(self, kind: str, seat: int, data: dict) -> bool:
        """(The server's thread.) False refuses a move: too many of the seat's wait."""
        with self._lock:
            if kind == "move":
                if self._pending.get(seat, 0) >= self.limits.pending_moves:
                    return False
                self._pending[seat] = self._pending.get(seat, 0) + 1
            elif kind == "connected":
                self._connected[seat] = True
                self._joined.add(seat)
            elif kind == "disconnected":
                self._connected[seat] = False
            self._events.append(PhoneEvent(kind, seat, data))
        return True

    def events(self) -> list[PhoneEvent]:
        with self._lock:
            out = list(self._events)
            self._events.clear()
            for event in out:
                if event.kind == "move":
                    self._pending[event.seat] -= 1
        return out

    def connected(self, seat: int) -> bool:
        with self._lock:
            return self._connected.get(seat, False)

    def joined(self, seat: int) -> bool:
        """A phone has held the seat at least once."""
        with self._lock:
            return seat in self._joined

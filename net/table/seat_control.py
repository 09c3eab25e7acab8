"""The host's seats during play, for the player who dropped out: how long each seat has been
waited on, a bounded wait (``wait_limit``: then a bot plays the seat until its player is back),
and the host's hand on a seat: free it, or give it to a connected spectator.

``SeatWaits`` is a part of ``net.table.host.HostEndpoint`` (``seat_waits``) with its own state:
since when each seat's player is gone (``dropped_at``), the limit and the bot that then plays
(``wait_limit``, ``wait_bot``). It reads the table it serves (``phase``, ``slots``, ``peers``,
``clock()``, ``seat_holder(seat)``) and acts on it only through the callbacks it is handed:
a bot takes a seat, a seat's player takes it back, a fair table hands a seat's key over, a
peer is welcomed again, an event is emitted, the seats' statuses changed. A seat's player
rejoining with its seat token (kept in its own save) takes it back through the usual hello.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from net.protocol import messages as ids


class SeatTable(Protocol):
    """What ``SeatWaits`` reads of the table it serves (``HostEndpoint`` is one)."""

    phase: str          # lobby, dealing, playing, over, closed
    slots: list         # net.protocol.lobby.Slot per seat, changed in place
    peers: dict         # peer id -> net.session.handshake.PeerRec

    def clock(self) -> float: ...

    def seat_holder(self, seat: int) -> Any: ...


class SeatWaits:
    def __init__(self, table: SeatTable, *, to_bot: Callable[[int, str], None],
                 take_back: Callable[[int], None], hand_over: Callable[[int, int], None],
                 welcome: Callable[[Any], None], emit: Callable[..., None],
                 status_changed: Callable[[], None]) -> None:
        """``to_bot(seat, level)``: a bot plays the seat; ``take_back(seat)``: its bot stops;
        ``hand_over(seat, pid)``: a fair table's seat key goes to that peer's machine first;
        ``welcome(peer)``: the peer hears its seats again; ``emit(event, **fields)``."""
        self.table = table
        self.to_bot = to_bot
        self.take_back = take_back
        self.hand_over = hand_over
        self.welcome = welcome
        self.emit = emit
        self.status_changed = status_changed
        self.dropped_at: dict[int, float] = {}  # seat -> since when its player's link is gone
        self.wait_limit: float | None = None    # then a bot plays a waited-on seat (None: never)
        self.wait_bot = "random"                # the level of that bot

    # ------------------------------------------------------------ what the table tells it
    def dropped(self, seats: list[int]) -> None:
        """The connection holding ``seats`` is gone: they are waited on from now."""
        now = self.table.clock()
        for seat in seats:
            self.dropped_at[seat] = now

    def back(self, seats: list[int]) -> None:
        """A connection holds ``seats`` again: nobody waits on them."""
        for seat in seats:
            self.dropped_at.pop(seat, None)

    # ------------------------------------------------------------ queries
    def waiting_on(self) -> dict[int, float]:
        """Seats the game waits for a dropped player on (no bot plays them): seconds since
        the drop. Only during play."""
        table = self.table
        if table.phase != "playing":
            return {}
        now = table.clock()
        out = {}
        for seat, slot in enumerate(table.slots):
            if slot.kind != ids.KIND_REMOTE or slot.bot_level:
                continue
            holder = table.seat_holder(seat)
            if holder is None or holder.conn is None:
                out[seat] = now - self.dropped_at.setdefault(seat, now)
        return out

    def due(self) -> float | None:
        """When the next waited-on seat reaches the limit (the clock's time), None if never."""
        if self.wait_limit is None:
            return None
        waits = self.waiting_on().values()
        if not waits:
            return None
        return self.table.clock() - max(waits) + self.wait_limit

    # ------------------------------------------------------------ the host's hand
    def free_seat(self, seat: int, level: str = "") -> None:
        """During play: the seat no longer belongs to its (dropped) player, whose token stops
        giving it back; a bot (``level``, else ``wait_bot``) plays it until the host gives it
        to someone (``give_seat``)."""
        table = self.table
        if table.phase not in ("playing", "over"):
            raise RuntimeError("only during a game")
        slot = table.slots[seat]
        if slot.kind != ids.KIND_REMOTE:
            raise ValueError("only a remote player's seat can be freed")
        self._take_from_holder(seat)       # it watches from now on
        slot.kind, slot.peer = ids.KIND_OPEN, -1
        self.dropped_at.pop(seat, None)
        if not slot.bot_level:
            self.to_bot(seat, level or self.wait_bot)
        else:
            self.status_changed()
        self.emit("seat_freed", seat=seat)

    def give_seat(self, seat: int, pid: int) -> None:
        """During play: connected peer ``pid`` (a spectator, e.g. the seat's player back on
        a new connection without its token) plays ``seat`` from now on; a bot playing it
        stops. The peer is welcomed again with its new seats and catches up."""
        table = self.table
        if table.phase not in ("playing", "over"):
            raise RuntimeError("only during a game")
        peer = table.peers.get(pid)
        slot = table.slots[seat]
        if peer is None or peer.conn is None:
            raise ValueError("that player is not connected")
        if slot.kind not in (ids.KIND_REMOTE, ids.KIND_OPEN) or (
                slot.kind == ids.KIND_REMOTE and slot.peer == pid):
            raise ValueError("that seat cannot be given")
        self.hand_over(seat, pid)          # a fair table: the seat's old machine's key first
        self._take_from_holder(seat)
        slot.kind, slot.peer = ids.KIND_REMOTE, pid
        peer.seats = sorted(peer.seats + [seat])
        self.dropped_at.pop(seat, None)
        self.emit("seat_given", seat=seat, peer=pid, name=peer.name)
        self.welcome(peer)
        if slot.bot_level:
            self.take_back(seat)
        self.status_changed()

    def enforce(self) -> None:
        """Nobody waits for good: a seat waited on ``wait_limit`` seconds goes to a bot."""
        if self.wait_limit is None:
            return
        for seat, waited in sorted(self.waiting_on().items()):
            if waited >= self.wait_limit:
                self.to_bot(seat, self.wait_bot)
                self.emit("waited_out", seat=seat, seconds=round(waited, 1))

    def _take_from_holder(self, seat: int) -> None:
        """The seat's present holder loses it; still connected, it is told its seats again."""
        holder = self.table.seat_holder(seat)
        if holder is not None and seat in holder.seats:
            holder.seats.remove(seat)
            if holder.conn is not None:
                self.welcome(holder)

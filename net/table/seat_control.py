"""The host's seats during play, for the player who dropped out: how long each seat has been
waited on, a bounded wait (``wait_limit``: then a bot plays the seat until its player is back),
and the host's hand on a seat: free it, or give it to a connected spectator.

``SeatControl`` is a part of ``net.table.host.HostEndpoint`` (its base class), kept in its own
module; it uses the endpoint's slots, peers, clock and messaging. A seat's player rejoining
with its seat token (kept in its own save) takes it back through the usual hello.
"""

from __future__ import annotations

from typing import Any

from net.protocol import messages as ids


class SeatControl:
    """Seat controls of the host endpoint (which sets ``dropped_at``: seat -> since when its
    player is gone, ``wait_limit``: seconds or None, ``wait_bot``: the level of that bot)."""

    def waiting_on(self) -> dict[int, float]:
        """Seats the game waits for a dropped player on (no bot plays them): seconds since
        the drop. Only during play."""
        if self.phase != "playing":
            return {}
        now = self.clock()
        out = {}
        for seat, slot in enumerate(self.slots):
            peer = self.peers.get(slot.peer) if slot.kind == ids.KIND_REMOTE else None
            if slot.kind == ids.KIND_REMOTE and not slot.bot_level and (
                    peer is None or peer.conn is None):
                out[seat] = now - self.dropped_at.setdefault(seat, now)
        return out

    def spectators(self) -> list[tuple[int, str]]:
        """Connected peers holding no seat (peer id, name): the host may seat one of them."""
        return [(p.pid, p.name) for p in self._live_peers() if p.spectator]

    def seat_holder(self, seat: int) -> Any:
        slot = self.slots[seat]
        return self.peers.get(slot.peer) if slot.kind == ids.KIND_REMOTE else None

    def free_seat(self, seat: int, level: str = "") -> None:
        """During play: the seat no longer belongs to its (dropped) player, whose token stops
        giving it back; a bot (``level``, else ``wait_bot``) plays it until the host gives it
        to someone (``give_seat``)."""
        if self.phase not in ("playing", "over"):
            raise RuntimeError("only during a game")
        slot = self.slots[seat]
        if slot.kind != ids.KIND_REMOTE:
            raise ValueError("only a remote player's seat can be freed")
        holder = self.seat_holder(seat)
        if holder is not None and seat in holder.seats:
            holder.seats.remove(seat)
            if holder.conn is not None:
                self._welcome(holder)      # it watches from now on
        slot.kind, slot.peer = ids.KIND_OPEN, -1
        self.dropped_at.pop(seat, None)
        if not slot.bot_level:
            self.hand_to_bot(seat, level or self.wait_bot)
        else:
            self._status_changed()
        self._emit("seat_freed", seat=seat)

    def give_seat(self, seat: int, pid: int) -> None:
        """During play: connected peer ``pid`` (a spectator, e.g. the seat's player back on
        a new connection without its token) plays ``seat`` from now on; a bot playing it
        stops. The peer is welcomed again with its new seats and catches up."""
        if self.phase not in ("playing", "over"):
            raise RuntimeError("only during a game")
        peer = self.peers.get(pid)
        slot = self.slots[seat]
        if peer is None or peer.conn is None:
            raise ValueError("that player is not connected")
        if slot.kind not in (ids.KIND_REMOTE, ids.KIND_OPEN) or (
                slot.kind == ids.KIND_REMOTE and slot.peer == pid):
            raise ValueError("that seat cannot be given")
        self.fair_hand_over(seat, pid)     # a fair table: the seat's old machine's key first
        holder = self.seat_holder(seat)
        if holder is not None and seat in holder.seats:
            holder.seats.remove(seat)
            if holder.conn is not None:
                self._welcome(holder)
        slot.kind, slot.peer = ids.KIND_REMOTE, pid
        peer.seats = sorted(peer.seats + [seat])
        self.dropped_at.pop(seat, None)
        self._emit("seat_given", seat=seat, peer=pid, name=peer.name)
        self._welcome(peer)
        if slot.bot_level:
            self.take_back(seat)
        self._status_changed()

    def enforce_wait_limit(self) -> None:
        """Nobody waits for good: a seat waited on ``wait_limit`` seconds goes to a bot."""
        if self.wait_limit is None:
            return
        for seat, waited in sorted(self.waiting_on().items()):
            if waited >= self.wait_limit:
                self.hand_to_bot(seat, self.wait_bot)
                self._emit("waited_out", seat=seat, seconds=round(waited, 1))

"""The end of a game reaches every seated player, even one whose link broke at the last move;
and the host writes the end down (netlog, audit) once the table has confirmed it.

A mixin of ``net.table.host.HostEndpoint``. ``finish_table(grace, q=..., h=...)`` ends a finished
game: every connected peer gets the goodbye ``BYE game_over`` (with the final seq and hash),
but its connection stays open until *it* hangs up: a polite hang-up (FIN) after the goodbye
means it arrived; a reset means it may not have. For ``grace`` seconds the closed table still
welcomes a seated player who comes back with its seat token: it gets the start, the whole
log (so it holds the final state and scores) and the goodbye. ``everyone_told()`` is true
once every seated player has hung up politely after the goodbye, or the grace is over; the
headless host exits then (the client's host keeps its table open until the host leaves).
"""

from __future__ import annotations

from typing import Any

from net.protocol import messages as ids


class EndGrace:
    """Mixin: the host's end-of-game grace (see the module docstring)."""

    def paperwork_ready(self) -> bool:
        """May the end's netlog and audit be written now? Not while the peers are still
        confirming the last move (``Timings.end_paperwork``): at a big table the host's CPU
        goes to reading their confirmations first. The save's flush never waits."""
        if self.phase != "over" or self.over_at is None:
            return True
        return self.all_confirmed() or \
            self.clock() >= self.over_at + self.timings.end_paperwork

    def paperwork_due_at(self, waiting: bool) -> float | None:
        """When the end's paperwork is due, if some ``waiting`` (None: nothing to wake for)."""
        if not waiting or self.phase != "over" or self.over_at is None:
            return None
        return self.over_at + self.timings.end_paperwork

    def init_end_grace(self) -> None:
        self.over_at: float | None = None        # when the last move was applied here
        self.end_message: dict | None = None     # the goodbye that announced the end
        self.grace_until = 0.0
        self.untold: set[int] = set()            # seated peers not known to have heard it

    def finish_table(self, grace: float, **args: Any) -> None:
        """Close a finished table for everyone with ``BYE game_over`` (``args``: q, the
        final seq, and h, its hash: scalars as the wire wants them)."""
        if self.phase == "closed":
            return
        message = {"t": ids.BYE, "c": ids.R_GAME_OVER, "a": dict(args)}
        self.end_message = message
        self.grace_until = self.clock() + grace
        self.untold = {peer.pid for peer in self.peers.values() if peer.seats}
        for peer in self._live_peers():
            self._send(peer, message)       # their connection stays open: see end_heard
        for conn in list(self.pending_conns):
            self.transport.close(conn)
        self.pending_conns.clear()
        self.phase = "closed"
        self._save_log()
        self._emit("ended", code=ids.R_GAME_OVER, args=dict(args))

    def end_heard(self, peer: Any, reset: bool) -> None:
        """A peer's connection closed after the goodbye: a polite hang-up means it heard."""
        if self.end_message is not None and not reset:
            self.untold.discard(peer.pid)

    def everyone_told(self) -> bool:
        return not self.untold or self.clock() >= self.grace_until

    def grace_hello(self, conn: Any, msg: dict) -> bool:
        """A hello at a closed table: a seated player back within the grace learns the end
        (True); anything else is for the caller to refuse (False)."""
        token = msg["tok"]
        peer = next((p for p in self.peers.values() if p.token == token and p.seats), None) \
            if token and self.end_message is not None else None
        if peer is None or self.clock() >= self.grace_until:
            return False
        if peer.conn is not None:           # its old connection, not closed yet
            old = peer.conn
            self.by_conn.pop(old, None)
            self.transport.close(old)
        self._attach(peer, conn)
        self._emit("peer_back", peer=peer.pid, name=peer.name, seats=list(peer.seats))
        self._welcome(peer)
        self._send(peer, self._start_message())
        self._send_sync(peer, ids.R_CATCH_UP)
        self._send(peer, self.end_message)
        return True

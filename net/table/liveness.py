"""The host's watch over its peers' liveness: a connection that never says hello, a peer that
falls silent (``peer_interrupted``), then drops (``BYE timeout``), and the heartbeat it is owed.

``PeerLiveness`` is a part of ``net.table.host.HostEndpoint`` (``liveness``). It keeps no
clock of its own: when a peer was last heard and last written to live on its ``PeerRec``
(``last_heard``, ``last_sent``, ``interrupted``), a connection's wait for its hello in the
table's ``pending_conns``; the part reads them through ``LivenessTable`` and acts through the
callbacks: send to a peer, refuse a connection, close one and forget it, emit an event, the
seats' statuses changed. ``check(now)`` runs in the host's ``tick``, ``due()`` is its share of
``wake_in``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from net.protocol import messages as ids


class LivenessTable(Protocol):
    """What ``PeerLiveness`` reads of the table it watches (``HostEndpoint`` is one)."""

    timings: Any        # net.transport.timing.Timings (heartbeat, interrupted, dropped)
    limits: Any         # net.transport.limits.HostLimits (hello_seconds)
    pending_conns: dict  # connection -> since when it waits for its hello

    @property
    def seq(self) -> int: ...


class PeerLiveness:
    def __init__(self, table: LivenessTable, *, live_peers: Callable[[], list],
                 send: Callable[[Any, dict], None],
                 refuse: Callable[[Any, str, dict], None],
                 close: Callable[[Any], None], gone: Callable[[Any], None],
                 emit: Callable[..., None],
                 status_changed: Callable[[], None]) -> None:
        """``live_peers()``: the connected peers; ``send(peer, message)``;
        ``refuse(conn, code, args)``: tell the connection why and close it;
        ``close(conn)``: close a connection; ``gone(conn)``: a closed connection is forgotten
        as the transport's disconnect would;
        ``emit(event, **fields)``; ``status_changed()``: the seats' states may have changed."""
        self.table = table
        self.live_peers = live_peers
        self.send = send
        self.refuse = refuse
        self.close = close
        self.gone = gone
        self.emit = emit
        self.status_changed = status_changed

    def hello_deadline(self) -> float:
        """Seconds a connection may stay without a hello (``net.transport.limits``), then it is
        closed: an idle connection holds no spectator's slot, and not for long a connection."""
        return min(self.table.timings.dropped, self.table.limits.hello_seconds)

    def heard(self, peer: Any, now: float) -> None:
        """A frame came from ``peer``: its silence counts from ``now``; if it was told
        interrupted, it is back (the seats' statuses say so)."""
        peer.last_heard = now
        if peer.interrupted:
            peer.interrupted = False
            self.status_changed()

    def close_pending(self) -> None:
        """The table ends: every connection still waiting for its hello is closed."""
        for conn in list(self.table.pending_conns):
            self.close(conn)
        self.table.pending_conns.clear()

    def check(self, now: float) -> None:
        """Close the connections past their hello deadline; drop a peer silent past
        ``dropped`` (told why first), tell once of one silent past ``interrupted``, and beat
        to a peer nothing was sent to for ``heartbeat``."""
        timings = self.table.timings
        for conn, since in list(self.table.pending_conns.items()):
            if now - since > self.hello_deadline():
                self.refuse(conn, ids.R_TIMEOUT, {})
        for peer in self.live_peers():
            silent = now - peer.last_heard
            if silent > timings.dropped:
                self.send(peer, {"t": ids.BYE, "c": ids.R_TIMEOUT, "a": {}})
                conn = peer.conn
                self.close(conn)
                self.gone(conn)
                continue
            if silent > timings.interrupted and not peer.interrupted:
                peer.interrupted = True
                self.emit("peer_interrupted", peer=peer.pid, seats=list(peer.seats))
                self.status_changed()
            if now - peer.last_sent >= timings.heartbeat:
                self.send(peer, {"t": ids.BEAT, "q": self.table.seq})

    def due(self) -> list[float]:
        """When ``check`` next has something to do: each hello deadline, each peer's drop,
        heartbeat and (not told yet) interruption."""
        timings = self.table.timings
        deadline = self.hello_deadline()
        due = [since + deadline for since in self.table.pending_conns.values()]
        for peer in self.live_peers():
            due += [peer.last_heard + timings.dropped, peer.last_sent + timings.heartbeat]
            if not peer.interrupted:
                due.append(peer.last_heard + timings.interrupted)
        return due

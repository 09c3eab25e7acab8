"""Whether a joiner's host still speaks: when we last heard it and last wrote to it.

``HostWatch`` is a part of ``net.table.joiner.ClientEndpoint`` (``watch``) with its own state:
when a frame last came from the host (``heard_at``) and when we last sent one (``sent_at``),
and whether the UI was told that the host fell silent (``interrupted``: then ``host_back``
follows its next frame). It reads the time through ``clock`` and tells the UI through
``emit``; dropping a silent host (``Timings.dropped``) and the heartbeat itself stay with the
endpoint, which asks ``silent_for`` and ``beat_due``.
"""

from __future__ import annotations

from typing import Any, Callable

from net.transport.timing import Timings


class HostWatch:
    def __init__(self, clock: Callable[[], float], emit: Callable[..., Any]) -> None:
        self.clock = clock
        self.emit = emit
        self.heard_at = 0.0
        self.sent_at = 0.0
        self.interrupted = False        # the UI was told "host_interrupted"

    def link_up(self) -> None:
        """A connection is up: the silence counts from now."""
        self.heard_at = self.clock()

    def frame_came(self) -> None:
        """A frame came from the host: if it had fallen silent, it is back."""
        self.heard_at = self.clock()
        if self.interrupted:
            self.interrupted = False
            self.emit("host_back")

    def sent(self) -> None:
        self.sent_at = self.clock()

    def silent_for(self, now: float) -> float:
        return now - self.heard_at

    def beat_due(self, now: float, silent: float, timings: Timings) -> bool:
        """Tell the UI once when the host is ``silent`` past ``timings.interrupted``; is our
        heartbeat due (nothing sent for ``timings.heartbeat``)?"""
        if silent > timings.interrupted and not self.interrupted:
            self.interrupted = True
            self.emit("host_interrupted")
        return now - self.sent_at >= timings.heartbeat

    def wake_times(self, timings: Timings) -> list[float]:
        """When ``beat_due`` or the endpoint's drop of a silent host next has something to do."""
        due = [self.heard_at + timings.dropped, self.sent_at + timings.heartbeat]
        if not self.interrupted:
            due.append(self.heard_at + timings.interrupted)
        return due

"""Timings of the protocol (seconds), injectable so tests can run on a fake clock."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Timings:
    heartbeat: float = 1.0     # send a beat when we have sent nothing for this long
    interrupted: float = 3.0   # a silent peer is shown as interrupted
    handshake: float = 10.0    # a joiner waits this long for the WELCOME (a slow Wi-Fi), then
                               # reports it truthfully and tries again (net.session.redialing)
    dropped: float = 10.0      # ... and dropped (its seat waits for it)
    retry: float = 1.0         # resend an unanswered proposal / ask again for missing moves
    seeding: float = 10.0      # a commit-reveal round that takes longer is aborted
    hash_delay: float = 0.002  # hash a move's state this long after applying it (0: at once),
                               # so every peer applies a move before anyone spends CPU hashing
    end_paperwork: float = 0.3  # the end's paperwork (netlog, audit and its record in the
                               # save) waits this long after the last move (a host: or until
                               # every peer confirmed it), so the table agrees on the end
                               # before any machine spends CPU on writing it down

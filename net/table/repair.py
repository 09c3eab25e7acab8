"""A joiner whose state hash differs from the host's: what the host does about it.

The host answers a wrong hash by sending that joiner the whole stream again (SYNC ``desync``)
and waits for a matching hash at or after the move it sent it at. A wrong hash that was sent
before the stream could have arrived is not a new desync; after ``REPAIR_ATTEMPTS`` repairs
that did not take, the joiner is refused. The bookkeeping lives on each peer's record
(``repair_from``, ``repair_sent``, ``repairs``); this module only decides.
"""

from __future__ import annotations

from typing import Any

REPAIR_ATTEMPTS = 3

REPAIRED = "repaired"       # the first matching hash since a repair: it took
WAIT = "wait"               # nothing to do (matching, or the repair is still on its way)
RESYNC = "resync"           # send the whole stream again
GIVE_UP = "give_up"         # refuse the joiner: repairs do not take


def on_verdict(peer: Any, seq: int, matches: bool, now: float, retry: float,
               host_seq: int) -> str:
    """What to do about ``peer``'s hash of move ``seq`` (``matches``: it is the host's),
    updating the peer's repair bookkeeping accordingly."""
    if matches:
        peer.acked = max(peer.acked, seq)
        if peer.repair_from >= 0 and seq >= peer.repair_from:
            peer.repair_from, peer.repairs = -1, 0
            return REPAIRED
        return WAIT
    if peer.repair_from >= 0 and (seq < peer.repair_from or now - peer.repair_sent < 3 * retry):
        return WAIT         # sent before our log reached it, or the log is still on its way
    peer.repairs += 1
    if peer.repairs > REPAIR_ATTEMPTS:
        return GIVE_UP
    peer.repair_from, peer.repair_sent = host_seq, now
    return RESYNC

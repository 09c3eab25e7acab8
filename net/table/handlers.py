"""Which handler takes which message kind, per endpoint: explicit tables, not name lookups.

``HOST_HANDLERS`` (messages a peer sends the host) and ``JOIN_HANDLERS`` (messages the host
sends a joiner) map each kind to the endpoint method that handles it. A kind missing from
the table is refused with ``R_UNKNOWN`` and a reason, never looked up by name (so a crafted
type can never reach a method that was not meant to be a handler). The schema checks
(``net.protocol.schema``) run first, so a handler only ever sees a message of its own shape.
"""

from __future__ import annotations

from net.protocol import messages as ids

# peer -> host (HELLO and PROOF come before a peer exists: ``HostEndpoint.on_frame``)
HOST_HANDLERS: dict[str, str] = {
    ids.SEAT_SET: "_on_seat",
    ids.READY: "_on_ready",
    ids.BYE: "_on_bye",
    ids.REFUSE: "_on_refuse",
    ids.BEAT: "_on_B",
    ids.PROPOSE: "_on_P",
    ids.HASH: "_on_H",
    ids.GET: "_on_G",
    ids.FAIR: "_on_F",
}

# host -> joiner
JOIN_HANDLERS: dict[str, str] = {
    ids.WELCOME: "_on_welcome",
    ids.REFUSE: "_on_refuse",
    ids.BYE: "_on_bye",
    ids.LOBBY: "_on_lobby",
    ids.ABORT: "_on_ab",
    ids.START: "_on_go",
    ids.MOVE: "_on_M",
    ids.REJECT: "_on_X",
    ids.SYNC: "_on_Y",
    ids.COMMAND: "_on_C",
    ids.STATUS: "_on_S",
    ids.BEAT: "_on_B",
    ids.FAIR: "_on_F",
    ids.CHALLENGE: "_on_ch",
}

# what a joiner may receive before it is welcomed
BEFORE_WELCOME = frozenset({ids.WELCOME, ids.REFUSE, ids.BYE, ids.CHALLENGE})


def handler(endpoint: object, table: dict[str, str], kind: str):
    """The bound handler of ``kind`` in ``table``, or None when the endpoint has none."""
    name = table.get(kind)
    return getattr(endpoint, name, None) if name else None

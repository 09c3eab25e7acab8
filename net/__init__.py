"""LAN play by deterministic lockstep over a fair table. No pygame.

The layers, bottom up (a package imports only those below it; see docs/protocol.md):

* ``protocol``   the vocabulary: message kinds and reason codes, their schemas, compact move
                 frames, table ids and seat-token digests (pure)
* ``transport``  bytes between machines: length-prefixed msgpack frames, TCP connections,
                 every bound a peer meets and the door that turns abusers away, retry pacing,
                 an in-memory network with faults, LAN discovery
* ``session``    who is on a connection: hello / proof / welcome, resume claims, redialing
* ``fair``       the fair-deal protocol: ``fair.deal.FairTable``, a state machine of phases
                 (``fair.phases``) every machine runs over the host's record stream
* ``table``      the table drivers, free of sockets: ``table.host.HostEndpoint`` (lobby,
                 seating, sequencing, bots, end grace) and ``table.joiner.ClientEndpoint``
* ``host`` / ``client``   the whole stack over TCP (``HostServer`` / ``ClientConnection``)

Every peer runs the complete rules state (that is what lockstep means), but on a fair table a
machine can open only its own seats' hands; clients only ever show ``view(state, seat)``.
"""

"""LAN play by deterministic lockstep: wire format, host sequencer, peer, discovery. No pygame.

Layers, each in its own module:

* ``wire``       4-byte length + msgpack frames, size cap before allocation, strict decoding
* ``schema``     every message validated against its schema before use (``messages``: ids,
                 reason codes; messages carry ids + args, never user-facing text)
* ``seed``       commit–reveal: the game seed comes from every participant's secret
* ``sequencer``  host side: check a proposal without changing state, stamp the next seq
* ``peer``       peer side: apply strictly in seq order, hash, repair from the host's log
* ``hosting`` / ``joining``  the protocol as socket-free state machines (host / peer)
* ``host`` / ``client``      the same over TCP (``HostServer`` / ``ClientConnection``)
* ``discovery``  UDP "find" queries and answers (targets injectable)
* ``memnet``     an in-memory network with latency, reordering, duplication, drops, cuts
* ``netlog``     the net log lines and desync dumps every peer keeps for diagnosis
* ``services``   what the caller passes in: bots (``make_bot``) and the table's persistence
                 (autosave, netlog, claim secrets: ``game.saves.lan`` on the game side, which
                 also resumes a table from any peer's saved log); net imports neither
* ``tables``     the table id, seat-token digests and resume claims (pure)
* ``claims``     resume claims proved by each machine's own key (Schnorr, fresh host nonce)
* ``reasons``    refusal / goodbye arguments as wire scalars
* ``limits``     every bound a peer meets (frame bytes, send buffers, connections per
                 address, spectators, requests per kind) and the reason it is dropped with
* ``door``       addresses turned away for a while after a connection without a seat
                 abused the table (a frame too large, a flood, seat-token guesses)
* ``handlers``   the explicit table of handlers per endpoint (an unknown kind is refused)

Every peer runs the complete rules state (that is what lockstep means), so a peer process
technically holds hidden information such as the stack order; clients only ever show
``view(state, seat)``.
"""

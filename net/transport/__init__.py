"""Bytes between machines: length-prefixed msgpack frames (``wire``), non-blocking TCP
connections (``sockets``, ``dialer``), every bound a peer meets (``limits``, ``ratelimit``,
``door``), retry pacing (``backoff``, ``timing``), an in-memory network with faults for tests
and benches (``memnet``) and the LAN's UDP "find" queries (``discovery``). Knows no game."""

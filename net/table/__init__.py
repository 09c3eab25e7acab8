"""The table drivers, free of sockets: the host's endpoint (``host.HostEndpoint``: lobby,
seating, sequencing, bots, the end grace) and the joiner's (``joiner.ClientEndpoint``), and
the host's move order (``sequencer``)."""

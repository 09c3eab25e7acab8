"""The fair-deal protocol: chance dealt jointly by the seated machines, the host only
sequences. ``deal.FairTable`` is the state machine every machine runs over the same record
stream; its parts: the records each dealer owes (``dues``), escrowed key shares (``escrow``),
rolls rebuilt from the escrow (``rescue``), departures (``leave``), chance kinds and the
audit (``kinds``), the moves' cards (``moves``, ``positions``); the host's and the joiner's
side of it (``host``, ``join``, ``guard``, ``wait``) and a joiner's replica (``peer``)."""

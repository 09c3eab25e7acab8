"""Who is on a connection: the host's hello / proof / welcome handshake (``handshake``),
resume claims proved by each machine's own key (``claims``) and a joiner's redial after a
dropped connection (``redialing``)."""

"""Seat tokens and table ids: random names a machine shows to take its seats back.

(The single-seed commit–reveal of protocol version 1 is gone: every LAN table is a fair table,
issue 13, whose chance the seated machines deal jointly: ``net.fair.deal``.)
"""

from __future__ import annotations

import secrets


def new_token() -> str:
    """A seat token: what a returning player shows to take its seats back."""
    return secrets.token_hex(12)

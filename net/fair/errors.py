"""The error of the fair table's driver: a refused record or move, or a cheat seen at once."""

from __future__ import annotations

from typing import Any


class FairError(Exception):
    """A record or move the fair table refuses, or a cheat seen at once: ``code`` (a net
    reason code), ``args`` (scalars), ``dealer`` (the machine named, -1 if none)."""

    def __init__(self, code: str, dealer: int = -1, **args: Any) -> None:
        super().__init__(f"{code} (dealer {dealer}): {args}")
        self.code = code
        self.dealer = dealer
        self.details = dict(args, peer=dealer)

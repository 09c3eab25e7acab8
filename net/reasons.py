"""The arguments of a refusal, goodbye or abort as the wire carries them."""

from __future__ import annotations


def scalar_args(args: dict) -> dict:
    """Reason arguments as wire-safe scalars (the schema refuses anything else)."""
    out = {}
    for key, value in list(args.items())[:8]:
        if value is None or type(value) in (bool, int):
            out[str(key)[:24]] = value
        else:
            out[str(key)[:24]] = str(value)[:200]
    return out

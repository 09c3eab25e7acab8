"""The arguments of a refusal, goodbye or abort as the wire carries them, and the refusal
for an error a peer's message raised in an endpoint."""

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


def error_reason(exc: Exception, default: str, **extra) -> tuple[str, dict]:
    """(code, args) of the refusal for an error a peer's message raised: the error's own
    code and arguments when it has them (a fair-table or rules error), else ``default``;
    ``extra`` is added to the arguments."""
    code = getattr(exc, "code", None)
    args = getattr(exc, "details", None) or getattr(exc, "args_dict", None) or {}
    if not isinstance(code, str) or not code or not isinstance(args, dict):
        code, args = default, {}
    return code, {k: v for k, v in dict(args, **extra).items() if k != "message"}

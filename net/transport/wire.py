"""Frames on the wire: a 4-byte big-endian length, then one msgpack map, decoded strictly.

The length is checked against ``MAX_FRAME`` before any buffer for the body is kept, and the
body is decoded with limits on every length, no extension types (so no timestamps), string
map keys only and a bounded nesting depth. Anything else raises ``WireError`` with a reason
code; the caller drops the peer that sent it.
"""

from __future__ import annotations

import struct
from typing import Any

import msgpack

from net.protocol import messages as ids

MAX_FRAME = 1 << 20          # 1 MiB: a whole game log fits many times over
MAX_STR = 8192
MAX_BIN = 256              # a fair table's group element (2048 bits)
MAX_ARRAY = 20000
MAX_MAP = 64
MAX_DEPTH = 12
_HEADER = struct.Struct(">I")


class WireError(Exception):
    """Bytes that are not a valid frame. ``code``/``args`` say why (for the refusal)."""

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code)
        self.code = code
        self.args_dict = args


def _refuse_ext(code: int, data: bytes) -> Any:
    raise WireError(ids.R_MALFORMED, detail="ext_type")


def encode(message: dict) -> bytes:
    """One frame holding ``message``."""
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_FRAME:
        raise WireError(ids.R_TOO_LARGE, size=len(body), limit=MAX_FRAME)
    return _HEADER.pack(len(body)) + body


def decode_body(body: bytes) -> dict:
    """The message in one frame body, strictly decoded (not yet schema-checked)."""
    try:
        value = msgpack.unpackb(
            body, raw=False, strict_map_key=True, use_list=True, timestamp=0,
            ext_hook=_refuse_ext, max_str_len=MAX_STR, max_bin_len=MAX_BIN,
            max_array_len=MAX_ARRAY, max_map_len=MAX_MAP, max_ext_len=0)
    except WireError:
        raise
    except RecursionError:
        raise WireError(ids.R_MALFORMED, detail="depth") from None
    except Exception as exc:  # noqa: BLE001 - msgpack raises many types for bad bytes
        text = str(exc) if isinstance(exc, ValueError) else ""
        detail = ("ext_type" if "max_ext_len" in text
                  else "too_long" if "exceeds" in text else "msgpack")
        raise WireError(ids.R_MALFORMED, detail=detail) from None
    if not isinstance(value, dict):
        raise WireError(ids.R_MALFORMED, detail="not_a_map")
    _check_plain(value)
    return value


def _check_plain(value: Any) -> None:
    """Bounded depth, str keys only, no floats (iterative: hostile input cannot recurse us)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise WireError(ids.R_MALFORMED, detail="depth")
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise WireError(ids.R_MALFORMED, detail="map_key")
                stack.append((sub, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, float):
            raise WireError(ids.R_MALFORMED, detail="float")


class FrameReader:
    """Incremental decoder: ``feed(bytes)`` returns the complete messages received so far.

    A length above the cap raises at once, before the body arrives or is stored.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()
        self._need: int | None = None
        self.received_bytes = 0
        self.largest = 0              # the largest frame accepted (length prefix included)

    def feed(self, data: bytes) -> list[dict]:
        self.received_bytes += len(data)
        self._buffer += data
        out = []
        while True:
            if self._need is None:
                if len(self._buffer) < 4:
                    break
                (size,) = _HEADER.unpack_from(self._buffer, 0)
                if size > self.max_frame:
                    self._buffer.clear()
                    raise WireError(ids.R_TOO_LARGE, size=size, limit=self.max_frame)
                if size == 0:
                    raise WireError(ids.R_MALFORMED, detail="empty")
                del self._buffer[:4]
                self._need = size
                self.largest = max(self.largest, size + 4)
            if len(self._buffer) < self._need:
                break
            body = bytes(self._buffer[:self._need])
            del self._buffer[:self._need]
            self._need = None
            out.append(decode_body(body))
        return out

    @property
    def pending(self) -> int:
        """Bytes of an unfinished frame (a truncated frame leaves them here)."""
        return len(self._buffer) + (4 if self._need is not None else 0)

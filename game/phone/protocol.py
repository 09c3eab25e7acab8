"""The phone seat's wire: JSON text frames over one WebSocket per phone, and their bounds.

Every frame is one JSON object with a ``type``. A phone opens ``/ws`` and must say ``hello``
first (within ``PhoneLimits.hello_seconds``); everything else it sends before it holds a seat is refused.

Phone -> server
  ``hello``     ``{"token": T, "device": D}``: the seat link's token (from the page's URL, kept
                in localStorage) and a random id of this browser (so a phone that reconnects
                gets its seat back at once, while a *second* phone with the same link is asked
                first). Answered by ``seat`` then ``view`` (and ``results`` once over), or by
                ``offer`` when another phone holds the seat, or by ``error`` + close.
  ``takeover``  ``{}``: after an ``offer``: take the seat; the other phone is told
                (``taken_over``) and closed.
  ``move``      ``{"n": N, "move": "<our notation>"}``: a move of this seat; ``n`` is the
                phone's own counter. Answered by a ``view`` whose ``ack`` is ``n`` (applied) or
                by ``refused`` with ``n`` and the rules' reason in the table's language.
  ``ask``       ``{"n": N, ...}``: a question the game's page needs answered by the rules while
                it composes a move (Metromania: the next tunnels after a partial dig). Answered
                by ``options`` with ``n``. Only the latest unanswered ask of a phone is kept.
  ``hint``      ``{}``: the coach's move for this seat's own view; answered by ``hint`` (or
                ``refused`` when the coach is busy or the seat may not move).
  ``ping``      ``{"n": N}``: answered by ``pong`` with ``n`` (a phone checks its link).

Server -> phone
  ``seat``      who this phone is: seat, name, colour, the game, the page's words in the
                table's language (``words``: key -> text, or {plural category: text}),
                ``lang``, the players and the game's fixed data (``static``: what never
                changes during the table, e.g. the city of Metromania or Railroad Ink's faces).
  ``view``      this seat's view only (built from the rules' ``view(state, seat)``): ``seq``,
                ``ack``, ``turn`` (this seat may move now), ``status`` (a sentence), ``score`` (its own),
                ``board`` (the game's own payload: what to draw and the legal moves the page
                offers). Sent after every change; a phone that reads slowly gets only the latest.
  ``your_turn`` ``{}``: the seat may move now (the page buzzes and flashes).
  ``refused``   ``{"n": N, "code": C, "reason": text}``: a move the rules refused (nothing
                changed).
  ``options``   ``{"n": N, ...}``: the answer to an ``ask``.
  ``hint``      ``{"move": notation, "text": words}``: the coach's suggestion.
  ``results``   ``{"scores": [...], "winners": [...], "rows": [...]}``: the end of the game.
  ``offer``     ``{"name": seat name}``: this seat is held by another phone: take it over?
  ``taken_over`` ``{}``: another phone took this seat (the connection closes).
  ``waiting``   ``{"text": ...}``: no view yet (the table has not started).
  ``error``     ``{"code": C, "reason": text}``: a frame refused for what it is (malformed,
                too big, too fast, unknown type, no hello): never a traceback. ``fatal`` true:
                the connection closes after it.
  ``bye``       ``{"reason": text}``: the table closed.
  ``pong``      ``{"n": N}``.

Bounds (``PhoneLimits``): a frame from a phone is at most ``frame_bytes`` (bigger: refused with
``too_big``; far bigger: the WebSocket itself is closed by its size limit), at most
``rate``/``burst`` frames a second (the rest refused with ``too_fast`` once a second; a phone
that keeps flooding is closed), ``connections`` sockets in all and ``per_address`` from one
address, a few failed hellos per address a minute (a link cannot be guessed by trying), and
at most ``outbox`` messages waiting for a phone that does not read (views replace each other).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

HELLO = "hello"
TAKEOVER = "takeover"
MOVE = "move"
ASK = "ask"
HINT = "hint"
PING = "ping"
FROM_PHONE = (HELLO, TAKEOVER, MOVE, ASK, HINT, PING)

MAX_TEXT = 400              # a move's notation or a token: far longer than any real one


@dataclass(frozen=True)
class PhoneLimits:
    frame_bytes: int = 4096          # a phone's frame (a Metromania dig is under 100 bytes)
    socket_bytes: int = 64 << 10     # the WebSocket's own limit: beyond it the socket closes
    rate: float = 15.0               # frames a second, sustained (a tap makes one or two)
    burst: int = 40
    flood_refusals: int = 200        # frames refused for speed before the phone is closed
    connections: int = 160           # sockets in all (32 seats, reloads, spare pages)
    per_address: int = 48            # sockets from one address (a NAT; tests on loopback)
    failed_hellos: int = 12          # wrong tokens or codes per address per minute
    outbox: int = 64                 # messages queued for a phone that does not read
    send_seconds: float = 10.0       # one send may wait this long for a slow phone
    pending_moves: int = 16          # moves of one seat waiting for the host
    hello_seconds: float = 10.0      # a socket that has not said hello by then is closed


class ProtocolError(Exception):
    """A frame refused for what it is; ``code`` names the reason (``phone.error.<code>``)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code
        self.detail = detail


def read_frame(data, limits: PhoneLimits) -> dict:
    """The message in a text frame from a phone, checked; ProtocolError if it is not one."""
    if not isinstance(data, str):
        raise ProtocolError("not_text", "frames are JSON text")
    if len(data) > limits.frame_bytes or len(data.encode("utf-8")) > limits.frame_bytes:
        raise ProtocolError("too_big", f"at most {limits.frame_bytes} bytes a message")
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = message.get("type")
    if kind not in FROM_PHONE:
        raise ProtocolError("unknown_type", f"unknown type {str(kind)[:40]!r}")
    for key in ("token", "device", "move"):
        if key in message and not (isinstance(message[key], str)
                                   and len(message[key]) <= MAX_TEXT):
            raise ProtocolError("malformed", f"'{key}' must be a short text")
    if "n" in message and not (isinstance(message["n"], int)
                               and not isinstance(message["n"], bool)
                               and 0 <= message["n"] < 1 << 53):
        raise ProtocolError("malformed", "'n' must be a counter")
    if kind == HELLO and not isinstance(message.get("token"), str):
        raise ProtocolError("malformed", "hello needs a token")
    if kind == MOVE and not isinstance(message.get("move"), str):
        raise ProtocolError("malformed", "move needs a move")
    return message


def encode(message: dict) -> str:
    """A message to a phone as its frame (compact JSON; non-ASCII words kept as they are)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))

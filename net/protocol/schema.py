"""Validation of every message against its schema before any field is used.

A schema maps each key to a field spec; keys written ``"?key"`` are optional, any other key is
refused. ``validate(message)`` returns the message or raises ``SchemaError`` (code + args:
the message type and the offending field), so nothing malformed reaches the rules.
"""

from __future__ import annotations

from typing import Any

from net.protocol import messages as ids

MAX_SEATS = 32           # Railroad Ink seats a whole party; other games keep their own limit
MAX_SEQ = 1 << 31
MAX_NAME = 40
MAX_NOTATION = 200


class SchemaError(Exception):
    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code)
        self.code = code
        self.args_dict = args


# -- field specs: small callables returning True when the value is acceptable ---------------

def Int(lo: int, hi: int):
    return lambda v: type(v) is int and lo <= v <= hi


def Str(max_len: int, min_len: int = 0):
    return lambda v: type(v) is str and min_len <= len(v) <= max_len


def Bin(size: int):
    return lambda v: type(v) is bytes and len(v) == size


def Bytes(min_len: int, max_len: int):
    return lambda v: type(v) is bytes and min_len <= len(v) <= max_len


def Bool():
    return lambda v: type(v) is bool


def Enum(*choices: str):
    allowed = frozenset(choices)
    return lambda v: type(v) is str and v in allowed


def ListOf(item, max_len: int):
    return lambda v: type(v) is list and len(v) <= max_len and all(item(x) for x in v)


def Tuple(*items):
    return lambda v: (type(v) is list and len(v) == len(items)
                      and all(check(x) for check, x in zip(items, v)))


def MapOf(fields: dict):
    required = {k for k in fields if not k.startswith("?")}
    specs = {k.lstrip("?"): f for k, f in fields.items()}

    def check(v) -> bool:
        return (type(v) is dict and required <= v.keys() and v.keys() <= specs.keys()
                and all(specs[k](x) for k, x in v.items()))
    return check


def Plain(max_items: int = 256):
    """Any plain data (None/bool/int/str/bin/list/map with str keys), no floats; the wire
    decoder already bounded its depth and lengths."""
    def check(v, budget=None) -> bool:
        stack, seen = [v], 0
        while stack:
            item = stack.pop()
            seen += 1
            if seen > max_items:
                return False
            if isinstance(item, dict):
                if not all(type(k) is str for k in item):
                    return False
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif item is not None and type(item) not in (bool, int, str, bytes):
                return False
        return True
    return check


Seat = Int(0, MAX_SEATS - 1)
Seq = Int(0, MAX_SEQ)
PeerId = Int(0, 1 << 16)
Code = Str(40, 1)
ARGS = lambda v: (type(v) is dict and len(v) <= 8 and all(  # noqa: E731
    type(k) is str and len(k) <= 24 and (v[k] is None or type(v[k]) in (bool, int, str))
    and (type(v[k]) is not str or len(v[k]) <= 200) for k in v))
Hash = Bin(16)
Notation = Str(MAX_NOTATION, 1)
Name = Str(MAX_NAME)
Colour = Int(-1, 63)
Status = Enum(ids.ST_CONNECTED, ids.ST_INTERRUPTED, ids.ST_DISCONNECTED, ids.ST_BOT, ids.ST_OPEN)
Kind = Enum(ids.KIND_LOCAL, ids.KIND_BOT, ids.KIND_OPEN, ids.KIND_REMOTE)

SEAT_INFO = MapOf({"k": Kind, "n": Name, "c": Colour, "p": Int(-1, 1 << 16), "r": Bool(),
                   "l": Str(24), "st": Status})
RECORD = Plain(4096)      # a fair table's cipher record (net.fair.deal checks it strictly)
MOVE_ROW = lambda v: (type(v) is list and len(v) == 4 and Int(1, MAX_SEQ)(v[0])  # noqa: E731
                      and Seat(v[1]) and Notation(v[2]) and (v[3] is None or RECORD(v[3])))
COMMAND_ENTRY = Tuple(Seq, Enum(ids.CMD_BOT, ids.CMD_BACK), Seat, Str(24))
LOG_ROW = Tuple(Seat, Notation, Hash)
CLAIM_KEY = lambda v: type(v) is bytes and len(v) in (0, 32)  # noqa: E731 - net.session.claims

DEALER_KEY = Tuple(PeerId, Bin(32))      # net.fair.signing: a dealer's verify key

SCHEMAS: dict[str, Any] = {
    ids.HELLO: {"pv": Int(0, 1 << 30), "rv": Str(64), "g": Str(40), "n": Name,
                "tok": Str(64), "ws": Int(0, MAX_SEATS), "?ck": Bin(32)},
    ids.WELCOME: {"you": PeerId, "tok": Str(64), "seats": ListOf(Seat, MAX_SEATS),
                  "g": Str(40)},
    ids.REFUSE: {"c": Code, "a": ARGS},
    ids.BYE: {"c": Code, "a": ARGS},
    ids.LOBBY: {"g": Str(40), "cfg": Plain(), "seats": ListOf(SEAT_INFO, MAX_SEATS),
                "spec": ListOf(Name, 64), "ph": Str(16), "?sx": Bool()},
    # only what changed since the peer's last lobby (net.protocol.lobby.lobby_change): seat
    # rows by index ("sd"), and the config, spectators, phase or strictness when they changed
    ids.LOBBY_CHANGE: {"?cfg": Plain(), "?sd": ListOf(Tuple(Seat, SEAT_INFO), MAX_SEATS),
                       "?spec": ListOf(Name, 64), "?ph": Str(16), "?sx": Bool()},
    ids.SEAT_SET: {"s": Seat, "n": Name, "c": Colour},
    ids.READY: {"r": Bool()},
    ids.ABORT: {"r": Int(0, 1 << 30), "c": Code, "a": ARGS},
    # a fair table's START: no seed, no reveals (a field this schema does not know, such as
    # the old protocol's "sd", is refused)
    ids.START: {"g": Str(40), "cfg": Plain(), "seats": ListOf(SEAT_INFO, MAX_SEATS),
                "dl": ListOf(PeerId, MAX_SEATS), "?tid": Str(64), "?cu": Bool(), "?fs": Bool(),
                "?ck": ListOf(CLAIM_KEY, MAX_SEATS)},
    ids.PROPOSE: {"s": Seat, "m": Notation, "n": Int(0, MAX_SEQ), "?cp": RECORD},
    ids.MOVE: {"q": Int(1, MAX_SEQ), "s": Seat, "m": Notation, "?cp": RECORD},
    ids.PROPOSE_C: {"b": Bytes(3, 32), "?cp": RECORD},       # net.protocol.moveframe
    ids.MOVE_C: {"b": Bytes(3, 32), "?cp": RECORD},
    ids.FAIR: {"?i": Int(0, MAX_SEQ), "r": RECORD, "?sg": Bin(64), "?vk": Bin(32),
               "?pf": Bin(48)},         # a draw share's proof (net.fair.share_proof)
    ids.FAIR_BUNDLE: {"i": Int(0, MAX_SEQ), "rs": ListOf(RECORD, 48),      # net.fair.bundle
                      "?sg": ListOf(lambda v: v is None or Bin(64)(v), 48),
                      "?pf": ListOf(lambda v: v is None or Bin(48)(v), 48)},
    ids.REJECT: {"n": Int(0, MAX_SEQ), "s": Seat, "c": Code, "a": ARGS},
    ids.HASH: {"q": Seq, "h": Hash},
    ids.GET: {"q": Int(1, MAX_SEQ)},
    ids.SYNC: {"w": Code, "log": ListOf(LOG_ROW, 20000), "cmd": ListOf(COMMAND_ENTRY, 4096),
               "?fr": ListOf(RECORD, 20000), "?fm": ListOf(MOVE_ROW, 20000),
               "?fg": ListOf(Bytes(0, 64), 20000), "?vk": ListOf(DEALER_KEY, MAX_SEATS),
               "?fp": ListOf(Bytes(0, 48), 20000),
               # net.fair.past: ranges of records a resumed table's save holds unsigned
               "?fu": ListOf(Tuple(Int(0, MAX_SEQ), Int(0, MAX_SEQ)), 20000)},
    ids.COMMAND: {"i": Int(0, 4096), "e": COMMAND_ENTRY},
    ids.STATUS: {"st": ListOf(Status, MAX_SEATS)},
    ids.BEAT: {"q": Seq, "?h": Hash},
    ids.CHALLENGE: {"n": Bin(16), "tb": Str(16, 1), "p": PeerId},
    ids.PROOF: {"pt": Bin(32), "ps": Bin(32)},     # net.session.claims: a group element, an exponent
}

_CHECKERS = {name: {k.lstrip("?"): spec for k, spec in fields.items()}
             for name, fields in SCHEMAS.items()}
_REQUIRED = {name: frozenset(k for k in fields if not k.startswith("?"))
             for name, fields in SCHEMAS.items()}


def validate(message: Any, allowed: frozenset[str] | None = None) -> dict:
    """``message`` if it matches its schema (and its type is in ``allowed``), else SchemaError."""
    if type(message) is not dict:
        raise SchemaError(ids.R_MALFORMED, detail="not_a_map")
    kind = message.get("t")
    if type(kind) is not str or kind not in _CHECKERS or (allowed is not None
                                                           and kind not in allowed):
        shown = kind if type(kind) is str and len(kind) <= 24 else ""
        raise SchemaError(ids.R_UNKNOWN, type=shown)
    checkers = _CHECKERS[kind]
    for key, value in message.items():
        if key == "t":
            continue
        check = checkers.get(key)
        if check is None or not check(value):
            raise SchemaError(ids.R_SCHEMA, type=kind, field=str(key)[:24])
    missing = _REQUIRED[kind] - message.keys()
    if missing:
        raise SchemaError(ids.R_SCHEMA, type=kind, field=sorted(missing)[0])
    return message


# which side may send what
FROM_PEER = frozenset({ids.HELLO, ids.REFUSE, ids.BYE, ids.SEAT_SET, ids.READY,
                       ids.PROPOSE, ids.HASH, ids.GET, ids.BEAT, ids.FAIR, ids.PROOF,
                       ids.PROPOSE_C})
FROM_HOST = frozenset({ids.WELCOME, ids.REFUSE, ids.BYE, ids.LOBBY, ids.LOBBY_CHANGE,
                       ids.ABORT, ids.START, ids.MOVE, ids.REJECT, ids.SYNC,
                       ids.COMMAND, ids.STATUS, ids.BEAT, ids.FAIR, ids.FAIR_BUNDLE,
                       ids.CHALLENGE, ids.MOVE_C})

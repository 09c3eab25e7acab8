"""The save file format: encoding a match to bytes and parsing bytes back, never trusting them.

See ``game/saves/__init__.py`` for the layout. This module only turns bytes into checked plain
data (a ``SaveFile``) and back; replaying and verifying the moves is ``game.saves.load``.
Anything that is not a readable save raises ``SaveError`` with one clear English line; a file
whose log is damaged part-way is still parsed, up to the damage, and says where it stopped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.match import LOG_FORMAT_VERSION, LogEntry, Match
from game.rules.core import canonical_bytes, hash_bytes

APP = "tracklayer"
FORMAT_VERSION = 1
SUFFIX = ".tlsave"
MAX_FILE_BYTES = 32 * 1024 * 1024     # far above any real game (a few KB); refuse before reading
MAX_MOVE_TEXT = 2000                  # notation of one move
_JSON_SEPARATORS = (",", ":")


class SaveError(Exception):
    """A file that cannot be used as a save, with one clear line saying why."""

    def __init__(self, message: str, path: str = "") -> None:
        self.message = message
        self.path = path
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


@dataclass
class Damage:
    """Where and why a log stops being trustworthy. ``move`` is the 1-based move number of the
    first record that could not be used; the moves before it are fine."""

    move: int
    reason: str                      # short English text
    kind: str = "unreadable"         # unreadable | seq | notation | illegal | hash | error
    expected: str = ""               # for kind "hash": the stored hash
    actual: str = ""                 # for kind "hash": the hash the replay gives

    def describe(self) -> str:
        return f"move {self.move}: {self.reason}"


@dataclass
class SaveFile:
    """A parsed (not yet replayed) save: the checked header, the readable log entries, whether
    an end record was found, and the first parse-level damage if any."""

    header: dict
    entries: list[LogEntry]
    source: str = "save"             # "save" (our journal), "plain-json" or "plain-msgpack"
    end: dict | None = None          # the end record of a finished game (informational)
    damage: Damage | None = None
    path: str = ""
    left: bool = False               # ends with a "left" record: quit from the menu, no crash
    # a fair LAN table (issue 13): its public record stream and the CardPlayed of its moves,
    # in the order written ({"r": record, "sg": ..., "pf": ...} / {"cp": [seq, record]} /
    # {"vk": [[dealer, key], ...]}, JSON-safe: see game.saves.fair_lan)
    fair: list = field(default_factory=list)

    @property
    def game_name(self) -> str:
        return self.header["game"]


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def _line(value: Any) -> bytes:
    # ASCII only: any byte >= 0x80 in a save is damage, and the file is readable anywhere.
    return json.dumps(value, separators=_JSON_SEPARATORS, ensure_ascii=True,
                      sort_keys=True).encode("ascii") + b"\n"


def header_check(header: dict) -> str:
    """A short checksum over the header (without its own ``check`` field)."""
    body = {key: value for key, value in header.items() if key != "check"}
    return hash_bytes(canonical_bytes(body))[:16]


def make_header(match: Match, *, created: str, table: str, label: str,
                rules_version: str) -> dict:
    header = {"app": APP, "format": FORMAT_VERSION, "game": match.game.name,
              "rules_version": rules_version, "config": match.config, "seed": match.seed,
              "seats": [seat.to_plain() for seat in match.seats], "created": created,
              "table": table, "label": label}
    header["check"] = header_check(header)
    return header


def header_line(header: dict) -> bytes:
    return _line(header)


def entry_line(entry: LogEntry) -> bytes:
    return _line(entry.to_plain())


def end_line(match: Match) -> bytes:
    result = match.scores()
    return _line({"end": True, "moves": match.seq, "scores": list(result["scores"]),
                  "winners": list(match.game.winners(match.state))})


def left_line(moves: int) -> bytes:
    """The record that says the players left this unfinished game on purpose (Quit, Quit to
    title) rather than the client stopping: the launch does not offer such a game again."""
    return _line({"left": True, "moves": moves})


def fair_line(value: Any) -> bytes:
    """One line of a fair table's stream (a sequenced record, or a move's CardPlayed)."""
    return _line({"fair": value})


def encode(match: Match, header: dict, extras: list | tuple = ()) -> bytes:
    """The whole file for ``match`` as it is now (header, every move, an end record if over).
    ``extras``: the fair table's stream lines (``fair_line`` values), after the header."""
    parts = [header_line(header)]
    parts.extend(fair_line(value) for value in extras)
    parts.extend(entry_line(entry) for entry in match.log)
    if match.is_over():
        parts.append(end_line(match))
    return b"".join(parts)


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def parse_bytes(data: bytes, path: str = "") -> SaveFile:
    """Parse a save (our journal format) or a ``Match.to_plain()`` document (JSON or msgpack,
    as LAN peers write them). Raises SaveError; a damaged log tail is reported, not raised."""
    if not isinstance(data, (bytes, bytearray)):
        raise SaveError("not a Tracklayer save (no data)", path)
    if len(data) == 0:
        raise SaveError("the file is empty", path)
    if len(data) > MAX_FILE_BYTES:
        raise SaveError(f"the file is too large to be a save ({len(data)} bytes)", path)
    data = bytes(data)
    first_line = data.split(b"\n", 1)[0]
    first = _json_value(first_line)
    if isinstance(first, dict) and first.get("app") == APP:
        return _parse_journal(data, first, path)
    if data[:1] == b"{":
        whole = _json_value(data)
        if isinstance(whole, dict):
            return parse_plain(whole, "plain-json", path)
        if first is None and data.startswith(b'{"app"'):
            raise SaveError("the save's header is damaged", path)
        if b'"log"' in data or b'"game"' in data[:4096]:
            raise SaveError("the game log is damaged or cut short (incomplete JSON)", path)
    whole = _msgpack_value(data)
    if isinstance(whole, dict):
        return parse_plain(whole, "plain-msgpack", path)
    raise SaveError("not a Tracklayer save (unknown format)", path)


def _json_value(data: bytes) -> Any:
    """The JSON value in ``data``, or None when it is not JSON (never raises)."""
    try:
        text = data.decode("ascii") if data.isascii() else data.decode("utf-8")
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _msgpack_value(data: bytes) -> Any:
    try:
        import msgpack
    except ImportError:  # pragma: no cover - msgpack is a dependency
        return None
    try:
        return msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True,
                               timestamp=0, ext_hook=_refuse_ext)
    except Exception:  # noqa: BLE001 - foreign bytes make msgpack raise many kinds of errors
        return None


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ValueError("msgpack extension types are not used in saves")


def _parse_journal(data: bytes, header: dict, path: str) -> SaveFile:
    version = header.get("format")
    if version != FORMAT_VERSION:
        raise SaveError(f"this save uses format version {version!r}; this version of "
                        f"Tracklayer reads version {FORMAT_VERSION}", path)
    _check_header_fields(header, path)
    if header.get("check") != _safe_check(header):
        raise SaveError("the save's header is damaged (checksum mismatch)", path)
    lines = data.split(b"\n")[1:]
    entries: list[LogEntry] = []
    end = None
    damage = None
    left = False
    fair: list = []
    for index, raw in enumerate(lines):
        is_last = index == len(lines) - 1
        if is_last and raw == b"":
            break                    # the newline after the last complete record
        move_number = len(entries) + 1
        value = _json_value(raw)
        if isinstance(value, dict) and set(value) == {"fair"}:
            fair.append(value["fair"])   # the stream may go on after the end (the secrets)
            continue
        if end is not None:
            damage = Damage(move_number, "data after the end of the game")
            break
        if isinstance(value, dict) and value.get("end") is True:
            end = value
            continue
        if isinstance(value, dict) and value.get("left") is True:
            left = True              # only while no move follows (resuming rewrites the file)
            continue
        entry = _numbered_entry(value, move_number, cut_short=is_last)
        if isinstance(entry, Damage):
            damage = entry
            break
        entries.append(entry)
        left = False
    return SaveFile(header=header, entries=entries, source="save", end=end, damage=damage,
                    path=path, left=left and damage is None, fair=fair)


def _safe_check(header: dict) -> str:
    try:
        return header_check(header)
    except (TypeError, ValueError, RecursionError):
        return ""


def parse_plain(doc: dict, source: str, path: str) -> SaveFile:
    """A ``Match.to_plain()`` document: {"format", "game", "config", "seed", "seats", "log"}."""
    if not isinstance(doc, dict) or "log" not in doc or "game" not in doc:
        raise SaveError("not a Tracklayer save or game log", path)
    version = doc.get("format")
    if version != LOG_FORMAT_VERSION:
        raise SaveError(f"this game log uses format version {version!r}; this version of "
                        f"Tracklayer reads version {LOG_FORMAT_VERSION}", path)
    _check_header_fields(doc, path)
    log = doc["log"]
    if not isinstance(log, list):
        raise SaveError("the game log's move list is damaged", path)
    header = {key: value for key, value in doc.items() if key != "log"}
    entries: list[LogEntry] = []
    damage = None
    for raw in log:
        entry = _numbered_entry(raw, len(entries) + 1)
        if isinstance(entry, Damage):
            damage = entry
            break
        entries.append(entry)
    return SaveFile(header=header, entries=entries, source=source, damage=damage, path=path)


def _numbered_entry(value: Any, move_number: int, cut_short: bool = False) -> LogEntry | Damage:
    """The log entry of move ``move_number`` read from ``value``, or the Damage that stops the
    log there (an unreadable record, ``cut_short`` if it is the file's unfinished last line,
    or one numbered out of order)."""
    entry = _entry_from_plain(value)
    if entry is None:
        reason = "the last record was cut short" if cut_short else "unreadable record"
        return Damage(move_number, reason)
    if entry.seq != move_number:
        return Damage(move_number, f"record numbered {entry.seq} where {move_number} was "
                                   "expected", kind="seq")
    return entry


def _entry_from_plain(value: Any) -> LogEntry | None:
    if not (isinstance(value, list) and len(value) == 4):
        return None
    seq, seat, move, digest = value
    if seat is None:       # a chance entry of a fair table's log (the dealers' outcome)
        seat = -1
    if not (_is_int(seq) and _is_int(seat) and isinstance(move, str) and isinstance(digest, str)):
        return None
    if seat < -1 or seat > 1000 or len(move) > MAX_MOVE_TEXT or not move or len(digest) > 200:
        return None
    return LogEntry(seq, None if seat == -1 else seat, move, digest)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_header_fields(header: dict, path: str) -> None:
    """The header fields the loader relies on have the right shapes (else SaveError)."""
    game = header.get("game")
    if not isinstance(game, str) or not game or len(game) > 100:
        raise SaveError("the save does not name its game", path)
    config = header.get("config")
    if not isinstance(config, dict) or not all(isinstance(k, str) for k in config):
        raise SaveError("the save's table setup is damaged", path)
    try:
        canonical_bytes(config)      # plain data only: no floats, str keys all the way down
    except (TypeError, ValueError, RecursionError):
        raise SaveError("the save's table setup is damaged", path) from None
    players = config.get("players")
    if not _is_int(players) or not 1 <= players <= 1000:
        raise SaveError("the save's table setup is damaged (player count)", path)
    if not _is_int(header.get("seed")):
        raise SaveError("the save's seed is damaged", path)
    seats = header.get("seats", [])
    if not isinstance(seats, list) or not all(_seat_ok(seat) for seat in seats):
        raise SaveError("the save's seat list is damaged", path)
    for key in ("rules_version", "created", "table", "label"):
        if key in header and not isinstance(header[key], str):
            raise SaveError(f"the save's header field '{key}' is damaged", path)


def _seat_ok(seat: Any) -> bool:
    if not isinstance(seat, dict):
        return False
    for key in ("name", "kind", "device", "level"):
        if key in seat and not isinstance(seat[key], str):
            return False
    return "colour" not in seat or _is_int(seat["colour"])

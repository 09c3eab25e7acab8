"""Metromania moves and their notation (what logs, saves, the wire and ``run.py score`` carry).

Notation (one move per line, case-sensitive):

* ``dig T1 [T2 [T3]]`` - dig up to three tunnels in the order given. A tunnel is
  ``<line>:<space>:e<class>[+<letter>]``:
    - line: ``S`` (the solid line, always the first one started) or ``T`` (the striped line);
    - space: ``u<q>,<r>`` or ``d<q>,<r>`` (the up/down triangle of the lattice, see lattice.py);
    - class: 0, 1 or 2, the space's edge the tunnel carries (0 along direction (1,0),
      1 along (0,1), 2 along (-1,1));
    - ``+<letter>``: the destination marker put on the tunnel (required on a destination
      space, forbidden elsewhere); its type is the space's.
  The tunnel runs from the line's moving end along that edge; a tunnel of a line not yet
  started must lie in a white-arrow space and starts the line at the edge's boundary point.
  Example (the first turn of seat 0 in scenario.DEFAULT_CITY, two players):
  ``dig S:u4,1:e0 S:u3,1:e2 S:u2,2:e2+C``.
* ``station <line>:<q>,<r>`` - the intermediate station on that point of one's line.
* ``bonus <line>:<q>,<r>`` - the free station after completing that line;
  ``bonus <line>:none`` refuses it.
* ``pass`` - only when no other move is legal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import NotationError
from .board_data import LETTERS
from .lattice import POINT_BY_NAME, POINT_NAMES, SPACE_BY_NAME, SPACE_NAMES
from .state import LINE_LETTERS


@dataclass(frozen=True, order=True)
class Tunnel:
    line: int          # 0 solid, 1 striped
    space: int         # space id
    edge: int          # edge class 0-2 within the space
    marker: str = ""   # letter of the destination marker placed on it, or ""

    def __str__(self) -> str:
        text = f"{LINE_LETTERS[self.line]}:{SPACE_NAMES[self.space]}:e{self.edge}"
        return text + (f"+{self.marker}" if self.marker else "")


@dataclass(frozen=True)
class Dig:
    tunnels: tuple

    def __str__(self) -> str:
        return "dig " + " ".join(str(t) for t in self.tunnels)


@dataclass(frozen=True)
class Station:
    line: int
    point: int

    def __str__(self) -> str:
        return f"station {LINE_LETTERS[self.line]}:{POINT_NAMES[self.point]}"


@dataclass(frozen=True)
class Bonus:
    line: int
    point: int         # -1: the free station is refused

    def __str__(self) -> str:
        where = POINT_NAMES[self.point] if self.point >= 0 else "none"
        return f"bonus {LINE_LETTERS[self.line]}:{where}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


_TUNNEL = re.compile(r"^([ST]):([ud]-?\d+,-?\d+):e([012])(?:\+([A-F]))?$")
_AT_POINT = re.compile(r"^([ST]):(-?\d+,-?\d+|none)$")
EXPECTED = "dig S:u4,1:e0 ..., station S:2,-3, bonus T:1,1, bonus T:none or pass"


def parse_tunnel(token: str, text: str = "") -> Tunnel:
    match = _TUNNEL.match(token)
    if not match or match.group(2) not in SPACE_BY_NAME:
        raise NotationError(text or token, "a tunnel like S:u4,1:e1 or T:d0,2:e0+A")
    letter = match.group(4) or ""
    assert not letter or letter in LETTERS
    return Tunnel(LINE_LETTERS.index(match.group(1)), SPACE_BY_NAME[match.group(2)],
                  int(match.group(3)), letter)


def parse_move(text: str):
    if not isinstance(text, str):
        raise NotationError(repr(text), EXPECTED)
    words = text.split()
    if not words:
        raise NotationError(text, EXPECTED)
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return Pass()
    if head == "dig" and 1 <= len(rest) <= 3:
        return Dig(tuple(parse_tunnel(token, text) for token in rest))
    if head in ("station", "bonus") and len(rest) == 1:
        match = _AT_POINT.match(rest[0])
        if match:
            line = LINE_LETTERS.index(match.group(1))
            where = match.group(2)
            if where == "none" and head == "bonus":
                return Bonus(line, -1)
            if where in POINT_BY_NAME:
                point = POINT_BY_NAME[where]
                return Station(line, point) if head == "station" else Bonus(line, point)
    raise NotationError(text, EXPECTED)

"""Metro move values and their text notation.

Notation (case of the square's row letter is ignored when reading; written upper case):

* ``<type>@<square>[/<r>]`` — place a tile. ``type`` is the four-letter code of the rules
  page (e.g. ``aacb``), ``square`` a row letter A-H (top to bottom) and a column 1-8 (left to
  right), ``r`` 1-3 quarter turns clockwise (free orientation variant only; ``/0`` is read as
  no rotation and never written). With no drawn tile pending, the tile comes from the hand and
  the replacement is drawn automatically; after ``draw`` it must be the drawn tile.
* ``draw`` — take the top tile of the stack; the same seat then places exactly that tile.
* ``swap:<company>:<pct>:up`` / ``swap:<company>:<pct>:down`` (companies expansion) — put
  your share of ``company`` (yellow, blue, orange, green, purple, black, red, white) with
  ``pct`` percent (10, 20, 30, 40) face down under its pile, then take that pile's face-up
  card (``up``) or its top face-down card (``down``).

Examples: ``aaaa@A1``, ``cbcb@H8/3``, ``draw``, ``swap:blue:20:up``.

The swap names the company given away, which the physical game keeps face down: a client
should show another seat's swap only as "exchanged a <pct>% share" (up/down is public).
At a LAN table the other peers need not learn it: ``public_move`` masks it as
``swap:?:<pct>:up|down`` (company ``HIDDEN_COMPANY``), which only a table state that cannot
see the giver's shares accepts (the giver holds exactly one card of each percentage).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import NotationError
from .board import parse_square, square_name
from .data import COMPANIES, SHARE_PERCENTS
from .tiles import BAD_MASK, SHAPE, TYPE_INDEX

HIDDEN_COMPANY = -1   # a masked swap: the company given is not told
EXPECTED = "<type>@<square>[/<r>], draw or swap:<company>:<pct>:up|down"


@dataclass(frozen=True)
class Place:
    tile: str        # four-letter type code, arrow up
    square: int      # row * 8 + col
    rot: int = 0     # quarter turns clockwise

    def __str__(self) -> str:
        text = f"{self.tile}@{square_name(self.square)}"
        return f"{text}/{self.rot}" if self.rot else text


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Swap:
    company: int     # index into data.COMPANIES
    pct: int         # 10, 20, 30 or 40
    take_up: bool    # True: the face-up card; False: the top face-down card

    def __str__(self) -> str:
        company = "?" if self.company == HIDDEN_COMPANY else COMPANIES[self.company]
        return f"swap:{company}:{self.pct}:{'up' if self.take_up else 'down'}"


Move = Place | Draw | Swap

_PLACES: dict[tuple[str, int], tuple[Place, ...]] = {}


def places(tile: str, rot: int) -> tuple[Place, ...]:
    """``Place(tile, square, rot)`` for every square 0-63, made once (moves are immutable):
    move generation picks from these instead of building a new move per square each turn."""
    row = _PLACES.get((tile, rot))
    if row is None:
        row = _PLACES[(tile, rot)] = tuple(Place(tile, square, rot) for square in range(64))
    return row


def _row_table(row: tuple[Place, ...]) -> tuple[tuple[Place, ...], ...]:
    """``table[bits]``: the moves of ``row`` (one board row's 8 squares) whose bit ``col`` is
    set in ``bits``, left to right, for every byte 0-255 (each made from the one without its
    highest bit)."""
    table: list[tuple[Place, ...]] = [()]
    for bits in range(1, 256):
        high = bits.bit_length() - 1
        table.append(table[bits ^ (1 << high)] + (row[high],))
    return tuple(table)


_ROWS: dict[tuple[str, int], tuple[tuple[tuple[Place, ...], ...], ...]] = {}


def places_by_row(tile: str, rot: int) -> tuple[tuple[tuple[Place, ...], ...], ...]:
    """The moves of ``tile`` turned ``rot`` by board row: ``rows[r][byte]`` is the Places of
    the squares of row ``r`` set in ``byte`` (``mask.to_bytes(8, "little")[r]``), ascending.
    A mask's moves are the rows' tuples joined: eight look-ups instead of a walk over all 64
    squares (what the legal list does every turn). Made on first use (~160 kB a tile and
    rotation: the 24 unturned tiles of a game hold ~4 MB)."""
    rows = _ROWS.get((tile, rot))
    if rows is None:
        row = places(tile, rot)
        rows = _ROWS[(tile, rot)] = tuple(_row_table(row[r * 8:r * 8 + 8]) for r in range(8))
    return rows


def mask_moves(rows: tuple[tuple[tuple[Place, ...], ...], ...], mask: int) -> list[Place]:
    """The moves of ``places_by_row``'s ``rows`` on the squares set in ``mask``, ascending."""
    r0, r1, r2, r3, r4, r5, r6, r7 = rows
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(8, "little")
    return [*r0[b0], *r1[b1], *r2[b2], *r3[b3], *r4[b4], *r5[b5], *r6[b6], *r7[b7]]


class _Unturned(dict):
    """tile -> (squares where it keeps the one-tile rule unturned, its ``places_by_row``): the
    legal list's tables without the orientation variant, each made on first use (not on
    import); None for what is not a tile (a hidden tile in a view)."""

    def __missing__(self, tile: str):
        index = TYPE_INDEX.get(tile)
        if index is None:
            return None
        made = self[tile] = (~BAD_MASK[SHAPE[index][0]], places_by_row(tile, 0))
        return made


UNTURNED = _Unturned()


def parse_placement(text: str) -> Place:
    """Read ``<type>@<square>[/<r>]``; NotationError if it is not one."""
    body, slash, rot_text = text.partition("/")
    tile, at, square_text = body.partition("@")
    if not at or tile not in TYPE_INDEX:
        raise NotationError(text, "<type>@<square>[/<r>] with a type like aacb")
    square = parse_square(square_text)
    if square is None:
        raise NotationError(text, "a square A1-H8")
    rot = 0
    if slash:
        if rot_text not in ("0", "1", "2", "3"):
            raise NotationError(text, "a rotation 0-3 after '/'")
        rot = int(rot_text)
    return Place(tile, square, rot)


def public_move(move: Move) -> Move:
    """What the other peers of a table may learn of ``move``: a swap without the company
    given away; every other move as it is (a placed tile is public anyway)."""
    if isinstance(move, Swap):
        return Swap(HIDDEN_COMPANY, move.pct, move.take_up)
    return move


def parse_move(text: str) -> Move:
    if not isinstance(text, str):
        raise NotationError(repr(text), EXPECTED)
    text = text.strip()
    if text == "draw":
        return Draw()
    if text.startswith("swap:"):
        parts = text.split(":")
        if (len(parts) != 4 or (parts[1] not in COMPANIES and parts[1] != "?")
                or parts[3] not in ("up", "down")
                or parts[2] not in tuple(str(p) for p in SHARE_PERCENTS)):
            raise NotationError(text, "swap:<company>:<10|20|30|40>:up|down")
        company = HIDDEN_COMPANY if parts[1] == "?" else COMPANIES.index(parts[1])
        return Swap(company, int(parts[2]), parts[3] == "up")
    if "@" in text:
        return parse_placement(text)
    raise NotationError(text, EXPECTED)

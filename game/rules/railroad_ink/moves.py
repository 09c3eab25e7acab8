"""Moves of Railroad Ink and their text notation (what logs, saves, the wire and tests carry).

Notation (every move round-trips: ``parse_move(str(m)) == m``):

``<face>@<cell>/<o>``   draw a face, e.g. ``rail-curve@B4/1`` (the rules page notation). The face
                        id says which die it uses: a route/junction/expansion die showing that
                        face (if two dice show it, either: they are identical), or a special
                        route when the id is one of the six ``special-*`` ids. ``o`` is 0–7 (4–7
                        mirrored first). ``volcano@<cell>/0`` starts a new volcano (Volcano).
``skip:<face>``         put aside a mandatory die showing ``<face>`` because it has no legal
                        cell right now (optional dice are simply left when the round ends).
``end``                 this seat has finished the round (all mandatory dice drawn or skipped).
``undo``                take back this seat's last action of the current round (drawing, skip,
                        meteor, erasure...). Logged as its own move; nothing is shared until
                        ``end``, so only the seat's own unfinished round can be undone.
``meteor:<N|E|S|W>``    resolve this round's meteor on the own sheet in that direction (must be
                        the die's direction unless the die shows "any"); the distance is the
                        distance die. Meteor rounds start with this (or the next move).
``ignore-meteor:<special>``  spend that unused special route to ignore the meteor this round
                        (it is this round's special).
``erase@<cell>``        Volcano: erase a route to make room for lava that cannot be drawn.
``crater@<cell>``       sheet notation only (``run.py score`` with the meteor expansion): a
                        crater lands on that cell, erasing what is there, and the dot moves to it.
Cells are ``A1``–``G7`` (row letter, column digit); lowercase is accepted when parsing.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from game.rules.core import NotationError

from .faces import FACE_INDEX, SPECIALS
from .sheet import CELL_INDEX, CELL_NAMES

DIRECTIONS = ("N", "E", "S", "W")


class _Written:
    """A move written as its template in ``NOTATION`` filled in with its fields (a cell by its
    name)."""

    def __str__(self) -> str:
        values = {field.name: getattr(self, field.name) for field in fields(self)}
        if "cell" in values:
            values["cell"] = CELL_NAMES[values["cell"]]
        return NOTATION[type(self)].format(**values)


@dataclass(frozen=True)
class Draw(_Written):
    """Draw a die's face (or a special route, or lava) in a cell, in one of 8 orientations."""
    face: str
    cell: int
    o: int


_new_object = object.__new__
_set_attribute = object.__setattr__


def draws(face: str, cell: int, orientations) -> tuple[Draw, ...]:
    """``tuple(Draw(face, cell, o) for o in orientations)``, each made by setting its
    instance dict at once instead of through the frozen dataclass's ``__init__`` (an
    ``object.__setattr__`` per field): the first legal list of a process makes hundreds.
    The moves are the same in every way (fields, ``==``, hash, text)."""
    made = []
    for o in orientations:
        move = _new_object(Draw)
        _set_attribute(move, "__dict__", {"face": face, "cell": cell, "o": o})
        made.append(move)
    return tuple(made)


@dataclass(frozen=True)
class Skip(_Written):
    """Leave an optional die undrawn this round (the river dice, the second lava die)."""
    face: str


@dataclass(frozen=True)
class End(_Written):
    """This seat has finished the round."""


@dataclass(frozen=True)
class Undo(_Written):
    """Take back this seat's last action of the round."""


@dataclass(frozen=True)
class Meteor(_Written):
    """Move this sheet's meteor: the direction chosen when its die shows "any"."""
    direction: str


@dataclass(frozen=True)
class IgnoreMeteor(_Written):
    """Spend an unused special route to ignore the meteor this round (that round's special)."""
    special: str


@dataclass(frozen=True)
class Erase(_Written):
    """Erase a route to make room for lava when none can be drawn (Volcano)."""
    cell: int


@dataclass(frozen=True)
class Crater(_Written):
    """A crater where the meteor landed: written by the rules' chance, never chosen."""
    cell: int


NOTATION = {Draw: "{face}@{cell}/{o}", Skip: "skip:{face}", End: "end", Undo: "undo",
            Meteor: "meteor:{direction}", IgnoreMeteor: "ignore-meteor:{special}",
            Erase: "erase@{cell}", Crater: "crater@{cell}"}
EXPECTED = ("<face>@<cell>/<0-7>, skip:<face>, end, undo, meteor:<N|E|S|W>, "
            "ignore-meteor:<special>, erase@<cell> or crater@<cell>")

# the moves written ``<prefix><value>``: (prefix, move, how the value is read (a meteor's
# direction in either case), the values it takes, what is expected)
_PREFIXED = (("skip:", Skip, str, FACE_INDEX, "skip:<face id>"),
             ("meteor:", Meteor, str.upper, DIRECTIONS,
              "meteor:N, meteor:E, meteor:S or meteor:W"),
             ("ignore-meteor:", IgnoreMeteor, str, SPECIALS, "ignore-meteor:<special id>"))


def _cell(text: str, whole: str) -> int:
    cell = CELL_INDEX.get(text.upper())
    if cell is None:
        raise NotationError(whole, "a cell A1-G7")
    return cell


def parse_move(text: str):
    if not isinstance(text, str):
        raise NotationError(repr(text), EXPECTED)
    t = text.strip()
    if t == "end":
        return End()
    if t == "undo":
        return Undo()
    for prefix, move, read, known, expected in _PREFIXED:
        if t.startswith(prefix):
            value = read(t[len(prefix):])
            if value not in known:
                raise NotationError(t, expected)
            return move(value)
    if "@" in t:
        head, _, rest = t.partition("@")
        if head == "erase":
            return Erase(_cell(rest, t))
        if head == "crater":
            return Crater(_cell(rest, t))
        if head not in FACE_INDEX:
            raise NotationError(t, "a known face id before '@'")
        cell_text, slash, o_text = rest.partition("/")
        if not slash or len(o_text) != 1 or o_text not in "01234567":
            raise NotationError(t, "<face>@<cell>/<0-7>")
        return Draw(head, _cell(cell_text, t), int(o_text))
    raise NotationError(t, EXPECTED)

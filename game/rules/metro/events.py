"""What a Metro placement did, as ``play`` returns it: a list of event dicts made the first
time the list is read.

A placement's events (the tile placed, each line it completed with the line's traced path,
exchanges closed, the replacement drawn, the end of the game) cost more to build than the move
itself: a search or playout that plays through ``play`` and never looks at them would pay for
them every move. So ``play`` keeps the few values they are made from (``Recipe``, taken when
the move is played: reading the events later, after more moves, gives what reading them at
once gives; the one live part, the board's shapes, is read only where it can no longer
change) and ``PlacementEvents`` builds the dicts when first read.
"""

from __future__ import annotations

from .board import SQUARE_NAMES
from .lines import completed_line

# (seat, tile, rot, square, from_hand, lines, closed, drawn, stack, ended):
#   lines  None, or (completed station indices, the state's list of shapes, car owners,
#          companies): every completed line's path, tiles and end are traced from the shapes
#          when read (a completed line's squares are filled, and a filled square never
#          changes: the state only moves forward, an undo replays into a new state)
#   closed True when the move closed the share exchanges (companies)
#   drawn  the tile drawn to the hand after the move, or None; stack: the stack's size then
#   ended  the turn's end events (game_over) as built, or None
Recipe = tuple


def placement_events(recipe: Recipe) -> list[dict]:
    """The events of a placement, in the order the client animates them."""
    seat, tile, rot, square, from_hand, lines, closed, drawn, stack, ended = recipe
    events = [{"kind": "placed", "seat": seat, "tile": tile, "rot": rot,
               "square": SQUARE_NAMES[square], "row": square >> 3, "col": square & 7,
               "from": "hand" if from_hand else "stack"}]
    if lines is not None:
        completed, shapes, owners, companies = lines
        for i in completed:
            path, end = completed_line(shapes, i + 1)
            tiles, centre = len(path), end == 0
            # one point per tile passed (repeats count), doubled at the centre (actions.py)
            points = tiles * 2 if centre else tiles
            event = {"kind": "line_completed", "station": i + 1, "points": points,
                     "centre": centre, "end": end, "tiles": tiles, "path": path,
                     "owner": None if companies else owners[i]}
            if companies:
                event["company"] = owners[i]      # a company's line: its profit, no seat's
            events.append(event)
    if closed:
        events.append({"kind": "exchanges_closed"})
    if drawn is not None:
        # "tile" is secret: a client shows it only to this seat.
        events.append({"kind": "drew", "seat": seat, "tile": drawn, "to": "hand",
                       "stack": stack})
    if ended:
        events.extend(ended)
    return events


class PlacementEvents(list):
    """``placement_events(recipe)``, built the first time the list is read.

    Every way Python reads or changes a list (iteration, indexing, ``len``, truth, ``in``,
    comparisons, ``+``, ``*``, ``repr``, ``copy``/``pickle``, every list method) builds it
    first, and from then on it is an ordinary list of the same dicts. The one exception: C code
    that reads a list's items without asking the list (``json``'s and msgpack's encoders) sees
    it empty until it was read once; nothing serializes events (they go to the client's boards,
    the replay viewer and the net's local "move" notices), and ``list(events)`` is a plain
    list for any that would."""

    __slots__ = ("recipe",)

    def built(self) -> PlacementEvents:
        """This list, its entries made (once)."""
        recipe = self.recipe
        if recipe is not None:
            self.recipe = None
            list.extend(self, placement_events(recipe))
        return self

    def __radd__(self, other):
        # ``[...] + events``: list's own concatenation would read the unbuilt items
        if not isinstance(other, list):
            return NotImplemented
        return list.__add__(other, list.copy(self.built()))

    def __reduce_ex__(self, protocol):
        # copies and pickles are plain lists of the built events
        return list, (list.copy(self.built()),)

    def __copy__(self):
        return list.copy(self.built())


def _building(name: str):
    """``list.<name>``, the entries built first: this list's, and those of another such list
    it is given (``a + b``, ``a == b``, ``a[i:j] = b`` read ``b``'s items directly)."""
    method = getattr(list, name)

    def building(self, *args, **kwargs):
        if self.recipe is not None:
            self.built()
        for arg in args:
            if type(arg) is PlacementEvents and arg.recipe is not None:
                arg.built()
        return method(self, *args, **kwargs)

    building.__name__ = building.__qualname__ = name
    building.__doc__ = method.__doc__
    return building


for _name in ("__len__", "__iter__", "__reversed__", "__getitem__", "__contains__",
              "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__",
              "__mul__", "__rmul__", "__iadd__", "__imul__", "__repr__", "__setitem__",
              "__delitem__", "__sizeof__", "append", "extend", "insert", "pop", "remove",
              "index", "count", "sort", "reverse", "clear", "copy"):
    setattr(PlacementEvents, _name, _building(_name))
del _name

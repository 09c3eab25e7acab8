"""Route planning for the Metromania bots: how many tunnels a line still needs to carry a set
of destination markers and reach an end arrow.

A ``Planner`` is built once per decision from the position the bot is shown (its view) and
answers many questions about the positions a search reaches from there. It works on the
lattice of points with breadth-first *distance fields*: how many tunnels a line at point p
needs to

* lay a tunnel in destination space X (``reach[X][p]``), for every free destination space of
  a type the seat still holds a marker of, and
* end on a free black arrow of a given side (``end_side[side][p]``).

A step between two points is possible when one of the two spaces beside the edge is empty,
plain (not a destination, the lake or the park) and not an arrow space. The fields ignore the
line's own points and the 120-degree rule, so they are a slight underestimate; the search
itself only ever lays legal tunnels.

``tour(p, kinds, end)`` chains them: the fewest tunnels from p through one free space of each
destination type in ``kinds`` (any order) and then, when ``end`` is a side set, to an end
arrow of those sides — a small dynamic programme over the kinds left, memoised per planner.
"""

from __future__ import annotations

from collections import deque

from game.rules.metromania.city import ARROW, BLACK_ARROWS
from game.rules.metromania.lattice import (BOUNDARY_EDGE, EDGE_AT, EDGE_SPACES, INNER_CORNER,
                                           NEIGHBOUR, POINTS, SIDE_POSITION, SPACE_CORNERS,
                                           TOUCHING_SPACES, side_distance)

FAR = 99                   # "cannot get there"


def passable_neighbours(state) -> list:
    """For every point, the neighbours a line could step to through an empty plain space."""
    occupied = state.space_line
    out = []
    for row in _steps(state.city):
        here = []
        for n, spaces in row:
            for s in spaces:
                if occupied[s] < 0:
                    here.append(n)
                    break
        out.append(here)
    return out


_STEPS: dict = {}


def _steps(city) -> list:
    """Per point, (neighbour, plain spaces beside the edge) of every edge a tunnel may use in
    this city when one of those spaces is empty (cached per layout)."""
    found = _STEPS.get(city.layout)
    if found is None:
        kind = city.kind
        found = []
        for p in range(len(POINTS)):
            row = []
            for d, n in enumerate(NEIGHBOUR[p]):
                if n < 0 or BOUNDARY_EDGE[EDGE_AT[p][d]]:
                    continue
                spaces = tuple(s for s in EDGE_SPACES[EDGE_AT[p][d]]
                               if not kind[s] and not ARROW[s])
                if spaces:
                    row.append((n, spaces))
            found.append(tuple(row))
        _STEPS[city.layout] = found
    return found


def distance_field(adjacent: list, sources) -> list:
    """Steps from every point to the nearest source point (FAR when unreachable)."""
    dist = [FAR] * len(POINTS)
    queue = deque()
    for p in sources:
        if dist[p]:
            dist[p] = 0
            queue.append(p)
    while queue:
        p = queue.popleft()
        step = dist[p] + 1
        for n in adjacent[p]:
            if dist[n] > step:
                dist[n] = step
                queue.append(n)
    return dist


def free_for_letter(state, space: int, letter: str) -> bool:
    """May a marker of ``letter`` go on this space (no marker of the same letter touching)?"""
    for other in TOUCHING_SPACES[space]:
        placed = state.placed.get(other)
        if placed is not None and placed[0][0] == letter:
            return False
    return True


def far_sides(side: int) -> tuple:
    """The three sides away from ``side`` (neither it nor a neighbour)."""
    return tuple(k for k in range(6) if side_distance(k, side) >= 2)


class _LazyFields(dict):
    """``reach``: the field of a destination space is computed the first time it is asked."""

    def __init__(self, planner) -> None:
        super().__init__()
        self.adjacent = planner.adjacent

    def __missing__(self, space: int) -> list:
        field = [d + 1 if d < FAR else FAR
                 for d in distance_field(self.adjacent, SPACE_CORNERS[space])]
        self[space] = field
        return field


class Planner:
    """Distance fields of one position for one seat (see the module docstring)."""

    def __init__(self, state, seat: int) -> None:
        self.seat = seat
        self.adjacent = passable_neighbours(state)
        kinds = sorted({key[1] for key in state.hands[seat]})
        self.targets: dict = {}          # destination kind -> free spaces a marker may take
        self.reach = _LazyFields(self)   # space -> field: tunnels to lay one tunnel in it
        city_kind = state.city.kind
        for kind in kinds:
            letters = sorted({key[0] for key in state.hands[seat] if key[1] == kind})
            spaces = []
            for s in state.city.dest_spaces:
                if city_kind[s] != kind or state.space_line[s] >= 0:
                    continue
                if not any(letter == "?" or free_for_letter(state, s, letter)
                           for letter in letters):
                    continue
                spaces.append(s)
            self.targets[kind] = tuple(spaces)
        self.free_black = tuple(s for s in BLACK_ARROWS if state.space_line[s] < 0)
        self.end_side: list = []
        for side in range(6):
            corners = [INNER_CORNER[s] for s in self.free_black if SIDE_POSITION[s][0] == side]
            field = distance_field(self.adjacent, corners)
            self.end_side.append([d + 1 if d < FAR else FAR for d in field])
        self._end_fields: dict = {}
        self._end_sides: dict = {}
        self._between: dict = {}
        self._suffix: dict = {}
        self._tours: dict = {}

    def forget_taken(self, state) -> None:
        """Drop the target spaces dug since the planner was made (a planner reused for a
        few turns, as the hard bot's simulations do, must not aim at them)."""
        changed = False
        for kind, spaces in self.targets.items():
            free = tuple(s for s in spaces if state.space_line[s] < 0)
            if free != spaces:
                self.targets[kind] = free
                changed = True
        if changed:
            self._suffix.clear()
            self._tours.clear()

    # -- fields ----------------------------------------------------------------------
    def end_sides(self, start_side: int) -> tuple:
        """The sides a line started on ``start_side`` may end on (the rules' exception:
        any side once every black arrow of the far sides is taken)."""
        sides = self._end_sides.get(start_side)
        if sides is None:
            far = far_sides(start_side)
            sides = far if any(SIDE_POSITION[s][0] in far for s in self.free_black) \
                else tuple(range(6))
            self._end_sides[start_side] = sides
        return sides

    def end_field(self, sides: tuple) -> list:
        field = self._end_fields.get(sides)
        if field is None:
            rows = [self.end_side[k] for k in sides]
            field = [min(values) for values in zip(*rows)] if rows else [FAR] * len(POINTS)
            self._end_fields[sides] = field
        return field

    def between(self, a: int, b: int) -> int:
        """Tunnels from having dug space a to having dug space b."""
        key = (a, b)
        value = self._between.get(key)
        if value is None:
            field = self.reach[b]
            value = min(field[c] for c in SPACE_CORNERS[a])
            self._between[key] = value
        return value

    # -- tours -------------------------------------------------------------------------
    def _after(self, space: int, kinds: tuple, sides) -> int:
        """Fewest tunnels after digging ``space`` to take ``kinds`` and end (sides) or stop
        (sides None)."""
        key = (space, kinds, sides)
        value = self._suffix.get(key)
        if value is None:
            if not kinds:
                value = 0 if sides is None else min(FAR, *(self.end_field(sides)[c]
                                                           for c in SPACE_CORNERS[space]))
            else:
                value = self._best_next(kinds, sides, lambda other: None if other == space
                                        else self.between(space, other))
            self._suffix[key] = value
        return value

    def tour(self, point: int, kinds: tuple, sides) -> int:
        """Fewest tunnels from a line's end at ``point`` through a free space of every kind in
        ``kinds`` (a sorted tuple) and then to an end arrow of ``sides`` (None: no end)."""
        key = (point, kinds, sides)
        value = self._tours.get(key)
        if value is None:
            if not kinds:
                value = min(0 if sides is None else self.end_field(sides)[point], FAR)
            else:
                value = self._best_next(kinds, sides, lambda space: self.reach[space][point])
            self._tours[key] = value
        return value

    def _best_next(self, kinds: tuple, sides, first_step) -> int:
        """Fewest tunnels over every choice of the next space (of a kind in ``kinds``): the
        tunnels to it (``first_step(space)``, None where it cannot be next) plus ``_after`` it
        for the other kinds; at most ``FAR``."""
        value = FAR
        for i, kind in enumerate(kinds):
            if i and kinds[i - 1] == kind:
                continue            # the same kind again: the same choices
            rest = kinds[:i] + kinds[i + 1:]
            for space in self.targets.get(kind, ()):
                step = first_step(space)
                if step is None or step >= value:
                    continue
                total = step + self._after(space, rest, sides)
                if total < value:
                    value = total
        return value

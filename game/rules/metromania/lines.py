"""Digging: which tunnel may extend (or start) a line, laying it, blocked lines.

``problem(state, seat, tunnel, ctx)`` returns None when the tunnel is legal now, else
(code, english template, args) - the reasons of the rules page, one code each.
``lay(state, seat, tunnel)`` performs a legal tunnel (stations and markers included) and
returns its events. ``continuations`` lists the legal next tunnels of one line; ``TurnContext``
carries what the turn so far allows (may the striped line start, was a marker placed).
``blocked_reasons`` says why a blocked line cannot go on, in the rules' codes.
A hand this state cannot see (another seat's at a LAN table: face-down ``?R`` markers) may
lay any marker of that type still unseen anywhere; the move generator never offers face-down
markers: for such a seat ``max_dig`` is a lower bound, and ``is_blocked`` may say blocked
where its real letters would go on (table.py asks the owner when that matters).
"""

from __future__ import annotations

from .board_data import LINE_TUNNELS, TYPE_NAMES
from .city import ARROW, BLACK, BLACK_ARROWS, LAKE, PARK, WHITE, WHITE_ARROWS
from .lattice import (BOUNDARY_EDGE, DIRECTION, EDGE_AT, EDGE_CLASS, EDGE_POINTS,
                      EDGE_SPACES, INNER_CORNER, INNER_EDGES, ON_BOUNDARY, POINT_NAMES,
                      SIDE_POSITION, SPACE_EDGES, SPACE_NAMES, TOUCHING_SPACES, side_distance,
                      turn_of)
from .markers import HIDDEN_LETTER, marker_unseen
from .moves import Tunnel
from .stations import settle

DESTINATION_TYPES = ("R", "C", "E")


class TurnContext:
    __slots__ = ("may_start_second", "marker_used")

    def __init__(self, may_start_second: bool, marker_used: bool = False) -> None:
        self.may_start_second = may_start_second
        self.marker_used = marker_used

    @classmethod
    def at_turn_start(cls, state, seat: int) -> "TurnContext":
        # the first turn starts exactly one line (always the solid one): the striped line may
        # start only on a later turn
        return cls(state.line(seat, 0).started)

    def copy(self) -> "TurnContext":
        return TurnContext(self.may_start_second, self.marker_used)


def far_sides(side: int) -> tuple:
    """The three sides opposite ``side``: neither the same side nor one next to it."""
    return tuple(k for k in range(6) if side_distance(k, side) >= 2)


def start_sides(first_side: int) -> tuple:
    """Sides the second line may start on, given the first line's start side.

    Only the three opposite sides, with no exception: the seed grants "unless every arrow
    there is taken" for ending a line only. When no white arrow is free there, the second
    line cannot start and counts as blocked."""
    return far_sides(first_side)


def second_start_free(state, first_side: int) -> bool:
    """Is a white arrow free on a side the second line may start on?"""
    sides = start_sides(first_side)
    return any(state.space_line[s] < 0 for s in WHITE_ARROWS if SIDE_POSITION[s][0] in sides)


def allowed_sides(state, first_side: int, arrows: tuple) -> tuple:
    """Sides a line may end on (black arrows), given its start side.

    Not the same side nor an adjacent one, unless every such arrow on the allowed sides is
    taken: then any side. (Starting the second line has no such exception: start_sides.)"""
    far = far_sides(first_side)
    if any(state.space_line[s] < 0 for s in arrows if SIDE_POSITION[s][0] in far):
        return far
    return tuple(range(6))


def _line_name(k: int) -> str:
    return "solid" if k == 0 else "striped"


def problem(state, seat: int, tunnel: Tunnel, ctx: TurnContext):
    return problem_of(state, seat, tunnel.line, tunnel.space, tunnel.edge, tunnel.marker, ctx)


def problem_of(state, seat: int, k: int, s: int, edge_class: int, marker: str,
               ctx: TurnContext):
    """``problem`` on the tunnel's parts (the move generator avoids building Tunnels)."""
    # The move generator asks this for every candidate tunnel: nothing (no name, no dict)
    # is built on the way to "legal", only when refusing.
    line = state.lines[seat * 2 + k]
    e = SPACE_EDGES[s][edge_class]
    if line.done:
        return ("line_done", "Your {line} line is already completed", {"line": _line_name(k)})
    if len(line.spaces) >= LINE_TUNNELS:
        return ("no_tunnels", "Your {line} line has used all its 18 tunnels",
                {"line": _line_name(k)})
    if state.space_line[s] >= 0:
        return ("occupied", "Space {space} already holds a tunnel", {"space": SPACE_NAMES[s]})
    kind = state.city.kind[s]
    if kind == LAKE or kind == PARK:
        return ("lake_park", "No tunnel may go in the lake or the park ({space})", {"space": SPACE_NAMES[s]})
    if BOUNDARY_EDGE[e]:
        return ("boundary", "No tunnel may run along the edge of the city ({space})", {"space": SPACE_NAMES[s]})
    arrow = ARROW[s]
    if not line.points:
        if k == 1 and not state.line(seat, 0).points:
            return ("solid_first", "Start your solid line first", {})
        if k == 1 and not ctx.may_start_second:
            return ("one_line_first_turn", "Your first turn starts exactly one line", {})
        if arrow != WHITE:
            return ("start_white", "A line starts in an empty white-arrow space, not {space}",
                    {"space": SPACE_NAMES[s]})
        if k == 1:
            first = state.line(seat, 0).start_side
            sides = start_sides(first)
            if SIDE_POSITION[s][0] not in sides:
                args = {"sides": ", ".join(str(x) for x in sides), "space": SPACE_NAMES[s]}
                if not second_start_free(state, first):
                    return ("start_none", "Your second line cannot start: no white arrow "
                            "is free on the three sides opposite your first line's start "
                            "(sides {sides}), so it counts as blocked", args)
                return ("start_side", "Your second line must start on one of the three "
                        "sides opposite your first line's start (sides {sides}), not on "
                        "that side nor next to it", args)
    else:
        end = line.points[-1]
        a, b = EDGE_POINTS[e]
        if end != a and end != b:
            return ("not_at_end", "The {line} line must go on from its end at {point}",
                    {"line": _line_name(k), "point": POINT_NAMES[end]})
        nxt = b if a == end else a
        if nxt in line.index:
            return ("loop", "A line may not come back to its own point {point}",
                    {"point": POINT_NAMES[nxt]})
        turn = turn_of(DIRECTION[(line.points[-2], end)], DIRECTION[(end, nxt)])
        if turn == 2 and end not in state.stations:
            return ("acute", "A 120-degree turn needs a station at {point}",
                    {"point": POINT_NAMES[end]})
        if arrow == WHITE:
            return ("white_arrow", "White-arrow spaces only start lines ({space})", {"space": SPACE_NAMES[s]})
        if arrow == BLACK:
            if end != INNER_CORNER[s]:
                return ("end_direction", "A line ends running from the black arrow's inner "
                        "corner to the boundary ({space})", {"space": SPACE_NAMES[s]})
            sides = allowed_sides(state, line.start_side, BLACK_ARROWS)
            if SIDE_POSITION[s][0] not in sides:
                return ("end_side", "This line may end only on side {sides}, away from the "
                        "side it started on",
                        {"sides": ", ".join(str(x) for x in sides), "space": SPACE_NAMES[s]})
    if kind in DESTINATION_TYPES:
        if not marker:
            return ("marker_needed", "A tunnel on this {type} destination needs one of your "
                    "{type} markers", {"type": TYPE_NAMES[kind], "space": SPACE_NAMES[s]})
        key = marker + kind
        hand = state.hands[seat]
        if key not in hand and not (HIDDEN_LETTER + kind in hand and marker_unseen(state, key)):
            return ("marker_missing", "You have no {type} marker {letter}",
                    {"type": TYPE_NAMES[kind], "letter": marker})
        if ctx.marker_used:
            return ("one_marker", "Only one destination marker per turn", {})
        for other in TOUCHING_SPACES[s]:
            placed = state.placed.get(other)
            if placed is not None and placed[0][0] == marker:
                return ("same_letter_touch", "Two {letter} markers may not touch ({space})",
                        {"letter": marker, "space": SPACE_NAMES[other]})
    elif marker:
        return ("no_destination", "Markers go only on destination spaces, not {space}", {"space": SPACE_NAMES[s]})
    return None


def lay(state, seat: int, tunnel: Tunnel) -> list:
    """Perform a legal tunnel; returns its events."""
    line_id = seat * 2 + tunnel.line
    line = state.lines[line_id]
    s = tunnel.space
    e = SPACE_EDGES[s][tunnel.edge]
    events = []
    if not line.started:
        a, b = EDGE_POINTS[e]
        start = a if ON_BOUNDARY[a] and a != INNER_CORNER[s] else b
        line.points.append(start)
        line.index[start] = 0
        line.start_side = SIDE_POSITION[s][0]
        state.terminals[start] = state.terminals.get(start, 0) + 1
        if line_id not in state.point_lines[start]:
            state.point_lines[start] += (line_id,)
        events.append({"kind": "line_start", "seat": seat, "line": tunnel.line,
                       "point": start, "side": line.start_side})
    end = line.points[-1]
    a, b = EDGE_POINTS[e]
    nxt = b if a == end else a
    line.index[nxt] = len(line.points)
    line.points.append(nxt)
    line.edges.append(e)
    line.spaces.append(s)
    state.space_line[s] = line_id
    state.point_lines[nxt] += (line_id,)
    events.append({"kind": "tunnel", "seat": seat, "line": tunnel.line, "space": s, "edge": e,
                   "from": end, "to": nxt})
    if tunnel.marker:
        key = tunnel.marker + state.city.kind[s]
        hand = state.hands[seat]
        # A hand this peer cannot see gives up one face-down marker of that type.
        hand.remove(key if key in hand else HIDDEN_LETTER + key[1])
        state.placed[s] = (key, seat)
        events.append({"kind": "marker", "seat": seat, "marker": key, "space": s})
    if ARROW[s] == BLACK:
        line.done = True
        line.end_side = SIDE_POSITION[s][0]
        state.terminals[nxt] = state.terminals.get(nxt, 0) + 1
        events.append({"kind": "line_end", "seat": seat, "line": tunnel.line, "point": nxt,
                       "side": line.end_side})
    events += settle(state, end, seat)
    events += settle(state, nxt, seat)
    return events


def _candidates(state, seat: int, k: int, ctx) -> list:
    """(space, edge class) pairs next to the line's end, before the rules are asked."""
    line = state.lines[seat * 2 + k]
    if line.done or len(line.spaces) >= LINE_TUNNELS:
        return []
    occupied = state.space_line
    out = []
    if not line.points:
        if k == 1:
            first = state.lines[seat * 2]
            if not first.points or not ctx.may_start_second:
                return out
            sides = start_sides(first.start_side)
        else:
            sides = range(6)
        for s in WHITE_ARROWS:
            if occupied[s] < 0 and SIDE_POSITION[s][0] in sides:
                for e in INNER_EDGES[s]:
                    out.append((s, EDGE_CLASS[e]))
        return out
    end = line.points[-1]
    for e in EDGE_AT[end]:
        if e >= 0 and not BOUNDARY_EDGE[e]:
            for s in EDGE_SPACES[e]:
                if occupied[s] < 0:
                    out.append((s, EDGE_CLASS[e]))
    return out


def _options(state, seat: int, k: int, ctx: TurnContext):
    """Yield the legal next tunnels of line k as (space, edge class, marker letter)."""
    kinds = state.city.kind
    hand = state.hands[seat]
    for s, c in _candidates(state, seat, k, ctx):
        kind = kinds[s]
        if kind in DESTINATION_TYPES:
            for key in hand:   # a face-down marker (another seat's, at a table) is unusable
                if key[1] == kind and key[0] != HIDDEN_LETTER \
                        and problem_of(state, seat, k, s, c, key[0], ctx) is None:
                    yield (s, c, key[0])
        elif problem_of(state, seat, k, s, c, "", ctx) is None:
            yield (s, c, "")


def continuations(state, seat: int, k: int, ctx: TurnContext) -> list:
    """Every legal next tunnel of line k, sorted (markers spelled out)."""
    return [Tunnel(k, s, c, m) for s, c, m in sorted(_options(state, seat, k, ctx))]


def has_continuation(state, seat: int, k: int, ctx: TurnContext) -> bool:
    for _ in _options(state, seat, k, ctx):
        return True
    return False


def is_blocked(state, seat: int, k: int) -> bool:
    """Neither completed nor able to go on (or to start) in a fresh turn."""
    line = state.lines[seat * 2 + k]
    if line.done:
        return False
    if k == 1 and not state.line(seat, 0).started:
        return False   # waiting for the solid line, not blocked
    return not has_continuation(state, seat, k, TurnContext(True))


def blocked_reasons(state, seat: int, k: int) -> list:
    """Why line k is blocked, in the rules' own terms: [] when it is not (it can go on, is
    completed, or waits for the solid line); else (code, English template, args) - all 18
    tunnels used (``no_tunnels``), no white arrow left to start at (``start_none``), or, for
    a line stuck at its end, the reason each way on from that end is refused, one per kind of
    reason (the first way met of each), in the order of the ways round the end point."""
    line = state.lines[seat * 2 + k]
    if not is_blocked(state, seat, k):
        return []
    if len(line.spaces) >= LINE_TUNNELS:
        return [("no_tunnels", "Your {line} line has used all its 18 tunnels",
                 {"line": _line_name(k)})]
    if not line.points:
        first = state.line(seat, 0).start_side
        args = {"sides": ", ".join(str(x) for x in start_sides(first))}
        return [("start_none", "Your second line cannot start: no white arrow is free on the "
                 "three sides opposite your first line's start (sides {sides}), so it counts "
                 "as blocked", args)]
    ctx = TurnContext(True)
    end = line.points[-1]
    came_from = line.points[-2] if len(line.points) >= 2 else -1
    hand = state.hands[seat]
    reasons: dict = {}
    for e in EDGE_AT[end]:
        if e < 0:
            continue
        a, b = EDGE_POINTS[e]
        if (b if a == end else a) == came_from:
            continue                       # the way it came is not a way on
        if BOUNDARY_EDGE[e]:
            reasons.setdefault("boundary", ("boundary", "No tunnel may run along the edge of "
                                            "the city ({space})",
                                            {"space": SPACE_NAMES[EDGE_SPACES[e][0]]}))
            continue
        for s in EDGE_SPACES[e]:
            kind = state.city.kind[s]
            markers = sorted(key[0] for key in hand
                             if key[1] == kind and key[0] != HIDDEN_LETTER) or [""]
            found = problem_of(state, seat, k, s, EDGE_CLASS[e], markers[0], ctx)
            if found is not None:
                reasons.setdefault(found[0], found)
    return list(reasons.values())

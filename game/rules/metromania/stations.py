"""Stations: when two lines make one, intermediate and free stations, the shared pool.

The rule of the page: two lines meeting at a point make a station there unless both pass
through it on the same two edges (running alongside, also when they change side there).
A line whose moving end lies on an edge it shares with another line has not decided yet:
its next tunnel decides (follow the other line: no station; leave it: a station).

``verdict(a, b, p)`` answers for one pair of lines; ``settle(state, p, seat)`` is called for
both ends of every new tunnel and places the station (built and scored by ``seat``, the
tunnel's owner) when some pair at ``p`` makes one. A point holding a start or end marker
already counts as a station, so no station marker is put there.
"""

from __future__ import annotations


STATION = "station"
NONE = "none"
UNDECIDED = "undecided"


def edges_at(line, point: int) -> tuple:
    i = line.index[point]
    if i == 0:
        return (line.edges[0],) if line.edges else ()
    if i == len(line.edges):
        return (line.edges[i - 1],)
    a, b = line.edges[i - 1], line.edges[i]
    return (a, b) if a < b else (b, a)


def is_open(line, point: int) -> bool:
    """The line's moving end is at ``point`` and it may still be extended from there."""
    return not line.done and line.points[-1] == point


def verdict(line_a, line_b, point: int) -> str:
    ea, eb = edges_at(line_a, point), edges_at(line_b, point)
    if not set(ea) & set(eb):
        return STATION                       # join, cross, touch at an end
    if ea == eb:
        if len(ea) == 2:
            return NONE                      # alongside through the point (maybe changing side)
        # both end here on the same edge: undecided while both may still go on
        return UNDECIDED if is_open(line_a, point) and is_open(line_b, point) else STATION
    if len(ea) == 1:                         # a ends on one of b's two edges
        return UNDECIDED if is_open(line_a, point) else STATION
    if len(eb) == 1:
        return UNDECIDED if is_open(line_b, point) else STATION
    return STATION                           # two through-lines sharing one edge: split/join


def is_station(state, point: int) -> bool:
    return point in state.stations or point in state.terminals


def needs_station(state, point: int) -> bool:
    if is_station(state, point):
        return False
    ids = state.point_lines[point]
    if len(ids) < 2:
        return False
    lines = state.lines
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            if verdict(lines[ids[i]], lines[ids[j]], point) == STATION:
                return True
    return False


def place_station(state, point: int, seat: int, how: str) -> dict:
    value = state.city.point_value[point]
    state.stations[point] = seat
    state.station_points[seat] += value
    return {"kind": "station", "point": point, "seat": seat, "points": value, "how": how}


def settle(state, point: int, seat: int) -> list:
    if state.stations_left() > 0 and needs_station(state, point):
        return [place_station(state, point, seat, "meeting")]
    return []


def intermediate_points(state, line) -> list:
    """Points of ``line`` strictly between two of its stations that hold none yet."""
    marks = [i for i, p in enumerate(line.points) if is_station(state, p)]
    if len(marks) < 2:
        return []
    return [p for p in line.points[marks[0] + 1:marks[-1]] if not is_station(state, p)]

"""Final scoring: station points after the line adjustment, test trips A-F with their guilty,
the park-lake test, and the tie-breaks.

``final_scores(state)`` returns the JSON-ready result of ``Game.scores`` once building is over:
{"scores", "breakdown" (per seat), "trips" (per trip: minutes, routes, scorers, guilty),
"park_lake", "ranking"}. Points are plain ints; routes use point names "q,r".
``final_totals(state)`` is its "scores" alone, without the breakdown and the routes listed
(the bots score thousands of positions a decision).
"""

from __future__ import annotations

from .board_data import (GUILT_PENALTY, LETTERS, MARKER_PAIRS, PARK_LAKE_POINTS,
                         TRIP_MARKER_BONUS, TRIP_POINTS)
from .lattice import POINT_NAMES, SPACE_CORNERS, SPACE_NAMES
from .markers import holder_of, placed_space
from .stations import is_station
from .trips import Network


def lines_completed(state, seat: int) -> int:
    return sum(1 for k in (0, 1) if state.line(seat, k).done)


def tunnels_placed(state, seat: int) -> int:
    return sum(len(state.line(seat, k).spaces) for k in (0, 1))


def station_score(state, seat: int) -> tuple:
    """(raw station points, points lost by the line adjustment)."""
    raw = state.station_points[seat]
    done = lines_completed(state, seat)
    lost = 0 if done == 2 else raw // 2 if done == 1 else raw
    return raw, lost


def _route_json(route: dict, state) -> dict:
    return {"points": [POINT_NAMES[p] for p in route["points"]],
            "lines": [[line // 2, line % 2] for line in route["lines"]],
            "start_line": [route["start_line"] // 2, route["start_line"] % 2]}


def trip_markers(state, letter: str) -> list:
    """(marker key, space or -1, seat holding or having placed it, station points touching
    it) for both markers of a trip."""
    out = []
    for t in MARKER_PAIRS[letter]:
        key = letter + t
        space = placed_space(state, key)
        points = [p for p in SPACE_CORNERS[space] if is_station(state, p)] if space >= 0 else []
        out.append((key, space, holder_of(state, key), points))
    return out


def trip_result(state, network: Network, letter: str) -> dict:
    markers, guilty, touched_points = [], set(), []
    problem = ""
    for key, space, seat, points in trip_markers(state, letter):
        markers.append({"marker": key, "seat": seat,
                        "space": SPACE_NAMES[space] if space >= 0 else None,
                        "stations": [POINT_NAMES[p] for p in points]})
        touched_points.append(points)
        if space < 0:
            guilty.add(seat)
            problem = problem or "unplaced"
        elif not points:
            guilty.add(seat)
            problem = problem or "no_station"
    result = {"trip": letter, "markers": markers, "minutes": None, "routes": [],
              "lines": [], "scorers": [0] * state.players, "guilty": [], "problem": ""}
    if not guilty:
        found = network.fastest(touched_points[0], touched_points[1])
        if found["minutes"] is None:
            guilty = {m["seat"] for m in markers}
            problem = "no_route"
        else:
            placers = {m["seat"] for m in markers}
            on_route = sorted({line // 2 for line in found["lines"]})
            for seat in on_route:
                result["scorers"][seat] = TRIP_POINTS + (TRIP_MARKER_BONUS if seat in placers
                                                         else 0)
            result["minutes"] = found["minutes"]
            result["routes"] = [_route_json(r, state) for r in found["routes"]]
            result["lines"] = [[line // 2, line % 2] for line in found["lines"]]
    result["guilty"] = sorted(guilty)
    result["problem"] = problem
    for seat in guilty:
        result["scorers"][seat] -= GUILT_PENALTY
    return result


def park_lake_result(state, network: Network) -> dict:
    city = state.city
    found = network.fastest(sorted(city.park_points), sorted(city.lake_points))
    scorers = [0] * state.players
    for seat in sorted({line // 2 for line in found["lines"]}):
        scorers[seat] = PARK_LAKE_POINTS
    return {"trip": "park-lake", "minutes": found["minutes"],
            "routes": [_route_json(r, state) for r in found["routes"]],
            "lines": [[line // 2, line % 2] for line in found["lines"]], "scorers": scorers}


def final_scores(state) -> dict:
    network = Network(state)
    trips = [trip_result(state, network, letter) for letter in LETTERS]
    park_lake = park_lake_result(state, network)
    scores, breakdown = [], []
    for seat in range(state.players):
        raw, lost = station_score(state, seat)
        trip_points = {t["trip"]: t["scorers"][seat] for t in trips}
        guilt = -GUILT_PENALTY * sum(1 for t in trips if seat in t["guilty"])
        trips_won = sum(t["scorers"][seat] for t in trips) - guilt
        total = raw - lost + trips_won + guilt + park_lake["scorers"][seat]
        scores.append(total)
        breakdown.append({
            "stations": raw, "line_adjustment": -lost,
            "lines_completed": lines_completed(state, seat),
            "tunnels": tunnels_placed(state, seat),
            "trips": trip_points, "trip_points": trips_won, "guilt": guilt,
            "park_lake": park_lake["scorers"][seat], "total": total})
    return {"scores": scores, "breakdown": breakdown, "trips": trips, "park_lake": park_lake,
            "ranking": ranking(scores, breakdown)}


def final_totals(state) -> list:
    """Per seat, the total ``final_scores`` gives, computed without the listings (the same
    rules counted a second way: a test holds them equal on random games)."""
    return [stations + trips for stations, trips in zip(station_totals(state),
                                                        trip_totals(state))]


def station_totals(state) -> list:
    """Per seat, the station points kept after the line adjustment."""
    return [state.station_points[seat] - station_score(state, seat)[1]
            for seat in range(state.players)]


def trip_totals(state) -> list:
    """Per seat, the points of the test trips (guilt included) and of the park-lake test:
    ``final_totals`` less ``station_totals``. They depend only on the city, the lines'
    stations in order and the markers placed."""
    network = Network(state)
    totals = [0] * state.players
    for letter in LETTERS:
        markers = trip_markers(state, letter)
        placers = {seat for _, _, seat, _ in markers}
        guilty = {seat for _, _, seat, points in markers if not points}
        touched_points = [points for _, _, _, points in markers]
        if not guilty:
            minutes, lines = network.fastest_lines(touched_points[0], touched_points[1])
            if minutes is None:
                guilty = placers
            else:
                for seat in sorted({line // 2 for line in lines}):
                    totals[seat] += TRIP_POINTS + (TRIP_MARKER_BONUS if seat in placers else 0)
        for seat in sorted(guilty):
            totals[seat] -= GUILT_PENALTY
    city = state.city
    _, lines = network.fastest_lines(sorted(city.park_points), sorted(city.lake_points))
    for seat in sorted({line // 2 for line in lines}):
        totals[seat] += PARK_LAKE_POINTS
    return totals


def running_scores(state) -> dict:
    scores = list(state.station_points)
    breakdown = [{"stations": scores[seat], "lines_completed": lines_completed(state, seat),
                  "tunnels": tunnels_placed(state, seat), "total": scores[seat]}
                 for seat in range(state.players)]
    return {"scores": scores, "breakdown": breakdown, "trips": [], "park_lake": None,
            "ranking": ranking(scores, breakdown)}


def ranking(scores: list, breakdown: list) -> list:
    """Seats best first by (points, lines completed, tunnels); equal keys share a place."""
    def key(seat):
        b = breakdown[seat]
        return (scores[seat], b["lines_completed"], b["tunnels"])
    return sorted(range(len(scores)), key=lambda seat: (tuple(-x for x in key(seat)), seat))


def winners(scores: list, breakdown: list) -> list:
    def key(seat):
        b = breakdown[seat]
        return (scores[seat], b["lines_completed"], b["tunnels"])
    best = max(key(seat) for seat in range(len(scores)))
    return [seat for seat in range(len(scores)) if key(seat) == best]

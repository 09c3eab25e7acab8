"""Metromania scoring: the line adjustment, test trips (minutes, line changes, several fastest
routes, scorers, every guilt case), the park-lake test and the tie-breaks.

The trip network only reads the lines' paths and the stations, so lines are laid out directly
here (``raw_line``), on the fixed city DEFAULT_CITY: the residential u2,-2 touches (2,-2),
(3,-2), (2,-1); the commercial d-2,-2 touches (-1,-2), (-2,-1), (-1,-1).
"""

from game.rules.metromania import GAME
from game.rules.metromania.board_data import GUILT_PENALTY
from game.rules.metromania.lattice import EDGE_BETWEEN, POINT_BY_NAME, SPACE_BY_NAME
from game.rules.metromania.scenario import game_with_city
from game.rules.core import Rng
from game.rules.metromania.scoring import final_scores, final_totals, trip_totals, winners
from game.rules.metromania.state import OVER

P = POINT_BY_NAME


def raw_line(state, seat, k, names, done=False):
    line = state.line(seat, k)
    points = [P[n] for n in names]
    line.points = points
    line.edges = [EDGE_BETWEEN[(a, b)] for a, b in zip(points, points[1:])]
    line.spaces = [-1] * len(line.edges)
    line.index = {p: i for i, p in enumerate(points)}
    for p in points:
        state.point_lines[p] += (seat * 2 + k,)
    state.terminals[points[0]] = state.terminals.get(points[0], 0) + 1
    if done:
        line.done = True
        state.terminals[points[-1]] = state.terminals.get(points[-1], 0) + 1


def place(state, seat, key, space):
    state.hands[seat].remove(key)
    state.placed[SPACE_BY_NAME[space]] = (key, seat)


def stations(state, *names, seat=0):
    for name in names:
        state.stations[P[name]] = seat


def trip(result, letter):
    return next(t for t in result["trips"] if t["trip"] == letter)


def trip_a_state():
    state = game_with_city(2)
    place(state, 0, "AR", "u2,-2")
    place(state, 1, "AC", "d-2,-2")
    return state


def test_one_line_one_hop_and_the_marker_bonus():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    stations(state, "-1,-1", "2,-1")
    a = trip(final_scores(state), "A")
    assert a["minutes"] == 1 and a["guilty"] == []
    assert a["scorers"] == [6, 0]          # seat 1 placed a marker but is not on the route
    # a route runs from the letter's first marker (A: residential) to the second
    assert [r["points"] for r in a["routes"]] == [["2,-1", "-1,-1"]]


def test_changing_lines_costs_three_minutes_and_both_lines_score():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1"])
    raw_line(state, 1, 0, ["0,-3", "0,-2", "0,-1", "1,-1", "2,-1", "3,-1"])
    stations(state, "-1,-1", "0,-1", "2,-1")
    a = trip(final_scores(state), "A")
    assert a["minutes"] == 1 + 3 + 1
    assert a["scorers"] == [6, 6]
    assert a["routes"][0]["points"] == ["2,-1", "0,-1", "-1,-1"]
    assert a["routes"][0]["lines"] == [[1, 0], [0, 0]]


def test_riding_one_line_through_stations_beats_changing():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    raw_line(state, 1, 0, ["0,-3", "0,-2", "0,-1", "0,0"])
    stations(state, "-1,-1", "0,-1", "1,-1", "2,-1")
    a = trip(final_scores(state), "A")
    assert a["minutes"] == 3 and a["scorers"] == [6, 0]


def test_several_equally_fast_routes_all_count():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    raw_line(state, 1, 0, ["-1,-1", "0,-2", "1,-2", "2,-2", "2,-1"], done=True)
    stations(state, "-1,-1", "2,-1")
    a = trip(final_scores(state), "A")
    assert a["minutes"] == 1
    assert a["scorers"] == [6, 6]
    assert len(a["routes"]) == 2 and a["lines"] == [[0, 0], [1, 0]]


def test_a_player_scores_a_trip_once():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    raw_line(state, 0, 1, ["-1,-1", "0,-2", "1,-2", "2,-2", "2,-1"], done=True)
    stations(state, "-1,-1", "2,-1")
    assert trip(final_scores(state), "A")["scorers"] == [6, 0]


def test_both_markers_at_one_station_take_zero_minutes():
    state = game_with_city(2)
    place(state, 0, "AR", "u2,-2")
    place(state, 1, "AC", "d1,-2")   # (a plain space here: only its corners matter)
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    stations(state, "2,-1")
    a = trip(final_scores(state), "A")
    assert a["minutes"] == 0 and a["scorers"] == [6, 0]


def test_guilty_for_a_marker_never_placed():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    stations(state, "-1,-1", "2,-1")
    result = final_scores(state)
    b = trip(result, "B")                       # BC (seat 0) and BE (seat 1) never placed
    assert b["guilty"] == [0, 1] and b["problem"] == "unplaced"
    assert b["scorers"] == [-GUILT_PENALTY, -GUILT_PENALTY]
    place(state, 1, "BE", "u2,2")
    stations(state, "2,2")
    b = trip(final_scores(state), "B")
    assert b["guilty"] == [0] and b["scorers"] == [-6, 0]


def test_guilty_for_a_marker_no_station_touches():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"])
    stations(state, "2,-1")                     # nothing touches seat 1's AC on d-2,-2
    a = trip(final_scores(state), "A")
    assert a["guilty"] == [1] and a["problem"] == "no_station" and a["scorers"] == [0, -6]


def test_both_placers_guilty_when_no_route_exists():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "-1,0"])
    raw_line(state, 1, 0, ["3,-3", "3,-2", "2,-1", "2,0"])
    stations(state, "-1,-1", "2,-1")
    a = trip(final_scores(state), "A")
    assert a["minutes"] is None and a["guilty"] == [0, 1] and a["problem"] == "no_route"
    assert a["scorers"] == [-6, -6]


def test_park_lake_test_scores_five_for_each_player_on_the_route():
    state = game_with_city(2)
    raw_line(state, 1, 1, ["-2,2", "-1,2", "0,2", "0,3"])
    stations(state, "-1,2", "0,2")
    result = final_scores(state)
    assert result["park_lake"]["minutes"] == 1
    assert result["park_lake"]["scorers"] == [0, 5]
    assert result["breakdown"][1]["park_lake"] == 5


def test_line_adjustment_of_station_points():
    state = game_with_city(3)
    state.station_points = [7, 7, 7]
    for k in (0, 1):
        state.line(0, k).done = True
    state.line(1, 0).done = True
    result = final_scores(state)
    assert [b["line_adjustment"] for b in result["breakdown"]] == [0, -3, -7]
    assert [b["stations"] for b in result["breakdown"]] == [7, 7, 7]


def test_totals_add_up():
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"], done=True)
    stations(state, "-1,-1", "2,-1")
    state.station_points = [5, 2]
    result = final_scores(state)
    for seat, b in enumerate(result["breakdown"]):
        assert b["total"] == result["scores"][seat] == (
            b["stations"] + b["line_adjustment"] + b["trip_points"] + b["guilt"]
            + b["park_lake"])
    # seat 0: 5 - 2 (one line) + 6 (A) - 6 * 4 (B, C, D, E, F unplaced... all but A)
    assert result["scores"][0] == 5 - 2 + 6 - 6 * 5


def test_tie_breaks_lines_then_tunnels_then_shared():
    b = [{"lines_completed": 1, "tunnels": 20}, {"lines_completed": 2, "tunnels": 10}]
    assert winners([10, 10], b) == [1]
    b = [{"lines_completed": 2, "tunnels": 20}, {"lines_completed": 2, "tunnels": 10}]
    assert winners([10, 10], b) == [0]
    b = [{"lines_completed": 2, "tunnels": 20}, {"lines_completed": 2, "tunnels": 20}]
    assert winners([10, 10], b) == [0, 1]
    assert winners([9, 10], b) == [1]


def test_game_winners_use_the_tie_breaks():
    state = game_with_city(2)
    raw_line(state, 0, 0, ["-3,-1", "-2,-1"], done=True)
    state.phase = OVER
    result = GAME.scores(state)
    assert result["scores"][0] == result["scores"][1]    # every trip impossible for both
    assert GAME.winners(state) == [0]                    # seat 0 completed a line


def test_park_lake_without_a_route_scores_nothing():
    state = game_with_city(2)
    raw_line(state, 1, 1, ["-2,2", "-1,2", "-1,1"])
    raw_line(state, 0, 0, ["0,3", "0,2", "1,2"])
    stations(state, "-1,2", "0,2")
    result = final_scores(state)
    assert result["park_lake"]["minutes"] is None
    assert result["park_lake"]["scorers"] == [0, 0]


def test_final_totals_are_the_final_scores_without_the_listings():
    """The bots' fast scoring agrees with ``final_scores`` on every position of random games
    (2-4 players: trips possible, impossible, guilty, the park-lake test), and on the
    scenarios above."""
    checked = 0
    for players in (2, 3, 4):
        for seed in range(6):
            state = GAME.new_game(GAME.make_config(players, []), seed)
            rng = Rng(seed)
            while True:
                expected = final_scores(state)
                assert final_totals(state) == expected["scores"]
                trips = [sum(t["scorers"][seat] for t in expected["trips"])
                         + expected["park_lake"]["scorers"][seat] for seat in range(players)]
                assert trip_totals(state) == trips
                checked += 1
                if GAME.is_over(state):
                    break
                seat = state.turn
                GAME.play(state, seat, GAME.random_move(state, seat, rng))
    state = trip_a_state()
    raw_line(state, 0, 0, ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"], done=True)
    stations(state, "-1,-1", "2,-1")
    state.station_points = [5, 2]
    assert final_totals(state) == final_scores(state)["scores"]
    assert final_totals(state)[0] == 5 - 2 + 6 - 6 * 5
    assert checked > 200

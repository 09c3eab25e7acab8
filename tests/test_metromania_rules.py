"""Metromania scenario tests: starting, extending, turns, special spaces, markers, ending,
blocked lines, stations (every case of the page), intermediate and free stations, the dig.

Positions are built with ``game.rules.metromania.scenario`` on the fixed city
DEFAULT_CITY (pieces 0-5 in slots 0-5, unrotated). Seat 0 holds the left column of markers
(AR BC CE DR EC FE), seat 1 the right column (AC BE CR DC EE FR).
"""

import pytest

from game.rules.core import IllegalMove
from game.rules.metromania import GAME
from game.rules.metromania.city import BLACK_ARROWS, WHITE_ARROWS
from game.rules.metromania.digs import max_dig
from game.rules.metromania.lattice import (POINT_BY_NAME, POINT_NAMES, SIDE_POSITION,
                                           SPACE_BY_NAME)
from game.rules.metromania.lines import TurnContext, continuations, is_blocked, problem
from game.rules.metromania.moves import Bonus, Dig, Station, Tunnel
from game.rules.metromania.scenario import (build, game_with_city, start, step, tunnel_in,
                                            walk)
from game.rules.metromania.state import BONUS, BUILD

P = POINT_BY_NAME
EAST_ROW = ["-3,-1", "-2,-1", "-1,-1", "0,-1", "1,-1", "2,-1", "3,-1"]


def code_of(state, seat, tunnel, ctx=None):
    found = problem(state, seat, tunnel, ctx or TurnContext(True))
    return found and found[0]


def east_line(state, upto="3,-1", side=0):
    """Seat 0's solid line: from side 3 (white arrow d-5,-2) east along r = -1, below it."""
    build(state, 0, [start(0, "d-5,-2", "-5,-1")])
    walk(state, 0, 0, EAST_ROW[:EAST_ROW.index(upto) + 1], side=side)


def station_names(state):
    return {POINT_NAMES[p]: seat for p, seat in state.stations.items()}


# -- starting -----------------------------------------------------------------------------

def test_a_line_starts_in_a_white_arrow_from_its_boundary_point():
    state = game_with_city()
    events = build(state, 0, [start(0, "d-5,-2", "-5,-1")])
    line = state.line(0, 0)
    assert [POINT_NAMES[p] for p in line.points] == ["-5,-1", "-4,-1"]
    assert line.start_side == 3 and state.terminals == {P["-5,-1"]: 1}
    assert events[0]["kind"] == "line_start"
    # a black arrow or a plain space cannot start a line
    fresh = game_with_city()
    assert code_of(fresh, 0, start(0, "d-4,-3", "-4,-2")) == "start_white"
    assert code_of(fresh, 0, tunnel_in(0, "u0,0", "0,0", "1,0")) == "start_white"


def test_first_turn_starts_exactly_one_line():
    state = game_with_city()
    first = start(0, "d-5,-2", "-5,-1")
    second = start(1, "u2,3", "3,3")
    assert code_of(state, 0, second, TurnContext(False)) == "solid_first"
    build(state, 0, [first])
    assert code_of(state, 0, second, TurnContext(False)) == "one_line_first_turn"
    # through the game: a first-turn dig starting both lines is refused
    fresh = game_with_city()
    dig = Dig((first, second))
    with pytest.raises(IllegalMove) as info:
        GAME.check(fresh, 0, dig)
    assert info.value.code == "one_line_first_turn"
    assert all(t.line == 0 for move in GAME.legal_moves(fresh, 0) for t in move.tunnels)


@pytest.mark.parametrize("space,origin,allowed", [
    ("u2,3", "3,3", True),      # side 0: opposite side 3
    ("d-2,5", "-2,6", True),    # side 1
    ("d5,-3", "6,-3", True),    # side 5
    ("u1,-6", "1,-6", False),   # side 4: adjacent
    ("u-6,4", "-6,4", False),   # side 2: adjacent
    ("d-3,-4", "-3,-3", False),  # side 3: the same side
])
def test_second_line_starts_away_from_the_first(space, origin, allowed):
    state = game_with_city()
    east_line(state, "-2,-1")
    tunnel = start(1, space, origin)
    assert code_of(state, 0, tunnel) == (None if allowed else "start_side")


def _take_far_white_arrows(state, sides=(5, 0, 1), keep=None):
    """Occupy the white arrows on ``sides`` (as other players' line starts would), except
    the space named ``keep``."""
    for s in WHITE_ARROWS:
        if SIDE_POSITION[s][0] in sides and s != (keep and SPACE_BY_NAME[keep]):
            state.space_line[s] = 3      # taken by seat 1's striped line


def test_second_line_start_side_has_no_exception():
    # issue 18: the seed's "unless every arrow is taken" is for ending only
    state = game_with_city()
    east_line(state, "-2,-1")            # first line started on side 3
    _take_far_white_arrows(state, keep="d5,-3")
    # the one free white arrow on an allowed side (5) still starts the line ...
    assert code_of(state, 0, start(1, "d5,-3", "6,-3")) is None
    # ... and the adjacent side stays shut while it is free
    assert code_of(state, 0, start(1, "u1,-6", "1,-6")) == "start_side"
    starts = continuations(state, 0, 1, TurnContext(True))
    assert starts and {t.space for t in starts} == {SPACE_BY_NAME["d5,-3"]}
    assert not is_blocked(state, 0, 1)
    _take_far_white_arrows(state)
    # no white arrow left on sides 5, 0, 1: the adjacent (4, 2) and same (3) sides stay shut,
    # and the refusal says why
    for space, origin in (("u1,-6", "1,-6"), ("u-6,4", "-6,4"), ("d-3,-4", "-3,-3")):
        assert code_of(state, 0, start(1, space, origin)) == "start_none"
    with pytest.raises(IllegalMove) as info:
        build(state, 0, [start(1, "u1,-6", "1,-6")])
    assert "cannot start" in info.value.message and "blocked" in info.value.message
    assert continuations(state, 0, 1, TurnContext(True)) == []
    assert is_blocked(state, 0, 1)


def test_a_second_line_that_cannot_start_ends_building_and_scores_as_not_completed():
    from game.rules.metromania.scoring import lines_completed, station_score
    state = game_with_city()
    east_line(state, "-2,-1")
    state.line(0, 0).done = True                  # seat 0's solid line counts as completed
    stuck = state.line(1, 0)                      # seat 1's solid line used all its tunnels
    stuck.points, stuck.index, stuck.spaces = [1], {1: 0}, [0] * 18
    assert not GAME.building_ends(state)          # 2 of the 3 lines two players need
    _take_far_white_arrows(state)
    assert is_blocked(state, 0, 1)
    assert GAME.building_ends(state)              # seat 0's unstartable striped line counts
    # for scoring it is a line not completed: one line done loses half the station points
    state.station_points[0] = 5
    assert lines_completed(state, 0) == 1 and station_score(state, 0) == (5, 2)


# -- extending ---------------------------------------------------------------------------

def test_extend_only_from_the_moving_end():
    state = game_with_city()
    east_line(state, "0,-1")
    # the edge (-2,-1)-(-2,0) touches the line but not at its end
    assert code_of(state, 0, tunnel_in(0, "d-3,-1", "-2,-1", "-3,0")) == "not_at_end"
    assert code_of(state, 0, step(state, 0, 0, "1,-1")) is None


def test_no_loop_back_to_a_point_of_the_line():
    state = game_with_city()
    east_line(state, "1,-1")
    walk(state, 0, 0, ["1,0", "0,1", "-1,1", "-1,0"])
    assert code_of(state, 0, step(state, 0, 0, "0,-1")) == "loop"


def test_sixty_degrees_always_but_acute_only_at_a_station():
    state = game_with_city()
    east_line(state, "1,-1")
    assert code_of(state, 0, step(state, 0, 0, "1,0")) is None        # 60 degrees
    assert code_of(state, 0, step(state, 0, 0, "2,-2")) is None       # 60 degrees the other way
    assert code_of(state, 0, step(state, 0, 0, "0,0")) == "acute"     # 120 degrees, no station
    assert code_of(state, 0, step(state, 0, 0, "1,-2")) == "acute"


def test_acute_turn_allowed_at_a_station():
    state = game_with_city()
    east_line(state)
    build(state, 1, [start(0, "u1,-6", "1,-6")])
    walk(state, 1, 0, ["2,-5", "2,-4", "2,-3", "2,-2", "2,-1"])
    assert P["2,-1"] in state.stations                  # joined seat 0's line
    assert code_of(state, 1, step(state, 1, 0, "3,-2")) is None   # 120 degrees at the station
    away = game_with_city()
    build(away, 1, [start(0, "u1,-6", "1,-6")])
    walk(away, 1, 0, ["2,-5", "2,-4", "2,-3", "2,-2", "2,-1"])
    assert code_of(away, 1, step(away, 1, 0, "3,-2")) == "acute"


def test_no_tunnel_in_lake_park_or_along_the_boundary():
    state = game_with_city()
    build(state, 0, [start(0, "u2,3", "3,3")])
    walk(state, 0, 0, ["2,2", "2,1"])
    assert code_of(state, 0, tunnel_in(0, "d1,0", "2,1", "2,0")) == "lake_park"
    assert code_of(state, 0, tunnel_in(0, "u2,0", "2,1", "2,0")) is None
    park = state.city.park[0]
    assert code_of(state, 0, Tunnel(0, park, 0)) == "lake_park"
    # u5,0 is the corner space of side 0; its class-2 edge is on the boundary
    assert code_of(state, 0, tunnel_in(0, "u5,0", "6,0", "5,1")) == "boundary"


def test_white_arrow_spaces_only_start_lines():
    state = game_with_city()
    build(state, 0, [start(0, "u4,1", "5,1")])
    walk(state, 0, 0, ["3,2", "2,3"])
    assert code_of(state, 0, tunnel_in(0, "u2,3", "2,3", "2,4")) == "white_arrow"


def test_occupied_space_refused_and_two_lines_share_an_edge():
    state = game_with_city()
    east_line(state, "0,-1", side=0)
    build(state, 1, [start(0, "u1,-6", "1,-6")])
    walk(state, 1, 0, ["0,-4", "0,-3", "0,-2", "0,-1"])
    used = tunnel_in(0, "u-1,-1", "-1,-1", "0,-1")
    assert state.space_line[used.space] == 0
    # the line may run alongside seat 0's on the other space of the edge (0,-1)-(1,-1) ...
    build(state, 1, [tunnel_in(0, "d0,-2", "0,-1", "1,-1")])
    # ... but a third line can never use that edge again
    assert code_of(state, 0, tunnel_in(0, "d0,-2", "0,-1", "1,-1")) == "occupied"


# -- destinations and markers --------------------------------------------------------------

def test_destination_needs_a_marker_of_its_type():
    state = game_with_city()
    east_line(state, "1,-1")
    walk(state, 0, 0, ["2,-1"], side=0)
    # u2,-2 is residential: seat 0 holds AR and DR
    bare = tunnel_in(0, "u2,-2", "2,-1", "3,-2")
    assert code_of(state, 0, bare) == "marker_needed"
    assert code_of(state, 0, tunnel_in(0, "u2,-2", "2,-1", "3,-2", "B")) == "marker_missing"
    assert code_of(state, 0, tunnel_in(0, "u2,-2", "2,-1", "3,-2", "A")) is None
    assert code_of(state, 0, tunnel_in(0, "d2,-2", "2,-1", "3,-2", "A")) == "no_destination"
    options = continuations(state, 0, 0, TurnContext(True))
    assert {t.marker for t in options if t.space == SPACE_BY_NAME["u2,-2"]} == {"A", "D"}
    marked = TurnContext(True, marker_used=True)
    assert code_of(state, 0, tunnel_in(0, "u2,-2", "2,-1", "3,-2", "A"), marked) == "one_marker"
    events = build(state, 0, [tunnel_in(0, "u2,-2", "2,-1", "3,-2", "A")])
    assert state.placed[SPACE_BY_NAME["u2,-2"]] == ("AR", 0) and "AR" not in state.hands[0]
    assert any(e["kind"] == "marker" for e in events)


def test_same_letters_never_touch():
    # in this city the entertainment d-5,3 and the residential u-4,4 share a corner
    city = [[0, 0], [1, 2], [2, 0], [3, 0], [4, 0], [5, 0]]
    state = game_with_city(city=city)
    assert state.city.kind[SPACE_BY_NAME["d-5,3"]] == "E"
    assert state.city.kind[SPACE_BY_NAME["u-4,4"]] == "R"
    state.placed[SPACE_BY_NAME["d-5,3"]] = ("CE", 0)
    state.hands[0].remove("CE")
    build(state, 1, [start(0, "d-4,5", "-4,6")])
    walk(state, 1, 0, ["-3,4"])
    assert code_of(state, 1, tunnel_in(0, "u-4,4", "-3,4", "-4,4", "C")) == "same_letter_touch"
    assert code_of(state, 1, tunnel_in(0, "u-4,4", "-3,4", "-4,4", "F")) is None


def test_one_marker_per_turn_in_a_dig():
    state = game_with_city()
    east_line(state, "1,-1")
    walk(state, 0, 0, ["2,-1"], side=0)
    state.turn = 0
    two = Dig((tunnel_in(0, "u2,-2", "2,-1", "3,-2", "A"),
               tunnel_in(0, "d2,-3", "3,-2", "3,-3"),
               tunnel_in(0, "d2,-4", "3,-3", "3,-4", "D")))
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, two)
    assert info.value.code == "one_marker" and "Tunnel 3" in str(info.value)


# -- ending ------------------------------------------------------------------------------

def _to_black_arrow(state):
    east_line(state)
    walk(state, 0, 0, ["3,0", "3,1", "3,2"])


def test_a_line_ends_from_the_inner_corner_of_a_black_arrow():
    state = game_with_city()
    _to_black_arrow(state)
    ending = tunnel_in(0, "u3,2", "3,2", "3,3")
    assert code_of(state, 0, ending) is None
    events = build(state, 0, [ending])
    line = state.line(0, 0)
    assert line.done and line.end_side == 0 and state.terminals[P["3,3"]] == 1
    assert any(e["kind"] == "line_end" for e in events)
    assert code_of(state, 0, step(state, 0, 0, "4,2")) == "line_done"


def test_a_line_may_not_end_on_its_start_side_or_next_to_it():
    state = game_with_city()
    build(state, 0, [start(0, "u4,1", "5,1")])
    walk(state, 0, 0, ["3,2"])
    ending = tunnel_in(0, "u3,2", "3,2", "3,3")
    assert code_of(state, 0, ending) == "end_side"
    # the exception: every black arrow on the allowed sides (2, 3, 4) is taken
    for s in BLACK_ARROWS:
        if SIDE_POSITION[s][0] in (2, 3, 4):
            state.space_line[s] = 2
    assert code_of(state, 0, ending) is None


def test_blocked_line_and_tunnel_supply():
    state = game_with_city()
    east_line(state, "1,-1")
    assert not is_blocked(state, 0, 0)
    end = state.line(0, 0).points[-1]
    from game.rules.metromania.lattice import SPACES_AT_POINT
    for s in SPACES_AT_POINT[end]:
        if state.space_line[s] < 0:
            state.space_line[s] = 2
    assert is_blocked(state, 0, 0)
    other = game_with_city()
    east_line(other, "1,-1")
    other.line(0, 0).spaces.extend([0] * (18 - len(other.line(0, 0).spaces)))
    assert is_blocked(other, 0, 0)
    assert code_of(other, 0, step(other, 0, 0, "2,-1")) == "no_tunnels"


# -- stations ----------------------------------------------------------------------------

def _down_q2(state, upto="2,-1"):
    """Seat 1's solid line from side 4 (u1,-6) down the column q = 2."""
    build(state, 1, [start(0, "u1,-6", "1,-6")])
    path = ["2,-5", "2,-4", "2,-3", "2,-2", "2,-1", "2,0"]
    walk(state, 1, 0, path[:path.index(upto) + 1])


def test_station_when_a_line_joins_another_and_it_scores_touching_destinations():
    state = game_with_city()
    east_line(state)
    _down_q2(state, "2,-2")
    assert state.stations == {}
    events = walk(state, 1, 0, ["2,-1"])
    assert station_names(state) == {"2,-1": 1}
    # (2,-1) is a corner of one destination space (the residential u2,-2)
    assert state.station_points == [0, 1]
    assert [e["points"] for e in events if e["kind"] == "station"] == [1]


def test_crossing_makes_one_station():
    state = game_with_city()
    east_line(state)
    _down_q2(state, "2,0")
    assert station_names(state) == {"2,-1": 1}


def test_lines_of_the_same_player_make_stations():
    state = game_with_city()
    east_line(state)
    build(state, 0, [start(1, "u2,3", "3,3")])
    walk(state, 0, 1, ["2,2", "2,1", "2,0", "2,-1"])
    assert station_names(state) == {"2,-1": 0}
    assert state.station_points[0] == 1


def test_touching_at_an_end_makes_a_station():
    state = game_with_city()
    east_line(state, "1,-1")                     # seat 0's moving end at (1,-1)
    build(state, 1, [start(0, "u1,-6", "1,-6")])
    walk(state, 1, 0, ["1,-4", "1,-3", "1,-2", "1,-1"])
    assert station_names(state) == {"1,-1": 1}


def _alongside(side_change: bool):
    """Seat 1 joins seat 0's line at (0,-1), runs alongside it to (2,-1)."""
    state = game_with_city()
    build(state, 0, [start(0, "d-5,-2", "-5,-1")])
    walk(state, 0, 0, EAST_ROW[:5], side=0)                       # to (1,-1), below
    walk(state, 0, 0, ["2,-1"], side=1 if side_change else 0)
    walk(state, 0, 0, ["3,-1"], side=0)
    build(state, 1, [start(0, "u1,-6", "1,-6")])
    walk(state, 1, 0, ["0,-4", "0,-3", "0,-2", "0,-1"])
    return state


@pytest.mark.parametrize("side_change", [False, True])
def test_running_alongside_makes_no_station_and_splitting_off_does(side_change):
    state = _alongside(side_change)
    assert station_names(state) == {"0,-1": 1}                    # the join
    walk(state, 1, 0, ["1,-1"])
    assert station_names(state) == {"0,-1": 1}, "undecided while the end is alongside"
    walk(state, 1, 0, ["2,-1"])
    assert station_names(state) == {"0,-1": 1}, "alongside through (1,-1): no station"
    tunnels = [state.space_line[s] for s in state.line(1, 0).spaces[-2:]]
    assert tunnels == [2, 2]
    walk(state, 1, 0, ["2,0"])                                    # splits off at (2,-1)
    assert station_names(state) == {"0,-1": 1, "2,-1": 1}
    assert state.station_points[1] == 1


def test_undecided_end_becomes_a_station_when_it_leaves_the_other_line():
    state = _alongside(False)
    walk(state, 1, 0, ["1,-1"])
    assert P["1,-1"] not in state.stations
    walk(state, 1, 0, ["1,0"])                                    # leaves at (1,-1)
    assert P["1,-1"] in state.stations and state.stations[P["1,-1"]] == 1


def test_no_station_marker_left_means_no_station():
    state = game_with_city()
    east_line(state)
    for i in range(30):
        state.stations[1000 + i] = 0
    _down_q2(state, "2,-1")
    assert P["2,-1"] not in state.stations


# -- intermediate stations, the free station, the dig -----------------------------------

def test_intermediate_station_only_between_two_stations_of_the_line():
    state = game_with_city()
    east_line(state)
    _down_q2(state, "2,-1")                 # station at (2,-1); the start marker at (-5,-1)
    state.turn = 0
    GAME.check(state, 0, Station(0, P["-1,-1"]))
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, Station(0, P["3,-1"]))   # beyond the last station
    assert info.value.code == "station_place"
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, Station(0, P["2,-1"]))   # already a station
    events = GAME.apply(state, 0, Station(0, P["-1,-1"]))
    assert events[0]["points"] == 1 and state.station_points[0] == 1
    assert state.turn == 1
    # seat 1's line: its start marker and the station at (2,-1) frame the points between
    assert Station(0, P["2,-3"]) in GAME.legal_moves(state, 1)


def test_completing_a_line_offers_the_free_station_then_closes_the_line():
    state = game_with_city()
    _to_black_arrow(state)
    state.turn = 0
    digs = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Dig)
            and m.tunnels[0] == tunnel_in(0, "u3,2", "3,2", "3,3")]
    assert digs and all(len(m.tunnels) == 3 for m in digs)
    dig = digs[0]
    assert [t.line for t in dig.tunnels] == [0, 1, 1]     # then the striped line starts
    GAME.apply(state, 0, dig)
    assert state.phase == BONUS and GAME.to_act(state) == (0,)
    offers = GAME.legal_moves(state, 0)
    assert Bonus(0, -1) in offers and Bonus(0, P["-1,-1"]) in offers
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, Station(0, P["-1,-1"]))
    GAME.apply(state, 0, Bonus(0, P["-1,-1"]))
    assert state.phase == BUILD and state.turn == 1 and state.station_points[0] == 1
    assert state.line(0, 0).closed
    state.turn = 0
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, Station(0, P["0,-1"]))
    assert info.value.code == "line_closed"


def test_a_dig_has_three_tunnels_unless_fewer_are_possible():
    state = game_with_city()
    two = Dig((start(0, "d-5,-2", "-5,-1"), tunnel_in(0, "u-4,-1", "-4,-1", "-3,-1")))
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, two)
    assert info.value.code == "dig_more" and info.value.args_dict["needed"] == 3
    # only one tunnel is possible: everything else is taken
    east_line(state, "0,-1")
    keep = tunnel_in(0, "u0,-1", "0,-1", "1,-1")
    for s in range(len(state.space_line)):
        if state.space_line[s] < 0 and s != keep.space:
            state.space_line[s] = 3
    assert max_dig(state, 0) == 1
    moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Dig)]
    # the one free space u0,-1 has two edges at the line's end
    other = tunnel_in(0, "u0,-1", "0,-1", "0,0")
    assert moves == [Dig((keep,)), Dig((other,))]
    GAME.check(state, 0, Dig((keep,)))


def test_tunnels_may_be_split_between_the_two_lines():
    state = game_with_city()
    east_line(state, "0,-1")
    state.turn = 0
    dig = Dig((step(state, 0, 0, "1,-1"), start(1, "u2,3", "3,3"),
               tunnel_in(1, "d1,2", "2,3", "2,2")))
    GAME.check(state, 0, dig)
    GAME.apply(state, 0, dig)
    assert len(state.line(0, 1).spaces) == 2 and state.turn == 1


def test_check_never_changes_the_state_and_names_the_tunnel():
    from game.rules.core import state_hash
    state = game_with_city()
    before = state_hash(GAME, state)
    bad = Dig((start(0, "d-5,-2", "-5,-1"), tunnel_in(0, "u0,0", "0,0", "1,0"),
               tunnel_in(0, "u1,0", "1,0", "2,0")))
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, bad)
    assert "Tunnel 2" in str(info.value) and info.value.code == "not_at_end"
    assert state_hash(GAME, state) == before

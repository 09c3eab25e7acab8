"""Railroad Ink scoring examples worked out by hand from the rules page, written in notation.

Orientation reminders: road-straight/0 runs N–S, /1 runs E–W; road-curve/0 joins N–W, /1 N–E,
/2 E–S, /3 S–W; road-tee/0 has N E S, /1 E S W, /2 S W N.
"""

import pytest

from game.rules.core import IllegalMove
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import exits_score


def score(text, expansion=None):
    config = GAME.make_config(1, [expansion] if expansion else [])
    return GAME.score_notation(text, config, 1)


ROW_D_HIGHWAY = " ".join(f"road-straight@D{c}/1" for c in range(1, 8))


def test_exit_table():
    assert [exits_score(n) for n in range(0, 13)] == [0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36,
                                                       40, 45]


def test_straight_highway_between_two_exits():
    # 7 cells, exits D1 and D7 (one network: 4), centre D3 D4 D5
    assert score(ROW_D_HIGHWAY) == {"exits": 4, "longest_highway": 7, "longest_railway": 0,
                                    "centre": 3, "errors": 0, "total": 14}


def test_station_joins_highway_and_railway_networks():
    text = ("rail-straight@A4/0 station-straight@B4/2 road-straight@C4/0 road-straight@D4/0 "
            "road-straight@E4/0 road-straight@F4/0 station-straight@G4/0")
    # one network through two stations touching the railway exits A4 and G4
    assert score(text) == {"exits": 4, "longest_highway": 6, "longest_railway": 2,
                           "centre": 3, "errors": 0, "total": 15}


def test_overpass_keeps_networks_apart_but_counts_for_both_routes():
    cross = ("road-straight@D1/1 road-straight@D2/1 road-straight@D3/1 rail-straight@A4/0 "
             "rail-straight@B4/0 rail-straight@C4/0 {centre}@D4/1 road-straight@D5/1 "
             "road-straight@D6/1 road-straight@D7/1 rail-straight@E4/0 rail-straight@F4/0 "
             "rail-straight@G4/0")
    over = score(cross.format(centre="overpass"))
    assert over == {"exits": 8, "longest_highway": 7, "longest_railway": 7, "centre": 5,
                    "errors": 0, "total": 27}
    # the special station-cross joins both: one network touching 4 exits scores 12
    station = score(cross.format(centre="special-station-cross"))
    assert station["exits"] == 12 and station["total"] == 31


def test_open_end_is_an_error_border_is_not():
    # curve N–E at A2: north meets the exit, east faces the empty A3
    assert score("road-curve@A2/1") == {"exits": 0, "longest_highway": 1, "longest_railway": 0,
                                        "centre": 0, "errors": 1, "total": 0}


def test_branches_do_not_add_to_the_longest_highway():
    # tee at D2 with arms D1 (exit), D3, and E2-F2 down: longest simple path is 4 of 5 cells
    text = ("road-straight@D1/1 road-tee@D2/1 road-straight@D3/1 road-straight@E2/0 "
            "road-straight@F2/0")
    assert score(text) == {"exits": 0, "longest_highway": 4, "longest_railway": 0, "centre": 1,
                           "errors": 2, "total": 3}


def test_a_loop_counts_each_cell_once():
    text = "road-tee@A2/2 road-curve@A1/2 road-curve@B2/0 road-curve@B1/1"
    result = score(text)
    assert result["longest_highway"] == 4
    assert result["errors"] == 0
    assert result["total"] == 4


def test_three_exit_network_and_mismatch_errors():
    # highway D1 -> D7 and a branch up column 6 to the A6 highway exit: 3 exits = 8
    text = ("road-straight@D1/1 road-straight@D2/1 road-straight@D3/1 road-straight@D4/1 "
            "road-straight@D5/1 road-tee@D6/3 road-straight@D7/1 road-straight@C6/0 "
            "road-straight@B6/0 road-straight@A6/0")
    # road-tee/3 has W N E: the tee joins D5, C6 and D7
    result = score(text)
    assert result["exits"] == 8
    assert result["longest_highway"] == 10 - 1  # D1..D6 then up to A6 (9) vs D1..D7 (7)
    assert result["errors"] == 0
    assert result["total"] == 8 + 9 + 3


def test_longest_railway_through_a_station_special():
    # special-rail-3 (H R R R) turned so railway runs W–E–S and highway N
    text = ("rail-straight@B1/1 special-rail-3@B2/0 rail-straight@B3/1 rail-straight@C2/0")
    result = score(text)
    # special-rail-3/0: N=H E=R S=R W=R; railway path B1-B2-B3 or B1-B2-C2 -> 3 cells
    assert result["longest_railway"] == 3
    assert result["longest_highway"] == 1
    # errors: B2 north H faces the empty A2, B3 east and C2 south face empty cells
    assert result["errors"] == 3


@pytest.mark.parametrize("text, code, number", [
    ("road-straight@D4/0", "not_connected", 1),
    ("rail-straight@A2/0", "route_mismatch", 1),
    ("road-straight@D1/1 road-straight@D1/1", "cell_taken", 2),
    ("road-straight@D1/1 rail-straight@D2/1", "route_mismatch", 2),
    ("road-straight@D1/1 special-road-cross@D2/0 special-road-cross@D3/0", "special_used", 3),
    ("road-straight@D1/1 special-road-cross@D2/0 special-road-3@D3/0 "
     "special-station-cross@D4/1 special-station-corner@D5/0", "special_limit", 5),
    ("road-straight@D1/1 nonsense", "notation", 2),
    ("road-straight@D1/1 river-straight@C1/0", "face_not_in_game", 2),
    ("road-straight@D1/1 end", "sheet_only", 2),
])
def test_illegal_placements_are_named(text, code, number):
    with pytest.raises(IllegalMove) as info:
        score(text)
    assert info.value.code == code
    assert info.value.args_dict["number"] == number
    assert f"Placement {number} (" in str(info.value)

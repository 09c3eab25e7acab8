"""Railroad Ink expansions: hand-worked scores and the special cases of each expansion."""

import pytest

from game.rules.core import IllegalMove
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.meteor import meteor_path
from game.rules.railroad_ink.moves import (Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo,
                                           parse_move)
from game.rules.railroad_ink.sheet import CELL_INDEX, CELL_NAMES, CRATER, EMPTY, Sheet
from tests import railroad_ink_support as support
from tests.railroad_ink_support import refusal


def score(text, expansion):
    return GAME.score_notation(text, GAME.make_config(1, [expansion]), 1)


def game_with_roll(expansion, dice, meteor=None, players=1):
    return support.game_with_roll(dice, players, [expansion], seed=3, meteor=meteor)


def put(sheet, text):
    for token in text.split():
        move = parse_move(token)
        if isinstance(move, Draw):
            sheet.put(move.cell, FACE_INDEX[move.face], move.o)
        else:
            sheet.clear(move.cell, crater=True)


def moves_of(state, seat=0):
    return [str(m) for m in GAME.legal_moves(state, seat)]


# -- River ------------------------------------------------------------------------------------

def test_river_across_the_sheet_scores_cells_plus_both_ends_bonus():
    # row C: no exits at C1 and C7 (a river may not meet an exit, which is a route end)
    text = " ".join(f"river-straight@C{c}/1" for c in range(1, 8))
    assert score(text, "river") == {"exits": 0, "longest_highway": 0, "longest_railway": 0,
                                    "centre": 3, "errors": 0, "river": 10, "total": 13}


def test_river_open_ends_are_errors_and_best_river_is_chosen():
    # a lone curve (1 cell, 2 open ends) and a straight touching the left border (1 open end)
    result = score("river-curve@C3/0 river-straight@C1/1", "river")
    assert result["river"] == 1
    assert result["errors"] == 3


def test_river_bridge_crossing():
    text = ("road-straight@D1/1 river-bridge-road@D2/0 road-straight@D3/1 river-straight@C2/0 "
            "river-straight@E2/0")
    # highway D1-D2-D3 runs over the bridge, the river C2-D2-E2 under it (two open ends)
    assert score(text, "river") == {"exits": 0, "longest_highway": 3, "longest_railway": 0,
                                    "centre": 1, "errors": 1 + 2, "river": 3, "total": 4}


@pytest.mark.parametrize("text", [
    "road-straight@D1/1 river-straight@D2/1",      # river meets a highway
    "river-straight@A2/0",                          # river meets the A2 highway exit
    "river-straight@D3/1 rail-straight@D4/1",       # a route meets a river
])
def test_river_never_meets_routes(text):
    with pytest.raises(IllegalMove) as info:
        score(text, "river")
    assert info.value.code in ("river_meets_route", "not_connected")
    assert info.value.code == "river_meets_route" or "rail" in text


def test_river_dice_are_optional_in_a_round():
    state = game_with_roll("river", ["road-straight", "road-curve", "road-tee", "overpass",
                                     "river-curve", "river-straight"])
    for text in ("road-straight@D1/1", "road-curve@A2/1", "road-tee@G2/0", "overpass@D2/1"):
        GAME.apply(state, 0, parse_move(text))
    assert "end" in moves_of(state)
    assert not any(m.startswith("skip:river") for m in moves_of(state))
    assert refusal(state, 0, Skip("river-curve")).code == "skip_optional"
    GAME.apply(state, 0, End())
    assert state.round == 2


# -- Lake -------------------------------------------------------------------------------------

def test_forced_lake_fill_and_smallest_lake():
    # a third lake-1 in a route die's slot, set by hand: the case under test is the fill
    state = game_with_roll("lake", ["road-straight", "road-curve", "lake-1", "overpass",
                                    "lake-1", "lake-1"])
    GAME.apply(state, 0, parse_move("lake-1@B3/2"))
    GAME.apply(state, 0, parse_move("lake-1@C2/1"))
    assert state.seats[0].sheet.cells[CELL_INDEX["C3"]] == EMPTY
    events = GAME.apply(state, 0, parse_move("lake-1@C4/3"))
    assert {"kind": "lake_fill", "seat": 0, "cell": "C3"} in events
    cells = state.seats[0].sheet.cells
    assert cells[CELL_INDEX["C3"]] >> 3 == FACE_INDEX["lake-full"]
    assert GAME.scores(state)["breakdown"][0]["lake"] == 4
    # undo takes the fill back with the drawing that caused it
    GAME.apply(state, 0, Undo())
    assert state.seats[0].sheet.cells[CELL_INDEX["C3"]] == EMPTY


def test_forced_fills_cascade_in_notation():
    # B2 gets lake sides from A2 (S), B1 (E), B3 (W) -> filled; then C2... only with 3 sides
    text = "lake-1@A2/2 lake-1@B1/1 lake-1@B3/3"
    result = score(text, "lake")
    assert result["lake"] == 4
    # lake-full at B2 shows a lake side south to C2; add C1 (E) and C3 (W) -> C2 fills too
    result = score(text + " lake-1@C1/1 lake-1@C3/3", "lake")
    assert result["lake"] == 7


def test_stations_on_one_lake_are_connected_for_exits():
    text = ("lake-pier-road@D1/3 " + " ".join(f"lake-3@D{c}/0" for c in range(2, 7))
            + " lake-pier-road@D7/1")
    assert score(text, "lake") == {"exits": 4, "longest_highway": 1, "longest_railway": 0,
                                   "centre": 3, "errors": 0, "lake": 7, "total": 15}


def test_route_meeting_an_open_lake_side_is_neither_error_nor_connection():
    result = score("road-straight@D1/1 lake-1@D2/3", "lake")
    assert result == {"exits": 0, "longest_highway": 1, "longest_railway": 0, "centre": 0,
                      "errors": 0, "lake": 1, "total": 2}
    with pytest.raises(IllegalMove) as info:
        score("lake-3@D2/0 road-straight@D3/1", "lake")   # meets only the lake: not connected
    assert info.value.code == "not_connected"


# -- Meteor -----------------------------------------------------------------------------------

def test_meteor_path_bounces_and_skips_craters_like_the_seed_example():
    # "3 west: border, empty(1), crater(2), dot crater(3), route(4)" -> the route is hit
    sheet = Sheet()
    put(sheet, "road-straight@D4/1 crater@D2 crater@D3")
    sheet.dot = CELL_INDEX["D3"]
    path = meteor_path(sheet, "W", 3)
    assert [CELL_NAMES[c] for c in path] == ["D2", "D1", "D1", "D2", "D3", "D4"]


def test_first_meteor_starts_from_d4():
    sheet = Sheet()
    assert [CELL_NAMES[c] for c in meteor_path(sheet, "N", 3)] == ["C4", "B4", "A4"]
    assert [CELL_NAMES[c] for c in meteor_path(sheet, "E", 1)] == ["D5"]


def test_meteor_round_strike_direction_and_erasure():
    state = game_with_roll("meteor", ["road-straight", "road-curve", "road-tee", "overpass"],
                           meteor=["E", 3])
    assert moves_of(state)[:1] == ["meteor:E"]
    assert all(m.startswith(("meteor:", "ignore-meteor:")) for m in moves_of(state))
    assert refusal(state, 0, "road-straight@D1/1").code == "meteor_first"
    assert refusal(state, 0, Meteor("N")).code == "meteor_direction"
    put(state.seats[0].sheet, "road-straight@D7/1")
    events = GAME.apply(state, 0, Meteor("E"))
    assert events[0]["path"] == ["D5", "D6", "D7"] and events[0]["crater"] == "D7"
    assert events[0]["erased"] == "road-straight"
    sheet = state.seats[0].sheet
    assert sheet.cells[CELL_INDEX["D7"]] == CRATER and sheet.dot == CELL_INDEX["D7"]
    # a crater may be drawn over; the dot stays
    GAME.apply(state, 0, parse_move("road-straight@D7/1"))
    assert sheet.cells[CELL_INDEX["D7"]] >= 0 and sheet.dot == CELL_INDEX["D7"]


def test_meteor_any_direction_is_the_players_choice():
    state = game_with_roll("meteor", ["road-straight", "road-curve", "road-tee", "overpass"],
                           meteor=["any", 1])
    assert [m for m in moves_of(state) if m.startswith("meteor:")] == [
        "meteor:N", "meteor:E", "meteor:S", "meteor:W"]


def test_ignoring_the_meteor_spends_the_rounds_special():
    state = game_with_roll("meteor", ["road-straight", "road-curve", "road-tee", "overpass"],
                           meteor=["N", 2])
    GAME.apply(state, 0, IgnoreMeteor("special-road-cross"))
    sheet = state.seats[0].sheet
    assert sheet.specials == ["special-road-cross"] and sheet.dot == -1
    assert CRATER not in sheet.cells
    assert GAME.specials_status(state, 0)["special-road-cross"] == "this_round"
    assert not any(m.startswith("special-") for m in moves_of(state))
    assert refusal(state, 0, "special-rail-cross@B1/0").code == "special_this_round"


def test_route_ends_facing_a_crater_score_two_and_are_no_errors():
    assert score("road-straight@D1/1 crater@D2", "meteor") == {
        "exits": 0, "longest_highway": 1, "longest_railway": 0, "centre": 0, "errors": 0,
        "meteor": 2, "total": 3}
    # the crater erased the middle of a highway: both ends face it, nothing connects through
    result = score("road-straight@D1/1 road-straight@D2/1 road-straight@D3/1 crater@D2",
                   "meteor")
    assert result["meteor"] == 4 and result["longest_highway"] == 1
    assert result["errors"] == 1   # D3's east end faces the empty D4


# -- Volcano ----------------------------------------------------------------------------------

def test_volcano_scores_closed_region_and_largest_region():
    text = "volcano@A1/0 lava-corner@A2/3 lava-corner@B1/3"
    # A1+A2+B1 closed by the border: +5, largest region 3; D4's volcano has 4 open sides
    assert score(text, "volcano") == {"exits": 0, "longest_highway": 0, "longest_railway": 0,
                                      "centre": 1, "errors": 4, "volcano": 8, "total": 5}


@pytest.mark.parametrize("text, code", [
    ("lava-corner@A1/0", "lava_not_joined"),
    ("volcano@C4/0", "volcano_near_lava"),
    ("lava-straight@C4/0 volcano@B4/0", "volcano_near_lava"),
    ("lava-straight@C4/0 volcano@B5/0 volcano@B4/0", "volcano_near_lava"),  # B5: diagonal, fine
])
def test_volcano_sheet_rules(text, code):
    with pytest.raises(IllegalMove) as info:
        score(text, "volcano")
    assert info.value.code == code


def test_first_lava_die_is_mandatory_second_optional():
    state = game_with_roll("volcano", ["road-straight", "road-curve", "road-tee", "overpass",
                                       "lava-straight", "lava-corner"])
    for text in ("road-straight@D1/1", "road-curve@A2/1", "road-tee@G2/0", "overpass@D2/1"):
        GAME.apply(state, 0, parse_move(text))
    assert "end" not in moves_of(state)
    assert refusal(state, 0, End()).code == "dice_left"
    GAME.apply(state, 0, parse_move("lava-straight@C4/0"))
    assert "end" in moves_of(state)          # the second lava die is optional
    assert GAME.remaining_dice(state, 0) == [("lava-corner", False)]


def test_lava_without_room_new_volcano_erase_or_skip():
    state = game_with_roll("volcano", ["road-straight", "road-curve", "road-tee", "overpass",
                                       "lava-straight", "lava-straight"])
    sheet = state.seats[0].sheet
    # surround the D4 volcano with routes whose sides face it with nothing
    put(sheet, "road-straight@C4/1 road-straight@E4/1 road-straight@D3/0 road-straight@D5/0")
    sheet.specials.clear()
    moves = moves_of(state)
    assert not any(m.startswith("lava-") for m in moves)
    assert any(m.startswith("volcano@") for m in moves)          # a new volcano is possible
    erasable = sorted(m for m in moves if m.startswith("erase@"))
    assert erasable == ["erase@C4", "erase@D3", "erase@D5", "erase@E4"]
    assert refusal(state, 0, Skip("lava-straight")).code == "lava_make_room"
    assert refusal(state, 0, Erase(CELL_INDEX["A1"])).code == "erase_cell"
    events = GAME.apply(state, 0, Erase(CELL_INDEX["C4"]))
    assert events == [{"kind": "erase", "seat": 0, "cell": "C4", "face": "road-straight"}]
    GAME.apply(state, 0, parse_move("lava-straight@C4/0"))
    assert state.seats[0].lava_done
    # erasing is only for lava that cannot be drawn
    assert refusal(state, 0, Erase(CELL_INDEX["E4"])).code == "erase_not_needed"


def test_lava_die_may_be_skipped_only_when_nothing_makes_room():
    state = game_with_roll("volcano", ["road-straight", "road-curve", "road-tee", "overpass",
                                       "lava-straight", "lava-straight"])
    sheet = state.seats[0].sheet
    # lava next to the volcano only through lake-free lava faces that point away: fill the
    # whole sheet with lava-straight/1 (E–W) except the volcano, so no cell is free
    for cell in range(49):
        if sheet.cells[cell] == EMPTY:
            sheet.put(cell, FACE_INDEX["lava-straight"], 1)
    moves = moves_of(state)
    assert "skip:lava-straight" in moves
    GAME.apply(state, 0, Skip("lava-straight"))
    assert "skip:lava-straight" not in moves_of(state)   # the second one is optional


def test_new_volcano_once_per_round():
    state = game_with_roll("volcano", ["road-straight", "road-curve", "road-tee", "overpass",
                                       "lava-straight", "lava-corner"])
    GAME.apply(state, 0, parse_move("volcano@A1/0"))
    assert refusal(state, 0, "volcano@G7/0").code == "volcano_this_round"
    GAME.apply(state, 0, parse_move("lava-straight@B1/0"))   # joins the new volcano
    assert state.seats[0].lava_done


def test_combining_expansions_is_refused():
    from game.rules.core import ConfigError
    with pytest.raises(ConfigError, match="cannot be combined"):
        GAME.make_config(2, ["lake", "river"])


def test_meteor_status_previews_the_paths():
    state = game_with_roll("meteor", ["road-straight", "road-curve", "road-tee", "overpass"],
                           meteor=["any", 2])
    status = GAME.meteor_status(state, 0)
    assert status["pending"] and status["dot"] is None
    assert status["paths"] == {"N": ["C4", "B4"], "E": ["D5", "D6"], "S": ["E4", "F4"],
                               "W": ["D3", "D2"]}
    GAME.apply(state, 0, Meteor("S"))
    status = GAME.meteor_status(state, 0)
    assert not status["pending"] and status["dot"] == "F4"
    assert GAME.meteor_status(game_with_roll("lake", ["road-straight"] * 4), 0) is None

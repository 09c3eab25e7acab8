"""Railroad Ink base rules: setup, simultaneous rounds, skipping, specials, undo, view."""

import pytest

from game.rules.core import ConfigError, IllegalMove, canonical_bytes, state_hash
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX, JUNCTION_DIE, ROUTE_DIE, SPECIALS
from game.rules.railroad_ink.moves import Draw, End, Skip, Undo, parse_move
from game.rules.railroad_ink.sheet import CELL_INDEX, EMPTY
from tests.railroad_ink_support import game_with_roll, play, refusal

BASE_ROLL = ["road-straight", "rail-curve", "road-tee", "station-straight"]


def test_config_and_setup():
    assert GAME.make_config(3, []) == {"players": 3, "variants": []}
    assert GAME.make_config(1, ["meteor"]) == {"players": 1, "variants": ["meteor"]}
    for bad in (0, 33):
        with pytest.raises(ConfigError):
            GAME.make_config(bad, [])
    with pytest.raises(ConfigError, match="unknown"):
        GAME.make_config(2, ["desert"])
    state = GAME.new_game(GAME.make_config(4, []), 5)
    assert state.rounds == 7 and state.round == 1
    assert GAME.new_game(GAME.make_config(4, ["lake"]), 5).rounds == 6
    assert GAME.to_act(state) == (0, 1, 2, 3)
    assert all(face in ROUTE_DIE for face in state.dice[:3]) and state.dice[3] in JUNCTION_DIE
    assert GAME.name == "railroad-ink" and GAME.simultaneous
    assert (GAME.min_players, GAME.max_players) == (1, 32)


def test_all_seats_share_the_roll_and_the_next_roll_waits_for_everybody():
    state = game_with_roll(BASE_ROLL, players=3)
    plays = ("road-straight@D1/1", "rail-curve@B1/3", "road-tee@A2/0", "station-straight@B2/0")
    for seat in (0, 1, 2):
        for text in plays:
            GAME.apply(state, seat, parse_move(text))
    play(state, 1, "end")
    assert GAME.to_act(state) == (0, 2)
    assert refusal(state, 1, "special-road-cross@D2/0").code == "round_done"
    play(state, 0, "end")
    events = play(state, 2, "end")
    assert state.round == 2 and GAME.to_act(state) == (0, 1, 2)
    roll = [e for e in events if e["kind"] == "roll"]
    assert roll == [{"kind": "roll", "round": 2, "dice": state.dice}]


def test_orientations_turn_clockwise_and_mirror_first():
    from game.rules.railroad_ink.orientation import ORIENTED_SIDES
    curve = ORIENTED_SIDES[FACE_INDEX["rail-curve"]]          # R..R: north and west
    assert [curve[o] for o in range(4)] == [(2, 0, 0, 2), (2, 2, 0, 0), (0, 2, 2, 0),
                                            (0, 0, 2, 2)]
    assert curve[4] == (2, 2, 0, 0)       # mirrored: north and east
    assert curve[5] == (0, 2, 2, 0)       # mirrored, then one turn: east and south
    state = game_with_roll(BASE_ROLL)
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, parse_move("rail-curve@B1/5"))   # B1's exit is on the west
    play(state, 0, "rail-curve@B1/3")                             # west and south
    cell = CELL_INDEX["B1"]
    assert state.seats[0].sheet.sides[cell * 4:cell * 4 + 4] == [0, 0, 2, 2]


def test_mandatory_dice_must_be_drawn_before_ending():
    state = game_with_roll(BASE_ROLL)
    refused = refusal(state, 0, End())
    assert refused.code == "dice_left"
    assert "road-straight" in str(refused)
    assert "end" not in [str(m) for m in GAME.legal_moves(state, 0)]
    play(state, 0, "road-straight@D1/1", "rail-curve@F1/6", "road-tee@G2/0",
         "station-straight@D2/3")
    assert GAME.can_end(state, 0)


def test_skip_only_when_the_die_has_no_legal_cell():
    state = game_with_roll(BASE_ROLL)
    assert refusal(state, 0, Skip("road-straight")).code == "skip_has_cell"
    sheet = state.seats[0].sheet
    # fill every cell but D4 with N–S highways: D4 sees highway north and south only
    for cell in range(49):
        if cell != CELL_INDEX["D4"]:
            sheet.put(cell, FACE_INDEX["road-straight"], 0)
    moves = [str(m) for m in GAME.legal_moves(state, 0)]
    assert "road-straight@D4/0" in moves
    assert "skip:rail-curve" in moves and "skip:road-straight" not in moves
    play(state, 0, "skip:rail-curve", "road-straight@D4/0")
    # now nothing fits anywhere: the two remaining dice may be skipped, then end
    assert sorted(str(m) for m in GAME.legal_moves(state, 0)) == [
        "skip:road-tee", "skip:station-straight", "undo"]
    play(state, 0, "skip:road-tee", "skip:station-straight", "end")
    assert state.round == 2


def test_skip_of_a_die_not_rolled_is_refused():
    state = game_with_roll(BASE_ROLL)
    assert refusal(state, 0, Skip("overpass")).code == "no_such_die"
    assert refusal(state, 0, "overpass@D1/1").code == "no_such_die"


def test_two_dice_with_the_same_face():
    state = game_with_roll(["road-straight", "road-straight", "rail-tee", "overpass"])
    play(state, 0, "road-straight@D1/1", "road-straight@D2/1")
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, parse_move("road-straight@D3/1"))
    assert GAME.remaining_dice(state, 0) == [("rail-tee", True), ("overpass", True)]


def test_specials_one_per_round_each_once_three_per_game():
    state = game_with_roll(BASE_ROLL)
    play(state, 0, "road-straight@D1/1", "special-road-cross@D2/0")
    status = GAME.specials_status(state, 0)
    assert status["special-road-cross"] == "this_round"
    assert status["special-rail-cross"] == "unavailable"
    assert refusal(state, 0, "special-road-3@D3/0").code == "special_this_round"
    play(state, 0, "rail-curve@F1/6", "road-tee@G2/0", "station-straight@D3/3", "end")
    assert GAME.specials_status(state, 0)["special-road-cross"] == "used"
    assert GAME.specials_status(state, 0)["special-road-3"] == "available"
    assert refusal(state, 0, "special-road-cross@C2/0").code == "special_used"
    # two more specials in two more rounds, then none is available any more
    state.seats[0].sheet.specials += ["special-rail-cross", "special-road-3"]
    assert set(GAME.specials_status(state, 0).values()) == {"used", "unavailable"}
    assert refusal(state, 0, "special-rail-3@B1/1").code == "special_limit"
    assert not any(isinstance(m, Draw) and m.face in SPECIALS
                   for m in GAME.legal_moves(state, 0))


def test_undo_takes_back_the_last_drawing_of_this_round_only():
    state = game_with_roll(BASE_ROLL)
    before = state_hash(GAME, state)
    play(state, 0, "road-straight@D1/1")
    after_first = state_hash(GAME, state)
    events = play(state, 0, "special-road-cross@D2/0", "undo")
    assert events[-1] == {"kind": "undo", "seat": 0, "move": "special-road-cross@D2/0"}
    assert state_hash(GAME, state) != before
    sheet = state.seats[0].sheet
    assert sheet.cells[CELL_INDEX["D2"]] == EMPTY and sheet.specials == []
    assert state.seats[0].round_moves == ["road-straight@D1/1"]
    play(state, 0, "undo")
    assert state_hash(GAME, state) == before
    assert refusal(state, 0, Undo()).code == "nothing_to_undo"
    play(state, 0, "road-straight@D1/1", "rail-curve@F1/6", "road-tee@G2/0",
         "station-straight@D2/3", "end")
    assert after_first != before
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, Undo())    # a new round: nothing of it to undo


def test_illegal_moves_change_nothing_and_name_the_cell():
    state = game_with_roll(BASE_ROLL)
    before = state_hash(GAME, state)
    refused = refusal(state, 0, "road-straight@D4/0", apply=True)
    assert refused.code == "not_connected" and refused.args_dict["cell"] == "D4"
    refused = refusal(state, 0, "rail-curve@A2/1", apply=True)
    assert refused.code == "route_mismatch"
    assert refused.args_dict == {"cell": "A2", "mine": "railway", "theirs": "highway",
                                 "side": "N"}
    assert refusal(state, 0, "meteor:N", apply=True).code == "no_meteor"
    assert refusal(state, 0, "crater@D4", apply=True).code == "crater_sheet_only"
    assert state_hash(GAME, state) == before


def test_legal_moves_list_distinct_orientations_and_check_accepts_any():
    state = game_with_roll(BASE_ROLL)
    moves = [str(m) for m in GAME.legal_moves(state, 0)]
    assert "road-straight@D1/1" in moves and "road-straight@D1/3" not in moves
    GAME.check(state, 0, parse_move("road-straight@D1/3"))    # same drawing as /1
    placements = GAME.legal_placements(state, 0, "road-straight")
    assert placements["D1"] == [1] and "D4" not in placements
    assert GAME.legal_orientations(state, 0, "road-straight", "A2") == [0]
    assert GAME.legal_placements(state, 0, "overpass") == {}


def test_game_ends_after_seven_rounds():
    state = game_with_roll(BASE_ROLL, players=2)
    rounds = 0
    while GAME.to_act(state):
        for seat in GAME.to_act(state):
            while True:
                moves = GAME.legal_moves(state, seat)
                draws = [m for m in moves if isinstance(m, Skip)
                         or (isinstance(m, Draw) and m.face not in SPECIALS)]
                if draws:
                    GAME.apply(state, seat, draws[0])
                else:
                    events = GAME.apply(state, seat, End())
                    break
        rounds += 1
    assert rounds == 7 and state.over and GAME.is_over(state)
    assert events[-1]["kind"] == "game_over"
    assert GAME.legal_moves(state, 0) == []
    assert refusal(state, 0, End()).code == "game_over"


def test_view_hides_only_the_future_rolls():
    a = GAME.new_game(GAME.make_config(2, []), 1)
    b = GAME.clone(a)
    b.rng.next_u32()          # same game, different future dice
    assert canonical_bytes(GAME.encode(a)) != canonical_bytes(GAME.encode(b))
    for seat in (0, 1, None):
        assert canonical_bytes(GAME.encode(GAME.view(a, seat))) == \
            canonical_bytes(GAME.encode(GAME.view(b, seat)))
    view = GAME.view(a, 0)
    assert view.dice == a.dice
    assert [str(m) for m in GAME.legal_moves(view, 0)] == \
        [str(m) for m in GAME.legal_moves(a, 0)]


def test_winners_tie_break_on_fewest_errors():
    state = game_with_roll(BASE_ROLL, players=3)
    # seat 0: exits D1..D7 straight highway = 14 points, 0 errors
    for c in range(1, 8):
        state.seats[0].sheet.put(CELL_INDEX[f"D{c}"], FACE_INDEX["road-straight"], 1)
    # seat 1: a tee in D4 with a spur up to C4 whose north end is open: +1 centre, 1 error
    for c in range(1, 8):
        state.seats[1].sheet.put(CELL_INDEX[f"D{c}"], FACE_INDEX["road-straight"], 1)
    state.seats[1].sheet.put(CELL_INDEX["D4"], FACE_INDEX["road-tee"], 3)
    state.seats[1].sheet.put(CELL_INDEX["C4"], FACE_INDEX["road-straight"], 0)
    result = GAME.scores(state)
    assert result["scores"][:2] == [14, 14]
    assert result["breakdown"][1]["errors"] == 1
    assert result["details"][0]["exit_networks"] == [2]
    assert GAME.winners(state) == [0]

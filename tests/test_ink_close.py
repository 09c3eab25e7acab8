"""Closable open ends (issue 16): an open route end that a single die face can tie off (towards
the border, or meeting another open end) costs the planner less before the last round than one
that faces the open middle of the sheet, where every extension leaves a new open end."""

from game.bots.ink_close import SCALE, hard_ends
from game.bots.ink_plan import Weights, evaluate, plan_round
from game.bots.ink_reach import ReachNetworks, empty_and_faced
from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.moves import Draw
from game.rules.railroad_ink.sheet import CELL_INDEX, Sheet
from tests.test_ink_reach import drawn

# the term is opt-in (measured no better for hard, see ink_close): these weights switch it on
NO_REACH = Weights(reach=(0,) * 8, hard_end=(0, 50, 25, 10, 0, 0, 0, 0))
NO_REACH_NO_CLOSE = Weights(reach=(0,) * 8)


def hard(sheet: Sheet) -> int:
    return hard_ends(sheet, empty_and_faced(sheet)[1])


def test_an_end_facing_the_middle_is_hard_one_facing_a_corner_is_easy():
    # a straight highway down from exit A2: its end faces B2, whose other sides face empty
    # cells: every face that meets it leaves a new open end
    assert hard(drawn(("road-straight", "A2", 0))) == SCALE
    # a curve from A2 turned west faces corner A1: many faces close it
    west = drawn(("road-curve", "A2", 0))
    east = drawn(("road-curve", "A2", 1))
    assert hard(west) < hard(east)
    # two ends facing D2 from opposite sides: a straight joins them (5/6 cubed of the rolls
    # have none); D3's other end faces D4 in the middle and counts in full
    joined = drawn(("road-straight", "D1", 1), ("road-straight", "D3", 1))
    assert hard(joined) == SCALE + 2 * (SCALE * 125 // 216)


def test_a_dead_end_in_the_middle_counts_in_full():
    # an overpass's railway ends face C3 and C5 across the empty middle; the highway ends face
    # B4 and D4; the rail end into C3 can only be extended (and faces nothing else)
    sheet = drawn(("rail-straight", "A4", 0), ("rail-straight", "B4", 0), ("overpass", "C4", 1))
    assert hard(sheet) >= 2 * SCALE - SCALE // 10


def test_the_planner_prefers_the_end_it_can_still_close():
    west = drawn(("road-curve", "A2", 0))
    east = drawn(("road-curve", "A2", 1))
    # the same exits, centre and open ends: only the closability term tells them apart
    assert evaluate(west, 1, NO_REACH_NO_CLOSE) == evaluate(east, 1, NO_REACH_NO_CLOSE)
    assert evaluate(west, 1, NO_REACH) > evaluate(east, 1, NO_REACH)
    # and the last round is scored exactly: no such term there
    assert evaluate(west, 0, NO_REACH) == evaluate(east, 0, NO_REACH)


def test_the_plan_turns_a_curve_towards_the_border_before_the_last_round():
    # a highway down from exit A6 and a curve to draw at B6: turned west it faces B5 in the
    # middle; turned east it faces B7 on the border, where a station straight would tie it to
    # the railway exit (no route face can: the exit is a railway)
    sheet = drawn(("road-straight", "A6", 0))
    curve = [FACE_INDEX["road-curve"]]
    ends = []
    for weights in (NO_REACH, NO_REACH_NO_CLOSE):
        _, plan = plan_round(sheet, curve, False, 1, 10, weights)
        face, cell, o = plan[0]
        after = sheet.copy()
        after.put(cell, face, o)
        ends.append((cell, hard(after)))
    assert ends[0] == (CELL_INDEX["B6"], SCALE * 2 // 3)
    # without the term the two turns tie and the first found (west) is kept
    assert ends[1] == (CELL_INDEX["B6"], SCALE)


def test_hard_ends_over_random_playouts_is_bounded_by_the_open_ends():
    rng = Rng(5)
    for game_index in range(3):
        state = GAME.new_game(GAME.make_config(1, []), 40 + game_index)
        while not GAME.is_over(state):
            moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Draw)
                     and not m.face.startswith("special")]
            move = moves[rng.below(len(moves))] if moves else None
            if move is None:
                move = next(m for m in GAME.legal_moves(state, 0)
                            if type(m).__name__ in ("Skip", "End"))
            GAME.apply(state, 0, move)
            sheet = state.seats[0].sheet
            nets = ReachNetworks.of(sheet)
            assert 0 <= hard(sheet) <= nets.open_ends * SCALE


def test_specials_beyond_the_rounds_left_are_worth_nothing_with_the_cap():
    # one special a round: with 2 rounds to come only 2 of 3 unused specials can be drawn
    capped = Weights(special_each=(0, 200, 170, 150, 140, 130, 120, 120))
    three, two, one = drawn(("road-straight", "A2", 0)), drawn(("road-straight", "A2", 0)), \
        drawn(("road-straight", "A2", 0))
    two.specials.append("special-road-cross")
    one.specials += ["special-road-cross", "special-rail-cross"]
    assert evaluate(three, 2, capped) == evaluate(two, 2, capped)
    assert evaluate(two, 2, capped) - evaluate(one, 2, capped) == 170
    # the default counts every unused special
    assert evaluate(three, 2) > evaluate(two, 2)

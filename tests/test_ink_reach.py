"""Exit reach (issue 16): how many drawings the open route ends need to reach each free exit,
kept up to date one drawn face at a time, and the planner's use of it (a sheet whose open end
points at a free exit is worth more than one whose open end points into a corner)."""

from game.bots.ink_plan import Weights, evaluate
from game.bots.ink_reach import ReachNetworks, empty_and_faced, exit_reach
from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.moves import Draw
from game.rules.railroad_ink.sheet import CELL_INDEX, Sheet

NO_REACH = Weights(reach=(0,) * 8)


def drawn(*placements: tuple[str, str, int]) -> Sheet:
    sheet = Sheet()
    for face, cell, o in placements:
        sheet.put(CELL_INDEX[cell], FACE_INDEX[face], o)
    return sheet


def test_distances_from_the_open_ends_to_the_free_exits():
    assert exit_reach(Sheet()) == []
    # a straight highway down from exit A2: its open end faces B2; exit B1 is 2 drawings away
    # (B2, then B1), A4 and D1 are 4 away, the rest farther than MAX_REACH
    assert exit_reach(drawn(("road-straight", "A2", 0))) == [2, 4, 4]
    # an open end facing the exit cell itself: 1 drawing (a rail from exit A4 turned west, then
    # along row B towards exit B1)
    sheet = drawn(("rail-straight", "A4", 0), ("rail-curve", "B4", 0),
                  ("rail-straight", "B3", 1), ("rail-straight", "B2", 1))
    assert exit_reach(sheet)[0] == 1
    # a drawn exit cell is no longer free: B1 drawn leaves it out
    sheet.put(CELL_INDEX["B1"], FACE_INDEX["rail-straight"], 1)
    assert 1 not in exit_reach(sheet)


def test_incremental_masks_equal_the_rebuilt_ones_over_random_playouts():
    rng = Rng(3)
    checked = 0
    for seed in range(6):
        state = GAME.new_game(GAME.make_config(1), seed)
        nets = ReachNetworks.of(state.seats[0].sheet)
        while not state.over:
            move = GAME.random_move(state, 0, rng)
            GAME.play(state, 0, move)
            sheet = state.seats[0].sheet
            if isinstance(move, Draw):
                nets = nets.copy()
                nets.add(sheet, move.cell)
            else:
                nets = ReachNetworks.of(sheet)
            assert (nets.empty, nets.faced) == empty_and_faced(sheet)
            assert exit_reach(sheet, nets) == exit_reach(sheet)
            checked += 1
    assert checked > 100


def test_an_open_end_towards_a_free_exit_is_worth_more():
    """The same drawings, the second one straight on towards free exits B1 and D1 (3 drawings
    each) or turned east (A4 in 3, the others farther): without the reach term both are worth
    the same, with it the one with more exits near its open end is better."""
    towards = drawn(("road-straight", "A2", 0), ("road-straight", "B2", 0))
    corner = drawn(("road-straight", "A2", 0), ("road-curve", "B2", 1))
    assert evaluate(towards, 4, NO_REACH) == evaluate(corner, 4, NO_REACH)
    assert evaluate(towards, 4) > evaluate(corner, 4)

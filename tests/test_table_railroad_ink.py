"""Railroad Ink at a LAN table (issue 13): every round's roll is a chance step of the table.

The simulation is the generic one (``tests/table_simulation.py``) with Railroad Ink's dealer
(``tests/table_dealers.py``): whenever the table states wait on a roll, the outcome is what the
local game's Rng drew for that round; after every step all table states agree, each equals the
view of the local game, and none of them holds anything that predicts a future roll. Here:
more seeds and seats than the conformance suite runs, and the roll's specific refusals.
"""

import pytest

from game.rules.core import ChanceRequest, IllegalMove, Rng, canonical_bytes
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.moves import End
from tests.table_dealers import RailroadInkDealer
from tests.table_simulation import TableSimulation

VARIANTS = ([], ["river"], ["lake"], ["meteor"], ["volcano"])


def encoded(state) -> bytes:
    return canonical_bytes(GAME.encode(state))


def play_table(players: int, variants: list, seed: int) -> TableSimulation:
    """The generic table simulation with Railroad Ink's dealer (tests/table_dealers.py: each
    roll as the local game drew it, no future roll knowable from a table state, a move tells
    the table states what it told the local game but the roll)."""
    table = TableSimulation(GAME, GAME.make_config(players, variants), seed, RailroadInkDealer)
    table.play_out(Rng(seed * 7 + 1), max_steps=2000)
    assert table.chances == table.local.rounds
    return table


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: v[0] if v else "base")
def test_table_states_follow_the_local_game(variants):
    for seed, players in ((1, 1), (2, 2), (3, 3)):
        play_table(players, variants, seed)


def test_a_full_table_of_eight_seats():
    # the view check per step is quadratic in seats: eight play a whole game (the suite's
    # timeout bounds it; its speed is the bench's business, not a test's)
    table = play_table(8, ["meteor"], 9)
    assert GAME.is_over(table.local) and len(table.local.seats) == 8


def test_a_table_state_starts_waiting_for_the_first_roll():
    for variants, dice in ((["meteor"], 6), (["volcano"], 6), ([], 4)):
        state = GAME.new_table_game(GAME.make_config(3, variants), 123)
        assert GAME.to_act(state) == () and not GAME.is_over(state)
        assert state.round == 0 and state.dice == [] and state.meteor is None
        assert GAME.pending_chance(state) == ChanceRequest("roll", sides=(6,) * dice)
        assert GAME.piles(state.config) == {}
    # the public seed changes nothing: there is no public randomness at the start
    a = GAME.new_table_game(GAME.make_config(2, ["volcano"]), 1)
    b = GAME.new_table_game(GAME.make_config(2, ["volcano"]), 2)
    assert encoded(a) == encoded(b)


def test_local_play_never_waits_and_rolls_as_before():
    state = GAME.new_game(GAME.make_config(2, ["meteor"]), 5)
    # pinned: the first roll of seed 5 (the same dice as before the table code existed)
    assert GAME.roll_faces(state) == ["rail-straight", "rail-curve", "rail-curve",
                                      "station-straight", "meteor-E", "distance-1"]
    assert GAME.pending_chance(state) is None


def test_the_view_cannot_roll_and_waits_like_a_table():
    local = GAME.new_game(GAME.make_config(1, []), 4)
    view = GAME.view(local, 0)
    # it encodes like the placeholder views always had, so bots' view hashes are unchanged
    assert canonical_bytes(view.rng) == canonical_bytes(Rng(state=0))
    with pytest.raises(ValueError):
        view.rng.below(6)
    for state in (local, view):
        while not GAME.can_end(state, 0):
            GAME.apply(state, 0, GAME.legal_moves(state, 0)[0])
        GAME.apply(state, 0, End())
    assert local.round == 2 and GAME.pending_chance(local) is None
    assert view.round == 1 and GAME.to_act(view) == ()
    assert GAME.pending_chance(view) == ChanceRequest("roll", sides=(6,) * 4)


def waiting_table(variants=("river",)):
    state = GAME.new_table_game(GAME.make_config(2, list(variants)), 0)
    return state, GAME.pending_chance(state)


@pytest.mark.parametrize("outcome", [
    (0, 0, 0, 0, 0),            # one die short
    (0, 0, 0, 0, 0, 0, 0),      # one die too many
    (0, 0, 0, 6, 0, 0),         # a face past the die
    (0, -1, 0, 0, 0, 0),        # a negative face
    (0, True, 0, 0, 0, 0),      # a bool is no face index
    (0, "1", 0, 0, 0, 0),       # nor is text
    "000000",
    None,
])
def test_an_outcome_that_does_not_fit_the_roll_is_refused(outcome):
    state, request = waiting_table()
    before = encoded(state)
    with pytest.raises(IllegalMove) as info:
        GAME.apply_chance(state, request, outcome)
    assert info.value.code == "roll_faces"
    assert encoded(state) == before and GAME.pending_chance(state) == request


def test_another_request_or_a_roll_mid_round_is_refused():
    state, request = waiting_table()
    before = encoded(state)
    for wrong in (ChanceRequest("roll", sides=(6,) * 4), ChanceRequest("shuffle", pile="dice"),
                  ChanceRequest("deal", pile="dice", seat=0, count=6), "roll"):
        with pytest.raises(IllegalMove) as info:
            GAME.apply_chance(state, wrong, (0,) * 6)
        assert info.value.code == "roll_mismatch"
        assert encoded(state) == before
    GAME.apply_chance(state, request, (5, 4, 3, 2, 1, 0))
    assert state.dice == ["rail-tee", "rail-curve", "rail-straight", "station-straight",
                          "river-curve", "river-curve"]
    during = encoded(state)
    with pytest.raises(IllegalMove) as info:
        GAME.apply_chance(state, request, (0,) * 6)
    assert info.value.code == "roll_not_due"
    assert encoded(state) == during
    with pytest.raises(IllegalMove) as info:
        GAME.learn(state, 0, "dice", (1,))
    assert info.value.code == "ink_no_cards"


def test_moves_wait_for_the_roll_and_name_only_dice_of_the_roll():
    state, request = waiting_table(variants=())
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, End())
    assert info.value.code == "round_done"
    GAME.apply_chance(state, ChanceRequest("roll", sides=(6,) * 4), (0, 0, 0, 0))
    assert state.dice == ["road-straight"] * 3 + ["overpass"]
    with pytest.raises(IllegalMove) as info:   # a face the table did not roll
        GAME.check(state, 0, GAME.parse_move("rail-curve@A4/0"))
    assert info.value.code == "no_such_die"
    GAME.apply(state, 0, GAME.parse_move("road-straight@D1/1"))
    # the last end of a round: no roll event, the table waits for the next roll
    for seat in (0, 1):
        while not GAME.can_end(state, seat):
            GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    assert GAME.apply(state, 0, End()) == [{"kind": "round_done", "seat": 0, "round": 1}]
    assert GAME.apply(state, 1, End()) == [{"kind": "round_done", "seat": 1, "round": 1}]
    assert GAME.to_act(state) == () and GAME.pending_chance(state) == request

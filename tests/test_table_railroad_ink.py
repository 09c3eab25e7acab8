"""Railroad Ink at a LAN table (issue 13): every round's roll is a chance step of the table.

A table simulation: a local game (``new_game`` with a seed) is the omniscient dealer; one table
state per seat and one spectator state start from ``new_table_game``; whenever they wait on a
roll, the outcome is what the local game's Rng drew for that round; every move of the local
game goes to every table state. After every step all table states agree, each equals the view
of the local game, and none of them holds anything that predicts a future roll.
"""

import time

import pytest

from game.rules.core import ChanceRequest, IllegalMove, Rng, canonical_bytes
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.moves import End, Undo
from game.rules.railroad_ink.table import UnknownRolls, round_dice

VARIANTS = ([], ["river"], ["lake"], ["meteor"], ["volcano"])


def encoded(state) -> bytes:
    return canonical_bytes(GAME.encode(state))


def ints_in(value):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from ints_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from ints_in(item)


class Table:
    """The local dealer game and the table states of its seats and of one spectator."""

    def __init__(self, players: int, variants: list, seed: int) -> None:
        self.config = GAME.make_config(players, variants)
        self.local = GAME.new_game(self.config, seed)
        self.rng_before_roll = Rng(seed)            # what the local game rolled round 1 from
        self.viewers = list(range(players)) + [None]
        self.states = {seat: GAME.new_table_game(self.config, seed ^ 0x5EED)
                       for seat in self.viewers}
        self.rolls = 0
        self.resolve_chance()

    def resolve_chance(self) -> None:
        """Feed every pending roll to every table state, drawn as the local game drew it."""
        while True:
            requests = [GAME.pending_chance(state) for state in self.states.values()]
            assert all(request == requests[0] for request in requests)
            request = requests[0]
            if request is None:
                return
            for state in self.states.values():
                assert GAME.to_act(state) == ()
            assert request.kind == "roll"
            dice = round_dice(self.local.expansion)
            assert request.sides == tuple(len(die) for die in dice)
            outcome = tuple(self.rng_before_roll.below(len(die)) for die in dice)
            faces = [die[face] for die, face in zip(dice, outcome)]
            assert faces == self.local.dice + (self.local.meteor or []), \
                "the request's dice are not the local game's roll order"
            events = [GAME.apply_chance(state, request, outcome)
                      for state in self.states.values()]
            assert all(e == events[0] for e in events)
            assert events[0] == [{"kind": "roll", "round": self.local.round,
                                  "dice": GAME.roll_faces(self.local)}]
            self.rolls += 1

    def move(self, seat: int, move) -> None:
        GAME.check(self.states[seat], seat, move)     # the mover's own peer checks it
        self.rng_before_roll = self.local.rng.copy()
        local_events = GAME.apply(self.local, seat, move)
        for state in self.states.values():
            assert GAME.apply(state, seat, move) == [e for e in local_events
                                                    if e["kind"] != "roll"]
        assert GAME.pending_chance(self.local) is None
        self.resolve_chance()

    def assert_consistent(self) -> None:
        public = [canonical_bytes(GAME.public_encode(state)) for state in self.states.values()]
        assert all(p == public[0] for p in public)
        future = self.local.rng.state
        for viewer, state in self.states.items():
            assert encoded(state) == encoded(GAME.view(self.local, viewer))
            assert isinstance(state.rng, UnknownRolls)
            assert future not in set(ints_in(GAME.encode(state))), "a future roll is knowable"
            assert GAME.to_act(state) == GAME.to_act(self.local)
        for seat in GAME.to_act(self.local)[:1]:
            assert GAME.legal_moves(self.states[seat], seat) == GAME.legal_moves(self.local, seat)


def play_table(players: int, variants: list, seed: int) -> Table:
    table = Table(players, variants, seed)
    chooser = Rng(seed * 7 + 1)
    table.assert_consistent()
    steps = 0
    while not GAME.is_over(table.local):
        acting = GAME.to_act(table.local)
        seat = acting[chooser.below(len(acting))]
        moves = GAME.legal_moves(table.local, seat)
        ends = [m for m in moves if isinstance(m, End)]
        draws = [m for m in moves if not isinstance(m, (End, Undo))]
        undos = [m for m in moves if isinstance(m, Undo)]
        roll = chooser.below(20)
        if undos and roll == 0:
            move = undos[0]
        elif ends and (not draws or roll < 4):
            move = ends[0]
        else:
            move = chooser.choice(draws or moves)
        table.move(seat, move)
        table.assert_consistent()
        steps += 1
        assert steps < 2000
    for state in table.states.values():
        assert GAME.is_over(state)
        assert GAME.scores(state) == GAME.scores(table.local)
        assert GAME.winners(state) == GAME.winners(table.local)
    assert table.rolls == table.local.rounds
    return table


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: v[0] if v else "base")
def test_table_states_follow_the_local_game(variants):
    for seed, players in ((1, 1), (2, 2), (3, 3)):
        play_table(players, variants, seed)


def test_a_full_table_of_eight_seats():
    start = time.perf_counter()
    play_table(GAME.max_players, ["meteor"], 9)
    assert time.perf_counter() - start < 10


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

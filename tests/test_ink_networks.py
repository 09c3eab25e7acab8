"""Incremental route networks (issue 16): ``Networks`` updated one drawn face at a time (undo by
restoring a copy) always equals the from-scratch scoring (exit networks, route ends, centre),
over random playouts of the base game and every expansion."""

from hypothesis import given, settings, strategies as st

from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.networks import Networks
from game.rules.railroad_ink.scoring import exit_networks, route_ends
from game.rules.railroad_ink.sheet import CENTRE_CELLS, CRATER, EMPTY

EXPANSIONS = ("", "river", "lake", "meteor", "volcano")


def assert_matches(nets, sheet):
    assert nets.exit_counts() == exit_networks(sheet)
    assert nets.ends() == route_ends(sheet)
    assert nets.centre == sum(1 for cell in CENTRE_CELLS if sheet.cells[cell] >= 0)
    counts = exit_networks(sheet)
    assert nets.lone_exits == counts.count(1)
    assert nets.exit_points == sum(GAME_POINTS(n) for n in counts)


def GAME_POINTS(n):
    from game.rules.railroad_ink.faces import exits_score
    return exits_score(n) if n > 1 else 0


def follow(nets, old, new):
    """``nets`` (of sheet ``old``) brought to sheet ``new``: drawn cells one at a time on a
    shadow sheet, anything else (erased cell, new crater) rebuilt from scratch."""
    changed = [c for c in range(len(new.cells)) if old.cells[c] != new.cells[c]]
    if any(old.cells[c] >= 0 or new.cells[c] < 0 for c in changed):
        return Networks.of(new), True
    shadow = old.copy()
    for cell in changed:
        before = shadow.cells[cell]
        assert before in (EMPTY, CRATER)
        shadow.cells[cell] = new.cells[cell]
        shadow.sides[cell * 4:cell * 4 + 4] = new.sides[cell * 4:cell * 4 + 4]
        nets.add(shadow, cell, before)
        assert_matches(nets, shadow)
    return nets, False


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(EXPANSIONS), st.integers(0, 10 ** 9), st.integers(1, 2))
def test_incremental_equals_from_scratch(expansion, seed, players):
    config = GAME.make_config(players, [expansion] if expansion else [])
    state = GAME.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    nets = [Networks.of(seat.sheet) for seat in state.seats]
    added = 0
    while not state.over:
        seat = GAME.to_act(state)[0]
        before = [s.sheet.copy() for s in state.seats]
        GAME.play(state, seat, GAME.random_move(state, seat, rng))
        for index, seat_state in enumerate(state.seats):
            kept = nets[index].copy()          # undo by restoring: the copy stays as it was
            nets[index], rebuilt = follow(nets[index], before[index], seat_state.sheet)
            added += not rebuilt
            assert_matches(nets[index], seat_state.sheet)
            assert_matches(kept, before[index])
    assert added > 0


def test_copy_is_independent():
    state = GAME.new_game(GAME.make_config(1), 3)
    rng = Rng(4)
    nets = Networks.of(state.seats[0].sheet)
    while not state.seats[0].sheet.specials and not state.over:
        old = state.seats[0].sheet.copy()
        GAME.play(state, 0, GAME.random_move(state, 0, rng))
        snapshot = nets.copy()
        nets, _ = follow(nets, old, state.seats[0].sheet)
        assert_matches(snapshot, old)

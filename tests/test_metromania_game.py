"""Metromania as a whole: deals and variants, end of building per player count and the last
round, notation, hidden information, the client helpers, random-playout conformance with
invariants, and ``run.py score``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.rules.core import (ConfigError, IllegalMove, NotationError, Rng, canonical_bytes,
                             state_hash)
from game.rules.metromania import GAME
from game.rules.metromania.board_data import NO_CORRUPTION_HANDS, TWO_PLAYER_HANDS
from game.rules.metromania.lattice import EDGE_SPACES, POINT_NAMES, SPACE_BY_NAME
from game.rules.metromania.markers import ALL_MARKERS
from game.rules.metromania.moves import Bonus, Dig, Pass, Station, Tunnel
from game.rules.metromania.scenario import game_with_city, start, tunnel_in
from game.rules.metromania.state import OVER
from tests.conformance import configs_for, playout, replay

ROOT = Path(__file__).resolve().parent.parent


# -- configuration and deals ---------------------------------------------------------------

def test_config_errors():
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            GAME.make_config(bad)
    with pytest.raises(ConfigError, match="unknown"):
        GAME.make_config(3, ["fair"])
    with pytest.raises(ConfigError, match="3 or 4"):
        GAME.make_config(2, ["unfair"])
    with pytest.raises(ConfigError, match="not both"):
        GAME.make_config(4, ["unfair", "no-corruption"])
    assert GAME.make_config(4, ["unfair"]) == {"players": 4, "variants": ["unfair"]}


def test_two_player_hands_are_the_columns():
    state = GAME.new_game(GAME.make_config(2), 3)
    assert state.hands == [sorted(h) for h in TWO_PLAYER_HANDS]


@pytest.mark.parametrize("seed", range(6))
def test_four_player_deal_one_of_each_type_three_letters(seed):
    state = GAME.new_game(GAME.make_config(4), seed)
    assert sorted(k for hand in state.hands for k in hand) == sorted(ALL_MARKERS)
    for hand in state.hands:
        assert sorted(k[1] for k in hand) == ["C", "E", "R"]
        assert len({k[0] for k in hand}) == 3


@pytest.mark.parametrize("seed", range(6))
def test_three_player_deal_four_markers_each(seed):
    state = GAME.new_game(GAME.make_config(3), seed)
    assert sorted(k for hand in state.hands for k in hand) == sorted(ALL_MARKERS)
    for hand in state.hands:
        assert len(hand) == 4 and {k[1] for k in hand} == {"C", "E", "R"}


def test_deals_are_random_but_repeatable():
    config = GAME.make_config(4)
    deals = {tuple(map(tuple, GAME.new_game(config, seed).hands)) for seed in range(10)}
    assert len(deals) > 3
    assert GAME.new_game(config, 9).hands == GAME.new_game(config, 9).hands


@pytest.mark.parametrize("players", [3, 4])
def test_no_corruption_hands_are_fixed(players):
    state = GAME.new_game(GAME.make_config(players, ["no-corruption"]), 11)
    assert state.hands == [sorted(h) for h in NO_CORRUPTION_HANDS[players]]


def test_unfair_view_hides_other_letters_until_placed():
    config = GAME.make_config(3, ["unfair"])
    state = GAME.new_game(config, 4)
    view = GAME.view(state, 0)
    assert view.hands[0] == state.hands[0]
    assert all(k[0] == "?" for seat in (1, 2) for k in view.hands[seat])
    assert sorted(k[1] for k in view.hands[1]) == sorted(k[1] for k in state.hands[1])
    # two states differing only in seat 1's and seat 2's hidden letters look the same to seat 0
    other = GAME.clone(state)
    r1 = next(k for k in other.hands[1] if k[1] == "R")
    r2 = next(k for k in other.hands[2] if k[1] == "R")
    other.hands[1] = sorted(k for k in other.hands[1] if k != r1) + [r2]
    other.hands[1].sort()
    other.hands[2] = sorted([k for k in other.hands[2] if k != r2] + [r1])
    assert canonical_bytes(GAME.encode(GAME.view(state, 0))) == \
        canonical_bytes(GAME.encode(GAME.view(other, 0)))
    assert canonical_bytes(GAME.encode(GAME.view(state, 1))) != \
        canonical_bytes(GAME.encode(GAME.view(other, 1)))
    # spectators see no letters; the rng is a placeholder
    assert all(k[0] == "?" for hand in GAME.view(state, None).hands for k in hand)
    assert GAME.view(state, 0).rng == Rng(0)
    # the seat's own moves still work on its view
    assert GAME.legal_moves(GAME.view(state, 0), 0)


def test_open_hands_are_not_hidden():
    state = GAME.new_game(GAME.make_config(4), 4)
    assert GAME.view(state, 1).hands == state.hands


# -- end of building -------------------------------------------------------------------------

def fake_done(state, seat, k):
    line = state.line(seat, k)
    line.points, line.index, line.done = [0], {0: 0}, True


def fake_blocked(state, seat, k):
    line = state.line(seat, k)
    line.points, line.index = [0], {0: 0}
    line.spaces = [0] * 18          # every tunnel used without reaching a black arrow


@pytest.mark.parametrize("players,needed", [(2, 3), (3, 4), (4, 5)])
def test_enough_lines_completed_or_blocked_end_building(players, needed):
    state = game_with_city(players)
    # solid lines completed first, then striped lines blocked: nobody completes both
    order = [(seat, k) for k in (0, 1) for seat in range(players)]
    for seat, k in order[:needed - 1]:
        (fake_done if k == 0 else fake_blocked)(state, seat, k)
    assert not GAME.building_ends(state)
    fake_blocked(state, *order[needed - 1])
    assert GAME.building_ends(state)


def test_a_player_completing_both_lines_ends_building():
    state = game_with_city(4)
    fake_done(state, 2, 0)
    assert not GAME.building_ends(state)
    fake_done(state, 2, 1)
    assert GAME.building_ends(state)


def test_the_thirtieth_station_ends_building():
    state = game_with_city(4)
    for i in range(29):
        state.stations[1000 + i] = 0
    assert not GAME.building_ends(state)
    state.stations[2000] = 0
    assert GAME.building_ends(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_other_player_has_one_last_turn(players):
    state = game_with_city(players)
    rng = Rng(5)
    for seat in range(players):                 # one ordinary round
        GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    for i in range(30):
        state.stations[1000 + i] = 0            # the pool is empty: the next turn ends it
    trigger = 1 % players
    state.turn = trigger
    events = GAME.apply(state, trigger, GAME.random_move(state, trigger, rng))
    assert any(e["kind"] == "building_ends" for e in events)
    order = []
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    assert order == [(trigger + i) % players for i in range(1, players)]
    assert state.phase == OVER and "trips" in GAME.scores(state)
    assert len(GAME.scores(state)["trips"]) == 6


# -- notation ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "dig S:u4,1:e1 S:d3,1:e0 S:u3,1:e2+A", "dig T:d-5,3:e2+F", "station S:2,-3",
    "bonus T:-1,-1", "bonus S:none", "pass"])
def test_notation_round_trips(text):
    assert str(GAME.parse_move(text)) == text


@pytest.mark.parametrize("text", [
    "", "dig", "dig S:u9,9:e0", "dig S:u0,0:e3", "dig X:u0,0:e0", "dig S:u0,0:e0+G",
    "dig S:u0,0:e0 S:u0,0:e0 S:u0,0:e0 S:u0,0:e0", "station S:9,9", "station S:none",
    "bonus S", "pass now", "Dig S:u0,0:e0"])
def test_bad_notation_is_refused(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 215), st.integers(0, 2),
                          st.sampled_from(["", "A", "B", "C", "D", "E", "F"])),
                min_size=1, max_size=3),
       st.integers(0, 126), st.integers(0, 1))
def test_notation_round_trips_for_any_move(tunnels, point, line):
    for move in (Dig(tuple(Tunnel(*t) for t in tunnels)), Station(line, point),
                 Bonus(line, point), Bonus(line, -1), Pass()):
        assert GAME.parse_move(str(move)) == move


def test_the_documented_example_is_a_legal_first_turn():
    state = game_with_city(2)
    move = GAME.parse_move("dig S:u4,1:e0 S:u3,1:e2 S:u2,2:e2+C")
    events = GAME.apply(state, 0, move)
    assert [e["kind"] for e in events] == ["line_start", "tunnel", "tunnel", "tunnel", "marker"]
    assert [POINT_NAMES[p] for p in state.line(0, 0).points] == ["5,1", "4,1", "3,2", "2,3"]
    assert state.placed == {SPACE_BY_NAME["u2,2"]: ("CE", 0)}
    assert GAME.scores(state)["scores"] == [0, 0] and GAME.scores(state)["trips"] == []


# -- client helpers --------------------------------------------------------------------------

def test_continuations_and_partial_validation_for_the_client():
    state = game_with_city(2)
    first = GAME.continuations(state, 0, 0, [])
    assert first and all(t.line == 0 for t in first)
    assert GAME.continuations(state, 0, 1, []) == []          # first turn: one line only
    chosen = start(0, "d-5,-2", "-5,-1")
    assert chosen in first
    nxt = GAME.continuations(state, 0, None, [chosen])
    assert tunnel_in(0, "u-4,-1", "-4,-1", "-3,-1") in nxt
    assert GAME.validate_partial(state, 0, [chosen]) == {
        "ok": True, "complete": False, "needed": 3, "reach": 3, "problem": None}
    bad = GAME.validate_partial(state, 0, [chosen, tunnel_in(0, "u0,0", "0,0", "1,0")])
    assert not bad["ok"] and bad["problem"]["index"] == 1
    assert bad["problem"]["code"] == "not_at_end" and "0,0" not in bad["problem"]["message"]
    full = [chosen, tunnel_in(0, "u-4,-1", "-4,-1", "-3,-1")]
    full.append(GAME.continuations(state, 0, 0, full)[0])
    assert GAME.validate_partial(state, 0, full)["complete"]
    assert GAME.continuations(state, 0, 0, full) == []
    assert Dig(tuple(full)) in GAME.legal_moves(state, 0)


def test_out_of_turn_and_wrong_phase_moves_are_refused():
    state = game_with_city(2)
    move = GAME.legal_moves(state, 0)[0]
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 1, move)
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, Bonus(0, -1))
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 0, Pass())
    assert info.value.code == "cannot_pass"


# -- random playouts ---------------------------------------------------------------------------

def check_invariants(state):
    for s, line_id in enumerate(state.space_line):
        if line_id >= 0:
            assert s in state.lines[line_id].spaces
    edge_use = {}
    for line_id, line in enumerate(state.lines):
        assert len(line.spaces) <= 18
        assert len(set(line.points)) == len(line.points), "no point visited twice"
        assert len(line.edges) == len(line.spaces) == max(0, len(line.points) - 1)
        for e, s in zip(line.edges, line.spaces):
            assert s in EDGE_SPACES[e]
            edge_use[e] = edge_use.get(e, 0) + 1
    assert all(count <= 2 for count in edge_use.values())
    assert len(state.stations) <= 30
    markers = [k for hand in state.hands for k in hand] + [k for k, _ in state.placed.values()]
    assert sorted(markers) == sorted(ALL_MARKERS)
    for space, (key, seat) in state.placed.items():
        assert state.city.kind[space] == key[1] and state.space_line[space] // 2 == seat


@pytest.mark.parametrize("config", configs_for(GAME, [2, 3, 4]), ids=lambda c: (
    f"{c['players']}p-" + ("-".join(c["variants"]) or "base")))
def test_conformance_playouts(config):
    for seed in (1, 2):
        state, log = playout(GAME, config, seed)
        check_invariants(state)
        # the log replays (through apply) to the very state the playout reached; determinism
        # across processes is tests/test_determinism.py's job
        assert replay(GAME, config, seed, log)[-1] == state_hash(GAME, state)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([2, 3, 4]))
def test_random_games_keep_the_invariants(seed, players):
    state = GAME.new_game(GAME.make_config(players), seed)
    rng = Rng(seed)
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        move = GAME.random_move(GAME.view(state, seat), seat, rng)
        GAME.apply(state, seat, move)       # check() inside: random moves are legal
        check_invariants(state)
    result = GAME.scores(state)
    assert all(isinstance(x, int) for x in result["scores"])
    json.dumps(result)


# -- run.py score ------------------------------------------------------------------------------

def _score(args, text):
    return subprocess.run([sys.executable, "run.py", "score", "metromania", *args],
                          input=text, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_run_py_score_replays_a_game():
    config = GAME.make_config(3)
    state, log = playout(GAME, config, 21)
    text = "".join(f"{seat + 1}: {move}\n" for seat, move in log)
    out = _score(["--players", "3", "--seed", "21"], text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["scores"] == GAME.scores(state)["scores"] and data["over"]
    assert len(data["trips"]) == 6 and len(data["breakdown"]) == 3
    # seat prefixes are optional
    plain = _score(["--players", "3", "--seed", "21"], "".join(m + "\n" for _, m in log))
    assert json.loads(plain.stdout)["scores"] == data["scores"]


def test_run_py_score_stops_at_the_first_illegal_move():
    config = GAME.make_config(2)
    _, log = playout(GAME, config, 8)
    lines = [move for _, move in log]
    lines[2] = lines[0]                       # replaying an old dig: its spaces are taken
    out = _score(["--players", "2", "--seed", "8"], "\n".join(lines))
    assert out.returncode == 2 and out.stdout == ""
    assert "Move 3" in out.stderr and "illegal" in out.stderr
    garbage = _score(["--players", "2", "--seed", "8"], "dig nowhere\n")
    assert garbage.returncode == 2 and "Move 1" in garbage.stderr and garbage.stdout == ""


def test_run_py_score_refuses_a_second_line_started_on_a_forbidden_side():
    from game.rules.metromania.city import WHITE_ARROWS
    from game.rules.metromania.lattice import EDGE_CLASS, INNER_EDGES, SIDE_POSITION, side_distance
    config = GAME.make_config(2)
    state = GAME.new_game(config, 5)
    log = []
    for seat in (0, 1):
        # seat 1 starts far from seat 0, leaving seat 0's start side a free white arrow
        move = [m for m in GAME.legal_moves(state, seat)
                if seat == 0 or side_distance(SIDE_POSITION[m.tunnels[0].space][0],
                                              state.line(0, 0).start_side) >= 2][0]
        GAME.apply(state, seat, move)
        log.append(str(move))
    side = state.line(0, 0).start_side
    for distance in (0, 1):                   # the same side, then a side next to it
        space = next(s for s in WHITE_ARROWS if state.space_line[s] < 0
                     and side_distance(SIDE_POSITION[s][0], side) == distance)
        tunnel = Tunnel(1, space, EDGE_CLASS[INNER_EDGES[space][0]])
        out = _score(["--players", "2", "--seed", "5"], "\n".join(log + [f"dig {tunnel}"]))
        assert out.returncode == 2 and out.stdout == "", out.stderr
        assert "Move 3" in out.stderr and "second line must start" in out.stderr
        assert "opposite your first line's start" in out.stderr and "Traceback" not in out.stderr


# A four-player game (seed 1) up to a turn of seat 1 where the striped line's tunnel
# T:d1,1:e0 leads into a dead end: the one way on is a destination needing a marker seat 1
# no longer holds, and the dig would stop at 1 of the 3 tunnels the turn requires.
TRAP_MOVES = (
    "dig S:d5,-3:e0 S:d4,-3:e1 S:d4,-4:e0", "dig S:u3,-6:e2 S:d2,-5:e2 S:u2,-4:e1",
    "dig S:d-3,-4:e1 S:d-2,-4:e0 S:d-1,-4:e2", "dig S:d5,-5:e0 S:d4,-5:e0 S:d3,-5:e0+D",
    "dig T:u-6,2:e2 S:d3,-4:e0 T:u-5,1:e1", "dig T:d-2,5:e2 S:u1,-3:e2 T:d-1,4:e0",
    "dig T:u4,1:e0 S:u0,-5:e2 T:d3,0:e0", "dig T:u-6,4:e2 T:u-5,3:e2 T:u-4,2:e1",
    "dig S:u2,-3:e2 S:d1,-2:e2 T:d-6,0:e1", "dig S:u1,-2:e1 S:u1,-1:e1 S:d1,-1:e0",
    "dig T:d2,0:e0 S:d1,-6:e0 T:u1,1:e0", "dig S:u3,-5:e1 S:d3,-6:e0 T:d-5,1:e0",
    "dig S:d0,-2:e1 S:u0,-2:e0 S:d-1,-2:e2", "dig S:d2,-1:e2 T:d0,4:e2 T:d0,3:e1",
    "dig T:d0,0:e1 T:d0,-1:e1 T:u0,-1:e0", "dig T:d-6,1:e1 T:d-5,0:e2 S:d4,-6:e0",
    "dig T:u-5,-1:e2 S:d-2,-1:e2 T:d-4,-2:e2", "dig S:u3,-1:e0 S:d4,-2:e2+D S:u5,-2:e1",
    "dig T:u-1,-1:e2 T:u-2,0:e2 T:d-3,1:e1", "dig T:d-4,-1:e0 T:d-3,-1:e0 T:d-3,0:e2",
    "dig S:u-3,0:e2 S:u-4,1:e0+B S:u-4,0:e1", "station S:2,-4",
    "dig T:d-3,2:e1 T:u-2,3:e1 T:u-2,4:e1", "dig T:d-4,1:e1 T:u-3,2:e0 T:u-2,2:e0",
    "dig S:u-5,0:e2 S:u-6,1:e0 T:u-3,-2:e0", "bonus S:3,-3",
    "dig S:u4,-1:e2 T:d1,2:e2 S:u4,0:e1", "dig T:u-2,5:e0 T:u-1,5:e0 T:u0,4:e2",
    "dig T:d-2,2:e1 T:d-1,2:e0 T:u0,2:e2", "dig T:d-3,-2:e1 T:u-3,-1:e2 T:d-4,0:e1",
    "dig S:u3,1:e0+F S:d2,1:e2 S:u2,1:e1", "dig T:d1,3:e2+E T:d2,2:e2 S:d2,-6:e2",
    "dig T:d0,1:e1 T:d1,0:e0 T:u2,0:e2", "dig T:u-3,1:e0 T:d-2,0:e2+A T:u-1,0:e0",
)
TRAP = "T:d1,1:e0"


def test_dig_options_leave_out_tunnels_into_a_dead_end():
    """The client offers only tunnels after which the dig can still reach the length the turn
    requires (issue 12: a tunnel into a dead end left a dig that could be neither confirmed
    nor finished)."""
    state = GAME.new_game(GAME.make_config(4), 1)
    for text in TRAP_MOVES:
        GAME.apply(state, state.turn, GAME.parse_move(text))
    assert state.turn == 1
    trap = GAME.parse_move("dig " + TRAP).tunnels[0]
    assert trap in GAME.continuations(state, 1, None, [])      # a legal tunnel on its own ...
    assert trap not in GAME.dig_options(state, 1, None, [])    # ... that is not offered
    report = GAME.validate_partial(state, 1, [trap])
    assert report["ok"] and report["needed"] == 3 and report["reach"] == 1
    assert GAME.continuations(state, 1, None, [trap]) == []
    with pytest.raises(IllegalMove) as info:
        GAME.check(state, 1, Dig((trap,)))
    assert info.value.code == "dig_more"


@pytest.mark.parametrize("seed", [2, 7])
def test_every_offered_tunnel_can_be_completed_into_a_full_dig(seed):
    rng = Rng(seed)
    state = GAME.new_game(GAME.make_config(3), seed)
    for _ in range(24):
        if state.phase == OVER:
            break
        seat = state.turn
        if state.phase == "build":
            needed = GAME.validate_partial(state, seat, [])["needed"]
            for tunnel in GAME.dig_options(state, seat, None, []):
                assert GAME.validate_partial(state, seat, [tunnel])["reach"] >= needed
        GAME.apply(state, seat, GAME.random_move(state, seat, rng))


def test_clone_copies_every_field_and_shares_no_container_a_move_changes():
    """``State.clone`` and ``Line.copy`` are written out field by field for speed: a field
    added to ``__slots__`` and forgotten there would be missing on every copy, and a
    container shared with the original would let a search's move leak back into it."""
    from game.rules.metromania.state import Line, State
    state = GAME.new_game(GAME.make_config(3, []), 8)
    rng = Rng(8)
    for _ in range(12):
        GAME.play(state, state.turn, GAME.random_move(state, state.turn, rng))
    other = GAME.clone(state)
    assert canonical_bytes(GAME.encode(other)) == canonical_bytes(GAME.encode(state))
    never_changed = {"config", "variants", "layout", "city"}    # shared on purpose
    for name in State.__slots__:
        value = getattr(other, name)      # AttributeError: a slot the copy forgot
        if isinstance(value, (list, dict)) and name not in never_changed:
            assert value is not getattr(state, name), name
    for line, copied in zip(state.lines, other.lines):
        assert copied is not line
        for name in Line.__slots__:
            value = getattr(copied, name)
            assert value == getattr(line, name), name
            if isinstance(value, (list, dict)):
                assert value is not getattr(line, name), name
    # a move on the copy leaves the original as it was
    before = canonical_bytes(GAME.encode(state))
    GAME.play(other, other.turn, GAME.random_move(other, other.turn, rng))
    assert canonical_bytes(GAME.encode(state)) == before

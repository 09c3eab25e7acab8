"""Metro scenario tests straight from the rules page (base game and variants)."""

import pytest

from game.rules.core import ConfigError, IllegalMove, NotationError, canonical_bytes
from game.rules.metro import GAME
from game.rules.metro.board import (CENTRE, DEPARTURES, RING_MASK, arrival_station,
                                    boundary_endpoints, parse_square, square_name)
from game.rules.metro.data import CAR_TABLES, TILE_COPIES
from game.rules.metro.moves import Draw, Place, Swap
from game.rules.metro.placement import squares_of
from game.rules.metro.tiles import CONN, TYPES, rotate


def sq(name):
    return parse_square(name)


def find_type(square, joins=(), avoid_edge=True):
    """A type code joining every pair in ``joins``; with avoid_edge, no other pair of station
    tracks of ``square`` is joined."""
    edge = set(boundary_endpoints(square))
    for code in TYPES:
        partner = CONN[TYPES.index(code)]
        if not all(partner[a] == b for a, b in joins):
            continue
        others = {tuple(sorted((e, partner[e]))) for e in edge if partner[e] in edge}
        if avoid_edge and others - {tuple(sorted(p)) for p in joins}:
            continue
        return code
    raise AssertionError(f"no type joins {joins} on {square_name(square)}")


def force(state, text):
    """Play a placement for the seat to move, putting that tile in its hand first."""
    move = GAME.parse_move(text)
    seat = state.current
    if state.pending is None:
        state.hands[seat][0] = move.tile
    return GAME.apply(state, seat, move)


# --- geometry and tiles ------------------------------------------------------------------

def test_board_geometry_from_the_rules_page():
    assert [square_name(s) for s in CENTRE] == ["D4", "D5", "E4", "E5"]
    assert bin(RING_MASK).count("1") == 28
    # departures: station -> (square, entering endpoint)
    assert DEPARTURES[0] == sq("A1") * 8 + 0 and DEPARTURES[7] == sq("A8") * 8 + 0
    assert DEPARTURES[8] == sq("A8") * 8 + 2 and DEPARTURES[15] == sq("H8") * 8 + 2
    assert DEPARTURES[16] == sq("H8") * 8 + 4 and DEPARTURES[23] == sq("H1") * 8 + 4
    assert DEPARTURES[24] == sq("H1") * 8 + 6 and DEPARTURES[31] == sq("A1") * 8 + 6
    assert arrival_station(sq("A1"), 1) == 1 and arrival_station(sq("A1"), 7) == 32
    assert arrival_station(sq("H8"), 3) == 16 and arrival_station(sq("H8"), 5) == 17


def test_tile_set_has_24_types_and_60_tiles():
    assert len(TYPES) == 24 and sorted(TILE_COPIES) == list(TYPES)
    assert sum(TILE_COPIES.values()) == 60
    assert CONN[TYPES.index("aaaa")][0] == 5 and CONN[TYPES.index("bbbb")][0] == 3
    assert CONN[TYPES.index("cccc")][0] == 7 and CONN[TYPES.index("dddd")][0] == 1
    assert rotate("aaaa", 1) == "aaaa" and rotate("dddd", 3) == "dddd"
    assert rotate(rotate("aacb", 1), 3) == "aacb"


# --- placement ---------------------------------------------------------------------------

def test_first_tile_goes_on_the_ring_only():
    state = GAME.new_game(GAME.make_config(4), 3)
    state.hands[0] = ["aaaa"]
    squares = {m.square for m in GAME.legal_moves(state, 0) if isinstance(m, Place)}
    assert squares == set(squares_of(RING_MASK))
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Place("aaaa", sq("C3")))
    assert exc.value.code == "not_connected" and exc.value.args_dict["square"] == "C3"
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Place("aaaa", sq("D4")))
    assert exc.value.code == "central_square"


def test_occupied_square_and_adjacency():
    state = GAME.new_game(GAME.make_config(2), 3)
    force(state, "aaaa@A3")
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, state.current, Place(state.hands[state.current][0], sq("A3")))
    assert exc.value.code == "occupied"
    state.hands[state.current][0] = "aaaa"
    squares = set(GAME.legal_squares(state, state.current, "aaaa"))
    assert sq("B3") in squares and sq("C3") not in squares


# each forbidden pair of the rules page: (square, pair)
FORBIDDEN = [
    ("A4", (0, 1)), ("D8", (2, 3)), ("H5", (4, 5)), ("E1", (6, 7)),
    ("A1", (0, 1)), ("A1", (6, 7)), ("A1", (0, 7)), ("A1", (1, 6)),
    ("A8", (0, 1)), ("A8", (2, 3)), ("A8", (0, 3)), ("A8", (1, 2)),
    ("H8", (2, 3)), ("H8", (4, 5)), ("H8", (2, 5)), ("H8", (3, 4)),
    ("H1", (4, 5)), ("H1", (6, 7)), ("H1", (4, 7)), ("H1", (5, 6)),
]


@pytest.mark.parametrize("square,pair", FORBIDDEN)
def test_one_tile_rule_forbidden_pairs(square, pair):
    code = find_type(sq(square), joins=[pair])
    state = GAME.new_game(GAME.make_config(3), 5)
    state.hands[0] = [code]
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Place(code, sq(square)))
    assert exc.value.code == "one_tile_rule"
    assert exc.value.args_dict == {"tile": code, "square": square}
    assert Place(code, sq(square)) not in GAME.legal_moves(state, 0)
    # the tile has other legal squares, which is why it is refused here
    assert GAME.legal_squares(state, 0, code)


def test_one_tile_rule_does_not_forbid_tracks_to_other_sides():
    # a straight tile on the top row joins 0 to 5 and 1 to 4: no station pair
    state = GAME.new_game(GAME.make_config(3), 5)
    state.hands[0] = ["aaaa"]
    GAME.check(state, 0, Place("aaaa", sq("A4")))
    assert len(GAME.legal_squares(state, 0, "aaaa")) == 28


def test_exception_tile_with_no_other_square_may_break_the_rule():
    # dddd joins each side's two endpoints: it breaks the rule on every ring square, so on an
    # empty board it may go on any of them
    state = GAME.new_game(GAME.make_config(4), 1)
    state.hands[0] = ["dddd"]
    assert GAME.legal_squares(state, 0, "dddd") == squares_of(RING_MASK)
    GAME.apply(state, 0, Place("dddd", sq("A1")))


def test_exception_when_only_bad_squares_are_left():
    state = GAME.new_game(GAME.make_config(4), 1)
    code = find_type(sq("A4"), joins=[(0, 1)])
    state.hands[0] = [code]
    state.avail = 1 << sq("A4")          # the only free square left (scenario)
    assert GAME.legal_squares(state, 0, code) == [sq("A4")]
    GAME.check(state, 0, Place(code, sq("A4")))
    state.avail = (1 << sq("A4")) | (1 << sq("B2"))
    assert GAME.legal_squares(state, 0, code) == [sq("B2")]
    with pytest.raises(IllegalMove):
        GAME.check(state, 0, Place(code, sq("A4")))


def test_one_tile_rule_applies_to_stations_without_cars():
    # station 16/17 have no car with 3 players; H8 still refuses a 2-3 U-turn
    code = find_type(sq("H8"), joins=[(2, 3)])
    state = GAME.new_game(GAME.make_config(3), 2)
    state.hands[0] = [code]
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Place(code, sq("H8")))
    assert exc.value.code == "one_tile_rule"


def test_orientation_variant_rotations():
    plain = GAME.new_game(GAME.make_config(2), 4)
    plain.hands[0] = ["aacb"]
    with pytest.raises(IllegalMove) as exc:
        GAME.check(plain, 0, Place("aacb", sq("A1"), 1))
    assert exc.value.code == "rotation_not_allowed"
    assert {m.rot for m in GAME.legal_moves(plain, 0) if isinstance(m, Place)} == {0}
    free = GAME.new_game(GAME.make_config(2, ["orientation"]), 4)
    free.hands[0] = ["aacb"]
    assert {m.rot for m in GAME.legal_moves(free, 0) if isinstance(m, Place)} == {0, 1, 2, 3}
    events = GAME.apply(free, 0, Place("aacb", sq("A3"), 1))
    assert free.board[sq("A3")] == ("aacb", 1)
    assert events[0]["rot"] == 1
    # the placed shape is the rotated type
    assert TYPES[free.shape[sq("A3")]] == rotate("aacb", 1)


def test_orientation_exception_counts_every_rotation():
    # dddd is the same in every rotation: no rotation avoids the rule on the ring
    free = GAME.new_game(GAME.make_config(2, ["orientation"]), 4)
    free.hands[0] = ["dddd"]
    assert len(GAME.legal_moves(free, 0)) == 4 * 28 + 1     # + draw
    # a U-turn tile that can be turned away from the edge must be
    code = find_type(sq("A4"), joins=[(0, 1)])
    free.hands[0] = [code]
    for rot in range(4):
        shape = rotate(code, rot)
        joins_edge = CONN[TYPES.index(shape)][0] == 1
        assert (sq("A4") in GAME.legal_squares(free, 0, code, rot)) != joins_edge


# --- turns -------------------------------------------------------------------------------

def test_hand_turn_draws_a_replacement_and_passes_on():
    state = GAME.new_game(GAME.make_config(3), 11)
    assert len(state.stack) == 57 and all(len(h) == 1 for h in state.hands)
    tile = state.hands[0][0]
    top = state.stack[-1]
    move = GAME.legal_moves(state, 0)[0]
    events = GAME.apply(state, 0, move)
    assert state.hands[0] == [top] and len(state.stack) == 56 and state.current == 1
    assert [e["kind"] for e in events][0] == "placed" and events[0]["from"] == "hand"
    assert {"kind": "drew", "seat": 0, "tile": top, "to": "hand", "stack": 56} in events
    assert move.tile == tile


def test_draw_turn_places_the_drawn_tile_and_keeps_the_hand():
    state = GAME.new_game(GAME.make_config(3), 11)
    hand = list(state.hands[0])
    top = state.stack[-1]
    GAME.apply(state, 0, Draw())
    assert state.pending == top and state.current == 0 and GAME.to_act(state) == (0,)
    moves = GAME.legal_moves(state, 0)
    assert moves and all(isinstance(m, Place) and m.tile == top for m in moves)
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Draw())
    assert exc.value.code == "must_place_drawn"
    if hand[0] != top:
        with pytest.raises(IllegalMove):
            GAME.check(state, 0, Place(hand[0], moves[0].square))
    events = GAME.apply(state, 0, moves[0])
    assert events[0]["from"] == "stack"
    assert state.hands[0] == hand and state.pending is None and state.current == 1
    assert len(state.stack) == 56


def test_hand_size_variants_and_wrong_seat():
    for variant, size in (("hand2", 2), ("hand3", 3)):
        state = GAME.new_game(GAME.make_config(6, [variant]), 2)
        assert all(len(h) == size for h in state.hands)
        assert len(state.stack) == 60 - 6 * size
        move = GAME.legal_moves(state, 0)[0]
        GAME.apply(state, 0, move)
        assert len(state.hands[0]) == size
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, GAME.legal_moves(state, 1)[0])
    assert exc.value.code == "not_your_turn"
    assert GAME.legal_moves(state, 0) == []


def test_empty_stack_players_without_tiles_are_skipped_and_game_ends_full():
    state = GAME.new_game(GAME.make_config(3), 9)
    while state.stack:
        GAME.apply(state, state.current, GAME.legal_moves(state, state.current)[-1])
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, state.current, Draw())
    assert exc.value.code in ("stack_empty", "must_place_drawn")
    while not GAME.is_over(state):
        seat = state.current
        assert state.hands[seat] or state.pending
        events = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    assert events[-1]["kind"] == "game_over"
    assert state.placed == 60 and all(state.board[s] for s in range(64) if s not in CENTRE)
    assert GAME.to_act(state) == () and GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Draw())
    assert exc.value.code == "game_over"


# --- lines and scoring -----------------------------------------------------------------

def test_line_passing_a_tile_twice_counts_it_twice():
    state = GAME.new_game(GAME.make_config(4), 1)
    events = []
    for text in ("acba@A1", "acba@A2", "baac@B1", "aacb@B2"):
        events += force(state, text)
    done = [e for e in events if e["kind"] == "line_completed" and e["station"] == 1]
    assert len(done) == 1
    event = done[0]
    # A1 -> B1 -> B2 -> A2 -> A1 again -> arrival of station 1
    assert [p[:2] for p in event["path"]] == [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]
    assert event["points"] == 5 and event["tiles"] == 5 and not event["centre"]
    assert event["end"] == 1 and event["owner"] == 2          # station 1: orange with 4
    assert state.line_done[0] and state.line_points[0] == 5
    assert GAME.scores(state)["scores"][2] >= 5


def test_line_into_the_centre_doubles():
    state = GAME.new_game(GAME.make_config(4), 1)
    events = []
    for text in ("aaaa@A4", "aaaa@B4", "aaaa@C4"):
        events += force(state, text)
    done = [e for e in events if e["kind"] == "line_completed" and e["station"] == 4]
    assert len(done) == 1 and done[0]["centre"] and done[0]["points"] == 6
    assert done[0]["end"] == 0 and done[0]["owner"] == 0      # station 4: yellow with 4
    assert done[0]["path"] == [[0, 3, 0, 5], [1, 3, 0, 5], [2, 3, 0, 5]]
    assert state.scores[0] == 6
    assert GAME.scores(state)["breakdown"][0]["lines"] == 6


def test_scoring_goes_to_the_car_owner_not_the_placer():
    state = GAME.new_game(GAME.make_config(4), 1)
    for text in ("aaaa@A4", "aaaa@B4"):
        force(state, text)
    assert state.current == 2
    force(state, "aaaa@C4")                                   # orange closes yellow's line
    assert state.scores[0] == 6 and state.scores[2] == 0


@pytest.mark.parametrize("players", [3, 5, 6])
def test_stations_16_and_17_have_no_car(players):
    owners = GAME.new_game(GAME.make_config(players), 1).car_owner
    assert owners[15] is None and owners[16] is None
    assert sum(o is not None for o in owners) == 30
    state = GAME.new_game(GAME.make_config(players), 1)
    h7 = find_type(sq("H7"), joins=[(2, 5)])
    events = force(state, "aaaa@H8") + force(state, f"{h7}@H7")
    done = {e["station"]: e for e in events if e["kind"] == "line_completed"}
    assert done[16]["owner"] is None and done[16]["points"] == 2 and done[16]["end"] == 18
    assert state.scores == [0] * players and state.line_done[15]
    stations = {line["station"] for line in GAME.scores(state)["lines"]}
    assert 16 not in stations and 17 not in stations


@pytest.mark.parametrize("players", [2, 4])
def test_stations_16_and_17_have_cars_with_2_and_4(players):
    owners = GAME.new_game(GAME.make_config(players), 1).car_owner
    assert None not in owners
    for seat, stations in enumerate(CAR_TABLES[players]):
        assert all(owners[s - 1] == seat for s in stations)


def test_line_path_helper_for_open_and_complete_lines():
    state = GAME.new_game(GAME.make_config(4), 1)
    force(state, "aaaa@A4")
    line = GAME.line_path(state, 4)
    assert line == {"path": [[0, 3, 0, 5]], "complete": False, "centre": False, "end": -1,
                    "tiles": 1, "waiting": [1, 3, 0]}
    assert GAME.line_path(state, 1)["path"] == []


# --- configuration, seats, notation --------------------------------------------------------

def test_make_config_and_errors():
    assert GAME.make_config(4, ["orientation", "hand2"]) == {
        "players": 4, "variants": ["hand2", "orientation"]}
    for players in (1, 7, 0):
        with pytest.raises(ConfigError, match="2 to 6 players"):
            GAME.make_config(players)
    with pytest.raises(ConfigError, match="unknown Metro variant 'mirror'"):
        GAME.make_config(3, ["mirror"])
    with pytest.raises(ConfigError, match="only one hand size"):
        GAME.make_config(3, ["hand2", "hand3"])


def test_seat_names():
    config = GAME.make_config(6)
    assert [GAME.seat_name(config, s) for s in range(6)] == [
        "yellow", "blue", "orange", "green", "purple", "black"]
    assert GAME.seat_name(GAME.make_config(3, ["companies"]), 1) == "Player 2"


@pytest.mark.parametrize("text,move", [
    ("aacb@A1", Place("aacb", 0)), ("cbcb@H8/3", Place("cbcb", 63, 3)), ("draw", Draw()),
    ("swap:blue:20:up", Swap(1, 20, True)), ("swap:white:40:down", Swap(7, 40, False)),
])
def test_notation_round_trips(text, move):
    assert GAME.parse_move(text) == move and str(move) == text


def test_notation_reads_lower_case_square_and_zero_rotation():
    assert GAME.parse_move("aaaa@c4/0") == Place("aaaa", sq("C4"))


@pytest.mark.parametrize("text", ["", "aaaa", "zzzz@A1", "aaaa@I1", "aaaa@A9", "aaaa@A1/4",
                                  "swap:pink:10:up", "swap:blue:50:up", "swap:blue:10",
                                  "DRAW", "aaaa@A1/x"])
def test_bad_notation(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


# --- hidden information --------------------------------------------------------------------

def test_view_hides_other_hands_and_the_stack():
    state = GAME.new_game(GAME.make_config(4, ["hand2"]), 21)
    view = GAME.view(state, 1)
    assert view.hands[1] == state.hands[1]
    assert all(h == ["?", "?"] for s, h in enumerate(view.hands) if s != 1)
    assert view.stack == ["?"] * len(state.stack) and view.rng is None
    spectator = GAME.view(state, None)
    assert all(h == ["?", "?"] for h in spectator.hands)
    # hidden info differs, public info equal -> identical encodings
    other = GAME.clone(state)
    other.hands[2], other.stack[0] = [other.stack[0], other.hands[2][1]], other.hands[2][0]
    other.stack.reverse()
    other.rng.next_u32()
    assert canonical_bytes(GAME.encode(other)) != canonical_bytes(GAME.encode(state))
    for seat in (0, 1, 3, None):
        assert (canonical_bytes(GAME.encode(GAME.view(other, seat)))
                == canonical_bytes(GAME.encode(GAME.view(state, seat))))
    assert (canonical_bytes(GAME.encode(GAME.view(other, 2)))
            != canonical_bytes(GAME.encode(GAME.view(state, 2))))


def test_legal_moves_work_on_the_own_view():
    state = GAME.new_game(GAME.make_config(5, ["orientation", "hand3"]), 8)
    for _ in range(20):
        seat = state.current
        view = GAME.view(state, seat)
        assert GAME.legal_moves(view, seat) == GAME.legal_moves(state, seat)
        GAME.apply(state, seat, GAME.legal_moves(view, seat)[-1 if _ % 3 == 0 else 0])


def test_unseen_tiles_are_public_knowledge():
    state = GAME.new_game(GAME.make_config(3), 2)
    unseen = GAME.unseen_tiles(GAME.view(state, 0), 0)
    assert sum(unseen.values()) == 59
    expected = dict(TILE_COPIES)
    expected[state.hands[0][0]] -= 1
    assert unseen == {k: v for k, v in sorted(expected.items()) if v}


def test_make_config_refuses_malformed_variants():
    for bad in ("orientation", [1], [None]):
        with pytest.raises(ConfigError, match="list of names"):
            GAME.make_config(3, bad)
    assert GAME.make_config(3, iter(["hand2"]))["variants"] == ["hand2"]
    with pytest.raises(ConfigError):
        GAME.new_game({"variants": []}, 1)
    assert GAME.new_game({"players": 3}, 1).config == {"players": 3, "variants": []}

"""The rules' fast paths against straightforward references, position by position over random
play-outs: a fast path must give the very answers of the plain code it replaced.

* Metro: the lines advanced only where a tile lands (``line_waiting``) match every station's
  line traced from scratch after each move, and the legal list written out with per-tile
  tables matches the placement rule's masks (``rule_masks``) square by square.
* ``Rng``: ``below`` (the generator written out inline) and ``shuffle`` draw what a textbook
  PCG32 with rejection sampling draws.
"""

from hypothesis import given, settings, strategies as st

from game.rules.core import Rng
from game.rules.metro import GAME as METRO
from game.rules.metro.lines import trace_path
from game.rules.metro.moves import Draw, Place, Swap
from game.rules.metro.placement import rule_masks, squares_of


class _PlainPcg:
    """PCG32 (XSH RR) written the textbook way, one output at a time."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * 6364136223846793005 + 1442695040888963407) % 2**64
        xorshifted = (((old >> 18) ^ old) >> 27) % 2**32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((32 - rot) % 32))) % 2**32


def _reference_below(rng: _PlainPcg, n: int) -> int:
    """Rejection sampling drawn the plain way (one ``next_u32`` at a time)."""
    threshold = ((1 << 32) - n) % n
    while True:
        r = rng.next_u32()
        if r >= threshold:
            return r % n


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(1, 2**32), min_size=1, max_size=40))
def test_below_draws_what_the_plain_generator_draws(seed, bounds):
    fast = Rng(seed)
    plain = _PlainPcg(fast.state)
    for n in bounds:
        assert fast.below(n) == (0 if n == 1 else _reference_below(plain, n))
        assert fast.state == plain.state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 70))
def test_shuffle_draws_what_the_plain_fisher_yates_draws(seed, size):
    fast = Rng(seed)
    plain = _PlainPcg(fast.state)
    items, expected = list(range(size)), list(range(size))
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = _reference_below(plain, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == plain.state


def _reference_legal(state, seat) -> list:
    """Metro's legal list from the placement rule itself: each tile of the hand (or the drawn
    one), each rotation's allowed squares ascending, then draw / swaps."""
    if state.over or seat != state.current:
        return []
    tiles = [state.pending] if state.pending is not None else sorted(set(state.hands[seat]))
    moves = [Place(tile, square, rot) for tile in tiles
             for rot, mask in enumerate(rule_masks(state.avail, tile, state.orientation))
             for square in squares_of(mask)]
    if state.pending is None:
        if state.stack:
            moves.append(Draw())
        if state.companies and state.exchanges_open:
            moves += [Swap(company, pct, up) for company, pct in state.shares[seat]
                      for up in (True, False)]
    return moves


def _check_lines(state) -> None:
    waiting = [0] * 64
    for i in range(32):
        traced = trace_path(state.shape, i + 1)
        assert state.line_tiles[i] == traced["tiles"]
        assert state.line_done[i] == traced["complete"]
        if traced["complete"]:
            assert state.line_at[i] == -1
            assert (state.line_end[i], state.line_centre[i]) == (traced["end"], traced["centre"])
        else:
            row, col, endpoint = traced["waiting"]
            assert state.line_at[i] == (row * 8 + col) * 8 + endpoint
            waiting[row * 8 + col] |= 1 << i
    assert state.line_waiting == waiting


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, []), (4, []), (3, ["hand3"]),
                                               (5, ["orientation", "hand2"]),
                                               (4, ["companies"])]))
def test_metro_lines_and_legal_moves_match_the_references_move_by_move(seed, table):
    players, variants = table
    state = METRO.new_game(METRO.make_config(players, variants), seed)
    rng = Rng(seed ^ 0x5EED)
    ended = False
    while not state.over:
        seat = state.current
        moves = METRO.legal_moves(state, seat)
        assert moves == _reference_legal(state, seat)
        move = rng.choice(moves)
        events = METRO.play(state, seat, move)
        _check_lines(state)
        for event in events:
            if event["kind"] == "line_completed":
                assert event["path"] == trace_path(state.shape, event["station"])["path"]
            if event["kind"] == "game_over":
                assert event["scores"] == METRO.scores(state)["scores"]
                ended = True
    assert ended
    copy = METRO.clone(state)
    assert copy.line_waiting == state.line_waiting and copy.line_waiting is not state.line_waiting


# --- the hash's incremental writers ------------------------------------------------------

def _pair_item(key, value) -> bytes:
    from game.rules import encoding as enc
    return enc.PAIRS[(key, value)]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "set", "drop", "add_set"]),
                          st.integers(0, 30), st.integers(0, 5)), max_size=40))
def test_sorted_items_write_what_canonical_bytes_writes_after_every_change(steps):
    """``SortedItems`` (a dict written as its sorted [key, value] pairs): one entry added
    takes a short cut; any other change (an entry changed, dropped, or changed beside the
    one added) must still be written in full."""
    from game.rules import encoding as enc
    from game.rules.core import canonical_bytes

    record = enc.Record([enc.SortedItems("items", _pair_item)])
    value: dict = {}
    memo = None
    for kind, key, number in steps:
        if kind == "add" and key not in value:
            value[key] = number
        elif kind == "set" and value:
            value[sorted(value)[key % len(value)]] = number
        elif kind == "drop" and value:
            value.pop(sorted(value)[key % len(value)])
        elif kind == "add_set" and value and key not in value:
            value[sorted(value)[0]] = number + 10      # changed beside the one added
            value[key] = number
        data, memo = record.encode((value,), memo)
        assert data == canonical_bytes({"items": sorted([k, v] for k, v in value.items())})


# --- Railroad Ink: legality tables and ready-made moves ----------------------------------

def test_ink_fitting_orientations_follow_side_problem_for_every_face_and_facing():
    """The per-side mask tables give, for every face and every facing (each side: a type,
    an exit or the border), the orientations ``side_problem`` finds no fault with."""
    from game.rules.railroad_ink.orientation import DISTINCT_O
    from game.rules.railroad_ink.sheet import BORDER, fitting_orientations, side_problem

    values = range(BORDER + 1)
    for face in range(len(DISTINCT_O)):
        for north in values:
            for east in values:
                for south in values:
                    for west in values:
                        facing = (north, east, south, west)
                        code = north | east << 3 | south << 6 | west << 9
                        expected = tuple(o for o in DISTINCT_O[face]
                                         if side_problem(face, o, facing, "") is None)
                        assert fitting_orientations(face, code) == expected, (face, facing)


def test_ink_ready_made_draws_are_the_same_moves_as_draw():
    from game.rules.railroad_ink.faces import FACE_IDS
    from game.rules.railroad_ink.moves import Draw, draws

    for face in FACE_IDS:
        for cell in (0, 24, 48):
            made = draws(face, cell, range(8))
            plain = tuple(Draw(face, cell, o) for o in range(8))
            assert made == plain
            assert [hash(m) for m in made] == [hash(m) for m in plain]
            assert [str(m) for m in made] == [str(m) for m in plain]
            assert [vars(m) for m in made] == [vars(m) for m in plain]
    assert draws("road-curve", 3, ()) == ()


def test_ink_legal_list_makes_no_move_objects_the_moves_are_made_once_at_import():
    """A legal list, the first of a process (every memo forgotten) or not, hands out the very
    ``Draw`` objects made at import (``drawings.DRAWS``): no list makes moves of its own."""
    from game.rules.railroad_ink import GAME as INK
    from game.rules.railroad_ink.drawings import DRAWS, clear_memos
    from game.rules.railroad_ink.faces import FACE_INDEX
    from game.rules.railroad_ink.moves import Draw as InkDraw

    state = INK.new_game(INK.make_config(1, ["lake"]), 70)      # the bench's worst case
    clear_memos()
    first = [m for m in INK.legal_moves(state, 0) if isinstance(m, InkDraw)]
    clear_memos()
    again = [m for m in INK.legal_moves(state, 0) if isinstance(m, InkDraw)]
    assert len(first) > 700 and first == again
    assert all(a is b is DRAWS[FACE_INDEX[a.face]][a.cell][a.o] for a, b in zip(first, again))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([[], ["lake"], ["meteor"], ["volcano"]]))
def test_ink_legal_list_is_the_same_cold_and_warm_along_a_game(seed, variants):
    """The legal list made with every memo forgotten equals the one from warm tables and
    the one asked of the sheet rule (``Sheet.problem``) cell by cell and orientation by
    orientation, position by position."""
    from game.rules.railroad_ink import GAME as INK
    from game.rules.railroad_ink.drawings import clear_memos
    from game.rules.railroad_ink.faces import FACE_INDEX
    from game.rules.railroad_ink.moves import Draw as InkDraw
    from game.rules.railroad_ink.orientation import DISTINCT_O
    from game.rules.railroad_ink.sheet import CELLS

    state = INK.new_game(INK.make_config(1, variants), seed)
    rng = Rng(seed)
    for _ in range(60):
        if not INK.to_act(state):
            break
        warm = INK.legal_moves(state, 0)
        clear_memos()
        assert INK.legal_moves(state, 0) == warm
        drawn = [m for m in warm if isinstance(m, InkDraw)]
        sheet = state.seats[0].sheet
        for face in dict.fromkeys(m.face for m in drawn):
            index = FACE_INDEX[face]
            expected = [InkDraw(face, cell, o) for cell in range(CELLS)
                        for o in (DISTINCT_O[index] if sheet.cells[cell] < 0 else ())
                        if sheet.problem(index, cell, o) is None]
            assert [m for m in drawn if m.face == face] == expected
        INK.play(state, 0, rng.choice(warm))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(4, []), (2, ["hand3"]),
                                               (5, ["orientation", "hand2"]),
                                               (4, ["companies"]), (6, ["companies", "hand2"])]))
def test_metro_play_quiet_changes_the_state_as_play_does_move_by_move(seed, table):
    """``play_quiet`` (play without its events, for searches) leaves every field as ``play``
    does, the derived ones too, after every move of a random game (draws and swaps included)."""
    players, variants = table
    config = METRO.make_config(players, variants)
    loud, quiet = METRO.new_game(config, seed), METRO.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    while not loud.over:
        seat = loud.current
        move = rng.choice(METRO.legal_moves(loud, seat))
        METRO.play(loud, seat, move)
        assert METRO.play_quiet(quiet, seat, move) is None
        assert quiet.encode() == loud.encode()
        assert (quiet.line_waiting, quiet.avail, quiet.filled, quiet.placed, quiet.shape) == \
            (loud.line_waiting, loud.avail, loud.filled, loud.placed, loud.shape)
        assert METRO.state_digest(quiet) == METRO.state_digest(loud)
    assert quiet.over


def test_metro_moves_by_row_are_the_places_of_every_set_square():
    """``places_by_row``: for every row and every byte of it, the Places of exactly the set
    columns, left to right; ``mask_moves`` joins them into the squares of a whole mask."""
    from game.rules.metro.moves import mask_moves, places_by_row
    from game.rules.metro.tiles import TYPES

    for tile, rot in ((TYPES[0], 0), ("cbcb", 3), (TYPES[-1], 1)):
        rows = places_by_row(tile, rot)
        for row in range(8):
            for bits in range(256):
                assert rows[row][bits] == tuple(Place(tile, row * 8 + col, rot)
                                                for col in range(8) if bits >> col & 1)
        rng = Rng(len(tile) + rot)
        for _ in range(200):
            mask = (rng.next_u32() << 32 | rng.next_u32()) & rng.next_u32() * 0x100000001
            assert mask_moves(rows, mask) == [Place(tile, square, rot)
                                              for square in squares_of(mask)]

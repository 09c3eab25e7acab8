"""The rules' fast paths against straightforward references, position by position over random
play-outs: a fast path must give the very answers of the plain code it replaced.

* Metro: the lines advanced only where a tile lands (``line_waiting``) match every station's
  line traced from scratch after each move, and the legal list written out with per-tile
  tables matches the placement rule's masks (``rule_masks``) square by square.
* ``Rng``: ``below`` and ``shuffle`` with the generator written out inline draw what the plain
  PCG32 step by step (``next_u32`` and rejection) draws.
"""

from hypothesis import given, settings, strategies as st

from game.rules.core import Rng
from game.rules.metro import GAME as METRO
from game.rules.metro.lines import trace_path
from game.rules.metro.moves import Draw, Place, Swap
from game.rules.metro.placement import rule_masks, squares_of


def _reference_below(rng: Rng, n: int) -> int:
    """PCG32 rejection sampling drawn the plain way (one ``next_u32`` at a time)."""
    threshold = ((1 << 32) - n) % n
    while True:
        r = rng.next_u32()
        if r >= threshold:
            return r % n


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(1, 2**32), min_size=1, max_size=40))
def test_below_draws_what_the_plain_generator_draws(seed, bounds):
    fast, plain = Rng(seed), Rng(seed)
    for n in bounds:
        assert fast.below(n) == (0 if n == 1 else _reference_below(plain, n))
        assert fast.state == plain.state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 70))
def test_shuffle_draws_what_the_plain_fisher_yates_draws(seed, size):
    fast, plain = Rng(seed), Rng(seed)
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

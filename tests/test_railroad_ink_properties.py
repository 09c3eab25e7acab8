"""Railroad Ink: random-playout conformance (every expansion, 1–8 players) and properties."""

import pytest
from hypothesis import given, settings, strategies as st

from game.rules.core import Rng, state_hash
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import (BASE_FACES, FACE_IDS, FACE_INDEX, FACE_SIDES,
                                           HIGHWAY, LAKE_DIE, LAVA_DIE, RAILWAY, RIVER_DIE,
                                           SPECIALS)
from game.rules.railroad_ink.moves import (DIRECTIONS, Crater, Draw, End, Erase, IgnoreMeteor,
                                           Meteor, Skip, Undo, parse_move)
from game.rules.railroad_ink.orientation import compose, inverse, orient_sides
from game.rules.railroad_ink.scoring import longest_route, score_sheet
from game.rules.railroad_ink.sheet import CELL_NAMES, NEIGHBOUR, OPPOSITE
from game.rules.railroad_ink.sheet_notation import build_sheet
from tests.conformance import configs_for, playout, replay

CONFIGS = configs_for(GAME, list(range(1, 9)))


def test_configs_cover_every_expansion_and_player_count():
    assert len(CONFIGS) == 8 * 5
    assert {tuple(c["variants"]) for c in CONFIGS} == {
        (), ("lake",), ("meteor",), ("river",), ("volcano",)}


@pytest.mark.parametrize("config", CONFIGS,
                         ids=lambda c: f"{c['players']}p-{'-'.join(c['variants']) or 'base'}")
def test_random_playouts_conform(config):
    seed = 40 + config["players"]
    state, log = playout(GAME, config, seed, probe_every=11)
    assert state.round == state.rounds
    if config["players"] <= 2:
        # the log's notation replays (through apply) to the very state the playout reached;
        # determinism across processes is tests/test_determinism.py's job
        assert replay(GAME, config, seed, log)[-1] == state_hash(GAME, state)


# -- orientation maths ------------------------------------------------------------------------

sides_strategy = st.tuples(*[st.integers(0, 5)] * 4)


@given(sides_strategy, st.integers(0, 7), st.integers(0, 7))
def test_orientation_composition(sides, first, second):
    assert orient_sides(orient_sides(sides, first), second) == \
        orient_sides(sides, compose(first, second))
    assert orient_sides(orient_sides(sides, first), inverse(first)) == sides


def test_orientations_form_the_dihedral_group():
    assert sorted(compose(a, b) for a in range(8) for b in range(8)).count(0) == 8
    assert compose(1, 1) == 2 and compose(4, 4) == 0 and compose(1, 3) == 0


def test_each_face_keeps_one_group_per_route_type():
    # scoring relies on it: a path entering a cell on a type may leave by any side of it
    from game.rules.railroad_ink.faces import FACE_GROUPS
    for index, face in enumerate(FACE_IDS):
        for kind in (HIGHWAY, RAILWAY):
            holding = [g for g in FACE_GROUPS[index]
                       if any(FACE_SIDES[index][s] == kind for s in g)]
            assert len(holding) <= 1, face


# -- notation round trip ----------------------------------------------------------------------

cells = st.integers(0, 48)
moves_strategy = st.one_of(
    st.builds(Draw, st.sampled_from(FACE_IDS), cells, st.integers(0, 7)),
    st.builds(Skip, st.sampled_from(FACE_IDS)),
    st.builds(Meteor, st.sampled_from(DIRECTIONS)),
    st.builds(IgnoreMeteor, st.sampled_from(SPECIALS)),
    st.builds(Erase, cells), st.builds(Crater, cells), st.just(End()), st.just(Undo()))


@given(moves_strategy)
def test_notation_round_trips(move):
    assert GAME.parse_move(str(move)) == move


@given(st.text(max_size=30))
def test_bad_notation_is_refused_cleanly(text):
    from game.rules.core import NotationError
    try:
        move = GAME.parse_move(text)
    except NotationError:
        return
    assert GAME.parse_move(str(move)) == move


# -- random sheets ----------------------------------------------------------------------------

EXPANSION_POOL = {"": [], "river": list(RIVER_DIE), "lake": list(LAKE_DIE),
                  "volcano": list(LAVA_DIE) + ["volcano"], "meteor": []}


def random_sheet_text(seed: int, expansion: str, count: int = 30) -> str:
    """A legal drawing order built by random legal placements (specials at most three)."""
    rng = Rng(seed)
    sheet = build_sheet("", expansion)
    pool = sorted(BASE_FACES - set(SPECIALS)) + EXPANSION_POOL[expansion]
    specials = list(SPECIALS)
    tokens = []
    for _ in range(count):
        if expansion == "meteor" and rng.below(6) == 0:
            cell = rng.below(49)
            tokens.append(f"crater@{CELL_NAMES[cell]}")
            sheet = build_sheet(" ".join(tokens), expansion)
            continue
        use_special = specials and len(specials) > 3 and rng.below(8) == 0
        face = specials.pop(rng.below(len(specials))) if use_special else rng.choice(pool)
        options = sheet.legal_cells(FACE_INDEX[face])
        if not options:
            continue
        cell, orientations = options[rng.below(len(options))]
        tokens.append(f"{face}@{CELL_NAMES[cell]}/{orientations[rng.below(len(orientations))]}")
        sheet = build_sheet(" ".join(tokens), expansion)
    return " ".join(tokens)


def mirrored(text: str) -> str:
    out = []
    for token in text.split():
        move = parse_move(token)
        row, col = divmod(move.cell, 7)
        cell = row * 7 + 6 - col
        if isinstance(move, Draw):
            out.append(str(Draw(move.face, cell, compose(move.o, 4))))
        else:
            out.append(str(type(move)(cell)))
    return " ".join(out)


def brute_longest(sheet, kind) -> int:
    sides = sheet.sides
    best = 0

    def walk(cell, used, length):
        nonlocal best
        best = max(best, length)
        for s in range(4):
            n = NEIGHBOUR[cell][s]
            if (sides[cell * 4 + s] == kind and n >= 0 and n not in used
                    and sides[n * 4 + OPPOSITE[s]] == kind):
                walk(n, used | {n}, length + 1)

    for cell in range(49):
        if kind in sides[cell * 4:cell * 4 + 4]:
            walk(cell, {cell}, 1)
    return best


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["", "river", "lake", "meteor", "volcano"]))
def test_random_sheets_score_consistently(seed, expansion):
    text = random_sheet_text(seed, expansion)
    config = GAME.make_config(1, [expansion] if expansion else [])
    result = GAME.score_notation(text, config, 0)
    sheet = build_sheet(text, expansion)
    assert score_sheet(sheet, expansion)[0] == result
    extra = result.get(expansion, 0)
    assert result["total"] == (result["exits"] + result["longest_highway"]
                               + result["longest_railway"] + result["centre"] + extra
                               - result["errors"])
    assert result["errors"] >= 0 and 0 <= result["centre"] <= 9
    assert longest_route(sheet, HIGHWAY) == brute_longest(sheet, HIGHWAY)
    assert longest_route(sheet, RAILWAY) == brute_longest(sheet, RAILWAY)
    # the exits are symmetric left-right: the mirrored drawings are legal and score the same
    assert GAME.score_notation(mirrored(text), config, 0) == result


def _crosses(cells):
    from game.rules.railroad_ink.sheet import Sheet
    sheet = Sheet()
    for cell in cells:
        sheet.put(cell, FACE_INDEX["special-road-cross"], 0)
    return sheet


def test_longest_route_on_loops():
    block = [r * 7 + c for r in range(1, 4) for c in range(1, 5)]          # 3 x 4 grid
    assert longest_route(_crosses(block), HIGHWAY) == 12                  # a snake covers it
    ring = [r * 7 + c for r in range(1, 4) for c in range(1, 4) if (r, c) != (2, 2)]
    assert longest_route(_crosses(ring), HIGHWAY) == 8


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 2**12 - 1))
def test_longest_route_matches_brute_force_on_dense_loops(mask):
    block = [r * 7 + c for r in range(2, 5) for c in range(1, 5)]
    sheet = _crosses([cell for i, cell in enumerate(block) if mask >> i & 1])
    assert longest_route(sheet, HIGHWAY) == brute_longest(sheet, HIGHWAY)

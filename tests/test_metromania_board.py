"""Metromania board: the lattice, the district pieces' data and the random city."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from game.rules.core import ConfigError
from game.rules.metromania import GAME
from game.rules.metromania import board_data as data
from game.rules.metromania import lattice as L
from game.rules.metromania.city import (ARROW, BLACK, BLACK_ARROWS, WHITE, WHITE_ARROWS, City,
                                        local_corners)


def test_lattice_counts():
    assert len(L.POINTS) == 127
    assert len(L.SPACES) == 216
    assert len(L.EDGE_POINTS) == 342
    assert sum(L.BOUNDARY_EDGE) == 36
    assert sum(L.ON_BOUNDARY) == 36


def test_every_space_has_one_edge_of_each_class_and_edges_at_most_two_spaces():
    for s, edges in enumerate(L.SPACE_EDGES):
        assert [L.EDGE_CLASS[e] for e in edges] == [0, 1, 2]
        corners = set(L.SPACE_CORNERS[s])
        for e in edges:
            assert set(L.EDGE_POINTS[e]) <= corners
    for spaces in L.EDGE_SPACES:
        assert 1 <= len(spaces) <= 2


def test_sides_have_six_boundary_spaces_with_the_arrows_at_1_2_3_4():
    for k in range(6):
        row = L.SIDE_SPACES[k]
        assert len(row) == 6
        assert [ARROW[s] for s in row] == ["", WHITE, BLACK, WHITE, BLACK, ""]
        for s in row:
            corner = L.INNER_CORNER[s]
            assert not L.ON_BOUNDARY[corner]
            for e in L.INNER_EDGES[s]:
                assert corner in L.EDGE_POINTS[e] and not L.BOUNDARY_EDGE[e]
    assert len(WHITE_ARROWS) == len(BLACK_ARROWS) == 12


def test_screen_coordinates_are_doubled_integers():
    assert L.screen2(L.POINT_ID[(0, 0)]) == (0, 0)
    assert L.screen2(L.POINT_ID[(1, 1)]) == (3, 1)


@pytest.mark.parametrize("index", range(6))
def test_each_piece_is_well_formed(index):
    piece = data.DISTRICT_PIECES[index]
    assert sorted(piece["dest"]) == sorted(data.TYPES)
    dests = list(piece["dest"].values())
    special = list(piece.get("lake", ())) + list(piece.get("park", ()))
    everything = dests + special
    assert len(set(everything)) == len(everything), "no space is used twice"
    for space in everything:
        corners = local_corners(space)
        assert all(a >= 0 and b >= 0 and a + b <= 6 for a, b in corners)
        # never in an outer row (no edge on a side of the piece), whatever the rotation
        for i, j in itertools.combinations(corners, 2):
            assert not (i[0] == j[0] == 0), space
            assert not (i[1] == j[1] == 0), space
            assert not (sum(i) == sum(j) == 6), space
    for x, y in itertools.combinations(dests, 2):
        assert not set(local_corners(x)) & set(local_corners(y)), "destinations never touch"
    for group in ("lake", "park"):
        if group in piece:
            points = {c for space in piece[group] for c in local_corners(space)}
            assert len(piece[group]) == 4 and len(points) == 6, "a triangle of side 2"


def test_one_piece_has_the_lake_and_another_the_park():
    lakes = [i for i, p in enumerate(data.DISTRICT_PIECES) if "lake" in p]
    parks = [i for i, p in enumerate(data.DISTRICT_PIECES) if "park" in p]
    assert len(lakes) == len(parks) == 1 and lakes != parks


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(6)), st.lists(st.integers(0, 2), min_size=6, max_size=6))
def test_every_city_has_18_destinations_lake_park_off_the_arrows(order, rotations):
    city = City(tuple(zip(order, rotations)))
    kinds = [city.kind[s] for s in city.dest_spaces]
    assert sorted(kinds) == ["C"] * 6 + ["E"] * 6 + ["R"] * 6
    assert len(city.lake) == 4 and len(city.park) == 4
    for s in city.dest_spaces + city.lake + city.park:
        assert not any(L.BOUNDARY_EDGE[e] for e in L.SPACE_EDGES[s]), "never in the outer row"
    for slot in range(6):
        slot_spaces = [s for s in city.dest_spaces if city.district[s] == slot]
        assert sorted(city.kind[s] for s in slot_spaces) == ["C", "E", "R"]


def test_the_city_is_random_but_repeatable():
    config = GAME.make_config(2)
    layouts = {GAME.new_game(config, seed).layout for seed in range(12)}
    assert len(layouts) > 6
    assert GAME.new_game(config, 5).layout == GAME.new_game(config, 5).layout
    rotations = {rot for layout in layouts for _, rot in layout}
    assert rotations == {0, 1, 2}


def test_fixed_city_option_and_its_errors():
    config = GAME.make_config(2, city=[[5, 1], [4, 0], [3, 2], [2, 0], [1, 1], [0, 0]])
    assert GAME.new_game(config, 1).layout == ((5, 1), (4, 0), (3, 2), (2, 0), (1, 1), (0, 0))
    with pytest.raises(ConfigError):
        GAME.make_config(2, city=[[0, 0]] * 6)
    with pytest.raises(ConfigError):
        GAME.make_config(2, city=[[i, 3] for i in range(6)])
    with pytest.raises(ConfigError):
        GAME.make_config(2, colour="red")

"""The protocol conformance suite, run over every registered game (``game.rules.GAME_MODULES``).

A game is covered by registering it: each one is played at its smallest and largest player
counts and with each variant alone, through ``tests.conformance.conform`` (clone independence,
apply == check + play, notation round-trips, refused moves change nothing, views consistent
and blind to hidden information, terminal invariants, save and LAN-log round-trips). Every
game that implements the LAN table protocol also plays the generic table simulation
(``tests/table_simulation.py``) at its smallest table and at three seats, each variant alone.
"""

import pytest

from game.rules import GAME_MODULES, available_games, get_game
from game.rules.core import Rng
from tests.conformance import configs_for, conform
from tests.fair_dealer import FairDealer
from tests.table_simulation import TableSimulation, implements_table


def cases():
    out = []
    for name in available_games():
        game = get_game(name)
        # the probes are quadratic in the seats: the biggest table here is six (Metro's
        # largest); a 32-seat Railroad Ink table is played through in tests/test_ink_32.py
        for config in configs_for(game, sorted({game.min_players, min(game.max_players, 6)})):
            label = f"{name}-{config['players']}p-{'+'.join(config['variants']) or 'base'}"
            out.append(pytest.param(name, config, id=label))
    return out


def test_every_registered_game_is_present_and_says_what_it_hides():
    assert available_games() == list(GAME_MODULES)
    for name in available_games():
        game = get_game(name)
        state = game.new_game(game.make_config(game.min_players), 1)
        game.hidden_variant(state, 0, Rng(1))     # NotImplementedError names a game that does not


@pytest.mark.parametrize("name,config", cases())
def test_random_game_conforms(name, config):
    game = get_game(name)
    # views are checked for every seat: probe less often at big tables to stay fast
    conform(game, config, 7, game.hidden_variant, probe_every=2 * config["players"] + 1)


def table_cases():
    out = []
    for name in available_games():
        game = get_game(name)
        if not implements_table(game):
            continue
        players = sorted({game.min_players, min(game.max_players, 3)})
        for index, config in enumerate(configs_for(game, players)):
            label = f"{name}-{config['players']}p-{'+'.join(config['variants']) or 'base'}"
            out.append(pytest.param(name, config, index, id=label))
    return out


@pytest.mark.parametrize("name,config,index", table_cases())
def test_table_simulation_deals_every_game_fairly(name, config, index):
    """Every table game dealt as a LAN table deals it (``tests/fair_dealer.py``: no game
    needs a dealer of its own): each seat's table state is its view of the table that knows
    every secret, all of them agree and end alike."""
    game = get_game(name)
    table = TableSimulation(game, config, 100 + index, FairDealer, masked=index % 2 == 0)
    table.play_out(Rng(index))
    assert table.steps > 0
    waits = game.pending_chance(game.new_table_game(config, 1)) is not None
    assert table.chances > 0 or not waits

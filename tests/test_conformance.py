"""The protocol conformance suite, run over every registered game (``game.rules.GAME_MODULES``).

A game is covered by registering it: each one is played at its smallest and largest player
counts and with each variant alone, through ``tests.conformance.conform`` (clone independence,
apply == check + play, notation round-trips, refused moves change nothing, views consistent
and blind to hidden information, terminal invariants, save and LAN-log round-trips).
"""

import pytest

from game.rules import GAME_MODULES, available_games, get_game
from tests.conformance import configs_for, conform
from tests.hidden_info import PERTURB


def cases():
    out = []
    for name in available_games():
        game = get_game(name)
        for config in configs_for(game, sorted({game.min_players, game.max_players})):
            label = f"{name}-{config['players']}p-{'+'.join(config['variants']) or 'base'}"
            out.append(pytest.param(name, config, id=label))
    return out


def test_every_registered_game_is_present_and_says_what_it_hides():
    assert available_games() == list(GAME_MODULES)
    for name in available_games():
        assert name in PERTURB, f"tests/hidden_info.py must say what {name} hides"


@pytest.mark.parametrize("name,config", cases())
def test_random_game_conforms(name, config):
    game = get_game(name)
    # views are checked for every seat: probe less often at big tables to stay fast
    conform(game, config, 7, PERTURB[name], probe_every=2 * config["players"] + 1)

"""Same config + seed + moves -> same hashes in every process, whatever PYTHONHASHSEED.

Replaying a log twice in one process cannot catch what breaks determinism in practice (set or
dict order that depends on string hashing, ids, the machine), so everything here is computed
again in fresh interpreters with different PYTHONHASHSEEDs and compared: for random games of
every registered game, the state hash and the hash of every seat's and the spectator's view
after every move; the golden games of every game (against tests/golden); and, for every game
that implements the LAN table protocol, the table's public hash after every step.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from game.rules import available_games, get_game
from game.rules.core import Rng, canonical_bytes, hash_bytes, state_hash
from tests.conformance import configs_for, playout
from tests.golden.regenerate import golden_file
from tests.fair_dealer import FairDealer
from tests.table_simulation import TableSimulation, implements_table

ROOT = Path(__file__).resolve().parent.parent
HASH_SEEDS = ("4242",)     # another interpreter, another string hash than this one (random)

PROBE = """
import json, sys
from tests import fourth_game
fourth_game.install()          # as tests/conftest.py does: the test-only game is registered
from tests.test_determinism import fingerprints
print(json.dumps(fingerprints(json.load(sys.stdin))))
"""


def replay_fingerprint(name: str, config: dict, seed: int, log: list) -> list[str]:
    """After every move: one hash of the state and of each seat's and the spectator's view."""
    game = get_game(name)
    state = game.new_game(config, seed)
    out = []
    for seat, text in log:
        game.apply(state, seat, game.parse_move(text))
        views = [canonical_bytes(game.encode(game.view(state, viewer)))
                 for viewer in [*range(config["players"]), None]]
        out.append(hash_bytes(canonical_bytes([state_hash(game, state), views])))
    return out


def table_fingerprint(name: str) -> list[str]:
    game = get_game(name)
    # three seats where the game allows (Metromania's variants need them), the last variant
    # (Metromania's secret letters, Metro's free orientation)
    config = game.make_config(max(game.min_players, min(3, game.max_players)),
                              sorted(game.variants)[-1:])
    table = TableSimulation(game, config, 31, FairDealer)
    table.play_out(Rng(31))
    return table.public_hashes


def golden_fingerprint(name: str) -> list[dict]:
    from tests.golden.regenerate import golden_games
    return golden_games(name)


def fingerprints(cases: list[dict]) -> dict:
    return {
        "replays": [replay_fingerprint(c["game"], c["config"], c["seed"], c["log"])
                    for c in cases],
        "golden": {name: golden_fingerprint(name) for name in available_games()},
        "tables": {name: table_fingerprint(name) for name in available_games()
                   if implements_table(get_game(name))},
    }


def random_cases() -> list[dict]:
    cases = []
    for name in available_games():
        game = get_game(name)
        for index, config in enumerate(configs_for(game)[:3]):
            seed = 1000 + index
            _, log = playout(game, config, seed, probe_every=1000)
            cases.append({"game": name, "config": config, "seed": seed, "log": log})
    return cases


def test_hashes_agree_across_processes_and_hash_seeds():
    cases = random_cases()
    payload = json.dumps(cases)
    local = fingerprints(cases)
    for name, games in local["golden"].items():   # the files were written by another process
        assert games == json.loads(golden_file(name).read_text(encoding="utf-8"))["games"]
    for hash_seed in HASH_SEEDS:
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", PROBE], input=payload, cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        other = json.loads(out.stdout)
        for key in ("replays", "golden", "tables"):
            assert other[key] == local[key], f"{key} differ with PYTHONHASHSEED={hash_seed}"

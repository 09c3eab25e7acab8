"""Same config + seed + moves -> same hashes in every process, whatever PYTHONHASHSEED."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import available_games, get_game
from tests.conformance import configs_for, playout, replay

ROOT = Path(__file__).resolve().parent.parent

REPLAYER = """
import json, sys
from game.rules import get_game
from tests.conformance import replay
data = json.load(sys.stdin)
game = get_game(data["game"])
print(json.dumps([replay(game, c["config"], c["seed"], [tuple(x) for x in c["log"]])
                  for c in data["cases"]]))
"""


@pytest.mark.parametrize("name", available_games())
def test_hashes_agree_across_processes_and_hash_seeds(name):
    game = get_game(name)
    cases = []
    for index, config in enumerate(configs_for(game)[:4]):
        seed = 1000 + index
        _, log = playout(game, config, seed)
        cases.append({"config": config, "seed": seed, "log": log})
    local = [replay(game, c["config"], c["seed"], c["log"]) for c in cases]
    payload = json.dumps({"game": name, "cases": cases})
    for hash_seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", REPLAYER], input=payload, cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120, check=True)
        assert json.loads(out.stdout) == local, f"hashes differ with PYTHONHASHSEED={hash_seed}"

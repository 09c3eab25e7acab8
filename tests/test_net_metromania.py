"""Metromania over the LAN: three processes on loopback (``run.py host`` + two ``run.py join``
with random bots) play a whole game in lockstep and end on the same state hash, seq and
scores. Also the Unfair Municipality variant, where each peer sees only its own letters and
the lockstep must hold all the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent


def spawn(*args, home: Path) -> subprocess.Popen:
    env = dict(os.environ, TRACKLAYER_HOME=str(home), PYTHONHASHSEED="random")
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def lines_of(proc: subprocess.Popen, timeout: float = 40) -> list[dict]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"process timed out; stderr: {err[-2000:]}") from None
    assert proc.returncode == 0, f"exit {proc.returncode}: {err[-2000:]}"
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def play_lan_game(tmp_path: Path, *variant_args: str) -> list[dict]:
    host = spawn("host", "metromania", "--headless", "--players", "3", "--port", "0",
                 "--discovery-port", "-1", *variant_args, home=tmp_path / "host")
    first = json.loads(host.stdout.readline())
    assert first["event"] == "listening" and first["port"] > 0
    address = f"127.0.0.1:{first['port']}"
    joiners = [spawn("join", address, "--headless", "--bot", "random",
                     home=tmp_path / f"join{i}") for i in range(2)]
    results = [lines_of(proc) for proc in joiners]
    host_lines = [first] + lines_of(host)
    return [host_lines] + results


def check_same_end(all_lines: list[list[dict]]) -> dict:
    ends = [lines[-1] for lines in all_lines]
    for end in ends:
        assert end["event"] == "game_over", end
    assert len({end["hash"] for end in ends}) == 1, ends
    assert len({end["seq"] for end in ends}) == 1
    assert all(end["scores"] == ends[0]["scores"] for end in ends)
    assert ends[0]["seq"] > 6 and len(ends[0]["scores"]) == 3
    return ends[0]


def test_three_processes_play_metromania_to_the_same_hash(tmp_path):
    all_lines = play_lan_game(tmp_path)
    end = check_same_end(all_lines)
    # each process prints the fair table's code once, and an honest table's are all one
    codes = [[line["code"] for line in lines if line["event"] == "table_code"]
             for lines in all_lines]
    assert all(len(told) == 1 for told in codes), codes
    assert len({told[0] for told in codes}) == 1, codes
    assert isinstance(end["hash"], str) and len(end["hash"]) >= 16


def test_unfair_municipality_keeps_the_lockstep(tmp_path):
    check_same_end(play_lan_game(tmp_path, "--variant", "unfair"))

"""``run.py selfplay --tournament``: pairs of levels with seats swapped on the same deals,
win rates with Wilson 95 % intervals, mean scores, decision times; clear refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.cli.tournament import game_seed, pairs_of, seating, share_of_win, wilson

ROOT = Path(__file__).resolve().parent.parent


def selfplay(*args):
    return subprocess.run([sys.executable, "run.py", "selfplay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_pairs_seats_and_seeds():
    assert pairs_of(["random", "easy", "normal"], False) == [("easy", "random"),
                                                             ("normal", "easy")]
    assert pairs_of(["a", "b", "c"], True) == [("b", "a"), ("c", "a"), ("c", "b")]
    assert seating("x", "y", 2, 0) == ["x", "y"] and seating("x", "y", 2, 1) == ["y", "x"]
    assert seating("x", "y", 4, 1) == ["y", "x", "y", "x"]
    assert [game_seed(10, i) for i in range(4)] == [10, 10, 11, 11]


def test_win_shares_and_wilson_interval():
    record = {"winners": [0, 1], "levels": ["x", "y"]}
    assert share_of_win(record, "x") == 0.5
    assert share_of_win({"winners": [1, 3], "levels": ["x", "y", "x", "y"]}, "y") == 1.0
    low, high = wilson(150, 200)
    assert 0.68 < low < 0.75 < high < 0.81
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_tournament_json_plays_each_deal_from_both_sides():
    out = selfplay("metro", "--players", "2", "--tournament", "random,easy,normal",
                   "--games", "4", "--seed", "9", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    rows = data["pairs"]
    assert [(r["first"], r["second"]) for r in rows] == [("easy", "random"), ("normal", "easy")]
    for row in rows:
        assert row["games"] == 4 and 0 <= row["win_rate"] <= 1
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high
        assert set(row["mean_score"]) == {row["first"], row["second"]}
        assert row["seeds"] == [9, 10]
    assert set(data["decision_ms"]) == {"random", "easy", "normal"}
    # normal beats easy on these deals: the table says so
    assert rows[1]["win_rate"] > 0.5


def test_tournament_table_and_refusals():
    out = selfplay("metro", "--tournament", "easy,normal", "--games", "2", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "normal vs easy" in out.stdout and "95% interval" in out.stdout
    bad = selfplay("metro", "--tournament", "easy,wizard", "--games", "2")
    assert bad.returncode == 2 and "wizard" in bad.stderr and not bad.stdout
    one = selfplay("metro", "--tournament", "easy", "--games", "2")
    assert one.returncode == 2 and "two different levels" in one.stderr

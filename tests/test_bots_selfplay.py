"""``run.py selfplay --bots``: levels per seat, rotation between games, wins (ties count
half) and decision times per level in the JSON; a small strength smoke test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.cli.selfplay import seat_levels, summary

ROOT = Path(__file__).resolve().parent.parent


def selfplay(*args):
    return subprocess.run([sys.executable, "run.py", "selfplay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_seat_levels_rotate_so_every_level_sits_everywhere():
    assert seat_levels(["hard", "normal"], 2, 0) == ["hard", "normal"]
    assert seat_levels(["hard", "normal"], 2, 1) == ["normal", "hard"]
    assert seat_levels(["easy"], 3, 4) == ["easy", "easy", "easy"]
    assert [seat_levels(["a", "b", "c"], 1, i) for i in range(3)] == [["a"], ["b"], ["c"]]
    assert seat_levels(["a", "b"], 4, 1) == ["b", "a", "b", "a"]


def test_ties_count_half_and_percentiles():
    games = [{"winners": [0, 1], "levels": ["x", "y"], "scores": [5, 5]},
             {"winners": [1], "levels": ["y", "x"], "scores": [1, 7]}]
    timings = {"x": [float(v) for v in range(1, 101)], "y": [2.0]}
    result = summary(games, timings)
    assert result["wins"] == {"x": 1.5, "y": 0.5}
    assert result["mean_score"] == {"x": 6.0, "y": 3.0}
    assert result["decision_ms"]["x"]["p50"] == 50.0 and result["decision_ms"]["x"]["p95"] == 95.0


def test_selfplay_json_has_wins_and_decision_times_per_level():
    out = selfplay("metro", "--players", "2", "--games", "4", "--bots", "normal,easy",
                   "--seed", "7", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    games = data["games"]
    assert [g["levels"] for g in games] == [["normal", "easy"], ["easy", "normal"]] * 2
    assert [g["seed"] for g in games] == [7, 8, 9, 10]
    for g in games:
        assert {"seed", "scores", "moves", "hash", "winners", "levels"} <= set(g)
    assert sum(data["wins"].values()) == 4
    assert set(data["decision_ms"]) == {"normal", "easy"}
    assert set(data["decision_cpu_ms"]) == {"normal", "easy"}
    for times in [*data["decision_ms"].values(), *data["decision_cpu_ms"].values()]:
        assert 0 <= times["p50"] <= times["p95"] <= times["max"]
    assert data["seconds"] > 0 and data["bots"] == ["normal", "easy"]


def test_selfplay_refuses_unknown_levels():
    out = selfplay("metro", "--games", "1", "--bots", "normal,wizard")
    assert out.returncode == 2 and "wizard" in out.stderr and not out.stdout


def test_normal_beats_random_in_metro():
    from game.bots.base import make_bot
    from game.rules import get_game
    from game.cli.selfplay import play_one
    game = get_game("metro")
    config = game.make_config(2)
    wins = 0.0
    for index in range(4):
        levels = seat_levels(["normal", "random"], 2, index)
        record = play_one(game, config, 300 + index, levels)
        seat = levels.index("normal")
        if seat in record["winners"]:
            wins += 1 / len(record["winners"])
    assert wins >= 3, wins
    assert make_bot(game, 0, "normal", 1).level == "normal"


def test_summary_reports_guilty_seats_and_95_percent_intervals():
    games = [{"winners": [0], "levels": ["x", "y"], "scores": [10, 2], "guilt": [0, -6]},
             {"winners": [1], "levels": ["y", "x"], "scores": [4, 6], "guilt": [-12, 0]}]
    result = summary(games, {})
    assert result["guilty"] == {"x": [0, 2], "y": [2, 2]}
    # x scored 10 and 6: mean 8, sample variance 8, standard error 2
    assert result["score_ci95"] == {"x": 3.92, "y": 1.96}
    # games without a guilt penalty (Metro, Railroad Ink) report no "guilty"
    plain = [{k: v for k, v in g.items() if k != "guilt"} for g in games]
    assert "guilty" not in summary(plain, {})


def test_metromania_records_carry_each_seats_guilt():
    from game.cli.selfplay import play_one
    from game.rules import get_game
    game = get_game("metromania")
    record = play_one(game, game.make_config(4), 12, ["easy"] * 4)
    assert len(record["guilt"]) == 4 and all(g <= 0 and g % 6 == 0 for g in record["guilt"])

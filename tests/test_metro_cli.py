"""``run.py score metro`` end to end (subprocess): good boards give JSON, every kind of bad
input gives exit status 2, a message naming the placement and nothing on stdout."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def score(text, *args):
    return subprocess.run([sys.executable, "run.py", "score", "metro", *args], input=text,
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_good_board_prints_scores_and_lines():
    out = score("acba@A1 acba@A2 baac@B1 aacb@B2\naaaa@A4 aaaa@B4 aaaa@C4\n",
                "--players", "4")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    lines = {line["station"]: line for line in result["lines"]}
    assert len(lines) == 32
    assert lines[1] == {"station": 1, "seat": 2, "tiles": 5, "centre": False, "points": 5,
                        "complete": True}
    assert lines[4] == {"station": 4, "seat": 0, "tiles": 3, "centre": True, "points": 6,
                        "complete": True}
    assert lines[20]["complete"] is False and lines[20]["points"] == 0
    assert len(result["scores"]) == 4 and result["scores"][0] >= 6 and result["scores"][2] >= 5
    assert sum(result["scores"]) == sum(line["points"] for line in result["lines"])


def test_three_players_have_no_car_on_16_and_17_and_rotation_with_variant():
    out = score("aacb@A1/1 dddd@H8/2", "--players", "3", "--variant", "orientation")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert {line["station"] for line in result["lines"]} == set(range(1, 33)) - {16, 17}
    assert len(result["scores"]) == 3


def test_dddd_may_break_the_rule_when_only_ring_squares_are_free():
    out = score("aaaa@A1 dddd@A5", "--players", "4")
    assert out.returncode == 0, out.stderr


def test_empty_input_is_an_empty_board():
    out = score("", "--players", "2")
    assert out.returncode == 0 and json.loads(out.stdout)["scores"] == [0, 0]


@pytest.mark.parametrize("text,args,needle", [
    ("aaaa@A1 aaaa@A1", [], "placement 2 'aaaa@A1': A1 already holds a tile"),
    ("aaaa@A1 aaaa@D4", [], "placement 2 'aaaa@D4': D4 is part of the central station"),
    ("aaaa@C3", [], "placement 1 'aaaa@C3': C3 is neither on the outer ring nor next to"),
    # dddd breaks the one-tile rule on every ring square, but B3 and C2 are free
    ("aaaa@A2 aaaa@B2 dddd@A5", [], "placement 3 'dddd@A5': dddd on A5 would join two"),
    ("aaaa@A1 zzzz@A2", [], "placement 2 'zzzz@A2': unknown tile type 'zzzz'"),
    ("aaaa@A2 cccc@B2 cccc@C2 cccc@D2", [], "placement 4 'cccc@D2': the set holds only 2"),
    ("aacb@A1/1", [], "placement 1 'aacb@A1/1': a rotation is given but the orientation"),
    ("aaaa@A1 hello", [], "placement 2 'hello': not a placement"),
    ("aaaa@Z9", [], "placement 1 'aaaa@Z9': 'Z9' is not a square"),
])
def test_bad_placements(text, args, needle):
    out = score(text, "--players", "4", *args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert needle in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("args,needle", [
    (["--players", "7"], "2 to 6 players"),
    (["--players", "3", "--variant", "mirror"], "unknown Metro variant 'mirror'"),
    (["--players", "3", "--variant", "hand2", "--variant", "hand3"], "only one hand size"),
])
def test_bad_table_options(args, needle):
    out = score("aaaa@A1", *args)
    assert out.returncode == 2 and out.stdout == "" and needle in out.stderr


def test_selfplay_metro_reports_games_as_json():
    out = subprocess.run([sys.executable, "run.py", "selfplay", "metro", "--players", "4",
                          "--games", "3", "--seed", "5", "--variant", "companies", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [g["seed"] for g in result["games"]] == [5, 6, 7]
    assert all(len(g["scores"]) == 4 and g["moves"] >= 60 for g in result["games"])


def test_bench_section_reports_numbers():
    from game.benchmarks import rules_metro

    numbers = rules_metro.run(quick=True)
    assert numbers["games_4p_per_second"] > 0 and numbers["legal_moves_midgame_us"] > 0
    assert numbers["moves_per_game"] >= 60

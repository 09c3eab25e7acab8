"""``run.py score railroad-ink``: JSON breakdown on good input, exit 2 and a message on bad."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BASE_KEYS = {"exits", "longest_highway", "longest_railway", "centre", "errors", "total"}


def run_score(text, *args):
    return subprocess.run([sys.executable, "run.py", "score", "railroad-ink", *args], input=text,
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_score_prints_the_breakdown():
    out = run_score(" ".join(f"road-straight@D{c}/1" for c in range(1, 8)) + "\n")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"exits": 4, "longest_highway": 7, "longest_railway": 0,
                                      "centre": 3, "errors": 0, "total": 14}


@pytest.mark.parametrize("expansion, text", [
    ("river", "river-curve@C3/0"),
    ("lake", "lake-1@C3/0"),
    ("meteor", "road-straight@D1/1 crater@D2"),
    ("volcano", "lava-straight@C4/0"),
])
def test_score_with_an_expansion_adds_its_key(expansion, text):
    out = run_score(text, "--expansion", expansion)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert set(result) == BASE_KEYS | {expansion}


def test_first_illegal_placement_exits_2_with_nothing_on_stdout():
    out = run_score("road-straight@D1/1\nrail-straight@D2/1\nroad-straight@D3/1\n")
    assert out.returncode == 2
    assert out.stdout == ""
    assert "Placement 2 (rail-straight@D2/1)" in out.stderr
    assert "Traceback" not in out.stderr


def test_bad_notation_and_bad_expansion_exit_2():
    out = run_score("road-straight@D1/9")
    assert out.returncode == 2 and out.stdout == "" and "Placement 1" in out.stderr
    out = run_score("", "--expansion", "river", "--expansion", "lake")
    assert out.returncode == 2 and "cannot be combined" in out.stderr

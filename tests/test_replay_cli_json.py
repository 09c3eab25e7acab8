"""``run.py replay FILE [--verify] [--json]`` for every outcome: a good file, a hash divergence,
a truncated file, foreign files (a PNG, random bytes) and a missing file, in text and JSON
mode. JSON mode prints exactly one object with the same keys whatever happened; failures exit
2 with one line on stderr; no outcome shows a traceback."""

from __future__ import annotations

import json
import os

import pytest

from game import saves
from game.cli import main as cli_main
from tests.test_saves_autosave import new_match, play

KEYS = {"ok", "file", "error", "game", "title", "players", "moves", "finished", "winners",
        "seed", "config", "created", "source", "divergence", "rules_changed"}
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000") + b"\x00" * 40


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay_cli")
    match = play(new_match("metro", seed=3), 20, seed=3)
    good = saves.write_save(match, folder / "good.tlsave")
    data = good.read_bytes()
    lines = data.split(b"\n")
    record = json.loads(lines[5])
    record[3] = "0" * 32
    lines[5] = json.dumps(record).encode()
    (folder / "diverged.tlsave").write_bytes(b"\n".join(lines))
    cut = data.index(b"\n", len(data) * 2 // 3) - 5         # inside a record
    (folder / "truncated.tlsave").write_bytes(data[:cut])
    (folder / "picture.tlsave").write_bytes(PNG)
    (folder / "noise.tlsave").write_bytes(os.urandom(700))
    return folder, match


def run(capsys, *argv):
    status = cli_main(["replay", *map(str, argv)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def one_object(out: str) -> dict:
    assert len(out.strip().splitlines()) == 1
    doc = json.loads(out)
    assert set(doc) == KEYS
    return doc


@pytest.mark.parametrize("verify", [[], ["--verify"]])
def test_good_file(files, capsys, verify):
    folder, match = files
    status, out, err = run(capsys, folder / "good.tlsave", *verify, "--json")
    doc = one_object(out)
    assert status == 0 and err == ""
    assert doc["ok"] and doc["error"] is None and doc["divergence"] is None
    assert doc["moves"] == match.seq == 20 and doc["game"] == "metro" and not doc["finished"]
    assert [p["score"] for p in doc["players"]] == match.scores()["scores"]
    status, out, err = run(capsys, folder / "good.tlsave", *verify)
    assert status == 0 and err == "" and ("ok: 20 moves verified" in out) == bool(verify)


@pytest.mark.parametrize("verify", [[], ["--verify"]])
def test_first_divergence(files, capsys, verify):
    folder, match = files
    status, out, err = run(capsys, folder / "diverged.tlsave", *verify, "--json")
    doc = one_object(out)
    assert status == 2 and not doc["ok"] and doc["moves"] == 4
    assert doc["divergence"] == {"seq": 5, "kind": "hash", "expected": "0" * 32,
                                 "got": match.log[4].hash, "seat": match.log[4].seat + 1,
                                 "move": match.log[4].move,
                                 "reason": "the state hash differs from the one saved"}
    assert err.strip() == f"run.py replay: {doc['error']}"
    status, text, err = run(capsys, folder / "diverged.tlsave", *verify)
    assert status == 2 and len(err.strip().splitlines()) == 1 and "move 5" in err
    assert (text == "") == bool(verify)          # the summary still lists the verified part


@pytest.mark.parametrize("verify", [[], ["--verify"]])
def test_truncated_file(files, capsys, verify):
    folder, _ = files
    status, out, err = run(capsys, folder / "truncated.tlsave", *verify, "--json")
    doc = one_object(out)
    assert status == 2 and not doc["ok"] and doc["divergence"]["kind"] == "unreadable"
    assert doc["divergence"]["seq"] == doc["moves"] + 1 and doc["divergence"]["got"] is None
    assert "cut short" in doc["error"] and doc["error"] in err
    status, _, err = run(capsys, folder / "truncated.tlsave", *verify)
    assert status == 2 and "cut short" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name,message", [("picture", "not a Tracklayer save"),
                                          ("noise", "not a Tracklayer save"),
                                          ("missing", "no such file")])
@pytest.mark.parametrize("verify", [[], ["--verify"]])
def test_foreign_and_missing_files(files, capsys, name, message, verify):
    folder, _ = files
    path = folder / f"{name}.tlsave"
    status, out, err = run(capsys, path, *verify, "--json")
    doc = one_object(out)
    assert status == 2 and not doc["ok"] and message in doc["error"]
    assert doc["moves"] == 0 and doc["game"] is None and doc["divergence"] is None
    assert err.strip() == f"run.py replay: {doc['error']}"
    status, out, err = run(capsys, path, *verify)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_help_documents_the_json_outcome(capsys):
    with pytest.raises(SystemExit):
        cli_main(["replay", "--help"])
    out = capsys.readouterr().out
    for word in ('"divergence"', '"expected"', '"got"', '"error"', "exit status", "--json"):
        assert word in out

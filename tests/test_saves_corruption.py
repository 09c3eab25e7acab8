"""Damaged, truncated, foreign and tampered files: the loader cuts at the last verified move or
refuses with one clear SaveError, ``replay --verify`` reports the first divergence (exit 2),
and a resumed damaged save keeps its verified moves. Hypothesis fuzzes the loader."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import saves
from game.cli import main as cli_main
from game.match import Match
from game.paths import saves_dir
from game.rules import available_games
from game.rules.core import IllegalMove
from game.saves.format import SaveError, header_check, parse_bytes
from game.saves.load import replay_save
from tests.test_saves_autosave import new_match, play

ROOT = Path(__file__).resolve().parent.parent
GAMES = available_games()
MOVES = 24     # moves in the test saves (fewer in a game that ends sooner)


@lru_cache(maxsize=None)
def _good(name: str) -> tuple[bytes, tuple[str, ...]]:
    """An unfinished save of ``name`` (bytes, normally ``MOVES`` moves) and the hash after
    each move."""
    longest = None
    for seed in range(17, 30):
        # other bots as well as another seed: a game whose set-up has no chance (Pebbles)
        match = play(new_match(name, seed=seed), MOVES + 1, seed=seed - 14)
        if longest is None or match.seq > longest.seq:
            longest = match
        if not match.is_over():
            break
    match = longest
    match.rebuild(min(MOVES, match.seq - 1))
    assert match.seq >= 4 and not match.is_over(), f"{name}: no unfinished game of 4 moves"
    path = saves.write_save(match, saves_dir() / "good.tlsave")
    data = path.read_bytes()
    path.unlink()
    return data, tuple(entry.hash for entry in match.log)


def write(tmp_path: Path, data: bytes, name: str = "case.tlsave") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def with_header(data: bytes, **changes) -> bytes:
    lines = lines_of(data)
    header = json.loads(lines[0])
    header.update(changes)
    header["check"] = header_check(header)
    lines[0] = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    return b"\n".join(lines)


def with_record(data: bytes, number: int, **changes) -> bytes:
    lines = lines_of(data)
    seq, seat, text, digest = json.loads(lines[number])
    record = {"seq": seq, "seat": seat, "move": text, "hash": digest, **changes}
    lines[number] = json.dumps([record["seq"], record["seat"], record["move"],
                              record["hash"]]).encode()
    return b"\n".join(lines)


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    status = cli_main(["replay", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


def check_prefix(loaded: saves.Loaded, hashes: tuple[str, ...]) -> None:
    """What was kept is exactly a prefix of the true game."""
    kept = [entry.hash for entry in loaded.match.log]
    assert kept == list(hashes[:len(kept)])
    assert loaded.match.hash() == (kept[-1] if kept else Match.new(
        loaded.match.game, loaded.match.config, loaded.match.seed).hash())


# --------------------------------------------------------------------------------------------
# good files
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_good_file_verifies(name, tmp_path, capsys):
    data, hashes = _good(name)
    moves = len(hashes)
    players = parse_bytes(data).header["config"]["players"]
    path = write(tmp_path, data)
    status, out, err = run_cli(capsys, path, "--verify")
    assert status == 0 and err == ""
    assert out.strip() == f"ok: {moves} moves verified ({name}, {players} players, unfinished)"
    status, out, err = run_cli(capsys, path)
    assert status == 0 and f"moves: {moves}" in out and "finished: no" in out
    status, out, _ = run_cli(capsys, path, "--json")
    summary = json.loads(out)
    assert status == 0 and summary["game"] == name and summary["moves"] == moves
    assert len(summary["players"]) == summary["config"]["players"]


def test_finished_replay_summary_names_scores_and_winners(tmp_path, capsys):
    match = play(new_match(GAMES[0], seed=2))
    path = saves.write_save(match, tmp_path / "done.tlsave")
    status, out, _ = run_cli(capsys, path)
    assert status == 0 and "finished: yes" in out and "final scores:" in out
    winners = match.game.winners(match.state)
    for seat, score in enumerate(match.scores()["scores"]):
        mark = " (winner)" if seat in winners else ""
        assert f"  {seat + 1}. Bot {seat + 1} [bot]: {score}{mark}\n" in out
    status, out, _ = run_cli(capsys, path, "--verify")
    assert status == 0 and "finished" in out


# --------------------------------------------------------------------------------------------
# the first divergence
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_hash_mismatch_is_the_first_divergence(name, tmp_path, capsys):
    data, hashes = _good(name)
    wrong = "0" * 32
    bad = len(hashes) // 2
    path = write(tmp_path, with_record(data, bad, hash=wrong))
    loaded = saves.load(path)
    assert loaded.damage.move == bad and loaded.damage.kind == "hash"
    assert loaded.verified_moves == bad - 1
    check_prefix(loaded, hashes)
    status, out, err = run_cli(capsys, path, "--verify")
    assert status == 2 and out == ""
    assert f"first divergence at move {bad}:" in err
    assert f"expected {wrong}, actual {hashes[bad - 1]}" in err
    assert len(err.strip().splitlines()) == 1


def _illegal_notation(name: str, data: bytes, first: int) -> tuple[int, int, str]:
    """(move, seat, notation): a record that the rules refuse at a move of the save, the
    first such move from ``first`` on (then from the start): a logged notation the seat may
    not play there, or else the logged move played by a seat whose turn it is not (a short
    game whose every move is always legal, like Pebbles' takes)."""
    save = parse_bytes(data)
    count, players = len(save.entries), save.header["config"]["players"]
    for move in [*range(first, count + 1), *range(1, first)]:
        match = Match.from_log(name, save.header["config"], save.header["seed"],
                               [(e.seat, e.move) for e in save.entries[:move - 1]])
        record = save.entries[move - 1]
        tries = [(record.seat, entry.move) for entry in save.entries]
        tries += [(seat, record.move) for seat in range(players) if seat != record.seat]
        for seat, text in tries:
            try:
                match.check(seat, text)
            except IllegalMove:
                return move, seat, text
    raise AssertionError("no illegal candidate found")


@pytest.mark.parametrize("name", GAMES)
def test_illegal_move_in_the_log(name, tmp_path, capsys):
    data, hashes = _good(name)
    bad, seat, text = _illegal_notation(name, data, len(hashes) // 3 + 1)
    path = write(tmp_path, with_record(data, bad, seat=seat, move=text))
    loaded = saves.load(path)
    assert loaded.damage.move == bad and loaded.damage.kind == "illegal"
    assert loaded.verified_moves == bad - 1
    check_prefix(loaded, hashes)
    status, _, err = run_cli(capsys, path, "--verify")
    assert status == 2 and f"first divergence at move {bad}:" in err and text in err


@pytest.mark.parametrize("name", GAMES)
def test_bad_notation_in_the_log(name, tmp_path, capsys):
    data, hashes = _good(name)
    bad = min(5, len(hashes))
    path = write(tmp_path, with_record(data, bad, move="%%nonsense%%"))
    loaded = saves.load(path)
    assert loaded.damage.move == bad and loaded.damage.kind == "notation"
    status, _, err = run_cli(capsys, path, "--verify")
    assert status == 2 and f"move {bad}" in err and "%%nonsense%%" in err


@pytest.mark.parametrize("name", GAMES)
def test_record_numbering_and_data_after_the_end(name, tmp_path, capsys):
    data, hashes = _good(name)
    bad = min(7, len(hashes))
    loaded = saves.load(write(tmp_path, with_record(data, bad, seq=70)))
    assert loaded.damage.move == bad and loaded.damage.kind == "seq"
    assert loaded.verified_moves == bad - 1
    check_prefix(loaded, hashes)
    # a finished game followed by more records
    match = play(new_match(name, seed=2))
    done = saves.write_save(match, tmp_path / "done.tlsave").read_bytes()
    extra = done + lines_of(done)[1] + b"\n"
    loaded = saves.load(write(tmp_path, extra, "extra.tlsave"))
    assert loaded.damage is not None and "after the end" in loaded.damage.reason
    assert loaded.match.hash() == match.hash()
    assert run_cli(capsys, tmp_path / "extra.tlsave", "--verify")[0] == 2


# --------------------------------------------------------------------------------------------
# files that are not (usable) saves
# --------------------------------------------------------------------------------------------

PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000") + b"\x00" * 40


@pytest.mark.parametrize("data,message", [
    (b"", "the file is empty"),
    (PNG, "not a Tracklayer save"),
    (bytes(range(256)) * 3, "not a Tracklayer save"),
    (b"[1, 2, 3]\n", "not a Tracklayer save"),
    (b'{"hello": "world"}', "not a Tracklayer save"),
    (msgpack.packb({"game": "metro"}), "not a Tracklayer save"),
    (msgpack.packb([1, 2, 3]), "not a Tracklayer save"),
    (b'{"app":"tracklayer","check', "header is damaged"),
    (b"\n\n\n", "not a Tracklayer save"),
])
def test_foreign_and_empty_files(data, message, tmp_path, capsys):
    path = write(tmp_path, data)
    with pytest.raises(SaveError, match=message):
        saves.load(path)
    for argv in ((path,), (path, "--verify")):
        status, out, err = run_cli(capsys, *argv)
        assert status == 2 and out == "" and message in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_missing_file_and_folder(tmp_path, capsys):
    status, _, err = run_cli(capsys, tmp_path / "nope.tlsave", "--verify")
    assert status == 2 and "no such file" in err
    status, _, err = run_cli(capsys, tmp_path)
    assert status == 2 and "folder" in err


@pytest.mark.parametrize("name", GAMES)
def test_wrong_version_wrong_game_damaged_header(name, tmp_path, capsys):
    data, _ = _good(name)
    cases = [
        (with_header(data, format=2), "format version 2; this version of Tracklayer reads "
                                      "version 1"),
        (with_header(data, game="chess"), "game named 'chess'"),
        (with_header(data, config={"players": 1000}), "not valid for"),
        (with_header(data, seats="nobody"), "seat list is damaged"),
        (re.sub(rb'"seed":(\d)', rb'"seed":9\1', data, count=1), "header is damaged (checksum"),
    ]
    for index, (bad, message) in enumerate(cases):
        path = write(tmp_path, bad, f"bad{index}.tlsave")
        with pytest.raises(SaveError, match=message.replace("(", r"\(")):
            saves.load(path)
        status, out, err = run_cli(capsys, path, "--verify")
        assert status == 2 and message in err and "Traceback" not in err


def test_script_end_to_end_never_shows_a_traceback(tmp_path):
    garbage = write(tmp_path, os.urandom(3000), "noise.tlsave")
    data, _ = _good(GAMES[0])
    good = write(tmp_path, data, "good.tlsave")
    for argv, status in (([str(garbage), "--verify"], 2), ([str(good), "--verify"], 0),
                         ([str(tmp_path / "missing")], 2)):
        done = subprocess.run([sys.executable, "run.py", "replay", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == status, done.stderr
        assert "Traceback" not in done.stderr


# --------------------------------------------------------------------------------------------
# truncation and flipped bytes, systematically and with hypothesis
# --------------------------------------------------------------------------------------------


def _record_ends(data: bytes) -> list[int]:
    """Offset just past the JSON text of each move record (before its newline)."""
    ends, offset = [], 0
    for index, line in enumerate(lines_of(data)):
        offset += len(line)
        if index >= 1 and line:
            ends.append(offset)
        offset += 1
    return ends


@pytest.mark.parametrize("name", GAMES)
def test_truncation_at_every_offset_keeps_the_complete_records(name, tmp_path):
    data, hashes = _good(name)
    header_end = len(lines_of(data)[0])
    ends = _record_ends(data)
    step = max(1, len(data) // 100)
    for cut in list(range(0, len(data), step)) + [e - 1 for e in ends] + ends:
        path = write(tmp_path, data[:cut])
        if cut < header_end:
            with pytest.raises(SaveError):
                saves.load(path)
            continue
        loaded = saves.load(path)
        complete = sum(1 for end in ends if end <= cut)
        assert loaded.verified_moves == complete, f"cut at {cut}"
        check_prefix(loaded, hashes)
        cut_inside_record = complete < len(hashes) and cut > (ends[complete - 1] + 1 if complete
                                                        else header_end + 1)
        assert (loaded.damage is not None) == cut_inside_record, f"cut at {cut}"


@pytest.mark.parametrize("name", GAMES)
def test_flipped_byte_is_caught_at_its_record(name, tmp_path):
    data, hashes = _good(name)
    line_of = []
    for index, line in enumerate(lines_of(data)):
        line_of.extend([index] * (len(line) + 1))
    for position in range(0, len(data), 13):
        for flip in (0x01, 0x20, 0x80):
            bad = bytearray(data)
            bad[position] ^= flip
            try:
                loaded = saves.load(write(tmp_path, bytes(bad)))
            except SaveError:
                assert line_of[position] == 0 or bad[position] == 0x0A, position
                continue
            record = line_of[position]
            assert record >= 1, f"a damaged header was accepted (byte {position})"
            check_prefix(loaded, hashes)
            if loaded.damage is None:
                # the flip gave another spelling of the same move: same hashes all along
                assert loaded.verified_moves == len(hashes)
            else:
                assert loaded.damage.move in (record, record - 1 if bad[position] == 0x0A
                                              else record), position
                assert loaded.verified_moves == loaded.damage.move - 1


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 255)), max_size=4),
       cut=st.one_of(st.none(), st.integers(0, 10 ** 6)))
def test_loader_never_raises_anything_but_save_error(name, edits, cut):
    data, hashes = _good(name)
    bad = bytearray(data)
    for position, value in edits:
        bad[position % len(bad)] = value
    if cut is not None:
        bad = bad[:cut % (len(bad) + 1)]
    try:
        loaded = saves.parse_bytes(bytes(bad))
    except SaveError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    try:
        match, _ = replay_save(loaded)
    except SaveError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    kept = [entry.hash for entry in match.log]
    assert kept == list(hashes[:len(kept)])


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_refused_cleanly(data):
    try:
        save = saves.parse_bytes(data)
    except SaveError:
        return
    try:                # a random blob that parses must still replay or raise SaveError
        replay_save(save)
    except SaveError:
        pass


_plain = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 2 ** 65), st.text(max_size=8),
              st.floats(allow_nan=True)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(doc=st.fixed_dictionaries(
    {"format": st.sampled_from([1, 1, 2, "1"]),
     "game": st.sampled_from([*GAMES, "chess", 3]),
     "config": st.one_of(_plain, st.fixed_dictionaries({"players": st.integers(-1, 9)},
                                                       optional={"variants": _plain})),
     "seed": st.one_of(st.integers(0, 2 ** 64), _plain),
     "seats": st.one_of(st.lists(st.fixed_dictionaries({"name": _plain}), max_size=3), _plain),
     "log": st.one_of(_plain, st.lists(st.lists(_plain, max_size=5), max_size=4))}))
def test_plain_documents_from_peers_are_validated(doc):
    try:
        saves.load_plain(doc)
    except SaveError as exc:
        assert str(exc)


# --------------------------------------------------------------------------------------------
# resuming damaged saves, LAN peers' logs
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_resume_of_a_damaged_save_keeps_the_verified_moves(name):
    data, hashes = _good(name)
    bad = len(hashes) // 2 + 1
    path = saves_dir() / "damaged.tlsave"
    damaged = with_record(data, bad, hash="f" * 32)[:-10]
    path.write_bytes(damaged)
    [info] = saves.list_resumable()
    assert info.path == path and info.moves == len(hashes) - 1 and info.damaged
    loaded = saves.resume(path, durable=False)
    assert loaded.verified_moves == bad - 1
    assert f"damaged at move {bad} " in loaded.warning and f"move {bad - 1}," in loaded.warning
    backup = saves_dir() / "damaged.tlsave.damaged"
    assert backup.read_bytes() == damaged
    after = saves.load(path)
    assert after.ok and after.verified_moves == bad - 1 and after.match.hash() == hashes[bad - 2]
    play(loaded.match, 2)
    assert saves.load(path).ok and saves.load(path).match.hash() == loaded.match.hash()


def _netlog(match: Match, role: str) -> dict:
    doc = match.to_plain()            # what net/local/netlog.py writes, plus its extra keys
    doc.update({"commands": [], "role": role})
    return doc


@pytest.mark.parametrize("name", GAMES)
def test_peer_logs_in_plain_format_and_the_longest_verified_one(name, tmp_path):
    data, _ = _good(name)
    save = parse_bytes(data)
    match = Match.from_log(name, save.header["config"], save.header["seed"],
                           [(e.seat, e.move) for e in save.entries], new_match(name).seats)
    moves = match.seq
    folder = saves.netlogs_dir()
    full = folder / f"{name}-host.json"
    full.write_text(json.dumps(_netlog(match, "host"), sort_keys=True, indent=1))
    packed = tmp_path / "peer.msgpack"
    packed.write_bytes(msgpack.packb(_netlog(match, "peer")))
    for path in (full, packed):
        loaded = saves.load(path)
        assert loaded.ok and loaded.match.hash() == match.hash() and loaded.save.source != "save"
        assert [s.to_plain() for s in loaded.match.seats] == [s.to_plain() for s in match.seats]

    short = _netlog(match, "peer1")
    short["log"] = short["log"][:moves - 4]
    tampered = _netlog(match, "peer2")
    tampered["log"][moves - 3][3] = "0" * 32     # this peer's log diverges 2 moves before the end
    other_table = _netlog(play(new_match(name, seed=99)), "elsewhere")   # longer: whole game
    best = saves.best_log([short, tampered, other_table, full, tmp_path / "missing"])
    assert best.path == str(full) and best.verified_moves == moves
    best = saves.best_log([short, tampered])
    assert best.verified_moves == moves - 3 and not best.ok
    even = _netlog(match, "peer3")
    even["log"] = even["log"][:moves - 3]         # as long as tampered's verified part, intact
    best = saves.best_log([tampered, even])
    assert best.verified_moves == moves - 3 and best.ok and best.save.header["role"] == "peer3"
    assert [i.path for i in saves.list_netlogs()] == [full]
    text = full.read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[:len(text) // 2])
    with pytest.raises(SaveError, match="game log is damaged or cut short"):
        saves.load(cut)
    with pytest.raises(SaveError, match="none of the logs"):
        saves.best_log([tmp_path / "missing", {"log": 3}])

    # the host resumes the table from the best log: a new autosave of the same game
    resumed = saves.resume(best, durable=False)
    assert resumed.autosaver.path.parent == saves_dir()
    assert saves.load(resumed.autosaver.path).match.hash() == best.match.hash()

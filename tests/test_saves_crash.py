"""kill -9 at an arbitrary instant while a bot game autosaves, then resume: nothing confirmed is
lost, the file is intact, and the resumed state hash equals a straight replay of the saved moves.

The child process plays game after game with durable autosave and, every 7th move, an undo
(so atomic rewrites are interrupted too, not only appends). After each confirmed move it prints
"game seq hash"; the parent kills it with SIGKILL at various points. Two more children freeze
inside a save (after writing the temporary file of a rewrite, after writing an appended record)
and are killed there: the file is the previous, resp. the new, complete version.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import saves
from game.match import Match
from game.paths import saves_dir
from game.rules import available_games
from tests.test_saves_autosave import play

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys
from tests import fourth_game
fourth_game.install()          # as tests/conftest.py does: the test-only game is registered
from game import saves
from game.bots.base import make_bot
from game.match import Match, SeatInfo
from game.rules import get_game

name, seed = sys.argv[1], int(sys.argv[2])
game = get_game(name)
players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
config = game.make_config(players)
print("ready", flush=True)
for number in range(10000):
    seats = [SeatInfo(f"Bot {s + 1}", "bot", level="random") for s in range(players)]
    match = Match.new(game, config, seed + number, seats)
    saver = saves.start_autosave(match)
    bots = [make_bot(game, s, "random", seed * 31 + number * 7 + s) for s in range(players)]
    turn = 0
    while not match.is_over():
        acting = match.to_act()
        seat = acting[turn % len(acting)]
        match.apply(seat, bots[seat].choose(match.view(seat)))
        turn += 1
        if turn % 7 == 0 and not match.is_over():
            match.undo(1)          # the next save is then an atomic rewrite
            saver.sync(match)
        print(number, match.seq, match.log[-1].hash if match.log else "-", flush=True)
"""

# (lines to read before the kill, extra delay in ms): early, mid-game, later games
KILL_POINTS = [(4, 0.0), (45, 0.7), (170, 2.5)]


@contextmanager
def _child(code: str, *args: str):
    """A Python child running ``code`` with ``args`` (text pipes); killed if still running and
    reaped on the way out."""
    child = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    try:
        yield child
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=10)
        child.stdout.close()
        child.stderr.close()


def _run_and_kill(name: str, seed: int, lines_before_kill: int, delay_ms: float) -> list[str]:
    seen = []
    with _child(CHILD, name, str(seed)) as child:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        while len(seen) < lines_before_kill:
            line = child.stdout.readline()
            assert line, f"child ended early: {child.stderr.read()}"
            seen.append(line)
        if delay_ms:
            time.sleep(delay_ms / 1000)
        os.kill(child.pid, signal.SIGKILL)
        rest = child.stdout.read()
    assert child.returncode == -signal.SIGKILL
    seen.extend(rest.splitlines(keepends=True))
    # only complete lines were confirmed (a line cut by the kill is ignored)
    return [line.strip() for line in seen if line.endswith("\n")]


@pytest.mark.parametrize("name", available_games())
@pytest.mark.parametrize("lines_before_kill,delay_ms", KILL_POINTS)
def test_kill_minus_nine_then_resume(name, lines_before_kill, delay_ms):
    child_seed = 500 + lines_before_kill
    confirmed = _run_and_kill(name, child_seed, lines_before_kill, delay_ms)
    last_game, last_seq, last_hash = confirmed[-1].split()
    last_game, last_seq = int(last_game), int(last_seq)

    # listing the saves (as the client does at start) finishes the move of a game that ended
    # just before the kill, whose file had its end record but was not yet among the replays
    resumable = saves.list_resumable()
    # every game finished before the kill is an intact replay
    finished = {}
    for info in saves.list_replays():
        replay = saves.load(info.path)
        assert replay.ok and replay.match.is_over()
        finished[replay.match.seed - child_seed] = [entry.hash for entry in replay.match.log]

    assert len(resumable) <= 1, "one game at a time was being played"
    if not resumable:
        # killed after a game's last move was saved, before the next game's first save: the
        # last confirmed move is in that game's replay, which may hold one move more (the kill
        # came between saving the game's last move and printing it)
        hashes = finished.get(last_game, [])
        assert len(hashes) >= last_seq and last_seq and hashes[last_seq - 1] == last_hash
        assert len(hashes) - last_seq <= 1, "a move was saved twice without being confirmed"
        return
    stored = saves.read_save(resumable[0].path)
    assert stored.damage is None
    game_number = stored.header["seed"] - child_seed
    if game_number == last_game:
        # the game in progress: every confirmed move is there
        assert len(stored.entries) >= last_seq
        if last_seq:
            assert stored.entries[last_seq - 1].hash == last_hash
    else:
        # the next game had started (and maybe made a move not yet confirmed by a print)
        assert game_number == last_game + 1 and len(stored.entries) <= 1
        assert finished.get(last_game, [None])[-1] == last_hash

    try:
        loaded = saves.resume(resumable[0].path)
    except saves.SaveError as error:
        # killed after the move that ended the game was written, before its end record (a
        # short game, like Pebbles, ends often enough to meet this window): nothing is lost
        assert "already finished" in str(error)
        assert game_number == last_game and len(stored.entries) >= last_seq   # confirmed, kept
        if last_seq:
            assert stored.entries[last_seq - 1].hash == last_hash
        assert Match.from_log(stored.header["game"], stored.header["config"],
                              stored.header["seed"], [(entry.seat, entry.move)
                                                      for entry in stored.entries]).is_over()
        return
    assert loaded.ok, loaded.warning
    match = loaded.match
    assert match.seq == len(stored.entries)
    straight = Match.from_log(match.game, match.config, match.seed,
                              [(entry.seat, entry.move) for entry in stored.entries])
    assert match.hash() == straight.hash()
    if stored.entries:
        assert match.hash() == stored.entries[-1].hash

    # the resumed game plays on, autosaving into the same file, to a verified finish
    play(match, seed=77)
    assert loaded.autosaver.finished
    final = saves.load(loaded.autosaver.path)
    assert final.ok and final.match.is_over() and final.match.hash() == match.hash()


FROZEN = r"""
import sys, time
from game import saves
from game.saves import files, flusher
from tests.test_saves_autosave import new_match, play

where = sys.argv[1]
match = new_match(sys.argv[2], seed=6)
saver = saves.start_autosave(match)
play(match, 6)

def freeze(*args):
    print("frozen", flush=True)
    time.sleep(120)

if where == "rewrite":
    files.os.fsync = freeze          # the temporary file is written, not yet renamed
    match.undo(2)
    saver.sync(match)
else:
    # the record is written, not yet flushed to the disk (flushed on the flusher thread)
    flusher._sync = freeze
    play(match, 1, seed=9)
    time.sleep(120)
"""


@pytest.mark.parametrize("where,moves_after", [("rewrite", 6), ("append", 7)])
def test_killed_inside_a_save_leaves_a_complete_version(where, moves_after):
    name = available_games()[0]
    with _child(FROZEN, where, name) as child:
        assert child.stdout.readline().strip() == "frozen", child.stderr.read()
        os.kill(child.pid, signal.SIGKILL)
    folder = saves_dir()
    temps = list(folder.glob(".*.tmp"))
    assert len(temps) == (1 if where == "rewrite" else 0)
    for temp in temps:             # the interrupted rewrite: old enough to be cleaned up
        os.utime(temp, (time.time() - 3600, time.time() - 3600))
    [info] = saves.list_resumable()
    assert not list(folder.glob(".*.tmp"))
    loaded = saves.load(info.path)
    assert loaded.ok and loaded.verified_moves == moves_after

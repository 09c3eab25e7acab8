"""A LAN table's autosave is batched (issue 14, the 32-seat party): every move's line is in
the file at once, but the disk flush waits for ``settle()`` (once per network pump) and runs
on the flusher thread, so a pump never waits for the disk; the game's end still leaves a
complete, flushed file. A hotseat autosave flushes every move, on that thread too (the
frame in which the move lands never waits for the disk)."""

from __future__ import annotations

import os

import pytest

from game import saves
from game.saves import flusher
from game.saves.autosave import Autosaver, new_header, new_save_path
from tests.test_saves_autosave import file_moves, new_match, play


@pytest.fixture
def flushes(monkeypatch):
    """Every fdatasync of the test, by the thread that ran it."""
    import threading

    calls = []
    real = getattr(os, "fdatasync", os.fsync)
    monkeypatch.setattr(os, "fdatasync",
                        lambda fd: (calls.append(threading.current_thread().name), real(fd))[1],
                        raising=False)
    return calls


def test_a_batched_saver_writes_each_move_at_once_and_flushes_once_per_settle(flushes):
    match = new_match("metro")
    plain = saves.start_autosave(match)          # durable, flushing every move
    batched = Autosaver(match, plain.path.with_name("batched.tlsave"), header=plain.header,
                        batched=True)
    assert flusher.wait(5.0)           # nothing of an earlier test still to flush
    flushes.clear()
    play(match, 5)
    assert flusher.wait(5.0)
    # the hotseat saver's five flushes, off this thread; none of the other's
    assert flushes == ["save-flusher"] * 5
    assert file_moves(batched.path) == [e.to_plain() for e in match.log]
    flushes.clear()
    batched.settle()
    assert flusher.wait(5.0)
    assert flushes == ["save-flusher"]     # one flush for the five lines, off this thread
    batched.settle()                       # nothing new: nothing to flush
    assert flusher.wait(5.0) and flushes == ["save-flusher"]


def test_a_batched_saver_that_ends_the_game_leaves_a_complete_flushed_replay(flushes):
    match = new_match("railroad-ink")
    header = new_header(match)
    batched = Autosaver(match, new_save_path(match.game.name, header["table"]), header=header,
                        batched=True)
    play(match)                 # to the end, never settled: the end flushes what it wrote
    assert batched.finished and flushes
    assert batched.path.parent == saves.replays_dir()
    loaded = saves.load(batched.path)
    assert loaded.ok and loaded.match.hash() == match.hash() and loaded.match.is_over()

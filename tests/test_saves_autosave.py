"""Autosave: the file follows the match after every move, undo rewrites it, finished games
become replays, resume discovery lists unfinished saves newest first. Also the helpers the
other save/replay tests use (a seeded random bot game through a Match)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game import saves
from game.bots.base import make_bot
from game.match import Match, SeatInfo
from game.paths import saves_dir
from game.rules import available_games, get_game
from game.rules.core import state_hash
from game.saves import flusher
from game.saves.format import SaveError, parse_bytes

GAMES = available_games()


def table_config(game):
    """A small table for each game (2 players where the game allows it)."""
    players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    return game.make_config(players)


def new_match(name: str, seed: int = 5) -> Match:
    game = get_game(name)
    config = table_config(game)
    seats = [SeatInfo(f"Bot {seat + 1}", "bot", level="random")
             for seat in range(config["players"])]
    return Match.new(game, config, seed, seats)


def play(match: Match, moves: int | None = None, seed: int = 11) -> Match:
    """Random bots play ``moves`` moves (all, when None) of ``match``."""
    bots = [make_bot(match.game, seat, "random", seed * 101 + seat)
            for seat in range(match.config["players"])]
    turn = 0
    while not match.is_over() and (moves is None or turn < moves):
        acting = match.to_act()
        seat = acting[turn % len(acting)]
        match.apply(seat, bots[seat].choose(match.view(seat)))
        turn += 1
    return match


def unfinished_steps(name: str, steps: list[tuple[int, int]], seed: int = 5) -> int:
    """How many of ``steps`` (``play(match, moves, seed=bots)`` calls, in order) a fresh game
    of ``name`` takes and is still not over: a short game (Pebbles) ends within the steps a
    test would like to play, and the test then plays fewer."""
    match = new_match(name, seed=seed)
    for index, (moves, bots) in enumerate(steps):
        play(match, moves, seed=bots)
        if match.is_over():
            return index
    return len(steps)


def file_moves(path: Path) -> list[list]:
    return [[e.seq, e.seat, e.move, e.hash] for e in parse_bytes(path.read_bytes()).entries]


@pytest.mark.parametrize("name", GAMES)
def test_file_holds_every_confirmed_move_at_once(name):
    match = new_match(name)
    saver = saves.start_autosave(match, durable=False)
    path = saver.path
    assert path.parent == saves_dir() and path.suffix == ".tlsave"
    assert file_moves(path) == []
    moves = unfinished_steps(name, [(1, count) for count in range(1, 9)])
    assert moves >= 2
    for count in range(1, moves + 1):
        play(match, 1, seed=count)
        assert file_moves(path) == [e.to_plain() for e in match.log], f"after move {count}"
    loaded = saves.load(path)
    assert loaded.ok and loaded.match.hash() == match.hash() and loaded.match.seq == moves


@pytest.mark.parametrize("name", GAMES)
def test_undo_then_move_rewrites_the_file(name):
    match = new_match(name)
    saver = saves.start_autosave(match, durable=False)
    # six moves, or fewer in a game that ends sooner (the rewrites below need three)
    moves = 6 if unfinished_steps(name, [(6, 11)]) else 3
    play(match, moves)
    assert not match.is_over()
    match.undo(2)
    saver.sync(match)
    assert file_moves(saver.path) == [e.to_plain() for e in match.log]
    play(match, 1, seed=99)          # another move than the one undone
    match.undo(1)
    play(match, 2, seed=98)          # undo without sync: the listener notices and rewrites
    assert file_moves(saver.path) == [e.to_plain() for e in match.log]
    assert saves.load(saver.path).match.hash() == match.hash()


@pytest.mark.parametrize("name", GAMES)
def test_finished_game_becomes_a_replay(name):
    match = new_match(name, seed=3)
    saver = saves.start_autosave(match, durable=False)
    first_path = saver.path
    play(match)
    assert saver.finished and not first_path.exists()
    assert saver.path.parent == saves.replays_dir()
    assert saves.list_resumable() == []
    [info] = saves.list_replays()
    assert info.finished and info.moves == match.seq
    assert info.scores == match.scores()["scores"]
    loaded = saves.load(info.path)
    assert loaded.ok and loaded.match.is_over() and loaded.match.hash() == match.hash()
    with pytest.raises(SaveError, match="finished"):
        saves.resume(info.path)


def test_resumable_saves_are_listed_newest_first():
    name = GAMES[0]
    paths = []
    for index in range(3):
        match = play(new_match(name, seed=index), 2 + index)
        saver = saves.start_autosave(match, durable=False, label=f"table {index}")
        saver.detach(match)
        stamp = time.time() - 100 + index * 10
        os.utime(saver.path, (stamp, stamp))
        paths.append(saver.path)
    (saves_dir() / "junk.tlsave").write_bytes(b"\x89PNG\r\n\x1a\n not a save")
    (saves_dir() / ".x.tlsave.123.tmp").write_bytes(b"half a file")
    infos = saves.list_resumable()
    assert [info.path for info in infos] == paths[::-1]
    assert [info.moves for info in infos] == [4, 3, 2]
    assert [info.label for info in infos] == ["table 2", "table 1", "table 0"]
    assert all(info.game == name and not info.finished for info in infos)


def test_finished_save_left_in_saves_folder_is_moved_when_listing():
    # the process died between writing the end record and moving the file
    match = play(new_match(GAMES[0], seed=8))
    path = saves_dir() / "left.tlsave"
    saves.write_save(match, path)
    assert saves.list_resumable() == []
    assert not path.exists()
    assert [info.path.name for info in saves.list_replays()] == ["left.tlsave"]


@pytest.mark.parametrize("name", GAMES)
def test_resume_continues_the_same_file(name):
    # seven moves, then three after resuming: fewer in a game that ends sooner
    moves = 7 if unfinished_steps(name, [(7, 11)], seed=21) else 2
    match = play(new_match(name, seed=21), moves)
    saver = saves.start_autosave(match, durable=False)
    saver.detach(match)
    created = saves.read_save(saver.path).header["created"]
    loaded = saves.resume(saver.path, durable=False)
    assert loaded.warning is None and loaded.autosaver.path == saver.path
    assert loaded.match.hash() == match.hash() and loaded.match.seq == moves
    assert [s.to_plain() for s in loaded.match.seats] == [s.to_plain() for s in match.seats]
    after = 3 if unfinished_steps(name, [(moves, 11), (3, 4)], seed=21) == 2 else 1
    play(loaded.match, after, seed=4)
    assert not loaded.match.is_over()
    assert saves.load(saver.path).match.hash() == loaded.match.hash()
    assert saves.read_save(saver.path).header["created"] == created


@pytest.mark.parametrize("name", GAMES)
def test_a_durable_autosave_keeps_every_move_of_a_whole_game(name):
    """Durable autosave (fdatasync per move) over a whole game: every move is on the disk and
    verifies. What it costs per move is the bench's (``run.py bench --only saves``; -s prints
    this run's figure), not a test's: a loaded disk is slow, not wrong."""
    match = new_match(name, seed=13)
    saver = saves.start_autosave(match)
    play(match)
    per_move_ms = saver.seconds / max(1, saver.saves) * 1000
    print(f"\n{name}: {saver.saves} moves, autosave {per_move_ms:.3f} ms per move (durable)")
    assert saver.saves >= match.seq > 0
    loaded = saves.load(saver.path)
    assert loaded.ok and loaded.match.hash() == match.hash()
    # the game itself is unchanged by saving
    assert state_hash(match.game, match.state) == match.log[-1].hash


def test_a_failing_disk_never_stops_the_game(monkeypatch):
    match = new_match(GAMES[0], seed=9)
    saver = saves.start_autosave(match)
    play(match, 3)
    calls = []

    def full_disk(fd):
        calls.append(1)
        raise OSError(28, "No space left on device")

    assert flusher.wait(5.0)                    # the first moves' flushes are done
    with monkeypatch.context() as patch:
        # a move's flush runs on the flusher thread (off the frame)
        patch.setattr("game.saves.flusher._sync", full_disk)
        play(match, 1, seed=5)                  # the move is played, its flush failed
        assert flusher.wait(5.0)
    assert match.seq == 4 and calls
    assert saver.error == "the game could not be saved (No space left on device)"
    play(match, 1, seed=6)                      # the disk is back: a full rewrite catches up
    assert saver.error is None
    assert file_moves(saver.path) == [e.to_plain() for e in match.log]


def test_save_as_slots_unicode_names_and_delete(tmp_path):
    match = new_match(GAMES[-1], seed=4)
    match.seats[0].name = "민지 ไทย Юля 美玲 さくら"
    play(match, 5)
    slot = saves.save_as(match, label="before the big move — 큰 수")
    assert slot.read_bytes().isascii()
    [info] = saves.list_resumable()
    assert info.path == slot and info.label == "before the big move — 큰 수"
    assert info.seat_names[0] == "민지 ไทย Юля 美玲 さくら" and info.moves == 5
    loaded = saves.resume(slot, durable=False)
    assert loaded.match.seats[0].name == match.seats[0].name
    assert loaded.match.hash() == match.hash()
    loaded.autosaver.detach(loaded.match)
    saves.delete_save(slot)
    assert saves.list_resumable() == []
    outside = tmp_path / "elsewhere.tlsave"
    outside.write_bytes(b"x")
    with pytest.raises(ValueError):
        saves.delete_save(outside)
    assert outside.exists()


def test_seat_changes_reach_the_header():
    match = play(new_match(GAMES[0], seed=12), 3)
    saver = saves.start_autosave(match, durable=False)
    match.seats[1].kind, match.seats[1].name = "remote", "Lee"
    saver.refresh_header(match, label="friday")
    header = saves.read_save(saver.path).header
    assert header["seats"][1]["name"] == "Lee" and header["label"] == "friday"
    play(match, 2)
    loaded = saves.load(saver.path)
    assert loaded.ok and loaded.match.seats[1].kind == "remote" and loaded.match.seq == 5


def test_an_entry_heard_after_the_log_was_replaced_rewrites_the_file():
    """A LAN peer's catch-up replaces its log while a move it had not yet told its listeners
    about is pending; that entry may then lie past the new log's end. The autosave rewrites
    the file from the match as it is (it once indexed past the log and crashed the joiner)."""
    match = new_match("metro")
    saver = saves.start_autosave(match, durable=False)
    play(match, 2)
    shorter = list(match.log)[:1]
    bot = make_bot(match.game, match.to_act()[0], "random", 3)
    match.apply(match.to_act()[0], bot.choose(match.view(match.to_act()[0])), tell=False)
    match.replace_log(shorter)                       # the host's log, one move long
    match.tell()                                     # hears of move 3, no longer in the log
    assert file_moves(saver.path) == [[e.seq, e.seat, e.move, e.hash] for e in match.log]
    saver.close()


def test_a_log_rebuilt_into_another_match_is_followed_move_by_move():
    """A joiner's catch-up after a reset rebuilds its game into a new ``Match`` (the fair
    table replays the host's stream) and hands the autosave over to it. Every later move is
    in the file at once: the saver listens to the new match, not to the old one (issue 28
    item 7: the joiner's save stayed at the 5 moves it had before the reset)."""
    old = play(new_match("metromania", seed=4), 3)
    saver = saves.start_autosave(old, durable=False)
    rebuilt = Match.new(old.game, old.config, old.seed, old.seats)
    for entry in old.log:
        rebuilt.apply(entry.seat, entry.move)
    play(rebuilt, 4, seed=21)                 # the moves the host played while we were away
    for listener in old.listeners:            # what FairReplica.rebuild does
        rebuilt.subscribe(listener)
    saver.sync(rebuilt)
    assert file_moves(saver.path) == [e.to_plain() for e in rebuilt.log]
    for count in range(1, 6):
        play(rebuilt, 1, seed=30 + count)
        assert file_moves(saver.path) == [e.to_plain() for e in rebuilt.log], count
    assert saver not in old.listeners
    assert saves.load(saver.path).match.hash() == rebuilt.hash()
    saver.close()

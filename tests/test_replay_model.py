"""The replay model: state_at(i) equals a fresh replay to move i (full state, hidden
information included), events and log entries per move, damaged files play up to the damage."""

from __future__ import annotations

import pytest

from game import saves
from game.match import Match
from game.rules import available_games
from game.rules.core import canonical_bytes, state_hash
from tests.test_saves_autosave import new_match, play

GAMES = available_games()


class Recorder:
    """A Match listener keeping the events of every move."""

    def __init__(self) -> None:
        self.events: list[list] = []

    def __call__(self, entry, events) -> None:
        self.events.append(events)


def finished_game(name: str, seed: int = 31):
    match = new_match(name, seed=seed)
    recorder = Recorder()
    match.subscribe(recorder)
    saver = saves.start_autosave(match, durable=False)
    play(match, seed=seed)
    assert saver.finished
    return match, recorder.events, saver.path


def fresh_state(match: Match, index: int):
    """The state after ``index`` moves, replayed from scratch."""
    state = match.game.new_game(match.config, match.seed)
    for entry in match.log[:index]:
        match.game.apply(state, entry.seat, match.game.parse_move(entry.move))
    return state


def encoded(game, state) -> bytes:
    return canonical_bytes(game.encode(state))


@pytest.mark.parametrize("name", GAMES)
def test_state_at_every_index_equals_a_fresh_replay(name):
    match, events, path = finished_game(name)
    replay = saves.Replay.open(path, snapshot_every=8)
    game = replay.game
    assert len(replay) == match.seq and replay.finished and replay.damage is None
    assert replay.final_scores() == match.scores()
    # incremental fresh replay for every index, from scratch for a few
    state = game.new_game(match.config, match.seed)
    for index in range(len(replay) + 1):
        if index:
            entry = match.log[index - 1]
            game.apply(state, entry.seat, game.parse_move(entry.move))
        assert encoded(game, replay.state_at(index)) == encoded(game, state), f"index {index}"
    for index in sorted({0, 1, 7, 8, 9, len(replay) // 2, len(replay) - 1, len(replay)}):
        if index > len(replay):
            continue                                  # a short game (Pebbles)
        assert encoded(game, replay.state_at(index)) == encoded(game, fresh_state(match, index))
    assert state_hash(game, replay.state_at(len(replay))) == match.hash()


@pytest.mark.parametrize("name", GAMES)
def test_events_entries_and_scores_per_move(name):
    match, events, path = finished_game(name, seed=32)
    replay = saves.Replay.open(path)
    for index in range(1, len(replay) + 1):
        assert replay.entry(index) == match.log[index - 1]
        assert replay.events_at(index) == events[index - 1]
        assert state_hash(replay.game, replay.state_at(index)) == replay.entry(index).hash
    middle = len(replay) // 2
    assert replay.scores_at(middle) == match.game.scores(fresh_state(match, middle))
    for bad in (-1, len(replay) + 1):
        with pytest.raises(IndexError):
            replay.state_at(bad)
    for bad in (0, len(replay) + 1):
        with pytest.raises(IndexError):
            replay.events_at(bad)
        with pytest.raises(IndexError):
            replay.entry(bad)


@pytest.mark.parametrize("name", GAMES)
def test_states_are_independent_copies(name):
    match, _, path = finished_game(name, seed=33)
    at = min(4, match.seq - 1)                   # a snapshot, before the last move
    replay = saves.Replay.open(path, snapshot_every=at)
    state = replay.state_at(at)                  # exactly a snapshot
    before = encoded(replay.game, state)
    entry = match.log[at]
    replay.game.apply(state, entry.seat, replay.game.parse_move(entry.move))
    assert encoded(replay.game, replay.state_at(at)) == before
    assert encoded(replay.game, state) == encoded(replay.game, replay.state_at(at + 1))


@pytest.mark.parametrize("name", GAMES)
def test_snapshot_spacing_does_not_change_states(name):
    _, _, path = finished_game(name, seed=34)
    dense = saves.Replay.open(path, snapshot_every=1)
    sparse = saves.Replay.open(path, snapshot_every=1000)
    for index in range(0, len(dense) + 1, 3):
        assert encoded(dense.game, dense.state_at(index)) == \
            encoded(sparse.game, sparse.state_at(index))
    with pytest.raises(ValueError):
        saves.Replay.open(path, snapshot_every=0)


@pytest.mark.parametrize("name", GAMES)
def test_damaged_replay_plays_up_to_the_damage(name, tmp_path):
    match, _, path = finished_game(name, seed=35)
    lines = path.read_bytes().split(b"\n")
    bad = len(match.log) // 2
    lines[bad] = lines[bad].replace(match.log[bad - 1].hash.encode(), b"e" * 32)
    damaged = tmp_path / "damaged.tlsave"
    damaged.write_bytes(b"\n".join(lines))
    replay = saves.Replay.open(damaged, snapshot_every=5)
    assert len(replay) == bad - 1 and not replay.finished
    assert replay.damage.move == bad and replay.damage.kind == "hash"
    for index in range(len(replay) + 1):
        assert encoded(replay.game, replay.state_at(index)) == \
            encoded(replay.game, fresh_state(match, index))
    with pytest.raises(IndexError):
        replay.state_at(bad)


def test_replay_of_a_missing_or_foreign_file_is_a_save_error(tmp_path):
    with pytest.raises(saves.SaveError, match="no such file"):
        saves.Replay.open(tmp_path / "none.tlsave")
    (tmp_path / "x.tlsave").write_bytes(b"GIF89a......")
    with pytest.raises(saves.SaveError, match="not a Tracklayer save"):
        saves.Replay.open(tmp_path / "x.tlsave")

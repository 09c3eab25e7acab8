"""The client's save screens, headless: a Metro game played through the play screen survives a
crash (the next client start offers it and resumes the identical state), the resume screen's
new-game and discard choices, damaged and unusable saves (a message, never a crash), the
load/replays menu listing, opening and deleting, Save as from the pause menu, and the replay
viewer stepping and scrubbing to exactly the states a fresh replay gives."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.bots.base import make_bot
from game.client.games.metro.geometry import square_rect
from game.client.screens.game_choice import GameChoiceScreen
from game.client.screens.pause import PauseScreen
from game.client.screens.play import PlayScreen
from game.client.screens.replay_viewer import (BUTTONS, SCRUB, ReplayViewerScreen,
                                               open_replay)
from game.client.screens.resume import ResumeScreen
from game.client.screens.saves_menu import SaveAsScreen, SavesMenuScreen
from game.client.screens.title import TitleScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import state_hash
from game.saves import Replay, list_replays, list_resumable, start_autosave
from game.saves.format import header_check
from tests.patience import PATIENCE
from tests.test_client_support import (click, frames, key, make_app, pad_added, pad_button,
                                       pad_hat)


def _seats():
    return [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0),
            SeatInfo("Bot", "bot", level="random", colour=1)]


def _metro(seed=11, players=2) -> Match:
    game = get_game("metro")
    seats = _seats() if players == 2 else [SeatInfo(f"P{i}", "bot", level="random", colour=i)
                                           for i in range(players)]
    return Match.new(game, game.make_config(players, []), seed, seats)


def _bot_moves(match: Match, count: int) -> None:
    bots = [make_bot(match.game, s, "random", s) for s in range(len(match.seats))]
    for _ in range(count):
        if match.is_over():
            return
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))


def _saved_game(moves: int, seed: int = 11, label: str = "") -> tuple[Match, object]:
    match = _metro(seed)
    saver = start_autosave(match, label=label, durable=False)
    _bot_moves(match, moves)
    saver.close()
    return match, saver.path


def _finished_replay(seed: int = 21) -> tuple[Match, object]:
    match = _metro(seed, players=3)
    saver = start_autosave(match, durable=False)
    _bot_moves(match, 500)
    assert match.is_over() and saver.finished
    return match, saver.path


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


# --------------------------------------------------------------------------------------------
# Crash and resume
# --------------------------------------------------------------------------------------------


def frames_within(seconds: float):
    """Yield until ``seconds`` have passed (the loop body runs one frame each time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        yield


def _human_move_by_click(app, play) -> None:
    """Ann places her tile on a legal square by clicking it (the real mouse path)."""
    board = play.board
    legal = sorted(board.legal_squares(0))
    assert legal, "Ann should have a legal square"
    before = play.match.seq
    click(app, square_rect(legal[0]).center)
    assert play.match.seq == before + 1


def test_crash_then_resume_offers_and_restores_identical_state(tmp_path):
    first = make_app(tmp_path)
    first.push(TitleScreen(first))
    frames(first, 1)
    assert isinstance(first.top, TitleScreen)          # nothing to resume in a fresh home
    match = _metro(seed=7)
    play = PlayScreen(first, match)
    first.push(play)
    assert play.autosaver is not None
    for _ in range(4):
        # the bot answers off the frame loop, in a helper process: wait by the clock, not by
        # a frame count (a busy machine runs 200 dummy frames before the helper is up)
        for _ in frames_within(PATIENCE):
            if 0 in match.to_act():
                break
            frames(first, 1)
        _human_move_by_click(first, play)
    frames(first, 1)
    played, digest = match.seq, match.hash()
    assert played >= 7
    play.worker.cancel()
    # The crash: the app is dropped without leaving its screens or closing the autosave.
    del first, play

    second = make_app(tmp_path)
    try:
        second.push(TitleScreen(second))
        frames(second, 1)
        screen = second.top
        assert isinstance(screen, ResumeScreen)
        assert screen.info.game == "metro" and screen.info.moves == played
        assert screen.info.seat_names == ["Ann", "Bot"]
        frames(second, 2)
        key(second, pygame.K_RETURN)                    # Continue (focused first)
        resumed = second.top
        assert isinstance(resumed, PlayScreen)
        assert resumed.match.seq == played and resumed.match.hash() == digest
        assert [s.name for s in resumed.match.seats] == ["Ann", "Bot"]
        # it keeps autosaving into the same file
        for _ in frames_within(PATIENCE):
            if 0 in resumed.match.to_act():
                break
            frames(second, 1)
        _human_move_by_click(second, resumed)
        assert list_resumable()[0].moves == resumed.match.seq
        # the pause menu's Save as… names the game: one entry, the autosave, relabelled
        key(second, pygame.K_ESCAPE)
        pause = second.top
        assert isinstance(pause, PauseScreen)
        pause.form.focus = [i.key for i in pause.form.items].index("save_as")
        key(second, pygame.K_RETURN)
        assert isinstance(second.top, SaveAsScreen)
        key(second, pygame.K_RETURN)                    # Save (focused) with the default name
        assert isinstance(second.top, PauseScreen)
        [named] = list_resumable()
        assert named.label and named.path == resumed.autosaver.path
    finally:
        second.shutdown()


def test_resume_screen_new_game_keeps_the_save_and_discard_deletes_it(tmp_path):
    _match, path = _saved_game(6)
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        assert isinstance(app.top, ResumeScreen)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)                       # New game
        assert isinstance(app.top, GameChoiceScreen)
        assert path.exists() and len(list_resumable()) == 1
    finally:
        app.shutdown()

    # answered: the game stays in Load / Replays, the next launch does not ask again...
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        assert isinstance(app.top, TitleScreen)
        assert [info.path for info in list_resumable()] == [path]
    finally:
        app.shutdown()

    # ...until a crash interrupts a game again
    path.unlink()
    _match, path = _saved_game(6, seed=12)
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        screen = app.top
        assert isinstance(screen, ResumeScreen)
        discard = screen.form.item("discard")
        click(app, discard.rect.center)                 # the first click only asks
        assert screen.confirming and path.exists()
        key(app, pygame.K_ESCAPE)                       # changed my mind
        assert not screen.confirming and app.top is screen
        click(app, discard.rect.center)
        click(app, discard.rect.center)
        assert not path.exists() and list_resumable() == []
        assert isinstance(app.top, TitleScreen)
    finally:
        app.shutdown()


def test_controller_can_resume(tmp_path):
    match, _path = _saved_game(5)
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        pad_added(app)
        assert isinstance(app.top, ResumeScreen)
        pad_button(app, 0)                              # A: Continue
        assert isinstance(app.top, PlayScreen) and app.top.match.hash() == match.hash()
    finally:
        app.shutdown()


def test_damaged_save_warns_and_resumes_the_verified_prefix(tmp_path):
    match, path = _saved_game(9)
    lines = path.read_bytes().splitlines(keepends=True)
    record = json.loads(lines[-1])
    record[3] = "0" * len(record[3])                    # the last move's stored hash is wrong
    lines[-1] = json.dumps(record, separators=(",", ":")).encode() + b"\n"
    path.write_bytes(b"".join(lines))
    prefix = Match.from_log("metro", match.config, match.seed,
                            [(e.seat, e.move) for e in match.log[:-1]])
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        assert isinstance(app.top, ResumeScreen)
        key(app, pygame.K_RETURN)
        play = app.top
        assert isinstance(play, PlayScreen)
        assert play.match.seq == 8 and play.match.hash() == prefix.hash()
        assert "damaged" in app.toasts.latest().lower()
    finally:
        app.shutdown()


def test_unusable_saves_show_a_message_and_never_crash(tmp_path, app):
    _match, path = _saved_game(4)
    # a save of a game this version does not have (a valid header otherwise)
    lines = path.read_bytes().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["game"] = "chess"
    header.pop("check")
    header["check"] = header_check(header)
    lines[0] = json.dumps(header, separators=(",", ":"), sort_keys=True).encode() + b"\n"
    path.write_bytes(b"".join(lines))
    (path.parent / "garbage.tlsave").write_bytes(b"\x00\xffnot a save at all")
    app.push(TitleScreen(app))
    frames(app, 1)
    screen = app.top
    assert isinstance(screen, ResumeScreen)             # the garbage file is not offered
    key(app, pygame.K_RETURN)
    assert app.top is screen and "chess" in screen.message
    frames(app, 2)
    # a file that vanished, and a garbage file opened as a replay
    menu = SavesMenuScreen(app)
    app.push(menu)
    assert len(menu.rows) == 1
    path.unlink()
    key(app, pygame.K_RETURN)
    assert app.top is menu and menu.message
    frames(app, 2)
    depth = len(app.stack)
    problem = open_replay(app, path.parent / "garbage.tlsave")
    assert problem and len(app.stack) == depth
    frames(app, 1)


# --------------------------------------------------------------------------------------------
# The load / replays menu
# --------------------------------------------------------------------------------------------


def test_saves_menu_lists_opens_and_deletes(app):
    _a, first = _saved_game(3, seed=1, label="first")
    _b, second = _saved_game(5, seed=2, label="second")
    _c, finished = _finished_replay()
    app.push(TitleScreen(app))
    frames(app, 1)
    app.pop()                                           # the resume offer: not now
    title = app.top
    assert isinstance(title, TitleScreen)
    click(app, title.form.item("saves").rect.center)
    menu = app.top
    assert isinstance(menu, SavesMenuScreen)
    assert {info.label for info in menu.rows} == {"first", "second"}
    assert menu.rows[0].moves in (3, 5)
    deleted = menu.selected.path
    key(app, pygame.K_x)                                # delete asks first
    assert menu.confirming and deleted.exists()
    key(app, pygame.K_x)
    assert not deleted.exists() and len(menu.rows) == 1
    frames(app, 1)
    key(app, pygame.K_TAB)                              # the replays list
    assert menu.tab == "replays" and [i.path for i in menu.rows] == [finished]
    key(app, pygame.K_RETURN)
    viewer = app.top
    assert isinstance(viewer, ReplayViewerScreen) and viewer.total == _c.seq
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    click(app, (1000, 122))                             # no-op area (details panel title)
    key(app, pygame.K_TAB)
    remaining = menu.rows[0].path
    click(app, menu.row_rect(0).center)                 # the selected row: a click opens it
    assert isinstance(app.top, PlayScreen) and remaining.exists()


# --------------------------------------------------------------------------------------------
# The replay viewer
# --------------------------------------------------------------------------------------------


def _shown_hash(viewer) -> str:
    return state_hash(viewer.game, viewer.match.state)


def test_replay_viewer_steps_scrubs_and_shows_the_exact_states(app):
    match, path = _finished_replay(seed=33)
    fresh = Replay.open(path)
    assert open_replay(app, path) is None
    viewer = app.top
    frames(app, 2)
    total = len(fresh)
    assert viewer.index == 0 and _shown_hash(viewer) == state_hash(fresh.game,
                                                                    fresh.state_at(0))
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert viewer.index == 3
    assert _shown_hash(viewer) == state_hash(fresh.game, fresh.state_at(3)) \
        == fresh.entry(3).hash
    key(app, pygame.K_DOWN)                             # ten moves on
    assert viewer.index == 13 and _shown_hash(viewer) == fresh.entry(13).hash
    key(app, pygame.K_LEFT)
    assert viewer.index == 12 and _shown_hash(viewer) == fresh.entry(12).hash
    key(app, pygame.K_TAB)                              # last
    assert viewer.index == total and _shown_hash(viewer) == match.hash()
    assert viewer.scores == match.scores()["scores"]
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)       # first
    assert viewer.index == 0
    click(app, (SCRUB.x + SCRUB.width // 2, SCRUB.centery))
    middle = round(total / 2)
    assert viewer.index == middle
    assert _shown_hash(viewer) == state_hash(fresh.game, fresh.state_at(middle))
    # the move list is clickable
    index, rect = viewer._move_rows()[0]
    click(app, rect.center)
    assert viewer.index == index and _shown_hash(viewer) == state_hash(
        fresh.game, fresh.state_at(index))
    # play runs on by itself, faster with X; pause stops it
    key(app, pygame.K_x)
    key(app, pygame.K_x)
    assert viewer.speed == 4
    key(app, pygame.K_SPACE)
    assert viewer.playing
    start = viewer.index
    frames(app, 70)
    assert viewer.index >= start + 3
    key(app, pygame.K_SPACE)
    stopped = viewer.index
    frames(app, 30)
    assert viewer.index == stopped
    assert _shown_hash(viewer) == fresh.entry(stopped).hash
    # whose hand is shown: the player to move, then each seat in turn (hidden information)
    viewer.go_to(5)
    assert viewer.board.viewer == viewer.match.to_act()[0]
    key(app, pygame.K_r)
    assert viewer.seen == 0 and viewer.board.viewer == 0
    key(app, pygame.K_r)
    assert viewer.board.viewer == 1
    frames(app, 2)
    # on-screen buttons and a controller reach the same actions
    click(app, BUTTONS["last"].center)
    assert viewer.index == total
    click(app, BUTTONS["back"].center)
    assert viewer.index == total - 1
    pad_added(app)
    pad_hat(app, (-1, 0))
    assert viewer.index == total - 2
    pad_button(app, 0)
    assert viewer.playing
    pad_button(app, 1)                                  # B: back out
    assert not isinstance(app.top, ReplayViewerScreen)


def test_results_offer_the_replay_of_the_game_just_played(app):
    match = _metro(seed=5, players=3)
    play = PlayScreen(app, match)
    app.push(TitleScreen(app))
    app.push(play)
    _bot_moves(match, 500)
    assert match.is_over()
    frames(app, 90)
    results = app.top
    keys = [item.key for item in results.form.items]
    assert "watch" in keys
    frames(app, 60)                                     # the screen takes input after a beat
    click(app, results.form.item("watch").rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayViewerScreen) and viewer.total == match.seq
    assert len(list_replays()) == 1

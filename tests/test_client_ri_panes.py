"""Railroad Ink split screen at its edges: at most four local humans (setup, ``run.py play``,
and a LAN-made table with more), two players alone get bigger sheets, an unplugged seat's
pane says it is paused."""

from __future__ import annotations

import contextlib
import io

import pygame
import pytest

from game.cli import main
from game.client.app import App
from game.client.games.railroad_ink.board import RailroadInkBoard
from game.client.games.railroad_ink.layout import HEADER_H, MAX_LOCAL_HUMANS
from game.client.screens.play import PlayScreen
from game.client.screens.setup import SetupScreen
from game.client.settings import Settings
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.railroad_ink.moves import End, Undo

GAME = get_game("railroad-ink")


@pytest.fixture
def app(tmp_path):
    application = App(Settings(tmp_path / "settings.json"))
    yield application
    application.shutdown()


def table(app, humans: int, bots: int = 0, devices=None):
    seats = [SeatInfo(f"P{i + 1}", "human", device=(devices or {}).get(i, "mouse+keyboard"),
                      colour=i) for i in range(humans)]
    seats += [SeatInfo(f"B{j + 1}", "bot", level="random", colour=humans + j)
              for j in range(bots)]
    match = Match.new(GAME, GAME.make_config(len(seats), []), 5, seats)
    play = PlayScreen(app, match)
    app.push(play)
    app.step(1 / 60)
    return match, play


def full_panes(board: RailroadInkBoard) -> list[int]:
    return [pane.seat for pane in board.layout() if pane.full]


def finish_round(match, seat: int) -> None:
    """Play the seat's round with the first legal moves (never undo) until it has ended."""
    start = match.state.round
    while seat in match.to_act() and match.state.round == start:
        moves = [m for m in GAME.legal_moves(match.state, seat) if not isinstance(m, Undo)]
        ends = [m for m in moves if isinstance(m, End)]
        match.apply(seat, ends[0] if ends else moves[0])


def test_run_py_play_refuses_a_fifth_local_human_with_one_line():
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["play", "railroad-ink", "--players", "6"])
    assert status == 2
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    assert len(lines) == 1 and "at most 4 local players" in lines[0] and "--bots 2" in lines[0]


def test_setup_offers_no_fifth_human_and_says_why(app):
    seats = [{"name": f"P{i + 1}", "who": "human:mouse+keyboard" if i < 4 else "bot:random",
              "colour": i} for i in range(6)]
    screen = SetupScreen(app, "railroad-ink", {"players": 6, "seats": seats})
    app.push(screen)
    app.step(1 / 60)
    offered = {i: screen.form.item(f"who:{i}").options for i in range(6)}
    assert all(any(o.startswith("human:") for o in offered[i]) for i in range(4))
    # a fifth human at the screen is not offered; a phone seat is (it needs no pane here)
    assert not any(o.startswith("human:") and o != "human:phone"
                   for i in (4, 5) for o in offered[i])
    assert all("human:phone" in offered[i] for i in (4, 5))
    assert screen.at_human_limit()
    # one human seat becomes a bot: every seat offers devices again
    item = screen.form.item("who:0")
    item.value = "bot:random"
    screen.on_change(item)
    assert all(any(o.startswith("human:") for o in screen.form.item(f"who:{i}").options)
               for i in range(6))
    # a table remembered with six humans (an older rematch) is refused, not started
    screen.seats = [dict(s, who="human:mouse+keyboard") for s in screen.seats]
    before = len(app.stack)
    screen.start()
    assert len(app.stack) == before
    assert any("at most 4" in toast.text for toast in app.toasts.items)


def test_metro_keeps_any_number_of_local_humans(app):
    seats = [{"name": f"P{i + 1}", "who": "human:mouse+keyboard", "colour": i}
             for i in range(6)]
    screen = SetupScreen(app, "metro", {"players": 6, "seats": seats})
    assert screen.human_limit() is None
    assert all(any(o.startswith("human:") for o in screen.form.item(f"who:{i}").options)
               for i in range(6))


def test_more_local_humans_than_panes_still_finish_the_round(app):
    """A LAN host may make six seats local: the four panes go to humans still drawing, and
    a pane frees up for the next one whenever a player ends their round."""
    match, play = table(app, humans=6)
    board = play.board
    assert full_panes(board) == [0, 1, 2, 3]
    finish_round(match, 0)
    app.step(1 / 60)
    assert full_panes(board) == [1, 2, 3, 4]
    # input only reaches seats that have a pane
    assert 5 not in board._candidates("keyboard")
    for seat in (1, 2, 3, 4):
        finish_round(match, seat)
    app.step(1 / 60)
    assert 5 in full_panes(board)
    finish_round(match, 5)
    app.step(1 / 60)
    assert match.state.round == 2
    assert full_panes(board) == list(range(MAX_LOCAL_HUMANS))


@pytest.mark.parametrize("humans,bots", [(1, 0), (1, 4), (2, 0), (2, 1), (2, 4), (3, 0),
                                         (3, 1), (3, 4), (4, 0), (4, 1), (4, 4)])
def test_panes_stay_on_screen_and_two_alone_get_the_biggest_split_sheets(app, humans, bots):
    match, play = table(app, humans, bots)
    panes = play.board.layout()
    area = pygame.Rect(0, HEADER_H, 1280, 720 - HEADER_H - 46)
    for pane in panes:
        assert area.contains(pane.rect), (pane.seat, pane.rect)
        assert pane.rect.contains(pane.geom.rect)
    for a in panes:
        for b in panes:
            assert a is b or not a.rect.colliderect(b.rect)
    sizes = [pane.geom.rect.width for pane in panes if pane.full]
    assert len(sizes) == humans
    if humans == 2:
        alone_size = 7 * 55      # at least: the tall pane's sheet uses the pane's width
        assert (min(sizes) >= alone_size) == (bots == 0)
        assert all(pane.tray["status"][1] < pane.rect.bottom - 60 for pane in panes
                   if pane.full)


def test_unplugged_seat_pane_shows_paused_and_takes_no_cursor(app):
    match, play = table(app, 2, devices={1: "pad1"})
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=-1,
                                         instance_id=501))
    app.step(1 / 60)
    board = play.board
    pane = board.pane_of(1)
    before = pygame.transform.average_color(app.surface, pane.geom.grid)
    assert not board._paused(1)
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=501))
    app.step(1 / 60)
    app.step(1 / 60)
    assert board._paused(1) and not board._paused(0)
    after = pygame.transform.average_color(app.surface, pane.geom.grid)
    assert sum(after[:3]) < sum(before[:3]) * 0.6       # the sheet is veiled
    assert "unplugged" in board._status_of(1)[0]
    assert 1 not in board._candidates("pad1")
    # split screen: the pane says it, so the shell's toast does not cover the other sheet
    assert not any("P2" in toast.text and "paused" in toast.text
                   for toast in app.toasts.items)


def _lobby_session(game: str, devices: dict):
    from types import SimpleNamespace

    calls = []
    row = {"name": "", "colour": -1, "level": "", "ready": False, "status": "connected",
           "peer": 0}
    seats = [dict(row, kind="local", name=f"P{i + 1}", colour=i) for i in range(len(devices))]
    seats += [dict(row, kind="open") for _ in range(6 - len(devices))]
    conn = SimpleNamespace(set_seat=lambda *a, **k: calls.append(a),
                           set_bot=lambda *a, **k: None, set_ready=lambda *a, **k: None)
    session = SimpleNamespace(seats=seats, devices=dict(devices), game=game, can_start=False,
                              phase="lobby", port=5055, address=("127.0.0.1", 5055),
                              spectators=[], conn=conn, name="P1", local_bots={},
                              close=lambda: None, pump=lambda: [], token="t", closed=False)
    return session, calls


@pytest.mark.parametrize("game, refused", [("railroad-ink", True), ("metro", False)])
def test_host_lobby_refuses_a_fifth_local_human_for_railroad_ink(app, game, refused):
    """The host can turn open seats into local players in its lobby too: Railroad Ink stops
    at four (one pane each) and says why; Metro seats any number."""
    from types import SimpleNamespace

    from game.client.screens.lobby import HostLobbyScreen

    session, calls = _lobby_session(game, {i: "mouse+keyboard" if i == 0 else f"pad{i}"
                                           for i in range(4)})
    lobby = HostLobbyScreen(app, session)
    lobby.refresh = lobby.build          # no live server behind this session
    app.push(lobby)
    lobby.on_change(SimpleNamespace(key="who:4", value="human:pad5"))
    shown = [toast.text for toast in app.toasts.items]
    if refused:
        assert not calls and 4 not in session.devices
        assert any("4" in text for text in shown), shown
    else:
        assert calls and session.devices[4] == "pad5"


@pytest.mark.parametrize("bots", [1, 3])
def test_small_sheets_under_two_players_are_sized_to_their_sheet_and_centred(app, bots):
    """One bot's sheet in the strip under two players used to get a pane as wide as the
    screen (its name at the far left, its points at the far right)."""
    _match, play = table(app, 2, bots)
    minis = [pane.rect for pane in play.board.layout() if not pane.full]
    assert len(minis) == bots
    assert all(rect.width <= 300 for rect in minis)
    left, right = min(r.left for r in minis), max(r.right for r in minis)
    assert abs((left + right) // 2 - 640) <= 8

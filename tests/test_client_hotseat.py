"""A complete two-player hotseat Metro game driven only through synthetic pygame events:
keyboard through the menus and for some turns, the mouse for seat 0, a (virtual) controller
for seat 1; illegal clicks are refused with their reason and change nothing; the results
screen shows exactly the engine's scores."""

from __future__ import annotations

import pygame

from game.client.games.metro.geometry import CENTRE_SQUARES, square_rect
from game.client.screens.game_choice import GameChoiceScreen
from game.client.screens.pass_device import PassDeviceScreen
from game.client.screens.play import PlayScreen
from game.client.screens.results import ResultsScreen
from game.client.screens.setup import SetupScreen
from game.client.screens.title import TitleScreen
from game.client.text import illegal, t
from game.match import Match
from game.rules.core import IllegalMove
from game.rules.metro.moves import Draw, Place
from tests.test_client_support import (click, frames, key, make_app, pad_added, pad_button,
                                       pad_hat, text)


def _walk_cursor(app, board, seat, target, press):
    """Move the seat's board cursor to ``target`` one step at a time with ``press(dx, dy)``."""
    for _ in range(40):
        col, row = board.cursor.setdefault(seat, [0, 0])
        if row * 8 + col == target:
            return
        trow, tcol = divmod(target, 8)
        # in the central rows walk vertically first, so no horizontal step hops the centre
        # back and forth
        if tcol != col and (row not in (3, 4) or trow == row):
            press(1 if tcol > col else -1, 0)
        else:
            press(0, 1 if trow > row else -1)
    raise AssertionError(f"cursor did not reach its square {target} {board.cursor} {app.top}")


def _keyboard_press(app):
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP}
    return lambda dx, dy: key(app, keys[(dx, dy)])


def _pad_press(app):
    return lambda dx, dy: pad_hat(app, (dx, -dy))


def test_full_hotseat_game_through_events(tmp_path):
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        pad_added(app)                                   # a controller for seat 2
        key(app, pygame.K_RETURN)                        # title: Play
        assert isinstance(app.top, GameChoiceScreen)
        key(app, pygame.K_RETURN)                        # Metro
        setup = app.top
        assert isinstance(setup, SetupScreen)
        assert setup.seats[1]["who"] == "human:pad1"     # the plugged controller is offered
        for _ in range(4):                               # down to the seed field
            key(app, pygame.K_DOWN)
        assert setup.form.focused.key == "seed"
        key(app, pygame.K_RETURN)
        text(app, "4")
        text(app, "2")
        key(app, pygame.K_RETURN)
        assert setup.seed_text == "42"
        click(app, setup.form.item("start").rect.center)  # start with the mouse
        # secret hands, two humans at one screen: the game opens on "Pass to Player 1"
        assert isinstance(app.top, PassDeviceScreen) and app.top.seat == 0
        key(app, pygame.K_RETURN)
        play = app.top
        assert isinstance(play, PlayScreen)
        match = play.match
        assert match.seed == 42 and [s.device for s in match.seats] == ["mouse+keyboard", "pad1"]

        board = play.board
        illegal_checked = False
        kinds_used = set()
        turn = 0
        while not isinstance(app.top, ResultsScreen):
            turn += 1
            assert turn < 400, "the game did not finish"
            top = app.top
            if isinstance(top, PassDeviceScreen):
                if top.seat == 0:
                    key(app, pygame.K_RETURN)
                else:
                    pad_button(app, 0)
                continue
            if match.is_over():
                frames(app, 30)
                continue
            seat = match.to_act()[0]
            assert play.viewer == seat
            state = match.state
            tile = board.current_tile(seat)
            legal = sorted(board.legal_squares(seat))
            target = legal[(turn * 7) % len(legal)]
            before = (match.seq, match.hash())
            if not illegal_checked and seat == 0 and state.placed > 3:
                occupied = next(sq for sq in range(64) if state.board[sq] is not None)
                click(app, square_rect(occupied).center)
                try:
                    match.game.check(match.state, 0, Place(tile, occupied, 0))
                except IllegalMove as exc:
                    assert app.toasts.latest() == illegal(exc)
                    assert app.toasts.latest() == t("illegal.occupied", square=exc.args_dict["square"])
                assert (match.seq, match.hash()) == before
                illegal_checked = True
            if seat == 0 and turn % 3 == 0:
                _walk_cursor(app, board, 0, target, _keyboard_press(app))
                key(app, pygame.K_RETURN)
                kinds_used.add("keyboard")
            elif seat == 0:
                click(app, square_rect(target).center)
                kinds_used.add("mouse")
            else:
                if turn % 5 == 1 and state.stack and state.pending is None:
                    pad_button(app, 2)                  # X: draw instead
                    assert match.log[-1].move == str(Draw())
                    tile = board.current_tile(seat)
                    legal = sorted(board.legal_squares(seat))
                    target = legal[0]
                _walk_cursor(app, board, 1, target, _pad_press(app))
                pad_button(app, 0)
                kinds_used.add("pad")
            assert match.seq > before[0], f"turn {turn}: the move was not applied"
            last = match.log[-1].move
            assert last.startswith(f"{tile}@"), last
            assert target not in CENTRE_SQUARES
        results = app.top
        assert illegal_checked and kinds_used == {"keyboard", "mouse", "pad"}
        replay = Match.from_log("metro", match.config, match.seed,
                                [(e.seat, e.move) for e in match.log])
        assert replay.is_over()
        assert results.result["scores"] == replay.scores()["scores"]
        assert results.history[-1] == replay.scores()["scores"]
        assert results.ranking[0] in replay.game.winners(replay.state)
        frames(app, 3)
    finally:
        app.shutdown()

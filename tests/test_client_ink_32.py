"""A 32-seat Railroad Ink table in the client: the board shows the other 31 as a ranking,
the setup's seat list scrolls with the keyboard, the results turn their pages with R, the
host lobby's seat choices follow the focus."""

from __future__ import annotations

import pygame

from game.client.games.railroad_ink.ranking import ranked
from game.client.screens.play import PlayScreen
from game.client.screens.setup import SetupScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import Rng
from tests.test_client_support import frames, key, make_app

GAME = get_game("railroad-ink")


def party(players: int = 32, finished: bool = False) -> Match:
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)]
    seats += [SeatInfo(f"Bot {i}", "bot", level="random", colour=i % 8)
              for i in range(1, players)]
    match = Match.new(GAME, GAME.make_config(players, []), 5, seats)
    rng = Rng(2)
    while finished and not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(GAME.legal_moves(match.state, seat)))
    return match


def test_the_board_shows_the_other_31_as_a_ranking(tmp_path):
    app = make_app(tmp_path)
    play = PlayScreen(app, party())
    app.stack = [play]
    frames(app, 3)
    board = play.board
    assert [pane.seat for pane in board.layout()] == [0]        # no unreadable mini sheets
    rect, seats = board.ranking
    assert seats == list(range(1, 32)) and rect.width >= 300
    assert ranked([0, 1, 2], [5, 9, 5]) == [(1, 1), (2, 0), (2, 2)]   # equal totals share


def test_eight_seats_keep_their_small_sheets(tmp_path):
    app = make_app(tmp_path)
    play = PlayScreen(app, party(8))
    app.stack = [play]
    frames(app, 2)
    assert play.board.ranking is None and len(play.board.layout()) == 8


def test_the_setup_seat_list_scrolls_with_the_focus(tmp_path):
    app = make_app(tmp_path)
    setup = SetupScreen(app, "railroad-ink", {"players": 32})
    app.stack = [setup]
    frames(app)
    for _ in range(60):
        key(app, pygame.K_DOWN)
    focused = setup.form.focused.key
    assert focused.startswith(("name:", "who:", "colour:"))
    seat = int(focused.split(":")[1])
    assert setup.seat_top <= seat < setup.seat_top + 8 and setup.seat_top > 0
    on_screen = [item for item in setup.form.items if item.rect.x >= 0
                 and item.key.startswith("name:")]
    assert len(on_screen) == 8 and all(item.rect.bottom <= 660 for item in on_screen)


def test_the_results_turn_their_pages(tmp_path):
    from game.client.screens.results import ResultsScreen

    app = make_app(tmp_path)
    match = party(finished=True)
    results = ResultsScreen(app, match)
    app.stack = [results]
    frames(app)
    assert results.pages() == 4 and len(results.page_seats()) == 8
    first = list(results.page_seats())
    key(app, pygame.K_r)
    assert results.page == 1 and results.page_seats() != first
    everyone = []
    for _ in range(4):
        everyone += results.page_seats()
        key(app, pygame.K_r)
    assert sorted(everyone) == list(range(32)) and results.page == 1

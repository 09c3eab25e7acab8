"""What the Metro board tells a player while they aim (issue 12): the hover square is green
on a legal square and red on a refused one with the legal fill still showing through the
preview, open lines wear their owner's colour, a station under the mouse says whose it is and
what its line is worth, score pop-ups never overlap nor leave the board, and a hand tile can
be dragged onto a square with the mouse."""

from __future__ import annotations

import pygame

from game.client.games.metro.geometry import CENTRE_SQUARES, square_rect, station_pos
from game.client.games.metro.overlay import BOARD_AREA, place_popup
from game.client.screens.play import PlayScreen
from game.match import SeatInfo
from tests.test_client_metro_board import _humans, _match
from tests.test_client_support import frames, make_app


def _play(tmp_path, moves=24, seed=7, **settings):
    app = make_app(tmp_path, **settings)
    match = _match([], _humans(1) + [SeatInfo("Bot", "bot", level="random"),
                                     SeatInfo("Cy", "bot", level="random")], moves, seed)
    play = PlayScreen(app, match)
    app.push(play)
    frames(app, 2)
    return app, match, play


def _motion(app, pos, buttons=(0, 0, 0)):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=buttons))
    frames(app, 1)


def _press(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)


def _release(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def _free_illegal(match, legal):
    return [sq for sq in range(64) if sq not in legal and sq not in CENTRE_SQUARES
            and match.state.board[sq] is None]


def _tint(surface, square):
    """Mean (r, g, b) of the inner ring of a square (where the hover tint and the ghost's
    border meet): tells green from red whatever the tile preview shows."""
    r = square_rect(square).inflate(-8, -8)
    pts = [(x, r.y + 2) for x in range(r.x + 8, r.right - 8, 3)]
    pts += [(r.x + 2, y) for y in range(r.y + 8, r.bottom - 8, 3)]
    cols = [surface.get_at(p) for p in pts]
    return tuple(sum(c[i] for c in cols) / len(cols) for i in range(3))


def test_hover_is_green_on_legal_and_red_on_illegal_squares(tmp_path):
    app, match, play = _play(tmp_path)
    try:
        board = play.board
        legal = sorted(board.legal_squares(0))
        illegal = _free_illegal(match, legal)
        assert legal and illegal
        _motion(app, square_rect(legal[0]).center)
        green = _tint(app.surface, legal[0])
        _motion(app, square_rect(illegal[0]).center)
        red = _tint(app.surface, illegal[0])
        assert green[1] > green[0] + 20, green          # green dominates on a legal square
        assert red[0] > red[1] + 20, red                # red dominates on a refused one
        # the legal fill of the hovered square is not hidden by the preview: the hovered
        # legal square is greener than the same preview would be on a red square
        assert green[1] - green[0] > red[1] - red[0] + 40
    finally:
        app.shutdown()


def test_open_lines_wear_the_owner_colour_and_stations_explain_themselves(tmp_path):
    app, match, play = _play(tmp_path)
    try:
        st = match.state
        board = play.board
        station = max((i + 1 for i in range(32) if st.car_owner[i] is not None
                       and not st.line_done[i]), key=lambda s: st.line_tiles[s - 1])
        owner = st.car_owner[station - 1]
        path = board.game.line_path(st, station)["path"]
        assert path, "the busiest open line crosses no tile"
        # the middle of the first track of the line is painted in the owner's colour
        from game.client.games.metro.overlay import line_points

        points = line_points(path[:1])
        x, y = points[len(points) // 2]
        _motion(app, (5, 700))                       # pointer away from any station
        rgb = play.seat_colour(owner)
        got = app.surface.get_at((round(x), round(y)))[:3]
        assert sum(abs(a - b) for a, b in zip(got, rgb)) < 60, (got, rgb)
        # a station under the mouse says whose car it is and what its line is worth now
        _motion(app, station_pos(station))
        assert board.hovered_station() == station
        info = board.station_info(station)
        assert play.seat_name(owner) in info[0] and str(station) in info[0]
        assert str(st.line_tiles[station - 1]) in info[1]
        _motion(app, (5, 700))
        assert board.hovered_station() is None
    finally:
        app.shutdown()


def test_popups_never_overlap_and_stay_on_the_board():
    # twelve labels all wanting the same corner of the board
    taken = []
    for _ in range(12):
        taken.append(place_popup(BOARD_AREA.topleft, (96, 44), taken))
    for i, rect in enumerate(taken):
        assert BOARD_AREA.contains(rect), rect
        for other in taken[i + 1:]:
            assert not rect.colliderect(other), (rect, other)


def test_simultaneous_lines_get_separate_popups_inside_the_board(tmp_path):
    app, match, play = _play(tmp_path)
    try:
        board = play.board
        # four lines finishing at once at the same end station, as one move can do
        for station in (9, 10, 11, 12):
            board.on_applied(0, None, [{"kind": "line_completed", "station": station,
                                        "owner": 0, "points": 20 + station, "centre": True,
                                        "end": 0, "path": []}])
        frames(app, 75)             # the last one has appeared, the first is still shown
        rects = board.popup_rects()
        assert len(rects) == 4
        for i, rect in enumerate(rects):
            assert BOARD_AREA.contains(rect), rect
            for other in rects[i + 1:]:
                assert not rect.colliderect(other), (rect, other)
    finally:
        app.shutdown()


def test_drag_a_hand_tile_onto_a_legal_square(tmp_path):
    app, match, play = _play(tmp_path)
    try:
        board = play.board
        hand = board.hand_rects(0)[0]
        legal = sorted(board.legal_squares(0))
        illegal = _free_illegal(match, legal)
        seq = match.seq
        # dropped off the board: nothing happens, the tile goes back
        _press(app, hand.center)
        assert board.drag is not None
        _motion(app, (640, 700), (1, 0, 0))
        _release(app, (640, 700))
        assert board.drag is None and match.seq == seq
        # dropped on a refused square: no move (the rules say why)
        _press(app, hand.center)
        _motion(app, square_rect(illegal[0]).center, (1, 0, 0))
        _release(app, square_rect(illegal[0]).center)
        assert board.drag is None and match.seq == seq
        # dropped on a legal square: placed there
        tile = board.current_tile(0)
        _press(app, hand.center)
        _motion(app, (800, 300), (1, 0, 0))
        _motion(app, square_rect(legal[-1]).center, (1, 0, 0))
        _release(app, square_rect(legal[-1]).center)
        assert match.seq == seq + 1
        assert match.log[-1].move.startswith(f"{tile}@")
        assert match.state.board[legal[-1]] is not None
    finally:
        app.shutdown()


def test_a_refusal_toast_sits_by_the_board_not_in_a_corner(tmp_path):
    from game.client.games.metro.geometry import GRID, LEFT, RIGHT

    app, match, play = _play(tmp_path)
    try:
        board = play.board
        legal = sorted(board.legal_squares(0))
        for square in (_free_illegal(match, legal)[0], 60, 3):
            if square in legal or match.state.board[square] is not None:
                continue
            _press(app, square_rect(square).center)   # refused: the reason is toasted
            _release(app, square_rect(square).center)
            assert app.toasts.latest()
            placed = app.toasts.layout(app.surface.get_size(), app.toast_obstacles())
            rect = placed[-1][1]
            assert LEFT.right <= rect.left and rect.right <= RIGHT.left, rect
            assert GRID.left <= rect.centerx <= GRID.right
            assert not rect.colliderect(square_rect(square)), (rect, square)
    finally:
        app.shutdown()


def test_drag_the_drawn_tile_onto_a_legal_square(tmp_path):
    app, match, play = _play(tmp_path)
    try:
        board = play.board
        key_x = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x",
                                   scancode=0)
        pygame.event.post(key_x)                       # draw instead: place the drawn tile
        frames(app, 1)
        drawn = match.state.pending
        assert drawn is not None
        legal = sorted(board.legal_squares(0))
        seq = match.seq
        _press(app, board.pending_rect().center)
        _motion(app, square_rect(legal[0]).center, (1, 0, 0))
        _release(app, square_rect(legal[0]).center)
        assert match.seq == seq + 1 and match.log[-1].move.startswith(f"{drawn}@")
    finally:
        app.shutdown()

"""Metromania in the real client after the play-test fixes (issues 12 and 18): a second line
with no start left says so, a dig that could no longer be completed is never offered (and a
stuck draft says how to get out), the turn panel after both lines are done, the marker notes,
and the size of the click targets. Headless, driven by synthetic pygame events."""

from __future__ import annotations

import pygame
import pytest

from game.client.boards import mania_geometry as geo
from game.rules.metromania.city import WHITE_ARROWS
from game.rules.metromania.lattice import SIDE_POSITION, side_distance
from tests.test_client_metromania import click, key, make_app, table


def _first_turns(match):
    """Seat 0 starts its solid line, seat 1 starts far from it (both by legal moves)."""
    game = match.game
    first = game.legal_moves(match.state, 0)[0]
    match.apply(0, first)
    side = match.state.line(0, 0).start_side
    second = next(m for m in game.legal_moves(match.state, 1)
                  if side_distance(SIDE_POSITION[m.tunnels[0].space][0], side) >= 2)
    match.apply(1, second)
    return side


@pytest.mark.timeout(20)
def test_second_line_with_no_start_left_says_so(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=5, human_seats=(0, 1))
        board = play.board
        side = _first_turns(match)
        app.step(1 / 60)
        assert match.to_act() == (0,)
        near = [s for s in WHITE_ARROWS if match.state.space_line[s] < 0
                and side_distance(SIDE_POSITION[s][0], side) < 2]
        # a free white arrow on an allowed side: the striped line can start, nowhere else
        key(app, pygame.K_TAB)
        assert board.draft(0).line == 1
        starts = {space for space, _ in board.candidates(0)}
        assert starts and all(side_distance(SIDE_POSITION[s][0], side) >= 2 for s in starts)
        assert board.line_status(0, 1) == "0/18 tunnels"
        click(app, geo.SPACE_XY[near[0]])
        assert "opposite your first line's start" in app.toasts.latest()
        assert board.draft(0).tunnels == []
        # every white arrow on the three opposite sides taken (as other lines' starts would)
        for s in WHITE_ARROWS:
            if side_distance(SIDE_POSITION[s][0], side) >= 2:
                match.state.space_line[s] = 3
        key(app, pygame.K_TAB)
        key(app, pygame.K_TAB)
        assert board.draft(0).line == 1 and board.candidates(0) == {}
        assert "cannot start" in app.toasts.latest() and "blocked" in app.toasts.latest()
        assert board.line_status(0, 1) == "blocked: no start left"
        click(app, geo.SPACE_XY[near[0]])
        assert "cannot start" in app.toasts.latest()
        assert board.draft(0).tunnels == []
    finally:
        app.shutdown()

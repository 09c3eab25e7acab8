"""Metromania in the real client after the play-test fixes (issues 12 and 18): a second line
with no start left says so, a dig that could no longer be completed is never offered (and a
stuck draft says how to get out), the turn panel after both lines are done, the marker notes,
and the size of the click targets. Headless, driven by synthetic pygame events."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.games.metromania import geometry as geo
from game.client.games.metromania.turn import panel_text
from game.rules.metromania.city import WHITE_ARROWS
from game.rules.metromania.lattice import SIDE_POSITION, side_distance
from tests.test_client_metromania import click, key, make_app, table
from tests.test_metromania_game import TRAP, TRAP_MOVES


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
        title, body = panel_text(board, 0)
        assert "cannot start" in body
        board._panel_key = None      # the arrows were taken behind the match's back: repaint
        app.step(1 / 60)
        shot("no_second_start.png")
        click(app, geo.SPACE_XY[near[0]])
        assert "cannot start" in app.toasts.latest()
        assert board.draft(0).tunnels == []
    finally:
        app.shutdown()


# -- a dig that could end in a dead end (issue 12, item 2) -----------------------------------

SHOTS = Path("/work/wt/notes/shots/mania_fixes")


def shot(name):
    """Keep a picture of the screen for the report when the notes folder exists."""
    if SHOTS.is_dir():
        pygame.image.save(pygame.display.get_surface(), str(SHOTS / name))


def trap_table(app):
    match, play = table(app, players=4, seed=1, human_seats=(0, 1, 2, 3))
    for text in TRAP_MOVES:
        seat = match.to_act()[0]
        match.apply(seat, match.game.parse_move(text))
    app.step(1 / 60)
    assert match.to_act() == (1,)
    return match, play


def test_a_tunnel_into_a_dead_end_is_not_offered_and_says_why(tmp_path):
    from game.rules.metromania.moves import parse_tunnel

    app = make_app(tmp_path)
    try:
        match, play = trap_table(app)
        board = play.board
        trap = parse_tunnel(TRAP)
        before = match.hash()
        for line in (0, 1):
            board.draft(1).line = line
            assert (trap.space, trap.edge) not in board.candidates(1)
        # clicking it anyway: refused with the reason, nothing dug
        click(app, geo.tunnel_anchor(trap.space, trap.edge))
        assert "could not reach the 3 tunnels" in app.toasts.latest()
        assert board.draft(1).tunnels == [] and match.hash() == before
        # whatever the player digs with Enter, the dig reaches its three tunnels
        for _ in range(6):
            if len(board.draft(1).tunnels) == 3:
                break
            key(app, pygame.K_RETURN)
        assert len(board.draft(1).tunnels) == 3
        assert ("confirm", "Confirm dig") in board.hints(1)
        assert dict((a, e) for a, _, e in board.buttons(1))["confirm"]
    finally:
        app.shutdown()


def test_a_stuck_dig_says_how_to_get_out_and_offers_only_what_works(tmp_path):
    """The safety net: should a draft ever stop short of the tunnels the turn requires (the
    play-test's soft-lock), the panel says why and how out, the hints offer Take back and
    Station instead, Confirm is off, and Station instead drops the dead-end tunnels."""
    from game.rules.metromania.moves import parse_tunnel

    app = make_app(tmp_path)
    try:
        match, play = trap_table(app)
        board = play.board
        draft = board.draft(1)
        draft.line = 1
        draft.tunnels.append(parse_tunnel(TRAP))
        app.step(1 / 60)
        shot("trap_stuck.png")
        hints = board.hints(1)
        assert ("cancel", "Take back") in hints and ("alt", "Station instead") in hints
        assert all(label not in ("Confirm dig", "Dig") for _, label in hints)
        title, body = panel_text(board, 1)
        assert title == "Dig: 1 of 3 tunnels"
        assert "stuck" in body and "with Back" in body and "place a station instead" in body
        enabled = {a: e for a, _, e in board.buttons(1)}
        assert not enabled["confirm"] and enabled["station"] and enabled["undo"]
        before = match.hash()
        key(app, pygame.K_RETURN)                      # Enter and C explain, propose nothing
        assert "stuck" in app.toasts.latest() and match.hash() == before
        key(app, pygame.K_c)
        assert "stuck" in app.toasts.latest() and match.seq == len(TRAP_MOVES)
        rect = next(r for a, r, _ in board.buttons(1) if a == "station")
        click(app, rect.center)                        # Station instead: the way forward
        assert board.draft(1).mode == "station" and board.draft(1).tunnels == []
        assert ("confirm", "Place station") in board.hints(1)
    finally:
        app.shutdown()


# -- item 7: the panel after both lines are done, marker notes, target sizes ----------------

def test_no_tunnel_left_makes_the_turn_a_station_and_says_so(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = trap_table(app)
        board = play.board
        match.apply(1, match.game.legal_moves(match.state, 1)[0])
        app.step(1 / 60)
        assert match.to_act() == (2,)                  # both of seat 2's lines are blocked
        assert board.needed(2) == 0 and board.station_targets(2)
        shot("no_dig_station.png")
        title, body = panel_text(board, 2)
        assert title == "Intermediate station" and "0 of 0" not in title + body
        assert "no tunnel to dig" in body
        assert board.draft(2).mode == "station"
        labels = [label for _, label in board.hints(2)]
        assert "Back to digging" not in labels and "Dig" not in labels
        assert not {a: e for a, _, e in board.buttons(2)}["station"]
        key(app, pygame.K_x)                           # no way back to an empty dig
        key(app, pygame.K_ESCAPE)
        assert board.draft(2).mode == "station"
    finally:
        app.shutdown()


def test_marker_notes_need_no_article_and_say_how_the_marker_goes_on():
    from game.client import text
    from game.client.games.metromania.turn import marker_note
    from game.rules.metromania.moves import Tunnel

    one = [Tunnel(0, 5, 0, "B")]
    two = [Tunnel(0, 5, 0, "B"), Tunnel(0, 5, 0, "E")]
    try:
        for lang in ("en", "ko", "th", "ru", "zh-TW", "ja"):
            text.set_language(lang)
            for kind in ("R", "C", "E"):
                single, choice = marker_note(one, kind), marker_note(two, kind)
                assert "B" in single and "{" not in single + choice and single != choice
        text.set_language("en")
        assert marker_note(one, "E") == "This tunnel places your entertainment marker B"
        assert "you pick which" in marker_note(two, "E")
        # no English text puts an article in front of a filled-in word
        import re
        for key_, value in text._load("en").items():
            forms = value.values() if isinstance(value, dict) else [value]  # plural entries
            assert not any(re.search(r"\b[Aa]n? \{", form) for form in forms), key_
    finally:
        text.set_language("en")


def _click_areas(board, seat, step=3):
    """Pixels (sampled every ``step``) around each offered tunnel where a click takes it."""
    reach = int(geo.UNIT)
    count = {}
    for k in board.candidates(seat):
        x0, y0 = (int(v) for v in geo.tunnel_anchor(*k))
        count[k] = step * step * sum(
            1 for x in range(x0 - reach, x0 + reach, step)
            for y in range(y0 - reach, y0 + reach, step) if board.candidate_at(seat, (x, y)) == k)
    return count


def test_offered_tunnels_are_mouse_sized_targets(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=3)
        first = _click_areas(play.board, 0)            # two tunnels share each white arrow
        assert len(first) >= 20 and min(first.values()) >= 1800, sorted(first.values())[:4]
        app.step(1 / 60)
        shot("first_turn.png")
    finally:
        app.shutdown()
    app = make_app(tmp_path)
    try:
        match, play = trap_table(app)
        board = play.board
        for line in (0, 1):
            board.draft(1).line = line
            areas = _click_areas(board, 1)
            assert areas and min(areas.values()) >= 1800, areas
    finally:
        app.shutdown()


def test_panel_help_fits_in_every_language(tmp_path):
    from game.client import text
    from game.client.games.metromania.turn import fit_rows
    from game.client.games.metromania.layout import RIGHT
    from game.client.plural import tn

    app = make_app(tmp_path)                           # fonts need a display
    try:
        for lang in ("en", "ko", "th", "ru", "zh-TW", "ja"):
            text.set_language(lang)
            for body, room in ((tn("mania.dead_end_station", 3), 122),
                               (tn("mania.dead_end", 2), 122),
                               (text.t("mania.station_only_help"), 122),
                               (text.t("mania.dig_ready_help"), 86),
                               (text.t("mania.dig_help"), 86)):
                size, rows = fit_rows(body, RIGHT.width - 36, room)
                assert len(rows) * (size + 4) <= room, (lang, body)
    finally:
        text.set_language("en")
        app.shutdown()


# -- item 11: the rules help's picture shows the arrows its text names ------------------------

def test_rules_help_goal_picture_draws_the_white_and_black_arrows(tmp_path, monkeypatch):
    from game.client.games.metromania import paint as mania_paint
    from game.client.games import kit
    from game.client.screens import rules_help

    app = make_app(tmp_path)
    try:
        drawn = []
        real = mania_paint.draw_arrow_mark
        monkeypatch.setattr(mania_paint, "draw_arrow_mark",
                            lambda surface, c, direction, white, size=9:
                            (drawn.append(white), real(surface, c, direction, white, size)))
        surface = pygame.Surface((1280, 720))
        kit("metromania").draw_rules_picture(surface, rules_help.PICTURE_BOX, "goal")
        assert True in drawn and False in drawn      # a start (white) and an end (black)
        body = rules_help.t("help.metromania.goal.body")
        assert "white arrow" in body and "disc" in body and "square" in body
        assert "opposite your first line's start" in body
        markers = rules_help.t("help.metromania.markers.body")
        assert "dig a tunnel onto the destination" in markers
    finally:
        app.shutdown()

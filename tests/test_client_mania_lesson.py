"""Metromania's lesson and board after the play-test (issue 26, item 7), through the real
screens by mouse: the lesson's yellow rings never lead into a blocked line (every ringed dig of
the first turn, and whole lessons following the rings at random), a dig into a dead end is
refused with the rules' reasons, a blocked line in a game says why (toast, players' panel, side
panel; in every language), and overlapping rings are told apart by the mouse: a click takes
the ring whose centre is nearest, and a click no centre is clearly nearest to opens a chooser
whose choices are a finger apart."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game.client import text
from game.client.typeface import font
from game.client.games.metromania import blocked
from game.client.games.metromania import geometry as geo
from game.client.games import lessons
from game.client.screens.tutorial_play import TutorialScreen
from game.client.tutorial.progress import Progress
from game.rules.metromania.lines import is_blocked
from game.rules.metromania.moves import Dig, parse_tunnel
from tests.test_client_metromania import click, key, make_app, step, table
from tests.test_i18n import LANGS

# a first-turn dig of the lesson's city that leaves the solid line with no way on
DEAD_END = "S:u1,-6:e1 S:d1,-6:e0 S:d2,-6:e2"
FINGER = 40          # logical pixels at 1280×720: the width of a fingertip


def lesson(app, tmp_path) -> TutorialScreen:
    screen = TutorialScreen(app, lessons.by_id("metromania"), Progress(tmp_path / "t.json"))
    app.push(screen)
    step(app, 1 / 60)
    key(app, pygame.K_RETURN)                   # read the welcome: on to "dig"
    assert screen.step.name == "dig"
    return screen


def ringed(screen) -> list:
    """The candidate tunnels the lesson rings now (read back from the marks it draws)."""
    board = screen.board
    return [board.candidate_at(0, pygame.Rect(mark).center) for mark in screen.marks()
            if board.candidate_at(0, pygame.Rect(mark).center) is not None]


def learner_lines_blocked(match) -> list:
    return [k for k in (0, 1) if is_blocked(match.state, 0, k)]


@pytest.mark.timeout(120)
def test_every_ringed_first_dig_of_the_lesson_leaves_the_lines_open(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = lesson(app, tmp_path)
        board, match = screen.board, screen.match
        draft = board.draft(0)
        digs, blocking = 0, []

        def walk():
            nonlocal digs
            if len(draft.tunnels) == 3:
                after = match.game.clone(match.state)
                match.game.apply(after, 0, Dig(tuple(draft.tunnels)))
                digs += 1
                if is_blocked(after, 0, 0) or is_blocked(after, 0, 1):
                    blocking.append(" ".join(str(t) for t in draft.tunnels))
                return
            for key_ in ringed(screen):
                for tunnel in board.candidates(0)[key_]:
                    draft.tunnels.append(tunnel)
                    walk()
                    draft.tunnels.pop()

        walk()
        assert digs > 300                  # many ways to follow the rings…
        assert not blocking, f"{len(blocking)} ringed digs block: {blocking[:5]}"
    finally:
        app.shutdown()


@pytest.mark.timeout(240)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_following_the_rings_at_random_never_blocks_a_line(tmp_path, seed):
    """A whole lesson played by mouse, each click on a ring (or a highlighted button) chosen
    at random: no line of the learner is ever blocked."""
    rng = random.Random(seed)
    app = make_app(tmp_path)
    try:
        screen = lesson(app, tmp_path)
        match = screen.match
        moves = 0
        for _ in range(2000):
            if screen.free:
                break
            if screen.step.reads:
                key(app, pygame.K_RETURN)
                continue
            if 0 not in match.to_act() or screen.board.busy():
                step(app, 0.25)
                continue
            draft = screen.board.draft(0)
            if draft.chooser is not None:      # rings on top of each other: pick one
                rects = screen.board.chooser_rects(len(draft.chooser))
                click(app, rng.choice(rects).center)
                continue
            marks = screen.marks()
            assert marks, f"nothing to do at {screen.step.name}"
            before = len(match.log)
            click(app, pygame.Rect(rng.choice(marks)).center)
            if len(match.log) > before:
                moves += 1
                assert not learner_lines_blocked(match), \
                    f"seed {seed}: {match.log[-1].move} blocked a line at {screen.step.name}"
        assert screen.free and moves >= 3
    finally:
        app.shutdown()


def click_dig(app, board, dig: str) -> None:
    """Dig by mouse: each tunnel's middle, then Confirm dig."""
    for token in dig.split():
        tunnel = parse_tunnel(token)
        click(app, geo.tunnel_anchor(tunnel.space, tunnel.edge))
        assert board.draft(0).tunnels[-1] == tunnel
    confirm = next(rect for action, rect, _ in board.buttons(0) if action == "confirm")
    click(app, confirm.center)


@pytest.mark.timeout(60)
def test_the_lesson_refuses_a_dig_into_a_dead_end_and_says_why(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = lesson(app, tmp_path)
        click_dig(app, screen.board, DEAD_END)
        assert len(screen.match.log) == 0 and screen.step.name == "dig"
        assert screen.refusal.startswith("That dig would block your solid line: every way on "
                                         "from its end would meet the edge of the city")
        assert "a 120° turn without a station" in screen.refusal
        assert screen.board.draft(0).tunnels            # kept, to be taken back
    finally:
        app.shutdown()


@pytest.mark.timeout(60)
def test_a_blocked_line_says_why_in_a_game_and_in_every_language(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=1, human_seats=(0, 1))
        board = play.board
        click_dig(app, board, DEAD_END)
        assert len(match.log) == 1 and is_blocked(match.state, 0, 0)
        said = "Human 1's solid line is blocked: every way on from its end meets the edge " \
               "of the city, tunnels already dug, a 120° turn without a station."
        assert any(toast.text == said for toast in app.toasts.items)
        assert board.line_status(0, 0) == "blocked: city edge"
        # on the owner's next turn the side panel says it when the line is chosen
        match.apply(1, match.game.legal_moves(match.state, 1)[0])
        step(app, 1 / 60)
        key(app, pygame.K_1)
        assert board.draft(0).line == 0
        assert app.toasts.latest().startswith(
            "Your solid line is blocked: every way on from its end meets ")
        assert app.toasts.latest() == blocked.note(match.game, match.state, 0, 0)
        try:
            for lang in LANGS:
                text.set_language(lang)
                note = blocked.note(match.game, match.state, 0, 0, name="Ann")
                row = board.line_status(0, 0)
                for words in (note, row, blocked.note(match.game, match.state, 0, 0)):
                    assert words and "{" not in words and "mania." not in words, (lang, words)
                assert "Ann" in note
                if lang != "en":
                    assert row != "blocked: city edge"
                # the players' panel row holds it at its own size
                assert font(15).size(row)[0] <= board.seat_row(0).width - 80, (lang, row)
        finally:
            text.set_language("en")
    finally:
        app.shutdown()


def _dig_one(app, screen):
    """Take the lesson's first ringed tunnel by clicking its centre."""
    first = ringed(screen)[0]
    click(app, geo.tunnel_anchor(*first))
    assert screen.board.draft(0).tunnels


@pytest.mark.timeout(60)
def test_a_click_takes_the_ring_whose_centre_is_nearest(tmp_path):
    """The rings at the white arrows reach over the city's edge and into the neighbouring
    triangles, where another tunnel's track or triangle is nearer the pointer: a click still
    takes the ring whose centre is nearest."""
    app = make_app(tmp_path)
    try:
        screen = lesson(app, tmp_path)
        board = screen.board
        cands = board.candidates(0)
        centres = {key_: geo.tunnel_anchor(*key_) for key_ in cands}

        def misleading(pos, key_) -> bool:
            """Not over this tunnel's own triangle, and another tunnel's track or triangle
            is what lies nearest the pointer."""
            space = geo.space_at(pos)
            if space == key_[0]:
                return False
            track = min((geo.dist2_to_segment(pos, *geo.tunnel_segment(*k)), k) for k in cands)
            return track[1] != key_ or any(k[0] == space for k in cands)

        found = []
        for key_, (x, y) in sorted(centres.items()):
            for dx in range(-13, 14):
                for dy in range(-13, 14):
                    pos = (round(x) + dx, round(y) + dy)
                    dists = sorted((math.dist(c, pos), k) for k, c in centres.items())
                    if dists[0][1] == key_ and dists[0][0] <= geo.RING_R - 1 and \
                            dists[1][0] - dists[0][0] >= geo.RING_CLEAR + 1 and \
                            misleading(pos, key_):
                        found.append((pos, key_))
        assert len(found) >= 10
        for pos, wanted in found[::max(1, len(found) // 12)]:
            click(app, pos)
            draft = board.draft(0)
            assert draft.chooser is None and draft.tunnels, f"nothing taken at {pos}"
            tunnel = draft.tunnels[-1]
            assert (tunnel.space, tunnel.edge) == wanted, f"{pos}: {tunnel} taken"
            key(app, pygame.K_ESCAPE)               # take it back
            assert not board.draft(0).tunnels
    finally:
        app.shutdown()


@pytest.mark.timeout(60)
def test_a_click_between_overlapping_rings_opens_a_chooser_a_finger_apart(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = lesson(app, tmp_path)
        board = screen.board
        _dig_one(app, screen)
        cands = board.candidates(0)
        pairs = sorted((math.dist(geo.tunnel_anchor(*a), geo.tunnel_anchor(*b)), a, b)
                       for a in cands for b in cands if a < b)
        gap, a, b = pairs[0]
        assert gap < 2 * geo.RING_R            # these rings overlap
        (ax, ay), (bx, by) = geo.tunnel_anchor(*a), geo.tunnel_anchor(*b)
        middle = ((ax + bx) / 2, (ay + by) / 2)
        count = len(board.draft(0).tunnels)
        click(app, middle)
        draft = board.draft(0)
        assert draft.chooser is not None and len(draft.tunnels) == count
        assert {(t.space, t.edge) for t in draft.chooser} == {a, b}
        rects = board.chooser_rects(len(draft.chooser))
        assert all(r.width >= FINGER and r.height >= FINGER for r in rects)
        assert all(math.dist(p.center, q.center) >= FINGER
                   for i, p in enumerate(rects) for q in rects[i + 1:])
        # the choice in focus is shown on the board; the second one is clicked
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rects[1].center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        step(app, 1 / 60)
        second = draft.chooser[1]
        assert draft.cursor == (second.space, second.edge)
        click(app, rects[1].center)
        assert board.draft(0).chooser is None
        assert board.draft(0).tunnels[-1] == second
    finally:
        app.shutdown()


def test_blocked_reasons_are_the_rules_own():
    """The rules name why a line is blocked: each way on from its end and its rule."""
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metromania")
    seats = [SeatInfo("A", "human"), SeatInfo("B", "human")]
    match = Match.new(game, game.make_config(2, []), 1, seats)
    assert game.blocked_reasons(match.state, 0, 0) == []
    match.apply(0, Dig(tuple(parse_tunnel(x) for x in DEAD_END.split())))
    codes = [code for code, _template, _args in game.blocked_reasons(match.state, 0, 0)]
    assert codes == ["boundary", "occupied", "acute"]
    assert game.blocked_reasons(match.state, 0, 1) == []      # the striped line can start

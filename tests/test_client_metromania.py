"""The Metromania board in the real client, headless, driven by synthetic pygame events.

A human seat plays a whole hotseat game with the mouse, the keyboard and a controller in
turn (a random bot sits at the other seat) through the trip show to the results screen, whose
scores must be the engine's. Also: refused digs say why and change nothing, tunnels are taken
back one by one, and ``run.py play metromania --screenshot`` renders a real picture.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from tests.test_client_support import step

from game.bots.base import make_bot
from game.client.app import App
from game.client.games.metromania import geometry as geo
from game.client.screens.play import PlayScreen
from game.client.screens.results import ResultsScreen
from game.client.settings import Settings
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.metromania.city import LAKE
from game.rules.metromania.lattice import POINTS
from game.rules.metromania.moves import Bonus, Dig, Pass, Station

ROOT = Path(__file__).resolve().parent.parent
GAME = get_game("metromania")
PAD_ID = 4242
DEVICES = ("mouse", "keyboard", "pad")


# -- synthetic input ------------------------------------------------------------------------

def key(app, k, steps=1):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                         scancode=0))
    for _ in range(steps):
        step(app, 1 / 60)


def click(app, pos):
    pos = (int(round(pos[0])), int(round(pos[1])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app, 1 / 60)


def pad_button(app, button):
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=PAD_ID,
                                         button=button, joy=PAD_ID))
    step(app, 1 / 60)


def pad_right(app):
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=PAD_ID, hat=0,
                                         value=(1, 0), joy=PAD_ID))
    step(app, 1 / 60)


def press(app, device, action):
    """confirm / cancel / alt / aux / next / right on a keyboard or a controller."""
    if device == "pad":
        if action == "right":
            pad_right(app)
        else:
            pad_button(app, {"confirm": 0, "cancel": 1, "alt": 2, "next": 5, "aux": 6}[action])
    else:
        key(app, {"confirm": pygame.K_RETURN, "cancel": pygame.K_ESCAPE, "alt": pygame.K_x,
                  "next": pygame.K_TAB, "aux": pygame.K_c, "right": pygame.K_RIGHT}[action])


# -- tables -----------------------------------------------------------------------------------

def make_app(tmp_path, animations=True):
    settings = Settings(tmp_path / "settings.json")
    settings["bot_delay_ms"] = 0
    settings["animations"] = animations
    return App(settings)


def table(app, players=2, seed=3, human_seats=(0,), variants=()):
    seats = []
    for seat in range(players):
        if seat in human_seats:
            seats.append(SeatInfo(f"Human {seat + 1}", "human", device="any", colour=seat))
        else:
            seats.append(SeatInfo(f"Bot {seat + 1}", "bot", level="random", colour=seat))
    match = Match.new(GAME, GAME.make_config(players, variants), seed, seats)
    play = PlayScreen(app, match)
    app.push(play)
    step(app, 1 / 60)
    return match, play


def dig_with_enter(app, board, seat, count=3):
    """Enter on whatever the cursor offers (a marker choice counts as one more Enter)."""
    for _ in range(2 * count):
        if len(board.draft(seat).tunnels) >= count:
            return
        key(app, pygame.K_RETURN)
    assert len(board.draft(seat).tunnels) == count


def wait_for_seat(app, match, play, seat, limit=600):
    """Let the bots play (big time steps: station pop-ups hold the bots while they show)."""
    for _ in range(limit):
        if match.is_over() or (match.to_act() == (seat,) and play.viewer == seat
                               and app.top is play):
            return
        step(app, 0.1)
    raise AssertionError("the bot never handed the turn back")


# -- driving one move through the board -------------------------------------------------------

def _select_line(app, board, device, seat, k):
    if board.draft(seat).line == k:
        return
    if device == "mouse":
        rect = next(r for a, r, _ in board.buttons(seat) if a == f"line{k}")
        click(app, rect.center)
    else:
        press(app, device, "next")
    assert board.draft(seat).line == k


def _post_presses(device, count):
    for _ in range(count):
        if device == "pad":
            pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=PAD_ID,
                                                 hat=0, value=(1, 0), joy=PAD_ID))
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                                 unicode="", scancode=0))


def _walk_to(app, board, device, seat, target):
    """Right (keyboard arrow or d-pad) as many times as the cursor needs, in one frame."""
    board._fix_cursor(seat)
    draft = board.draft(seat)
    if draft.mode == "station" or board.bonus_pending(seat):
        order = sorted(board.station_targets(seat), key=lambda p: (POINTS[p][1], POINTS[p][0]))
    else:
        order = board._keys_by_angle(seat)
    presses = (order.index(target) - order.index(draft.cursor)) % len(order)
    _post_presses(device, presses)
    step(app, 1 / 60)
    assert board.draft(seat).cursor == target, f"the cursor never reached {target}"


def drive(app, board, seat, move, device, stats):
    """Make ``move`` happen with ``device`` only; returns when it has been proposed."""
    if isinstance(move, Dig):
        for index, tunnel in enumerate(move.tunnels):
            _select_line(app, board, device, seat, tunnel.line)
            where = (tunnel.space, tunnel.edge)
            if device == "mouse":
                click(app, geo.tunnel_anchor(*where))
            else:
                _walk_to(app, board, device, seat, where)
                press(app, device, "confirm")
            draft = board.draft(seat)
            if draft.chooser is not None:
                stats["chooser"] += 1
                markers = [tn.marker for tn in draft.chooser]
                if device == "mouse":
                    click(app, board.chooser_rects(len(markers))[markers.index(tunnel.marker)]
                          .center)
                else:
                    _post_presses(device, markers.index(tunnel.marker) - draft.choice)
                    press(app, device, "confirm")
            assert board.draft(seat).tunnels == list(move.tunnels[:index + 1])
        if device == "mouse":
            rect = next(r for a, r, _ in board.buttons(seat) if a == "confirm")
            click(app, rect.center)
        else:
            press(app, device, "aux" if device == "keyboard" else "confirm")
    elif isinstance(move, Station):
        _select_line(app, board, device, seat, move.line)
        if device == "mouse":
            rect = next(r for a, r, _ in board.buttons(seat) if a == "station")
            click(app, rect.center)
            click(app, geo.POINT_XY[move.point])
        else:
            press(app, device, "alt")
            _walk_to(app, board, device, seat, move.point)
            press(app, device, "confirm")
    elif isinstance(move, Bonus):
        if move.point < 0:
            if device == "mouse":
                rect = next(r for a, r, _ in board.buttons(seat) if a == "refuse")
                click(app, rect.center)
            else:
                press(app, device, "alt")
        elif device == "mouse":
            click(app, geo.POINT_XY[move.point])
        else:
            _walk_to(app, board, device, seat, move.point)
            press(app, device, "confirm")
    elif isinstance(move, Pass):
        if device == "mouse":
            rect = next(r for a, r, _ in board.buttons(seat) if a == "pass")
            click(app, rect.center)
        else:
            press(app, device, "confirm")


# -- tests ---------------------------------------------------------------------------------

def test_hotseat_game_by_mouse_keyboard_and_controller_reaches_the_engines_scores(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=11)
        board = play.board
        chooser = make_bot(GAME, 0, "random", 99)
        stats = {"chooser": 0, "moves": 0, "devices": set()}
        turn = 0
        while not match.is_over():
            wait_for_seat(app, match, play, 0)
            if match.is_over():
                break
            move = chooser.choose(match.view(0))
            device = DEVICES[turn % 3]
            before = match.seq
            drive(app, board, 0, move, device, stats)
            assert match.seq == before + 1, f"{device} did not play {move}"
            assert str(match.log[-1].move) == str(move) and match.log[-1].seat == 0
            stats["moves"] += 1
            stats["devices"].add(device)
            turn += 1
        assert stats["moves"] >= 6 and stats["devices"] == set(DEVICES)
        assert stats["chooser"] >= 1          # a destination with two markers to choose from
        # the trip show runs (confirm skips a trip), then the results screen
        assert board.busy()
        shown_final = False
        for _ in range(2000):
            if isinstance(app.top, ResultsScreen):
                break
            if board.show_done and not shown_final:
                # the trips have been added up on the side panel: the engine's final scores
                assert [board.shown_score(s) for s in range(2)] == match.scores()["scores"]
                shown_final = True
            if app.frame % 3 == 0:
                key(app, pygame.K_RETURN)
            else:
                step(app, 0.1)
        assert isinstance(app.top, ResultsScreen) and shown_final
        assert board.show is not None and len(board.show.items) == 7
        text = "\n".join(str(entry.move) for entry in match.log)
        engine = GAME.score_notation(text, match.config, match.seed)
        assert app.top.result["scores"] == engine["scores"]
        assert app.top.result["breakdown"] == engine["breakdown"]
        step(app, 1 / 60)
        detail = app.top.panel.detail_lines(0)        # the kit's breakdown of a seat
        assert detail and str(engine["breakdown"][0]["stations"]) in detail[0]
    finally:
        app.shutdown()


def test_refused_digs_say_why_and_change_nothing(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=5)
        board = play.board
        state = match.state
        before = match.hash()
        # a tunnel in the lake
        lake = state.city.kind.index(LAKE)
        click(app, geo.SPACE_XY[lake])
        assert "lake" in app.toasts.latest().lower()
        assert board.draft(0).tunnels == [] and match.hash() == before
        # a first tunnel away from any white arrow
        plain = next(s for s, kind in enumerate(state.city.kind)
                     if not kind and geo.dist2(geo.SPACE_XY[s], geo.CENTRE) < 80 ** 2)
        click(app, geo.SPACE_XY[plain])
        assert "white-arrow" in app.toasts.latest()
        assert board.draft(0).tunnels == [] and match.hash() == before
        # one tunnel, then confirm: the rules want three
        key(app, pygame.K_RETURN)
        assert len(board.draft(0).tunnels) == 1
        key(app, pygame.K_c)
        assert "3 tunnels" in app.toasts.latest()
        assert match.seq == 0 and match.hash() == before
        assert len(board.draft(0).tunnels) == 1          # the draft survives the refusal
    finally:
        app.shutdown()


def test_tunnels_are_taken_back_one_by_one_until_confirmed(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=8)
        board = play.board
        before = match.hash()
        dig_with_enter(app, board, 0)
        draft = board.draft(0)
        assert len(draft.tunnels) == 3
        taken = list(draft.tunnels)
        assert board.draft_state(0).line(0, 0).spaces == [tn.space for tn in taken]
        key(app, pygame.K_ESCAPE)
        assert board.draft(0).tunnels == taken[:2]
        pad_button(app, 1)                                   # B takes back too
        assert board.draft(0).tunnels == taken[:1]
        rect = next(r for a, r, _ in board.buttons(0) if a == "undo")
        click(app, rect.center)                              # and the on-screen button
        assert board.draft(0).tunnels == []
        assert match.seq == 0 and match.hash() == before
        # dig again and confirm: now it counts, and the draft is gone
        dig_with_enter(app, board, 0)
        dug = list(board.draft(0).tunnels)
        key(app, pygame.K_RETURN)
        assert match.seq == 1 and str(match.log[0].move) == str(Dig(tuple(dug)))
        assert board.draft(0).tunnels == []
        # cancel with nothing to take back opens the pause menu
        wait_for_seat(app, match, play, 0)
        key(app, pygame.K_ESCAPE)
        assert type(app.top).__name__ == "PauseScreen"
    finally:
        app.shutdown()


def test_unfair_municipality_hides_other_letters_and_passes_the_device(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=3, seed=4, human_seats=(0, 1), variants=["unfair"])
        board = play.board
        assert board.secret_information
        # a new game with secret letters opens on "Pass to Human 1": nobody's letters shown
        assert type(app.top).__name__ == "PassDeviceScreen" and app.top.seat == 0
        assert all(key[0] == "?" for s in range(3) for key in board.shown_hand(s))
        key(app, pygame.K_RETURN)
        assert app.top is play and play.viewer == 0
        own = board.shown_hand(0)
        assert own and all(key[0] != "?" for key in own)
        assert all(key[0] == "?" for key in board.shown_hand(1) + board.shown_hand(2))
        dig_with_enter(app, play.board, 0)
        key(app, pygame.K_c)
        assert match.seq == 1
        step(app, 1 / 60)
        assert type(app.top).__name__ == "PassDeviceScreen"
        assert all(key[0] == "?" for s in range(3) for key in board.shown_hand(s))
        key(app, pygame.K_RETURN)
        assert app.top is play and play.viewer == 1
        assert all(key[0] != "?" for key in board.shown_hand(1))
        assert all(key[0] == "?" for key in board.shown_hand(0))
    finally:
        app.shutdown()


def test_open_games_need_no_hand_over_screen(tmp_path):
    app = make_app(tmp_path)
    try:
        match, play = table(app, players=2, seed=4, human_seats=(0, 1))
        assert not play.board.secret_information
        dig_with_enter(app, play.board, 0)
        key(app, pygame.K_c)
        step(app, 1 / 60)
        assert match.seq == 1 and app.top is play and play.viewer == 1
    finally:
        app.shutdown()


def test_play_cli_screenshot_renders_the_city(tmp_path):
    shot = tmp_path / "mm.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRACKLAYER_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "play", "metromania",
                           "--players", "3", "--bots", "2", "--frames", "3", "--screenshot",
                           str(shot)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(300, 980, 7)
               for y in range(90, 680, 7)}
    assert len(colours) > 60
    # the middle of the city is paper, not the dark table
    r, g, b = tuple(image.get_at((int(geo.CENTRE[0]) + 20, int(geo.CENTRE[1]) + 20)))[:3]
    assert r > 150 and g > 140 and b > 120

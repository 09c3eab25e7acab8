"""The client sleeps while nothing moves (issue 12, item 10; issue 26, item 13): once the
picture has settled, the real loop steps a few times a second and draws nothing at all, on
the title and on a human's turn in every game (split screen too), at 720p and at 4K; input,
a toast, an expose, a screen's own news and an animating screen bring the frames back.

Checked by structure, never by time: the loop's steps are driven one by one (``paced_step``)
with a clock that says how long each sleep was and no real sleeping, and the test counts the
frames drawn (``app.draws``) and asks every drawn screen whether it ``animating()``. The CPU
it saves is measured by ``python run.py bench --only client.idle``.
"""

from __future__ import annotations

import numpy
import pygame
import pytest

from tests.test_client_support import click, make_app, pad_added

from game.client import frame_pacing
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import Rng

SIZES = [(1280, 720), (3840, 2160)]
IDLE_LOOKS = 14     # 14 looks, 3 sleeping steps apart: 10.5 s (each sleep is IDLE_WAIT_MS)


class StepClock:
    """Stands for ``pygame.time.Clock``: every tick says ``ms`` passed."""

    def __init__(self, ms: int) -> None:
        self.ms = ms

    def tick(self, _fps: int = 0) -> int:
        return self.ms


@pytest.fixture
def no_sleep(monkeypatch):
    """The loop's sleep returns at once (no event came): steps cost no real time."""
    monkeypatch.setattr(frame_pacing, "wait_for_event", lambda timeout_ms=0: None)


def loop_steps(app, steps: int, ms: int = frame_pacing.IDLE_WAIT_MS) -> int:
    """Run ``steps`` turns of the real-time loop, each ``ms`` long; the frames they drew."""
    app.clock = StepClock(ms)
    drawn = app.draws
    for _ in range(steps):
        app.paced_step()
    return app.draws - drawn


def settle(app) -> None:
    """Let the last input age past every pulse and drift, as a player who sat back."""
    app.last_input_at = app.time - frame_pacing.SETTLE_SECONDS - 1
    for _ in range(300):            # the last moves' animations end (5 s at most)
        if not frame_pacing.wants_frames(app):
            break
        loop_steps(app, 1, 16)
    loop_steps(app, 2, 16)          # the last moving frame draws its rest


def still_screens(app) -> list[str]:
    return [type(s).__name__ for s in frame_pacing.drawn_screens(app) if s.animating()]


def frame_pixels(app):
    """The whole window as drawn now (a frame drawn on purpose, at its native size): a copy
    of its pixels."""
    app.draw()
    return numpy.array(pygame.surfarray.pixels2d(app.window))


def same_frame(app, before) -> bool:
    """A frame drawn now is ``before``, pixel for pixel (compared in place: a 4K window is
    not copied again for each look)."""
    app.draw()
    pixels = pygame.surfarray.pixels2d(app.window)
    try:
        return numpy.array_equal(pixels, before)
    finally:
        del pixels                   # the window stays locked while a view of it lives


def assert_sleeps(app) -> None:
    """Settled: nothing animates, a long idle stretch draws no frame, and the picture drawn
    after it is the picture drawn before it (nothing moved that said it stood still)."""
    settle(app)
    assert still_screens(app) == []
    assert not frame_pacing.wants_frames(app)
    before = frame_pixels(app)
    waits = app.idle_waits
    for _ in range(IDLE_LOOKS):            # looked at again and again: a pulse that kept
        assert loop_steps(app, 3) == 0     # moving would not always come back to one look
        assert still_screens(app) == []
        assert same_frame(app, before)
    assert app.idle_waits - waits == 3 * IDLE_LOOKS     # every step slept first


def open_title(tmp_path, size):
    from game.client.screens.title import TitleScreen

    app = make_app(tmp_path)
    if size != (1280, 720):
        app.resize(size)
    app.push(TitleScreen(app))
    app.run(frames=2)
    app.fixed_dt = None
    return app


TABLES = {   # name: (game, seats as (kind, device))
    "metro": ("metro", [("human", "any"), ("bot", "")]),
    "metromania": ("metromania", [("human", "any"), ("bot", "")]),
    "railroad-ink": ("railroad-ink", [("human", "any"), ("bot", "")]),
    "railroad-ink split screen": ("railroad-ink", [("human", "keyboard"),
                                                   ("human", "mouse")]),
    "metro hotseat": ("metro", [("human", "any"), ("human", "any")]),
}


def take_the_pass(app) -> None:
    """The first player takes the screen when a pass screen stands over the game."""
    from game.client.screens.pass_device import PassDeviceScreen

    app.run(frames=3)         # the play screen's first frames put the pass screen up
    if isinstance(app.top, PassDeviceScreen):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        app.run(frames=3)
        assert not isinstance(app.top, PassDeviceScreen), "the pass screen was taken"


def open_table(tmp_path, name: str, size):
    from game.client.screens.play import PlayScreen

    app = open_title(tmp_path, size)
    game_name, kinds = TABLES[name]
    game = get_game(game_name)
    seats = [SeatInfo(f"P{i + 1}", kind, device=device, level="random", colour=i)
             for i, (kind, device) in enumerate(kinds)]
    match = Match.new(game, game.make_config(len(seats)), 3, seats)
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.fixed_dt = 1 / 60
    for _ in range(600):      # the bot's first turn, if it has one, lands
        if not any(seat in play.bots for seat in match.to_act()) and not play.board.busy():
            break
        app.run(frames=5)
    take_the_pass(app)        # two humans with secret hands: the game opens on "Pass to P1"
    app.fixed_dt = None
    assert play.active_human() is not None, "a human's turn"
    return app, play


@pytest.mark.parametrize("size", SIZES, ids=["720p", "4K"])
def test_a_settled_title_screen_draws_nothing(tmp_path, no_sleep, size):
    app = open_title(tmp_path, size)
    try:
        assert loop_steps(app, 5, 16) == 5        # the player is about: the rows drift
        assert_sleeps(app)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES, ids=["720p", "4K"])
@pytest.mark.parametrize("name", list(TABLES))
def test_a_humans_turn_left_alone_draws_nothing(tmp_path, no_sleep, name, size):
    app, play = open_table(tmp_path, name, size)
    try:
        assert play.animating()                   # just opened: the pulses show the way
        assert_sleeps(app)
        assert not play.board.animating()
        # a key brings the frames back at once, and they rest again when the player does
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                             unicode="", scancode=0))
        assert loop_steps(app, 3, 16) == 3
        assert frame_pacing.wants_frames(app)
        assert_sleeps(app)
    finally:
        app.shutdown()


def test_the_pass_screen_and_the_pause_menu_left_alone_draw_nothing(tmp_path, no_sleep):
    from game.client.screens.pass_device import PassDeviceScreen

    app, play = open_table(tmp_path, "metro hotseat", (1280, 720))
    try:
        human = play.active_human()
        assert play.propose(human, play.match.game.random_move(play.match.state, human,
                                                                Rng(1)))
        loop_steps(app, 1, 16)
        assert isinstance(app.top, PassDeviceScreen)    # "Pass to P2": its button glows
        assert app.top.animating()
        assert_sleeps(app)
        play.open_pause()                               # the menu over the pass screen
        assert_sleeps(app)
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_name", ["metro", "metromania", "railroad-ink"])
def test_a_lesson_waiting_for_the_learner_draws_nothing(tmp_path, no_sleep, game_name):
    """Learn to play: the marks that point at the place to act pulse, then rest."""
    from game.client.games import lessons
    from game.client.screens.tutorial_play import TutorialScreen
    from game.client.tutorial.progress import Progress

    app = open_title(tmp_path, (1280, 720))
    try:
        lesson = next(lesson for lesson in lessons.all_lessons() if lesson.game == game_name)
        screen = TutorialScreen(app, lesson, Progress.beside(app.settings))
        app.push(screen)
        app.run(frames=2)
        for _ in range(10):                  # read on to the first step that points
            if screen.marks():
                break
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="", scancode=0))
            app.run(frames=2)
        assert screen.marks()
        app.fixed_dt = None
        assert_sleeps(app)
    finally:
        app.shutdown()


def test_a_bots_turn_and_a_finished_game_keep_the_frames(tmp_path, no_sleep):
    """A bot to act (its dots, its move landing after its delay) and the end of a game (the
    results follow it) are moving pictures: the loop does not sleep through them."""
    app, play = open_table(tmp_path, "metro", (1280, 720))
    try:
        settle(app)
        assert not play.animating()
        bot_seat = next(iter(play.bots))
        human = play.active_human()
        assert play.propose(human, play.match.game.random_move(play.match.state, human,
                                                                Rng(1)))
        assert bot_seat in play.match.to_act()
        assert play.animating()
        assert loop_steps(app, 3, 16) == 3
    finally:
        app.shutdown()


def test_news_an_expose_and_a_toast_each_draw_the_still_picture_again(tmp_path, no_sleep):
    app = open_title(tmp_path, (1280, 720))
    try:
        settle(app)
        assert loop_steps(app, 4) == 0
        app.invalidate()                           # a screen's update learnt something
        assert loop_steps(app, 4) == 1
        pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
        assert loop_steps(app, 4) == 1             # the window was uncovered
        app.toasts.show("hello")
        assert frame_pacing.wants_frames(app)      # a toast slides and fades: full rate
        assert loop_steps(app, 40, 100) >= 30       # 4 s: it comes, fades and goes
        assert not app.toasts.items
        assert loop_steps(app, 4) == 0
    finally:
        app.shutdown()


def test_input_brings_the_frame_rate_back(tmp_path, no_sleep):
    app = open_title(tmp_path, (1280, 720))
    try:
        settle(app)
        scroll = app.top.scroll
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        assert loop_steps(app, 10, 16) == 10       # woke for the key and drew every step
        assert app.top.form.focus == 1             # the key reached the menu
        assert app.top.scroll != scroll            # input sets the tiles drifting again
    finally:
        app.shutdown()


def test_a_resting_stick_that_drifts_wakes_nothing(tmp_path, no_sleep):
    """A controller whose stick rests a little off centre sends axis events without end:
    inside the dead zone they are not the player (no frames, the hints keep their device);
    past it the stick moves the focus and the frames come back."""
    app = open_title(tmp_path, (1280, 720))
    try:
        pad_added(app)
        app.input.last_device = "mouse"
        settle(app)
        for value in (0.08, -0.12, 0.2, 0.1, -0.3, 0.05) * 4:
            pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, instance_id=4242,
                                                 joy=4242, axis=1, value=value))
            assert loop_steps(app, 1) == 0
        assert app.input.last_device == "mouse"
        assert app.top.form.focus == 0
        pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, instance_id=4242,
                                             joy=4242, axis=1, value=0.95))
        assert loop_steps(app, 2, 16) == 2
        assert app.top.form.focus == 1
        assert app.input.last_device == "pad1"
    finally:
        app.shutdown()


def test_the_title_after_a_finished_game_sleeps(tmp_path, no_sleep):
    """Nothing a game leaves behind (its screens, workers, results) keeps the title awake."""
    from game.client.screens.play import PlayScreen
    from game.client.screens.results import ResultsScreen
    from game.client.screens.title import TitleScreen

    app = open_title(tmp_path, (1280, 720))
    try:
        game = get_game("railroad-ink")
        seats = [SeatInfo(f"B{i}", "bot", level="random", colour=i) for i in range(2)]
        app.push(PlayScreen(app, Match.new(game, game.make_config(2), 4, seats),
                            {"autosave": False}))
        app.fixed_dt = 1 / 60
        for _ in range(2000):
            if isinstance(app.top, ResultsScreen):
                break
            app.run(frames=10)
        assert isinstance(app.top, ResultsScreen)
        app.fixed_dt = None
        app.resize((3840, 2160))                  # and the window made big meanwhile
        assert_sleeps(app)                        # the results screen of a bots' game rests
        app.reset_to(TitleScreen(app))
        assert loop_steps(app, 2) == 1            # the title is drawn once
        assert_sleeps(app)
    finally:
        app.shutdown()


def test_a_paged_ranking_turns_its_pages_and_draws_only_then(tmp_path, no_sleep):
    """A still screen that changes by itself (a Railroad Ink ranking with more rows than its
    box turns a page every ``PAGE_SECONDS``) is drawn at each change and not between
    (``next_change``). At 1280x720 a 32-seat ranking fits its box, so the box is made small
    here to hold one row a page."""
    from game.client.games.railroad_ink.ranking import PAGE_SECONDS

    app, play = open_table(tmp_path, "railroad-ink", (1280, 720))
    try:
        settle(app)
        assert play.next_change() is None            # no ranking: never by itself
        play.board.ranking = (pygame.Rect(930, 100, 330, 40), [0, 1])
        assert play.next_change() is not None
        app.invalidate()
        assert loop_steps(app, 1) == 1
        steps = round(3 * PAGE_SECONDS * 1000 / frame_pacing.IDLE_WAIT_MS)
        drawn = loop_steps(app, steps)
        assert drawn == 3, drawn                     # three page turns, nothing between
        assert still_screens(app) == []
    finally:
        app.shutdown()


def test_screens_with_their_own_update_keep_animating(tmp_path):
    from game.client.screens.base import MenuScreen, Screen

    app = make_app(tmp_path)
    try:
        class Still(MenuScreen):
            pass

        class Ticking(Screen):
            def update(self, dt):
                pass

        assert not Still(app).animating()
        assert Ticking(app).animating()
    finally:
        app.shutdown()


def test_a_lan_table_sleeps_on_a_remote_turn_and_draws_each_move_as_it_comes(tmp_path,
                                                                               no_sleep,
                                                                               monkeypatch):
    """The guest's play screen waits for the host's player: it sleeps (pumping the table
    every ``NET_IDLE_POLL_MS``) and draws nothing; the host's move is drawn as it arrives,
    and the screen sleeps again. Over 127.0.0.1 with an ephemeral port."""
    import time

    from game.client.screens.netplay import NET_DEFAULTS, NetPlayScreen
    from game.client.screens.find_tables import FindTablesScreen
    from game.client.screens.net_lobby import JoinedLobbyScreen
    from game.client.screens.title import TitleScreen
    from net.protocol import messages as ids
    from net.host import HostServer
    from net.protocol.lobby import Slot

    def until(condition, what: str) -> None:
        # a loopback table answers within milliseconds; the bound only ends a broken test
        deadline = time.monotonic() + 60
        while not condition():
            assert time.monotonic() < deadline, f"no {what} within 60 s"
            server.pump(0.002)
            guest.run(frames=1)

    for name, value in (("port", 0), ("discovery_port", 0), ("bind", "127.0.0.1"),
                        ("targets", [])):
        monkeypatch.setitem(NET_DEFAULTS, name, value)
    server = HostServer.create("metro", 2, seats=[Slot(kind=ids.KIND_LOCAL, name="Hana",
                                                       colour=0), Slot()],
                               port=0, bind="127.0.0.1", name="Hosty")
    guest = make_app(tmp_path)
    try:
        guest.push(TitleScreen(guest))
        guest.push(FindTablesScreen(guest))
        guest.top.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine,
              "seat in the lobby")
        click(guest, guest.top.form.item("ready").rect.center)
        until(lambda: server.endpoint.can_start(), "ready guest")
        assert server.start_game()
        until(lambda: isinstance(guest.top, NetPlayScreen) and server.endpoint.match.to_act()
              == (0,) and guest.top.match.seq == server.endpoint.match.seq, "first turn")
        play = guest.top
        guest.fixed_dt = None
        settle(guest)
        assert still_screens(guest) == []
        assert play.idle_poll_ms() < frame_pacing.IDLE_WAIT_MS
        for _ in range(10):
            server.pump(0.002)
            assert loop_steps(guest, 3) == 0
        match = server.endpoint.match
        server.propose(0, str(match.game.random_move(match.state, 0, Rng(2))))
        seq = match.seq
        drawn = 0
        deadline = time.monotonic() + 60
        while play.match.seq < seq or play.match.hash() != match.hash():
            assert time.monotonic() < deadline, "the host's move never came"
            server.pump(0.002)
            drawn += loop_steps(guest, 1)
        assert drawn >= 1                       # the move was drawn as it came
        assert_sleeps(guest)

        # news that starts no animation: the host falls silent (the guest's clock runs 4 s
        # ahead, as in test_client_lan), then speaks again; each is drawn when it comes
        skew = [0.0]
        play.session.conn.endpoint.clock = lambda: time.monotonic() + skew[0]
        skew[0] = 4.0
        drawn = 0
        while not play.session.host_interrupted:
            assert time.monotonic() < deadline + 60, "the host's silence was never noticed"
            drawn += loop_steps(guest, 1)
        assert drawn == 1                       # the banner, once
        assert_sleeps(guest)
        drawn = 0
        while play.session.host_interrupted:
            assert time.monotonic() < deadline + 120, "the host never came back"
            server.pump(0.002)
            drawn += loop_steps(guest, 1)
        assert drawn == 1                       # the banner gone, once
    finally:
        server.close()
        guest.shutdown()

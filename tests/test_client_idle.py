"""The client sleeps while nothing moves (issue 12, item 10): on a settled title screen the
real loop draws a few frames a second instead of sixty, and wakes at once for input, a
toast or a screen that animates."""

from __future__ import annotations

import pygame

from tests.test_client_support import make_app

from game.client import frame_pacing


def _title(tmp_path):
    from game.client.screens.title import DRIFT_SECONDS, TitleScreen

    app = make_app(tmp_path)
    app.push(TitleScreen(app))
    app.run(frames=2)
    app.fixed_dt = None
    app.last_input_at = app.time - DRIFT_SECONDS - 1     # the tile rows have settled
    return app


def test_a_settled_title_screen_sleeps(tmp_path):
    app = _title(tmp_path)
    try:
        scroll = app.top.scroll
        frames = app.frame
        app.run(seconds=0.6)
        drawn = app.frame - frames
        assert drawn <= 6, drawn                  # ~4 a second, not 36
        assert app.idle_waits >= 2
        assert app.top.scroll == scroll           # the rows stay where they settled
    finally:
        app.shutdown()


def test_input_and_toasts_bring_the_frame_rate_back(tmp_path):
    app = _title(tmp_path)
    try:
        assert not frame_pacing.wants_frames(app)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        frames = app.frame
        app.run(seconds=0.3)
        assert app.frame - frames >= 10           # woke for the key and drew at full rate
        assert app.top.form.focus == 1            # the key reached the menu
        scroll = app.top.scroll
        app.run(seconds=0.1)
        assert app.top.scroll != scroll           # input sets the tiles drifting again

        app.last_input_at = app.time - 100
        app.toasts.show("hello")
        assert frame_pacing.wants_frames(app)     # a toast slides and fades: full rate
        app.toasts.items = []
        assert not frame_pacing.wants_frames(app)
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

"""Shared helpers for the client tests (a headless app, synthetic pygame events), plus a test
that the synthetic events really reach the input layer as intents."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

VIRTUAL_PAD = 4242   # instance id of the synthetic controller


def make_app(tmp_path, **settings):
    from game.client.app import App
    from game.client.settings import Settings

    store = Settings(tmp_path / "settings.json")
    store.values.update({"bot_delay_ms": 0, **settings})
    return App(store)


def frames(app, n: int = 1) -> None:
    app.run(frames=n)


def step(app, dt: float) -> None:
    """One frame of ``dt`` seconds, as ``app.run(frames=...)`` steps them: a bot the game
    waits on gets up to ``dt`` of real time first (a busy machine may not have run its helper
    process at all yet)."""
    from game.client.bot_worker import wait_while_thinking

    wait_while_thinking(dt)
    app.step(dt)


def key(app, k, mod=0, n=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    app.run(frames=n)


def click(app, pos, button=1, n=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.run(frames=n)


def pad_added(app, instance_id=VIRTUAL_PAD, device_index=17) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=device_index,
                                         instance_id=instance_id))
    app.run(frames=1)


def pad_removed(app, instance_id=VIRTUAL_PAD) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=instance_id))
    app.run(frames=1)


def pad_button(app, button, instance_id=VIRTUAL_PAD, n=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=instance_id,
                                         joy=instance_id, button=button))
    app.run(frames=n)


def pad_hat(app, value, instance_id=VIRTUAL_PAD, n=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=instance_id,
                                         joy=instance_id, hat=0, value=value))
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=instance_id,
                                         joy=instance_id, hat=0, value=(0, 0)))
    app.run(frames=n)


def text(app, s: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    app.run(frames=1)


def record_intents(app, fields: tuple) -> list:
    """A screen on top of ``app`` that keeps each intent it gets as the tuple of ``fields``;
    the list they go to."""
    from game.client.screens.base import Screen

    seen: list = []

    class Recorder(Screen):
        def handle(self, intent):
            seen.append(tuple(getattr(intent, name) for name in fields))

    app.push(Recorder(app))
    return seen


def test_synthetic_events_become_intents(tmp_path):
    app = make_app(tmp_path)
    seen = record_intents(app, ("kind", "device", "dx", "dy"))
    try:
        pad_added(app)
        key(app, pygame.K_LEFT)
        click(app, (100, 100))
        pad_hat(app, (0, 1))
        pad_button(app, 0)
        pad_button(app, 3)
    finally:
        app.shutdown()
    assert ("device_added", "pad1", 0, 0) in seen
    assert ("move", "keyboard", -1, 0) in seen
    assert ("click", "mouse", 0, 0) in seen
    assert ("move", "pad1", 0, -1) in seen        # hat up is the cursor going up
    assert ("confirm", "pad1", 0, 0) in seen
    assert ("rotate", "pad1", 0, 0) in seen


def test_several_controllers_at_once_keep_their_slots(tmp_path):
    app = make_app(tmp_path)
    seen = record_intents(app, ("kind", "device"))
    try:
        pad_added(app, instance_id=501, device_index=21)
        pad_added(app, instance_id=502, device_index=22)
        pad_added(app, instance_id=503, device_index=23)
        assert app.input.connected_pads() == ["pad1", "pad2", "pad3"]
        pad_button(app, 0, instance_id=502)
        pad_button(app, 1, instance_id=503)
        pad_button(app, 7, instance_id=501)
        assert seen[-3:] == [("confirm", "pad2"), ("cancel", "pad3"), ("menu", "pad1")]
        pad_removed(app, instance_id=502)                 # pad2 unplugged...
        assert app.input.connected_pads() == ["pad1", "pad3"]
        pad_added(app, instance_id=504, device_index=24)  # ...a new one takes its slot
        assert app.input.connected_pads() == ["pad1", "pad2", "pad3"]
        pad_button(app, 0, instance_id=504)
        assert seen[-1] == ("confirm", "pad2")
        # a held stick repeats its move while the frames run
        pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, instance_id=501, joy=501,
                                             axis=0, value=0.9))
        app.run(frames=60)
        moves = [s for s in seen if s == ("move", "pad1")]
        assert len(moves) >= 3
    finally:
        app.shutdown()


def test_game_controller_api_events(tmp_path):
    app = make_app(tmp_path)
    seen = record_intents(app, ("kind", "device", "dx", "dy"))
    try:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=40,
                                             instance_id=801))
        app.run(frames=1)
        for button in (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                       pygame.CONTROLLER_BUTTON_START):
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=801,
                                                 button=button))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=801,
                                             axis=pygame.CONTROLLER_AXIS_LEFTY, value=-30000))
        app.run(frames=1)
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=801))
        app.run(frames=1)
    finally:
        app.shutdown()
    assert seen == [("device_added", "pad1", 0, 0), ("confirm", "pad1", 0, 0),
                    ("move", "pad1", -1, 0), ("menu", "pad1", 0, 0), ("move", "pad1", 0, -1),
                    ("device_removed", "pad1", 0, 0)]

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


def test_synthetic_events_become_intents(tmp_path):
    from game.client.screens.base import Screen

    app = make_app(tmp_path)
    seen = []

    class Recorder(Screen):
        def handle(self, intent):
            seen.append((intent.kind, intent.device, intent.dx, intent.dy))

    try:
        app.push(Recorder(app))
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

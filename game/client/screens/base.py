"""The interface every screen implements (a stack entry of ``App``).

``enter``/``leave`` run when the screen is pushed/removed, ``pause``/``resume`` when another
screen covers/uncovers it. ``handle(intent)`` reacts to input, ``update(dt)`` advances time,
``draw(surface)`` only paints (it must never change game state). An ``overlay`` screen is drawn
on top of the screen below it (pause menu); other screens cover everything.
"""

from __future__ import annotations

import pygame

from game.client import frame_pacing
from game.client.text import t


class Screen:
    overlay = False

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def handle(self, intent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        """True while the next frame may differ without any input (the loop keeps its full
        frame rate); False lets the client sleep until an event and draw nothing (see
        ``frame_pacing``). By default a screen with its own ``update`` (timers, network
        polling) animates; one that says False must call ``app.invalidate()`` when its
        ``update`` changes what it shows."""
        return type(self).update is not Screen.update

    def next_change(self) -> float | None:
        """Seconds until the still picture changes by itself (a ranking's next page), so the
        sleeping loop draws it then; None: never without input."""
        return None

    def idle_poll_ms(self) -> int:
        """How often ``update`` runs while the loop sleeps (a network screen polls sooner)."""
        return frame_pacing.IDLE_WAIT_MS

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.background(), (0, 0))

    def hints(self) -> list[tuple[str, str]]:
        """(action, label) pairs for the hint bar at the bottom."""
        return []

    def hint_device(self) -> str:
        return self.app.input.last_device


class MenuScreen(Screen):
    """A screen that is mostly one ``Form``: subclasses build ``self.form`` and react to
    ``on_activate(item)`` / ``on_change(item)`` / ``on_cancel()``."""

    form = None

    def handle(self, intent) -> None:
        if self.form is None:
            return
        event, item = self.form.handle(intent)
        self.app.input.text_mode = self.form.editing
        if event == "activate":
            self.app.sound.play("click")
            self.on_activate(item)
        elif event in ("change", "edit_done"):
            self.on_change(item)
        elif event == "cancel":
            self.on_cancel()

    def on_activate(self, item) -> None:
        pass

    def on_change(self, item) -> None:
        pass

    def on_cancel(self) -> None:
        pass

    def hints(self):
        if self.form is not None and self.form.editing:
            if self.hint_device().startswith("pad"):
                return [("move", t("hint.letters")), ("confirm", t("hint.done"))]
            return [("confirm", t("hint.done"))]
        return [("move", t("hint.choose")), ("confirm", t("hint.select")),
                ("cancel", t("hint.back"))]

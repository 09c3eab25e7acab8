"""Hotseat privacy: "Pass to <name>" covers the board until that player confirms.

Shown by the play screen when hands are secret and the next human differs from the one who
was looking. Any device may confirm (the player may pick up whatever is nearest).
"""

from __future__ import annotations

import math

import pygame

from game.client import fonts, frame_pacing, theme
from game.client.input import seat_devices
from game.client.screens.base import Screen
from game.client.text import t
from game.client import gfx


class PassDeviceScreen(Screen):
    def __init__(self, app, play, seat: int) -> None:
        super().__init__(app)
        self.play = play
        self.seat = seat
        self.button = pygame.Rect(0, 0, 340, 64)
        self.button.center = (640, 470)

    def handle(self, intent) -> None:
        if intent.kind == "confirm" or (intent.kind == "click" and intent.pos
                                        and self.button.collidepoint(intent.pos)):
            self.app.pop()
            self.play.set_viewer(self.seat)
        elif intent.kind in ("menu", "cancel"):
            self.play.open_pause()

    def animating(self) -> bool:
        return frame_pacing.player_about(self.app)     # the button glows, then rests

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        name = self.play.seat_name(self.seat)
        rgb = self.play.seat_colour(self.seat)
        card = pygame.Rect(0, 0, 640, 380)
        card.center = (640, 360)
        theme.rounded_panel(surface, card, theme.PANEL, 26, theme.PANEL_EDGE, 2, shadow=True)
        gfx.rect(surface, rgb, (card.x, card.y, card.width, 16),
                         border_top_left_radius=26, border_top_right_radius=26)
        theme.draw_shape(surface, self.play.seat_shape(self.seat), (640, card.y + 86), 30, rgb,
                         theme.outline_for(rgb))
        fonts.blit(surface, t("pass.title", name=name), 46, theme.TEXT, (640, card.y + 170),
                   "bold", "center")
        fonts.blit(surface, t("pass.body", name=name), 22, theme.TEXT_DIM, (640, card.y + 222), "regular",
                   "center")
        glow = int(40 + 30 * math.sin(frame_pacing.pulse_clock(self.app) * 4))
        gfx.rect(surface, (min(255, theme.ACCENT[0]), min(255, theme.ACCENT[1] + glow // 4),
                                   theme.ACCENT[2]), self.button, border_radius=16)
        fonts.blit(surface, t("pass.ready"), 26, theme.TEXT_DARK, self.button.center,
                   "semibold", "center")

    def hints(self):
        return [("confirm", t("pass.ready")), ("menu", t("hint.menu"))]

    def hint_device(self) -> str:
        """The hints speak to the player the device is passed to: their controller's
        buttons, not those of whoever touched the mouse last."""
        devices = seat_devices(self.play.match.seats[self.seat].device)
        last = self.app.input.last_device
        if not devices or last in devices:
            return last
        return sorted(devices)[0]

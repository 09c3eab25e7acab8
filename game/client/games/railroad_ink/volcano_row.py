"""The Volcano expansion's "new volcano" piece in a Railroad Ink tray: a row under the specials
that the mouse clicks (or drags from) to pick it, as it picks a die or a special; the keyboard
and controller reach the same piece with "next piece". Also the mouse's hover mark on any tray
piece it may pick. Drawing only: the board's routing decides what a click does."""

from __future__ import annotations

import math

import pygame

from game.client import canvas, fonts, gfx, theme
from game.client.games.railroad_ink import sprites as ink
from game.client.text import t

VOLCANO_PIECE = ("volcano", "volcano")
PULSE_HZ = 1.2           # the way out's pulse: calm, but it catches the eye


def draw_volcano_row(surface: pygame.Surface, rect: pygame.Rect, mode: str,
                     picked: bool) -> None:
    """``mode``: "available" (may be picked now), "drawn" (this round's new volcano is on the
    sheet: ticked, back next round) or "idle" (not this seat's turn to draw)."""
    available = mode == "available"
    fill = theme.PANEL_HI if available else (32, 44, 62)
    edge = theme.FOCUS if picked else (theme.ACCENT_DIM if available else None)
    theme.rounded_panel(surface, rect, fill, 10, edge, 3 if picked else 2)
    size = rect.height - 6
    state = {"available": "ready", "drawn": "used"}.get(mode, "dim")
    surface.blit(ink.die("volcano", size, state), (rect.x + 4, rect.y + 2))
    label = t("ri.volcano_drawn") if mode == "drawn" else t("ri.pick_volcano")
    fonts.blit_in(surface, label, 16, theme.TEXT if available else theme.TEXT_DIM,
                  pygame.Rect(rect.x + size + 12, rect.y, rect.width - size - 18, rect.height),
                  "semibold", "midleft", name="volcano piece")


def draw_hover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The tray piece under the mouse: lit and outlined, so a click is seen to pick it."""
    glow = canvas.layer(rect.inflate(6, 6).size, pygame.SRCALPHA)
    gfx.rect(glow, (255, 255, 255, 34), glow.get_rect(), border_radius=10)
    surface.blit(glow, rect.inflate(6, 6).topleft)
    gfx.rect(surface, theme.ACCENT, rect.inflate(6, 6), 2, border_radius=10)


def draw_way_out(surface: pygame.Surface, rect: pygame.Rect, clock: float,
                 colour=None) -> None:
    """A pulsing frame round the way out of a lava dead end (the "new volcano" row, a route
    that may be erased): the eye goes there when nothing else on the sheet glows."""
    k = 0.5 + 0.5 * math.sin(clock * 2 * math.pi * PULSE_HZ)
    rgb = colour or theme.FOCUS
    grow = 2 + int(3 * k)        # at most 5 px round the piece: inside the pane's margin
    halo = rect.inflate(2 * grow + 4, 2 * grow + 4)
    glow = canvas.layer(halo.size, pygame.SRCALPHA)
    gfx.rect(glow, (*rgb, int(40 + 50 * k)), glow.get_rect(), border_radius=14)
    surface.blit(glow, halo.topleft)
    gfx.rect(surface, rgb, rect.inflate(2 * grow, 2 * grow), 3, border_radius=12)

"""The die a Railroad Ink player drags from the tray: drawn under the pointer until it is
over the sheet, where the usual ghost on the hovered cell takes over (``SeatUI.dragging``,
``drag_pos``; the drop itself is the board's ``release`` handling)."""

from __future__ import annotations

import pygame

from game.client.games.railroad_ink import sprites as ink


def draw_dragged(surface: pygame.Surface, ui, geom, face: str | None) -> None:
    pos = ui.drag_pos
    if not ui.dragging or pos is None or face is None or geom.grid.collidepoint(pos):
        return
    size = max(32, geom.cell)
    die = ink.die(face, size).copy()
    die.set_alpha(200)
    surface.blit(die, die.get_rect(center=pos))

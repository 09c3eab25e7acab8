"""Sizes for the Railroad Ink tray's row of buttons (Rotate, Mirror, Undo, End round).

Each label used to shrink on its own to fit its button, so a long label ("End round",
"Конец раунда") came out in a smaller font than its neighbours. The row now shares one size:
the largest at which every label fits its button on one line, down to three quarters of the
tray's size; a label that needs less than that goes on two lines (``draw_button_label``)."""

from __future__ import annotations

import pygame

from game.client import fonts

INSET = 5          # the horizontal room a label leaves on each side of its button


def label_width(text: str, size: int) -> int:
    return fonts.render(text, size, (255, 255, 255), "semibold").get_width()


def shared_label_size(labels: list[tuple[str, pygame.Rect]], size: int) -> int:
    """The one font size for every (label, button rect) of a row, at most ``size``."""
    smallest = max(10, size * 3 // 4)
    shared = size
    for text, rect in labels:
        room = rect.width - 2 * INSET
        fitting = shared
        while fitting > smallest and label_width(text, fitting) > room:
            fitting -= 1
        if label_width(text, fitting) <= room:
            shared = min(shared, fitting)
    return shared

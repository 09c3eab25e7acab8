"""Metromania's screen layout: the side panels, the header, the menu button, how wide a note
by the cursor may be, how long a score pop shows, and a point label's box."""

from __future__ import annotations

import pygame


LEFT = pygame.Rect(14, 76, 292, 596)
RIGHT = pygame.Rect(974, 76, 292, 596)
MENU_BUTTON = pygame.Rect(1190, 18, 76, 42)
# the turn and the stations left, above the city between the two side panels
HEADER = pygame.Rect(LEFT.right + 8, 8, RIGHT.x - LEFT.right - 16, 68)
NOTE_WIDTH = 320             # the widest note drawn by the cursor on the city
POP_TIME = 1.6


def point_label(x: int, y: int) -> pygame.Rect:
    """The little box of a point's "+value" label, up and right of the point at (x, y)."""
    return pygame.Rect(x + 12, y - 24, 40, 24)

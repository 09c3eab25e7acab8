"""Colours, sizes and the colour-blind cues (one shape per player colour) of the client."""

from __future__ import annotations

import math

import pygame
from game.client import gfx

LOGICAL_SIZE = (1280, 720)

# A calm night-blue table with warm cream tiles and an amber accent.
BG = (18, 27, 41)
BG_DEEP = (12, 18, 28)
PANEL = (28, 40, 58)
PANEL_HI = (38, 53, 76)
PANEL_EDGE = (58, 76, 104)
TEXT = (236, 232, 222)
TEXT_DIM = (150, 162, 182)
TEXT_DARK = (30, 32, 38)
ACCENT = (242, 179, 61)
ACCENT_DIM = (170, 124, 40)
GOOD = (96, 196, 122)
BAD = (232, 86, 76)
FOCUS = (255, 214, 102)

TILE_FACE = (243, 234, 214)
TILE_EDGE = (205, 190, 160)
TILE_SHADOW = (8, 12, 20)
TRACK = (52, 58, 70)
TRACK_RAIL = (112, 120, 134)
BOARD_FELT = (34, 64, 58)
BOARD_FELT_LINE = (46, 82, 74)
SQUARE_EMPTY = (40, 74, 67)
LEGAL = (120, 220, 150)
ILLEGAL = (232, 86, 76)
CENTRE = (120, 54, 48)
CENTRE_ROOF = (168, 78, 62)

# Colour name -> RGB. Metro's six player colours first, then the two extra company colours.
# Every one keeps a WCAG contrast ratio of at least 3:1 against each dark surface it is drawn
# on (DARK_SURFACES; tests/test_theme_contrast.py): the "black" of the boxed game is a light
# graphite grey here, a near-black would vanish on the night-blue table.
COLOURS: dict[str, tuple[int, int, int]] = {
    "yellow": (244, 196, 48),
    "blue": (92, 150, 245),
    "orange": (240, 124, 30),
    "green": (64, 176, 94),
    "purple": (180, 124, 236),
    "black": (152, 158, 170),
    "red": (248, 104, 100),
    "white": (240, 240, 240),
}
COLOUR_ORDER = list(COLOURS)
# The backgrounds player colours are drawn on: the table, panels, a panel's highlighted and
# hovered rows, the board's felt and its empty squares.
SEAT_ROW = (33, 46, 66)
BUTTON_HOVER = (52, 70, 98)
DARK_SURFACES = (BG, BG_DEEP, PANEL, PANEL_HI, SEAT_ROW, BUTTON_HOVER, BOARD_FELT, SQUARE_EMPTY)
# Shapes that tell colours apart without colour (colour-blind option).
SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring"]


def relative_luminance(rgb) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a, b) -> float:
    """WCAG 2 contrast ratio of two colours, 1 (same) .. 21 (black on white)."""
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def colour(index: int) -> tuple[int, int, int]:
    return COLOURS[COLOUR_ORDER[index % len(COLOUR_ORDER)]]


def colour_name(index: int) -> str:
    return COLOUR_ORDER[index % len(COLOUR_ORDER)]


def ink_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Readable text colour on a background of ``rgb``."""
    r, g, b = rgb
    return TEXT_DARK if (r * 299 + g * 587 + b * 114) // 1000 > 140 else TEXT


def outline_for(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """An edge colour that separates ``rgb`` from both dark and light backgrounds."""
    r, g, b = rgb
    if (r * 299 + g * 587 + b * 114) // 1000 < 70:
        return (150, 150, 160)
    return (max(0, r - 90), max(0, g - 90), max(0, b - 90))


def draw_shape(surface: pygame.Surface, shape_index: int, centre: tuple[float, float],
               radius: float, fill: tuple[int, int, int], edge=None) -> None:
    """Draw the colour-blind shape ``shape_index`` centred at ``centre``."""
    cx, cy = centre
    r = radius
    name = SHAPES[shape_index % len(SHAPES)]
    points = None
    if name == "circle":
        gfx.circle(surface, fill, (cx, cy), r)
        if edge:
            gfx.circle(surface, edge, (cx, cy), r, 2)
        return
    if name == "ring":
        gfx.circle(surface, fill, (cx, cy), r, max(2, int(r * 0.4)))
        return
    if name == "square":
        points = [(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85),
                  (cx + r * .85, cy + r * .85), (cx - r * .85, cy + r * .85)]
    elif name == "triangle":
        points = [(cx, cy - r), (cx + r * .95, cy + r * .75), (cx - r * .95, cy + r * .75)]
    elif name == "diamond":
        points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif name == "star":
        points = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    elif name == "hexagon":
        points = [(cx + r * math.cos(math.pi / 6 + i * math.pi / 3),
                   cy + r * math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)]
    elif name == "cross":
        w = r * 0.38
        points = [(cx - w, cy - r), (cx + w, cy - r), (cx + w, cy - w), (cx + r, cy - w),
                  (cx + r, cy + w), (cx + w, cy + w), (cx + w, cy + r), (cx - w, cy + r),
                  (cx - w, cy + w), (cx - r, cy + w), (cx - r, cy - w), (cx - w, cy - w)]
    gfx.polygon(surface, fill, points)
    if edge:
        gfx.polygon(surface, edge, points, 2)


def rounded_panel(surface: pygame.Surface, rect, fill, radius: int = 14, edge=None,
                  width: int = 2, shadow: bool = False) -> None:
    rect = pygame.Rect(rect)
    if shadow:
        gfx.rect(surface, BG_DEEP, rect.move(0, 5), border_radius=radius)
    gfx.rect(surface, fill, rect, border_radius=radius)
    if edge:
        gfx.rect(surface, edge, rect, width, border_radius=radius)

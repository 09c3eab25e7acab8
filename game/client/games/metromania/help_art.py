"""Metromania's rules-help pictures: a patch of the triangular city drawn with the board's own
painters."""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.games import help_pictures as pictures
from game.client.games.metromania import paint
from game.client import gfx


def _mania_patch(surface, box: pygame.Rect, spaces: dict, side: float = 48):
    """Paint a parallelogram of triangles; ``spaces`` maps ("u"|"d", q, r) to a kind
    ("R", "C", "E", "lake", "park"). Returns the point -> screen function."""
    ox, oy = box.x + 22, box.y + 110     # 9.5 sides wide: the patch fits the picture box

    def point(q: float, r: float) -> tuple[float, float]:
        return (ox + (q + r / 2) * side, oy + r * side * math.sqrt(3) / 2)

    for r in range(5):
        for q in range(7):
            for kind, corners in (("u", [(q, r), (q + 1, r), (q, r + 1)]),
                                  ("d", [(q + 1, r), (q, r + 1), (q + 1, r + 1)])):
                pts = [point(*c) for c in corners]
                what = spaces.get((kind, q, r))
                fill = paint.PAPER[(q + r) % len(paint.PAPER)]
                if what in paint.DEST_FILL:
                    fill = paint.DEST_FILL[what]
                elif what == "lake":
                    fill = paint.LAKE_FILL
                elif what == "park":
                    fill = paint.PARK_FILL
                gfx.polygon(surface, fill, pts)
                gfx.polygon(surface, paint.GRID_LINE, pts, 1)
                if what in paint.DEST_FILL:
                    cx = sum(p[0] for p in pts) / 3
                    cy = sum(p[1] for p in pts) / 3
                    paint.draw_destination_icon(surface, what, (cx, cy), side * 0.16)
    return point


def draw_metromania(surface, box: pygame.Rect, page: str) -> None:
    mine, other = theme.colour(0), theme.colour(1)
    spaces = {("u", 2, 1): "R", ("d", 4, 2): "C", ("u", 1, 3): "E", ("d", 5, 0): "lake",
              ("u", 6, 0): "lake", ("d", 0, 2): "park"}
    point = _mania_patch(surface, box, spaces)
    solid = [point(0, 2), point(1, 2), point(2, 2), point(3, 2), point(4, 2), point(5, 2)]
    striped = [point(3, 0), point(3, 1), point(3, 2), point(2, 3), point(2, 4)]
    if page == "goal":
        paint.stroke_line(surface, solid, mine, False)
        paint.stroke_line(surface, striped, other, True)
        # the printed arrows the text names: white where a line starts, black where it ends
        # (the disc and the square on them are the lines' start and end markers)
        side = 48 * 0.55
        paint.draw_arrow_mark(surface, (solid[0][0] - side, solid[0][1]), (1, 0), True, 13)
        paint.draw_arrow_mark(surface, (solid[-1][0] + side, solid[-1][1]), (1, 0), False, 13)
        paint.draw_arrow_mark(surface, (striped[0][0], striped[0][1] - side), (0, 1), True, 13)
        paint.draw_terminal(surface, solid[0], mine, False, False)
        paint.draw_terminal(surface, solid[-1], mine, True, False)
        paint.draw_terminal(surface, striped[0], other, False, True)
        paint.draw_station(surface, point(3, 2), mine)
    elif page == "dig":
        paint.stroke_line(surface, solid[:3], mine, False)
        glow = solid[2:6]
        gfx.lines(surface, theme.FOCUS, False, glow, 16)
        paint.stroke_line(surface, glow, mine, False)
        paint.draw_terminal(surface, solid[0], mine, False, False)
        for p in glow[1:]:
            gfx.circle(surface, theme.FOCUS, p, 6)
        pictures.badge(surface, "3", (box.centerx, box.bottom - 40))
    elif page == "stations":
        paint.stroke_line(surface, solid, mine, False)
        paint.stroke_line(surface, striped, other, True)
        paint.draw_station(surface, point(3, 2), mine, 10)
        paint.draw_station(surface, point(2, 2), mine, 10)
        pictures.badge(surface, "+1", (point(2, 2)[0] - 10, point(2, 2)[1] - 60))
    elif page == "markers":
        paint.stroke_line(surface, solid[:4], mine, False)
        centre = point(2.33, 1.33)
        paint.draw_token(surface, centre, "A", mine, 14, "R")
        paint.draw_token(surface, point(4.66, 2.66), "A", other, 14, "C")
        paint.draw_token(surface, point(1.33, 3.33), "B", None, 14, "E")
    else:   # end: a test trip from marker A to marker A along the lines
        paint.stroke_line(surface, solid, mine, False)
        paint.stroke_line(surface, striped, other, True)
        for p in (solid[0], point(3, 2), solid[-1], striped[-1]):
            paint.draw_station(surface, p, mine, 9)
        paint.draw_token(surface, point(2.33, 1.33), "A", mine, 13, "R")
        paint.draw_token(surface, point(4.66, 2.66), "A", other, 13, "C")
        pictures.badge(surface, "+3", (box.centerx, box.bottom - 40))

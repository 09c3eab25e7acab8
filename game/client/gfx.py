"""Shapes for every surface of the client: the ``pygame.draw`` functions, with the same
arguments, that also draw on a ``canvas.Canvas`` at its native resolution (coordinates,
line widths and radii in logical units, scaled). On a plain surface they are exactly
``pygame.draw``. Client code draws shapes through here, never ``pygame.draw`` directly.
"""

from __future__ import annotations

import pygame

from game.client.canvas import Canvas


def _width(surface: Canvas, width) -> int:
    """A line width in pixels: 0 (filled) stays 0, a thin line never vanishes."""
    return 0 if not width else max(1, round(width * surface.scale))


def _points(surface: Canvas, points) -> list[tuple[float, float]]:
    s = surface.scale
    return [(p[0] * s, p[1] * s) for p in points]


def _back(surface, rect) -> pygame.Rect:
    if surface.drawn is not None:
        surface.note(rect)        # where the shape went (a frame copied in places needs it)
    return surface.logical_rect(rect)


def rect(surface, colour, area, width: int = 0, border_radius: int = 0, **corners):
    if not isinstance(surface, Canvas):
        return pygame.draw.rect(surface, colour, area, width, border_radius, **corners)
    corners = {name: (value if value < 0 else surface.px(value))
               for name, value in corners.items()}
    radius = surface.px(border_radius) if border_radius > 0 else border_radius
    done = pygame.draw.rect(surface, colour, surface.native_rect(area), _width(surface, width),
                            radius, **corners)
    return _back(surface, done)


def line(surface, colour, start, end, width: int = 1):
    if not isinstance(surface, Canvas):
        return pygame.draw.line(surface, colour, start, end, width)
    a, b = _points(surface, (start, end))
    return _back(surface, pygame.draw.line(surface, colour, a, b, _width(surface, width)))


def lines(surface, colour, closed: bool, points, width: int = 1):
    if not isinstance(surface, Canvas):
        return pygame.draw.lines(surface, colour, closed, points, width)
    return _back(surface, pygame.draw.lines(surface, colour, closed, _points(surface, points),
                                            _width(surface, width)))


def aaline(surface, colour, start, end, width: int = 1):
    """pygame-ce's antialiased line, ``width`` pixels wide (scaled on a Canvas)."""
    if not isinstance(surface, Canvas):
        return pygame.draw.aaline(surface, colour, start, end, width)
    a, b = _points(surface, (start, end))
    return _back(surface, pygame.draw.aaline(surface, colour, a, b, _width(surface, width)))


def aalines(surface, colour, closed: bool, points, *args, **kwargs):
    if not isinstance(surface, Canvas):
        return pygame.draw.aalines(surface, colour, closed, points, *args, **kwargs)
    return _back(surface, pygame.draw.aalines(surface, colour, closed,
                                              _points(surface, points), *args, **kwargs))


def polygon(surface, colour, points, width: int = 0):
    if not isinstance(surface, Canvas):
        return pygame.draw.polygon(surface, colour, points, width)
    return _back(surface, pygame.draw.polygon(surface, colour, _points(surface, points),
                                              _width(surface, width)))


def circle(surface, colour, centre, radius, width: int = 0, **quarters):
    return _circle(pygame.draw.circle, surface, colour, centre, radius, width, quarters)


def aacircle(surface, colour, centre, radius, width: int = 0, **quarters):
    return _circle(pygame.draw.aacircle, surface, colour, centre, radius, width, quarters)


def _circle(draw, surface, colour, centre, radius, width: int, quarters: dict):
    """``draw`` (pygame's circle or aacircle) on a surface, or scaled on a Canvas."""
    if not isinstance(surface, Canvas):
        return draw(surface, colour, centre, radius, width, **quarters)
    c = _points(surface, (centre,))[0]
    return _back(surface, draw(surface, colour, c, radius * surface.scale,
                               _width(surface, width), **quarters))


def ellipse(surface, colour, area, width: int = 0):
    if not isinstance(surface, Canvas):
        return pygame.draw.ellipse(surface, colour, area, width)
    return _back(surface, pygame.draw.ellipse(surface, colour, surface.native_rect(area),
                                              _width(surface, width)))


def arc(surface, colour, area, start_angle: float, stop_angle: float, width: int = 1):
    if not isinstance(surface, Canvas):
        return pygame.draw.arc(surface, colour, area, start_angle, stop_angle, width)
    return _back(surface, pygame.draw.arc(surface, colour, surface.native_rect(area),
                                          start_angle, stop_angle, _width(surface, width)))

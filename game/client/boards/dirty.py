"""Repainting only what a move changed on a board's kept layer ("dirty rectangles").

A board keeps its slow pictures (the printed board with every tile, line and station) in a
layer drawn once. When a move lands only a few places of it change: a square, a line's
course, a station. Rather than paint the whole layer again (several milliseconds at 1080p,
in the very frame the move shows up), the board lists the rectangles that changed and paints
its usual picture again with the layer *clipped* to each of them, skipping the items that lie
outside. Inside a clip the same drawing calls run in the same order as a full repaint, so the
pixels are the same as a full repaint's (the board tests compare the two); outside it nothing
is touched.

All rectangles are in the layer's logical units (see ``canvas``); an item's box is widened by
``SLACK`` when tested, so that rounding to native pixels and antialiased edges never leave a
pixel of a clip unpainted.
"""

from __future__ import annotations

import pygame

SLACK = 3


def box_of(points, pad: float) -> pygame.Rect:
    """The rectangle holding ``points`` (x, y pairs) widened by ``pad`` on every side."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = int(min(xs) - pad) - 1, int(min(ys) - pad) - 1
    return pygame.Rect(left, top, int(max(xs) + pad) + 2 - left, int(max(ys) + pad) + 2 - top)


def merged(rects) -> list[pygame.Rect]:
    """The rectangles with overlapping ones joined where their union is not much larger than
    they are (fewer clips, each one repaint pass; a chain of small places along a long
    diagonal line stays a chain instead of one big box)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        if rect.width <= 0 or rect.height <= 0:
            continue
        joined = True
        while joined:
            joined = False
            for other in out:
                union = rect.union(other)
                if other.colliderect(rect) and union.width * union.height <= \
                        1.5 * (rect.width * rect.height + other.width * other.height):
                    out.remove(other)
                    rect = union
                    joined = True
                    break
        out.append(rect)
    return out


class Region:
    """The clip being repainted now: ``touches(box)`` tells whether an item drawn inside
    ``box`` may change a pixel of it (always true for a full repaint, ``Region(None)``)."""

    def __init__(self, rect: pygame.Rect | None) -> None:
        self.rect = rect
        self._wide = None if rect is None else rect.inflate(2 * SLACK, 2 * SLACK)

    @property
    def everything(self) -> bool:
        return self.rect is None

    def touches(self, box) -> bool:
        return self._wide is None or self._wide.colliderect(box)

    def touches_any(self, boxes) -> bool:
        return self._wide is None or self._wide.collidelist(list(boxes)) >= 0

    def reaches(self, x0: float, y0: float, x1: float, y1: float, pad: float) -> bool:
        """Whether the box from (x0, y0) to (x1, y1) (either order) widened by ``pad``
        touches the region: ``touches`` without making a Rect (asked per piece of a line)."""
        wide = self._wide
        if wide is None:
            return True
        if x0 > x1:
            x0, x1 = x1, x0
        if y0 > y1:
            y0, y1 = y1, y0
        return (x0 - pad - 1 < wide.right and x1 + pad + 1 > wide.left
                and y0 - pad - 1 < wide.bottom and y1 + pad + 1 > wide.top)


EVERYTHING = Region(None)


def repaint(layer, rects, paint, clear=None) -> None:
    """Paint ``layer`` again inside each of ``rects`` only: for each (merged) rectangle the
    layer is clipped to it, ``clear(layer, rect)`` (default: transparent) wipes it and
    ``paint(layer, region)`` draws the usual picture, told the ``Region`` so it can skip what
    lies outside."""
    bounds = pygame.Rect((0, 0), layer.get_size())
    for rect in merged(rects):
        rect = rect.clip(bounds)
        if not rect.width or not rect.height:
            continue
        layer.set_clip(rect)
        if clear is None:
            layer.fill((0, 0, 0, 0), rect)
        else:
            clear(layer, rect)
        paint(layer, Region(rect))
        layer.set_clip(None)


class Damage:
    """Where a kept layer was painted again since a picture made from it last looked: the
    picture (e.g. a frame composed of several layers) is then composed again only there.
    Starts as "everything" (nothing was composed yet); so many places that keeping them
    costs more than composing everything become "everything" too."""

    MOST = 48

    def __init__(self) -> None:
        self.rects: list[pygame.Rect] = []
        self.everything = True

    def add(self, rect) -> None:
        if not self.everything:
            self.rects.append(pygame.Rect(rect))
            if len(self.rects) > self.MOST:
                self.all()

    def all(self) -> None:
        self.everything, self.rects = True, []

    def take(self) -> list[pygame.Rect] | None:
        """The places since the last ``take`` (None: everything), forgotten."""
        rects = None if self.everything else self.rects
        self.everything, self.rects = False, []
        return rects

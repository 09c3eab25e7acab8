"""Where the coach's panel goes for one step: never over what the step asks for, and over as
little of the rest of the board as it can.

The screen is given as rectangles: ``hard`` ones (what the step names or highlights, where the
game is played, the screen's own buttons) the panel never touches; ``soft`` ones (every other
control of the board) it avoids when it can. The panel is as small as its text allows at a
readable size, so it fits the free corners of a full board:

1. in free space (touching nothing), the text at 16 px or larger;
2. else over the fewest soft pixels, never a hard one, at 16 px or larger;
3. the same two at 14-15 px;
4. else nowhere (None): the caller tries again with less to hold (the refusal left to the
   toast), else keeps the lesson's own place (tests make sure no lesson gets there).

Between equals it keeps to the lesson's own place (``preferred``). Pure layout: rectangles in
logical units and the text's measures (``size_for``), no drawing.
"""

from __future__ import annotations

from typing import Callable

import pygame

GAP = 8                 # kept clear round what the panel avoids (a mark's pulsing outline)
MIN_W, MIN_H = 250, 120
WIDTHS = (350, 300, 400, 460, 540, 640)
COMFORTABLE = 16        # body sizes from here up are comfortable to read
AMPLE = 20              # and from here up any size reads as well as a bigger one

# height(width, size) -> the panel's height holding the text at ``size``, or None if it
# cannot (a word wider than the panel)
Height = Callable[[int, int], "int | None"]


def free_rects(bounds: pygame.Rect, obstacles: list) -> list[pygame.Rect]:
    """Rectangles of ``bounds`` that touch none of ``obstacles`` (each kept ``GAP`` away):
    for every band between an obstacle's bottom (or the top) and an obstacle's top (or the
    bottom), the gaps left between the obstacles crossing it. Every maximal free rectangle
    is among them."""
    blocks = [pygame.Rect(o).inflate(2 * GAP, 2 * GAP).clip(bounds) for o in obstacles]
    blocks = [b for b in blocks if b.width and b.height]
    tops = sorted({bounds.top} | {b.bottom for b in blocks if b.bottom < bounds.bottom})
    bottoms = sorted({bounds.bottom} | {b.top for b in blocks if b.top > bounds.top})
    found: set = set()
    for top in tops:
        for bottom in bottoms:
            if bottom - top < MIN_H:
                continue
            crossing = sorted((b.left, b.right) for b in blocks
                              if b.top < bottom and b.bottom > top)
            x = bounds.left
            for left, right in crossing + [(bounds.right, bounds.right)]:
                if left - x >= MIN_W:
                    found.add((x, top, left - x, bottom - top))
                x = max(x, right)
    rects = [pygame.Rect(r) for r in sorted(found)]
    # only the maximal ones: a band's gap inside a taller or wider one adds nothing
    return [r for i, r in enumerate(rects)
            if not any(j != i and o.contains(r) and o != r for j, o in enumerate(rects))]


def _nearest(size: tuple, inside: pygame.Rect, preferred: pygame.Rect) -> pygame.Rect:
    """A rect of ``size`` in ``inside`` as near as it gets to ``preferred``'s corner."""
    rect = pygame.Rect(preferred.topleft, size)
    return rect.clamp(inside)


def _distance(rect: pygame.Rect, preferred: pygame.Rect) -> int:
    """How far from the lesson's own place (its top-left corner: a panel shorter than the
    lesson's own hangs from the same corner)."""
    return abs(rect.x - preferred.x) + abs(rect.y - preferred.y)


def _overlap(rect: pygame.Rect, soft: list) -> int:
    return sum(rect.clip(soft[i]).width * rect.clip(soft[i]).height
               for i in rect.collidelistall(soft))


def _sizes(area: pygame.Rect, height: Height, sizes, preferred_w: int):
    """(size, width, height) panels that fit ``area``: for each width, the largest size."""
    widths = sorted({min(area.width, w) for w in (preferred_w, *WIDTHS)
                     if min(area.width, w) >= MIN_W})
    for width in widths:
        for size in sizes:
            h = height(width, size)
            if h is not None and h <= area.height:
                yield size, width, h
                break


def place(bounds: pygame.Rect, hard: list, soft: list, height: Height, sizes,
          preferred: pygame.Rect) -> pygame.Rect | None:
    """The panel's rect (see the module's docstring). ``sizes``: body sizes, largest first."""
    comfortable = [s for s in sizes if s >= COMFORTABLE]
    small = [s for s in sizes if s < COMFORTABLE]
    preferred = pygame.Rect(preferred)
    clear = free_rects(bounds, hard + soft)
    open_ = None                           # rects free of hard obstacles, made when needed
    for allowed in (comfortable, small):
        if not allowed:
            continue
        best = None
        for area in clear:
            for size, width, h in _sizes(area, height, allowed, preferred.width):
                rect = _nearest((width, h), area, preferred)
                # from 20 px up the text reads as well: keep to the lesson's own width
                key = (-min(size, AMPLE), abs(width - preferred.width), -size,
                       _distance(rect, preferred))
                if best is None or key < best[0]:
                    best = (key, rect)
        if best is not None:
            return best[1]
        if open_ is None:
            open_ = free_rects(bounds, hard)
        best = None
        for area in open_:
            for size, width, h in _sizes(area, height, allowed, preferred.width):
                for rect in _positions((width, h), area, soft, preferred):
                    key = (_overlap(rect, soft), -size, _distance(rect, preferred))
                    if best is None or key < best[0]:
                        best = (key, rect)
        if best is not None:
            return best[1]
    return None


def _positions(size: tuple, area: pygame.Rect, soft: list, preferred: pygame.Rect):
    """Places for a rect of ``size`` inside ``area``: its corners, the lesson's own place and
    snug against each soft obstacle's sides."""
    w, h = size
    xs = {area.left, area.right - w, preferred.left}
    ys = {area.top, area.bottom - h, preferred.top}
    for rect in soft:
        if rect.right < area.right and rect.left > area.left - w:
            xs |= {rect.right + GAP, rect.left - GAP - w}
        if rect.bottom < area.bottom and rect.top > area.top - h:
            ys |= {rect.bottom + GAP, rect.top - GAP - h}
    xs = {min(max(x, area.left), area.right - w) for x in xs}
    ys = {min(max(y, area.top), area.bottom - h) for y in ys}
    for x in sorted(xs):
        for y in sorted(ys):
            yield pygame.Rect(x, y, w, h)

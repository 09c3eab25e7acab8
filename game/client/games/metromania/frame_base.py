"""Metromania's frame base: the network with both side panels on it, as one opaque surface.

While nobody plays at this screen (a TV showing the turns of phones, bots or other machines)
nothing is drawn between the network and the two panels, so a frame can start from one opaque
copy of the three instead of blending both panels over the full-screen network every frame
(alpha blits cost by area: at 1080p that was a good part of the TV's frame). Each layer says
where it was painted again (``dirty.Damage``); the base is composed again only there, with the
same three blits clipped to those places, so its pixels are exactly those of the three blits.
A frame that draws something between them (a human's draft and cursor, the trip show, a
flash or points popping next to a panel) draws the layers one by one as before.
"""

from __future__ import annotations

import pygame

from game.client import canvas
from game.client.boards import dirty

PAD = 2      # logical units around a place: its edge rounds to the same native pixels
# more places than this (the layers painted move after move while a human played here) and
# the base is composed whole: three clipped blits a place, and merging the places (quadratic),
# then cost more than the three whole blits
MOST_PLACES = 24


class Part:
    """A layer of the base: blitted at ``dest`` (its ``area`` only, if given); ``damage``
    tells where it changed (screen coordinates)."""

    def __init__(self, layer, dest, area, damage: dirty.Damage) -> None:
        self.layer, self.dest, self.area, self.damage = layer, dest, area, damage

    def blit(self, target) -> None:
        target.blit(self.layer, self.dest, self.area)


class FrameBase:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.composed = False     # the surface holds the parts (not only made ready)

    def forget(self) -> None:
        self.surface = None

    def prepare(self, like: pygame.Surface) -> None:
        """Make the surface (as ``like``: the network layer) now, when the network is painted
        whole (the table opening, the window changing), so the first frame composed from it
        (a human's first move, a TV's first frame) does not also pay for a new full-screen
        surface."""
        base = self.surface
        if base is None or canvas.stale(base) or canvas.native_size(base) != \
                canvas.native_size(like):
            self.surface, self.composed = like.copy(), False

    def picture(self, parts: list[Part]) -> pygame.Surface:
        """The parts composed, the first one opaque and as large as the frame."""
        places = [part.damage.take() for part in parts]     # every part's, always taken
        base = self.surface
        if base is None or canvas.stale(base) or canvas.native_size(base) != \
                canvas.native_size(parts[0].layer):
            base = self.surface = parts[0].layer.copy()
            for part in parts[1:]:
                part.blit(base)
            self.composed = True
            return base
        rects = None if any(p is None for p in places) else \
            [r.inflate(2 * PAD, 2 * PAD) for p in places for r in p]
        if rects is None or len(rects) > MOST_PLACES or not self.composed:
            self.composed = True
            # everything again, into the surface it already has: a new full-screen surface
            # costs its fresh memory's page faults on top of the copy (about as much again)
            for part in parts:
                part.blit(base)
            return base
        bounds = base.get_rect()
        for rect in dirty.merged(rects):
            rect = rect.clip(bounds)
            if not rect.width or not rect.height:
                continue
            base.set_clip(rect)
            for part in parts:
                part.blit(base)
            base.set_clip(None)
        return base

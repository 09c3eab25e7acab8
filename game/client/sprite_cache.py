"""A cache of drawn pictures bounded by the bytes of their pixels.

Sprites (tile faces, dice, stubs) cost a millisecond or more each to draw, supersampled, and
are drawn again at every window scale (sharp, not stretched). Dropping every one of them when
the window changed size made each resize, F11 and back, or return to the title redraw all of
them again; keeping every size the window ever had would grow without end. This keeps the
most recently used ones up to a budget of pixel memory and lets the oldest go first.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame


class SpriteCache:
    """Pictures by key, least recently used first out once ``budget`` bytes are passed."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._pictures: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._pictures)

    def __contains__(self, key: tuple) -> bool:
        return key in self._pictures

    def get(self, key: tuple) -> pygame.Surface | None:
        found = self._pictures.get(key)
        if found is None:
            return None
        self._pictures.move_to_end(key)
        return found[0]

    def __getitem__(self, key: tuple) -> pygame.Surface:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __setitem__(self, key: tuple, picture: pygame.Surface) -> None:
        size = picture.get_width() * picture.get_height() * picture.get_bytesize()
        old = self._pictures.pop(key, None)
        if old is not None:
            self.used -= old[1]
        self._pictures[key] = (picture, size)
        self.used += size
        # the newest picture always stays, even one larger than the whole budget
        while self.used > self.budget and len(self._pictures) > 1:
            _, (_, freed) = self._pictures.popitem(last=False)
            self.used -= freed

    def clear(self) -> None:
        self._pictures.clear()
        self.used = 0

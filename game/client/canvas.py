"""Native-resolution drawing with the logical layout: the ``Canvas``.

Screens and boards lay out in *logical units*: a 1280×720 frame (``theme.LOGICAL_SIZE``).
The window may be any size from 1280×720 to 3840×2160 (resizable or fullscreen). The app
picks a ``scale`` (native pixels per logical unit, ``fit``) and draws into a ``Canvas``: a
surface whose pixels are native but whose drawing API takes logical coordinates. So a
1080p monitor gets 1.5× as many pixels for every line, panel, tile and letter — nothing is
drawn small and stretched:

- shapes go through ``gfx`` (``gfx.rect``, ``gfx.circle``... the ``pygame.draw`` functions
  with the same arguments): on a Canvas they scale every coordinate, width and radius;
- text (``fonts.blit`` and every surface ``typeface.render`` made) and the tile sprites are
  drawn again at the native size (``remember``: an image says how to make itself at any
  scale), so letters and track lines stay sharp;
- any other image blitted onto a Canvas is smoothly scaled on the way;
- off-screen layers a screen paints and keeps (panels, veils, a board's cached sheet) come
  from ``layer(size)``: a Canvas of the current scale, so they are native as well.

At scale 1 (a 1280×720 window, and every test that does not ask for another size) ``layer``
gives plain surfaces and the app draws on the window itself: the pixels are exactly those of
a client without any of this.

Conventions for new code: lay out in logical units; draw shapes with ``gfx``, text with
``fonts`` and tiles with the sprite modules; make kept surfaces with ``layer``; never assume
``surface.get_size()`` of a layer equals its pixel size (use ``native_size``).
"""

from __future__ import annotations

import weakref

import pygame

LOGICAL = (1280, 720)
MAX_SCALE = 3.0
MIN_SCALE = 0.5

_scale = 1.0


def current_scale() -> float:
    """Native pixels per logical unit of the window being drawn now."""
    return _scale


def set_scale(value: float) -> None:
    global _scale
    _scale = float(value)


def fit(window: tuple[int, int]) -> tuple[float, tuple[int, int]]:
    """(scale, offset) that fit the logical frame into a window: the largest scale (at
    most 3; a window smaller than 1280×720 shrinks it, down to half) whose frame fits,
    centred (a window of another shape than 16:9 gets even margins of backdrop)."""
    w, h = window
    scale = max(MIN_SCALE, min(MAX_SCALE, w / LOGICAL[0], h / LOGICAL[1]))
    offset = (max(0, int((w - LOGICAL[0] * scale) // 2)),
              max(0, int((h - LOGICAL[1] * scale) // 2)))
    return scale, offset


# --------------------------------------------------------------------------------------------
# Images that can make themselves at another size
# --------------------------------------------------------------------------------------------

# image -> function(scale) giving the same picture at ``scale`` times its size
_origins: "weakref.WeakKeyDictionary[pygame.Surface, object]" = weakref.WeakKeyDictionary()
# (image, scale) -> made image; per image, so it dies with it
_made: "weakref.WeakKeyDictionary[pygame.Surface, dict]" = weakref.WeakKeyDictionary()


def remember(image: pygame.Surface, remake) -> pygame.Surface:
    """Note that ``remake(scale)`` draws ``image`` at ``scale`` times its size (a text, a
    tile sprite): a Canvas then draws it sharp instead of stretching it. Returns ``image``."""
    _origins[image] = remake
    return image


def at_scale(image: pygame.Surface, scale: float) -> pygame.Surface:
    """``image`` drawn for a Canvas of ``scale``: remade if it knows how (cached), else
    smoothly stretched."""
    if isinstance(image, Canvas):
        if abs(image.scale - scale) < 1e-6:
            return image
        return _stretch(image, scale / image.scale)
    remake = _origins.get(image)
    if remake is None:
        return _stretch(image, scale)
    made = _made.setdefault(image, {})
    found = made.get(scale)
    if found is None:
        if len(made) >= 2:
            made.clear()      # keep the sizes of the window now (and the one before)
        found = remake(scale)
        made[scale] = found
    return found


def _stretch(image: pygame.Surface, factor: float) -> pygame.Surface:
    w, h = pygame.Surface.get_size(image)
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    try:
        return pygame.transform.smoothscale(image, size)
    except ValueError:          # 8-bit surfaces cannot be smoothed
        return pygame.transform.scale(image, size)


# --------------------------------------------------------------------------------------------
# The Canvas
# --------------------------------------------------------------------------------------------

class Canvas(pygame.Surface):
    """A surface of ``logical`` size in logical units, ``scale`` native pixels per unit.
    ``get_size``/``get_rect`` answer in logical units; ``native_size`` in pixels."""

    def __init__(self, logical, flags: int = 0, scale: float = 1.0) -> None:
        w, h = int(logical[0]), int(logical[1])
        super().__init__((max(1, round(w * scale)), max(1, round(h * scale))), flags)
        self.scale = float(scale)
        self.logical = (w, h)

    def _adopt(self, other: "Canvas") -> "Canvas":
        other.scale, other.logical = self.scale, self.logical
        return other

    def copy(self) -> "Canvas":
        return self._adopt(super().copy())

    def convert(self, *args) -> "Canvas":
        return self._adopt(super().convert(*args))

    def convert_alpha(self, *args) -> "Canvas":
        return self._adopt(super().convert_alpha(*args))

    # -- sizes ------------------------------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return self.logical

    def get_width(self) -> int:
        return self.logical[0]

    def get_height(self) -> int:
        return self.logical[1]

    def get_rect(self, **where) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.logical)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def native_size(self) -> tuple[int, int]:
        return pygame.Surface.get_size(self)

    # -- coordinates ------------------------------------------------------------------------
    def px(self, value: float) -> int:
        return round(value * self.scale)

    def point(self, pos) -> tuple[int, int]:
        return round(pos[0] * self.scale), round(pos[1] * self.scale)

    def native_rect(self, rect) -> pygame.Rect:
        """A logical rect in pixels; neighbouring rects stay neighbours (edges round the
        same way)."""
        r = pygame.Rect(rect)
        s = self.scale
        left, top = round(r.left * s), round(r.top * s)
        return pygame.Rect(left, top, round(r.right * s) - left, round(r.bottom * s) - top)

    def logical_rect(self, rect) -> pygame.Rect:
        r = pygame.Rect(rect)
        s = self.scale
        left, top = int(r.left / s), int(r.top / s)
        return pygame.Rect(left, top, max(0, round(r.right / s) - left),
                           max(0, round(r.bottom / s) - top))

    # -- drawing ----------------------------------------------------------------------------
    def blit(self, source, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        image = at_scale(source, self.scale)
        if image is not source:
            alpha = source.get_alpha()       # a faded sprite or panel stays faded
            if alpha is not None and image.get_alpha() != alpha:
                image.set_alpha(alpha)
        pos = dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
        native_area = None
        if area is not None:
            # ``area`` is in the source's logical units; ``image`` has this canvas's scale
            native_area = _scaled_rect(area, self.scale)
        done = pygame.Surface.blit(self, image, self.point(pos), native_area, special_flags)
        return self.logical_rect(done)

    def blit_native(self, image, native_pos, special_flags: int = 0) -> pygame.Rect:
        """Blit a surface already drawn at native size at a pixel position."""
        return pygame.Surface.blit(self, image, native_pos, None, special_flags)

    def fill(self, colour, rect=None, special_flags: int = 0) -> pygame.Rect:
        native = None if rect is None else self.native_rect(rect)
        return self.logical_rect(super().fill(colour, native, special_flags))

    def set_clip(self, rect=None) -> None:
        super().set_clip(None if rect is None else self.native_rect(rect))

    def get_clip(self) -> pygame.Rect:
        return self.logical_rect(super().get_clip())

    def get_at(self, pos):
        return super().get_at(self.point(pos))


def _scaled_rect(rect, factor: float) -> pygame.Rect:
    r = pygame.Rect(rect)
    left, top = round(r.left * factor), round(r.top * factor)
    return pygame.Rect(left, top, round(r.right * factor) - left, round(r.bottom * factor) - top)


def layer(size, flags: int = 0) -> pygame.Surface:
    """A surface to paint on and keep (a panel, a veil, a cached board sheet), ``size`` in
    logical units: a Canvas at the current scale, a plain surface at scale 1."""
    if _scale == 1.0:
        return pygame.Surface(size, flags)
    return Canvas(size, flags, _scale)


def native_size(surface: pygame.Surface) -> tuple[int, int]:
    """The pixel size of any surface (a Canvas answers ``get_size`` in logical units)."""
    return pygame.Surface.get_size(surface)


def stale(surface) -> bool:
    """True if a kept layer was made for another window scale (the window was resized or
    went fullscreen since): make it again rather than stretch it every frame."""
    if surface is None:
        return True
    made_for = surface.scale if isinstance(surface, Canvas) else 1.0
    return abs(made_for - _scale) > 1e-9


def smoothscale(surface: pygame.Surface, size) -> pygame.Surface:
    """``surface`` smoothly scaled to ``size`` logical units, at the surface's own
    resolution (a Canvas stays a Canvas: a board drawn small stays sharp)."""
    if not isinstance(surface, Canvas):
        return pygame.transform.smoothscale(surface, size)
    out = Canvas(size, 0, surface.scale)
    try:
        out = out.convert(surface)          # the same pixel format: scaled straight into it
    except pygame.error:
        pass
    pygame.transform.smoothscale(surface, native_size(out), out)
    return out

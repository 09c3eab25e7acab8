"""Drawing text: ``blit`` and ``blit_in`` draw cached text (``typeface.render``) where it
belongs.

Text belongs to a box: ``with fonts.box(rect, "name"):`` (or ``blit_in``) declares the panel,
button or row the texts drawn inside it must stay in. ``blit`` then shrinks a text that would
spill out of the box from its anchor (down to three quarters of its size) and ends it with
"…" if it is still too wide, so a long translation or player name never runs out of its panel.
The language test checks that every text drawn in a box stays inside it.
"""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from game.client import text_layout, typeface
from game.client.canvas import Canvas, at_scale, current_scale
from game.client.text_layout import fit, fit_size
# the drawing API screens and boards use (``fonts.render``, ``fonts.font``): the text tests
# hook these names to see every text a screen draws
from game.client.typeface import font, font_for_text, render  # noqa: F401


# The boxes being drawn in, innermost last (coordinates of the surface drawn on).
_boxes: list[tuple[pygame.Rect, str]] = []


@contextmanager
def box(rect, name: str = ""):
    """Texts ``blit`` draws inside this block belong to ``rect`` (a panel, a button, a score
    row): they are shrunk or cut to stay inside it. Boxes nest: the innermost one counts."""
    _boxes.append((pygame.Rect(rect), name))
    try:
        yield _boxes[-1][0]
    finally:
        _boxes.pop()


def current_boxes() -> list[tuple[pygame.Rect, str]]:
    """Every box texts are drawn in now, outermost first: a text must stay in all of them."""
    return list(_boxes)


def _room(pos, anchor: str, rect: pygame.Rect) -> int:
    """How wide a text anchored at ``pos`` may be without leaving ``rect``."""
    x = pos[0]
    if anchor.endswith("left"):
        return rect.right - x
    if anchor.endswith("right"):
        return x - rect.left
    return 2 * min(x - rect.left, rect.right - x)      # centred


def fit_to_box(text: str, size: int, pos, anchor: str = "topleft",
               weight: str = "regular") -> tuple[str, int]:
    """What ``blit`` draws for ``text`` at ``pos`` in the current box: (text, size)."""
    if not _boxes or not text:
        return text, size
    return fit(text, size, min(_room(pos, anchor, rect) for rect, _ in _boxes), weight)


def blit(surface: pygame.Surface, text: str, size: int, colour, pos, weight: str = "regular",
         anchor: str = "topleft") -> pygame.Rect:
    """Draw cached text with its rect anchored at ``pos`` (e.g. anchor="center"); inside a
    ``box`` the text is fitted to it first."""
    text, size = fit_to_box(text, size, pos, anchor, weight)
    surf = render(text, size, colour, weight)
    rect = surf.get_rect(**{anchor: pos})
    if isinstance(surface, Canvas):
        # drawn at the window's own resolution, anchored exactly where the layout says
        sharp = at_scale(surf, surface.scale)
        surface.blit_native(sharp, sharp.get_rect(**{anchor: surface.point(pos)}))
    else:
        surface.blit(surf, rect)
    return rect


def warm(text: str, size: int, colour, pos, weight: str = "regular",
         anchor: str = "topleft") -> None:
    """Make what ``blit`` would draw for ``text`` at ``pos`` in the current box, at the
    window's scale, without drawing it: a text a screen shows later (a header's next words)
    then costs that frame one blit."""
    text, size = fit_to_box(text, size, pos, anchor, weight)
    made = typeface.render(text, size, colour, weight)
    if current_scale() != 1.0:
        at_scale(made, current_scale())


def blit_in(surface: pygame.Surface, text: str, size: int, colour, rect, weight: str = "regular",
            anchor: str = "center", name: str = "", inset: int = 0) -> pygame.Rect:
    """Draw ``text`` in ``rect`` (a button, a cell of a row), anchored at the rect's own
    ``anchor`` point moved ``inset`` pixels inwards, fitted to stay inside it."""
    area = pygame.Rect(rect).inflate(-2 * inset, 0)
    with box(area, name):
        return blit(surface, text, size, colour, getattr(area, anchor), weight, anchor)


def blit_fit(surface: pygame.Surface, text: str, size: int, colour, pos, width: int,
             weight: str = "regular", anchor: str = "topleft") -> pygame.Rect:
    """``blit`` with the text shrunk (if needed) to fit ``width`` pixels."""
    return blit(surface, text, fit_size(text, size, width, weight), colour, pos, weight, anchor)


def clear_cache() -> None:
    typeface.clear_cache()
    text_layout.clear_cache()

# (not on a language change: the caches are keyed by the language)

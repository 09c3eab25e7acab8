"""Toasts: short messages that fade in above the hint bar, stack (at most a few), and move
aside from what a screen says they must not cover (its buttons, a player's sheet), into the
lane a screen keeps for them when nothing else is free.

A toast raised during a frame (often the frame a move lands in: a line blocked, a line
completed) is not drawn in it: its words are wrapped and its panel painted in the next
frames, one toast a frame (``Toasts.draw``), and the toasts raised together appear together
once all are painted. The frame a move lands in then only blits the toasts already shown
(painting a long toast at 1080p cost 1-3 ms of it; issue 30 wants that frame under 4 ms)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client import fonts, text_layout, theme
from game.client import canvas
from game.client import gfx


TOAST_SIZE = 22          # text size
TOAST_MAX_W = 600        # a toast stays in the middle column: the side panels of the boards
                         # (seat scores, the active hand) begin 320 px from each edge
TOAST_GAP = 8
TOAST_BOTTOM_GAP = 56    # from the bottom of the screen: the hint bar sits below the stack
TOAST_FADE_IN = 0.15
TOAST_FADE_OUT = 0.4
TOAST_MAX = 4
TOAST_RAISE_STEP = 16    # how far up each try of a higher place goes when the bottom is full


@dataclass
class Toast:
    text: str
    kind: str = "info"     # info, bad, good
    ttl: float = 3.0
    age: float = 0.0
    lines: list = field(default_factory=list, compare=False, repr=False)   # as last laid out
    # (what it was painted for, the painted panel): a toast looks the same every frame but
    # for its fade and place, so it is painted once (a frame of 0.5-1 ms at 1080p before)
    picture: tuple | None = field(default=None, compare=False, repr=False)
    batch: int = field(default=0, compare=False, repr=False)    # the frame it was raised in
    seen: bool = field(default=False, compare=False, repr=False)   # a frame was drawn since
    # (width, scale) -> its lines and their widest: a stack is laid out again whenever what
    # it must avoid moves (the turn passing, a cursor), and each try wrapped every text
    wrapped: dict = field(default_factory=dict, compare=False, repr=False)

    def alpha(self) -> int:
        """Opacity 0..255: a short fade in, then a fade out over the last moments."""
        remaining = self.ttl - self.age
        k = min(1.0, self.age / TOAST_FADE_IN, max(0.0, remaining) / TOAST_FADE_OUT)
        return int(255 * max(0.0, k))


class Toasts:
    """Short notifications stacked at the bottom centre, just above the button hints, so they
    never cover a board's header (whose turn it is) or the side panels with the players'
    scores and the active hand. The newest sits lowest; each fades in and out."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        # the last layout, kept while the same toasts meet the same obstacles (a frame
        # would otherwise wrap every text and try every place again)
        self._layout_key = None
        self._placed: list[tuple[int, pygame.Rect, list]] = []
        self._frames = 0          # frames drawn: toasts raised in the same one are a batch

    def show(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.items = [toast for toast in self.items if toast.text != text]
        self.items.append(Toast(text, kind, seconds, batch=self._frames))
        self.items = self.items[-TOAST_MAX:]

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [toast for toast in self.items if toast.age < toast.ttl]

    def latest(self) -> str:
        return self.items[-1].text if self.items else ""

    @staticmethod
    def _lines(toast: Toast, max_w: int = TOAST_MAX_W) -> list[str]:
        return text_layout.wrap(toast.text, TOAST_SIZE, max_w - 60, "semibold")

    def _stack(self, centre_x: int, bottom: int, max_w: int,
               items=None) -> list[tuple[Toast, pygame.Rect]]:
        line_h = fonts.font(TOAST_SIZE, "semibold").get_linesize()
        placed = []
        for toast in reversed(self.items if items is None else items):
            key = (max_w, canvas.current_scale())
            if key not in toast.wrapped:
                lines = self._lines(toast, max_w)
                toast.wrapped[key] = (lines, max(
                    fonts.font_for_text(line, TOAST_SIZE, "semibold").size(line)[0]
                    for line in lines))
            lines, text_w = toast.wrapped[key]
            toast.lines = list(lines)
            rect = pygame.Rect(0, 0, min(max_w, text_w + 60), 16 + line_h * len(lines))
            rect.centerx = centre_x
            rect.bottom = bottom
            placed.append((toast, rect))
            bottom = rect.top - TOAST_GAP
        placed.reverse()
        return placed

    def layout(self, size: tuple[int, int], avoid=(), lane=None,
               items=None) -> list[tuple[Toast, pygame.Rect]]:
        """Where each toast (of ``items``, default all) is drawn (see ``_place``); the same
        as the last frame's when nothing it depends on changed."""
        items = self.items if items is None else items
        key = (tuple((id(toast), toast.text) for toast in items), tuple(size),
               tuple(tuple(pygame.Rect(r)) for r in avoid),
               None if lane is None else tuple(pygame.Rect(lane)))
        if key != self._layout_key:
            placed = self._place(size, avoid, lane, items)
            index = {id(toast): i for i, toast in enumerate(items)}
            self._placed = [(index[id(toast)], pygame.Rect(rect), list(toast.lines))
                            for toast, rect in placed]
            self._layout_key = key
        out = []
        for i, rect, lines in self._placed:
            toast = items[i]
            toast.lines = lines
            out.append((toast, pygame.Rect(rect)))
        return out

    def _place(self, size: tuple[int, int], avoid=(), lane=None,
               items=None) -> list[tuple[Toast, pygame.Rect]]:
        """Where each toast is drawn on a screen of ``size``: bottom-centred, the newest
        lowest, the older ones above it without overlapping. ``avoid``: rects the stack must
        not cover (a menu's buttons): it slides sideways to the nearest clear place, else
        narrows into the widest free margin beside them; when the whole stack fits nowhere,
        only the newest toasts that do are shown (the older ones wait out their time unseen).
        ``lane``: where the screen keeps room for toasts when its bottom is covered (Railroad
        Ink's header, over panels everywhere else): the newest toasts that fit go there. If
        not even the newest one fits anywhere it alone stays centred."""
        items = self.items if items is None else items
        width, height = size
        bottom = height - TOAST_BOTTOM_GAP
        avoid = [pygame.Rect(r) for r in avoid]
        if not avoid or not items:
            return self._stack(width // 2, bottom, TOAST_MAX_W, items)
        for keep in range(len(items), 0, -1):
            placed = self._clear_place(items[-keep:], size, avoid, bottom)
            if placed is not None:
                return placed
        # nothing clear along the bottom (a long list of rows reaches it): a free stretch
        # higher up, the lowest first (the left column's gap under a setup's options)
        for keep in range(len(items), 0, -1):
            for higher in range(bottom - TOAST_RAISE_STEP, height // 4, -TOAST_RAISE_STEP):
                placed = self._clear_place(items[-keep:], size, avoid, higher)
                if placed is not None:
                    return placed
        if lane is not None:
            for keep in range(len(items), 0, -1):
                placed = self._in_lane(items[-keep:], size, pygame.Rect(lane), avoid)
                if placed is not None:
                    return placed
        return self._stack(width // 2, bottom, TOAST_MAX_W, items[-1:])

    def _in_lane(self, items, size, lane: pygame.Rect,
                 avoid) -> list[tuple[Toast, pygame.Rect]] | None:
        """``items`` stacked inside ``lane``, as near the screen's middle as the lane allows
        and clear of ``avoid`` (None when they do not fit)."""
        if lane.width < 240:
            return None
        placed = self._stack(size[0] // 2, lane.bottom, min(TOAST_MAX_W, lane.width), items)
        placed = [(toast, rect.clamp(lane)) for toast, rect in placed]
        rects = [rect for _, rect in placed]
        if min(r.top for r in rects) < lane.top or any(
                a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]):
            return None
        if any(r.collidelist(avoid) >= 0 for r in rects):
            return None
        return placed

    def _clear_place(self, items, size, avoid,
                     bottom: int) -> list[tuple[Toast, pygame.Rect]] | None:
        """``items`` stacked with their lowest edge at ``bottom`` where they cover none of
        ``avoid`` (None when no place does)."""
        width, height = size
        placed = self._stack(width // 2, bottom, TOAST_MAX_W, items)
        rects = [rect for _, rect in placed]
        if not any(r.collidelist(avoid) >= 0 for r in rects):
            return placed
        shift = _clear_shift(rects, avoid, width)
        if shift is not None:
            return [(toast, rect.move(shift, 0)) for toast, rect in placed]
        # nothing clears at full width: the widest free gap between the obstacles beside
        # where the stack would stand (beside the panels, or between a panel and the spot
        # the player aims at); narrower, it wraps to more lines, so twice its height is looked at
        margin = 16
        top = bottom - 2 * (bottom - min(r.top for r in rects))
        near = sorted((r for r in avoid if r.bottom > top and r.top < bottom),
                      key=lambda r: r.left)
        bands, edge = [], margin
        for r in near:
            bands.append((edge, r.left - margin))
            edge = max(edge, r.right + margin)
        bands.append((edge, width - margin))
        for left, right in sorted(bands, key=lambda band: band[0] - band[1]):
            if right - left < 240:
                continue
            narrow = self._stack((left + right) // 2, bottom, right - left, items)
            if not any(rect.collidelist(avoid) >= 0 or rect.top < 0 for _, rect in narrow):
                return narrow
        return None

    def draw(self, surface: pygame.Surface, avoid=(), lane=None) -> None:
        """Paint one toast raised before this frame (see the module's doc), then draw
        those painted."""
        waiting = [toast for toast in self.items if toast.seen and toast.picture is None]
        if waiting:
            self.prepare(waiting[0])
        for toast, rect in self.layout(surface.get_size(), avoid, lane, self.shown()):
            alpha = toast.alpha()
            if alpha <= 0:
                continue
            layer = _painted(toast, rect.size)
            layer.set_alpha(alpha)
            # a toast slides up a few pixels as it appears
            rise = int(8 * (1 - min(1.0, toast.age / TOAST_FADE_IN)))
            surface.blit(layer, rect.move(0, rise))
        for toast in self.items:
            toast.seen = True
        self._frames += 1

    def shown(self) -> list[Toast]:
        """The toasts drawn now: those painted, with every toast raised in the same frame."""
        waiting = {toast.batch for toast in self.items if toast.picture is None}
        return [toast for toast in self.items if toast.batch not in waiting]

    def prepare(self, toast: Toast) -> None:
        """Wrap ``toast``'s words and paint its panel as it stands at the bottom centre (a
        place that narrows it paints it again there)."""
        ((_, rect),) = self._stack(0, 0, TOAST_MAX_W, [toast])
        _painted(toast, rect.size)


# every letter once: the font's glyphs are drawn the first time a text uses them
WARM_TEXT = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 .,:;'!?-+()/…"


def warm() -> None:
    """Open the toasts' font at the window's scale now (the window opening or changing size),
    not in the frame of the first toast, often the frame a move lands in (a few ms at 1080p)."""
    fonts.font(TOAST_SIZE, "semibold")
    canvas.at_scale(fonts.render(WARM_TEXT, TOAST_SIZE, theme.TEXT, "semibold"),
                    canvas.current_scale())


def _painted(toast: Toast, size) -> pygame.Surface:
    """The toast's panel of ``size`` with its lines, painted once for its look."""
    look = (tuple(size), tuple(toast.lines), toast.kind, canvas.current_scale())
    if toast.picture is not None and toast.picture[0] == look:
        return toast.picture[1]
    layer = canvas.layer(size, pygame.SRCALPHA)
    accent = {"bad": theme.BAD, "good": theme.GOOD}.get(toast.kind, theme.ACCENT)
    radius = min(20, size[1] // 2)
    gfx.rect(layer, (*theme.BG_DEEP, 240), layer.get_rect(), border_radius=radius)
    gfx.rect(layer, (*accent, 255), layer.get_rect(), 3, border_radius=radius)
    gfx.circle(layer, accent, (22, 8 + (size[1] - 16) // 2), 6)
    y = 8
    for line in toast.lines:
        text = fonts.render(line, TOAST_SIZE, theme.TEXT, "semibold")
        layer.blit(text, (38, y))
        y += fonts.font(TOAST_SIZE, "semibold").get_linesize()
    toast.picture = (look, layer)
    return layer


def _clear_shift(stack: list[pygame.Rect], avoid: list[pygame.Rect], width: int,
                 margin: int = 16) -> int | None:
    """The smallest sideways move of the whole toast ``stack`` that clears every ``avoid``
    rect and stays on screen (None when no move does)."""
    left = min(r.left for r in stack)
    right = max(r.right for r in stack)
    candidates = {0}
    for obstacle in avoid:
        candidates.add(obstacle.right + margin - left)    # just right of it
        candidates.add(obstacle.left - margin - right)    # just left of it
    for shift in sorted(candidates, key=abs):
        if left + shift < margin or right + shift > width - margin:
            continue
        if not any(r.move(shift, 0).collidelist(avoid) >= 0 for r in stack):
            return shift
    return None

"""Reusable widgets: a focusable form (buttons, choices, text fields, sliders), toasts, and
the button-hint bar that shows the controls of the device in use.

Widgets take intents (see ``input.py``) and report what was activated; they never touch game
state. Every label is a catalog key or text the caller already translated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.client import fonts, theme
from game.client.input import device_kind
from game.client.text import t


# --------------------------------------------------------------------------------------------
# Form items
# --------------------------------------------------------------------------------------------

# the letters a controller cycles through when it types a name or a seed
PAD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -"


@dataclass
class Item:
    """One row of a form. kind: "button", "choice", "text", "slider"."""

    key: str
    label: Callable[[], str]
    kind: str = "button"
    options: list = field(default_factory=list)        # choice: values
    option_label: Callable[[Any], str] = str          # choice: how a value is shown
    value: Any = None
    max_len: int = 16
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    swatch: Any = None   # optional callable value -> (rgb, shape) drawn before the value

    def shown_value(self) -> str:
        if self.kind == "choice":
            return self.option_label(self.value)
        if self.kind == "slider":
            return f"{self.value}%"
        if self.kind == "text":
            return str(self.value)
        return ""

    def step(self, delta: int) -> bool:
        if self.kind == "choice" and self.options:
            try:
                index = self.options.index(self.value)
            except ValueError:
                index = 0
            self.value = self.options[(index + delta) % len(self.options)]
            return True
        if self.kind == "slider":
            self.value = max(0, min(100, int(self.value) + 10 * delta))
            return True
        return False


class Form:
    """A vertical list of items with one focused item, driven by intents.

    ``handle`` returns ``(event, item)`` where event is "activate" (button confirmed),
    "change" (a value changed), "cancel", or None.
    """

    def __init__(self, items: list[Item], rect: pygame.Rect, row_height: int = 56,
                 gap: int = 10, columns: int = 1, font_size: int = 26) -> None:
        self.items = items
        self.rect = pygame.Rect(rect)
        self.row_height = row_height
        self.gap = gap
        self.columns = columns
        self.font_size = font_size
        self.focus = 0
        self.editing = False   # a text item is being typed into
        self.layout()

    def layout(self) -> None:
        col_w = (self.rect.width - self.gap * (self.columns - 1)) // self.columns
        for index, item in enumerate(self.items):
            col, row = index % self.columns, index // self.columns
            item.rect = pygame.Rect(self.rect.x + col * (col_w + self.gap),
                                    self.rect.y + row * (self.row_height + self.gap),
                                    col_w, self.row_height)

    @property
    def focused(self) -> Item | None:
        return self.items[self.focus] if self.items else None

    def item(self, key: str) -> Item:
        for item in self.items:
            if item.key == key:
                return item
        raise KeyError(key)

    def _move_focus(self, delta: int) -> None:
        if not self.items:
            return
        for _ in range(len(self.items)):
            self.focus = (self.focus + delta) % len(self.items)
            if self.items[self.focus].enabled:
                return

    def handle(self, intent) -> tuple[str | None, Item | None]:
        item = self.focused
        kind = intent.kind
        if self.editing and (item is None or item.kind != "text"):
            self.editing = False
        if self.editing and item is not None:
            if kind == "point":
                return None, None   # the mouse passing over other rows must not move the typing
            if kind == "text":
                if len(str(item.value)) < item.max_len:
                    item.value = str(item.value) + intent.text
                return "change", item
            if kind == "backspace":
                item.value = str(item.value)[:-1]
                return "change", item
            if intent.device.startswith("pad") and kind in ("move", "alt"):
                return self._pad_typing(item, intent)
            if kind in ("confirm", "cancel", "next", "prev", "move", "click"):
                self.editing = False
                if kind in ("confirm", "cancel"):
                    return "edit_done", item
        if kind == "point" and intent.pos:
            for index, it in enumerate(self.items):
                if it.enabled and it.rect.collidepoint(intent.pos):
                    self.focus = index
            return None, None
        if kind == "click" and intent.pos:
            for index, it in enumerate(self.items):
                if it.enabled and it.rect.collidepoint(intent.pos):
                    self.focus = index
                    if it.kind in ("choice", "slider"):
                        # the left arrow of a value steps back; anywhere else steps forward
                        arrow_left = (it.rect.x if not it.label()
                                      else it.rect.right - it.rect.width * 0.45)
                        delta = -1 if arrow_left <= intent.pos[0] < arrow_left + 40 else 1
                        it.step(delta)
                        return "change", it
                    if it.kind == "text":
                        self.editing = True
                        return "edit_start", it
                    return "activate", it
            return None, None
        if kind == "move":
            if intent.dy:
                self._move_focus(intent.dy * (self.columns if self.columns > 1 else 1))
                return None, None
            if intent.dx and self.columns > 1 and not (item and item.kind in ("choice", "slider")):
                self._move_focus(intent.dx)
                return None, None
            if intent.dx and item is not None and item.step(intent.dx):
                return "change", item
            return None, None
        if kind in ("next", "prev"):
            self._move_focus(1 if kind == "next" else -1)
            return None, None
        if kind == "confirm" and item is not None:
            if item.kind == "button":
                return "activate", item
            if item.kind == "text":
                self.editing = True
                return "edit_start", item
            item.step(1)
            return "change", item
        if kind == "cancel":
            return "cancel", None
        return None, None

    def _pad_typing(self, item: Item, intent) -> tuple[str, Item]:
        """Typing with a controller: down/up step the last letter through the alphabet,
        right adds a letter, left (or X) removes one; confirm finishes."""
        value = str(item.value)
        if intent.kind == "alt" or intent.dx < 0:
            item.value = value[:-1]
        elif intent.dx > 0:
            if len(value) < item.max_len:
                item.value = value + PAD_ALPHABET[0]
        elif intent.dy:
            if not value:
                value = PAD_ALPHABET[0]
            index = PAD_ALPHABET.find(value[-1])
            index = (index + intent.dy) % len(PAD_ALPHABET) if index >= 0 else 0
            item.value = value[:-1] + PAD_ALPHABET[index]
        return "change", item

    def draw(self, surface: pygame.Surface, focus_visible: bool = True) -> None:
        for index, item in enumerate(self.items):
            draw_item(surface, item, focus_visible and index == self.focus,
                      self.editing and index == self.focus, self.font_size)


def fit_size(text: str, size: int, width: float, weight: str = "regular",
             minimum: int = 13) -> int:
    """The largest font size <= ``size`` at which ``text`` fits ``width`` px, so a long
    translation shrinks inside its box instead of spilling out of it."""
    while size > minimum and fonts.font_for_text(text, size, weight).size(text)[0] > width:
        size -= 1
    return size


def draw_item(surface, item: Item, focused: bool, editing: bool, size: int = 26) -> None:
    rect = item.rect
    fill = theme.PANEL_HI if focused else theme.PANEL
    if item.kind == "button" and focused:
        fill = theme.ACCENT
    edge = theme.FOCUS if focused else theme.PANEL_EDGE
    theme.rounded_panel(surface, rect, fill, radius=12, edge=edge, width=3 if focused else 1)
    colour = theme.TEXT if item.enabled else theme.TEXT_DIM
    if item.kind == "button":
        ink = theme.TEXT_DARK if focused else colour
        label = item.label()
        fonts.blit(surface, label, fit_size(label, size, rect.width - 20, "semibold"), ink,
                   rect.center, "semibold", "center")
        return
    label = item.label()
    value = item.shown_value()
    if not label:
        _draw_bare_value(surface, item, focused, editing, size, value, colour)
        return
    stepped = item.kind in ("choice", "slider")
    label_room = (rect.right - rect.width * (0.45 if stepped else 0.55)) - rect.x - 18
    fonts.blit(surface, label, fit_size(label, size - 2, label_room), theme.TEXT_DIM
               if not focused else theme.TEXT, (rect.x + 18, rect.centery), "regular", "midleft")
    right = rect.right - 18
    if item.kind in ("choice", "slider"):
        arrow_c = theme.FOCUS if focused else theme.TEXT_DIM
        fonts.blit(surface, "›", size + 6, arrow_c, (right, rect.centery - 2), "bold", "midright")
        left_x = rect.right - rect.width * 0.45
        value_room = right - 26 - (left_x + 30) - (30 if item.swatch is not None else 0)
        value_rect = fonts.blit(surface, value, fit_size(value, size, value_room, "semibold"),
                                colour, (right - 26, rect.centery), "semibold", "midright")
        fonts.blit(surface, "‹", size + 6, arrow_c, (left_x + 10, rect.centery - 2), "bold",
                   "midleft")
        if item.kind == "slider":
            bar = pygame.Rect(left_x + 34, rect.centery - 4, value_rect.x - left_x - 50, 8)
            if bar.width > 20:
                pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=4)
                filled = bar.copy()
                filled.width = int(bar.width * int(item.value) / 100)
                pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
        if item.swatch is not None:
            rgb, shape = item.swatch(item.value)
            if rgb is not None:
                cx = value_rect.x - 22
                theme.draw_shape(surface, shape, (cx, rect.centery), 11, rgb,
                                 theme.outline_for(rgb))
    else:
        shown = value + ("|" if editing and (pygame.time.get_ticks() // 500) % 2 == 0 else "")
        box = pygame.Rect(rect.right - rect.width * 0.55, rect.y + 8, rect.width * 0.55 - 10,
                          rect.height - 16)
        pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=8)
        if editing:
            pygame.draw.rect(surface, theme.FOCUS, box, 2, border_radius=8)
        fonts.blit(surface, shown, fit_size(shown, size, box.width - 24, "semibold"), colour,
                   (box.x + 12, box.centery), "semibold", "midleft")


def _draw_bare_value(surface, item: Item, focused: bool, editing: bool, size: int, value: str,
                     colour) -> None:
    """An item without a label (table cells): the value fills the whole item."""
    rect = item.rect
    size = size - 4
    if item.kind == "text":
        shown = value + ("|" if editing and (pygame.time.get_ticks() // 500) % 2 == 0 else "")
        if editing:
            pygame.draw.rect(surface, theme.BG_DEEP, rect.inflate(-8, -8), border_radius=8)
        fonts.blit(surface, shown, size, colour, (rect.x + 16, rect.centery), "semibold",
                   "midleft")
        return
    arrow_c = theme.FOCUS if focused else theme.TEXT_DIM
    fonts.blit(surface, "‹", size + 8, arrow_c, (rect.x + 12, rect.centery - 2), "bold",
               "midleft")
    fonts.blit(surface, "›", size + 8, arrow_c, (rect.right - 12, rect.centery - 2), "bold",
               "midright")
    text = fonts.render(value, size, colour, "semibold")
    cx = rect.centerx
    if item.swatch is not None:
        rgb, shape = item.swatch(item.value)
        w = text.get_width() + 30
        left = cx - w // 2
        theme.draw_shape(surface, shape, (left + 10, rect.centery), 10, rgb,
                         theme.outline_for(rgb))
        surface.blit(text, text.get_rect(midleft=(left + 28, rect.centery)))
        return
    if text.get_width() > rect.width - 60:
        text = fonts.render(value, fit_size(value, size, rect.width - 60, "semibold"), colour,
                            "semibold")
    surface.blit(text, text.get_rect(center=rect.center))


# --------------------------------------------------------------------------------------------
# Toasts
# --------------------------------------------------------------------------------------------

@dataclass
class Toast:
    text: str
    kind: str = "info"     # info, bad, good
    ttl: float = 3.0
    age: float = 0.0


class Toasts:
    """Short notifications stacked near the top of the screen; they fade after a few seconds."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.items = [toast for toast in self.items if toast.text != text]
        self.items.append(Toast(text, kind, seconds))
        self.items = self.items[-4:]

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [toast for toast in self.items if toast.age < toast.ttl]

    def latest(self) -> str:
        return self.items[-1].text if self.items else ""

    def draw(self, surface: pygame.Surface, top: int = 18) -> None:
        y = top
        for toast in self.items:
            text = fonts.render(toast.text, 24, theme.TEXT, "semibold")
            w = text.get_width() + 56
            rect = pygame.Rect(0, y, w, 46)
            rect.centerx = surface.get_width() // 2
            remaining = toast.ttl - toast.age
            alpha = 255 if remaining > 0.4 else int(255 * remaining / 0.4)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            accent = {"bad": theme.BAD, "good": theme.GOOD}.get(toast.kind, theme.ACCENT)
            pygame.draw.rect(layer, (*theme.BG_DEEP, 235), layer.get_rect(), border_radius=23)
            pygame.draw.rect(layer, (*accent, 255), layer.get_rect(), 3, border_radius=23)
            pygame.draw.circle(layer, accent, (22, 23), 6)
            layer.blit(text, (38, 23 - text.get_height() // 2))
            layer.set_alpha(alpha)
            surface.blit(layer, rect)
            y += 54


# --------------------------------------------------------------------------------------------
# Button hints
# --------------------------------------------------------------------------------------------

PAD_GLYPHS = {"confirm": ("A", (84, 180, 90)), "cancel": ("B", (214, 72, 64)),
              "alt": ("X", (66, 124, 220)), "rotate": ("Y", (232, 190, 60)),
              "prev": ("LB", (120, 130, 150)), "next": ("RB", (120, 130, 150)),
              "aux": ("Back", (120, 130, 150)), "menu": ("Start", (120, 130, 150)),
              "move": ("D-pad", (120, 130, 150))}


def glyph_text(kind: str, action: str) -> str:
    """The name of the button for ``action`` on a device kind (mouse, keyboard, pad)."""
    if kind == "pad":
        return PAD_GLYPHS.get(action, ("?", None))[0]
    return t(f"glyph.{kind}.{action}")


MOUSE_BACK_GLYPH = "‹"


def draw_hints(surface: pygame.Surface, device: str, hints: list[tuple[str, str]],
               y: int | None = None) -> list[tuple[str, pygame.Rect]]:
    """A centred row of [button] label pairs at the bottom, for the device in use.

    Returns each drawn hint's action with its rect: the app turns a click on the "cancel"
    hint into cancel, so the mouse (which has no Back button) can leave every screen."""
    kind = device_kind(device)
    if y is None:
        y = surface.get_height() - 30
    pieces = []
    total = 0
    for action, label in hints:
        glyph = glyph_text(kind, action)
        if not glyph and kind == "mouse" and action == "cancel":
            glyph = MOUSE_BACK_GLYPH
        if not glyph:
            continue
        g = fonts.render(glyph, 18, theme.TEXT_DARK if kind != "pad" else theme.TEXT, "bold")
        text = fonts.render(label, 20, theme.TEXT_DIM)
        width = max(g.get_width() + 16, 30) + 8 + text.get_width()
        pieces.append((action, g, text, width))
        total += width + 28
    x = surface.get_width() // 2 - (total - 28) // 2
    targets = []
    for action, g, text, width in pieces:
        cap_w = max(g.get_width() + 16, 30)
        cap = pygame.Rect(x, y - 14, cap_w, 28)
        if kind == "pad":
            colour = PAD_GLYPHS.get(action, ("", theme.PANEL_EDGE))[1]
            pygame.draw.rect(surface, colour, cap, border_radius=14)
        else:
            pygame.draw.rect(surface, theme.TEXT_DIM, cap.move(0, 2), border_radius=6)
            pygame.draw.rect(surface, theme.TEXT, cap, border_radius=6)
        surface.blit(g, g.get_rect(center=cap.center))
        surface.blit(text, (cap.right + 8, y - text.get_height() // 2))
        targets.append((action, pygame.Rect(x - 6, y - 18, width + 12, 36)))
        x += width + 28
    return targets


def title_text(surface: pygame.Surface, text: str, y: int = 70, size: int = 54) -> None:
    shadow = fonts.render(text, size, theme.BG_DEEP, "bold")
    surface.blit(shadow, shadow.get_rect(center=(surface.get_width() // 2 + 3, y + 4)))
    fonts.blit(surface, text, size, theme.TEXT, (surface.get_width() // 2, y), "bold", "center")

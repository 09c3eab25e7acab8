"""Reusable widgets: a focusable form (buttons, choices, text fields, sliders) and the
button-hint bar that shows the controls of the device in use.

Widgets take intents (see ``input.py``) and report what was activated; they never touch game
state. Every label is a catalog key or text the caller already translated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.client import bindings, fonts, theme
from game.client.input import device_kind, pad_family
from game.client.text import has as catalog_has
from game.client.text import t
from game.client.text_layout import fit_size
from game.client import gfx


# --------------------------------------------------------------------------------------------
# Form items
# --------------------------------------------------------------------------------------------

# the letters a controller cycles through when it types a name or a seed
PAD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -"


@dataclass
class Item:
    """One row of a form. kind: "button", "choice", "text", "slider", "keybind" (a button
    that shows its value, e.g. the key bound to an action, on the right)."""

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
        if self.kind in ("text", "keybind"):
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
        """The focused item; None while nothing is (``clear_focus``)."""
        if not self.items or self.focus is None:
            return None
        return self.items[self.focus]

    def clear_focus(self) -> None:
        """No item has the focus: confirm does nothing until a move, Tab or the pointer
        picks one (a screen that must not be left by a stray Enter starts like this)."""
        self.focus = None

    def item(self, key: str) -> Item:
        for item in self.items:
            if item.key == key:
                return item
        raise KeyError(key)

    def focus_on(self, key: str) -> None:
        """Focus the item called ``key`` (the first item if there is none), e.g. to keep the
        focus in place when a screen rebuilds its form."""
        self.focus = 0
        for index, item in enumerate(self.items):
            if item.key == key:
                self.focus = index

    def _move_focus(self, delta: int) -> None:
        if not self.items:
            return
        if self.focus is None:          # the first move picks the first (or last) item
            self.focus = -1 if delta > 0 else 0
            delta = 1 if delta > 0 else -1
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
            if item.kind in ("button", "keybind"):
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


def key_index(key: str, prefix: str) -> int | None:
    """The row number in an item key like ``"table:3"`` (prefix "table"), else None."""
    head, sep, tail = key.partition(":")
    return int(tail) if sep and head == prefix and tail.isdigit() else None


def place_indexed(items: list[Item], prefix: str, rect_of) -> list[Item]:
    """Give each item keyed ``"<prefix>:<n>"`` (a list row) the rect ``rect_of(n)``;
    returns the other items, for the caller to place."""
    others = []
    for item in items:
        index = key_index(item.key, prefix)
        if index is None:
            others.append(item)
        else:
            item.rect = pygame.Rect(rect_of(index))
    return others


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
        fonts.blit(surface, label, fit_size(label, size, rect.width - 20, "semibold",
                                            smallest=13), ink,
                   rect.center, "semibold", "center")
        return
    label = item.label()
    value = item.shown_value()
    if item.kind == "keybind":
        _draw_keybind(surface, item, focused, size, label, value, colour)
        return
    if not label:
        _draw_bare_value(surface, item, focused, editing, size, value, colour)
        return
    stepped = item.kind in ("choice", "slider")
    label_room = (rect.right - rect.width * (0.45 if stepped else 0.55)) - rect.x - 18
    fonts.blit(surface, label, fit_size(label, size - 2, label_room, smallest=13), theme.TEXT_DIM
               if not focused else theme.TEXT, (rect.x + 18, rect.centery), "regular", "midleft")
    right = rect.right - 18
    if item.kind in ("choice", "slider"):
        arrow_c = theme.FOCUS if focused else theme.TEXT_DIM
        fonts.blit(surface, "›", size + 6, arrow_c, (right, rect.centery - 2), "bold", "midright")
        left_x = rect.right - rect.width * 0.45
        value_room = right - 26 - (left_x + 30) - (30 if item.swatch is not None else 0)
        value_rect = fonts.blit(surface, value, fit_size(value, size, value_room, "semibold",
                                                         smallest=13),
                                colour, (right - 26, rect.centery), "semibold", "midright")
        fonts.blit(surface, "‹", size + 6, arrow_c, (left_x + 10, rect.centery - 2), "bold",
                   "midleft")
        if item.kind == "slider":
            bar = pygame.Rect(left_x + 34, rect.centery - 4, value_rect.x - left_x - 50, 8)
            if bar.width > 20:
                gfx.rect(surface, theme.BG_DEEP, bar, border_radius=4)
                filled = bar.copy()
                filled.width = int(bar.width * int(item.value) / 100)
                gfx.rect(surface, theme.ACCENT, filled, border_radius=4)
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
        gfx.rect(surface, theme.BG_DEEP, box, border_radius=8)
        if editing:
            gfx.rect(surface, theme.FOCUS, box, 2, border_radius=8)
        fonts.blit(surface, shown, fit_size(shown, size, box.width - 24, "semibold",
                                            smallest=13), colour,
                   (box.x + 12, box.centery), "semibold", "midleft")


def _draw_keybind(surface, item: Item, focused: bool, size: int, label: str, value: str,
                  colour) -> None:
    """A keybind row: the action on the left, what it is bound to on the right."""
    rect = item.rect
    fonts.blit(surface, label, fit_size(label, size - 2, int(rect.width * 0.55) - 18,
                                        smallest=13),
               theme.TEXT if focused else theme.TEXT_DIM, (rect.x + 18, rect.centery),
               "regular", "midleft")
    fonts.blit(surface, value, fit_size(value, size, int(rect.width * 0.42) - 18, "semibold",
                                        smallest=13),
               theme.FOCUS if focused else colour, (rect.right - 18, rect.centery), "semibold",
               "midright")


def _draw_bare_value(surface, item: Item, focused: bool, editing: bool, size: int, value: str,
                     colour) -> None:
    """An item without a label (table cells): the value fills the whole item."""
    rect = item.rect
    size = size - 4
    if item.kind == "text":
        shown = value + ("|" if editing and (pygame.time.get_ticks() // 500) % 2 == 0 else "")
        if editing:
            gfx.rect(surface, theme.BG_DEEP, rect.inflate(-8, -8), border_radius=8)
        # a name of 14 wide letters ("WWWWWWWWWWWWWW") shrinks to stay in its field
        fonts.blit(surface, shown, fit_size(shown, size, rect.width - 30, "semibold",
                                            smallest=13), colour,
                   (rect.x + 16, rect.centery), "semibold", "midleft")
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
        text = fonts.render(value, fit_size(value, size, rect.width - 60, "semibold",
                                            smallest=13), colour,
                            "semibold")
    surface.blit(text, text.get_rect(center=rect.center))


# --------------------------------------------------------------------------------------------
# Button hints
# --------------------------------------------------------------------------------------------

GREY_CAP = (120, 130, 150)
# per controller family: button position (see ``bindings.PAD_POSITIONS``; SDL reports buttons
# by position, "a" is the bottom face button) -> (label printed there, cap colour)
PAD_LABELS = {
    "generic": {"a": ("A", (84, 180, 90)), "b": ("B", (214, 72, 64)),
                "x": ("X", (66, 124, 220)), "y": ("Y", (232, 190, 60)),
                "leftshoulder": ("LB", GREY_CAP), "rightshoulder": ("RB", GREY_CAP),
                "back": ("Back", GREY_CAP), "start": ("Start", GREY_CAP),
                "leftstick": ("LS", GREY_CAP), "rightstick": ("RS", GREY_CAP),
                "guide": ("Guide", GREY_CAP), "move": ("D-pad", GREY_CAP)},
    "playstation": {"a": ("×", (40, 44, 56)), "b": ("○", (40, 44, 56)),
                    "x": ("□", (40, 44, 56)), "y": ("△", (40, 44, 56)),
                    "leftshoulder": ("L1", GREY_CAP), "rightshoulder": ("R1", GREY_CAP),
                    "back": ("Share", GREY_CAP), "start": ("Options", GREY_CAP),
                    "leftstick": ("L3", GREY_CAP), "rightstick": ("R3", GREY_CAP),
                    "guide": ("PS", GREY_CAP), "move": ("D-pad", GREY_CAP)},
    # Nintendo prints B at the bottom and A on the right: the reverse of Xbox
    "nintendo": {"a": ("B", (52, 56, 66)), "b": ("A", (52, 56, 66)),
                 "x": ("Y", (52, 56, 66)), "y": ("X", (52, 56, 66)),
                 "leftshoulder": ("L", GREY_CAP), "rightshoulder": ("R", GREY_CAP),
                 "back": ("−", GREY_CAP), "start": ("+", GREY_CAP),
                 "leftstick": ("LS", GREY_CAP), "rightstick": ("RS", GREY_CAP),
                 "guide": ("Home", GREY_CAP), "move": ("D-pad", GREY_CAP)},
}
PAD_LABELS["xbox"] = PAD_LABELS["generic"]
PAD_GLYPHS = PAD_LABELS["generic"]     # the Xbox letters most pads (and the joystick API) use

# PlayStation face buttons are symbols drawn in their own colours (the fonts lack some of
# them, e.g. Source Sans has no ✕ and the CJK Kurinto fonts no △, so they are drawn shapes)
PS_SYMBOLS = {"a": ("cross", (124, 170, 236)), "b": ("circle", (238, 98, 98)),
              "x": ("square", (228, 142, 204)), "y": ("triangle", (84, 210, 164))}

# key names as printed on keyboards (pygame's own names for the rest)
KEY_LABELS = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_ESCAPE: "Esc",
              pygame.K_BACKSPACE: "Backspace", pygame.K_SPACE: "Space", pygame.K_UP: "↑",
              pygame.K_DOWN: "↓", pygame.K_LEFT: "←", pygame.K_RIGHT: "→",
              pygame.K_DELETE: "Del", pygame.K_LSHIFT: "Shift", pygame.K_RSHIFT: "Shift",
              pygame.K_LCTRL: "Ctrl", pygame.K_RCTRL: "Ctrl", pygame.K_LALT: "Alt",
              pygame.K_RALT: "Alt"}


def key_label(code: int) -> str:
    """A key's name as printed on it: "Enter", "F10", "W", "["."""
    if code in KEY_LABELS:
        return KEY_LABELS[code]
    try:
        name = pygame.key.name(code)
    except (pygame.error, ValueError, TypeError):
        name = ""
    if not name:
        return f"#{code}"
    return name.upper() if len(name) == 1 else name.title()


def mouse_label(button: int) -> str:
    """A mouse button's name in the current language ("Right-click", "Button 6")."""
    if button in (1, 2, 3):
        return t(f"controls.mouse.{button}")
    return t("controls.mouse.other", n=button)


def pad_position(action: str) -> str | None:
    """The position of the controller button bound to ``action`` ("a"), or None."""
    codes = bindings.active().codes("pad", action)
    return codes[0] if codes else None


def code_label(family: str, code, pad_family_name: str = "generic") -> str:
    """The name of one bound code of a device family (a key, a mouse button, a pad
    position as printed on a pad of ``pad_family_name``)."""
    if family == "keyboard":
        return key_label(code)
    if family == "mouse":
        return mouse_label(code)
    labels = PAD_LABELS.get(pad_family_name, PAD_GLYPHS)
    return labels.get(code, (str(code), None))[0]


def glyph_text(kind: str, action: str, family: str = "generic") -> str:
    """The name of the button bound to ``action`` on a device kind (mouse, keyboard, pad);
    for a pad, as printed on a controller of ``family`` (see ``input.controller_family``).
    Bindings left at their defaults show the catalog's names ("Enter", "Arrows")."""
    table = bindings.active()
    if kind == "pad":
        if action == "move":
            return PAD_GLYPHS["move"][0]
        position = pad_position(action)
        return "" if position is None else code_label("pad", position, family)
    if kind not in ("keyboard", "mouse"):
        return t(f"glyph.{kind}.{action}")
    if action == "move" and kind == "keyboard":
        directions = ("up", "left", "down", "right")
        if all(table.is_default("keyboard", d) for d in directions):
            return t("glyph.keyboard.move")
        return "/".join(key_label(table.codes("keyboard", d)[0]) for d in directions)
    catalog_key = f"glyph.{kind}.{action}"
    if action not in bindings.ACTIONS[kind] or (table.is_default(kind, action)
                                                and catalog_has(catalog_key)):
        return t(catalog_key)
    codes = table.codes(kind, action)
    return code_label(kind, codes[0]) if codes else ""


def pad_glyph(device: str, action: str) -> str:
    """The label of the button for ``action`` on the controller ``device`` ("pad2")."""
    return glyph_text("pad", action, pad_family(device))


def pad_cap(action: str, family: str) -> tuple:
    """(colour of the cap, PlayStation symbol or None) of the pad button bound to
    ``action`` on a controller of ``family``."""
    labels = PAD_LABELS.get(family, PAD_GLYPHS)
    position = "move" if action == "move" else pad_position(action)
    colour = labels.get(position, ("", theme.PANEL_EDGE))[1]
    symbol = PS_SYMBOLS.get(position) if family == "playstation" else None
    return colour, symbol


def draw_ps_symbol(surface: pygame.Surface, symbol: str, centre, size: int, colour) -> None:
    """A PlayStation face-button symbol (cross, circle, square, triangle), antialiased
    enough to read at hint size."""
    cx, cy = centre
    r = size // 2
    width = max(2, size // 6)
    if symbol == "cross":
        for (ax, ay), (bx, by) in (((-r, -r), (r, r)), ((-r, r), (r, -r))):
            gfx.line(surface, colour, (cx + ax, cy + ay), (cx + bx, cy + by), width + 1)
    elif symbol == "circle":
        gfx.circle(surface, colour, (cx, cy), r + 1, width)
    elif symbol == "square":
        gfx.rect(surface, colour, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), width)
    elif symbol == "triangle":
        points = [(cx, cy - r - 1), (cx + r + 1, cy + r - 1), (cx - r - 1, cy + r - 1)]
        gfx.polygon(surface, colour, points, width)


MOUSE_BACK_GLYPH = "‹"


def draw_hints(surface: pygame.Surface, device: str, hints: list[tuple[str, str]],
               y: int | None = None) -> list[tuple[str, pygame.Rect]]:
    """A centred row of [button] label pairs at the bottom, for the device in use (for a
    controller: the labels of its brand, see ``PAD_LABELS``).

    Returns each drawn hint's action with its rect: the app turns a click on the "cancel"
    hint into cancel, so the mouse (which has no Back button) can leave every screen."""
    kind = device_kind(device)
    family = pad_family(device) if kind == "pad" else ""
    if y is None:
        y = surface.get_height() - 30
    pieces = []
    total = 0
    for action, label in hints:
        glyph = glyph_text(kind, action, family)
        if not glyph and kind == "mouse" and action == "cancel":
            glyph = MOUSE_BACK_GLYPH
        if not glyph:
            continue
        symbol = pad_cap(action, family)[1] if kind == "pad" else None
        g = None if symbol else fonts.render(glyph, 18, theme.TEXT_DARK if kind != "pad"
                                             else theme.TEXT, "bold")
        text = fonts.render(label, 20, theme.TEXT_DIM)
        cap_w = 30 if g is None else max(g.get_width() + 16, 30)
        width = cap_w + 8 + text.get_width()
        pieces.append((action, g, symbol, text, cap_w, width))
        total += width + 28
    x = surface.get_width() // 2 - (total - 28) // 2
    targets = []
    for action, g, symbol, text, cap_w, width in pieces:
        cap = pygame.Rect(x, y - 14, cap_w, 28)
        if kind == "pad":
            colour = pad_cap(action, family)[0]
            gfx.rect(surface, colour, cap, border_radius=14)
            if family in ("playstation", "nintendo") and colour != GREY_CAP:
                gfx.rect(surface, (150, 158, 176), cap, 1, border_radius=14)
        else:
            gfx.rect(surface, theme.TEXT_DIM, cap.move(0, 2), border_radius=6)
            gfx.rect(surface, theme.TEXT, cap, border_radius=6)
        if symbol is not None:
            draw_ps_symbol(surface, symbol[0], cap.center, 14, symbol[1])
        else:
            surface.blit(g, g.get_rect(center=cap.center))
        surface.blit(text, (cap.right + 8, y - text.get_height() // 2))
        targets.append((action, pygame.Rect(x - 6, y - 18, width + 12, 36)))
        x += width + 28
    return targets


def title_text(surface: pygame.Surface, text: str, y: int = 70, size: int = 54) -> None:
    shadow = fonts.render(text, size, theme.BG_DEEP, "bold")
    surface.blit(shadow, shadow.get_rect(center=(surface.get_width() // 2 + 3, y + 4)))
    fonts.blit(surface, text, size, theme.TEXT, (surface.get_width() // 2, y), "bold", "center")

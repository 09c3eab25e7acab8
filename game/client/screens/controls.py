"""Controls (from Settings): rebind every action's key, mouse button and controller button.

Pick a device family, pick an action, then press the new key or button: the screen takes
that one raw event (``capture``) before the input layer translates it. A key or button that
another action already uses, or one with a fixed job (Escape, Tab, the digits, the wheel), is
refused with the reason and nothing changes; Escape stops waiting. "Reset" restores the
family's defaults. Every change is saved with the settings at once.
"""

from __future__ import annotations

import pygame

from game.client import bindings, fonts, theme
from game.client.input import pad_family
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.widgets import Form, Item, code_label

BIND_PREFIX = "bind:"
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.JOYBUTTONDOWN,
           pygame.CONTROLLERBUTTONDOWN, pygame.TEXTINPUT, pygame.MOUSEWHEEL,
           pygame.JOYHATMOTION)


class ControlsScreen(MenuScreen):
    overlay = False

    def __init__(self, app, family: str = "keyboard") -> None:
        super().__init__(app)
        self.family = family
        self.waiting: str | None = None      # the action whose new key is awaited
        self.message: tuple | None = None    # (how to word it now, colour)
        self.pad_look: str | None = None     # whose button labels to show (None: last pad's)
        self.build()

    # -- the form ---------------------------------------------------------------------------
    def build(self) -> None:
        focus = self.form.focused.key if self.form is not None and self.form.focused else ""
        items = [
            Item("family", lambda: t("controls.device"), "choice",
                 options=list(bindings.FAMILIES), value=self.family,
                 option_label=lambda family: t(f"controls.family.{family}")),
            Item("reset", lambda: t("controls.reset")),
        ]
        for action in bindings.ACTIONS[self.family]:
            items.append(Item(BIND_PREFIX + action,
                              lambda action=action: t(f"controls.action.{action}"), "keybind",
                              value=""))
        items.append(Item("back", lambda: t("common.back")))
        self.form = Form(items, pygame.Rect(120, 130, 1040, 0), row_height=44, gap=8,
                         columns=2, font_size=22)
        self.form.focus_on(focus or "family")
        self.refresh_values()

    def refresh_values(self) -> None:
        for item in self.form.items:
            if item.key.startswith(BIND_PREFIX):
                action = item.key[len(BIND_PREFIX):]
                item.value = (t("controls.press") if action == self.waiting
                              else self.bound_text(action))

    def pad_labels(self) -> str:
        if self.pad_look is not None:
            return self.pad_look
        device = self.app.input.last_device
        return pad_family(device) if device.startswith("pad") else "generic"

    def bound_text(self, action: str) -> str:
        codes = bindings.active().codes(self.family, action)
        if not codes:
            return "—"
        labels = [code_label(self.family, code, self.pad_labels()) for code in codes]
        return " / ".join(dict.fromkeys(labels))     # Enter and keypad Enter: one "Enter"

    def say(self, message, colour) -> None:
        """Show ``message`` (a function giving the text in the current language)."""
        self.message = (message, colour)

    def message_text(self) -> str:
        return self.message[0]() if self.message is not None else ""

    # -- input ------------------------------------------------------------------------------
    def on_change(self, item) -> None:
        if item.key == "family":
            self.family = item.value
            self.waiting = None
            self.message = None
            self.build()

    def on_activate(self, item) -> None:
        if item.key == "back":
            self.app.pop()
        elif item.key == "reset":
            bindings.active().reset(self.family)
            self.save()
            family = self.family
            self.say(lambda: t("controls.reset_done", family=t(f"controls.family.{family}")),
                     theme.GOOD)
        elif item.key.startswith(BIND_PREFIX):
            self.waiting = item.key[len(BIND_PREFIX):]
            family = self.family
            self.say(lambda: t(f"controls.wait.{family}"), theme.TEXT)
        self.refresh_values()

    def on_cancel(self) -> None:
        self.app.pop()

    def capture(self, event) -> bool:
        """While waiting, the next press of the chosen family is the new binding (the app
        hands raw events here first; True: taken, not translated). Escape stops waiting."""
        if self.waiting is None or event.type not in PRESSES:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.waiting = None
            self.say(lambda: t("controls.kept"), theme.TEXT_DIM)
            self.refresh_values()
            return True
        code = None
        if self.family == "keyboard" and event.type == pygame.KEYDOWN:
            code = event.key
        elif self.family == "mouse" and event.type == pygame.MOUSEBUTTONDOWN:
            code = event.button
        elif self.family == "pad":
            code = self.app.input.button_position(event)
        if code is None:
            return True      # another device, a release, the d-pad: swallowed while waiting
        self.assign(self.waiting, code)
        return True

    def assign(self, action: str, code) -> None:
        table = bindings.active()
        family = self.family

        def label() -> str:
            return code_label(family, code, self.pad_labels())

        refused = table.bind(family, action, code)
        if refused is None:
            self.waiting = None
            self.save()
            self.say(lambda: t("controls.bound", button=label(),
                               action=t(f"controls.action.{action}")), theme.GOOD)
        elif refused[0] == "taken":
            other = refused[1]
            self.say(lambda: t("controls.taken", button=label(),
                               action=t(f"controls.action.{other}")), theme.BAD)
        else:
            self.say(lambda: t("controls.reserved", button=label()), theme.BAD)
        self.app.sound.play("click")
        self.refresh_values()

    def save(self) -> None:
        self.app.settings["bindings"] = bindings.active().to_data()

    def hints(self):
        if self.waiting is not None:
            return [("cancel", t("controls.stop"))]
        return super().hints()

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.refresh_values()       # the names follow a language switch and the pad in use
        surface.blit(self.app.background(), (0, 0))
        fonts.blit(surface, t("controls.title"), 46, theme.TEXT, (640, 72), "bold", "center")
        self.form.draw(surface)
        if self.message is not None:
            colour = self.message[1]
            fonts.blit_in(surface, self.message_text(), 22, colour, pygame.Rect(60, 612, 1160, 40),
                          "semibold", "center", name="controls.message")

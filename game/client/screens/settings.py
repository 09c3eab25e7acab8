"""Settings: language, volume, fullscreen, colour-blind shapes, bot speed, animations, and
the controls (rebinding, ``controls``). Saved at once."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client import text as catalog
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.widgets import Form, Item, glyph_text

BOT_DELAYS = [0, 300, 700, 1200]


class SettingsScreen(MenuScreen):
    overlay = False

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        items = [
            Item("language", lambda: t("settings.language"), "choice",
                 options=catalog.available_languages(), value=s["language"]
                 if s["language"] in catalog.available_languages() else "en",
                 option_label=lambda lang: catalog.LANGUAGES.get(lang, lang)),
            Item("volume", lambda: t("settings.volume"), "slider", value=s["volume"]),
            Item("fullscreen", self.fullscreen_label, "choice",
                 options=[False, True], value=s["fullscreen"], option_label=self.on_off),
            Item("colour_blind", lambda: t("settings.colour_blind"), "choice",
                 options=[False, True], value=s["colour_blind"], option_label=self.on_off),
            Item("bot_delay_ms", lambda: t("settings.bot_delay"), "choice",
                 options=BOT_DELAYS, value=s["bot_delay_ms"] if s["bot_delay_ms"] in BOT_DELAYS
                 else 700, option_label=lambda ms: t("settings.seconds", s=f"{ms / 1000:.1f}")),
            Item("animations", lambda: t("settings.animations"), "choice",
                 options=[False, True], value=s["animations"], option_label=self.on_off),
            Item("controls", lambda: t("settings.controls")),
            Item("back", lambda: t("common.back")),
        ]
        self.form = Form(items, pygame.Rect(340, 150, 600, 0), row_height=52, gap=10)

    @staticmethod
    def fullscreen_label() -> str:
        """"Fullscreen (F11)", naming the key bound to fullscreen now."""
        key = glyph_text("keyboard", "fullscreen")
        return t("settings.fullscreen_key", button=key) if key else t("settings.fullscreen")

    @staticmethod
    def on_off(value) -> str:
        return t("common.on") if value else t("common.off")

    def on_change(self, item) -> None:
        key = item.key
        if key == "language":
            self.app.settings["language"] = item.value
            catalog.set_language(item.value)
        elif key == "volume":
            self.app.settings["volume"] = item.value
            self.app.sound.set_volume(item.value)
            self.app.sound.play("click")
        elif key == "fullscreen":
            self.app.set_fullscreen(bool(item.value))
        elif key in ("colour_blind", "bot_delay_ms", "animations"):
            self.app.settings[key] = item.value

    def on_activate(self, item) -> None:
        if item.key == "back":
            self.app.pop()
        elif item.key == "controls":
            from game.client.screens.controls import ControlsScreen

            self.app.push(ControlsScreen(self.app))

    def on_cancel(self) -> None:
        self.app.pop()

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit(surface, t("menu.settings"), 50, theme.TEXT, (640, 100), "bold", "center")
        self.form.draw(surface)
        if self.form.focused is not None and self.form.focused.key == "colour_blind":
            fonts.blit(surface, t("settings.colour_blind_help"), 20, theme.TEXT_DIM,
                       (640, 660), "regular", "center")

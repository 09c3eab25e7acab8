"""The title screen: the logo over a slowly drifting row of tiles, and the main menu.

The tiles drift while the player is about (``frame_pacing.SETTLE_SECONDS`` after the last
input) and then settle, so a client left on the title sleeps instead of drawing sixty frames a
second."""

from __future__ import annotations

import pygame

from game.client import fonts, frame_pacing, navigation, sprites, theme
from game.client.games import dailies
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.widgets import Form, Item
from game.client import canvas

_DECOR = ["aaaa", "bcbc", "dacc", "cbcb", "adad", "bbbb", "ccda", "dddd", "acba", "cccc",
          "badb", "ddbc", "aacb", "bcdd", "cdac", "dbba", "baac", "accd", "dada", "cbaa"]


# menu item -> the screen it opens (see game.client.navigation)
OPENS = {"play": "GameChoiceScreen", "saves": "SavesMenuScreen", "coach": "CoachMenuScreen",
         "lan_host": "LanGameChoiceScreen", "lan_join": "FindTablesScreen",
         "settings": "SettingsScreen"}


class TitleScreen(MenuScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        items = [Item("play", lambda: t("menu.play")),
                 Item("lan_host", lambda: t("menu.lan_host")),
                 Item("lan_join", lambda: t("menu.lan_join")),
                 Item("saves", lambda: t("menu.saves")),
                 Item("settings", lambda: t("menu.settings")),
                 Item("coach", lambda: t("coach.menu_item"),
                      enabled=dailies.daily_game() is not None),   # a game with a daily
                 Item("quit", lambda: t("menu.quit"))]
        # seven rows between the tagline and the lower strip of tiles
        self.form = Form(items, pygame.Rect(490, 272, 300, 0), row_height=42, gap=6)
        self.scroll = 0.0
        self._strip = None

    def on_activate(self, item) -> None:
        if item.key == "quit":
            self.app.quit()
        elif item.key in OPENS:
            self.app.push(navigation.get(OPENS[item.key])(self.app))

    def on_cancel(self) -> None:
        pass   # the title is the bottom of the stack: quitting needs the Quit item

    def update(self, dt: float) -> None:
        if self.app.frame == 0 and self.app.top is self:
            # the client has just started: offer the game a crash interrupted, if any
            offer_resume = navigation.get("offer_resume")
            offer_resume(self.app)
        if self.animating():
            self.scroll = (self.scroll + dt * 18) % (len(_DECOR) * 72)

    def animating(self) -> bool:
        return frame_pacing.player_about(self.app)

    def _tile_strip(self) -> pygame.Surface:
        if canvas.stale(self._strip):
            size = 64
            strip = canvas.layer((len(_DECOR) * 72 * 2, size), pygame.SRCALPHA)
            for i in range(len(_DECOR) * 2):
                strip.blit(sprites.tile(_DECOR[i % len(_DECOR)], (i // 3) % 4, size), (i * 72, 0))
            strip.set_alpha(120)
            self._strip = strip
        return self._strip

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        strip = self._tile_strip()
        surface.blit(strip, (-self.scroll, 24))
        surface.blit(strip, (-(len(_DECOR) * 72) + self.scroll, 616))
        fonts.blit(surface, "TRACKLAYER", 96, theme.BG_DEEP, (644, 168), "bold", "center")
        fonts.blit(surface, "TRACKLAYER", 96, theme.ACCENT, (640, 162), "bold", "center")
        fonts.blit(surface, t("title.tagline"), 26, theme.TEXT_DIM, (640, 238), "regular",
                   "center")
        self.form.draw(surface)

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select"))]

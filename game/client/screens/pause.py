"""The pause menu over the play screen: resume, settings, rules summary, quit to title or quit.

Over a LAN game the game goes on meanwhile (the title says so), and the host has *Seats*: the
seat controls (``seat_control``) for any other machine's seat."""

from __future__ import annotations

import pygame

from game.client import fonts, navigation, theme
from game.client.screens.base import MenuScreen
from game.client.screens.seat_control import SeatControlScreen, controllable_seats
from game.client.text import t
from game.client.widgets import Form, Item
from game.client import canvas


class PauseScreen(MenuScreen):
    overlay = True

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        items = [Item("resume", lambda: t("pause.resume")),
                 Item("settings", lambda: t("menu.settings")),
                 Item("title", lambda: t("pause.to_title")),
                 Item("rules", lambda: t("help.open")),
                 Item("quit", lambda: t("menu.quit"))]
        if getattr(play, "autosaver", None) is not None:   # local tables only, not LAN
            items.insert(len(items) - 1, Item("save_as", lambda: t("pause.save_as")))

        self.lan = getattr(play, "session", None) is not None
        if controllable_seats(play):        # the host of a LAN table
            items.insert(1, Item("seats", lambda: t("rejoin.seats")))
        if getattr(play, "phones", None) is not None:   # a table with phone seats
            items.insert(1, Item("phones", lambda: t("phone_tv.menu")))
        self.form = Form(items, pygame.Rect(490, 236, 300, 0), row_height=46, gap=8)

    def on_activate(self, item) -> None:
        if item.key == "resume":
            self.app.pop()
        elif item.key == "seats":

            self.app.replace(SeatControlScreen(self.app, self.play))
        elif item.key == "phones":
            self.app.pop()
            self.play.show_links()
        elif item.key == "save_as":
            SaveAsScreen = navigation.get("SaveAsScreen")
            self.app.push(SaveAsScreen(self.app, self.play.match))
        elif item.key == "settings":
            SettingsScreen = navigation.get("SettingsScreen")
            self.app.push(SettingsScreen(self.app))
        elif item.key == "rules":
            RulesHelpScreen = navigation.get("RulesHelpScreen")
            self.app.push(RulesHelpScreen(self.app, self.play.match.game.name))
        elif item.key == "title":
            TitleScreen = navigation.get("TitleScreen")
            self.app.reset_to(TitleScreen(self.app))
        elif item.key == "quit":
            self.app.quit()

    def on_cancel(self) -> None:
        self.app.pop()

    def handle(self, intent) -> None:
        if intent.kind == "menu":
            self.app.pop()
            return
        super().handle(intent)

    def card(self) -> pygame.Rect:
        """The panel the menu is drawn on, cut to the rows it holds."""
        last = self.form.items[-1].rect.bottom if self.form.items else 470
        return pygame.Rect(440, 150, 400, max(last, 236) + 34 - 150)

    def toast_avoid(self) -> list:
        # old refusal toasts from the board stay readable beside the panel, not half over it
        return [self.card()]

    def title(self) -> str:
        # a LAN game goes on while this menu is open: never call it paused
        return t("rejoin.menu_title_lan") if self.lan else t("pause.title")

    def draw(self, surface) -> None:
        veil = canvas.layer(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 12, 20, 200))
        surface.blit(veil, (0, 0))
        card = self.card()
        theme.rounded_panel(surface, card, theme.PANEL, 24, theme.PANEL_EDGE, 2, shadow=True)
        fonts.blit_fit(surface, self.title(), 40, theme.TEXT, (640, 200), card.width - 40,
                       "bold", "center")
        self.form.draw(surface)

"""Choosing the game: a card per game; games whose rules or board are not there yet are shown
as coming soon."""

from __future__ import annotations

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.games import KITS, has_kit, kit
from game.client.screens.base import Screen
from game.client.text import t
from game.client import canvas
from game.client import gfx
from game.client.screens import tutorial_entry as tutorial
from game.rules import available_games, get_game

ART_SIZE = (276, 84)
_art_cache: dict[tuple, pygame.Surface] = {}


def card_art(name: str, faded: bool = False) -> pygame.Surface:
    """Each game's own pieces on its card, drawn by its kit (Metro tiles, a strip of the
    Metromania city, Railroad Ink route dice)."""
    key = (name, faded, canvas.current_scale())
    if key not in _art_cache:
        if len(_art_cache) >= 12:
            _art_cache.clear()      # art drawn for window sizes long gone
        art = canvas.layer(ART_SIZE, pygame.SRCALPHA)
        kit(name).draw_card_art(art)
        if faded:
            art.set_alpha(90)
        _art_cache[key] = art
    return _art_cache[key]


class GameChoiceScreen(Screen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.focus = 0
        self.learn = False      # the focus is on the card's "Learn to play" button
        self.cards = []
        names = list(KITS)                  # a card per game the client has a kit for
        # three games: 340-pixel cards 40 apart; more games share the width (a card never
        # leaves the screen)
        gap = 40 if len(names) <= 3 else 24
        width = min(340, (1280 - 2 * 32 - gap * (len(names) - 1)) // max(1, len(names)))
        left = 640 - (width * len(names) + gap * (len(names) - 1)) // 2
        for i, name in enumerate(names):
            rect = pygame.Rect(left + i * (width + gap), 190, width, 380)
            self.cards.append((name, rect))

    def playable(self, name: str) -> bool:
        return name in available_games() and has_kit(name)

    def can_learn(self, name: str) -> bool:
        return self.playable(name) and tutorial.has_lessons(name)

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move" and intent.dx:
            self.focus = (self.focus + intent.dx) % len(self.cards)
            self.learn = self.learn and self.can_learn(self.cards[self.focus][0])
        elif kind == "move" and intent.dy:
            self.learn = intent.dy > 0 and self.can_learn(self.cards[self.focus][0])
        elif kind in ("next", "prev"):
            self.focus = (self.focus + (1 if kind == "next" else -1)) % len(self.cards)
        elif kind in ("point", "click") and intent.pos:
            for i, (name, rect) in enumerate(self.cards):
                if rect.collidepoint(intent.pos):
                    self.focus, self.learn = i, False
                    if kind == "click":
                        self.choose()
                elif self.can_learn(name) and tutorial.button_rect(rect).collidepoint(intent.pos):
                    self.focus, self.learn = i, True
                    if kind == "click":
                        tutorial.open_lessons(self.app, name)
        elif kind == "confirm" and self.learn:
            tutorial.open_lessons(self.app, self.cards[self.focus][0])
        elif kind == "confirm":
            self.choose()
        elif kind == "cancel":
            self.app.pop()

    def choose(self) -> None:
        name = self.cards[self.focus][0]
        if not self.playable(name):
            self.app.toasts.show(t("choice.soon", game=t(f"game.{name}")), "info")
            self.app.sound.play("illegal")
            return
        SetupScreen = navigation.get("SetupScreen")
        self.app.sound.play("click")
        self.app.push(SetupScreen(self.app, name))

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit(surface, t("choice.title"), 50, theme.TEXT, (640, 88), "bold", "center")
        for i, (name, rect) in enumerate(self.cards):
            focused = i == self.focus and not self.learn
            playable = self.playable(name)
            card = rect.move(0, -8) if focused else rect
            theme.rounded_panel(surface, card, theme.PANEL_HI if focused else theme.PANEL, 22,
                                theme.FOCUS if focused else theme.PANEL_EDGE,
                                4 if focused else 1, shadow=True)
            art = card_art(name, not playable)
            surface.blit(art, (card.centerx - art.get_width() // 2, card.y + 40))
            colour = theme.TEXT if playable else theme.TEXT_DIM
            with fonts.box(card.inflate(-32, 0), "card title"):   # a long name shrinks
                fonts.blit(surface, t(f"game.{name}"), 38, colour, (card.centerx, card.y + 178),
                           "bold", "center")
            y = card.y + 218
            for line in text_layout.wrap(t(f"game.{name}.blurb"), 20, card.width - 48):
                fonts.blit(surface, line, 20, theme.TEXT_DIM, (card.centerx, y), "regular",
                           "center")
                y += 26
            if not playable:
                tag = pygame.Rect(0, 0, 180, 34)
                tag.center = (card.centerx, card.bottom - 36)
                gfx.rect(surface, theme.BG_DEEP, tag, border_radius=17)
                fonts.blit(surface, t("choice.coming_soon"), 18, theme.ACCENT, tag.center,
                           "semibold", "center")
            else:
                game = get_game(name)
                fonts.blit(surface, t("choice.players", lo=game.min_players,
                                      hi=game.max_players), 18, theme.TEXT_DIM,
                           (card.centerx, card.bottom - 36), "semibold", "center")
                if self.can_learn(name):
                    tutorial.draw_button(surface, rect, i == self.focus and self.learn)

    def toast_avoid(self) -> list:
        # the game cards and their Learn to play buttons stay free
        return [rect for _name, rect in self.cards] + [
            tutorial.button_rect(rect) for name, rect in self.cards if self.can_learn(name)]

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select")),
                ("cancel", t("hint.back"))]

"""Choosing the game: a card per game; games whose rules or board are not there yet are shown
as coming soon."""

from __future__ import annotations

import pygame

from game.client import fonts, sprites, theme
from game.client.boards import has_board
from game.client.screens.base import Screen
from game.client.text import t
from game.rules import available_games, get_game

GAMES = ["metro", "metromania", "railroad-ink"]
ART_SIZE = (276, 84)
_METRO_TILES = ["bcbc", "aacb", "dacc"]
_INK_DICE = ["road-curve", "station-straight", "rail-curve"]
_art_cache: dict[tuple, pygame.Surface] = {}


def card_art(name: str, faded: bool = False) -> pygame.Surface:
    """Each game's own pieces on its card: Metro tiles, a strip of the Metromania city with
    a solid and a striped line, Railroad Ink route dice."""
    key = (name, faded)
    if key not in _art_cache:
        art = pygame.Surface(ART_SIZE, pygame.SRCALPHA)
        if name == "railroad-ink":
            from game.client.boards import ink_sprites as ink

            for j, face in enumerate(_INK_DICE):
                art.blit(ink.die(face, 84), (j * 96, 0))
        elif name == "metromania":
            _mania_strip(art)
        else:
            for j, code in enumerate(_METRO_TILES):
                art.blit(sprites.tile(code, j, 84), (j * 96, 0))
        if faded:
            art.set_alpha(90)
        _art_cache[key] = art
    return _art_cache[key]


def _mania_strip(art: pygame.Surface) -> None:
    """Two rows of the triangular lattice with destinations, a solid line meeting a station
    and a striped line, both running along the edges as in the game."""
    from game.client.boards import mania_paint as paint

    side, h = 46, 40
    kinds = {(0, 3): "R", (0, 8): "E", (1, 2): "C", (1, 6): "R", (0, 5): "C"}
    for row in range(2):
        top = 2 + row * h
        for i in range(11):
            x = 4 + i * side / 2
            up = (i + row) % 2 == 0
            pts = ([(x, top + h), (x + side / 2, top), (x + side, top + h)] if up
                   else [(x, top), (x + side, top), (x + side / 2, top + h)])
            kind = kinds.get((row, i))
            fill = paint.DEST_FILL[kind] if kind else paint.PAPER[(i + row) % len(paint.PAPER)]
            pygame.draw.polygon(art, fill, pts)
            pygame.draw.polygon(art, paint.GRID_LINE, pts, 1)
            if kind:
                cy = top + h * (0.64 if up else 0.36)
                paint.draw_destination_icon(art, kind, (x + side / 2, cy), 8)
    yellow, blue = theme.colour(0), theme.colour(1)
    paint.stroke_line(art, [(4, 42), (142, 42), (165, 2)], yellow, False, 6)
    paint.stroke_line(art, [(73, 82), (211, 82), (234, 42), (272, 42)], blue, True, 6)
    paint.draw_station(art, (142, 42), yellow, 7)


class GameChoiceScreen(Screen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.focus = 0
        self.cards = []
        for i, name in enumerate(GAMES):
            rect = pygame.Rect(0, 0, 340, 380)
            rect.center = (640 + (i - 1) * 380, 380)
            self.cards.append((name, rect))

    def playable(self, name: str) -> bool:
        return name in available_games() and has_board(name)

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move" and intent.dx:
            self.focus = (self.focus + intent.dx) % len(self.cards)
        elif kind in ("next", "prev"):
            self.focus = (self.focus + (1 if kind == "next" else -1)) % len(self.cards)
        elif kind in ("point", "click") and intent.pos:
            for i, (_name, rect) in enumerate(self.cards):
                if rect.collidepoint(intent.pos):
                    self.focus = i
                    if kind == "click":
                        self.choose()
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
        from game.client.screens.setup import SetupScreen

        self.app.sound.play("click")
        self.app.push(SetupScreen(self.app, name))

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit(surface, t("choice.title"), 50, theme.TEXT, (640, 88), "bold", "center")
        for i, (name, rect) in enumerate(self.cards):
            focused = i == self.focus
            playable = self.playable(name)
            card = rect.move(0, -8) if focused else rect
            theme.rounded_panel(surface, card, theme.PANEL_HI if focused else theme.PANEL, 22,
                                theme.FOCUS if focused else theme.PANEL_EDGE,
                                4 if focused else 1, shadow=True)
            surface.blit(card_art(name, not playable), (card.centerx - 138, card.y + 40))
            colour = theme.TEXT if playable else theme.TEXT_DIM
            with fonts.box(card.inflate(-32, 0), "card title"):   # a long name shrinks
                fonts.blit(surface, t(f"game.{name}"), 38, colour, (card.centerx, card.y + 178),
                           "bold", "center")
            y = card.y + 218
            for line in fonts.wrap(t(f"game.{name}.blurb"), 20, card.width - 48):
                fonts.blit(surface, line, 20, theme.TEXT_DIM, (card.centerx, y), "regular",
                           "center")
                y += 26
            if not playable:
                tag = pygame.Rect(0, 0, 180, 34)
                tag.center = (card.centerx, card.bottom - 36)
                pygame.draw.rect(surface, theme.BG_DEEP, tag, border_radius=17)
                fonts.blit(surface, t("choice.coming_soon"), 18, theme.ACCENT, tag.center,
                           "semibold", "center")
            else:
                game = get_game(name)
                fonts.blit(surface, t("choice.players", lo=game.min_players,
                                      hi=game.max_players), 18, theme.TEXT_DIM,
                           (card.centerx, card.bottom - 36), "semibold", "center")

    def toast_avoid(self) -> list:
        return [rect for _name, rect in self.cards]     # toasts keep the game cards free

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select")),
                ("cancel", t("hint.back"))]

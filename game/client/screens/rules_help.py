"""The in-game rules help: a few illustrated pages per game, in the player's language.

Each game's kit lists its pages (``GameKit.rules_pages``); a page is a title and a body from the catalog
(``help.<game>.<page>.title`` / ``.body``, in ``assets/lang/<lang>/help.json``) and a small
picture drawn with the game's own sprites (Metro tiles, Metromania lines and markers, Railroad
Ink faces and dice), so what the help shows looks exactly like the board. Left/right (or
LB/RB, or a click on a tab) turns the page; Back closes the screen. Opened from table setup and
from the pause menu; it only draws, it never touches a match.

The body text is wrapped per language (by words; by character for Chinese and Japanese) and
shrunk until it fits its box, so no translation can overflow.
"""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.games import kit
from game.client.screens.base import Screen
from game.client.text import t
from game.client.text_layout import fit_size, fit_text

TEXT_BOX = pygame.Rect(56, 178, 640, 462)
PICTURE_BOX = pygame.Rect(724, 178, 500, 462)
TAB_TOP = 112
TAB_HEIGHT = 46
# --------------------------------------------------------------------------------------------
# The screen
# --------------------------------------------------------------------------------------------

class RulesHelpScreen(Screen):
    def __init__(self, app, game_name: str, page: int = 0) -> None:
        super().__init__(app)
        self.kit = kit(game_name)            # an unknown game fails here, never shows Metro
        self.game_name = game_name
        self.pages = list(self.kit.rules_pages)
        self.page = max(0, min(page, len(self.pages) - 1))
        self.tab_rects: list[pygame.Rect] = []
        self._layout_tabs()
        self._layout = None

    def _layout_tabs(self) -> None:
        count = len(self.pages)
        gap = 8
        width = (1280 - 2 * 56 - gap * (count - 1)) // count
        self.tab_rects = [pygame.Rect(56 + i * (width + gap), TAB_TOP, width, TAB_HEIGHT)
                          for i in range(count)]

    def body_layout(self) -> tuple[int, list[str], int]:
        """The wrapped body of the page shown (kept until the page or language changes)."""
        body = t(self.key(self.page, "body"))
        if self._layout is None or self._layout[0] != body:
            self._layout = (body, fit_text(body, TEXT_BOX))
        return self._layout[1]

    def key(self, page: int, part: str) -> str:
        return f"help.{self.game_name}.{self.pages[page]}.{part}"

    def turn(self, delta: int) -> None:
        new = max(0, min(len(self.pages) - 1, self.page + delta))
        if new != self.page:
            self.page = new
            self.app.sound.play("click")

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move" and intent.dx:
            self.turn(intent.dx)
        elif kind in ("next", "prev"):
            self.turn(1 if kind == "next" else -1)
        elif kind == "confirm":
            if self.page == len(self.pages) - 1:
                self.app.pop()
            else:
                self.turn(1)
        elif kind in ("cancel", "menu"):
            self.app.pop()
        elif kind == "click" and intent.pos:
            for index, rect in enumerate(self.tab_rects):
                if rect.collidepoint(intent.pos):
                    self.page = index

    def hints(self):
        return [("move", t("hint.page")), ("cancel", t("hint.back"))]

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        title = t("help.title", game=t(f"game.{self.game_name}"))
        size = fit_size(title, 44, 1280 - 2 * 56 - 120, "bold", smallest=12)
        fonts.blit(surface, title, size, theme.TEXT, (56, 60), "bold", "midleft")
        counter = t("help.page", i=self.page + 1, n=len(self.pages))
        fonts.blit(surface, counter, 22, theme.TEXT_DIM, (1224, 60), "semibold", "midright")
        for index, rect in enumerate(self.tab_rects):
            active = index == self.page
            theme.rounded_panel(surface, rect, theme.ACCENT if active else theme.PANEL, 12,
                                theme.FOCUS if active else theme.PANEL_EDGE, 2 if active else 1)
            label = t(self.key(index, "title"))
            label_size = fit_size(label, 20, rect.width - 16, "semibold", smallest=12)
            fonts.blit(surface, label, label_size, theme.TEXT_DARK if active else theme.TEXT,
                       rect.center, "semibold", "center")
        panel = TEXT_BOX.inflate(24, 20)
        theme.rounded_panel(surface, panel, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        size, lines, line_h = self.body_layout()
        y = TEXT_BOX.y
        bullet = False       # a "•" paragraph stays accented on its wrapped lines
        for line in lines:
            if not line:
                y += line_h // 2
                bullet = False
                continue
            bullet = bullet or line.startswith("•")
            fonts.blit(surface, line, size, theme.ACCENT if bullet else theme.TEXT,
                       (TEXT_BOX.x, y))
            y += line_h
        picture = PICTURE_BOX.inflate(20, 20)
        theme.rounded_panel(surface, picture, theme.BG_DEEP, 18, theme.PANEL_EDGE, 1)
        previous = surface.get_clip()
        surface.set_clip(PICTURE_BOX)
        self.kit.draw_rules_picture(surface, PICTURE_BOX, self.pages[self.page])
        surface.set_clip(previous)

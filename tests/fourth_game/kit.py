"""Pebbles' client folder in one file: its kit (the hooks of ``GameKit``) and its board.

The board draws the pile and three buttons, "Take 1/2/3"; a seat chooses with the mouse (click
a button), the keyboard or a controller (left/right, then confirm).
"""

from __future__ import annotations

import pygame

from game.client import fonts, gfx, theme
from game.client.boards.base import BoardView
from game.client.games.hidden import NOTHING_HIDDEN, Hidden
from game.client.games.kit_base import GameKit
from game.client.text import t
from tests.fourth_game.rules import Take

PEBBLE = (196, 186, 170)
BUTTONS = [pygame.Rect(400 + i * 170, 470, 150, 64) for i in range(3)]


def draw_pebbles(surface, count: int, box: pygame.Rect) -> None:
    per_row = max(1, box.width // 44)
    for i in range(count):
        row, col = divmod(i, per_row)
        centre = (box.x + 22 + col * 44, box.y + 22 + row * 44)
        gfx.circle(surface, PEBBLE, centre, 18)
        gfx.circle(surface, theme.PANEL_EDGE, centre, 18, 2)


class PebblesBoard(BoardView):
    secret_information = False
    menu_button = pygame.Rect(1184, 18, 76, 42)

    def __init__(self, app, play) -> None:
        super().__init__(app, play)
        self.choice = 0            # index into BUTTONS (shared: one seat acts at a time)

    def handle(self, intent, seat):
        if seat is None or self.read_only:
            return None
        state = self.match.state
        if intent.kind == "move" and intent.dx:
            self.choice = (self.choice + intent.dx) % 3
            return True
        if intent.kind == "confirm":
            return Take(self.choice + 1)
        if intent.kind in ("point", "click") and intent.pos:
            for i, rect in enumerate(BUTTONS):
                if rect.collidepoint(intent.pos):
                    self.choice = i
                    return Take(i + 1) if intent.kind == "click" else True
        return None if state.pile else True

    def on_applied(self, seat, move, events) -> None:
        self.choice = 0            # the next turn starts from "Take 1"

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        state = self.match.state
        to_act = self.match.to_act()
        header = (self.turn_line(to_act[0]) if to_act
                  else t("pebbles.taken_last", name=self.play.seat_name(state.winner)))
        fonts.blit(surface, header, 32, theme.TEXT, (640, 80), "bold", "center")
        fonts.blit(surface, t("pebbles.left", n=state.pile), 24, theme.TEXT_DIM, (640, 130),
                   "regular", "center")
        draw_pebbles(surface, state.pile, pygame.Rect(420, 200, 440, 230))
        for i, rect in enumerate(BUTTONS):
            focused = i == self.choice
            theme.rounded_panel(surface, rect, theme.PANEL_HI if focused else theme.PANEL, 12,
                                theme.FOCUS if focused else theme.PANEL_EDGE, 3 if focused else 1)
            fonts.blit_in(surface, t("pebbles.take", n=i + 1), 24, theme.TEXT, rect, "semibold")
        self.draw_menu_button(surface)

    def hints(self, seat):
        return [("move", t("hint.choose")), ("confirm", t("hint.select"))]


class PebblesKit(GameKit):
    """Pebbles' hooks (built below with its name, board and rules pages). It draws no coach
    move and has no lessons: the defaults."""

    board_words = ("pebbles.take", "pebbles.left", "pebbles.taken_last")

    def move_label(self, notation: str) -> str:
        if notation in ("take1", "take2", "take3"):
            return t("pebbles.take", n=int(notation[-1]))
        return notation

    def hidden_info(self, game, state) -> Hidden:
        return Hidden(note=NOTHING_HIDDEN)

    def draw_hidden_item(self, surface, item, rect) -> None:
        gfx.circle(surface, PEBBLE, rect.center, min(rect.size) // 2)

    def draw_card_art(self, art) -> None:
        draw_pebbles(art, 9, art.get_rect().inflate(-40, -20))


def draw_rules_picture(surface, box, page) -> None:
    draw_pebbles(surface, 3, box)


KIT = PebblesKit(name="pebbles", board=PebblesBoard, rules_pages=("goal",),
                 rules_picture=draw_rules_picture)

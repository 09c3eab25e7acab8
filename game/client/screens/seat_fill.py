"""Every open seat of a table setup to a bot in one go: the LAN host's *Fill open seats with
bots* and the bot level beside it (a 32-seat party otherwise takes a few presses per seat).

``OpenSeatFill`` keeps the level chosen for the fill and makes the form's row of two items:
the button (``fill``) and the level (``fill_level``, a bare choice). ``fill(seats)`` gives
every seat whose value is the open one a bot of that level, touching nothing else (names,
colours, the other seats), and returns how many seats it filled.
"""

from __future__ import annotations

import pygame

from game.bots.base import levels
from game.client.text import t
from game.client.widgets import Item

BUTTON_W, LEVEL_W, GAP = 260, 190, 10     # one row of the setup's 460-unit left column


class OpenSeatFill:
    def __init__(self, game_name: str, open_value: str) -> None:
        self.levels = list(levels(game_name))
        # the setup's usual level for a new bot seat (a real opponent)
        self.level = "normal" if "normal" in self.levels else self.levels[0]
        self.open_value = open_value

    def items(self, level_label) -> list[Item]:
        """The button and the level choice (``level_label(level)`` names a level)."""
        return [Item("fill", lambda: t("lan.fill_open")),
                Item("fill_level", lambda: "", "choice", options=list(self.levels),
                     value=self.level, option_label=level_label)]

    def place(self, items: list[Item], x: int, y: int, height: int) -> None:
        """Put the row's two items side by side from (x, y)."""
        for item in items:
            if item.key == "fill":
                item.rect = pygame.Rect(x, y, BUTTON_W, height)
            elif item.key == "fill_level":
                item.rect = pygame.Rect(x + BUTTON_W + GAP, y, LEVEL_W, height)

    def open_seats(self, seats: list[dict]) -> list[int]:
        return [index for index, seat in enumerate(seats) if seat["who"] == self.open_value]

    def fill(self, seats: list[dict]) -> int:
        """Seat a bot of the chosen level in every open seat; how many there were."""
        empty = self.open_seats(seats)
        for index in empty:
            seats[index]["who"] = f"bot:{self.level}"
        return len(empty)

"""Pebbles' one bot level, ``easy`` (named by its rules, ``Pebbles.bots``): it leaves a
multiple of four pebbles when it can, else takes one. No expert level, so the coach offers no
hint for Pebbles and the review says it could not judge."""

from __future__ import annotations

from game.bots.base import Bot, register
from tests.fourth_game.rules import GAME, Take


class PebblesEasy(Bot):
    level = "easy"

    def choose(self, view):
        take = view.pile % 4
        return Take(take if take else 1)


register("easy", GAME.name, PebblesEasy)

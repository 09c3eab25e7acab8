"""What one game brings to the client, declared in one place: its ``GameKit``.

The rules registry (``game.rules``) stays the source of truth for which games exist; each of
them has one kit here (registered in ``game/client/games/__init__.py``), living in its own
folder ``game/client/games/<game>/`` with its board, pictures and texts. Every hook is declared
on this base class and is abstract: a kit that lacks one cannot be built, so a new game without
it fails at start-up instead of quietly showing another game's art, rules or replay secrets.

The hooks:

* ``board``: the ``BoardView`` class that draws the game and routes its players' input to
  moves; it also brings the results panel (``results_screen`` / ``results_detail``) and how
  many local humans it seats (``max_local_humans``).
* ``move_label(notation)``: a logged move as a player reads it (the replay's move list).
* ``hidden_info(game, state)``: what the game kept secret at a replayed position
  (``games.hidden.Hidden``), and ``draw_hidden_item(surface, item, rect)``: one of its pictures.
* ``draw_card_art(art)``: the picture on the game's card in the game choice.
* ``rules_pages`` and ``draw_rules_picture(surface, box, page)``: the rules-help pages (texts
  ``help.<game>.<page>.title/body`` in the catalog) and the picture beside each.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import pygame


class GameKit(ABC):
    #: the game's name in the rules registry ("railroad-ink")
    name: str = ""
    #: the rules-help pages, in order; each names catalog keys help.<game>.<page>.title/body
    rules_pages: tuple[str, ...] = ()

    @property
    @abstractmethod
    def board(self) -> type:
        """The game's ``BoardView`` subclass."""

    @abstractmethod
    def move_label(self, notation: str) -> str:
        """A move of the log as a player reads it; unknown notation stays as written."""

    @abstractmethod
    def hidden_info(self, game, state):
        """What ``state`` (a full state) hides from the players: a ``games.hidden.Hidden``."""

    @abstractmethod
    def draw_hidden_item(self, surface: pygame.Surface, item, rect: pygame.Rect) -> None:
        """One picture of ``hidden_info`` (a tile, a card, a marker, a die) filling ``rect``."""

    @abstractmethod
    def draw_card_art(self, art: pygame.Surface) -> None:
        """The game's own pieces on its card in the game choice (``art`` is transparent)."""

    @abstractmethod
    def draw_rules_picture(self, surface: pygame.Surface, box: pygame.Rect, page: str) -> None:
        """The picture beside rules-help page ``page``, inside ``box``."""

    def check(self) -> None:
        """Raise if the kit is incomplete in a way abstract methods cannot tell."""
        if not self.name:
            raise TypeError(f"{type(self).__name__} names no game")
        if not self.rules_pages:
            raise TypeError(f"the {self.name} kit has no rules-help pages")

"""What one game brings to the client, declared in one place: its ``GameKit``.

The rules registry (``game.rules``) stays the source of truth for which games exist; each of
them has one kit here (registered in ``game/client/games/__init__.py``), living in its own
folder ``game/client/games/<game>/`` with its board, pictures and texts. Every hook is declared
on this base class: the kit is built with its game's name, board, rules pages and rules picture,
and every other hook is abstract, so a kit that lacks one cannot be built and a new game without
it fails at start-up instead of quietly showing another game's art, rules or replay secrets.

What a kit is built with (``SomeKit(name=..., board=..., rules_pages=..., rules_picture=...)``):

* ``name``: the game's name in the rules registry ("railroad-ink").
* ``board``: the ``BoardView`` class that draws the game and routes its players' input to
  moves; it also says how many local humans it seats (``max_local_humans``).
* ``rules_pages`` and ``rules_picture(surface, box, page)``: the rules-help pages (texts
  ``help.<game>.<page>.title/body`` in the catalog) and the picture beside each (drawn by
  ``draw_rules_picture``).

The hooks a kit's class writes:

* ``move_label(notation)``: a logged move as a player reads it (the replay's move list).
* ``hidden_info(game, state)``: what the game kept secret at a replayed position
  (``games.hidden.Hidden``), and ``draw_hidden_item(surface, item, rect)``: one of its pictures.
* ``draw_card_art(art)``: the picture on the game's card in the game choice.
* ``results_panel(match, result)``: the game's part of the shared results screen (its
  ranking, each seat's breakdown, its chart: ``games.results_panel.ResultsPanel``); the base
  class gives the plain one (place, name, score), which says nothing about any game.

The hooks with a default (a game may leave them out):

* ``draw_coach_move(surface, board, seat, move, colour)``: the coach's suggested move on the
  board (``framed_piece`` helps); default: nothing drawn, the hint is told in words only.
* ``lessons``: the dotted name of the module whose ``LESSONS`` are the game's Learn-to-play
  lessons (written on ``game.client.tutorial.script``); default "": the game has no lessons.
* ``lesson_regions(board, seat)``: the places a lesson may name, ``{name: [rect, ...]}``, read
  from the board's public geometry; ``lesson_always`` what no coach panel may cover at any
  step, ``lesson_toast_clear`` what a toast must leave in sight; default: none.
* ``daily``: the dotted name of the module that deals the game's Daily and its puzzles
  (``games.dailies`` lists what it gives), with ``puzzle_marks(board, plan)``, where a
  puzzle's best plan acts on the board; default "": the game has no daily and no puzzles.

* ``catalog_keys()``: the texts the game cannot be shown without (its name and blurb
  ``game.<game>``, ``game.<game>.blurb``, and its rules pages); the start-up check and
  ``tools/check_catalogs.py`` stop on one that English lacks. A kit adds its board's own words
  (``board_words``) so the catalog check knows them too.

The parts no screen draws are named by the rules' ``GAME`` instead (they load where pygame
never does): ``Game.bots`` (its bot levels and the coach's estimator), ``Game.phone`` (its
phone page) and ``Game.move_codec()`` (its moves on the wire).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Callable

import pygame

from game.client import gfx
from game.client.games.results_panel import ResultsPanel


class GameKit(ABC):
    lessons: str = ""                           # module of the game's LESSONS; "": none
    daily: str = ""                             # module of its Daily & puzzles; "": none
    lesson_always: tuple[str, ...] = ()         # regions no coach panel covers, every step
    lesson_toast_clear: tuple[str, ...] = ()    # regions a toast leaves in sight, every step
    board_words: tuple[str, ...] = ()           # catalog keys the board shows besides those

    def __init__(self, name: str, board: type, rules_pages: tuple[str, ...],
                 rules_picture: Callable[[pygame.Surface, pygame.Rect, str], None]) -> None:
        self.name = name                    # the game's name in the rules registry
        self.board = board                  # the game's ``BoardView`` subclass
        self.rules_pages = rules_pages      # in order; each names help.<game>.<page>.title/body
        self.rules_picture = rules_picture

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

    def results_panel(self, match, result: dict) -> ResultsPanel:
        """The game's part of the results screen for ``match`` (``result``: its scores)."""
        return ResultsPanel(match, result)

    def draw_coach_move(self, surface: pygame.Surface, board, seat: int, move,
                        colour) -> bool:
        """Draw the coach's ``move`` for ``seat`` on ``board`` in ``colour`` (pulsing); True
        when the move has a place there (False: the hint is told in words only)."""
        return False

    def lesson_regions(self, board, seat: int) -> dict[str, list[pygame.Rect]]:
        """The places on the screen a lesson may talk about, by name, for ``seat``."""
        return {}

    def puzzle_marks(self, board, plan) -> list[pygame.Rect]:
        """Where a puzzle's best ``plan`` (its daily module's) acts on ``board``."""
        return []

    def draw_rules_picture(self, surface: pygame.Surface, box: pygame.Rect, page: str) -> None:
        """The picture beside rules-help page ``page``, inside ``box``."""
        self.rules_picture(surface, box, page)

    def catalog_keys(self) -> list[str]:
        """Every catalog key this game needs in every language."""
        keys = [f"game.{self.name}", f"game.{self.name}.blurb"]
        for page in self.rules_pages:
            keys += [f"help.{self.name}.{page}.title", f"help.{self.name}.{page}.body"]
        return keys + list(self.board_words)

    def check(self) -> None:
        """Raise if the kit is incomplete in a way abstract methods cannot tell."""
        if not self.name:
            raise TypeError(f"{type(self).__name__} names no game")
        if not self.rules_pages:
            raise TypeError(f"the {self.name} kit has no rules-help pages")
        if not isinstance(self.board, type) or not callable(self.rules_picture):
            raise TypeError(f"the {self.name} kit has no board class or no rules pictures")


def framed_piece(surface: pygame.Surface, piece: pygame.Surface, rect: pygame.Rect,
                 colour) -> bool:
    """The coach's piece (a cached sprite: drawn from a copy) translucent in ``rect``, in a
    frame of ``colour``."""
    piece = piece.copy()
    piece.set_alpha(170)
    surface.blit(piece, rect)
    gfx.rect(surface, colour, rect.inflate(6, 6), 4, border_radius=6)
    return True

"""Metro's client kit: its board, move labels, replay secrets, card art, rules pages and
results panel."""

from __future__ import annotations

import pygame

from game.client import fonts, sprites, theme
from game.client.games.hidden import Hidden, Item, Strip, centred, draw_count
from game.client.games.kit_base import GameKit, framed_piece
from game.client.games.metro.geometry import GRID, PAD, square_rect
from game.client.games.metro.results import MetroResults
from game.client.games.metro.board import MetroBoard
from game.client.games.metro.help_art import draw_metro
from game.client.text import t
from game.client import gfx
from game.rules.core import HIDDEN, NotationError
from game.rules.metro.board import square_name
from game.rules.metro.data import COMPANIES
from game.rules.metro.moves import Draw, Place, parse_move

CARD_TILES = ["bcbc", "aacb", "dacc"]


class MetroKit(GameKit):
    """Metro's hooks (built at the end of this module with its name, board and rules
    pages)."""

    lessons = "game.client.games.metro.lessons"
    lesson_always = ("board",)
    # no lesson_toast_clear: toasts float over the board's edge, kept clear of it only
    # where a step marks places on it

    def move_label(self, notation: str) -> str:
        """A placement by its square (the tile is on the board; its four-letter type code
        means nothing to a player), with the turn in degrees in the free orientation variant; a
        draw; an exchange by the share given away (a replay shows hidden things) and where the
        new card came from (the pile's face-up card or its top face-down card)."""
        try:
            move = parse_move(notation)
        except NotationError:
            return notation
        if isinstance(move, Draw):
            return t("replay.metro_draw")
        if isinstance(move, Place):
            square = square_name(move.square)
            if move.rot:
                return t("replay.metro_place_turned", square=square, degrees=90 * move.rot)
            return t("replay.metro_place", square=square)
        share = t("metro.share", company=t(f"colour.{COMPANIES[move.company]}"), pct=move.pct)
        return t("replay.metro_swap_up" if move.take_up else "replay.metro_swap_down",
                 share=share)

    def hidden_info(self, game, state) -> Hidden:
        """Every player's hand tiles, the order of the face-down stack (the next tiles to be
        drawn, top first) and, with the companies expansion, every player's share cards and
        the top card of each face-down share pile (the card a face-down exchange takes
        next)."""
        # a fair LAN table's save holds one machine's view: what it never saw is HIDDEN and
        # is left out (that machine's own hand only; no stack order)
        holdings = []
        for seat in range(state.players):
            items = [Item("tile", code) for code in state.hands[seat] if code != HIDDEN]
            if state.companies:     # another seat's shares: face down (their number is public)
                items += [Item("card", _seen_card(card)) for card in state.shares[seat]]
            holdings.append(items)
        upcoming = [Item("tile", code) for code in reversed(state.stack)   # top = last
                    if code != HIDDEN]
        strips = [Strip("replay.next_tiles", {"n": len(state.stack)}, upcoming, mark_next=True)
                  if state.stack else Strip("replay.stack_empty")]
        if state.companies:
            tops = [Item("card", _seen_card(pile[0]), len(pile)) for pile in state.piles
                    if pile]
            strips.append(Strip("replay.share_piles", {}, tops))
        return Hidden(holdings, strips)

    def draw_hidden_item(self, surface, item: Item, rect: pygame.Rect) -> None:
        if item.kind == "tile":
            size = min(rect.width, rect.height)
            surface.blit(sprites.tile(item.value, 0, size), centred(rect, size))
        elif item.kind == "card":
            _share_card(surface, rect, item.value)
        draw_count(surface, item, rect)

    def results_panel(self, match, result: dict) -> MetroResults:
        return MetroResults(match, result)

    def draw_coach_move(self, surface, board, seat, move, colour) -> bool:
        """A placement: its tile, translucent, on its square."""
        if not isinstance(move, Place):
            return False
        rect = square_rect(move.square)
        return framed_piece(surface, sprites.tile(move.tile, move.rot, rect.width), rect, colour)

    def lesson_regions(self, board, seat: int) -> dict:
        """The board, the players' score rows, the seat's hand and its draw button."""
        out = {
            "board": [GRID.inflate(2 * PAD, 2 * PAD)],
            "players": [pygame.Rect(board.seat_row(s)) for s in range(board.state.players)],
            "hand": [pygame.Rect(r) for r in board.hand_rects(seat)],
        }
        draw = board.button_rect("draw", seat)
        if draw is not None:
            out["draw"] = [pygame.Rect(draw)]
        return out

    def draw_card_art(self, art: pygame.Surface) -> None:
        """Three Metro tiles."""
        for j, code in enumerate(CARD_TILES):
            art.blit(sprites.tile(code, j, 84), (j * 96, 0))


def _seen_card(card) -> tuple:
    """A share card as this machine knows it: a fair table's save holds (-1, 0) or HIDDEN
    for a card it never saw."""
    card = tuple(card)
    if HIDDEN in card or len(card) != 2 or not 0 <= card[0] < len(COMPANIES):
        return UNSEEN_CARD
    return card


def _share_card(surface, rect: pygame.Rect, card) -> None:
    """A Metro share card: the company's colour and shape, its percentage on top (a card
    never seen: its grey back with a question mark)."""
    if tuple(card) == UNSEEN_CARD:
        gfx.rect(surface, UNSEEN_FILL, rect, border_radius=5)
        gfx.rect(surface, theme.outline_for(UNSEEN_FILL), rect, 1, border_radius=5)
        fonts.blit_in(surface, "?", 15, theme.ink_on(UNSEEN_FILL), rect, "bold")
        return
    company, pct = card
    rgb = theme.COLOURS[COMPANIES[company]]
    gfx.rect(surface, rgb, rect, border_radius=5)
    gfx.rect(surface, theme.outline_for(rgb), rect, 1, border_radius=5)
    top = pygame.Rect(rect.x, rect.y + 1, rect.width, rect.height // 2)
    fonts.blit_in(surface, str(pct), 12, theme.ink_on(rgb), top, "bold")
    theme.draw_shape(surface, company, (rect.centerx, rect.bottom - rect.height // 4 - 1),
                     max(3, rect.width // 5), theme.ink_on(rgb))


UNSEEN_CARD = (-1, 0)
UNSEEN_FILL = (78, 92, 122)     # the grey-blue of a face-down piece elsewhere in the client


KIT = MetroKit(name="metro", board=MetroBoard,
               rules_pages=("goal", "turn", "place", "score", "companies"),
               rules_picture=draw_metro)

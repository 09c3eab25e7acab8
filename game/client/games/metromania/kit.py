"""Metromania's client kit: its board, move labels, replay secrets, card art, rules pages
and results panel."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.games.hidden import Hidden, Item, NOTHING_HIDDEN, draw_count
from game.client.games.kit_base import GameKit
from game.client.games.metromania.results import MetromaniaResults
from game.client.games.metromania import paint
from game.client.games.metromania.board import MetromaniaBoard
from game.client.games.metromania.help_art import draw_metromania
from game.client.text import t
from game.client import gfx
from game.rules.metromania.markers import UNFAIR
from game.rules.metromania.state import OVER


class MetromaniaKit(GameKit):
    """Metromania's hooks (built at the end of this module with its name, board and rules
    pages)."""

    def move_label(self, notation: str) -> str:
        """"Dig ×3 (+C)" for a dig of three tunnels placing marker C, the station kinds by
        their titles; the spaces and edges stay in the notation (they mean little in a
        list)."""
        kind, _, rest = notation.partition(" ")
        if kind == "dig":
            tunnels = rest.split()
            markers = "".join(part.partition("+")[2] for part in tunnels)
            label = f"{t('mania.hint_dig')} ×{len(tunnels)}"
            return label + (f" (+{markers})" if markers else "")
        if kind == "station":
            return t("mania.station_title")
        if kind == "bonus":
            return t("mania.refuse") if rest.endswith(":none") else t("mania.bonus_title")
        if kind == "pass":
            return t("mania.pass")
        return notation

    def hidden_info(self, game, state) -> Hidden:
        """With the Unfair Municipality variant, the letters of every player's unplaced
        destination markers (a view shows only their types); otherwise nothing is hidden."""
        if UNFAIR not in state.variants or state.phase == OVER:
            return Hidden(note=NOTHING_HIDDEN)
        return Hidden([[Item("marker", key) for key in hand] for hand in state.hands])

    def draw_hidden_item(self, surface, item: Item, rect: pygame.Rect) -> None:
        """A destination marker letter side up, its type in the corner badge."""
        radius = min(rect.width, rect.height) // 2 - 2
        with fonts.box(rect, "marker"):
            paint.draw_token(surface, (rect.centerx - 1, rect.centery - 1), item.value[0],
                             radius=radius, kind=item.value[1])
        draw_count(surface, item, rect)

    def results_panel(self, match, result: dict) -> MetromaniaResults:
        return MetromaniaResults(match, result)

    def draw_card_art(self, art: pygame.Surface) -> None:
        """Two rows of the triangular lattice with destinations, a solid line meeting a
        station and a striped line, both running along the edges as in the game."""
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
                gfx.polygon(art, fill, pts)
                gfx.polygon(art, paint.GRID_LINE, pts, 1)
                if kind:
                    cy = top + h * (0.64 if up else 0.36)
                    paint.draw_destination_icon(art, kind, (x + side / 2, cy), 8)
        yellow, blue = theme.colour(0), theme.colour(1)
        paint.stroke_line(art, [(4, 42), (142, 42), (165, 2)], yellow, False, 6)
        paint.stroke_line(art, [(73, 82), (211, 82), (234, 42), (272, 42)], blue, True, 6)
        paint.draw_station(art, (142, 42), yellow, 7)


KIT = MetromaniaKit(name="metromania", board=MetromaniaBoard,
                    rules_pages=("goal", "dig", "stations", "markers", "end"),
                    rules_picture=draw_metromania)

"""Metromania's client kit: its board, move labels, replay secrets, card art, rules pages
and results panel."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.games.hidden import Hidden, Item, NOTHING_HIDDEN, draw_count
from game.client.games.kit_base import GameKit
from game.client.games.metromania import geometry as geo
from game.client.games.metromania.geometry import point_xy, tunnel_segment
from game.client.games.metromania.layout import RIGHT
from game.client.games.metromania.results import MetromaniaResults
from game.client.games.metromania import paint
from game.client.games.metromania.board import MetromaniaBoard
from game.client.games.metromania.help_art import draw_metromania
from game.client.text import t
from game.client import gfx
from game.rules.metromania.markers import UNFAIR
from game.rules.metromania.moves import Bonus, Dig, Station
from game.rules.metromania.state import OVER


class MetromaniaKit(GameKit):
    """Metromania's hooks (built at the end of this module with its name, board and rules
    pages)."""

    lessons = "game.client.games.metromania.lessons"
    lesson_always = ("city",)
    # no lesson_toast_clear: toasts float over the city's edge, kept clear of it only
    # where a step marks places on it

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

    def draw_coach_move(self, surface, board, seat, move, colour) -> bool:
        """A dig: its tunnels traced; a station or a bonus: a ring on its point."""
        if isinstance(move, Dig):
            for tunnel in move.tunnels:
                a, b = tunnel_segment(tunnel.space, tunnel.edge)
                gfx.line(surface, theme.BG_DEEP, a, b, 11)
                gfx.line(surface, colour, a, b, 7)
                for end in (a, b):
                    gfx.circle(surface, colour, (int(end[0]), int(end[1])), 6)
            return True
        if isinstance(move, (Station, Bonus)) and move.point >= 0:
            x, y = point_xy(move.point)
            gfx.circle(surface, theme.BG_DEEP, (int(x), int(y)), 17, 7)
            gfx.circle(surface, colour, (int(x), int(y)), 16, 4)
            return True
        return False

    def lesson_regions(self, board, seat: int) -> dict:
        """The city, the players' rows, the markers, the test trips and the seat's buttons."""
        xs = [p[0] for p in geo.POINT_XY]
        ys = [p[1] for p in geo.POINT_XY]
        city = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                           int(max(ys) - min(ys)) + 1).inflate(16, 16)
        out = {
            "city": [city],
            "players": [pygame.Rect(board.seat_row(s)) for s in range(board.state.players)],
            "markers": [pygame.Rect(RIGHT.x + 8, RIGHT.y + 176, RIGHT.width - 16, 64)],
            "trips": [pygame.Rect(RIGHT.x + 8, RIGHT.bottom - 166, RIGHT.width - 16, 158)],
        }
        for action, rect, _enabled in board.buttons(seat):
            out[action] = [pygame.Rect(rect)]
        return out

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

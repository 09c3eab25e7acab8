"""Railroad Ink's part of the results screen: every scoring category per player (exits, longest
highway, longest railway, centre, the expansion's points, errors, total) in columns, ranked
like the winner is chosen (total, then fewest errors), and a bar chart of each player's
breakdown instead of the score-over-turns chart."""

from __future__ import annotations

import pygame

from game.client import canvas, fonts, gfx, theme
from game.client.games.railroad_ink import sprites as ink
from game.client.games.results_panel import ResultsPanel, score_text
from game.client.text import t

BASE_CATEGORIES = ("exits", "longest_highway", "longest_railway", "centre")
CATEGORY_COLOURS = {"exits": (242, 179, 61), "longest_highway": (200, 196, 186),
                    "longest_railway": (120, 128, 146), "centre": (96, 196, 122),
                    "river": ink.RIVER_BLUE, "lake": ink.LAKE_BLUE, "meteor": (170, 150, 130),
                    "volcano": ink.LAVA_RED}
BAR_TEXT = 16        # a bar lower than this has no total beside it (the table says it)


class RailroadInkResults(ResultsPanel):
    row_min = 48          # eight places a page under the column headings and the pager
    row_max = 76
    header_height = 30
    name_width = 250

    def __init__(self, match, result: dict) -> None:
        super().__init__(match, result)
        self.breakdowns = result["breakdown"]
        self._charts: dict = {}

    def rank_key(self, seat: int) -> tuple:
        b = self.breakdowns[seat]
        return (-b["total"], b["errors"])

    def categories(self) -> list[str]:
        expansion = self.match.state.expansion
        return list(BASE_CATEGORIES) + ([expansion] if expansion else [])

    def colour(self, category: str):
        return CATEGORY_COLOURS.get(category, theme.ACCENT)

    def _columns(self, rect: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        cats = self.categories() + ["errors", "total"]
        width = (rect.width - self.name_width) // len(cats)
        return [(cat, pygame.Rect(rect.x + self.name_width + i * width, rect.y, width,
                                  rect.height)) for i, cat in enumerate(cats)]

    def draw_header(self, surface, rect: pygame.Rect, look) -> None:
        for cat, column in self._columns(rect):
            colour = theme.BAD if cat == "errors" else (
                theme.TEXT if cat == "total" else self.colour(cat))
            fonts.blit_in(surface, t(f"ri.cat.{cat}"), 16, colour, column.inflate(-4, 0),
                          "semibold", name="results column")

    def draw_row(self, surface, row: pygame.Rect, seat: int, place: int, look) -> None:
        size = 30 if row.height >= 60 else 24
        self.draw_name(surface, row, seat, place, look, row.centery, "midleft", size - 4)
        b = self.breakdowns[seat]
        for cat, column in self._columns(row):
            value = b.get(cat, 0)
            text = f"−{value}" if cat == "errors" and value else score_text(value)
            fonts.blit_in(surface, text, size + (6 if cat == "total" else 0),
                          theme.BAD if cat == "errors" and value else theme.TEXT,
                          column.inflate(-4, 0), "bold" if cat == "total" else "semibold",
                          name="results cell")

    def draw_chart(self, surface, rect: pygame.Rect, seats: list[int], look) -> bool:
        key = (tuple(seats), rect.size, canvas.current_scale())
        chart = self._charts.get(key)
        if chart is None:
            self._charts = {key: self._build_chart(rect.size, seats, look)}
            chart = self._charts[key]
        surface.blit(chart, rect.topleft)
        return True

    def _build_chart(self, size, seats: list[int], look) -> pygame.Surface:
        chart = canvas.layer(size, pygame.SRCALPHA)
        box = chart.get_rect()
        theme.rounded_panel(chart, box, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        fonts.blit_in(chart, t("ri.results_chart"), 20, theme.TEXT,
                      pygame.Rect(20, 8, box.width - 40, 30), "semibold", "midleft",
                      name="results chart title")
        cats = self.categories()
        legend = cats + ["errors"]
        legend_rows = self._legend_rows(legend, box.width - 40)
        plot = pygame.Rect(20, 44, box.width - 70, box.height - 52 - 18 * len(legend_rows))
        plus = [sum(max(0, self.breakdowns[s].get(c, 0)) for c in cats) for s in seats]
        minus = [self.breakdowns[s].get("errors", 0) for s in seats]
        span = max(1, max(plus, default=0) + max(minus, default=0))
        zero = plot.x + plot.width * max(minus, default=0) // span
        n = max(1, len(seats))
        gap = 4 if n > 4 else 8
        bar_h = max(4, min(30, (plot.height - (n - 1) * gap) // n))
        for i, seat in enumerate(seats):
            y = plot.y + i * (bar_h + gap)
            x = zero
            for cat in cats:
                w = plot.width * max(0, self.breakdowns[seat].get(cat, 0)) // span
                if w:
                    gfx.rect(chart, self.colour(cat), (x, y, w, bar_h))
                x += w
            err = plot.width * minus[i] // span
            if err:
                gfx.rect(chart, theme.BAD, (zero - err, y, err, bar_h))
            gfx.rect(chart, look.seat_colour(seat), (zero - 2, y - 1, 4, bar_h + 2))
            if bar_h >= BAR_TEXT:
                label = pygame.Rect(min(x + 6, box.width - 44), y, 40, bar_h)
                fonts.blit_in(chart, score_text(self.breakdowns[seat]["total"]), 15, theme.TEXT,
                              label, "bold", "midleft", name="results bar total")
        gfx.line(chart, theme.TEXT_DIM, (zero, plot.y - 4), (zero, plot.bottom), 1)
        y = box.height - 8 - 18 * len(legend_rows)
        for row in legend_rows:
            x = 20
            for cat, width in row:
                colour = theme.BAD if cat == "errors" else self.colour(cat)
                gfx.rect(chart, colour, (x, y + 2, 12, 12), border_radius=3)
                fonts.blit_in(chart, t(f"ri.cat.{cat}"), 14, theme.TEXT_DIM,
                              pygame.Rect(x + 16, y, width, 16), "regular", "midleft",
                              name="results legend")
                x += 16 + width + 10
            y += 18
        return chart

    @staticmethod
    def _legend_rows(cats: list[str], width: int) -> list[list[tuple[str, int]]]:
        """The legend's entries (category, text width) in rows that fit ``width``."""
        rows: list[list[tuple[str, int]]] = [[]]
        x = 0
        for cat in cats:
            w = min(width - 16, fonts.render(t(f"ri.cat.{cat}"), 14, theme.TEXT_DIM).get_width())
            if rows[-1] and x + 16 + w > width:
                rows.append([])
                x = 0
            rows[-1].append((cat, w))
            x += 16 + w + 10
        return rows

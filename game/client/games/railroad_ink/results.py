"""Railroad Ink results: the shell's results screen with every scoring category per player
(exits, longest highway, longest railway, centre, the expansion's points, errors, total) and a
bar chart of each player's breakdown instead of the score-over-turns line chart."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.games.railroad_ink import sprites as ink
from game.client.screens.results import CHART, ResultsScreen, TABLE
from game.client.text import t
from game.client import canvas
from game.client import gfx

BASE_CATEGORIES = ("exits", "longest_highway", "longest_railway", "centre")
CATEGORY_COLOURS = {"exits": (242, 179, 61), "longest_highway": (200, 196, 186),
                    "longest_railway": (120, 128, 146), "centre": (96, 196, 122),
                    "river": ink.RIVER_BLUE, "lake": ink.LAKE_BLUE, "meteor": (170, 150, 130),
                    "volcano": ink.LAVA_RED}


PAGE_ROWS = 8      # a bigger table (up to 32 seats) is shown a page of 8 places at a time


class RailroadInkResults(ResultsScreen):
    def __init__(self, app, match, history=None, setup=None) -> None:
        super().__init__(app, match, history, setup)
        # ranked like the winner is chosen: total, then fewest errors
        breakdowns = self.result["breakdown"]
        self.ranking = sorted(range(len(breakdowns)),
                              key=lambda s: (-breakdowns[s]["total"], breakdowns[s]["errors"], s))
        self.page = 0
        self.pages = max(1, -(-len(self.ranking) // PAGE_ROWS))

    @property
    def order(self) -> list[int]:
        """The seats of the page shown, best first (all of them at a table of up to 8)."""
        return self.ranking[self.page * PAGE_ROWS:(self.page + 1) * PAGE_ROWS]

    @order.setter
    def order(self, value) -> None:      # the shell sets its own order first: ours wins
        pass

    def handle(self, intent) -> None:
        # the wheel, R/E (or Q back) and the controller's Y turn the page of a big table
        if intent.kind == "rotate" and self.pages > 1:
            self.page = (self.page + (1 if intent.value >= 0 else -1)) % self.pages
            self._chart = None
            return
        super().handle(intent)

    def hints(self):
        hints = super().hints()
        return hints + ([("rotate", t("ri32.next_page"))] if self.pages > 1 else [])

    def categories(self) -> list[str]:
        expansion = self.match.state.expansion
        return list(BASE_CATEGORIES) + ([expansion] if expansion else [])

    def _colour(self, category: str):
        return CATEGORY_COLOURS.get(category, theme.ACCENT)

    def _draw_table(self, surface) -> None:
        cats = self.categories() + ["errors", "total"]
        n = len(self.order)
        head_h = 30
        row_h = min(80, (TABLE.height - head_h - (max(n, 1) - 1) * 6) // max(1, n))
        name_w = 250
        col_w = (TABLE.width - name_w) // len(cats)
        y = TABLE.y
        for i, cat in enumerate(cats):
            x = TABLE.x + name_w + i * col_w + col_w // 2
            colour = theme.BAD if cat == "errors" else (
                theme.TEXT if cat == "total" else self._colour(cat))
            fonts.blit(surface, t(f"ri.cat.{cat}"), 16, colour, (x, y + 14), "semibold",
                       "center")
        y += head_h
        breakdowns = self.result["breakdown"]
        size = 30 if row_h >= 56 else 20
        if self.pages > 1:
            fonts.blit_in(surface, t("ri32.page", n=self.page + 1, total=self.pages), 16,
                          theme.TEXT_DIM, pygame.Rect(TABLE.x, TABLE.y, name_w - 20, head_h),
                          "semibold", "midleft", name="results page")
        first = self.page * PAGE_ROWS
        for rank, seat in enumerate(self.order, start=first):
            row = pygame.Rect(TABLE.x, y, TABLE.width, row_h)
            self.draw_seat_row(surface, row, seat, radius=14, bar=(10, 8, 10))
            with fonts.box(pygame.Rect(row.x + 30, row.y, name_w - 36, row.height), "name"):
                fonts.blit(surface, f"{self._place(rank)}. {self.seat_name(seat)}", size - 4,
                           theme.TEXT, (row.x + 30, row.centery), "semibold", "midleft")
            b = breakdowns[seat]
            for i, cat in enumerate(cats):
                value = b.get(cat, 0)
                text = f"−{value}" if cat == "errors" and value else str(value)
                x = TABLE.x + name_w + i * col_w + col_w // 2
                fonts.blit(surface, text, size + (6 if cat == "total" else 0),
                           theme.BAD if cat == "errors" and value else theme.TEXT,
                           (x, row.centery), "bold" if cat == "total" else "semibold", "center")
            y += row_h + 6

    def _place(self, index: int) -> int:
        """1-based place of the index-th seat of the ranking (equal rankings share one)."""
        b = self.result["breakdown"]
        key = (lambda s: (b[s]["total"], b[s]["errors"]))
        while index > 0 and key(self.ranking[index - 1]) == key(self.ranking[index]):
            index -= 1
        return index + 1

    def _build_chart(self) -> pygame.Surface:
        chart = canvas.layer(CHART.size, pygame.SRCALPHA)
        box = chart.get_rect()
        theme.rounded_panel(chart, box, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        fonts.blit(chart, t("ri.results_chart"), 22, theme.TEXT, (20, 14), "semibold")
        cats = self.categories()
        breakdowns = self.result["breakdown"]
        plus = [sum(max(0, b.get(c, 0)) for c in cats) for b in breakdowns]
        minus = [b.get("errors", 0) for b in breakdowns]
        span = max(1, max(plus) + max(minus))
        plot = pygame.Rect(20, 50, box.width - 70, box.height - 100)
        zero = plot.x + plot.width * max(minus) // span
        n = len(self.order)
        bar_h = max(8, min(34, (plot.height - (n - 1) * 8) // max(1, n)))
        for i, seat in enumerate(self.order):
            y = plot.y + i * (bar_h + 8)
            x = zero
            for cat in cats:
                value = max(0, breakdowns[seat].get(cat, 0))
                w = plot.width * value // span
                if w:
                    gfx.rect(chart, self._colour(cat), (x, y, w, bar_h))
                x += w
            err = plot.width * minus[seat] // span
            if err:
                gfx.rect(chart, theme.BAD, (zero - err, y, err, bar_h))
            gfx.rect(chart, self.seat_colour(seat), (zero - 2, y - 2, 4, bar_h + 4))
            fonts.blit(chart, str(breakdowns[seat]["total"]), 15, theme.TEXT,
                       (min(x + 6, box.width - 30), y + bar_h // 2), "bold", "midleft")
        gfx.line(chart, theme.TEXT_DIM, (zero, plot.y - 6), (zero, plot.bottom), 1)
        # legend
        x, y = 20, box.height - 40
        for cat in cats + ["errors"]:
            colour = theme.BAD if cat == "errors" else self._colour(cat)
            gfx.rect(chart, colour, (x, y, 14, 14), border_radius=3)
            r = fonts.blit(chart, t(f"ri.cat.{cat}"), 14, theme.TEXT_DIM, (x + 18, y - 1))
            x = r.right + 10
            if x > box.width - 70:
                x, y = 20, y + 18
        return chart

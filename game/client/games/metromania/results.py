"""Metromania's part of the results screen: per seat its stations (with the lines' adjustment),
trips, guilt and park–lake points, then its lines completed, tunnels and each trip's points."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.games.results_panel import ResultsPanel
from game.client.text import t


class MetromaniaResults(ResultsPanel):
    row_min = 96
    row_max = 112

    def detail_lines(self, seat: int) -> list[str]:
        b = self.result["breakdown"][seat]
        first = t("mania.results_line", stations=b["stations"],
                  adjust=f"{b.get('line_adjustment', 0):+d}",
                  trips=f"{b.get('trip_points', 0):+d}", guilt=f"{b.get('guilt', 0):+d}",
                  park=f"{b.get('park_lake', 0):+d}")
        second = t("mania.results_lines", done=b["lines_completed"], tunnels=b["tunnels"])
        trips = [f"{letter} {value:+d}" for letter, value in sorted(b.get("trips", {}).items())
                 if value]
        if trips:
            second += " · " + "  ".join(trips)
        return [first, second]

    def draw_row(self, surface, row: pygame.Rect, seat: int, place: int, look) -> None:
        self.draw_name(surface, row, seat, place, look, row.y + 10)
        self.draw_score(surface, row, seat, row.y + 6)
        for i, line in enumerate(self.detail_lines(seat)):
            area = pygame.Rect(row.x + 64, row.y + 44 + i * 24, row.width - 64 - 20, 24)
            if area.bottom > row.bottom - 2:
                break
            with fonts.box(area, "results detail"):
                fonts.blit(surface, line, 18 if i == 0 else 16, theme.TEXT_DIM,
                           (area.x, area.y))

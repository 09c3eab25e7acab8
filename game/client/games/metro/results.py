"""Metro's part of the results screen: per seat its completed lines and those into the centre
(chips: each line's points, a centre line with what was doubled), or with the companies
expansion its shares and majority bonus, the share cards it held, and below the rows the
companies' table (profit, worth, majority holders)."""

from __future__ import annotations

import pygame

from game.client import fonts, gfx, theme
from game.client.games.results_panel import ResultsPanel
from game.client.text import t
from game.rules.metro.data import COMPANIES

COMPANY_TABLE = 140     # the companies' table below the rows


class MetroResults(ResultsPanel):
    row_min = 80
    row_max = 108

    def extra_height(self) -> int:
        return COMPANY_TABLE if "companies" in self.result else 0

    def draw_row(self, surface, row: pygame.Rect, seat: int, place: int, look) -> None:
        self.draw_name(surface, row, seat, place, look, row.y + 10)
        self.draw_score(surface, row, seat, row.y + 6)
        detail = pygame.Rect(row.x + 64, row.y + 44, row.width - 64 - 130, 26)
        with fonts.box(detail, "results detail"):
            if "companies" in self.result:
                b = self.result["breakdown"][seat]
                fonts.blit(surface, t("results.company_breakdown", shares=b["shares"],
                                      bonus=b["bonus"]), 19, theme.TEXT_DIM,
                           (detail.x, detail.y))
            else:
                fonts.blit(surface, self._line_text(seat), 19, theme.TEXT_DIM,
                           (detail.x, detail.y))
        chips = pygame.Rect(row.x + 64, detail.bottom + 2, row.right - 90 - row.x - 64, 24)
        if chips.bottom > row.bottom - 4:
            return                       # a low row: the chips are left out
        if "companies" in self.result:
            self._draw_held_shares(surface, seat, chips)
        else:
            self._draw_line_chips(surface, seat, chips, look.seat_colour(seat))

    def _mine(self, seat: int) -> list:
        return [ln for ln in self.result.get("lines", []) if ln["owner"] == seat]

    def _line_text(self, seat: int) -> str:
        mine = self._mine(seat)
        done = [ln for ln in mine if ln["done"]]
        centre = [ln for ln in done if ln["centre"]]
        return t("results.line_breakdown", done=len(done), cars=len(mine), centre=len(centre),
                 centre_points=sum(ln["points"] for ln in centre))

    def _draw_line_chips(self, surface, seat: int, area: pygame.Rect, rgb) -> None:
        x = area.x
        done = [ln for ln in self._mine(seat) if ln["done"]]
        for ln in sorted(done, key=lambda ln: -ln["points"]):
            # a centre line's points are already doubled: say what was doubled
            label = (t("results.centre_chip", station=ln["station"], points=ln["points"],
                       half=ln["points"] // 2)
                     if ln["centre"] else f"{ln['station']}: {ln['points']}")
            width = fonts.render(label, 16, theme.TEXT, "semibold").get_width() + 14
            chip = pygame.Rect(x, area.y, width, area.height)
            if chip.right > area.right:
                break
            if ln["centre"]:
                # lines into the central station: a dark chip ringed in the seat colour
                gfx.rect(surface, theme.BG_DEEP, chip, border_radius=12)
                gfx.rect(surface, rgb, chip, 2, border_radius=12)
                ink = theme.ACCENT
            else:
                gfx.rect(surface, rgb, chip, border_radius=12)
                ink = theme.ink_on(rgb)
            fonts.blit_in(surface, label, 16, ink, chip, "semibold", name="results chip")
            x = chip.right + 6

    def _draw_held_shares(self, surface, seat: int, area: pygame.Rect) -> None:
        x = area.x
        for company, pct in self.match.state.shares[seat]:
            if company < 0:
                continue            # a card this machine never saw
            rgb = theme.COLOURS[COMPANIES[company]]
            chip = pygame.Rect(x, area.y, 52, 21)
            if chip.right > area.right:
                break
            gfx.rect(surface, rgb, chip, border_radius=10)
            fonts.blit_in(surface, f"{pct}%", 16, theme.ink_on(rgb), chip, "semibold",
                          name="results chip")
            x += 58

    def draw_extra(self, surface, rect: pygame.Rect, look) -> None:
        comps = self.result.get("companies")
        if not comps:
            return
        fonts.blit_in(surface, t("results.companies"), 20, theme.ACCENT,
                      pygame.Rect(rect.x, rect.y, rect.width, 30), "semibold", "midleft",
                      name="results companies")
        count = max(1, len(comps))
        w = (rect.width - (count - 1) * 8) // count
        for i, comp in enumerate(comps):
            rgb = theme.COLOURS.get(comp["name"], (128, 128, 128))
            box = pygame.Rect(rect.x + i * (w + 8), rect.y + 34, w, 96)
            theme.rounded_panel(surface, box, theme.PANEL, 10, rgb, 3)
            with fonts.box(box.inflate(-8, 0), "results company"):
                fonts.blit(surface, str(comp["profit"]), 28, theme.TEXT,
                           (box.centerx, box.y + 22), "bold", "center")
                fonts.blit(surface, t("results.worth", n=comp["worth"]), 15, theme.TEXT_DIM,
                           (box.centerx, box.y + 50), "regular", "center")
                holders = ", ".join(look.seat_name(s) for s in comp["majority"]) or "—"
                fonts.blit(surface, holders, 14, theme.TEXT_DIM, (box.centerx, box.y + 74),
                           "regular", "center")

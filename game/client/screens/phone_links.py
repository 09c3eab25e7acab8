"""The phone seats' QR codes on the table's screen (issue 27): shown when a table with phone
seats starts, and from the pause menu's *Phones*.

Each phone seat has a card: its QR code (the seat's link: a phone's camera opens it in the
browser), the short address and the code to type instead, and whether its phone is here.
Four cards a page (Railroad Ink may have many phone seats: left/right pages through them).
The phones can join while this screen is up (the phone table is pumped here). ``play`` is the
play screen whose ``phones`` (``served_phones.ServedPhones``) these are: a local table's or a
LAN table's, on its host or on a joiner.
"""

from __future__ import annotations

import pygame

from game.client import fonts, gfx, theme
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.widgets import Form, Item

PER_PAGE = 4
CARD_W, CARD_H, QR_SIDE = 284, 420, 216


class PhoneLinksScreen(MenuScreen):
    def __init__(self, app, play, start: bool = False) -> None:
        super().__init__(app)
        self.play = play
        self.start = start
        self.page = 0
        self.matrices: dict[int, list] = {}
        self.build()

    @property
    def phones(self):
        return self.play.phones

    @property
    def seats(self) -> list[int]:
        return self.phones.seat_numbers

    def pages(self) -> int:
        return max(1, (len(self.seats) + PER_PAGE - 1) // PER_PAGE)

    def build(self) -> None:
        items = [Item("done", lambda: t("phone_tv.play") if self.start else t("common.back"))]
        if self.pages() > 1:
            items += [Item("prev", lambda: "‹"), Item("next", lambda: "›")]
        self.form = Form(items, pygame.Rect(490, 588, 300, 0), row_height=56)
        for item in items:
            if item.key == "prev":
                item.rect = pygame.Rect(360, 588, 110, 56)
            elif item.key == "next":
                item.rect = pygame.Rect(810, 588, 110, 56)

    def on_activate(self, item) -> None:
        if item.key == "done":
            self.app.pop()
        elif item.key in ("prev", "next"):
            self.page = (self.page + (1 if item.key == "next" else -1)) % self.pages()

    def on_cancel(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        self.phones.pump()            # phones join (and see their seat) while this is up

    def animating(self) -> bool:
        return True                   # a phone that joins shows at once

    def matrix(self, seat: int) -> list:
        if seat not in self.matrices:
            self.matrices[seat] = self.phones.qr_matrix(seat)
        return self.matrices[seat]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit_fit(surface, t("phone_tv.title"), 40, theme.TEXT, (640, 46), 1180, "bold",
                       "center")
        fonts.blit_fit(surface, t("phone_tv.how"), 20, theme.TEXT_DIM, (640, 92), 1180,
                       "regular", "center")
        if not self.phones.serving:
            fonts.blit_fit(surface, t("phone_tv.no_phones"), 24, theme.BAD, (640, 360), 1100,
                           "semibold", "center")
            self.form.draw(surface)
            return
        shown = self.seats[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        gap = 24
        left = 640 - (len(shown) * CARD_W + (len(shown) - 1) * gap) // 2
        for index, seat in enumerate(shown):
            self._card(surface, seat, pygame.Rect(left + index * (CARD_W + gap), 124, CARD_W,
                                                  CARD_H))
        if self.pages() > 1:
            fonts.blit(surface, f"{self.page + 1} / {self.pages()}", 20, theme.TEXT_DIM,
                       (640, 566), "regular", "center")
        self.form.draw(surface)

    def _card(self, surface, seat: int, card: pygame.Rect) -> None:
        phones = self.phones
        link = phones.link(seat)
        theme.rounded_panel(surface, card, theme.PANEL, 18, theme.PANEL_EDGE, 2)
        chip = pygame.Rect(card.x + 18, card.y + 18, 22, 22)
        gfx.rect(surface, self.play.seat_colour(seat), chip, border_radius=11)
        fonts.blit_in(surface, self.play.seat_name(seat), 26, theme.TEXT,
                      pygame.Rect(chip.right + 10, card.y + 12, card.width - 70, 34), "bold",
                      "midleft", name="phone seat name")
        self._qr(surface, self.matrix(seat),
                 pygame.Rect(card.centerx - QR_SIDE // 2, card.y + 56, QR_SIDE, QR_SIDE))
        fonts.blit_in(surface, link.short_url.split("://", 1)[1], 19, theme.TEXT,
                      pygame.Rect(card.x + 10, card.y + 282, card.width - 20, 28), "semibold",
                      "center", name="phone short url")
        fonts.blit_in(surface, link.code, 34, theme.ACCENT,
                      pygame.Rect(card.x + 10, card.y + 312, card.width - 20, 44), "bold",
                      "center", name="phone code")
        if phones.bot_plays(seat):
            status, colour = t("phone_tv.status_bot"), theme.TEXT_DIM
        elif phones.connected(seat):
            status, colour = "✓ " + t("phone_tv.status_here"), theme.GOOD
        elif phones.joined(seat):
            status, colour = t("phone_tv.status_away"), theme.BAD
        else:
            status, colour = t("phone_tv.status_waiting"), theme.TEXT_DIM
        fonts.blit_in(surface, status, 20, colour,
                      pygame.Rect(card.x + 10, card.y + 366, card.width - 20, 36), "semibold",
                      "center", name="phone status")

    @staticmethod
    def _qr(surface, matrix: list, area: pygame.Rect) -> None:
        """Dark modules on white, a quiet zone of four modules, one rect per dark run."""
        size = len(matrix)
        module = area.width // (size + 8)
        side = module * (size + 8)
        box = pygame.Rect(0, 0, side, side)
        box.center = area.center
        gfx.rect(surface, (255, 255, 255), box, border_radius=6)
        x0, y0 = box.x + 4 * module, box.y + 4 * module
        for row, cells in enumerate(matrix):
            start = None
            for col, dark in enumerate(cells + [False]):
                if dark and start is None:
                    start = col
                elif not dark and start is not None:
                    gfx.rect(surface, (16, 18, 24), pygame.Rect(
                        x0 + start * module, y0 + row * module, (col - start) * module, module))
                    start = None

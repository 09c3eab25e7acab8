"""The phone seats' QR codes on the table's screen (issue 27): shown when a table with phone
seats starts, and from the pause menu's *Phones*.

Each phone seat has a card: its QR code (the seat's link: a phone's camera opens it in the
browser), the short address and the code to type instead, and whether its phone is here.
Four cards a page (Railroad Ink may have many phone seats: left/right pages through them, and
the pages turn by themselves every ``PAGE_SECONDS``, so a guest whose card is on another page
sees it without anyone at the keyboard). A page of one or two cards lays each out wide, its QR
code larger (to be scanned from across the room). The QR code's modules are whole native
pixels (``WIDE_QR``: 10 px at 1080p for a usual link; four cards a page: 7 px), drawn once a
window size. The phones can join while this screen is up (the phone table is pumped here).
``play`` is the play screen whose ``phones`` (``served_phones.ServedPhones``) these are: a
local table's or a LAN table's, on its host or on a joiner.
"""

from __future__ import annotations

import io

import pygame

from game.client import canvas, fonts, gfx, text_layout, theme
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.widgets import Form, Item

PER_PAGE = 4
CARD_W, CARD_H, QR_SIDE = 284, 420, 216      # four cards a page
WIDE_W, WIDE_QR = 600, 300                   # one or two: the QR code beside the code
PAGE_SECONDS = 10.0
QUIET = 4                                    # the QR code's quiet zone, in modules


class PhoneLinksScreen(MenuScreen):
    def __init__(self, app, play, start: bool = False) -> None:
        super().__init__(app)
        self.play = play
        self.start = start
        self.page = 0
        self.page_clock = 0.0
        self.matrices: dict[int, list] = {}
        self.images: dict[tuple, pygame.Surface] = {}   # (seat, module px) -> the QR code
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
            self.turn(1 if item.key == "next" else -1)

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages()
        self.page_clock = 0.0

    def on_cancel(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        self.phones.pump()            # phones join (and see their seat) while this is up
        self.page_clock += dt
        if self.pages() > 1 and self.page_clock >= PAGE_SECONDS:
            self.turn(1)

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
        wide = len(shown) <= 2
        width = WIDE_W if wide else CARD_W
        left = 640 - (len(shown) * width + (len(shown) - 1) * gap) // 2
        for index, seat in enumerate(shown):
            card = pygame.Rect(left + index * (width + gap), 124, width, CARD_H)
            if wide:
                self._wide_card(surface, seat, card)
            else:
                self._card(surface, seat, card)
        if self.pages() > 1:
            fonts.blit(surface, f"{self.page + 1} / {self.pages()}", 20, theme.TEXT_DIM,
                       (640, 566), "regular", "center")
        self.form.draw(surface)

    def _card(self, surface, seat: int, card: pygame.Rect) -> None:
        link = self._card_top(surface, seat, card)
        self._qr(surface, seat,
                 pygame.Rect(card.centerx - QR_SIDE // 2, card.y + 56, QR_SIDE, QR_SIDE))
        fonts.blit_in(surface, link.short_url.split("://", 1)[1], 19, theme.TEXT,
                      pygame.Rect(card.x + 10, card.y + 282, card.width - 20, 28), "semibold",
                      "center", name="phone short url")
        fonts.blit_in(surface, link.code, 34, theme.ACCENT,
                      pygame.Rect(card.x + 10, card.y + 312, card.width - 20, 44), "bold",
                      "center", name="phone code")
        self._status(surface, seat, pygame.Rect(card.x + 10, card.y + 366, card.width - 20, 36),
                     20)

    def _wide_card(self, surface, seat: int, card: pygame.Rect) -> None:
        """The QR code large on the left; the code and the phone's status beside it, the
        short address under both."""
        link = self._card_top(surface, seat, card)
        qr = pygame.Rect(card.x + 20, card.y + 54, WIDE_QR, WIDE_QR)
        self._qr(surface, seat, qr)
        column = pygame.Rect(qr.right + 12, qr.y, card.right - 14 - qr.right - 12, qr.height)
        fonts.blit_in(surface, link.code, 48, theme.ACCENT,
                      pygame.Rect(column.x, column.y + 70, column.width, 60), "bold", "center",
                      name="phone code")
        self._status(surface, seat, pygame.Rect(column.x, column.y + 150, column.width, 64), 21)
        fonts.blit_in(surface, link.short_url.split("://", 1)[1], 22, theme.TEXT,
                      pygame.Rect(card.x + 14, qr.bottom + 10, card.width - 28, 32), "semibold",
                      "center", name="phone short url")

    def _card_top(self, surface, seat: int, card: pygame.Rect):
        """The card's panel and its seat's colour and name; the seat's link."""
        theme.rounded_panel(surface, card, theme.PANEL, 18, theme.PANEL_EDGE, 2)
        chip = pygame.Rect(card.x + 18, card.y + 18, 22, 22)
        gfx.rect(surface, self.play.seat_colour(seat), chip, border_radius=11)
        fonts.blit_in(surface, self.play.seat_name(seat), 26, theme.TEXT,
                      pygame.Rect(chip.right + 10, card.y + 12, card.width - 70, 34), "bold",
                      "midleft", name="phone seat name")
        return self.phones.link(seat)

    def _status(self, surface, seat: int, box: pygame.Rect, size: int) -> None:
        phones = self.phones
        if phones.bot_plays(seat):
            status, colour = t("phone_tv.status_bot"), theme.TEXT_DIM
        elif phones.connected(seat):
            status, colour = "✓ " + t("phone_tv.status_here"), theme.GOOD
        elif phones.joined(seat):
            status, colour = t("phone_tv.status_away"), theme.BAD
        else:
            status, colour = t("phone_tv.status_waiting"), theme.TEXT_DIM
        height = size + 8
        lines = text_layout.wrap(status, size, box.width, "semibold")
        if len(lines) > box.height // height:
            lines = [status]                  # no room for its lines: one, shrunk to fit
        top = box.centery - len(lines) * height // 2
        for index, line in enumerate(lines):
            fonts.blit_in(surface, line, size, colour,
                          pygame.Rect(box.x, top + index * height, box.width, height),
                          "semibold", "center", name="phone status")

    def _qr(self, surface, seat: int, area: pygame.Rect) -> None:
        """The seat's QR code centred in ``area`` (logical units) on a white rounded box,
        its modules whole native pixels (as large as ``area`` allows), its quiet zone four
        modules wide."""
        scale = canvas.current_scale()
        count = len(self.matrix(seat)) + 2 * QUIET
        module = max(1, int(area.width * scale) // count)
        image = self.images.get((seat, module))
        if image is None:
            # segno draws it at this many pixels a module: blitted 1:1, never stretched
            png = self.phones.qr_png(seat, scale=module, border=QUIET)
            image = self.images[(seat, module)] = pygame.image.load(io.BytesIO(png), "qr.png")
        side = count * module / scale                     # logical units
        box = pygame.Rect(0, 0, round(side), round(side))
        box.center = area.center
        gfx.rect(surface, (255, 255, 255), box.inflate(4, 4), border_radius=6)
        native = (round(area.centerx * scale - image.get_width() / 2),
                  round(area.centery * scale - image.get_height() / 2))
        if hasattr(surface, "blit_native"):
            surface.blit_native(image, native)
        else:
            pygame.Surface.blit(surface, image, native)

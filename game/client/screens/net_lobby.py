"""The table we joined: every seat as the host shows it; for each of our seats a name, a colour
and who plays it here (a device, a guest's phone this machine serves, or a bot on this
machine); Ready; then the game starts.

A refusal (version mismatch, table full...) or the host closing the table returns to the
find-tables screen with the reason in the player's language.
"""

from __future__ import annotations

import pygame

from game.bots.base import levels
from game.client import fonts, navigation, text_layout, theme
from game.client.screens import netplay
from game.client.screens.base import MenuScreen
from game.client.screens.lobby import (COLLUSION_BOX, collusion_text, draw_seat_rows,
                                       level_label, phone_seats_of)
from game.client.seats import PHONE, SeatKind
from game.client.text import t
from game.client.text_layout import fit_size, fit_text
from game.client.widgets import Form, Item

ROWS = pygame.Rect(48, 150, 640, 56)
MINE = pygame.Rect(730, 150, 502, 56)


class JoinedLobbyScreen(MenuScreen):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.ready = False
        self.welcomed = False
        self.mine: list[int] = []
        self.names: dict[int, str] = {}
        self.colours: dict[int, int] = {}
        self.who: dict[int, str] = {}
        self.renames_told: set[tuple[int, str]] = set()
        self._status_width, self._status_y = 560, 68
        self._seats_shown = False
        self.host_phase = "lobby"
        self.build()

    # -- our seats -------------------------------------------------------------------------
    def _adopt(self, seats: list[int]) -> None:
        """Seats the host gave us: default name, colour and device for each."""
        pads = self.app.input.connected_pads()
        names = list(self.app.settings["player_names"])
        # the colours the other seats show (a seat without one shows its index's colour)
        taken = {row["colour"] if row["colour"] >= 0 else i % 8
                 for i, row in enumerate(self.session.seats)
                 if i not in seats and SeatKind.of_row(row) != SeatKind.OPEN}
        for order, seat in enumerate(seats):
            if seat in self.who:
                continue
            if order == 0:
                device = "mouse+keyboard"
            else:
                device = pads[order - 1] if order - 1 < len(pads) else "mouse+keyboard"
            self.who[seat] = f"human:{device}"
            generic = t("common.player_n", n=1)      # every machine's default: not a name
            if order == 0 and self.session.name and self.session.name != generic:
                name = self.session.name
            elif order < len(names) and names[order]:
                name = names[order]
            else:
                name = t("common.player_n", n=seat + 1)
            self.names[seat] = name[:14]
            colour = next((c for c in range(8) if c not in taken), seat % 8)
            taken.add(colour)
            self.colours[seat] = colour
            self.session.devices[seat] = device
            if self.host_phase == "lobby":     # a seat taken back during play keeps its name
                self.session.conn.set_seat(seat, self.names[seat], colour)
        for seat in list(self.who):
            if seat not in seats:         # the host freed that seat: it is not ours any more
                self.who.pop(seat)
                self.session.devices.pop(seat, None)
                self.session.local_bots.pop(seat, None)
        self.mine = list(seats)

    def who_options(self) -> list[str]:
        # "Phone": a guest's phone plays our seat, served by this machine (served_phones)
        devices = ["mouse+keyboard", "mouse", "keyboard"] + self.app.input.connected_pads() \
            + [PHONE]
        return [f"human:{d}" for d in devices] + [f"bot:{lv}" for lv in levels(self.session.game
                                                                             or None)]

    def who_label(self, who: str) -> str:
        kind, _, rest = who.partition(":")
        if kind == SeatKind.BOT:
            return t("setup.bot", level=level_label(rest))
        return t("setup.human", device=" + ".join(self.app.pad_label(d) for d in rest.split("+")))

    def build(self) -> None:
        focus_key = self.form.focused.key if self.form and self.form.focused else None
        items = []
        for seat in self.mine:
            items.append(Item(f"name:{seat}", lambda: "", "text", value=self.names[seat],
                              max_len=14))
            items.append(Item(f"colour:{seat}", lambda: "", "choice", options=list(range(8)),
                              value=self.colours[seat],
                              option_label=lambda c: t(f"colour.{theme.colour_name(c)}"),
                              swatch=lambda c: (theme.colour(c), c)))
            items.append(Item(f"who:{seat}", lambda: "", "choice", options=self.who_options(),
                              value=self.who[seat], option_label=self.who_label))
        if self.mine:
            items.append(Item("ready", lambda: t("lan.not_ready_button") if self.ready
                              else t("lan.ready_button")))
        items.append(Item("leave", lambda: t("lan.leave")))
        self.form = Form(items, pygame.Rect(0, 0, 10, 10))
        for item in items:
            kind, _, seat = item.key.partition(":")
            if seat:
                row = self.mine.index(int(seat))
                y = MINE.y + row * 132
                if kind == "name":
                    item.rect = pygame.Rect(MINE.x, y, 250, 56)
                elif kind == "colour":
                    item.rect = pygame.Rect(MINE.x + 258, y, 244, 56)
                else:
                    item.rect = pygame.Rect(MINE.x, y + 62, MINE.width, 56)
            elif kind == "ready":
                item.rect = pygame.Rect(48, 600, 300, 64)
            else:
                item.rect = pygame.Rect(364 if self.mine else 48, 600, 180, 64)
        if focus_key == "leave" and self.mine and not self._seats_shown:
            focus_key = None      # our seats just arrived: "I'm ready" is the next step
        self._seats_shown = bool(self.mine)
        focus_key = focus_key or ("ready" if self.mine else "leave")   # one press to be ready
        for index, item in enumerate(items):
            if item.key == focus_key:
                self.form.focus = index

    # -- reactions -------------------------------------------------------------------------
    def on_change(self, item) -> None:
        kind, _, seat_text = item.key.partition(":")
        if not seat_text:
            return
        seat = int(seat_text)
        if kind == "name":
            self.names[seat] = str(item.value).strip()[:14] or t("common.player_n", n=seat + 1)
        elif kind == "colour":
            # skip colours other seats already wear, in the direction the player stepped
            taken = {row["colour"] for i, row in enumerate(self.session.seats)
                     if i != seat and SeatKind.of_row(row) != SeatKind.OPEN} | {
                c for other, c in self.colours.items() if other != seat}
            old = self.colours[seat]
            step = 1 if (item.value - old) % 8 == 1 else -1
            colour = item.value
            for _ in range(8):
                if colour not in taken:
                    break
                colour = (colour + step) % 8
            item.value = self.colours[seat] = colour
        elif kind == "who":
            # (no local-human limit here: a guest takes at most four seats, see find_tables)
            what, _, rest = item.value.partition(":")
            self.who[seat] = item.value
            if what == SeatKind.BOT:
                self.session.devices.pop(seat, None)
                self.session.local_bots[seat] = rest
                self.session.conn.set_bot(seat, rest)
            else:
                self.session.devices[seat] = rest
                self.session.local_bots.pop(seat, None)
                self.session.conn.set_bot(seat, None)
                if rest == PHONE:    # where the guest's code will be: said as it is chosen
                    self.app.toasts.show(t("phone_tv.lobby_note"), "info")
            return
        self.session.conn.set_seat(seat, self.names[seat], self.colours[seat])

    def on_activate(self, item) -> None:
        if item.key == "ready":
            self.ready = not self.ready
            self.session.conn.set_ready(self.ready)
        elif item.key == "leave":
            self.leave_table()

    def on_cancel(self) -> None:
        self.leave_table()

    def leave_table(self) -> None:
        self.session.close()
        self.app.pop()

    def leave(self) -> None:
        if self.session.phase not in ("playing", "over"):
            self.session.close()

    # -- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        FindTablesScreen = navigation.get("FindTablesScreen")
        rebuild = False
        for event in self.session.pump():
            kind = event["event"]
            if kind == "welcome":
                self.welcomed = True
            elif kind == "lobby":
                self.host_phase = event.get("phase", "lobby")
                seats = list(self.session.conn.endpoint.seats)
                if seats != self.mine:
                    self._adopt(seats)
                    rebuild = True
                self._note_renames()
            elif kind == "seeding_aborted":
                self.app.toasts.show(netplay.reason_text(event["code"], event.get("args")), "bad")
            elif kind == "started":
                self.app.replace(netplay.NetPlayScreen(self.app, self.session))
                return
            elif kind == "ended":
                message = netplay.reason_text(event["code"], event.get("args"))
                self.app.pop()
                finder = self.app.find(FindTablesScreen)
                if finder is not None and self.app.top is finder:
                    finder.fail(message)
                else:
                    self.app.toasts.show(message, "bad")
                return
        if rebuild:
            self.build()

    def _note_renames(self) -> None:
        """The host numbers a name another player at the table already has ("Ann (2)"): the
        seat rows show it; say once why our seat is not called what we typed."""
        told = self.renames_told
        for seat in self.mine:
            row = self.session.seats[seat] if seat < len(self.session.seats) else {}
            asked, shown = self.names.get(seat, ""), row.get("name", "")
            if asked and shown and shown != asked and shown.startswith(asked[:30] + " (") \
                    and (seat, shown) not in told:
                told.add((seat, shown))
                self.app.toasts.show(t("lan.toast.renamed", asked=asked, name=shown), "info",
                                     seconds=6.0)

    # -- drawing ---------------------------------------------------------------------------
    def status_line(self) -> str:
        return t("lan.waiting_host") if self.ready or not self.mine else t("lan.press_ready")

    def status_rect(self) -> pygame.Rect:
        """Where the status line was last drawn (tests check toasts stay clear of it)."""
        state = self.status_line()
        size = fit_size(state, 22, self._status_width, "semibold", smallest=13)
        rect = pygame.Rect((0, 0), fonts.font_for_text(state, size, "semibold").size(state))
        rect.midright = (MINE.right, self._status_y)
        return rect

    def collusion_box(self) -> pygame.Rect | None:
        """Where this lobby says who could read hands together (issue 28: the host's lobby
        says it in the same place), or None while our seat choices reach down there."""
        if not self.welcomed or not self.session.seats:
            return None
        items = [item.rect for item in self.form.items if item.rect.width > 0]
        return None if COLLUSION_BOX.collidelist(items) >= 0 else COLLUSION_BOX

    def toast_avoid(self) -> list[pygame.Rect]:
        box = self.collusion_box()
        return [box] if box is not None else []

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        session = self.session
        game = t(f"game.{session.game}") if session.game else "…"
        host, port = session.address
        title = fonts.blit(surface, t("lan.joined_title", game=game), 42, theme.TEXT, (48, 40),
                           "bold")
        fonts.blit(surface, t("lan.joined_at", address=f"{host}:{port}"), 22, theme.ACCENT,
                   (48, 100), "semibold")
        if not self.welcomed and session.retrying is not None:
            # a slow or broken handshake, said as what it is while it is tried again
            for row, line in enumerate(text_layout.wrap(session.retry_text(), 26, 900)[:3]):
                fonts.blit(surface, line, 26, theme.TEXT_DIM, (640, 360 + 36 * row),
                           "semibold", "center")
        elif not self.welcomed and session.phase == "connecting":
            fonts.blit(surface, t("lan.connecting", address=f"{host}:{port}"), 26,
                       theme.TEXT_DIM, (640, 360), "semibold", "center")
        draw_seat_rows(surface, session.seats, ROWS, you=set(self.mine),
                       phones=phone_seats_of(session) & set(self.mine))
        if self.mine:
            fonts.blit(surface, t("lan.your_seats"), 22, theme.ACCENT, (MINE.x, 112),
                       "semibold")
        elif self.welcomed:
            fonts.blit(surface, t("lan.spectating"), 22, theme.ACCENT, (MINE.x, 112),
                       "semibold")
        if session.spectators:
            fonts.blit(surface, t("lan.spectators", names=", ".join(session.spectators)), 20,
                       theme.TEXT_DIM, (48, 570), "regular", "midleft")
        box = self.collusion_box()
        if box is not None:        # who could read hands together: the host's choice, told
            strict = bool(getattr(session, "strict", False))     # (none in a screen sweep)
            size, lines, line_h = fit_text(collusion_text(session.seats, strict), box,
                                           (18, 17, 16, 15, 14, 13))
            top = box.centery - line_h * len(lines) // 2
            for index, line in enumerate(lines):
                fonts.blit(surface, line, size, theme.TEXT_DIM, (box.x, top + index * line_h))
        # what we wait for, on the title line at the right: toasts (bottom centre, beside
        # the buttons) never cover it there
        state = self.status_line()
        self._status_width = max(160, min(560, MINE.right - title.right - 40))
        self._status_y = title.centery
        fonts.blit_fit(surface, state, 22, theme.TEXT_DIM, (MINE.right, title.centery),
                       self._status_width, "semibold", "midright")
        self.form.draw(surface)

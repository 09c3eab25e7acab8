"""Hosting a LAN table: pick the game, set it up, open the table, wait for players, start.

``LanGameChoiceScreen`` and ``LanSetupScreen`` are the hotseat game choice and setup screens
with LAN seats: a seat is a human here (on a device), a bot (played by this machine) or open
(for a player on another machine). "Open the table" starts a ``HostServer`` (answering LAN
discovery) and shows ``HostLobbyScreen``: who has joined, who is ready, each seat's connection,
and Start once every seat is taken and every remote player is ready. A table resumed after a
crash starts by itself once every seat kept for an old player is back with its own machine.
"""

from __future__ import annotations

import pygame

from game.bots.base import levels
from game.client import fonts, theme
from game.client.screens import netplay
from game.client.games import kit
from game.client.screens import seat_grid
from game.client.screens.base import MenuScreen
from game.client.screens.game_choice import GameChoiceScreen
from game.client.screens.seat_fill import OpenSeatFill
from game.client.screens.setup import COLUMN_LEFT, HAND_VARIANT, SetupScreen
from game.client.seats import PHONE, SeatKind
from game.client.text import has, t
from game.client.text_layout import fit_size, fit_text
from game.client.widgets import Form, Item, draw_item, place_indexed
from game.client import canvas
from game.rules.core import ConfigError
from net.transport.discovery import local_addresses
from net.fair.escrow import collusion


def open_on_usual_ports(make):
    """``make(port, discovery_port)`` a host server on the usual port, else any free one,
    each with LAN discovery, else without (another program may hold its port). Returns the
    server, or None when no port can be had."""
    for port in (netplay.NET_DEFAULTS["port"], 0):
        for discovery in (netplay.NET_DEFAULTS["discovery_port"], None):
            try:
                return make(port, discovery)
            except OSError:
                continue
    return None

OPEN = "open:"
# the LAN setup's subtitle, beside the title (see LanSetupScreen.subtitle_box)
SUBTITLE_TOP, SUBTITLE_BOTTOM = 30, 100
SUBTITLE_SIZES = (20, 19, 18, 17, 16, 15, 14)
STATUS_AT = (1120, 154)     # the host lobby's status line: right end, on the "Seats" line
STATUS_WIDTH = 560


def level_label(level: str) -> str:
    return t(f"level.{level}") if has(f"level.{level}") else level


def command_line_table(table: dict) -> dict:
    """The setup's table for ``{"players", "bots", "level", "variants", "name"}`` (the
    command line's, checked there): the host's player first (named ``name``, if given), then
    ``bots`` bots of ``level``, the other seats open; the variants switched on."""
    players, bots = int(table["players"]), int(table.get("bots", 0))
    level = table.get("level") or "normal"
    seats = [{"name": str(table.get("name") or ""), "who": None, "colour": None}]
    seats += [{"name": "", "who": f"bot:{level}", "colour": None} for _ in range(bots)]
    seats += [{"name": "", "who": OPEN, "colour": None} for _ in range(players - 1 - bots)]
    options: dict = {}
    for variant in table.get("variants", []):
        hand = HAND_VARIANT.match(variant)
        if hand:
            options["hand"] = int(hand.group(1))
        else:
            options[variant] = True
    return {"players": players, "seats": seats, "options": options}


class LanGameChoiceScreen(GameChoiceScreen):
    """The game cards, leading to the LAN setup."""

    def choose(self) -> None:
        name = self.cards[self.focus][0]
        if not self.playable(name):
            super().choose()      # says "coming soon"
            return
        self.app.sound.play("click")
        self.app.push(LanSetupScreen(self.app, name))

    def draw(self, surface) -> None:
        super().draw(surface)
        # under the title's line box (tall in Thai, Korean, Chinese, Japanese), above the cards
        fonts.blit_fit(surface, t("lan.host_subtitle"), 22, theme.ACCENT, (640, 142), 1184,
                       "semibold", "center")


class LanSetupScreen(SetupScreen):
    """The setup form with "open" seats for remote players, and no seed (peers agree on it).
    Under the table's options, *Fill open seats with bots* (``seat_fill``); the last table
    opened is remembered like a local one's (under "lan:<game>"). ``table``: the table the
    command line asks for (``run.py host GAME --players N --bots K ...``), see
    ``command_line_table``."""

    def __init__(self, app, game_name: str, previous: dict | None = None,
                 table: dict | None = None) -> None:
        self.filler = OpenSeatFill(game_name, OPEN)
        if table is not None and previous is None:
            previous = command_line_table(table)
            self.filler.level = table.get("level") or self.filler.level
        self.title_rect = pygame.Rect(48, 40, 0, 0)
        super().__init__(app, game_name, previous)

    def memory_name(self) -> str:
        return f"lan:{self.game_name}"

    def _default_who(self, i: int, pads: list[str]) -> str:
        # the first seat is the host's player; new seats wait for players on other machines
        return OPEN if i >= 1 else super()._default_who(i, pads)

    def _still_offered(self, who: str) -> bool:
        return who == OPEN or super()._still_offered(who)

    def who_options(self) -> list[str]:
        return super().who_options() + [OPEN]

    def who_label(self, who: str) -> str:
        if who == OPEN:
            return t("lan.seat_open")
        return super().who_label(who)

    def build(self) -> None:
        focus_key = self.form.focused.key if self.form and self.form.focused else None
        super().build()
        items = [item for item in self.form.items if item.key != "seed"]
        seats_at = next(index for index, item in enumerate(items)
                        if item.key.startswith("name:"))
        items[seats_at:seats_at] = self.filler.items(level_label)   # after the table's rows
        self.form.items = items
        self.form.item("start").label = lambda: t("lan.open_table")
        if focus_key is not None:
            self.form.focus_on(focus_key)
        self._place_items()

    def _place_items(self) -> None:
        super()._place_items()
        table_rows = [item.rect for item in self.form.items
                      if item.key in ("players", "hand", "expansion")
                      or item.key.startswith("variant:")]
        row = table_rows[-1] if table_rows else pygame.Rect(COLUMN_LEFT.x, COLUMN_LEFT.y, 0, 44)
        self.filler.place(self.form.items, COLUMN_LEFT.x, row.bottom + 10, row.height)

    def handle(self, intent) -> None:
        focused = self.form.focused if self.form is not None else None
        if intent.kind == "move" and intent.dx > 0 and focused is not None \
                and focused.key == "fill":
            self._focus("fill_level")       # right of the button: its level
            return
        super().handle(intent)

    def on_change(self, item) -> None:
        if item.key == "fill_level":
            self.filler.level = item.value
            return
        super().on_change(item)

    def on_activate(self, item) -> None:
        if item.key == "fill":
            self.fill_open_seats()
            return
        super().on_activate(item)

    def fill_open_seats(self) -> None:
        """Every open seat to a bot of the level beside the button; said in a toast."""
        filled = self.filler.fill(self.seats)
        if not filled:
            self.app.toasts.show(t("lan.fill_none"), "info")
            self.app.sound.play("illegal")
            return
        self.build()
        self.app.toasts.show(t("lan.fill_done", n=filled, level=level_label(self.filler.level)),
                             "good")

    def draw(self, surface) -> None:
        seed_text, self.seed_text = self.seed_text, "-"   # no seed field: skip its hint
        try:
            super().draw(surface)
        finally:
            self.seed_text = seed_text
        self.draw_subtitle(surface)

    def subtitle_box(self) -> pygame.Rect:
        """Right of the title, left of *Rules*, above the column headers: the subtitle never
        runs into them (in any language: it wraps and shrinks to stay in here)."""
        left = self.title_rect.right + 32
        right = self.form.item("rules").rect.x - 24
        return pygame.Rect(left, SUBTITLE_TOP, max(0, right - left), SUBTITLE_BOTTOM - SUBTITLE_TOP)

    def draw_subtitle(self, surface) -> None:
        box = self.subtitle_box()
        text = t("lan.host_subtitle")
        size, lines, line_h = fit_text(text, box, SUBTITLE_SIZES)
        lines = lines[:max(1, box.height // line_h)]
        y = box.centery - len(lines) * line_h // 2
        with fonts.box(box, "subtitle"):
            for line in lines:
                fonts.blit_in(surface, line, size, theme.TEXT_DIM,
                              pygame.Rect(box.x, y, box.width, line_h), "regular", "midleft",
                              name="subtitle")
                y += line_h

    def start(self) -> None:
        # the network layer loads when a table is opened, not with the screens
        from net.protocol import messages as ids
        from net.host import HostServer
        from net.protocol.lobby import Slot
        from game import lan_services

        lan_services.install()     # this table plays our bots and keeps our saves

        try:
            self.game.make_config(self.players, self.variants())
        except ConfigError as exc:
            self.app.toasts.show(str(exc), "bad")
            return
        slots, devices = [], {}
        for index, seat in enumerate(self.seats):
            kind, _, rest = seat["who"].partition(":")
            name = seat["name"] or t("common.player_n", n=index + 1)
            if kind == SeatKind.BOT:
                # A bot of the host is a local seat with a level: the play screen thinks for
                # it off the frame loop (as in hotseat) and proposes like any local player.
                slots.append(Slot(kind=ids.KIND_LOCAL, name=name, colour=seat["colour"],
                                  level=rest))
            elif kind == SeatKind.OPEN:
                slots.append(Slot())
            else:
                slots.append(Slot(kind=ids.KIND_LOCAL, name=name, colour=seat["colour"]))
                devices[index] = rest
        # the table is named after the host's player at this screen (not a guest's phone)
        host_name = next((slot.name for index, slot in enumerate(slots)
                          if slot.kind == ids.KIND_LOCAL and not slot.level
                          and devices.get(index) != PHONE), "") or \
            t("lan.host_default_name")
        server = open_on_usual_ports(
            lambda port, discovery: HostServer.create(
                self.game_name, self.players, seats=slots, variants=self.variants(), port=port,
                bind=netplay.NET_DEFAULTS["bind"], discovery_port=discovery, name=host_name))
        if server is None:
            self.app.toasts.show(t("lan.cannot_host"), "bad")
            return
        self.app.settings["player_names"] = [s["name"] for s in self.seats]
        self.remember_table()
        session = netplay.NetSession("host", server, devices=devices, name=host_name,
                                     table=host_name)
        self.app.push(HostLobbyScreen(self.app, session, self.describe()))


COLLUSION_BOX = pygame.Rect(816, 584, 416, 76)    # right of the Strict button (issue 28)


class HostLobbyScreen(MenuScreen):
    """The open table on the host: seats fill up, players get ready, the host starts."""

    def __init__(self, app, session, setup: dict | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.setup = setup or {}

        bind = netplay.NET_DEFAULTS["bind"]
        self.addresses = local_addresses() if bind in ("", "0.0.0.0") else [bind]
        self.seeding = False
        self.build()

    # -- the form --------------------------------------------------------------------------
    def seat_value(self, index: int) -> str:
        row = self.session.seats[index]
        kind = SeatKind.of_row(row)
        if kind == SeatKind.HUMAN:
            return f"human:{self.session.devices.get(index, 'mouse+keyboard')}"
        if kind == SeatKind.BOT:
            return f"bot:{row['level'] or 'random'}"
        if kind == SeatKind.REMOTE:
            return f"remote:{row['peer']}"
        return OPEN

    def seat_options(self, index: int) -> list[str]:
        # "Phone": a guest's phone plays the seat, served by this machine (served_phones)
        devices = ["mouse+keyboard", "mouse", "keyboard"] + self.app.input.connected_pads() \
            + [PHONE]
        options = [f"human:{d}" for d in devices]
        options += [f"bot:{lv}" for lv in levels(self.session.game)] + [OPEN]
        current = self.seat_value(index)
        if current not in options:
            options.insert(0, current)
        return options

    def seat_label(self, value: str) -> str:
        kind, _, rest = value.partition(":")
        if kind == SeatKind.BOT:
            return t("setup.bot", level=level_label(rest))
        if kind == SeatKind.OPEN:
            return t("lan.seat_open")
        if kind == SeatKind.REMOTE:
            return t("lan.seat_remote")
        parts = [self.app.pad_label(d) for d in rest.split("+")]
        return t("setup.human", device=" + ".join(parts))

    def build(self) -> None:
        focus_key = self.form.focused.key if self.form and self.form.focused else "start"
        items = []
        for index in range(len(self.session.seats)):
            items.append(Item(f"who:{index}", lambda: "", "choice",
                              options=self.seat_options(index), value=self.seat_value(index),
                              option_label=self.seat_label))
        items.append(Item("start", lambda: t("lan.start_game")))
        items.append(Item("close", lambda: t("lan.close_table")))
        items.append(Item("strict", lambda: t("lan.strict_on" if self.strict()
                                              else "lan.strict_off")))
        self.form = Form(items, pygame.Rect(0, 0, 10, 10))
        self.form.focus_on(focus_key)
        self._place_items()
        self.form.item("start").enabled = self.session.can_start

    def _place_items(self) -> None:
        seats = len(self.session.seats)
        big = seats > seat_grid.FULL_ROWS      # a party: a window of the seats' choices
        items, at = self.form.items, self.form.focus
        focused = items[at].key if 0 <= at < len(items) else ""
        self.choice_top = seat_grid.choice_window(
            getattr(self, "choice_top", 0), seats,
            int(focused[4:]) if big and focused.startswith("who:") else None)

        def rect_of(index: int) -> pygame.Rect:
            if not big:
                return pygame.Rect(820, 170 + index * 64, 300, 56)
            row = index - self.choice_top
            if not 0 <= row < seat_grid.CHOICE_ROWS:
                return pygame.Rect(-4000, -4000, 1, 1)         # scrolled away
            return pygame.Rect(870, 170 + row * 64, 362, 56)     # its number to the left

        for item in place_indexed(self.form.items, "who", rect_of):
            if item.key == "start":
                item.rect = pygame.Rect(48, 590, 300, 64)
            elif item.key == "strict":
                item.rect = pygame.Rect(600, 590, 200, 64)
            else:
                item.rect = pygame.Rect(364, 590, 220, 64)

    def handle(self, intent) -> None:
        super().handle(intent)
        if len(self.session.seats) > seat_grid.FULL_ROWS and self.form is not None:
            self._place_items()           # the choices follow the focus

    # -- reactions -------------------------------------------------------------------------
    def on_change(self, item) -> None:
        if not item.key.startswith("who:"):
            return
        if self.seeding or self.session.phase != "lobby":
            self.build()      # seats are fixed once the start is under way: undo the step
            return
        from net.protocol import messages as ids

        index = int(item.key.split(":")[1])
        kind, _, rest = item.value.partition(":")
        row = self.session.seats[index]
        name = row["name"] if SeatKind.of_row(row) in (SeatKind.HUMAN, SeatKind.BOT) \
            and row["name"] else \
            t("common.player_n", n=index + 1)
        colour = row["colour"] if row["colour"] >= 0 else self.setup_colour(index)
        self.session.devices.pop(index, None)
        if kind == SeatKind.REMOTE:
            return
        if kind == SeatKind.HUMAN:
            limit = kit(self.session.game).board.max_local_humans
            at_screen = [d for d in self.session.devices.values() if d != PHONE]
            if limit is not None and rest != PHONE and len(at_screen) >= limit:
                # Railroad Ink: every local human needs a pane of their own on this screen
                self.app.toasts.show(t("setup.local_limit", n=limit,
                                       game=t(f"game.{self.session.game}")), "bad")
                self.build()      # the row shows what the seat still is
                return
            self.session.devices[index] = rest
            self.session.conn.set_seat(index, ids.KIND_LOCAL, name, colour)
            if rest == PHONE:        # where the guest's code will be: said as it is chosen
                self.app.toasts.show(t("phone_tv.lobby_note"), "info")
        elif kind == SeatKind.BOT:
            self.session.conn.set_seat(index, ids.KIND_LOCAL, name, colour, rest)
        else:
            self.session.conn.set_seat(index, ids.KIND_OPEN)
        self.refresh()

    def setup_colour(self, index: int) -> int:
        """The colour the table setup gave seat ``index`` (an open seat the host now plays
        or gives a bot keeps it), else one by its number."""
        seats = self.setup.get("seats") or []
        colour = seats[index].get("colour") if index < len(seats) else None
        return colour if isinstance(colour, int) and colour >= 0 else index % 8

    def on_activate(self, item) -> None:
        if item.key == "start":
            self.start()
        elif item.key == "close":
            self.close()
        elif item.key == "strict" and not self.seeding and self.session.phase == "lobby":
            with self.session.lock():      # a strict table (issue 28): said to every machine
                endpoint = self.session.conn.endpoint
                endpoint.fair_host.strict = not endpoint.fair_host.strict
                endpoint.handshake.lobby_changed()   # every joiner's lobby says it too
            self.app.invalidate()

    def strict(self) -> bool:
        """Whether this table is strict: an escrow opens only with every other dealer."""
        endpoint = getattr(self.session.conn, "endpoint", None)    # (none in a screen sweep)
        return bool(getattr(getattr(endpoint, "fair_host", None), "strict", False))

    def collusion_text(self) -> str:
        """Who could read hands together at this table, as it is seated now (issue 28)."""
        return collusion_text(self.session.seats, self.strict())

    def on_cancel(self) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()
        self.app.pop()

    def start(self) -> None:
        if not self.session.can_start:
            waiting = any(SeatKind.of_row(row) == SeatKind.OPEN for row in self.session.seats)
            self.app.toasts.show(t("lan.wait_open" if waiting else "lan.wait_ready"), "info")
            self.app.sound.play("illegal")
            return
        if self.session.conn.start_game():
            self.seeding = True

    def refresh(self) -> None:
        self.session.reread_host_lobby()
        self.build()

    # -- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        changed = False
        for event in self.session.pump():
            kind = event["event"]
            changed = True
            if kind == "peer_joined":
                self.app.toasts.show(t("lan.toast.joined", name=event["name"]), "good")
            elif kind in ("peer_left", "peer_bye"):
                self.app.toasts.show(t("lan.toast.left", name=event.get("name", "?")), "info")
            elif kind == "peer_refused":
                reason = netplay.reason_text(event["code"], event.get("args"))
                self.app.toasts.show(t("lan.toast.peer_refused", reason=reason), "bad")
            elif kind == "seeding_aborted":
                self.seeding = False
                self.app.toasts.show(netplay.reason_text(event["code"], event.get("args")), "bad")
            elif kind == "started":
                self.app.replace(netplay.NetPlayScreen(self.app, self.session, self.setup))
                return
        if changed:
            self.refresh()
        if changed and self.resumed_table_complete():
            # a table resumed after a crash goes on by itself once every player is back in
            # their own seat and ready: nobody has to find the Start button
            self.app.toasts.show(t("lan.toast.all_back"), "good")
            self.start()
        self._drop_stale_toasts()

    def resumed_table_complete(self) -> bool:
        return bool(self.setup.get("resumed")) and not self.seeding \
            and self.session.phase == "lobby" and self.session.everyone_back()

    def leave(self) -> None:
        if self.app.find(type(self)) is None and self.session.phase == "lobby":
            self.session.close()

    # -- drawing ---------------------------------------------------------------------------
    def status_line(self) -> tuple[str, tuple]:
        """What the table waits for (or that it can start), and its colour."""
        if self.seeding:
            return t("lan.starting"), theme.TEXT_DIM
        if self.session.can_start:
            return t("lan.ready_to_start"), theme.GOOD
        return t("lan.waiting_players"), theme.TEXT_DIM

    def status_rect(self) -> pygame.Rect:
        """Where the status line is drawn (tests check toasts stay clear of it)."""
        state, _ = self.status_line()
        size = fit_size(state, 22, STATUS_WIDTH, "semibold", smallest=13)
        rect = pygame.Rect((0, 0), fonts.font_for_text(state, size, "semibold").size(state))
        rect.midright = STATUS_AT
        return rect

    def _drop_stale_toasts(self) -> None:
        """A "wait until..." toast from pressing Start too early must not stay beside a
        status line that now says the opposite."""
        stale = set()
        if self.session.can_start or self.seeding:
            stale = {t("lan.wait_ready"), t("lan.wait_open")}
        elif not any(SeatKind.of_row(row) == SeatKind.OPEN for row in self.session.seats):
            stale = {t("lan.wait_open")}
        toasts = self.app.toasts
        if stale and any(toast.text in stale for toast in toasts.items):
            toasts.items = [toast for toast in toasts.items if toast.text not in stale]

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        session = self.session
        fonts.blit(surface, t("lan.host_title", game=t(f"game.{session.game}")), 42, theme.TEXT,
                   (48, 40), "bold")
        where = ", ".join(f"{a}:{session.port}" for a in self.addresses) or \
            t("lan.port_only", port=session.port)
        fonts.blit_fit(surface, t("lan.listening", where=where), 22, theme.ACCENT, (48, 100),
                       1184, "semibold")      # (several networks: many addresses)
        fonts.blit(surface, t("lan.seats"), 22, theme.ACCENT, (48, 140), "semibold")
        draw_seat_rows(surface, session.seats, pygame.Rect(48, 170, 760, 56),
                       phones=phone_seats_of(session))
        if session.spectators:
            fonts.blit(surface, t("lan.spectators", names=", ".join(session.spectators)), 20,
                       theme.TEXT_DIM, (48, 560), "regular", "midleft")
        # who could read hands together: beside the Strict button that changes it
        note = COLLUSION_BOX
        size, lines, line_h = fit_text(self.collusion_text(), note, (18, 17, 16, 15, 14, 13))
        top = note.centery - line_h * len(lines) // 2
        for index, line in enumerate(lines):
            fonts.blit(surface, line, size, theme.TEXT_DIM, (note.x, top + index * line_h))
        state, colour = self.status_line()
        # on the seats' header line, right-aligned over the seat choices: toasts (bottom
        # centre, beside the buttons) never cover it, and it reads as the table's state
        fonts.blit_fit(surface, state, 22, colour, STATUS_AT, STATUS_WIDTH, "semibold",
                       "midright")
        if len(session.seats) > seat_grid.FULL_ROWS:
            for index, item in enumerate(self.form.items):
                if item.rect.x >= 0:
                    draw_item(surface, item, index == self.form.focus,
                              self.form.editing and index == self.form.focus,
                              self.form.font_size)
                    if item.key.startswith("who:"):       # whose choice: the seat's number
                        seat_grid.draw_seat_number(surface, session.seats,
                                                   int(item.key[4:]), item.rect)
        else:
            self.form.draw(surface)
        start = self.form.item("start")
        if not start.enabled:
            veil = canvas.layer(start.rect.size, pygame.SRCALPHA)
            veil.fill((12, 18, 28, 120))
            surface.blit(veil, start.rect)


def phone_seats_of(session) -> set[int]:
    """This machine's seats played on a guest's phone."""
    return {seat for seat, device in session.devices.items() if device == PHONE}


def describe_seat(row: dict, index: int, you: set[int] = frozenset(),
                  phones: set[int] = frozenset()) -> dict:
    """What a seat row shows: name (+colour), who sits there (+colour, weight), ready tag.
    ``phones``: this machine's seats a guest plays on a phone (other machines see them as
    this machine's players: a phone seat is a seat of the machine that serves it)."""
    kind = SeatKind.of_row(row)
    if kind == SeatKind.OPEN:
        # a resumed table keeps the seat for its old player: show whom it waits for
        name, name_colour = row["name"] or t("lan.seat_waiting"), theme.TEXT_DIM
    else:
        name, name_colour = row["name"] or t("common.player_n", n=index + 1), theme.TEXT
    if kind == SeatKind.BOT:
        what = t("setup.bot", level=level_label(row["level"] or "random"))
    elif kind == SeatKind.HUMAN:
        what = t("lan.kind_host_player")
    elif kind == SeatKind.REMOTE:
        what = t("lan.kind_lan_player")
    else:
        what = t("lan.seat_open")
    if index in you:
        what = t("lan.kind_you")
    if index in phones:
        what = t("phone_tv.lobby_phone")
    what_colour, weight = theme.TEXT_DIM, "regular"
    if row.get("status") in ("interrupted", "disconnected"):
        # a connection in trouble says so where "who sits here" stands (it matters more,
        # and beside it the two texts ran into each other)
        what, what_colour, weight = t(f"lan.st.{row['status']}"), theme.BAD, "semibold"
    tag = None
    if kind == SeatKind.REMOTE or index in you:
        ready = row["ready"]
        tag = (t("lan.ready") if ready else t("lan.not_ready"),
               theme.GOOD if ready else theme.ACCENT)
    return {"name": name, "name_colour": name_colour, "what": what, "what_colour": what_colour,
            "weight": weight, "tag": tag}


def collusion_text(seats: list[dict], strict: bool) -> str:
    """Who could read hands together at a table seated as ``seats`` (lobby rows), in the
    player's language (issue 28): the host's lobby and every joiner's say the same."""
    machines = set()
    for index, row in enumerate(seats):
        kind = SeatKind.of_row(row)
        if kind == SeatKind.REMOTE:
            machines.add(("peer", row.get("peer", index)))
        elif kind == SeatKind.OPEN:
            machines.add(("open", index))      # whoever takes it: another machine
        else:
            machines.add(("host", 0))
    key, args = collusion(len(machines), strict)
    return t(key, **args)


def draw_seat_rows(surface, rows: list[dict], first: pygame.Rect, you: set[int] = frozenset(),
                   phones: set[int] = frozenset()) -> None:
    """One panel per seat: colour shape, name, what sits there, ready and connection state.
    More than eight seats (a Railroad Ink party) go in compact columns (seat_grid.py)."""
    if len(rows) > seat_grid.FULL_ROWS:
        seat_grid.draw_compact(surface, rows, first, you,
                               lambda row, index, you: describe_seat(row, index, you, phones))
        return
    for index, row in enumerate(rows):
        rect = first.move(0, index * 64)
        theme.rounded_panel(surface, rect, theme.PANEL_HI if index in you else theme.PANEL, 12,
                            theme.FOCUS if index in you else theme.PANEL_EDGE, 2 if index in you
                            else 1)
        colour = row["colour"] if row["colour"] >= 0 else index
        rgb = theme.colour(colour)
        theme.draw_shape(surface, colour, (rect.x + 30, rect.centery), 13, rgb,
                         theme.outline_for(rgb))
        seat = describe_seat(row, index, you, phones)
        fonts.blit(surface, seat["name"], 24, seat["name_colour"], (rect.x + 56, rect.centery),
                   "semibold", "midleft")
        what, weight = seat["what"], seat["weight"]
        right = rect.right - 16
        if seat["tag"] is not None:
            tag, tag_colour = seat["tag"]
            right = fonts.blit(surface, tag, 20, tag_colour,
                               (right, rect.centery), "semibold", "midright").x - 14
        fonts.blit(surface, what, fit_size(what, 20, right - rect.x - 330, weight,
                                           smallest=13), seat["what_colour"],
                   (rect.x + 330, rect.centery), weight, "midleft")
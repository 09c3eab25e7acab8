"""Table setup: number of seats, who sits where (a human on a device, or a bot level), names,
colours, the game's variants and a seed for a repeatable game.

Variants are read from the game (``GAME.variants``): ``handN`` variants become one hand-size
choice, every other variant an on/off switch. Everything is one ``Form``: up/down walks the
rows, left/right changes a value, confirm edits a name or the seed.
"""

from __future__ import annotations

import random
import re

import pygame

from game.bots.base import levels, make_bot
from game.client import fonts, navigation, text_layout, theme
from game.client.bot_worker import prepare_helpers
from game.client.games import kit
from game.client.input import ordered_devices
from game.client.screens import seat_window
from game.client.screens.base import MenuScreen
from game.client.screens.setup_table import recall, remember, shared_devices, split_screen_device
from game.client.seats import PHONE, SeatKind
from game.client.text import has, t
from game.client.text_layout import fit_text
from game.client.widgets import Form, Item, draw_item, glyph_text
from game.match import Match, SeatInfo
from game.phone.games import has_phone_page
from game.rules import get_game
from game.rules.core import ConfigError, seed_from_text

HAND_VARIANT = re.compile(r"^hand(\d)$")
COLUMN_LEFT = pygame.Rect(48, 120, 460, 0)
COLUMN_RIGHT = pygame.Rect(540, 120, 692, 0)
# the seat columns: name, device or bot, colour (the rest of the column's 692 pixels)
NAME_W, WHO_W, CELL_GAP = 200, 296, 4
COLOUR_X = NAME_W + CELL_GAP + WHO_W + CELL_GAP


class SetupScreen(MenuScreen):
    def __init__(self, app, game_name: str, previous: dict | None = None) -> None:
        super().__init__(app)
        self.game = get_game(game_name)
        self.game_name = game_name
        # A table played on this machine alone (not the LAN host's form, a subclass with its
        # own start whose new seats wait for remote players): it gives split-screen humans a
        # device each. Both remember their last table, each under its own name.
        self.local_table = type(self).start is SetupScreen.start
        if previous is None:
            previous = recall(app.settings, self.game, self.memory_name(), self._still_offered,
                              len(theme.COLOUR_ORDER))
        prev = previous or {}
        self.players = prev.get("players", 2)
        self.seats: list[dict] = [dict(s) for s in prev.get("seats", [])]
        self.options = dict(prev.get("options", {}))
        self.seed_text = str(prev.get("seed_text", ""))
        self.hand_sizes = sorted(int(m.group(1)) for v in self.game.variants
                                 if (m := HAND_VARIANT.match(v)))
        toggles = [v for v in sorted(self.game.variants) if not HAND_VARIANT.match(v)]
        # expansions the rules allow one at a time (Railroad Ink's): one labelled choice
        self.expansions = [v for v in toggles if v in getattr(self.game, "expansions", ())]
        self.toggles = [v for v in toggles if v not in self.expansions]
        self._ensure_seats()
        self.build()
        self._warm_bots()

    # -- model -----------------------------------------------------------------------------
    def memory_name(self) -> str:
        """Under which name the last table started here is remembered (``setup_table``)."""
        return self.game_name

    def _ensure_seats(self) -> None:
        names = list(self.app.settings["player_names"])
        pads = self.app.input.connected_pads()
        del self.seats[self.players:]
        for i, seat in enumerate(self.seats):      # a remembered seat may lack a field
            if not seat.get("who"):
                seat["who"] = self._default_who(i, pads)
        while len(self.seats) < self.players:
            self.seats.append({"name": "", "who": None, "colour": None})
            self.seats[-1]["who"] = self._default_who(len(self.seats) - 1, pads)
        for i, seat in enumerate(self.seats):
            if seat.get("colour") is None:
                used = {s["colour"] for s in self.seats if s.get("colour") is not None}
                seat["colour"] = next((c for c in range(8) if c not in used), i % 8)
            if not seat.get("name"):
                seat["name"] = (names[i] if i < len(names) and names[i]
                                else t("common.player_n", n=i + 1))

    def _warm_bots(self) -> None:
        """Bots that load something once per process (the Railroad Ink expert's compiled
        core) have their helper processes load it while the table is being set up, so the
        table's first decisions do not wait for it (``bot_worker.prepare_helpers``)."""
        bots = []
        for i, seat in enumerate(self.seats):
            kind, _, level = (seat.get("who") or "").partition(":")
            if kind == SeatKind.BOT:
                try:
                    bots.append(make_bot(self.game, i, level, 0))
                except KeyError:
                    continue          # a level this game does not have: nothing to warm
        prepare_helpers(bots, len(bots))

    def _default_who(self, i: int, pads: list[str]) -> str:
        if i >= 2:
            # a real opponent by default; "random" is there for a relaxed game
            known = levels(self.game_name)
            return f"bot:{'normal' if 'normal' in known else known[0]}"
        if self.human_limit() is not None and self.local_table:
            # split screen: every local human gets a device of their own (a shared one
            # drives both sheets at once)
            return f"human:{split_screen_device(self.seats, i, pads)}"
        if i == 1 and pads:
            return f"human:{pads[0]}"
        return "human:mouse+keyboard"      # hotseat: the players pass the mouse

    def _still_offered(self, who: str) -> bool:
        """Whether a remembered seat value can still be chosen (its controller plugged in,
        its bot level known)."""
        kind, _, rest = who.partition(":")
        if kind == SeatKind.BOT:
            return rest in levels(self.game_name)
        if kind != SeatKind.HUMAN or not rest:
            return False
        present = {"mouse", "keyboard", *self.app.input.connected_pads()}
        if has_phone_page(get_game(self.game_name)):
            present.add(PHONE)
        return all(device in present for device in rest.split("+"))

    def who_options(self) -> list[str]:
        devices = ["mouse+keyboard", "mouse", "keyboard"] + self.app.input.connected_pads()
        bound = [s["who"].split(":", 1)[1] for s in self.seats if s["who"].startswith("human:")]
        for device in bound:
            if device not in devices:
                devices.append(device)   # keep a binding to an unplugged pad selectable
        # a guest's phone plays the seat, served by this machine (game/client/served_phones):
        # at a local table and at the LAN table this machine hosts alike, for a game with a
        # phone page
        if has_phone_page(get_game(self.game_name)):
            devices.append(PHONE)
        return [f"human:{d}" for d in devices] + [f"bot:{lv}" for lv in levels(self.game_name)]

    # -- local humans: some boards give each a pane of their own ---------------------------
    def human_limit(self) -> int | None:
        """How many local humans the game's board can seat (Railroad Ink: four panes)."""
        return kit(self.game_name).board.max_local_humans

    def local_humans(self) -> int:
        """Humans at this screen (a phone seat's player has a screen of their own)."""
        return sum(1 for s in self.seats if s["who"].startswith("human:")
                   and s["who"] != f"human:{PHONE}")

    def at_human_limit(self) -> bool:
        limit = self.human_limit()
        return limit is not None and self.local_humans() >= limit

    def offered(self, index: int, options: list[str]) -> list[str]:
        """A seat's choices: no human device once the board's local humans are all seated
        (unless the seat is one of them); the note under the seats says why."""
        limit = self.human_limit()
        if limit is None or self.seats[index]["who"].startswith("human:"):
            return options
        if self.local_humans() < limit:
            return options
        return [o for o in options if not o.startswith("human:") or o == f"human:{PHONE}"] \
            or options

    def who_label(self, who: str) -> str:
        kind, _, rest = who.partition(":")
        if kind == SeatKind.BOT:
            return t("setup.bot", level=t(f"level.{rest}") if has(f"level.{rest}") else rest)
        parts = [self.app.pad_label(d) for d in ordered_devices(rest)]
        return t("setup.human", device=" + ".join(parts))

    # -- the form --------------------------------------------------------------------------
    def build(self) -> None:
        focus_key = self.form.focused.key if self.form and self.form.focused else None
        items = [Item("players", lambda: t("setup.players"), "choice",
                      options=list(range(self.game.min_players, self.game.max_players + 1)),
                      value=self.players)]
        if self.hand_sizes:
            sizes = [1] + self.hand_sizes
            items.append(Item("hand", lambda: t("setup.hand_size"), "choice", options=sizes,
                              value=self.options.get("hand", 1)))
        if self.expansions:
            chosen = next((v for v in self.expansions if self.options.get(v)), "")
            items.append(Item("expansion", lambda: t("metro_setup.expansion"), "choice",
                              options=[""] + self.expansions, value=chosen,
                              option_label=self.expansion_label))
        for variant in self.toggles:
            items.append(Item(f"variant:{variant}", (lambda v=variant: self.variant_label(v)),
                              "choice", options=[False, True],
                              value=bool(self.options.get(variant, False)),
                              option_label=lambda v: t("common.on") if v else t("common.off")))
        items.append(Item("seed", lambda: t("setup.seed"), "text", value=self.seed_text,
                          max_len=20))
        for i, seat in enumerate(self.seats):
            items.append(Item(f"name:{i}", lambda: "", "text", value=seat["name"], max_len=14))
            items.append(Item(f"who:{i}", lambda: "", "choice",
                              options=self.offered(i, self.who_options()),
                              value=seat["who"], option_label=self.who_label))
            items.append(Item(f"colour:{i}", lambda: "", "choice", options=list(range(8)),
                              value=seat["colour"],
                              option_label=lambda c: t(f"colour.{theme.colour_name(c)}"),
                              swatch=lambda c: (theme.colour(c), c)))
        items.append(Item("start", lambda: t("setup.start")))
        items.append(Item("back", lambda: t("common.back")))
        items.append(Item("rules", lambda: t("help.open")))
        self.form = Form(items, pygame.Rect(0, 0, 10, 10))
        self._place_items()
        if focus_key:
            for index, item in enumerate(items):
                if item.key == focus_key:
                    self.form.focus = index

    def _place_items(self) -> None:
        y_left = COLUMN_LEFT.y + 44
        left_rows = sum(1 for item in self.form.items
                        if item.key in ("players", "hand", "seed", "expansion")
                        or item.key.startswith("variant:"))
        row_h = 54 if left_rows <= 5 else 46   # leave room for the variant help below
        seat_row_h = 56 if self.players <= 5 else 52
        items, index = self.form.items, self.form.focus
        focused = items[index].key if 0 <= index < len(items) else ""   # (mid-build)
        self.seat_top = seat_window.follow(getattr(self, "seat_top", 0), self.players,
                                           int(focused.split(":")[1]) if focused.startswith(
                                               ("name:", "who:", "colour:")) else None)
        for item in self.form.items:
            key = item.key
            if key.startswith(("name:", "who:", "colour:")):
                kind, i = key.split(":")
                i = int(i)
                if not seat_window.visible(self.seat_top, i):
                    item.rect = pygame.Rect(seat_window.HIDDEN)   # scrolled away
                    continue
                y = COLUMN_RIGHT.y + 52 + (i - self.seat_top) * (seat_row_h + 8)
                x = COLUMN_RIGHT.x
                if kind == "name":
                    item.rect = pygame.Rect(x, y, NAME_W, seat_row_h)
                elif kind == "who":
                    item.rect = pygame.Rect(x + NAME_W + CELL_GAP, y, WHO_W, seat_row_h)
                else:
                    item.rect = pygame.Rect(x + COLOUR_X, y, COLUMN_RIGHT.width - COLOUR_X,
                                            seat_row_h)
            elif key == "start":
                item.rect = pygame.Rect(COLUMN_LEFT.x, 560, 300, 64)
            elif key == "back":
                item.rect = pygame.Rect(COLUMN_LEFT.x + 316, 560, 144, 64)
            elif key == "rules":
                item.rect = pygame.Rect(COLUMN_RIGHT.right - 200, 28, 200, 52)
            else:
                item.rect = pygame.Rect(COLUMN_LEFT.x, y_left, COLUMN_LEFT.width, row_h)
                y_left += row_h + 10

    def expansion_label(self, variant: str) -> str:
        if not variant:
            return t("metro_setup.expansion_none")
        key = f"metro_setup.expansion.{self.game_name}.{variant}"
        return t(key) if has(key) else self.variant_label(variant)

    def variant_label(self, variant: str) -> str:
        key = f"variant.{self.game_name}.{variant}"
        return t(key) if has(key) else variant

    # -- reactions -------------------------------------------------------------------------
    def handle(self, intent) -> None:
        if intent.kind in ("device_added", "device_removed"):
            self.build()          # offer the controller that was just plugged in
            return
        if intent.kind == "move" and intent.dx and self.form.focused is not None \
                and self.form.focused.kind == "text" and not self.form.editing:
            self._move_sideways(intent.dx)
            return
        if intent.kind == "rotate" and intent.device == "mouse" \
                and self.players > seat_window.VISIBLE_SEATS:
            # the wheel scrolls a long seat list (the focus goes to its first visible row)
            top = max(0, min(self.seat_top + (1 if intent.value > 0 else -1),
                             self.players - seat_window.VISIBLE_SEATS))
            keys = [item.key for item in self.form.items]
            self.form.focus = keys.index(f"name:{top}")
            self.seat_top = top
            self._place_items()
            return
        super().handle(intent)
        if self.players > seat_window.VISIBLE_SEATS:
            self._place_items()          # a long seat list follows the focus

    def _move_sideways(self, dx: int) -> None:
        """Left/right on a name field walks to the seat's other fields."""
        key = self.form.focused.key
        if key.startswith("name:") and dx > 0:
            self._focus(f"who:{key.split(':')[1]}")

    def _focus(self, key: str) -> None:
        for index, item in enumerate(self.form.items):
            if item.key == key:
                self.form.focus = index

    def on_change(self, item) -> None:
        key = item.key
        if key == "players":
            self.players = item.value
            self._fit_variants_to_players()
            self._ensure_seats()
            self.build()
        elif key == "hand":
            self.options["hand"] = item.value
        elif key == "expansion":
            for variant in self.expansions:
                self.options[variant] = variant == item.value
            if item.value:
                self._make_room_for(item.value)
            self.build()
        elif key.startswith("variant:"):
            variant = key.split(":", 1)[1]
            self.options[variant] = item.value
            if item.value:
                self._make_room_for(variant)
            self.build()
        elif key == "seed":
            self.seed_text = str(item.value)
        elif key.startswith("name:"):
            self.seats[int(key.split(":")[1])]["name"] = str(item.value).strip()
        elif key.startswith("who:"):
            was_full = self.at_human_limit()
            self.seats[int(key.split(":")[1])]["who"] = item.value
            if was_full != self.at_human_limit():
                self.build()      # the other seats' device choices come and go
            self._warm_bots()
        elif key.startswith("colour:"):
            i = int(key.split(":")[1])
            old = self.seats[i]["colour"]
            if self.players <= len(theme.COLOUR_ORDER):
                # colours stay unique: swap with the one seat that wore it
                for other, seat in enumerate(self.seats):
                    if other != i and seat["colour"] == item.value:
                        seat["colour"] = old
            # (a party of more seats than colours shares them: no other seat changes)
            self.seats[i]["colour"] = item.value
            self.build()

    # -- keeping the table startable ---------------------------------------------------------
    # The form never offers a table the rules refuse: switching a variant on switches off the
    # ones it cannot be combined with (Railroad Ink's expansions) or moves the player count to
    # the nearest one it is played with (Metromania's 3-4 player variants); fewer players
    # switch off a variant they cannot play. Every change is visible in the form itself.
    def _valid(self, players: int | None = None) -> bool:
        try:
            self.game.make_config(self.players if players is None else players,
                                  self.variants())
        except ConfigError:
            return False
        return True

    def _make_room_for(self, variant: str) -> None:
        if self._valid():
            return
        for other in self.toggles:
            if other != variant and self.options.get(other):
                self.options[other] = False
                if self._valid():
                    return
        counts = sorted(range(self.game.min_players, self.game.max_players + 1),
                        key=lambda n: (abs(n - self.players), n))
        for count in counts:
            if self._valid(count):
                self.players = count
                self._ensure_seats()
                return
        self.options[variant] = False     # nothing makes it playable: leave it off

    def _fit_variants_to_players(self) -> None:
        for variant in reversed(self.toggles + self.expansions):
            if self._valid():
                return
            if self.options.get(variant):
                self.options[variant] = False

    def on_activate(self, item) -> None:
        if item.key == "start":
            self.start()
        elif item.key == "back":
            self.app.pop()
        elif item.key == "rules":
            RulesHelpScreen = navigation.get("RulesHelpScreen")
            self.app.push(RulesHelpScreen(self.app, self.game_name))

    def on_cancel(self) -> None:
        self.app.pop()

    def variants(self) -> list[str]:
        chosen = [v for v in self.toggles if self.options.get(v)]
        chosen += [v for v in self.expansions if self.options.get(v)][:1]
        hand = self.options.get("hand", 1)
        if hand in self.hand_sizes:
            chosen.append(f"hand{hand}")
        return chosen

    def remember_table(self) -> None:
        """Offer this table again next time (players, names, who sits where, colours,
        variants), across restarts."""
        remember(self.app.settings, self.memory_name(), self.players, self.seats, self.options)

    def describe(self) -> dict:
        return {"game": self.game_name, "players": self.players, "seats": self.seats,
                "options": self.options, "seed_text": self.seed_text}

    def start(self) -> None:
        try:
            config = self.game.make_config(self.players, self.variants())
        except ConfigError as exc:
            self.app.toasts.show(str(exc), "bad")
            return
        limit = self.human_limit()
        if limit is not None and self.local_humans() > limit:
            self.app.toasts.show(t("setup.local_limit", n=limit,
                                   game=t(f"game.{self.game_name}")), "bad")
            return
        seed = seed_from_text(self.seed_text) if self.seed_text.strip() \
            else random.randrange(1, 10 ** 9)
        seats = []
        for i, seat in enumerate(self.seats):
            kind, _, rest = seat["who"].partition(":")
            name = seat["name"] or t("common.player_n", n=i + 1)
            if kind == SeatKind.BOT:
                seats.append(SeatInfo(name, "bot", level=rest, colour=seat["colour"]))
            else:
                seats.append(SeatInfo(name, SeatKind.HUMAN.value,
                                      device=rest, colour=seat["colour"]))
        self.app.settings["player_names"] = [s["name"] for s in self.seats]
        self.remember_table()
        match = Match.new(self.game, config, seed, seats)
        PlayScreen = navigation.get("play_screen_for")(match)     # phone seats: their own
        self.app.push(PlayScreen(self.app, match, self.describe()))

    # -- drawing ---------------------------------------------------------------------------
    def variant_help(self, variant: str) -> str:
        key = f"variant.{self.game_name}.{variant}.help"
        if not has(key):
            return self.game.variants.get(variant, "")
        # a help that names controls names the ones bound now (Settings > Controls)
        return t(key, keyboard=glyph_text("keyboard", "rotate"),
                 mouse=glyph_text("mouse", "rotate"), pad=glyph_text("pad", "rotate"))

    def shared_warning(self) -> str | None:
        """On a split screen, two local humans on one device both act on its every press:
        say who shares what (setup does not forbid it)."""
        if self.human_limit() is None:
            return None
        shared = shared_devices(self.seats)
        if not shared:
            return None
        first, second, device = shared[0]
        return t("metro_setup.shared_device", a=self.seats[first]["name"],
                 b=self.seats[second]["name"], device=self.app.pad_label(device))

    def _draw_seat_notes(self, surface) -> None:
        """Under the last seat row: the shared-device warning first (a trap), then why the
        remaining seats offer no device; with little room under many seats each gets one
        shrunk line, and the warning wins when there is room for one only."""
        rows = [item.rect for item in self.form.items if item.key.startswith("who:")]
        if not rows:
            return
        notes = []
        warning = self.shared_warning()
        if warning is not None:
            notes.append((warning, theme.BAD, "semibold", "shared device"))
        if self.at_human_limit():
            notes.append((t("setup.local_limit", n=self.human_limit(),
                            game=t(f"game.{self.game_name}")), theme.ACCENT, "regular",
                          "limit note"))
        top = max(r.bottom for r in rows) + 4
        room = 672 - top
        if room < 23 * len(notes):
            notes = notes[:max(1, room // 23)]
        for index, (message, colour, weight, name) in enumerate(notes):
            share = room if index == len(notes) - 1 else max(23, min(46, room - 23))
            box = pygame.Rect(COLUMN_RIGHT.x + 4, top, COLUMN_RIGHT.width - 4, share)
            lines = text_layout.wrap(message, 18, box.width)
            if len(lines) * 23 > box.height:
                lines = [message]         # little room: one shrunk line
            for k, line in enumerate(lines):
                fonts.blit_in(surface, line, 18, colour,
                              pygame.Rect(box.x, box.y + k * 23, box.width,
                                          min(23, box.height)), weight, "topleft", name=name)
            top += len(lines) * 23 + 2
            room = 672 - top

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        self.title_rect = fonts.blit(surface, t("setup.title", game=t(f"game.{self.game_name}")),
                                     42, theme.TEXT, (COLUMN_LEFT.x, 40), "bold")
        fonts.blit(surface, t("setup.table"), 22, theme.ACCENT, (COLUMN_LEFT.x, COLUMN_LEFT.y),
                   "semibold")
        fonts.blit(surface, t("setup.seats"), 22, theme.ACCENT, (COLUMN_RIGHT.x, COLUMN_RIGHT.y - 8),
                   "semibold")
        for label, x in ((t("setup.col_name"), 0), (t("setup.col_who"), NAME_W + CELL_GAP),
                         (t("setup.col_colour"), COLOUR_X)):
            fonts.blit(surface, label, 17, theme.TEXT_DIM,
                       (COLUMN_RIGHT.x + x + 4, COLUMN_RIGHT.y + 26), "regular")
        if self.players > seat_window.VISIBLE_SEATS:
            for index, item in enumerate(self.form.items):
                if item.rect.x >= 0:           # rows scrolled away are not drawn
                    draw_item(surface, item, index == self.form.focus,
                              self.form.editing and index == self.form.focus,
                              self.form.font_size)
            seat_window.draw_marks(surface, COLUMN_RIGHT, COLUMN_RIGHT.y + 40,
                                   COLUMN_RIGHT.y + 62 + seat_window.VISIBLE_SEATS * 60,
                                   self.seat_top, self.players)
        else:
            self.form.draw(surface)
        self._draw_seat_notes(surface)
        focused = self.form.focused
        help_text = None
        if focused is not None and focused.key.startswith("variant:"):
            help_text = self.variant_help(focused.key.split(":", 1)[1])
        elif focused is not None and focused.key == "expansion":
            help_text = (self.variant_help(focused.value) if focused.value
                         else t("metro_setup.expansion_help"))
        if help_text is not None:
            top = max([488] + [item.rect.bottom + 8 for item in self.form.items
                               if item.rect.x == COLUMN_LEFT.x and item.rect.y < 540])
            box = pygame.Rect(COLUMN_LEFT.x + 4, top, COLUMN_LEFT.width, 554 - top)
            size, lines, line_h = fit_text(help_text, box, (19, 18, 17, 16, 15, 14))
            y = top
            for line in lines:     # wrapped per language, shrunk to fit above the buttons
                fonts.blit(surface, line, size, theme.TEXT_DIM, (box.x, y))
                y += line_h if line else line_h // 2
        if not self.seed_text.strip():
            seed_item = self.form.item("seed")
            if not (self.form.editing and self.form.focused is seed_item):
                fonts.blit(surface, t("setup.seed_random"), 20, theme.TEXT_DIM,
                           (seed_item.rect.right - seed_item.rect.width * 0.55 + 2,
                            seed_item.rect.centery), "regular", "midleft")

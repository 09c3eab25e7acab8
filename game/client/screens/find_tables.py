"""Finding a LAN table: the tables that answer discovery, or a typed address; then join.

Discovery (``net.transport.discovery.find_tables``) runs in a background thread every few seconds so the
screen never waits on the network; it asks the broadcast address of every interface, or the
targets in ``NET_DEFAULTS["targets"]`` (tests: unicast to 127.0.0.1). The address field offers
the last address joined by typing it (the settings' ``lan_address``). Joining connects off the
frame loop too, then shows the joined table (``JoinedLobbyScreen``). A table already playing
can be watched as a spectator.
"""

from __future__ import annotations

import threading

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.screens import netplay
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.widgets import Form, Item, place_indexed

LIST = pygame.Rect(48, 150, 700, 64)
REFRESH_SECONDS = 3.0
MAX_SHOWN = 6


class FindTablesScreen(MenuScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        names = app.settings["player_names"]
        self.name = (names[0] if names and names[0] else "") or t("common.player_n", n=1)
        self.local_players = 1
        self.address = str(app.settings["lan_address"])[:40]    # the last one typed
        self.tables: list[dict] = []
        self.searching = False
        self.searched_once = False
        self.since_search = REFRESH_SECONDS
        self.connector = None
        self.message = ""          # why the last attempt failed (shown until the next one)
        self.tried_keys: set[str] = set()   # saved seat tokens already offered to a table
        self._found: list[dict] | None = None
        self._lock = threading.Lock()
        self.build()

    # -- the form --------------------------------------------------------------------------
    def build(self) -> None:
        focus_key = self.form.focused.key if self.form and self.form.focused else None
        items = []
        for index, table in enumerate(self.tables[:MAX_SHOWN]):
            items.append(Item(f"table:{index}", (lambda tb=table: self.table_label(tb))))
        items.append(Item("name", lambda: t("lan.your_name"), "text", value=self.name,
                          max_len=14))
        items.append(Item("locals", lambda: t("lan.local_players"), "choice",
                          options=[0, 1, 2, 3, 4], value=self.local_players,
                          option_label=lambda n: t("lan.watch_only") if n == 0 else str(n)))
        items.append(Item("address", lambda: t("lan.address"), "text", value=self.address,
                          max_len=40))
        items.append(Item("join_address", lambda: t("lan.join_address")))
        items.append(Item("refresh", lambda: t("lan.refresh")))
        items.append(Item("back", lambda: t("common.back")))
        self.form = Form(items, pygame.Rect(0, 0, 10, 10))
        y_right = 150
        for item in place_indexed(items, "table", lambda index: LIST.move(0, index * 72)):
            if item.key in ("name", "locals", "address"):
                item.rect = pygame.Rect(790, y_right, 442, 56)
                y_right += 66
            elif item.key == "join_address":
                item.rect = pygame.Rect(790, y_right, 442, 60)
                y_right += 70
            elif item.key == "refresh":
                item.rect = pygame.Rect(48, 600, 240, 60)
            else:
                item.rect = pygame.Rect(304, 600, 160, 60)
        self.form.focus_on(focus_key)

    def table_label(self, table: dict) -> str:
        return t("lan.table_row", name=table["name"], game=t(f"game.{table['game']}"))

    # -- discovery -------------------------------------------------------------------------
    def search(self) -> None:
        if self.searching:
            return
        from net.transport.discovery import find_tables   # the network layer loads on first search

        self.searching = True
        self.since_search = 0.0
        targets = netplay.NET_DEFAULTS["targets"]
        port = netplay.NET_DEFAULTS["discovery_port"]

        def run() -> None:
            try:
                found = find_tables(targets, timeout=0.6, port=port)
            except OSError:
                found = []
            with self._lock:
                self._found = found

        threading.Thread(target=run, name="discovery", daemon=True).start()

    def enter(self) -> None:
        self.search()

    def leave(self) -> None:
        if self.connector is not None:
            self.connector.abandon()
            self.connector = None

    def update(self, dt: float) -> None:
        self.since_search += dt
        with self._lock:
            found, self._found = self._found, None
        if found is not None:
            self.searching = False
            self.searched_once = True
            if found != self.tables:
                untouched = not self.tables and not self.form.editing and \
                    self.form.focused is not None and self.form.focused.key == "name"
                self.tables = found
                self.build()
                if untouched and found:
                    self.form.focus = 0     # the first table found: one press to join it
        if not self.searching and self.since_search >= REFRESH_SECONDS \
                and self.connector is None and self.app.top is self:
            self.search()
        if self.connector is not None and self.connector.finished():
            self._connected()

    # -- joining ---------------------------------------------------------------------------
    def on_change(self, item) -> None:
        if item.key == "name":
            self.name = str(item.value).strip()[:14]
        elif item.key == "locals":
            self.local_players = item.value
        elif item.key == "address":
            self.address = str(item.value).strip()

    def on_activate(self, item) -> None:
        if item.key.startswith("table:"):
            table = self.tables[int(item.key.split(":")[1])]
            self.join(table["host"], table["port"], table)
        elif item.key == "join_address":
            parsed = netplay.parse_address(self.address)
            if parsed is None:
                self.fail(t("lan.bad_address"))
                return
            if self.address != self.app.settings["lan_address"]:
                self.app.settings["lan_address"] = self.address    # offered next time
            self.join(*parsed)
        elif item.key == "refresh":
            self.search()
        elif item.key == "back":
            self.app.pop()

    def on_cancel(self) -> None:
        if self.connector is None:
            self.app.pop()

    def join(self, host: str, port: int, table: dict | None = None) -> None:
        if self.connector is not None:
            return
        wanted = self.local_players
        from game.saves.lan import resume_claims, saved_seat_key

        key = ""
        if table is not None and table["phase"] != "lobby":
            wanted = 0            # a game in progress: watch it...
            key = saved_seat_key(host, port)
            if key and key not in self.tried_keys:
                # ...unless this machine played there before a crash: its seats, by the
                # seat token its save keeps (tried once: a refusal then leaves watching)
                self.tried_keys.add(key)
                wanted = 1
            else:
                key = ""
        elif table is not None and wanted > table["open"]:
            self.fail(t("net.table_full"))
            return
        self.message = t("lan.connecting", address=f"{host}:{port}")
        self.wanted = wanted
        # a table resumed from a save gives this machine exactly its old seats back
        claims = resume_claims(table["game"] if table else "") if wanted and not key else ""
        self.connector = netplay.Connector(host, port, self.name or t("common.player_n", n=1),
                                           wanted=wanted, token=key or claims)

    def _connected(self) -> None:
        JoinedLobbyScreen = navigation.get("JoinedLobbyScreen")
        connector, self.connector = self.connector, None
        if connector.conn is None:
            self.fail(t("lan.cannot_reach", address=f"{connector.host}:{connector.port}"))
            return
        self.message = ""
        if self.name:
            names = list(self.app.settings["player_names"]) or [""]
            names[0] = self.name
            self.app.settings["player_names"] = names
        session = netplay.NetSession("join", connector.conn,
                                     address=(connector.host, connector.port),
                                     name=self.name, wanted=self.wanted)
        self.app.push(JoinedLobbyScreen(self.app, session))

    def fail(self, message: str) -> None:
        """Show why joining did not work (also called by the lobby when refused)."""
        self.message = message
        self.app.toasts.show(message, "bad")
        self.app.sound.play("illegal")

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit(surface, t("lan.find_title"), 42, theme.TEXT, (48, 40), "bold")
        fonts.blit(surface, t("lan.tables_found"), 22, theme.ACCENT, (48, 112), "semibold")
        fonts.blit(surface, t("lan.or_type"), 22, theme.ACCENT, (790, 112), "semibold")
        if not self.tables:
            box = LIST.copy()
            box.height = 200
            theme.rounded_panel(surface, box, theme.PANEL, 14, theme.PANEL_EDGE, 1)
            label = t("lan.searching") if self.searching or not self.searched_once \
                else t("lan.no_tables")
            fonts.blit(surface, label, 24, theme.TEXT_DIM, box.center, "semibold", "center")
            fonts.blit(surface, t("lan.no_tables_help"), 18, theme.TEXT_DIM,
                       (box.centerx, box.centery + 36), "regular", "center")
            # an overlay network (Tailscale, WireGuard, ZeroTier) carries no broadcast
            fonts.blit(surface, t("lan.no_tables_overlay"), 16, theme.TEXT_DIM,
                       (box.centerx, box.centery + 64), "regular", "center")
        self.form.draw(surface)
        for index, table in enumerate(self.tables[:MAX_SHOWN]):
            rect = self.form.item(f"table:{index}").rect
            focused = self.form.focused is self.form.item(f"table:{index}")
            ink = theme.TEXT_DARK if focused else theme.TEXT_DIM
            if table["phase"] == "lobby":
                seats = t("lan.table_seats", open=table["open"], players=table["players"])
            else:
                seats = t("lan.table_playing")
            fonts.blit(surface, seats, 18, ink, (rect.right - 16, rect.centery), "semibold",
                       "midright")
            fonts.blit(surface, f"{table['host']}:{table['port']}", 16, ink,
                       (rect.x + 16, rect.centery), "regular", "midleft")
        if self.message:
            lines = text_layout.wrap(self.message, 22, 410)[:4]
            box = pygame.Rect(790, 440, 442, 24 + 30 * len(lines))
            accent = theme.BAD if self.connector is None else theme.ACCENT
            theme.rounded_panel(surface, box, theme.BG_DEEP, 12, accent, 2)
            for row, line in enumerate(lines):
                fonts.blit(surface, line, 22, theme.TEXT, (box.x + 16, box.y + 27 + 30 * row),
                           "semibold", "midleft")

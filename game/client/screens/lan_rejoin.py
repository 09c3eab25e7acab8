"""Back into one's own seat after a crash: a relaunched client with an unfinished LAN game it
had joined offers *Rejoin Ann's table as Cleo* while that table still runs.

A joiner's autosave keeps its seat token (a random secret only the host and this machine
know; the host's save keeps only a digest), the table's address and its claim on the table
(``game.saves.lan.rejoin_info``), and which of its seats guests played on their phones: those
are served as phones again, on the same links (``game.saves.lan.saved_phone_seats``).
``TableProbe`` asks, off the frame loop, whether the table still answers at that address (else
LAN discovery for a running table of that host and game). ``RejoinScreen`` connects with the
saved token (``rejoin_link.TableRedial``), so the host hands the seats back at once (a bot
playing them stops) — or, on a table resumed after a crash, seats it ready in its lobby — waits
for the catch-up and opens the play screen; if the table is gone or refuses, it says why and
offers *Resume as LAN host* instead.
"""

from __future__ import annotations

import socket
import threading

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.screens import netplay
from game.client.screens.base import MenuScreen
from game.client.seats import PHONE
from game.client.text import t
from game.client.widgets import Form, Item
from game.saves import SaveError, read_save

CARD = pygame.Rect(340, 170, 600, 380)


def rejoin_target(path) -> dict | None:
    """The rejoin details of a joiner's save (``game.saves.lan.rejoin_info`` plus ``game``,
    ``path`` and ``claim``: the resume claim this save proves), or None (a host's save, an
    older save without its seat token)."""
    from game.saves.lan import (own_claim, rejoin_info,  # network code loads for a LAN save
                                saved_phone_seats)

    try:
        header = read_save(path).header
    except (SaveError, OSError):
        return None
    info = rejoin_info(header)
    if info is None:
        return None
    return dict(info, game=str(header.get("game", "")), path=str(path), claim=own_claim(header),
                phones=saved_phone_seats(header))


def rejoin_label(target: dict) -> str:
    name = target["name"] or t("common.player_n", n=1)
    if target.get("host_name"):
        return t("rejoin.rejoin_named", host=target["host_name"], name=name)
    return t("rejoin.rejoin_as", name=name)


class TableProbe:
    """Is the table of ``target`` still there? Runs once in a thread: ``done``, then
    ``address`` ((host, port) that answered) or None."""

    def __init__(self, target: dict) -> None:
        self.target = target
        self.address: tuple[str, int] | None = None
        self.done = False
        threading.Thread(target=self._run, name="table-probe", daemon=True).start()

    def _run(self) -> None:
        address = self.target.get("address")
        found = None
        if address:
            try:
                with socket.create_connection(tuple(address),
                                              timeout=netplay.NET_DEFAULTS["connect_timeout"]):
                    found = tuple(address)
            except (OSError, ValueError):
                found = None
        if found is None and netplay.NET_DEFAULTS["targets"] != []:
            found = self._discover()
        self.address = found
        self.done = True

    def _discover(self) -> tuple[str, int] | None:
        """A running table of the same game and host name found by LAN discovery (the host
        may have another address now); the saved token decides whether it is ours."""
        from net.transport.discovery import find_tables

        try:
            tables = find_tables(netplay.NET_DEFAULTS["targets"], timeout=0.6,
                                 port=netplay.NET_DEFAULTS["discovery_port"])
        except OSError:
            return None
        for table in tables:
            if (table["game"] == self.target.get("game") and table["phase"] != "lobby"
                    and self.target.get("host_name") in ("", table["name"])):
                return table["host"], table["port"]
        return None


class RejoinScreen(MenuScreen):
    """Connecting to the table with the saved seat token, then the play screen."""

    def __init__(self, app, target: dict, address: tuple[str, int]) -> None:
        super().__init__(app)
        self.target = target
        self.address = address
        self.redial = None
        self.failed: tuple[str, dict] | None = None    # the reason code and args
        self.form = Form([], pygame.Rect(440, CARD.bottom - 150, 400, 0))
        self.connect()

    def connect(self) -> None:
        """One try at the table (``rejoin_link.TableRedial``): our seat token, else the claim
        our save proves; ready at once should the table be a resumed one in its lobby."""
        from game.client.rejoin_link import TableRedial

        self.stop()
        self.failed = None
        target = self.target
        phones = target.get("phones") or {"seats": {}, "port": None}
        self.redial = TableRedial(self.address, target["name"], token=target["key"],
                                  claim=target.get("claim", ""), game=target.get("game", ""),
                                  table=target.get("host_name", ""),
                                  devices={seat: PHONE for seat in phones["seats"]},
                                  saved_phones=phones,
                                  pads=self.app.input.connected_pads(), keep_trying=False)
        self.build()

    def build(self) -> None:
        items = []
        if self.failed is not None:
            items += [Item("again", lambda: t("rejoin.try_again")),
                      Item("host", lambda: t("lan.resume_as_host")),
                      Item("title", lambda: t("pause.to_title"))]
        else:
            items.append(Item("cancel", lambda: t("common.back")))
        self.form = Form(items, pygame.Rect(440, CARD.bottom - 28 - 58 * len(items), 400, 0),
                         row_height=50, gap=8)

    def on_activate(self, item) -> None:
        if item.key == "again":
            self.connect()
        elif item.key == "host":
            open_resumed_table = navigation.get("open_resumed_table")
            problem = open_resumed_table(self.app, self.target["path"], replace=True)
            if problem:
                self.app.toasts.show(problem, "bad")
        else:
            self.stop()
            TitleScreen = navigation.get("TitleScreen")
            self.app.reset_to(TitleScreen(self.app))

    def on_cancel(self) -> None:
        self.on_activate(Item("title", lambda: ""))

    def stop(self) -> None:
        if self.redial is not None:
            self.redial.stop()
            self.redial = None

    def leave(self) -> None:
        self.stop()

    def fail(self, code: str, args: dict) -> None:
        self.stop()
        self.failed = (code, dict(args))
        self.app.sound.play("illegal")
        self.build()

    def update(self, dt: float) -> None:
        if self.redial is None:
            return
        session = self.redial.update()
        if self.redial.failed is not None:
            self.fail(*self.redial.failed)
            return
        if session is not None:
            self.redial = None
            TitleScreen = navigation.get("TitleScreen")
            self.app.reset_to(TitleScreen(self.app))
            self.app.push(netplay.NetPlayScreen(self.app, session, {"lan": True}))
            self.app.toasts.show(t("lan.toast.rejoined"), "good")

    def status(self) -> str:
        where = f"{self.address[0]}:{self.address[1]}"
        if self.failed is None:
            return self.redial.status() if self.redial is not None else t("lan.rejoining")
        code, args = self.failed
        if code == "unreachable":
            return t("lan.cannot_reach", address=where)
        return netplay.reason_text(code, args)

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        theme.rounded_panel(surface, CARD, theme.PANEL, 24,
                            theme.BAD if self.failed else theme.ACCENT, 3, shadow=True)
        fonts.blit_fit(surface, rejoin_label(self.target), 32, theme.TEXT,
                       (CARD.centerx, CARD.y + 48), CARD.width - 60, "bold", "center")
        y = CARD.y + 100
        for part in text_layout.wrap(self.status(), 22, CARD.width - 80)[:3]:
            fonts.blit(surface, part, 22, theme.TEXT_DIM, (CARD.centerx, y), "regular", "center")
            y += 30
        self.form.draw(surface)

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select"))]


class RejoinOffer:
    """What the resume prompt offers for a LAN save: while this machine's table may still run
    (its seat token is saved and the probe has not found it gone), *Rejoin*; else *Resume as
    LAN host*."""

    def __init__(self, path) -> None:
        self.target = rejoin_target(path)
        self.probe = TableProbe(self.target) if self.target is not None else None

    @property
    def looking(self) -> bool:
        return self.probe is not None and not self.probe.done

    @property
    def live(self) -> bool:
        """Rejoining is (still) the way back: the table answers, or we are still asking."""
        return self.probe is not None and (not self.probe.done or self.probe.address is not None)

    def label(self) -> str:
        if self.looking:
            host = self.target.get("host_name") or ""
            return t("rejoin.looking_named", host=host) if host else t("rejoin.looking")
        return rejoin_label(self.target)

    def open(self, app) -> bool:
        """Show the rejoin screen (False while there is no address to try yet)."""
        address = (self.probe.address if self.probe.done else None) or self.target["address"]
        if not address:
            return False
        app.replace(RejoinScreen(app, self.target, tuple(address)))
        return True

"""Notices over a LAN game: the connection is lost (rejoin, or back to the title), and — on the
host — a player dropped out (the seat controls of ``seat_control``, worded as a drop dialog).

Every text is worded when it is drawn (the reason and the rejoin status are kept as codes and
arguments), so a language switched while a notice is open reaches it too."""

from __future__ import annotations

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.screens import netplay
from game.client.screens.base import MenuScreen
from game.client.screens.seat_control import SeatControlScreen
from game.client.text import t
from game.client.widgets import Form, Item
from game.client import canvas

CARD = pygame.Rect(340, 170, 600, 380)


def _veil_and_card(surface, title: str, lines: list[str], accent) -> None:
    veil = canvas.layer(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 12, 20, 210))
    surface.blit(veil, (0, 0))
    theme.rounded_panel(surface, CARD, theme.PANEL, 24, accent, 3, shadow=True)
    fonts.blit(surface, title, 36, theme.TEXT, (CARD.centerx, CARD.y + 50), "bold", "center")
    y = CARD.y + 100
    for line in lines:
        for part in text_layout.wrap(line, 22, CARD.width - 80):
            fonts.blit(surface, part, 22, theme.TEXT_DIM, (CARD.centerx, y), "regular", "center")
            y += 30


def _to_title(app) -> None:
    TitleScreen = navigation.get("TitleScreen")
    app.reset_to(TitleScreen(app))


class ConnectionLostScreen(MenuScreen):
    """The table is gone for us: say why; offer to rejoin with our seat token."""

    overlay = True

    def __init__(self, app, play, code: str, args: dict) -> None:
        super().__init__(app)
        self.play = play
        self.session = play.session
        self.code = code
        self._reason = (code, dict(args or {}))
        self.redial = None          # rejoin_link.TableRedial once Rejoin was pressed
        # The host ending the table (or refusing us for good) leaves nothing to rejoin.
        self.can_rejoin = bool(self.session.token and self.session.address) and code not in (
            "host_left", "game_over", "bad_token", "replaced", "left", "kicked", "seat_owned")
        items = []
        if self.can_rejoin:
            items.append(Item("rejoin", lambda: t("lan.rejoin")))
        items.append(Item("title", lambda: t("pause.to_title")))
        self.form = Form(items, pygame.Rect(490, CARD.bottom - 80 - 70 * (len(items) - 1), 300,
                                            0), row_height=58, gap=12)
        app.sound.play("illegal")

    @property
    def reason(self) -> str:
        return netplay.reason_text(*self._reason)

    @property
    def status(self) -> str:
        """The rejoin's progress in the current language ("" before Rejoin is pressed)."""
        return self.redial.status() if self.redial is not None else ""

    def enter(self) -> None:
        self.session.uncover()          # this notice pumps the connection itself

    def title_text(self) -> str:
        return t("lan.host_left_title") if self.code == "host_left" else t("lan.lost_title")

    def on_activate(self, item) -> None:
        if item.key == "rejoin":
            self.rejoin()
        else:
            _to_title(self.app)

    def leave(self) -> None:
        if self.redial is not None:
            self.redial.stop()

    def on_cancel(self) -> None:
        pass      # a choice is needed: rejoin or leave

    def rejoin(self) -> None:
        """Back to our seats: the same address is dialled until the table answers (after
        a host crash, its relaunched client resuming the table), with our seat token, else
        the claim our own save proves; ready at once in a resumed table's lobby."""
        if self.redial is not None and self.redial.busy:
            return
        from game.client.rejoin_link import TableRedial, claim_token

        old = self.session
        self.redial = TableRedial(old.address, old.name, token=old.token, wanted=old.wanted,
                                  game=old.game, claim=claim_token(old), devices=old.devices,
                                  local_bots=old.local_bots, table=old.table,
                                  pads=self.app.input.connected_pads())

    def update(self, dt: float) -> None:
        if not self.session.closed:
            self.play.drain()     # still connected (e.g. just interrupted): keep it alive
        session = self.redial.update() if self.redial is not None else None
        if session is not None:
            phones = self.play.give_phones()      # the phones keep their links and seats
            TitleScreen = navigation.get("TitleScreen")
            self.app.reset_to(TitleScreen(self.app))
            self.app.push(netplay.NetPlayScreen(self.app, session, self.play.setup,
                                                phones=phones))
            self.app.toasts.show(t("lan.toast.rejoined"), "good")

    def draw(self, surface) -> None:
        lines = [self.reason]
        if self.status:
            lines.append(self.status)    # the hint to rejoin was taken: room for the progress
        else:
            lines.append(t("lan.log_kept") if self.can_rejoin else t("lan.log_kept_short"))
        _veil_and_card(surface, self.title_text(), lines, theme.BAD)
        self.form.draw(surface)

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select"))]


class SeatDroppedScreen(SeatControlScreen):
    """Host only: a remote player's connection dropped; their seat waits unless the host acts
    (a bot, a spectator, freeing it): the seat controls, worded as the drop dialog."""

    def __init__(self, app, play, seat: int) -> None:
        super().__init__(app, play, seat, dropped=True)

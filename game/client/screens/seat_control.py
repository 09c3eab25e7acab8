"""The host's hand on a LAN table's seats during play: for one seat held (or left) by another
machine, let a bot play it, give it back to its player, give it to a connected spectator (its
player back without the seat token, or someone new), free it, or keep waiting.

``SeatControlScreen`` opens three ways: from the pause menu (*Seats*: a choice of seat first),
by clicking a player's row, and as the drop dialog (``dropped=True``) when a seat's player
drops out; that dialog says how long the seat has been waited on and returns while it is
(``NetPlayScreen`` asks again after the wait limit). Every action is a host endpoint command
(``hand_to_bot``, ``take_back``, ``give_seat``, ``free_seat``) that every peer applies.
"""

from __future__ import annotations

import pygame

from game.bots.base import levels
from game.client import fonts, text_layout, theme
from game.client.screens.base import MenuScreen
from game.client.text import has, t
from game.client.widgets import Form, Item
from game.client import canvas

CARD = pygame.Rect(340, 64, 600, 592)
MAX_SPECTATORS = 2          # "give the seat to ..." rows shown


def duration_text(seconds: float) -> str:
    """"0:42", "12:05": how long a seat has been waited on."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def host_endpoint(play):
    """The host endpoint under a play screen, or None (a joiner, a local table)."""
    session = getattr(play, "session", None)
    if session is None or not getattr(session, "is_host", False):
        return None
    return session.conn.endpoint


def controllable_seats(play) -> list[int]:
    """Seats the host can act on: every seat not played on the host machine."""
    endpoint = host_endpoint(play)
    if endpoint is None:
        return []
    return [i for i, slot in enumerate(endpoint.slots) if slot.kind in ("remote", "open")]


class SeatControlScreen(MenuScreen):
    overlay = True

    def __init__(self, app, play, seat: int | None = None, dropped: bool = False) -> None:
        super().__init__(app)
        self.play = play
        self.dropped = dropped
        self.choosing = seat is None
        seats = controllable_seats(play)
        self.seat = seat if seat is not None else (seats[0] if seats else 0)
        game_levels = levels(play.match.game.name) or ["random"]
        self.levels = game_levels
        self.level = "easy" if "easy" in game_levels else game_levels[0]
        self._shape = None
        self.build()

    def shape(self, state: dict) -> tuple:
        """What decides which rows there are (rebuilt when it changes)."""
        return (self.seat, state["kind"], state["bot"], state["holder_here"],
                state["waited"] is None, tuple(state["spectators"]), state["returning"])

    # -- state ------------------------------------------------------------------------------
    def state(self) -> dict:
        """What the rows depend on, read from the host endpoint (defaults without one)."""
        endpoint = host_endpoint(self.play)
        out = {"kind": "remote", "bot": False, "holder_here": False, "waited": None,
               "spectators": [], "returning": False}
        if endpoint is None:
            out["waited"] = 0.0 if self.dropped else None
            return out
        slot = endpoint.slots[self.seat]
        holder = endpoint.seat_holder(self.seat)
        out["kind"] = slot.kind
        out["bot"] = bool(slot.bot_level)
        out["holder_here"] = holder is not None and holder.conn is not None
        out["waited"] = endpoint.seat_waits.waiting_on().get(self.seat)
        # the seat's own player back on a new connection ("Cleo", "Cleo (2)") first
        own = self.play.seat_name(self.seat)
        out["spectators"] = sorted(endpoint.spectators(), key=lambda spec: not (
            spec[1] == own or spec[1].startswith(own + " (")))[:MAX_SPECTATORS]
        out["returning"] = bool(out["spectators"]) and (
            out["spectators"][0][1] == own or out["spectators"][0][1].startswith(own + " ("))
        return out

    def build(self) -> None:
        state = self.state()
        name = lambda: self.play.seat_name(self.seat)   # noqa: E731 - worded when drawn
        items = []
        if self.choosing:
            items.append(Item("seat", lambda: t("rejoin.seat"), "choice",
                              options=controllable_seats(self.play) or [self.seat],
                              value=self.seat, option_label=self.play.seat_name))
        if not state["bot"]:
            items.append(Item("level", lambda: t("lan.bot_level"), "choice",
                              options=self.levels, value=self.level,
                              option_label=lambda lv: t(f"level.{lv}") if has(f"level.{lv}")
                              else lv))
            items.append(Item("bot", lambda: t("lan.hand_to_bot")))
        elif state["holder_here"]:
            items.append(Item("back", lambda: t("rejoin.give_back", name=name())))
        for pid, who in state["spectators"]:
            items.append(Item(f"give:{pid}", lambda who=who: t("rejoin.give_to", name=who)))
        if state["kind"] == "remote" and not state["holder_here"]:
            items.append(Item("free", lambda: t("rejoin.free_seat")))
        if state["waited"] is not None:
            items.append(Item("wait", lambda: t("lan.keep_waiting")))
        else:
            items.append(Item("close", lambda: t("common.back")))
        old = self.form.focused.key if self.form and self.form.focused else None
        self.form = Form(items, pygame.Rect(400, CARD.y + 170, 480, 0), row_height=50, gap=8)
        keys = [item.key for item in items]
        if old in keys and not (state["returning"] and old in ("bot", "wait")):
            self.form.focus = keys.index(old)
        elif state["returning"]:        # one press gives the seat back to its player
            self.form.focus = keys.index(f"give:{state['spectators'][0][0]}")
        elif "bot" in keys:
            self.form.focus = keys.index("bot")
        self._shape = self.shape(state)

    # -- reactions --------------------------------------------------------------------------
    def on_change(self, item) -> None:
        if item.key == "seat":
            self.seat = item.value
            self.build()
        elif item.key == "level":
            self.level = item.value

    def on_activate(self, item) -> None:
        endpoint = host_endpoint(self.play)
        key = item.key
        if key in ("wait", "close"):
            self.app.pop()
            return
        if key == "seat":
            return
        if endpoint is None:
            self.app.pop()
            return
        name = self.play.seat_name(self.seat)
        try:
            with self.play.session.lock():
                if key == "bot":
                    endpoint.hand_to_bot(self.seat, self.level)
                elif key == "back":
                    endpoint.take_back(self.seat)
                elif key == "free":
                    endpoint.seat_waits.free_seat(self.seat, self.level)
                    self.play.toast(t("rejoin.toast.freed", name=name), "info")
                elif key.startswith("give:"):
                    endpoint.seat_waits.give_seat(self.seat, int(key.split(":")[1]))
        except (RuntimeError, ValueError, KeyError, IndexError):
            pass       # the game ended or the player left meanwhile: nothing to do
        self.app.pop()

    def on_cancel(self) -> None:
        self.app.pop()

    def enter(self) -> None:
        session = getattr(self.play, "session", None)
        if session is not None:
            session.uncover()     # this screen pumps the connection itself

    def update(self, dt: float) -> None:
        if getattr(self.play, "session", None) is not None:
            self.play.drain()
        if self.app.top is not self:
            return
        state = self.state()
        if self.dropped and state["waited"] is None:
            self.app.pop()       # they came back (or a bot plays): nothing to decide
            return
        if self.shape(state) != self._shape:
            self.build()     # a spectator came, a bot took over, the player came back...

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        veil = canvas.layer(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 12, 20, 210))
        surface.blit(veil, (0, 0))
        card = CARD.copy()
        card.height = max(self.form.items[-1].rect.bottom + 28 - card.y, 300)
        theme.rounded_panel(surface, card, theme.PANEL, 24,
                            theme.ACCENT if self.dropped else theme.PANEL_EDGE, 3, shadow=True)
        name = self.play.seat_name(self.seat)
        title = t("lan.dropped_title", name=name) if self.dropped else t("rejoin.seats_title")
        fonts.blit_fit(surface, title, 34, theme.TEXT, (card.centerx, card.y + 44),
                       card.width - 60, "bold", "center")
        state = self.state()
        lines = [t("lan.dropped_text", name=name) if self.dropped
                 else t("rejoin.seat_status", name=name, status=self.play.seat_status(self.seat))]
        if state["waited"] is not None:
            lines.append(t("rejoin.waited", time=duration_text(state["waited"])))
        y = card.y + 88
        for line in lines:
            for part in text_layout.wrap(line, 20, card.width - 80)[:2]:
                fonts.blit(surface, part, 20, theme.TEXT_DIM, (card.centerx, y), "regular",
                           "center")
                y += 26
        self.form.draw(surface)

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select"))]

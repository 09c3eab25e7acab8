"""LAN play in the client: the play screen that runs on a table's ``NetSession``.

The session (``net_session.NetSession``: either side of the lockstep layer behind one small
surface, with ``Connector``, ``reason_text`` and ``NET_DEFAULTS``) is re-exported here, where
the lobbies and tests have always found it.

``NetPlayScreen`` is the generic ``PlayScreen`` with three changes: a proposal goes to the net
(the host checks and sequences it) instead of ``match.apply``; a move is shown when its
sequenced broadcast has been applied by the net layer; and the screen shows each seat's
connection state, refusals, a lost connection (with rejoin) and the host leaving. While
another screen covers it (pause menu, "pass the device") a background thread keeps the
connection alive; drawing then takes the connection's lock so it never sees half a move.
This machine's "Phone" seats (issue 27; host and joiner alike) are served by its
``served_phones.ServedPhones``, as at a local table: the QR codes, the phones' moves through
this machine's seat (``phone_sources``), and a refusal from the host back to the phone.
"""

from __future__ import annotations

import pygame

from game.client import fonts, navigation, theme
from game.client.net_session import (NET_DEFAULTS, PLAYING_PHASES, Connector,  # noqa: F401
                                     NetSession, net_codes, parse_address, reason_text)
from game.client.screens.play import PlayScreen
from game.client.screens.results import RIGHT, TABLE, ResultsScreen
from game.client.screens.seat_control import SeatControlScreen, controllable_seats
from game.client.text import has, illegal, t
from game.match import SeatInfo
from game.rules.core import IllegalMove

# how often a sleeping client pumps the table (``Screen.idle_poll_ms``): a move from the
# network shows within a frame or two, and a step that draws nothing is cheap
NET_IDLE_POLL_MS = 20


def local_seat_infos(session: NetSession, seats: list[SeatInfo]) -> list[SeatInfo]:
    """The match's seats as this machine sees them: our humans on their devices, the host's own
    bots as bots (on the host: its play screen thinks for them), every other seat "remote" so
    the play screen never moves it (remote players; a joiner's bots run in the net layer)."""
    out = []
    rows = session.seats
    for index, info in enumerate(seats):
        row = rows[index] if index < len(rows) else {}
        if session.is_host and row.get("kind") == "local" and row.get("level"):
            out.append(SeatInfo(info.name, "bot", level=row["level"], colour=info.colour))
        elif index in session.devices and index not in session.local_bots:
            out.append(SeatInfo(info.name, "human", device=session.devices[index],
                                colour=info.colour))
        else:
            out.append(SeatInfo(info.name, "remote", level=info.level, colour=info.colour))
    return out


class NetPlayScreen(PlayScreen):
    """The play screen of a LAN table. ``phones``: the phone seats an earlier play screen of
    this table served (a seat change, a rejoin): the phones keep their links."""

    def __init__(self, app, session: NetSession, setup: dict | None = None,
                 phones=None) -> None:
        self.session = session
        match = session.match
        match.reseat(local_seat_infos(session, match.seats))
        super().__init__(app, match, dict(setup or {}, lan=True))
        self.lost_shown = False
        self.handed_over = False
        self.asked_at: dict[int, float] = {}  # host: when it was last asked about a dropped seat
        self.stall_told: tuple = ()           # (dealer, seq) of the last stall toasted
        self.last_statuses = list(session.statuses)
        self.drawn_news = None     # ``news()`` when the board was last drawn
        self.phones = phones       # this machine's phone seats (served_phones.ServedPhones)
        if phones is not None:
            phones.attach(self)
        else:
            seats = [seat for seat in range(len(match.seats)) if self.on_phone(seat)]
            if seats:
                self.phones = self._serve_phones(seats)

    def _serve_phones(self, seats: list[int]):
        # (the phone server loads with a table that has phone seats, not with every LAN game)
        from game.client.phone_sources import JoinerSource, host_source
        from game.client.served_phones import ServedPhones

        source = host_source(self) if self.session.is_host else JoinerSource(self)
        return ServedPhones(self, source, seats, saved=self.session.saved_phones)

    @property
    def phone_seat_numbers(self) -> list[int]:
        return self.phones.seat_numbers if self.phones is not None else []

    def show_links(self, start: bool = False) -> None:
        if self.phones is not None:
            self.phones.show_links(start)

    def give_phones(self):
        """The phone seats, for the play screen that goes on with this table after a lost
        link (this one no longer closes them when it is left)."""
        phones, self.phones = self.phones, None
        return phones

    # -- seats ----------------------------------------------------------------------------
    def is_bot(self, seat: int) -> bool:
        """Boards ask this to word a turn: every seat not played by a human here is shown as
        "<name> is thinking…" (remote players, bots anywhere)."""
        return seat not in self.human_seats()

    def others_turn_line(self, seat: int) -> str:
        """A dropped player is not thinking: the header says the table waits for them. A
        phone seat of this machine: "Ann plays on their phone", "Waiting for Ann's phone"."""
        line = self.phones.turn_line(seat) if self.phones is not None else None
        if line:
            return line
        status = self.session.statuses[seat] if seat < len(self.session.statuses) else ""
        if status in ("interrupted", "disconnected"):
            return t("rejoin.turn_waiting", name=self.seat_name(seat))
        return super().others_turn_line(seat)

    def _turn_changed(self, acting) -> None:
        # Only our own humans take the view: never show a remote player's hand here.
        local = tuple(s for s in acting if s in self.human_seats())
        if local:
            super()._turn_changed(local)

    def seat_status(self, seat: int) -> str:
        phone = self.phones.status(seat) if self.phones is not None else None
        if phone:
            return phone
        status = self.session.statuses[seat] if seat < len(self.session.statuses) else ""
        row = self.session.seats[seat] if seat < len(self.session.seats) else {}
        if seat in self.bots:
            return super().seat_status(seat)
        if status == "bot" or seat in self.session.local_bots or (
                row.get("kind") == "local" and row.get("level")):
            level = self.session.bot_levels.get(seat) or row.get("level") \
                or self.session.local_bots.get(seat, "")
            label = t(f"level.{level}") if level and has(f"level.{level}") else level
            return t("lan.st.bot", level=label)
        if seat in self.session.devices:
            return super().seat_status(seat)
        if status in ("interrupted", "disconnected"):
            return t(f"lan.st.{status}") + " !"
        return t("lan.st.remote")

    # -- stack hooks ----------------------------------------------------------------------
    def pause(self) -> None:
        self.session.cover()
        if self.phones is not None:
            self.phones.cover()      # the table goes on under the menu: so do its phones

    def resume(self) -> None:
        self.session.uncover()
        if self.phones is not None:
            self.phones.uncover()

    def leave(self) -> None:
        super().leave()
        if self.handed_over:
            return           # a new play screen goes on with this table (and its phones)
        if self.phones is not None:
            self.phones.close()
        self.session.uncover()
        self.session.close()

    # -- input ----------------------------------------------------------------------------
    def handle(self, intent) -> None:
        """The host clicking another machine's player row opens that seat's controls."""
        if self.session.is_host and intent.kind == "click" and intent.pos is not None:
            seat_row = getattr(self.board, "seat_row", None)

            for seat in controllable_seats(self) if seat_row else []:
                if seat_row(seat).collidepoint(intent.pos):
                    self.app.push(SeatControlScreen(self.app, self, seat))
                    return
        super().handle(intent)

    # -- moves ----------------------------------------------------------------------------
    def propose(self, seat: int, move) -> bool:
        if self.session.waiting_for(seat) or self.session.closed:
            return False
        try:
            self.session.propose(seat, str(move))
        except IllegalMove as exc:
            self._refused(seat, move, exc)
            return False
        self.drain()        # the host sequences its own moves at once
        return True

    def _refused(self, seat: int, move, exc) -> None:
        code = getattr(exc, "code", "")
        if code in net_codes() or not has(f"illegal.{code}"):
            text = reason_text(code, getattr(exc, "args_dict", {}))
        else:
            text = illegal(exc, self.match.game.name)
        self.toast(text, "bad")
        self.app.sound.play("illegal")
        self.board.on_refused(seat, move, exc)

    # -- the network ----------------------------------------------------------------------
    def drain(self) -> None:
        events = self.session.pump()
        for event in events:
            self.on_net_event(event)
        if events:
            self.app.invalidate()     # the table's news is drawn even on a still board

    def news(self) -> tuple:
        """What the table's news changes on this screen: moves and chance entries, each
        seat's connection, the host falling silent, spectators, the table's end."""
        session = self.session
        return (len(self.match.log), tuple(session.statuses), session.host_interrupted,
                len(session.spectators), session.closed, session.ended is not None,
                session.table_code)

    def animating(self) -> bool:
        """As at a local table; and once more when the news changed what is shown (also
        under a menu, while a background thread keeps the connection: ``cover``)."""
        return super().animating() or self.news() != self.drawn_news

    def idle_poll_ms(self) -> int:
        return NET_IDLE_POLL_MS

    def on_net_event(self, event: dict) -> None:
        kind = event["event"]
        if kind == "move":
            try:
                move = self.match.game.parse_move(event["move"])
            except Exception:  # noqa: BLE001 - shown as notation if it does not parse here
                move = event["move"]
            self.after_move(event["seat"], move, event.get("events", []))
        elif kind == "rejected" and self.phones is not None \
                and self.phones.is_phone(event["seat"]):
            # the host refused a phone seat's move: the phone says why, not the TV
            self.phones.refused(event["seat"], event["code"], dict(event.get("args", {})))
        elif kind == "rejected":
            args = dict(event.get("args", {}))
            exc = IllegalMove(event["code"], event["code"], **args)
            try:
                move = self.match.game.parse_move(event.get("move", ""))
            except Exception:  # noqa: BLE001 - the board only uses it to flash a square
                move = event.get("move", "")
            self._refused(event["seat"], move, exc)
        elif kind == "status":
            self._statuses_changed(list(event["statuses"]))
        elif kind == "seat_control":
            name = self.seat_name(event["seat"])
            if event["control"] == "bot":
                self.toast(t("lan.toast.bot_plays", name=name), "info")
            else:
                self.toast(t("lan.toast.back_in_control", name=name), "good")
        elif kind == "seated" and not self.session.is_host:
            self._reseated(list(event["seats"]))
        elif kind == "resynced" and event.get("reason") == "desync":
            self.toast(t("lan.toast.resynced"), "info")
        elif kind == "fair_stalled" and event.get("seats") and \
                self.stall_told != (event["dealer"], self.match.seq):
            # a fair table's step waits for that seat's machine, nobody blamed (issue 28);
            # said once a move (the host's watch says it again at every limit)
            self.stall_told = (event["dealer"], self.match.seq)
            # the host's player is the one who can end an answer's wait (Seats: a bot)
            key = "lan.toast.fair_stalled_host" if self.session.is_host and \
                event.get("waits_for") == "answer" else "lan.toast.fair_stalled"
            self.toast(t(key, name=self.seat_name(event["seats"][0])), "info")
        elif kind in ("fair_host_withheld", "fair_past_unsigned"):
            # only this machine can know: the host did not pass on what it sent, or a resumed
            # table's past comes from a save without its players' signatures (net.fair.past)
            self.toast(reason_text(event["code"], event.get("args")), "bad")
        elif kind == "peer_refused":
            self.toast(t("lan.toast.peer_refused", reason=reason_text(event["code"],
                                                                        event.get("args"))), "bad")
        elif kind == "ended":
            self._ended(event["code"], dict(event.get("args", {})))

    def _reseated(self, seats: list[int]) -> None:
        """The host gave us a seat during play (or freed one): play it on the mouse and
        keyboard (further seats on controllers) in a new play screen over the same table."""
        session = self.session
        pads = self.app.input.connected_pads()
        for seat in list(session.devices):
            if seat not in seats:
                session.devices.pop(seat)
        for order, seat in enumerate(s for s in seats if s not in session.devices):
            taken = set(session.devices.values())
            free = [d for d in ["mouse+keyboard", *pads] if d not in taken]
            session.devices[seat] = free[0] if free else "mouse+keyboard"
        again = NetPlayScreen(self.app, session, self.setup, phones=self.phones)
        self.handed_over = True
        stack = self.app.stack
        if self in stack:               # in place: a menu open over the board stays open
            index = stack.index(self)
            self.leave()
            stack[index] = again
            if index == len(stack) - 1:
                again.enter()
        if seats:
            again.toast(t("rejoin.toast.seated", name=again.seat_name(seats[0])), "good")

    def _statuses_changed(self, statuses: list[str]) -> None:
        old = self.last_statuses
        self.last_statuses = statuses
        for seat, status in enumerate(statuses):
            before = old[seat] if seat < len(old) else ""
            if status == before or seat in self.session.devices:
                continue
            name = self.seat_name(seat)
            if status in ("interrupted", "disconnected"):
                self.toast(t(f"lan.toast.{status}", name=name), "bad")
                if status == "disconnected" and self.session.is_host \
                        and seat not in self.asked_at and not self.match.is_over():
                    self.ask_about(seat)
            elif status == "connected" and before in ("interrupted", "disconnected"):
                self.toast(t("lan.toast.back", name=name), "good")
                self.asked_at.pop(seat, None)

    def ask_about(self, seat: int) -> None:
        """Host: show the drop dialog of a seat waited on (again after the wait limit)."""
        SeatDroppedScreen = navigation.get("SeatDroppedScreen")
        self.asked_at[seat] = self.session.conn.endpoint.clock()   # the table's own clock
        self.app.push(SeatDroppedScreen(self.app, self, seat))

    def ask_again(self) -> None:
        """Host: nobody waits for good. A seat still waited on ``wait_limit`` seconds after
        the host last answered its dialog brings the dialog back."""
        if not self.session.is_host or self.match.is_over() or self.app.top is not self:
            return
        with self.session.lock():
            endpoint = self.session.conn.endpoint
            waiting, now = endpoint.seat_waits.waiting_on(), endpoint.clock()
        for seat in sorted(waiting):
            asked = self.asked_at.get(seat)
            if asked is None or now - asked >= NET_DEFAULTS["wait_limit"]:
                self.ask_about(seat)
                return
        for seat in [s for s in self.asked_at if s not in waiting]:
            self.asked_at.pop(seat)        # a bot plays it, or the player is back

    def _ended(self, code: str, args: dict) -> None:
        if self.match.is_over() or self.lost_shown or self.session.is_host:
            return     # a finished game needs nothing more from the table
        self.lost_shown = True
        ConnectionLostScreen = navigation.get("ConnectionLostScreen")
        self.app.push(ConnectionLostScreen(self.app, self, code, args))

    # -- time and drawing -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.drain()
        if self.phones is not None:
            self.phones.pump()         # after the table's news: the phones see the latest
            if self.phones.first_frame():
                return                 # the QR codes first (the table goes on meanwhile)
        self.ask_again()
        if self.app.top is not self:
            return           # an event pushed a notice over the board
        if self.match.is_over():
            # as the hotseat screen does, but to results without a (hotseat) rematch
            self.board.update(dt)
            if self.over_since is None:
                self.over_since = self.app.time
            waited = self.app.time - self.over_since
            audited = self.session.audit is not None or not self.session.fair
            if not self.board.busy() and waited > 1.0 and (audited or waited > 6.0):
                # the score chart is replayed from the log: moves that arrived together
                # (catch-up, the host's bots) would otherwise share one point
                self.setup["hints_used"] = self.coach.used    # shown on the results
                self.app.replace(LanResultsScreen(self.app, self.match, None, self.setup,
                                                  session=self.session))
            return
        super().update(dt)

    def draw(self, surface) -> None:
        with self.session.lock():
            self.drawn_news = self.news()
            super().draw(surface)
        self.draw_badge(surface)

    def draw_badge(self, surface) -> None:
        """A small LAN tag (role, port, spectators) and a banner while the host is silent."""
        session = self.session
        if session.is_host:
            label = t("lan.badge.host", port=session.port)
        else:
            label = t("lan.badge.joined", address=f"{session.address[0]}:{session.address[1]}"
                      if session.address else "?")
        if session.spectators:
            label += "  ·  " + t("lan.badge.spectators", n=len(session.spectators))
        text = fonts.render(label, 16, theme.TEXT_DIM, "semibold")
        rect = text.get_rect(bottomleft=(14, surface.get_height() - 14))
        back = rect.inflate(16, 8)
        theme.rounded_panel(surface, back, theme.BG_DEEP, radius=10, edge=theme.PANEL_EDGE,
                            width=1)
        surface.blit(text, rect)
        if session.table_code:
            self.draw_table_code(surface, back.right + 8, back.centery)
        if session.host_interrupted and not session.is_host:
            message = t("lan.host_silent")
            banner = fonts.render(message, 24, theme.TEXT, "semibold")
            box = banner.get_rect(center=(surface.get_width() // 2, 96)).inflate(40, 18)
            theme.rounded_panel(surface, box, theme.BG_DEEP, radius=20, edge=theme.BAD, width=3)
            surface.blit(banner, banner.get_rect(center=box.center))


    def draw_table_code(self, surface, left: int, centre_y: int) -> None:
        """The fair table's code beside the LAN tag, in the strip under the board."""
        draw_table_code(surface, self.session.table_code, left, centre_y)


def draw_table_code(surface, code: str, left: int, centre_y: int) -> pygame.Rect:
    """A fair table's code (net.fair.table_code) with what to do with it: the players
    compare it across the table's screens (a host showing one machine other keys shows it
    another code). One line in a panel from ``left``, centred on ``centre_y``; the panel's
    rect is returned."""
    label, note = t("lan.table_code", code=code), t("lan.table_code_note")
    code_w, code_h = fonts.render(label, 16, theme.TEXT, "semibold").get_size()
    note_w, note_h = fonts.render(note, 14, theme.TEXT_DIM).get_size()
    gap = 12
    box = pygame.Rect(left + 8, 0, code_w + gap + note_w, max(code_h, note_h))
    box.centery = centre_y
    panel = box.inflate(16, 8)
    theme.rounded_panel(surface, panel, theme.BG_DEEP, radius=10, edge=theme.PANEL_EDGE,
                        width=1)
    fonts.blit(surface, label, 16, theme.TEXT, box.midleft, "semibold", "midleft")
    fonts.blit(surface, note, 14, theme.TEXT_DIM, (box.left + code_w + gap, box.centery),
               "regular", "midleft")
    return panel


# the fair table's code on the results: the strip under the rows and the buttons (which end
# at y 630), above the hint bar (from y 676)
CODE_STRIP = pygame.Rect(TABLE.x, 636, RIGHT.right - TABLE.x, 32)


class LanResultsScreen(ResultsScreen):
    """The results of a LAN game: as a hotseat game's (the game's own breakdown, the replay,
    the review of this machine's players), but no rematch: the table is over, and a rematch
    is a new table (everyone must agree on a new shuffle)."""

    rematch_offered = False

    def __init__(self, app, match, history=None, setup=None, session=None) -> None:
        self.session = session      # its audit (a fair table) marks a void result
        super().__init__(app, match, history, setup)

    def table_code(self) -> str | None:
        """The fair table's code, shown again at the end (issue 28: the players compare the
        codes when the audit's verdict is in); None for a table without one."""
        return getattr(self.session, "table_code", None) if self.session is not None \
            else None

    def draw(self, surface) -> None:
        super().draw(surface)
        code = self.table_code()
        if code:
            draw_table_code(surface, code, CODE_STRIP.x, CODE_STRIP.centery)

    def toast_avoid(self) -> list:
        return super().toast_avoid() + ([CODE_STRIP] if self.table_code() else [])

    def headline(self) -> tuple[str, str]:
        """A fair table whose audit caught a cheat: the result is void, the cheat named."""
        audit = self.session.audit if self.session is not None else None
        if audit is None or audit["fair"]:
            return super().headline()
        names = ", ".join(cheater_names(self.session.seats, audit["cheaters"])) or "?"
        kind = audit["kind"] if has(f"fair.kind.{audit['kind']}") else "other"
        return t("results.void"), t("results.void_note", names=names,
                                    what=t(f"fair.kind.{kind}"))


def cheater_names(rows: list[dict], cheaters: list[int]) -> list[str]:
    """The names of the seats of the machines the audit named (peer ids; 0 is the host)."""
    names = []
    for row in rows:
        machine = row.get("peer", -1) if row.get("kind") == "remote" else 0
        if machine in cheaters and row.get("name") and row["name"] not in names:
            names.append(row["name"])
    return names

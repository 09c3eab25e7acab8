"""The phone seats a play screen serves (issue 27): ``ServedPhones``.

A phone seat is a seat of the machine whose screen shows the table, exactly like a local seat
of that machine: its rules, legal moves, bots and coach run here, its hand is shown only on
the phone (never on this screen, and no other machine ever has it). ``ServedPhones`` is that
service, one object with its own state held by the play screen of a local table
(``phone_play.PhonePlayScreen``) and of a LAN table, on its host or on a joiner
(``screens.netplay.NetPlayScreen``), which delegate to it. Each screen gives it the *source* its
phone table reads the game from and proposes moves through (``phone_sources``).

It owns the phone server and table (``game.phone.table``: started here, pumped every frame,
closed with the screen), the seat numbers, the QR codes (``PhoneLinksScreen``: at the start
while a phone is missing, and from the pause menu's *Phones*), the words the screen says
about those seats ("Ann plays on their phone", "Waiting for Ann's phone", "Phone connected"),
and the stand-in bot: a phone away past ``WAIT_LIMIT`` while its seat must move is played by
the table's bot until it is back (also a phone that never came). Without a server (no port)
the seats are not lost: the bot plays them.
"""

from __future__ import annotations

import os
import threading

from game.client import navigation
from game.client.coach.seat_hints import SeatHints
from game.client.text import language, t
from game.rules.core import IllegalMove

WAIT_LIMIT = 120.0           # as a LAN host waits for a dropped player, then its bot plays
COVERED_PUMP_S = 0.02        # while a menu covers a LAN table: how often its phones are served


def phone_address() -> tuple[str, int | None]:
    """Where the phones' page listens: every interface on port 5057 (a free one if that is
    taken); ``TRACKLAYER_PHONE_BIND`` / ``TRACKLAYER_PHONE_PORT`` choose others (tests use
    127.0.0.1 and 0)."""
    bind = os.environ.get("TRACKLAYER_PHONE_BIND", "0.0.0.0")
    port = os.environ.get("TRACKLAYER_PHONE_PORT", "")
    return bind, int(port) if port.isdigit() and int(port) < 65536 else None


class ServedPhones:
    def __init__(self, play, source, seats: list[int], saved: dict | None = None) -> None:
        """``saved``: the phone seats a LAN save recorded (``game.saves.lan.saved_phone_seats``,
        a table resumed or rejoined after a crash): each seat keeps its token and code, and
        the server listens on the same port if it can, so a phone that still shows the page
        (or reloads it, or scans its code again) gets its seat back."""
        from game.phone.table import serve

        self.play = play
        self.source = source
        self.seat_numbers = list(seats)
        self.table = None
        self.closed = False
        self.links_shown = False
        self.pumping = threading.RLock()   # one pump at a time: the frame's, or the cover's
        self.cover_stop: threading.Event | None = None
        self.saved_in = None               # the LAN autosave told of these seats (``_keep_saved``)
        saved = saved or {}
        links = {seat: (row["token"], row["code"])
                 for seat, row in saved.get("seats", {}).items() if seat in self.seat_numbers}
        bind, port = phone_address()
        if links and saved.get("port") and not port:
            port = saved["port"]           # (taken meanwhile: any free port, new QR codes)
        try:
            self.table = serve(source, self.seat_numbers, lang=language(), bind=bind,
                               port=port, wait_limit=WAIT_LIMIT, hints=SeatHints(source.game),
                               links=links)
        except (OSError, ValueError) as exc:
            play.toast(t("phone_tv.no_server", reason=str(exc)), "bad")
        else:
            self.table.expect_phones()
        self._bots_for_unserved()

    def attach(self, play) -> None:
        """A new play screen goes on with this table (a LAN seat change, a rejoin): the phones
        keep their links and seats."""
        self.uncover()               # the new screen's frames serve them from now on
        self.play = play
        attach = getattr(self.source, "attach", None)
        if attach is not None:
            attach(play)

    # -- queries ------------------------------------------------------------------------------
    @property
    def serving(self) -> bool:
        return self.table is not None

    def is_phone(self, seat: int) -> bool:
        return seat in self.seat_numbers

    def link(self, seat: int):
        return self.table.phones.link(seat)

    def qr_matrix(self, seat: int) -> list:
        return self.table.phones.qr_matrix(seat)

    def qr_png(self, seat: int, scale: int, border: int) -> bytes:
        """The seat's QR code as a PNG, ``scale`` pixels a module (see ``PhoneSeats``)."""
        return self.table.phones.qr_png(seat, scale=scale, border=border)

    def joined(self, seat: int) -> bool:
        """A phone has held the seat at least once."""
        return self.table is not None and self.table.phones.joined(seat)

    def connected(self, seat: int) -> bool:
        return self.table is not None and self.table.phones.connected(seat)

    def all_joined(self) -> bool:
        return all(self.joined(seat) for seat in self.seat_numbers)

    def bot_plays(self, seat: int) -> bool:
        return self.source.bot_plays(seat)

    # -- words on the table's screen ----------------------------------------------------------
    def turn_line(self, seat: int) -> str | None:
        """The header while a phone seat acts ("Ann plays on their phone", "Waiting for
        Ann's phone"); None when a bot plays it for now (the screen words a bot's turn)."""
        if not self.is_phone(seat) or self.bot_plays(seat):
            return None
        key = "phone_tv.turn_phone" if self.connected(seat) else "phone_tv.waiting"
        return t(key, name=self.play.seat_name(seat))

    def status(self, seat: int) -> str | None:
        """A phone seat's status in the seat list; None when a bot plays it for now."""
        if not self.is_phone(seat) or self.bot_plays(seat):
            return None
        return t("phone_tv.status_here" if self.connected(seat) else "phone_tv.status_away")

    # -- time ---------------------------------------------------------------------------------
    def first_frame(self) -> bool:
        """Called at the start of the screen's ``update``: the first time, while a phone
        seat has no phone yet, the QR codes go up (True: the screen waits this frame)."""
        if self.links_shown or self.table is None:
            return False
        self.links_shown = True
        if self.all_joined():
            return False
        self.show_links(start=True)        # the guests scan their codes first
        return True

    def pump(self) -> None:
        """The phones' moves in, their views out (the screen's frame, the QR screen's, or
        the cover thread's; never two at once)."""
        with self.pumping:
            if self.closed:
                return
            if self.table is not None:
                self._pump_table()
                self._keep_saved()
            else:
                self._bots_for_unserved()

    def _keep_saved(self) -> None:
        """A LAN table: its autosave on this machine records these phone seats and their
        links (once per autosave: the game's start makes it, a rejoin a new one), so the
        table resumed after a crash serves them as phones again."""
        session = getattr(self.play, "session", None)
        if session is None:
            return                         # a local table's seats say it (``SeatInfo.device``)
        from game.saves.lan import record_phone_seats

        with session.lock():
            saver = session.autosaver()
            if saver is None or saver is self.saved_in or session.match is None:
                return
            self.saved_in = saver
            links = [self.link(seat) for seat in self.seat_numbers]
            record_phone_seats(saver, session.match, [
                {"seat": link.seat, "name": link.name, "token": link.token, "code": link.code}
                for link in links], self.table.phones.port)

    def _pump_table(self) -> None:
        """A table that answers moves later (a LAN joiner's: ``take_refusals``) first hands
        over the host's refusals of the phones' moves, so each reaches its phone now, also
        under a menu; under the table's lock, so no refusal lands between them and the
        phone table settling its moves (it would be told "answered" first)."""
        take = getattr(self.source, "take_refusals", None)
        if take is None:
            self.table.pump()
            return
        with self.source.lock():
            for seat, code, args in take(self.seat_numbers):
                self.table.refuse(seat, IllegalMove(code, code, **args))
            self.table.pump()

    def _bots_for_unserved(self) -> None:
        """No server: the table's bot plays every phone seat (retried while the table
        cannot hand a seat over yet, e.g. a LAN host still dealing)."""
        if self.table is not None:
            return
        for seat in self.seat_numbers:
            if not self.source.bot_plays(seat):
                try:
                    self.source.hand_to_bot(seat)
                except RuntimeError:
                    pass

    def show_links(self, start: bool = False) -> None:
        PhoneLinksScreen = navigation.get("PhoneLinksScreen")
        self.play.app.push(PhoneLinksScreen(self.play.app, self.play, start=start))

    def refused(self, seat: int, code: str, args: dict) -> None:
        """The table refused a phone seat's move after it was sent (a LAN joiner's host
        decides): the phone is told why, in the table's language."""
        if self.table is not None:
            with self.pumping:
                self.table.refuse(seat, IllegalMove(code, code, **args))

    # -- a LAN table goes on under a menu -----------------------------------------------------
    def cover(self) -> None:
        """Another screen covers a LAN table, which goes on meanwhile: a thread keeps
        serving the phones (as ``NetSession.cover`` keeps the connection), a joiner's host's
        refusals of their moves included (``_pump_table``)."""
        if self.table is None or self.cover_stop is not None:
            return
        stop = self.cover_stop = threading.Event()

        def serve_covered() -> None:
            while not stop.wait(COVERED_PUMP_S):
                self.pump()

        threading.Thread(target=serve_covered, name="phones-covered", daemon=True).start()

    def uncover(self) -> None:
        if self.cover_stop is not None:
            self.cover_stop.set()
            self.cover_stop = None

    def close(self) -> None:
        self.uncover()
        with self.pumping:
            self.closed = True
            if self.table is not None:
                self.table.close(wait=0)      # the frame loop does not wait for goodbyes

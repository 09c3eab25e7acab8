"""A local table with phone seats (issue 27): the play screen whose "Phone" seats are served
to the guests' phones by this machine.

``PhonePlayScreen`` is the play screen of a table where some human seats are bound to the
device ``phone`` (table setup's "Phone"). It starts the phone server (``game.phone.serve``)
for those seats and pumps it every frame; a phone's move reaches the match through the same
``propose`` as a local player's (sounds, animations, the score history), checked first so a
refusal goes back to that phone with the rules' reason instead of a toast on the TV. The TV
never takes a phone seat's view: there is no "Pass to Ann" for it, its hand is never drawn,
its turn reads "Ann plays on her phone", and while the phone is away "Waiting for Ann's
phone"; after the wait limit the table's bot plays the seat until the phone is back. At the
start, and from the pause menu's *Phones*, ``PhoneLinksScreen`` shows each phone seat's QR
code, short URL and code.
"""

from __future__ import annotations

import os

from game.bots.base import levels, make_bot
from game.client import navigation
from game.client.screens.play import PlayScreen
from game.client.seats import SeatKind
from game.client.text import language, t
from game.rules.core import IllegalMove

PHONE = "phone"              # the device a phone seat is bound to
WAIT_LIMIT = 120.0           # as a LAN host waits for a dropped player, then its bot plays


def phone_seats(match) -> list[int]:
    return [seat for seat, info in enumerate(match.seats)
            if info.kind == SeatKind.HUMAN and info.device == PHONE]


class ScreenSource:
    """The play screen as a table a ``PhoneTable`` serves (see ``game.phone.table``)."""

    def __init__(self, play) -> None:
        self.play = play
        self.match = play.match
        self.game = play.match.game
        self.away: set[int] = set()

    def names(self) -> list[str]:
        return [self.play.seat_name(seat) for seat in range(len(self.match.seats))]

    def colours(self) -> list[int]:
        return [self.play.seat_shape(seat) for seat in range(len(self.match.seats))]

    def version(self):
        return (self.match.seq, tuple(sorted(self.away)))

    def view(self, seat: int):
        return self.match.view(seat)

    def to_act(self):
        return self.match.to_act()

    def is_over(self) -> bool:
        return self.match.is_over()

    def scores(self) -> dict:
        return self.match.scores()

    def winners(self) -> list[int]:
        return self.game.winners(self.match.state)

    def propose(self, seat: int, text: str) -> None:
        if seat in self.away:
            raise IllegalMove("not_your_seat", "A bot plays this seat now")
        move = self.game.parse_move(text)
        self.match.check(seat, move)          # refused here: the reason goes to the phone
        self.play.propose(seat, move)

    def bot_plays(self, seat: int) -> bool:
        return seat in self.away

    def hand_to_bot(self, seat: int) -> None:
        known = levels(self.game.name)
        level = "normal" if "normal" in known else known[0]
        self.away.add(seat)
        self.play.bots[seat] = make_bot(self.game, seat, level, 7919 + seat)

    def take_back(self, seat: int) -> None:
        self.away.discard(seat)
        self.play.bots.pop(seat, None)
        self.play.workers.pop(seat, None)


def phone_address() -> tuple[str, int | None]:
    """Where the phones' page listens: every interface on port 5057 (a free one if that is
    taken); ``TRACKLAYER_PHONE_BIND`` / ``TRACKLAYER_PHONE_PORT`` choose others (tests use
    127.0.0.1 and 0)."""
    bind = os.environ.get("TRACKLAYER_PHONE_BIND", "0.0.0.0")
    port = os.environ.get("TRACKLAYER_PHONE_PORT", "")
    return bind, int(port) if port.isdigit() and int(port) < 65536 else None


class PhonePlayScreen(PlayScreen):
    def __init__(self, app, match, setup: dict | None = None) -> None:
        self.phone_seat_numbers = phone_seats(match)
        super().__init__(app, match, setup)
        from game.phone.table import serve

        bind, port = phone_address()

        self.source = ScreenSource(self)
        self.phones = None
        try:
            self.phones = serve(self.source, self.phone_seat_numbers, lang=language(),
                                bind=bind, port=port, wait_limit=WAIT_LIMIT)
        except (OSError, ValueError) as exc:
            # no server: the seats are not lost, the table's bot plays them
            for seat in self.phone_seat_numbers:
                self.source.hand_to_bot(seat)
            self.toast(t("phone_tv.no_server", reason=str(exc)), "bad")
        self.links_shown = False

    # -- seats: a phone seat is played elsewhere, like a remote player's -------------------
    def is_phone(self, seat: int) -> bool:
        return seat in self.phone_seat_numbers

    def human_seats(self) -> list[int]:
        return [seat for seat in super().human_seats() if not self.is_phone(seat)]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots or self.is_phone(seat)

    def active_human(self):
        for seat in self.match.to_act():
            if seat in self.bots or self.is_phone(seat):
                continue
            if seat == self.viewer or not self.board.secret_information:
                return seat
        return None

    def seat_paused(self, seat: int) -> bool:
        return False if self.is_phone(seat) else super().seat_paused(seat)

    def phone_here(self, seat: int) -> bool:
        return self.phones is not None and self.phones.phones.connected(seat)

    def others_turn_line(self, seat: int) -> str:
        if self.is_phone(seat) and seat not in self.bots:
            key = "phone_tv.turn_phone" if self.phone_here(seat) else "phone_tv.waiting"
            return t(key, name=self.seat_name(seat))
        return super().others_turn_line(seat)

    def seat_status(self, seat: int) -> str:
        if self.is_phone(seat):
            if seat in self.bots:
                return super().seat_status(seat)
            return t("phone_tv.status_here" if self.phone_here(seat) else "phone_tv.status_away")
        return super().seat_status(seat)

    def _turn_changed(self, acting) -> None:
        # a phone seat's turn is on its phone: never pass the screen, never show its hand
        local = tuple(seat for seat in acting if not self.is_phone(seat))
        if local:
            super()._turn_changed(local)

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.phones is not None and not self.links_shown:
            self.links_shown = True
            if not all(self.phones.phones.joined(s) for s in self.phone_seat_numbers):
                self.show_links(start=True)        # the guests scan their codes first
                return
        super().update(dt)
        if self.phones is not None:
            self.phones.pump()

    def show_links(self, start: bool = False) -> None:
        PhoneLinksScreen = navigation.get("PhoneLinksScreen")
        self.app.push(PhoneLinksScreen(self.app, self, start=start))

    def leave(self) -> None:
        super().leave()
        if self.phones is not None:
            self.phones.close(wait=0)          # the frame loop does not wait for goodbyes
            self.phones = None

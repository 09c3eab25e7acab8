"""A local table with phone seats (issue 27): the play screen whose "Phone" seats are served
to the guests' phones by this machine.

``PhonePlayScreen`` is the play screen of a table where some human seats are bound to the
device ``phone`` (table setup's "Phone"). Its ``ServedPhones`` (``served_phones``) serves
them: the phone server, pumped every frame, and the QR codes at the start and from the pause
menu's *Phones*. A phone's move reaches the match through the same ``propose`` as a local
player's (``phone_sources.ScreenSource``: sounds, animations, the score history), checked
first so a refusal goes back to that phone with the rules' reason instead of a toast on the
TV. The TV never takes a phone seat's view (``PlayScreen.on_phone``): there is no "Pass to
Ann" for it, its hand is never drawn, its turn reads "Ann plays on their phone", and while
the phone is away "Waiting for Ann's phone"; after the wait limit the table's bot plays the
seat until the phone is back. Nothing moves while the guests scan their codes at the start.
"""

from __future__ import annotations

from game.client.phone_sources import ScreenSource
from game.client.screens.play import PlayScreen
from game.client.seats import PHONE, SeatKind
from game.client.served_phones import ServedPhones


def phone_seats(match) -> list[int]:
    return [seat for seat, info in enumerate(match.seats)
            if info.kind == SeatKind.HUMAN and info.device == PHONE]


def play_screen_for(match):
    """The play screen class for ``match``: ``PhonePlayScreen`` when a seat is a phone's
    (a new table, a resumed one: its phones scan new codes, a rematch), else ``PlayScreen``."""
    return PhonePlayScreen if phone_seats(match) else PlayScreen


class PhonePlayScreen(PlayScreen):
    def __init__(self, app, match, setup: dict | None = None) -> None:
        super().__init__(app, match, setup)
        self.phones = ServedPhones(self, ScreenSource(self), phone_seats(match))

    @property
    def phone_seat_numbers(self) -> list[int]:
        return self.phones.seat_numbers

    # -- words: a phone seat is played elsewhere, like a remote player's ---------------------
    def others_turn_line(self, seat: int) -> str:
        return self.phones.turn_line(seat) or super().others_turn_line(seat)

    def seat_status(self, seat: int) -> str:
        return self.phones.status(seat) or super().seat_status(seat)

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.phones.first_frame():
            return                    # nothing moves while the guests scan their codes
        super().update(dt)
        self.phones.pump()

    def show_links(self, start: bool = False) -> None:
        self.phones.show_links(start)

    def leave(self) -> None:
        super().leave()
        self.phones.close()

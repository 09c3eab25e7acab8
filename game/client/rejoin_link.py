"""Getting back into one's seat after the link to a table was lost: ``TableRedial``.

It dials the table's address again (off the frame loop, ``net_session.Connector``) until the
table answers — after a host crash that is the host's relaunched client resuming the table
on the same port, which may take a while — with the seat token of the lost connection. If
the table no longer knows that token (a table resumed from a save that does not hold it), it
proves the seats from this machine's own save instead (the resume claim, ``net.session.claims``).
Welcomed into the lobby of a resumed table, it gets ready at once: a player who pressed
*Rejoin* wants to play on, and the resumed table starts by itself once every seat's owner is
back (``HostLobbyScreen``). ``session()`` hands over the table once the game runs again.

The screens that use it (``ConnectionLostScreen``, ``RejoinScreen``) word its ``status`` when
they draw it, so a language switched meanwhile reaches it too.
"""

from __future__ import annotations

import time
from typing import Callable

from game.client import net_session
from game.client.text import t

# a refusal or goodbye that another try does not mend (anything else: dial again)
FINAL = frozenset({"host_left", "game_over", "game_started", "replaced", "left",
                   "bad_token",
                   "kicked", "bad_claim", "seat_owned", "seat_reserved", "table_full",
                   "protocol_version", "rules_version", "game_mismatch", "not_a_table",
                   "desync"})


def claim_token(session) -> str:
    """The resume claim of the table ``session`` played at, as the machine it was there
    ("" when it never got a seat)."""
    from net.protocol.tables import CLAIM_PREFIX, resume_claim, table_id

    if session.match is None or session.conn.endpoint.pid < 0:
        return ""
    return CLAIM_PREFIX + resume_claim(table_id(session.match), session.conn.endpoint.pid)


class TableRedial:
    """Dial ``address`` until the table answers, take our seats back, get ready in a resumed
    table's lobby. ``keep_trying``: a table that does not answer is dialled again (with a
    growing pause, up to a few seconds) until ``stop``; else the first failure is final."""

    def __init__(self, address: tuple[str, int], name: str, *, token: str, wanted: int = 1,
                 game: str = "", claim: str = "", devices: dict[int, str] | None = None,
                 local_bots: dict[int, str] | None = None, table: str = "",
                 saved_phones: dict | None = None,
                 pads: list[str] | None = None, keep_trying: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        from net.transport.backoff import Backoff

        self.address = tuple(address)
        self.name, self.wanted, self.game, self.table = name, wanted, game, table
        self.tokens = [token] + ([claim] if claim and claim != token else [])
        self.devices = dict(devices or {})
        self.local_bots = dict(local_bots or {})
        self.saved_phones = saved_phones     # our save's phone seats (``NetSession``)
        self.pads = list(pads or [])      # controllers for further seats of this machine
        self.keep_trying = keep_trying
        self.backoff = Backoff(first=0.25, cap=2.0)
        self.clock = clock
        self.connector: net_session.Connector | None = None
        self.current: net_session.NetSession | None = None
        self.next_at = 0.0
        self.tries = 0
        self.failed: tuple[str, dict] | None = None     # final: the reason
        self.waiting: tuple[str, dict] | None = None    # why we dial again
        self.readied = False

    # -- what the screen shows ------------------------------------------------------------
    def status(self) -> str:
        """"Rejoining…", "Cannot reach X — retrying…", "The table is back…" or the reason
        it is over, in the current language."""
        if self.failed is not None:
            return net_session.reason_text(*self.failed)
        if self.current is not None and self.current.phase == "lobby" and self.readied:
            return t("lan.rejoin_waiting")
        if self.current is not None and self.current.retrying is not None:
            return self.current.retry_text()
        if self.waiting is not None:
            return t("lan.retrying", reason=net_session.reason_text(*self.waiting))
        return t("lan.rejoining")

    @property
    def busy(self) -> bool:
        return self.failed is None

    # -- driving --------------------------------------------------------------------------
    def update(self):
        """Move on (once a frame); returns the session once the game runs again, else None."""
        now = self.clock()
        if self.failed is not None:
            return None
        if self.connector is None and self.current is None and now >= self.next_at:
            self._dial()
        if self.connector is not None and self.connector.finished():
            connector, self.connector = self.connector, None
            if connector.conn is None:
                self._again(now, "unreachable", {"address": self._where(),
                                                 "detail": connector.error})
                return None
            self.current = net_session.NetSession("join", connector.conn, devices=self.devices,
                                              address=self.address, name=self.name,
                                              wanted=self.wanted, table=self.table,
                                              saved_phones=self.saved_phones)
            self.current.local_bots = dict(self.local_bots)
            for seat, level in self.local_bots.items():
                connector.conn.set_bot(seat, level)
        session = self.current
        if session is None:
            return None
        for event in session.pump():
            kind = event["event"]
            if kind == "welcome":
                self._seated(list(event["seats"]))
            elif kind == "ended":
                self._ended(now, event["code"], dict(event.get("args") or {}))
                return None
        if session.phase in net_session.PLAYING_PHASES and session.match is not None:
            if not session.devices:
                self._adopt(list(session.conn.endpoint.seats))
            self.current = None
            return session
        return None

    def stop(self) -> None:
        """The screen went away: close whatever is open or being opened."""
        if self.connector is not None:
            self.connector.abandon()
            self.connector = None
        if self.current is not None:
            self.current.close()
            self.current = None

    # -- inside ---------------------------------------------------------------------------
    def _where(self) -> str:
        from net.session.redialing import address_text

        return address_text(self.address)

    def _dial(self) -> None:
        self.tries += 1
        self.readied = False
        self.connector = net_session.Connector(self.address[0], self.address[1], self.name,
                                           wanted=self.wanted, token=self.tokens[0],
                                           game=self.game)

    def _again(self, now: float, code: str, args: dict) -> None:
        if not self.keep_trying:
            self.failed = (code, args)
            return
        self.waiting = (code, args)
        self.next_at = now + self.backoff.next()

    def _ended(self, now: float, code: str, args: dict) -> None:
        session, self.current = self.current, None
        session.close()
        if code == "bad_token" and len(self.tokens) > 1:
            # the table does not know our seat token (resumed from a save without it):
            # prove our seats from our own save instead, at once
            self.tokens.pop(0)
            self.next_at = now
            return
        if code in FINAL:
            self.failed = (code, args)
            return
        self._again(now, code, args)

    def _seated(self, seats: list[int]) -> None:
        """Welcomed: our seats (played here as before), and ready at once in a resumed
        table's lobby."""
        self.waiting = None
        self.backoff.reset()
        if seats and set(seats) != set(self.current.devices):
            self._adopt(seats)
        if self.current.phase == "lobby" and seats:
            self.current.conn.set_ready(True)
            self.readied = True

    def _adopt(self, seats: list[int]) -> None:
        """Our seats, played here: on the device each had before, the others on the first
        device left (mouse and keyboard, then the controllers)."""
        session = self.current
        old = {seat: device for seat, device in session.devices.items() if seat in seats}
        free = [d for d in ["mouse+keyboard", *self.pads] if d not in old.values()]
        session.devices = {}
        for seat in seats:
            session.devices[seat] = old.get(seat) or (free.pop(0) if free
                                                      else "mouse+keyboard")

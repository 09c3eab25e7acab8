"""``run.py host GAME --headless --phones K``: the first K seats are phone seats of this host.

A phone seat is a local seat of the hosting machine (``net`` sees a ``local`` slot): the host
serves it to a phone's browser (``game.phone``) and proposes the phone's moves like those of a
player at its keyboard; its bot plays the seat while the phone is away longer than
``--wait-limit``. After ``listening`` the host prints one line per phone seat,

    {"event": "phone_seat", "seat": 0, "name": "Phone 1", "url": "http://192.168.1.20:5057/p/...",
     "short_url": "http://192.168.1.20:5057/K7M2QX", "code": "K7M2QX", "port": 5057}

(the page's server listens on ``--phone-port``, 5057 by default, or any free port if that one
is taken; ``--phone-bind`` chooses the interface), then ``phone_connected`` / ``phone_left`` /
``phone_waited_out`` lines as phones come and go. The game starts once every phone seat has
been opened by a phone (and the LAN seats, if any, are filled and ready). The other seats
follow the usual rules: ``--bots`` bot seats after the phone seats, the rest open for
``run.py join``.

The host's LAN autosave records its phone seats and their links (``game.saves.lan``), so
``run.py host --headless --resume FILE`` serves them as phones again on the same links (the
same tokens and codes; the same port unless ``--phone-port`` says otherwise), printing the
same ``phone_seat`` lines: a phone that still shows the page, or reloads it, gets its seat back.
"""

from __future__ import annotations

import time

from game.cli import CliError
from game.cli.join import check_name, emit
from game.cli.options import check_port

PHONE_PORT = 5057


def add_arguments(parser) -> None:
    parser.add_argument("--phones", type=int, default=0, metavar="K",
                        help="headless: the first K seats are played by phones (the host prints "
                             "each seat's link; guests open it in their phone's browser)")
    parser.add_argument("--phone-name", action="append", default=[], metavar="NAME",
                        help="the name of a phone seat, in seat order (repeatable; default "
                             "'Phone 1', 'Phone 2', ...)")
    parser.add_argument("--phone-port", type=int, default=None, metavar="P",
                        help=f"port of the phones' page (default {PHONE_PORT}, or with --resume "
                             "the port the saved table's phones used; 0: any free port)")
    parser.add_argument("--phone-bind", default=None, metavar="ADDRESS",
                        help="address the phones' page listens on (default: as --bind)")
    parser.add_argument("--phone-language", default=None, metavar="LANG",
                        help="language of the phones' page (default: the system's)")
    parser.add_argument("--no-phone-hints", action="store_true",
                        help="the phones' Hint button answers nothing (no coach processes)")


def phone_slots(args, players: int) -> list:
    """The table's slots: K phone seats (local), then ``--bots`` bots, then open seats."""
    from net.protocol import messages as ids
    from net.protocol.lobby import Slot

    phones = args.phones
    if not 1 <= phones <= players:
        raise CliError(f"--phones must be between 1 and {players}", 2)
    if not 0 <= args.bots <= players - phones:
        raise CliError(f"--bots must be between 0 and {players - phones} with --phones {phones}", 2)
    if len(args.phone_name) > phones:
        raise CliError(f"{len(args.phone_name)} --phone-name for {phones} phone seats", 2)
    names = [check_name(name) for name in args.phone_name]
    names += [f"Phone {i + 1}" for i in range(len(names), phones)]
    if len(set(names)) != len(names):
        raise CliError("phone seats need different names", 2)
    slots = [Slot(kind=ids.KIND_LOCAL, name=name) for name in names]
    slots += [Slot(kind=ids.KIND_BOT, name=f"bot {i + 1}", level=args.bot)
              for i in range(args.bots)]
    slots += [Slot() for _ in range(players - len(slots))]
    return slots


def check_language(value: str | None) -> str:
    from game.client.settings import system_language
    from game.client.text import LANGUAGES

    if value is None:
        return system_language()
    if value not in LANGUAGES:
        raise CliError(f"--phone-language must be one of {', '.join(LANGUAGES)}", 2)
    return value


def saved_phones(args, players: int) -> dict:
    """``--resume``: the phone seats the saved table's host recorded (``saved_phone_seats``
    of the first given file that records some), checked against ``--phones`` if given."""
    from game.saves import SaveError, read_save
    from game.saves.lan import saved_phone_seats

    saved: dict = {"seats": {}, "port": None}
    for path in args.resume:
        try:
            found = saved_phone_seats(read_save(path).header)
        except (SaveError, OSError, AttributeError, TypeError, KeyError):
            continue
        if found["seats"]:
            saved = found
            break
    count = len(saved["seats"])
    if args.phones and args.phones != count:
        seats = ", ".join(str(seat) for seat in sorted(saved["seats"]))
        raise CliError(f"--phones {args.phones} does not match the saved table, which has "
                       + (f"{count} phone seat{'' if count == 1 else 's'} (seats {seats})"
                          if count else "no phone seats"), 2)
    if any(seat >= players for seat in saved["seats"]):
        saved["seats"] = {}
    return saved


class PhoneHost:
    """The phone seats of a headless host: served, pumped from the host's loop, closed.
    ``seats``: which seats (default the first ``--phones``); ``saved``: the links they had
    (``saved_phones``: a resumed table), kept."""

    def __init__(self, server, args, seats=None, saved: dict | None = None) -> None:
        from game.phone.sources import LanHostSource
        from game.client.coach.seat_hints import SeatHints
        from game.phone.table import serve

        port = args.phone_port
        if port is None:
            port = (saved or {}).get("port") or PHONE_PORT
        check_port(port, "--phone-port")
        language = check_language(args.phone_language)
        self.server = server
        self.source = LanHostSource(server, bot_level=args.bot)
        seats = list(range(args.phones)) if seats is None else sorted(seats)
        links = {seat: (row["token"], row["code"])
                 for seat, row in (saved or {}).get("seats", {}).items() if seat in seats}
        self.saved_in = None           # the autosave told of these seats (``_keep_saved``)
        try:
            self.table = serve(self.source, seats, lang=language,
                               bind=args.phone_bind or args.bind, port=port,
                               wait_limit=args.wait_limit,
                               hints=None if args.no_phone_hints else SeatHints(self.source.game),
                               on_event=self._event, links=links)
        except (OSError, ValueError) as exc:       # ValueError: the game has no phone page
            raise CliError(f"cannot serve the phones' page ({exc})") from None
        phones = self.table.phones
        for seat in seats:
            link = phones.link(seat)
            emit("phone_seat", seat=seat, name=link.name, url=link.url,
                 short_url=link.short_url, code=link.code, port=phones.port)

    def _keep_saved(self) -> None:
        """Once the table's autosave exists (the game's start): it records the phone seats
        and their links, so ``--resume`` serves them as phones again on the same links."""
        from game.saves.lan import record_phone_seats

        endpoint = self.server.endpoint
        saver = getattr(endpoint, "autosaver", None)
        if saver is None or saver is self.saved_in or endpoint.match is None:
            return
        self.saved_in = saver
        phones = self.table.phones
        links = [phones.link(seat) for seat in phones.seat_numbers]
        with self.server.lock:
            record_phone_seats(saver, endpoint.match, [
                {"seat": link.seat, "name": link.name, "token": link.token, "code": link.code}
                for link in links], phones.port)

    @staticmethod
    def _event(kind: str, **fields) -> None:
        if kind != "phone_results":
            emit(kind, **fields)

    def ready(self) -> bool:
        """Every phone seat has been opened by a phone (the game may start)."""
        phones = self.table.phones
        return all(phones.joined(seat) for seat in phones.seat_numbers)

    def pump(self) -> None:
        self.table.pump()
        self._keep_saved()

    def all_told(self) -> bool:
        return self.table.results_sent

    def linger(self, seconds: float = 1.0) -> None:
        """After the end: let the results reach the phones before the server closes."""
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            self.table.pump()
            time.sleep(0.02)

    def close(self) -> None:
        self.table.close()

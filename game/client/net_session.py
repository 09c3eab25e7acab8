"""One LAN table as this machine sees it: ``NetSession``, and the pieces around it.

A ``NetSession`` wraps either side of the lockstep layer (``net.host.HostServer`` when this
machine hosts, ``net.client.ClientConnection`` when it joined) behind one small surface the
lobby and play screens share: ``pump()`` (non-blocking, once per frame; returns the net events),
``propose``, the seats played on this machine (``devices``: seat -> input device; a bot of
this machine: ``local_bots``), the latest lobby snapshot and per-seat connection states.
``Connector`` dials a table off the frame loop; ``reason_text`` words a refusal code;
``NET_DEFAULTS`` holds where tables listen (tests replace them with loopback values).
"""

from __future__ import annotations

import threading
from typing import Any

from game.client.text import has, illegal, t
from game.rules.core import IllegalMove

# Where tables listen and where discovery asks; tests replace these (127.0.0.1, ephemeral).
NET_DEFAULTS: dict[str, Any] = {"port": 5055, "discovery_port": 5056, "bind": "0.0.0.0",
                                "targets": None, "connect_timeout": 3.0,
                                # the host is asked again about a seat still waited on
                                "wait_limit": 60.0,
                                # a slow, silent or reset handshake is tried again this long
                                # (after a welcome a lost link offers "Rejoin" instead)
                                "handshake_retry": 30.0}

PLAYING_PHASES = ("playing", "over")


def net_codes() -> set[str]:
    """The net layer's refusal codes (``net.protocol.messages.R_*``)."""
    from net.protocol import messages as ids

    return {value for name, value in vars(ids).items() if name.startswith("R_")}


def reason_text(code: str, args: dict | None = None) -> str:
    """A reason code in the player's language: the net layer's codes (``net.<code>``), else a
    rules code exactly as the hotseat screen words it (``illegal.<code>``)."""
    args = dict(args or {})
    if args.get("gave_up"):           # a lost link tried again until the limit (issue 14)
        seconds = args.pop("gave_up")
        return t("lan.gave_up", reason=reason_text(code, args), seconds=seconds)
    # a fair table's refusals (issue 13) are the driver's codes, named "fair_..."
    if (code in net_codes() or code.startswith("fair_")) and has(f"net.{code}"):
        return t(f"net.{code}", **args)
    if has(f"illegal.{code}"):
        return illegal(IllegalMove(code, code, **args))
    return t("net.unknown", code=code)


class NetSession:
    """One table seen from this machine (host or joiner)."""

    def __init__(self, role: str, conn, *, devices: dict[int, str] | None = None,
                 address: tuple[str, int] | None = None, name: str = "", wanted: int = 1,
                 table: str = "", saved_phones: dict | None = None) -> None:
        self.role = role                    # "host" or "join"
        self.conn = conn
        self.devices: dict[int, str] = dict(devices or {})   # seats a human here plays
        # the phone seats our save of this table recorded (a table resumed or rejoined after
        # a crash: ``game.saves.lan.saved_phone_seats``): served again on the same links
        self.saved_phones: dict = dict(saved_phones or {"seats": {}, "port": None})
        self.local_bots: dict[int, str] = {}                 # joiner: our seats a bot plays
        self.address = address
        self.name = name
        self.wanted = wanted
        self.table = table
        self.seats: list[dict] = []         # latest lobby rows (kind, name, colour, ready...)
        self.spectators: list[str] = []
        self.strict = False         # a strict fair table (the host's choice, told in the lobby)
        self.statuses: list[str] = []
        self.bot_levels: dict[int, str] = {}   # seats the host's bot plays for now (level)
        self.can_start = False
        self.game = ""
        self.ended: dict | None = None
        self.host_interrupted = False
        self.closed = False
        self.audit: dict | None = None      # a fair table's end-of-game audit (issue 13)
        self.table_code: str | None = None  # a fair table's code (net.fair.table_code)
        self.retrying: tuple[str, dict] | None = None   # why the link is being tried again
        self.held: list[dict] = []          # news read early (``take_refusals``), not shown yet
        if role == "host":
            self.game = conn.endpoint.game.name
            self.seats = _host_rows(conn)
            self.statuses = [row["status"] for row in self.seats]
            self.can_start = conn.endpoint.can_start()

    # -- queries --------------------------------------------------------------------------
    @property
    def fair(self) -> bool:
        """A fair table (issue 13): its audit follows the last move."""
        endpoint = self.conn.endpoint
        return (endpoint.fair if self.is_host else endpoint.fair_join.replica) is not None

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def phase(self) -> str:
        return self.conn.endpoint.phase

    @property
    def match(self):
        return self.conn.endpoint.match

    @property
    def token(self) -> str:
        return "" if self.is_host else self.conn.token

    @property
    def port(self) -> int:
        return self.conn.port if self.is_host else (self.address[1] if self.address else 0)

    def autosaver(self):
        """This machine's autosave of the table (None before the game starts, or if the disk
        refused). Call it under ``lock()``."""
        return getattr(self.conn.endpoint, "autosaver", None)

    def waiting_for(self, seat: int) -> bool:
        return (not self.is_host) and self.conn.endpoint.ledger.in_flight(seat)

    def host_bots(self) -> tuple[int, ...]:
        """Joiner: our seats the host's bot plays for now (it took them over)."""
        if self.is_host:
            return ()
        with self.conn.lock:
            return tuple(sorted(self.conn.endpoint.ledger.bot_controlled))

    def bot_controlled(self, seat: int) -> bool:
        return 0 <= seat < len(self.statuses) and self.statuses[seat] == "bot"

    # -- driving --------------------------------------------------------------------------
    def pump(self) -> list[dict]:
        """Move bytes, run the protocol, and return what happened (never blocks)."""
        if self.closed:
            return []
        try:
            self.conn.pump(0)
        except OSError:
            pass       # a broken socket shows up as an "ended" event on the next poll
        with self.conn.lock:
            events, self.held = self.held + self.conn.poll(), []
        for event in events:
            self._note(event)
        return events

    def take_refusals(self, seats) -> list[dict]:
        """The host's refusals of moves of ``seats`` that arrived since the last ``pump``,
        taken out of the table's news now (a phone seat's refusal goes to its phone at once,
        also while a menu covers the play screen); the rest of the news waits, in order, for
        the screen's next ``pump``. Call it under ``lock()``."""
        if self.closed:
            return []
        taken = []
        for event in self.conn.poll():
            if event["event"] == "rejected" and event.get("seat") in seats:
                taken.append(event)
            else:
                self.held.append(event)
        return taken

    def _note(self, event: dict) -> None:
        kind = event["event"]
        if kind == "audit":
            self.audit = {"fair": bool(event["fair"]), "cheaters": list(event["cheaters"]),
                          "kind": str(event["kind"])}
        if kind == "table_code":
            self.table_code = str(event["code"])
        if kind == "lobby":
            self.seats = list(event["seats"])
            self.spectators = list(event.get("spectators", []))
            self.statuses = [row["status"] for row in self.seats]
            self.strict = bool(event.get("strict", self.strict))   # (a joiner's lobby)
            if "can_start" in event:
                self.can_start = bool(event["can_start"])
            if "game" in event:
                self.game = event["game"]
        elif kind == "welcome":
            self.game = event.get("game", self.game)
        elif kind == "started":
            self.seats = list(event["seats"])
            self.statuses = [row["status"] for row in self.seats]
        elif kind == "status":
            self.statuses = list(event["statuses"])
        elif kind == "seat_control":
            if event["control"] == "bot":
                self.bot_levels[event["seat"]] = event.get("level", "")
            else:
                self.bot_levels.pop(event["seat"], None)
        elif kind == "host_interrupted":
            self.host_interrupted = True
        elif kind == "host_back":
            self.host_interrupted = False
        elif kind == "ended":
            self.ended = {"code": event["code"], "args": dict(event.get("args", {}))}
            self.retrying = None
        if kind == "retrying":
            self.retrying = (event["code"], dict(event.get("args", {})))
        elif kind in ("welcome", "rejoined"):
            self.retrying = None

    def retry_text(self) -> str:
        """"The table at kitchen-pc:5055 did not answer in time — retrying…" ("" if not)."""
        if self.retrying is None:
            return ""
        return t("lan.retrying", reason=reason_text(*self.retrying))

    def propose(self, seat: int, text: str) -> None:
        self.conn.propose(seat, text)

    def lock(self):
        return self.conn.lock

    def everyone_back(self) -> bool:
        """The host of a resumed table: every seat kept for an old player is taken again by
        its own machine and everyone is ready (``net.table.seating.owners_back``)."""
        if not self.is_host:
            return False
        with self.conn.lock:
            return self.conn.endpoint.seating.owners_back()

    def reread_host_lobby(self) -> None:
        """The host's seat rows and whether it can start, read from its own endpoint."""
        self.seats = _host_rows(self.conn)
        self.can_start = self.conn.endpoint.can_start()

    def cover(self) -> None:
        """Another screen is on top: keep heartbeats and moves flowing from a thread."""
        if not self.closed:
            self.conn.start_thread()

    def uncover(self) -> None:
        if self.conn.pumped_by_another_thread():
            self.conn.stop_thread()

    def close(self) -> None:
        """Leave the table (the host: end it for everyone). Safe to call twice."""
        if self.closed:
            return
        self.closed = True
        try:
            self.conn.close()
        except OSError:
            pass


class Connector:
    """Connects to a table off the frame loop (a typed address may take seconds to fail)."""

    def __init__(self, host: str, port: int, name: str, *, wanted: int = 1, token: str = "",
                 game: str = "") -> None:
        self.host, self.port = host, port
        self.conn = None
        self.error: str = ""
        self.done = threading.Event()
        self._guard = threading.Lock()
        self._abandoned = False

        def run() -> None:
            from net.client import ClientConnection
            from game import lan_services

            lan_services.install()     # this table plays our bots and keeps our saves

            conn = None
            try:
                conn = ClientConnection.connect(
                    host, port, name=name, wanted_seats=wanted, token=token, game=game,
                    timeout=NET_DEFAULTS["connect_timeout"],
                    redial_limit=NET_DEFAULTS["handshake_retry"], redial_in_game=False)
            except (OSError, ValueError) as exc:
                self.error = str(exc) or type(exc).__name__
            with self._guard:
                if self._abandoned and conn is not None:
                    conn.close()       # nobody waits for it any more: free the seat at once
                    conn = None
                self.conn = conn
            self.done.set()

        threading.Thread(target=run, name="connect", daemon=True).start()

    def finished(self) -> bool:
        return self.done.is_set()

    def abandon(self) -> None:
        """The screen that asked went away: close the connection whenever it is made."""
        with self._guard:
            self._abandoned = True
            if self.conn is not None:
                self.conn.close()
                self.conn = None


def parse_address(text: str) -> tuple[str, int] | None:
    """"host", "host:port" -> (host, port) with the default port; None if malformed."""
    text = text.strip()
    if not text or any(ch.isspace() for ch in text):
        return None
    host, sep, port_text = text.rpartition(":")
    if not sep:
        return text, NET_DEFAULTS["port"]
    if (not host or not (port_text.isascii() and port_text.isdigit())
            or not 0 < int(port_text) < 65536):
        return None
    return host, int(port_text)


def _host_rows(server) -> list[dict]:
    from net.protocol.lobby import plain_seats

    return plain_seats(server.endpoint.lobby_message()["seats"])

"""What the network layer gets from its caller: the bots and the persistence of a table.

net imports only the rules, ``game.match`` and its own modules (issue 15). Bots
(``game.bots``) and saves (``game.saves``) live above it, so the endpoints take them from
their caller: ``HostEndpoint(..., make_bot=..., persistence=...)`` and the same keywords on
``ClientEndpoint``. A caller that passes none gets the ones the game side installed with
``install`` (``game.lan_services.install``: the command line, the client and the tests do it
once), so every place that opens a table shares one choice.

``Persistence`` lists what a table writes and reads on disk; ``NoPersistence`` keeps nothing
(a table that must not touch the disk, or a caller that installed nothing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from game.match import Match


class Persistence:
    """A table's disk, as the endpoints use it. Every method is best effort: a failing disk
    never stops a table (it returns None / b"" / does nothing). This base keeps nothing."""

    def start_autosave(self, match: Match, role: str, peers: list[int], mine: list[int],
                       **options: Any) -> Any:
        """An autosaver of ``match`` from now on (``game.saves.lan.start_net_autosave``)."""
        return None

    def unfinished_save(self, match: Match, mine: list[int]) -> Path | None:
        """This machine's unfinished joiner save the table continues (None: a new file)."""
        return None

    def write_netlog(self, match: Match, role: str, commands: list | None = None,
                     extra: dict | None = None) -> Path | None:
        return None

    def claim_secret(self, table: str, peer: int) -> bytes:
        """This machine's claim secret for the table it held as ``peer`` (b"" if none)."""
        return b""

    def secret_for_key(self, token: str) -> bytes:
        """The claim secret kept with seat token ``token`` (b"" if none)."""
        return b""

    def fair_secret_for_key(self, table: str, key: str) -> bytes | None:
        """This machine's dealer secret of the fair table ``table``, from its save of it
        that holds the seat token ``key`` (a machine that comes back deals on with it)."""
        return None

    def fair_save_secret(self, table: str, peer: int) -> bytes | None:
        """This machine's dealer secret of the fair table it held as ``peer``."""
        return None

    def fair_own_past(self, table: str, peer: int) -> Any:
        """The stream this machine saved of the fair table it held as ``peer``, with its
        dealers' word (``net.fair.past.SavedPast``), or None."""
        return None

    def record_audit(self, autosaver: Any, match: Match, verdict: dict) -> None:
        return None

    def save_fair_stream(self, autosaver: Any, fair: Any, played: dict, word: Any = None,
                         keys: dict | None = None) -> None:
        return None

    def saved_fair_stream(self, save: Any) -> tuple[list, dict]:
        return [], {}

    def saved_fair_past(self, save: Any) -> Any:
        """A save's fair stream with its dealers' word (``net.fair.past.SavedPast``), or
        None (this base keeps nothing)."""
        return None

    def settle(self, autosaver: Any) -> None:
        """Flush to disk what the autosave wrote since the last call: the transport calls
        it once a pump's frames are sent (one disk flush per pump, after the network)."""
        return None


class NoPersistence(Persistence):
    """Keeps nothing on disk."""


def _no_bots(game: Any, seat: int, level: str, seed: int) -> Any:
    raise KeyError(f"no bots were given to the network layer (level {level!r})")


_installed: dict[str, Any] = {"make_bot": _no_bots, "persistence": NoPersistence(),
                              "log_dir": None}


def install(*, make_bot: Callable[..., Any], persistence: Persistence,
            log_dir: Callable[[], Path] | None = None) -> None:
    """The bots and persistence endpoints use when their caller passes none, and where the
    diagnostic files go (``net.local.netlog``; None: nowhere)."""
    _installed["make_bot"] = make_bot
    _installed["persistence"] = persistence
    _installed["log_dir"] = log_dir


def diagnostics_dir() -> Path | None:
    """The folder for the net log and desync dumps, or None when none was installed."""
    where = _installed["log_dir"]
    return where() if where is not None else None


def default_make_bot() -> Callable[..., Any]:
    return _installed["make_bot"]


def default_persistence() -> Persistence:
    return _installed["persistence"]

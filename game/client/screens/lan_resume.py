"""Resuming a LAN game as its host: from a saved LAN log to an open table in the host lobby.

A LAN autosave (any peer's: see ``game.saves.lan``) is not continued as a local game: its other
players are on other machines. ``open_resumed_table`` loads the best log of that table (this
file, or a longer copy of the same table in the saves or net logs folders), opens a table that
continues it, and shows the usual host lobby. The seats this machine played stay here (humans
on the mouse and keyboard, or on a guest's phone where our save recorded a phone seat, with
the same link; the host can change that in the lobby), the old host's bots stay bots, every
other seat waits for its old machine, which rejoins by its resume claim (see
``game.saves.lan``), or for its player's name.
"""

from __future__ import annotations

from pathlib import Path

from game.client import navigation
from game.client.screens import netplay
from game.client.save_info import error_line
from game.client.screens.lobby import open_on_usual_ports
from game.client.seats import PHONE
from game.client.text import t
from game.paths import saves_dir
from game.saves import SaveError, read_save, table_key
from game.saves.files import netlogs_dir


def is_lan_save(path) -> bool:
    """The file is a LAN peer's autosave (its header has a ``lan`` block)."""
    try:
        return isinstance(read_save(path).header.get("lan"), dict)
    except (SaveError, OSError):
        return False


def same_table_files(path) -> list[Path]:
    """``path`` and every other readable log of the same table in our folders (saves, net
    logs), so the longest verified copy wins."""
    try:
        key = table_key(read_save(path).header)
    except (SaveError, OSError):
        return [Path(path)]
    found = [Path(path)]
    for folder, pattern in ((saves_dir(), "*.tlsave"), (netlogs_dir(), "*.json")):
        for other in sorted(folder.glob(pattern)):
            if other.name.startswith(".") or other.resolve() == Path(path).resolve():
                continue
            try:
                if table_key(read_save(other).header) == key:
                    found.append(other)
            except (SaveError, OSError, KeyError):
                continue
    return found


def own_header(path, fallback: dict) -> dict:
    """The header of our own save ``path`` (the log resumed may be a longer copy of the
    table from elsewhere, which does not know our phone seats), else ``fallback``."""
    try:
        return read_save(path).header
    except (SaveError, OSError):
        return fallback


def open_resumed_table(app, path, replace: bool = False) -> str | None:
    """Host the LAN game saved in ``path`` again and show its lobby. Returns None on
    success, else the line to show (nothing changed)."""
    HostLobbyScreen = navigation.get("HostLobbyScreen")
    # the network layer loads when a LAN table is opened, not with the screens
    from net.protocol import messages as ids
    from net.host import HostServer
    from game.saves.lan import (load_table, own_names, own_peer, resumed_endpoint,
                                saved_phone_seats)
    from game import lan_services

    lan_services.install()     # this table plays our bots and keeps our saves

    try:
        loaded = load_table(same_table_files(path))
    except (SaveError, OSError) as exc:
        return error_line(exc)
    names = own_names(loaded.save.header) or [t("lan.host_default_name")]
    server = open_on_usual_ports(
        lambda port, discovery: HostServer(
            # this machine's old seats: those of the peer that wrote the save (its role),
            # never a seat of another machine whose player had the same name
            resumed_endpoint(loaded, names[0], local_names=names[1:],
                             host_peer=own_peer(loaded.save.header)), port=port,
            bind=netplay.NET_DEFAULTS["bind"], discovery_port=discovery, table_name=names[0]))
    if server is None:
        return t("lan.cannot_host")
    # this machine's humans: on the mouse and keyboard, or on the guests' phones again where
    # our save says so (the same links: a phone that kept the page gets its seat back)
    phones = saved_phone_seats(own_header(path, loaded.save.header))
    devices = {seat: PHONE if seat in phones["seats"] else "mouse+keyboard"
               for seat, slot in enumerate(server.endpoint.slots)
               if slot.kind == ids.KIND_LOCAL and not slot.level}
    phones["seats"] = {seat: row for seat, row in phones["seats"].items()
                       if devices.get(seat) == PHONE}
    session = netplay.NetSession("host", server, devices=devices, name=names[0], table=names[0],
                                 saved_phones=phones)
    lobby = HostLobbyScreen(app, session, {"game": loaded.match.game.name, "lan": True,
                                           "resumed": str(loaded.path)})
    if replace:
        app.replace(lobby)
    else:
        app.push(lobby)
    app.toasts.show(loaded.warning or t("lan.resumed_table", n=loaded.match.seq),
                    "bad" if loaded.warning else "good", seconds=6.0)
    return None

"""Opening the client straight at a LAN screen, for ``run.py host`` / ``run.py join`` without
``--headless``: the host's table setup for a game, or the find-tables screen joining an address.

    build_lan_stack(app, "host", game="metro", port=5055, table={"players": 6, "bots": 2})
    build_lan_stack(app, "join", address="192.168.1.5:5055", name="Ada", seats=2)
    run_lan_client(...)            # the same in a new window, until the player quits
"""

from __future__ import annotations

from game.client.app import App
from game.client.net_session import NET_DEFAULTS, parse_address
from game.client.screens.find_tables import FindTablesScreen
from game.client.screens.lan_resume import open_resumed_table
from game.client.screens.lobby import LanGameChoiceScreen, LanSetupScreen
from game.client.screens.title import TitleScreen
from game.client.text import t


def build_lan_stack(app, mode: str, *, game: str | None = None, port: int | None = None,
                    address: str = "", name: str = "", seats: int = 1,
                    resume: list | None = None, table: dict | None = None):
    """Title underneath, the LAN screen on top; returns the top screen. ``resume``: saved
    logs of a LAN game to host again (``run.py host --resume FILE``); ``table``: the table
    the host's setup opens with (``run.py host GAME --players N --bots K``, see
    ``LanSetupScreen``)."""
    if port is not None:
        NET_DEFAULTS["port"] = port
    app.push(TitleScreen(app))
    if mode == "host" and resume:
        problem = open_resumed_table(app, resume[0])
        if problem:
            app.toasts.show(problem, "bad", seconds=8.0)
        return app.top
    if mode == "host":
        if game:
            app.push(LanSetupScreen(app, game, table=table))
        else:
            app.push(LanGameChoiceScreen(app))
        return app.top

    finder = FindTablesScreen(app)
    app.push(finder)
    if name:
        finder.name = name[:14]
    finder.local_players = max(0, min(4, seats))
    finder.build()
    if address:
        finder.address = address
        finder.build()
        parsed = parse_address(address)
        if parsed is None:
            finder.fail(t("lan.bad_address"))
        else:
            finder.join(*parsed)
    return finder


def run_lan_client(mode: str, frames: int | None = None, **options) -> int:
    """Open the window at a LAN screen and run until the player quits (exit status 0)."""
    app = App()
    try:
        build_lan_stack(app, mode, **options)
        app.run(frames=frames)
    finally:
        app.shutdown()
    return 0

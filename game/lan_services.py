"""What the game side gives the network layer: its bots and its LAN saves (``net.local.services``).

net imports neither ``game.bots`` nor ``game.saves`` (issue 15: net -> match -> rules); the
code that opens tables (the command line, the client, the benchmarks, the tests) calls
``install`` once, and every endpoint it makes plays bots with ``game.bots.base.make_bot`` and
keeps its autosave, netlog and claim secrets through ``game.saves.lan.LanPersistence``;
its net log and desync dumps go to the player's log folder (``game.paths``).
"""

from __future__ import annotations

from game import paths
from game.bots.base import make_bot
from game.saves.lan import LanPersistence
from net.local import services


def install() -> None:
    services.install(make_bot=make_bot, persistence=LanPersistence(), log_dir=paths.log_dir)

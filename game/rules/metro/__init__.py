"""Metro (Dirk Henn, 1997): the rules package. ``GAME`` is the protocol object.

Modules: data (tables), board (geometry), tiles (types, rotation), placement (legal squares),
lines (tracing, line points), actions (placing a tile, scoring what it completes), companies
(the expansion), moves (notation), state (the state object and its documented fields), game
(MetroGame), scoresheet (``run.py score``), table (a LAN table's partial-information state and
its chance steps).
"""

from .game import MetroGame

GAME = MetroGame()

__all__ = ["GAME", "MetroGame"]

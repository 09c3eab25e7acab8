"""Railroad Ink: rules engine (base game and the River, Lake, Meteor and Volcano expansions).

Modules: ``faces`` (faces, dice, exits), ``orientation`` (the 8 orientations), ``sheet``
(geometry and sheet rules), ``regions`` (river/lake/lava regions), ``state``, ``moves``
(notation), ``scoring``, one module per expansion (``river``, ``lake``, ``meteor``,
``volcano``), ``sheet_notation`` (``run.py score``), ``table`` (the rolls of a LAN table)
and ``game`` (the Game object).
"""

from .game import RailroadInkGame

GAME = RailroadInkGame()

__all__ = ["GAME", "RailroadInkGame"]

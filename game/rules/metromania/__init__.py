"""Metromania (Jean-Michel Maman, 2006): dig two subway lines across a random city.

Rules: ``/work/shared/rules/metromania.md``. Modules: board_data (every piece of board data),
lattice (points, spaces, edges), city (the random city), state, moves (notation), lines (one
tunnel's rules), digs (a whole dig), stations, markers, trips, scoring, game (the Game).
"""

from .game import GAME, Metromania

__all__ = ["GAME", "Metromania"]

"""Metromania (Jean-Michel Maman, 2006): dig two subway lines across a random city.

Rules: ``/work/shared/rules/metromania.md``. Modules: board_data (every piece of board data),
lattice (points, spaces, edges), city (the random city), state, moves (notation), lines (one
tunnel's rules), digs (a whole dig), stations, markers (deals, variants), trips (fastest
routes), scoring, game (the Game), table (a LAN table's partial-information state and its
chance steps), scenario (building positions for tests and demos).

Where the page leaves a choice, this engine decides (each is tested):

* The first line started is the solid one (S), the second the striped one (T).
* A dig's tunnels are played in the order written; fewer than three are legal only when no
  sequence of legal tunnels reaches more.
* A 120-degree turn needs a station marker already on the point (one built earlier in the same
  dig counts); start/end markers count as stations only for intermediate stations and trips.
* No station marker goes on a point holding a start or end marker (it already counts as one).
* The free station of a completed line is a separate ``bonus`` move right after the dig.
* A line not started that has no legal start counts as blocked; the striped line waiting
  for the solid one does not. Blocked lines are counted at the end of every turn.
* ``pass`` only when nothing else is legal; if every player passes in a row the game ends.
* Each guilty player loses 6 once per impossible trip. Two players: seat 0 takes the left
  column of markers.
"""

from .game import GAME, Metromania

__all__ = ["GAME", "Metromania"]

"""The coach's move drawn on a game's board: a pulsing frame and the piece, translucent.

Each game's kit draws its moves (``GameKit.draw_coach_move``, from the board's public
geometry); ``draw_move`` draws nothing for a move that has no place on the board (end of
round, pass) nor for a game whose kit draws none.
"""

from __future__ import annotations

import math

from game.client import theme
from game.client.games import kit

PULSE = 1.5       # pulses per second
BRIGHT = (255, 120, 40)   # the pulse's other end: strong on the light boards and the dark


def pulse_colour(clock: float):
    k = 0.5 + 0.5 * math.sin(clock * PULSE * 2 * math.pi)
    return tuple(int(a + (b - a) * k) for a, b in zip(theme.ACCENT, BRIGHT))


def draw_move(surface, board, game_name: str, seat: int, move, clock: float) -> bool:
    """Draw ``move`` of ``seat`` on ``board``; True when it has a place to be drawn."""
    try:
        return kit(game_name).draw_coach_move(surface, board, seat, move, pulse_colour(clock))
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
        return False      # the board's layout is not what this drawer knows: text alone

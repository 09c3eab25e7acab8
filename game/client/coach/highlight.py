"""The coach's move drawn on a game's board: a pulsing frame and the piece, translucent.

One function per game reads the board's public geometry (Railroad Ink: the seat's pane and
cell rects; Metro: the square rects; Metromania: the lattice points and tunnel segments).
``draw_move`` draws nothing for a move that has no place on the board (end of round, pass).
"""

from __future__ import annotations

import math

from game.client import gfx, theme

PULSE = 1.5       # pulses per second
BRIGHT = (255, 120, 40)   # the pulse's other end: strong on the light boards and the dark


def pulse_colour(clock: float):
    k = 0.5 + 0.5 * math.sin(clock * PULSE * 2 * math.pi)
    return tuple(int(a + (b - a) * k) for a, b in zip(theme.ACCENT, BRIGHT))


def draw_move(surface, board, game_name: str, seat: int, move, clock: float) -> bool:
    """Draw ``move`` of ``seat`` on ``board``; True when it has a place to be drawn."""
    drawer = _DRAWERS.get(game_name)
    if drawer is None:
        return False
    try:
        return drawer(surface, board, seat, move, pulse_colour(clock))
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
        return False      # the board's layout is not what this drawer knows: text alone


def _framed_piece(surface, piece, rect, colour) -> bool:
    """A piece (a cached sprite: drawn from a copy) translucent in ``rect``, in a frame."""
    piece = piece.copy()
    piece.set_alpha(170)
    surface.blit(piece, rect)
    gfx.rect(surface, colour, rect.inflate(6, 6), 4, border_radius=6)
    return True


def _ink(surface, board, seat, move, colour) -> bool:
    from game.client.games.railroad_ink import sprites as ink
    from game.rules.railroad_ink.moves import Draw

    if not isinstance(move, Draw):
        return False
    pane = board.pane_of(seat)
    if pane is None or pane.geom is None:
        return False
    rect = pane.geom.cell_rect(move.cell)
    return _framed_piece(surface, ink.face(move.face, move.o, rect.width), rect, colour)


def _metro(surface, board, seat, move, colour) -> bool:
    from game.client import sprites
    from game.client.games.metro.geometry import square_rect
    from game.rules.metro.moves import Place

    if not isinstance(move, Place):
        return False
    rect = square_rect(move.square)
    return _framed_piece(surface, sprites.tile(move.tile, move.rot, rect.width), rect, colour)


def _mania(surface, board, seat, move, colour) -> bool:
    from game.client.games.metromania.geometry import point_xy, tunnel_segment
    from game.rules.metromania.moves import Bonus, Dig, Station

    if isinstance(move, Dig):
        for tunnel in move.tunnels:
            a, b = tunnel_segment(tunnel.space, tunnel.edge)
            gfx.line(surface, theme.BG_DEEP, a, b, 11)
            gfx.line(surface, colour, a, b, 7)
            for end in (a, b):
                gfx.circle(surface, colour, (int(end[0]), int(end[1])), 6)
        return True
    if isinstance(move, (Station, Bonus)) and move.point >= 0:
        x, y = point_xy(move.point)
        gfx.circle(surface, theme.BG_DEEP, (int(x), int(y)), 17, 7)
        gfx.circle(surface, colour, (int(x), int(y)), 16, 4)
        return True
    return False


_DRAWERS = {"railroad-ink": _ink, "metro": _metro, "metromania": _mania}

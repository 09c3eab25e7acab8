"""Metromania's chooser in the side panel: when a click or a tunnel leaves a choice (the same
tunnel with a choice of marker, or tunnels whose rings overlap where the player clicked),
each option drawn as its own triangle and tunnel, or marker. It reads the board and the
draft, never changes them (``routing`` picks among the options)."""

from __future__ import annotations

from game.client import fonts, gfx, theme
from game.client.games.metromania import geometry as geo, paint
from game.client.games.metromania.layout import RIGHT
from game.client.text import t
from game.rules.metromania.lattice import EDGE_POINTS, SPACE_EDGES


def draw(board, surface, seat: int, d) -> None:
    """The chooser of ``seat``'s draft ``d`` (its options ``d.chooser``, ``d.choice`` lit)."""
    tunnels = len({(tunnel.space, tunnel.edge) for tunnel in d.chooser}) > 1
    fonts.blit(surface, t("mania.choose_tunnel" if tunnels else "mania.choose_marker"), 18,
               theme.ACCENT, (RIGHT.centerx, RIGHT.y + 446), "semibold", "center")
    for i, rect in enumerate(board.chooser_rects(len(d.chooser))):
        tunnel = d.chooser[i]
        kind = board.state.city.kind[tunnel.space]
        gfx.rect(surface, theme.PANEL_HI, rect, border_radius=12)
        if i == d.choice:
            gfx.rect(surface, theme.FOCUS, rect.inflate(6, 6), 3, border_radius=14)
        if tunnels:
            line = board.draft_state(seat).line(seat, tunnel.line)
            _tunnel(surface, rect, tunnel, kind, board.colour(seat),
                    line.points[-1] if line.points else None)
        else:
            paint.draw_token(surface, rect.center, tunnel.marker, None, 22, kind)


def _tunnel(surface, rect, tunnel, kind, colour, end) -> None:
    """A tunnel in the chooser: its triangle (turned as on the board), its track in the
    line's colour, the line's end ``end`` it leaves from, its marker if it takes one."""
    poly = geo.SPACE_POLY[tunnel.space]
    cx = (min(p[0] for p in poly) + max(p[0] for p in poly)) / 2
    cy = (min(p[1] for p in poly) + max(p[1] for p in poly)) / 2
    k = (rect.width - 22) / geo.UNIT

    def here(p):
        return (rect.centerx + (p[0] - cx) * k, rect.centery + (p[1] - cy) * k)

    gfx.polygon(surface, paint.DEST_FILL.get(kind, paint.PAPER[0]), [here(p) for p in poly])
    a, b = geo.tunnel_segment(tunnel.space, tunnel.edge)
    paint.stroke_line(surface, [here(a), here(b)], colour, tunnel.line == 1, 6)
    if end is not None and end in EDGE_POINTS[SPACE_EDGES[tunnel.space][tunnel.edge]]:
        gfx.circle(surface, (255, 255, 255), here(geo.POINT_XY[end]), 6)
        gfx.circle(surface, theme.BG_DEEP, here(geo.POINT_XY[end]), 4)
    if tunnel.marker:
        paint.draw_token(surface, here(geo.SPACE_XY[tunnel.space]), tunnel.marker, None, 9,
                         kind)

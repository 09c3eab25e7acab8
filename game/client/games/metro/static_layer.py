"""Metro's kept picture of the board: the felt, the placed tiles, the open lines in their
owner's colour, the central station and the 32 stations with their cars.

Painted whole once (and again when the look changes: colours, language, window scale); when
a move lands only the places it changed are painted again (``boards.dirty``): the square of
the new tile, the course of every open line the tile extended or closed, and the stations
whose car was turned over. So the frame in which a move lands costs a few small repaints, not
the whole board (issue 27: the TV's frame while phones or bots play).
"""

from __future__ import annotations

import pygame

from game.client import canvas, fonts, gfx, sprites, theme
from game.client.boards import dirty
from game.client.games.metro import overlay
from game.client.games.metro.geometry import (BADGE_R, BX, BY, CENTRE_SQUARES, GRID, PAD, S,
                                              departure_endpoint, endpoint_screen, square_rect,
                                              station_pos)
from game.client.text import t
from game.rules.metro.tiles import TYPES

ORIGIN = (BX - PAD, BY - PAD)        # the layer's top-left on the screen
SIZE = (GRID.width + 2 * PAD, GRID.height + 2 * PAD)
LINE_PAD = overlay.OPEN_LINE_W + 6   # an open line's stroke reaches this far from its points


class StaticBoard:
    """The layer and what it shows now (to tell what a move changed)."""

    def __init__(self, board) -> None:
        self.board = board
        self.layer: pygame.Surface | None = None
        self.look = None              # colours, language, scale: a change repaints it all
        self.shown: dict | None = None

    @staticmethod
    def warm() -> None:
        """Draw every tile face (24 types, 4 rotations) at the window's scale, once, when
        the board is painted whole (the table opens, the window changes size): a face costs
        a millisecond or two to draw, and drawn in the frame in which a move places it, it
        would cost that frame as much as the rest of it. The sprites are kept for every
        table of the session."""
        scale = canvas.current_scale()
        for code in TYPES:
            for rot in range(4):
                canvas.at_scale(sprites.tile(code, rot, S - 2), scale)

    def update(self, look) -> list[pygame.Rect] | None:
        """Bring the layer up to the match; returns the screen rectangles that changed
        ([] none, None all of it)."""
        now = self._content()
        if self.layer is None or look != self.look or canvas.stale(self.layer):
            self.warm()
            self.layer = canvas.layer(SIZE, pygame.SRCALPHA)
            self.look, self.shown = look, now
            self._paint(self.layer, dirty.EVERYTHING, now)
            return None
        changed = self._changed(self.shown, now)
        self.shown = now
        if changed:
            dirty.repaint(self.layer, changed, lambda layer, region: self._paint(layer, region,
                                                                                 now))
        ox, oy = ORIGIN
        return [rect.move(ox, oy) for rect in dirty.merged(changed)]

    # -- what the layer shows -----------------------------------------------------------
    def _content(self) -> dict:
        st = self.board.state
        game = self.board.game
        lines = {}
        for i in range(32):
            owner = st.car_owner[i]
            if owner is not None and not st.line_done[i]:
                path = game.line_path(st, i + 1)["path"]
                if path:
                    lines[i] = (tuple(tuple(step) for step in path),
                                self.board.owner_colour(owner))
        return {"squares": tuple(st.board), "lines": lines,
                "stations": tuple(zip(st.car_owner, st.line_done))}

    @staticmethod
    def _changed(old: dict, new: dict) -> list[pygame.Rect]:
        """Layer rectangles where ``old`` and ``new`` are drawn differently."""
        out = [_square_box(sq) for sq, (a, b) in enumerate(zip(old["squares"], new["squares"]))
               if a != b]
        for i in sorted(set(old["lines"]) | set(new["lines"])):
            before, after = old["lines"].get(i), new["lines"].get(i)
            if before != after:
                out += [_line_box(line[0]) for line in (before, after) if line is not None]
        out += [_station_box(i + 1) for i, (a, b) in
                enumerate(zip(old["stations"], new["stations"])) if a != b]
        return out

    # -- painting -------------------------------------------------------------------------
    def _paint(self, layer, region: dirty.Region, content: dict) -> None:
        """The board as a full repaint draws it; items outside ``region`` are skipped."""
        board = self.board
        ox, oy = ORIGIN
        felt = pygame.Rect((0, 0), SIZE)
        gfx.rect(layer, theme.BOARD_FELT, felt, border_radius=26)
        gfx.rect(layer, theme.BOARD_FELT_LINE, felt, 3, border_radius=26)
        for sq, cell in enumerate(content["squares"]):
            if sq in CENTRE_SQUARES:
                continue
            r = square_rect(sq).move(-ox, -oy)
            if not region.touches(r):
                continue
            if cell is None:
                gfx.rect(layer, theme.SQUARE_EMPTY, r.inflate(-4, -4), border_radius=6)
            else:
                layer.blit(sprites.tile(cell[0], cell[1], S - 2), r.move(1, 1))
        lines = [(path, rgb) for _i, (path, rgb) in sorted(content["lines"].items())
                 if region.touches(_line_box(path))]
        overlay.draw_open_lines(layer, lines, (ox, oy))
        # the central station
        centre = pygame.Rect(BX + 3 * S - ox, BY + 3 * S - oy, 2 * S, 2 * S).inflate(-6, -6)
        if region.touches(centre):
            gfx.rect(layer, theme.CENTRE, centre, border_radius=14)
            gfx.rect(layer, theme.CENTRE_ROOF, centre.inflate(-18, -18), border_radius=10)
            gfx.rect(layer, (230, 200, 170), centre.inflate(-18, -18), 2, border_radius=10)
            with fonts.box(centre, "central station"):
                fonts.blit(layer, "M", 44, (250, 236, 214), (centre.centerx,
                                                             centre.centery - 8),
                           "bold", "center")
                fonts.blit(layer, t("metro.centre_short"), 15, (250, 236, 214),
                           (centre.centerx, centre.centery + 26), "semibold", "center")
        # stations: a stub of track into the board, the numbered badge, the car
        cb = board.app.settings["colour_blind"]
        for station in range(1, 33):
            if region.touches(_station_box(station)):
                owner, done = content["stations"][station - 1]
                _paint_station(layer, board, station, owner, done, cb)


def _paint_station(layer, board, station: int, owner, done: bool, cb: bool) -> None:
    ox, oy = ORIGIN
    rgb = board.owner_colour(owner)
    bx, by = station_pos(station)
    bx, by = bx - ox, by - oy
    row, col, dep = departure_endpoint(station)
    ex, ey = endpoint_screen(row, col, dep)
    ax, ay = endpoint_screen(row, col, dep + 1)
    gfx.line(layer, (70, 104, 96), (bx, by), (ax - ox, ay - oy), 3)
    gfx.line(layer, theme.outline_for(rgb), (bx, by), (ex - ox, ey - oy), 6)
    gfx.line(layer, rgb, (bx, by), (ex - ox, ey - oy), 4)
    badge = pygame.Rect(bx - BADGE_R, by - BADGE_R, 2 * BADGE_R, 2 * BADGE_R)
    if owner is None:
        gfx.circle(layer, (70, 80, 92), (bx, by), BADGE_R)
        fonts.blit_in(layer, str(station), 15, theme.TEXT_DIM, badge, "bold")
        return
    if done:
        # the car is turned over: a dark badge ringed in the owner's colour
        gfx.circle(layer, (30, 34, 42), (bx, by), BADGE_R)
        gfx.circle(layer, rgb, (bx, by), BADGE_R, 3)
        fonts.blit_in(layer, str(station), 14, (170, 176, 188), badge, "bold")
    else:
        gfx.circle(layer, theme.outline_for(rgb), (bx, by), BADGE_R + 2)
        gfx.circle(layer, rgb, (bx, by), BADGE_R)
        fonts.blit_in(layer, str(station), 15, theme.ink_on(rgb), badge, "bold")
    if cb:
        # the car's shape sits on the badge's lower-right rim, same place everywhere
        theme.draw_shape(layer, board.owner_shape(owner), (bx + 12, by + 11), 7,
                         rgb, (20, 24, 30) if sum(rgb) > 200 else (200, 200, 210))


def _square_box(sq: int) -> pygame.Rect:
    ox, oy = ORIGIN
    return square_rect(sq).move(-ox, -oy)


def _line_box(path) -> pygame.Rect:
    return dirty.box_of(overlay.line_points(path, ORIGIN), LINE_PAD)


def _station_box(station: int) -> pygame.Rect:
    """The badge, its car's shape and the stub of track into the board (layer units)."""
    ox, oy = ORIGIN
    bx, by = station_pos(station)
    row, col, dep = departure_endpoint(station)
    ends = [endpoint_screen(row, col, dep), endpoint_screen(row, col, dep + 1)]
    return dirty.box_of([(bx, by), (bx + 20, by + 19), *ends], BADGE_R + 4).move(-ox, -oy)

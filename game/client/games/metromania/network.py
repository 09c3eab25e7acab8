"""Metromania's network layer: the printed city with every line, station and marker on it, one
opaque full-screen surface the frame starts from.

Painted whole once (and again when the look changes: the city, colours, colour-blind shapes,
the window's scale). When a move lands, only the places it changed are painted again
(``boards.dirty``'s rectangles): the tunnels the dig added (and the line's end marker when it
closed), new markers and stations; every line, station and marker that reaches such a place is
painted there again in the usual order, so the picture is the one a full repaint would give. Before,
the whole network was stroked again in the very frame a move showed up (issue 30: the
Metromania landing frame).
"""

from __future__ import annotations

import pygame

from game.client import canvas
from game.client.boards import dirty
from game.client.games.metromania import geometry as geo, paint

LINE_REACH = paint.LINE_WIDTH / 2 + 4 + paint.TERMINAL_REACH


class NetworkLayer:
    """The layer and what it shows (to tell what a move changed)."""

    def __init__(self, board) -> None:
        self.board = board
        self.layer: pygame.Surface | None = None
        self.look = None
        self.seq = None
        self.shown: dict | None = None
        self.scratch: pygame.Surface | None = None     # where places are painted unclipped
        self.damage = dirty.Damage()       # what the frame's composite must take again

    def layer_for(self, seq) -> pygame.Surface:
        board = self.board
        st = board.state
        look = (st.layout, board.play.colour_key(), board.app.settings["colour_blind"],
                canvas.current_scale())
        if self.layer is not None and look == self.look and seq == self.seq:
            return self.layer
        now = self._content()
        city = board.city_layer()
        if self.layer is None or look != self.look or canvas.stale(self.layer):
            self.layer = city.copy()
            board.paint_lines(self.layer, st)
            board.paint_stops(self.layer, st)
            self.damage.all()
            # the scratch a move's places are painted on, made now (the table opening, the
            # window changing) rather than in the frame of the first move
            self.scratch = self.layer.copy()
        else:
            self._repaint(self._changed(self.shown, now), city)
        self.look, self.seq, self.shown = look, seq, now
        return self.layer

    def _repaint(self, rects, city) -> None:
        """Paint the layer again inside ``rects``. The lines are antialiased, and pygame
        rounds an antialiased line differently where a clip cuts it; so each place is painted
        on a scratch copy without any clip (the lines, markers and stations that reach it,
        whole, in the usual order) and only the place is copied into the layer: the very
        pixels a full repaint gives."""
        board, st = self.board, self.board.state
        if self.scratch is None or canvas.native_size(self.scratch) != \
                canvas.native_size(self.layer) or canvas.stale(self.scratch):
            self.scratch = self.layer.copy()
        bounds = self.layer.get_rect()
        for rect in dirty.merged(rects):
            rect = rect.clip(bounds)
            if not rect.width or not rect.height:
                continue
            region = dirty.Region(rect)
            self.scratch.blit(city, rect, rect)
            board.paint_lines(self.scratch, st, region=region)
            board.paint_stops(self.scratch, st, region=region)
            self.layer.blit(self.scratch, rect, rect)
            self.damage.add(rect)

    def _content(self) -> dict:
        st = self.board.state
        lines = {}
        for line_id, line in enumerate(st.lines):
            if not line.points:
                continue
            # the end markers where ``paint_stops`` puts them
            first = geo.line_polyline(line.points[:2], line.spaces[:1], line.edges[:1])[0]
            last = geo.line_polyline(line.points[-2:], line.spaces[-1:],
                                     line.edges[-1:])[-1] if line.done else None
            lines[line_id] = (tuple(paint.line_points(line)) if line.spaces else (), first,
                              last)
        return {"lines": lines, "placed": dict(st.placed), "stations": dict(st.stations)}

    @staticmethod
    def _changed(old: dict, new: dict) -> list[pygame.Rect]:
        out: list[pygame.Rect] = []
        for line_id in sorted(set(old["lines"]) | set(new["lines"])):
            before, after = old["lines"].get(line_id), new["lines"].get(line_id)
            if before == after:
                continue
            if before is not None and after is not None and before[1] == after[1] \
                    and before[0] and after[0]:
                # the line grew (its last tunnel's end may bend to the new one): from where
                # the old and new courses part, both; the end markers
                same = 0
                for a, b in zip(before[0], after[0]):
                    if a != b:
                        break
                    same += 1
                start = max(0, same - 1)
                for shown in (before[0][start:], after[0][start:]):
                    if len(shown) > 1:
                        out += _pieces(shown)
                out += [_around(end, paint.TERMINAL_REACH) for end in (before[2], after[2])
                        if end is not None]
                continue
            for shown in (before, after):
                if shown is None:
                    continue
                if shown[0]:
                    out += _pieces(shown[0])
                out += [_around(end, paint.TERMINAL_REACH) for end in shown[1:]
                        if end is not None]
        for space in _differing(old["placed"], new["placed"]):
            out.append(_around(geo.SPACE_XY[space], paint.TOKEN_REACH))
        for point in _differing(old["stations"], new["stations"]):
            out.append(_around(geo.POINT_XY[point], paint.STATION_REACH))
        return out


def _pieces(pts, most: float = 48) -> list[pygame.Rect]:
    """Boxes along a polyline, each over a run of its points at most ``most`` across: a long
    diagonal stretch becomes a chain of small places, not one big box."""
    out, run = [], [pts[0]]
    for p in pts[1:]:
        run.append(p)
        xs, ys = [q[0] for q in run], [q[1] for q in run]
        if max(xs) - min(xs) > most or max(ys) - min(ys) > most:
            out.append(dirty.box_of(run, LINE_REACH))
            run = [p]
    if len(run) > 1 or not out:
        out.append(dirty.box_of(run, LINE_REACH))
    return out


def _differing(before: dict, after: dict) -> list:
    return sorted(key for key in set(before) | set(after) if before.get(key) != after.get(key))


def _around(c, pad: float) -> pygame.Rect:
    return dirty.box_of([c], pad)

"""Metromania's drawing: the city and network layers, the draft, the cursor, score pops, the
header and both side panels (players, lines, the turn's buttons, the marker chooser, trips and
the legend). It reads the state, never changes it."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, frame_pacing, theme
from game.client.games.metromania import blocked, chooser, geometry as geo
from game.client.games.metromania import paint as paint, turn as turn
from game.client.games.metromania.frame_base import Part
from game.client.games.metromania.layout import (HEADER, LEFT, NOTE_WIDTH, POP_TIME, RIGHT,
                                                 point_label)
from game.client.text import language, t
from game.client import canvas
from game.client.boards import dirty
from game.client import gfx
from game.rules.metromania.board_data import LETTERS, MARKER_PAIRS
from game.rules.metromania.lines import is_blocked


# where the side panels are blended over the network (their shadows included)
PANEL_AREAS = (LEFT.inflate(4, 4), RIGHT.inflate(4, 16))
# the most frames each layer of the frame base waits for the one before it (``_spread_parts``)
WAITS = {"network": 1, "left": 2, "right": 3}
# the parts of the side panel that change while watching another's turn: whose turn it is,
# the test trips' rings (``_paint_right_panel`` draws them there)
WATCH_TITLE = pygame.Rect(RIGHT.x + 8, RIGHT.y + 6, RIGHT.width - 16, 44)
WATCH_TRIPS = pygame.Rect(RIGHT.x + 8, RIGHT.y + 184, RIGHT.width - 16, 180)


class BoardDrawing:
    """The board's painting (a mixin of ``MetromaniaBoard``)."""

    # -- drawing ---------------------------------------------------------------------------
    def city_layer(self) -> pygame.Surface:
        """The printed city on the table backdrop (opaque), painted once per layout."""
        key = (self.state.layout, canvas.current_scale())
        if key != self._city_key:
            layer = self.app.background().copy()
            paint.paint_city(layer, self.state.city)
            self._city, self._city_key = fast_surface(layer), key
        return self._city

    def network_layer(self) -> pygame.Surface:
        """City plus lines, stations and markers as one opaque surface; a move paints again
        only the places it changed (``network.NetworkLayer``)."""
        layer = self._network.layer_for(self.match.seq)
        self._frame.prepare(layer)
        return layer

    def paint_lines(self, layer, st, only=None, width=paint.LINE_WIDTH, region=None) -> None:
        for line_id, line in enumerate(st.lines):
            if only is not None and line_id not in only:
                continue
            if not line.spaces:
                continue
            seat, k = divmod(line_id, 2)
            paint.stroke_line(layer, paint.line_points(line), self.colour(seat), k == 1, width,
                              region=region)

    def paint_stops(self, layer, st, region=None) -> None:
        """Markers, stations and the lines' end markers; with ``region`` only those that
        reach it."""
        def near(c, pad) -> bool:
            return region is None or region.reaches(c[0], c[1], c[0], c[1], pad)
        for space, (key, seat) in sorted(st.placed.items()):
            if near(geo.SPACE_XY[space], paint.TOKEN_REACH):
                paint.draw_token(layer, geo.SPACE_XY[space], key[0], self.colour(seat))
        for p, seat in sorted(st.stations.items()):
            if near(geo.POINT_XY[p], paint.STATION_REACH):
                paint.draw_station(layer, geo.POINT_XY[p], self.colour(seat))
        for line_id, line in enumerate(st.lines):
            if not line.points:
                continue
            seat, k = divmod(line_id, 2)
            shape = self.play.seat_shape(seat) if self.app.settings["colour_blind"] else None
            first = geo.line_polyline(line.points[:2], line.spaces[:1], line.edges[:1])
            if near(first[0], paint.TERMINAL_REACH):
                paint.draw_terminal(layer, first[0], self.colour(seat), False, k == 1, shape)
            if line.done:
                last = geo.line_polyline(line.points[-2:], line.spaces[-1:], line.edges[-1:])
                if near(last[-1], paint.TERMINAL_REACH):
                    paint.draw_terminal(layer, last[-1], self.colour(seat), True, k == 1, shape)

    def draft_layer(self, seat):
        d = self.draft(seat)
        cands = self.candidates(seat) if d.mode == "dig" and not self.bonus_pending(seat) \
            else {}
        targets = self.station_targets(seat) if d.mode == "station" or \
            self.bonus_pending(seat) else {}
        key = (self.match.seq, seat, tuple(d.tunnels), d.line, d.mode, tuple(cands),
               tuple(targets), self.play.colour_key(), canvas.current_scale())
        if key == self._draft_key:
            return self._draft_layer
        self._draft_key = key
        layer = self._draft_layer
        if layer is None or canvas.stale(layer):
            layer = fast_surface(canvas.layer(theme.LOGICAL_SIZE, pygame.SRCALPHA), alpha=True)
        else:
            layer.fill((0, 0, 0, 0))      # the same full-screen layer, wiped: no new surface
        rgb = self.colour(seat)
        for (s, c) in cands:
            # the whole space is the click target: tint it, then the glowing tunnel
            gfx.polygon(layer, (*theme.LEGAL, 85), geo.SPACE_POLY[s])
        for (s, c) in cands:
            a, b = geo.tunnel_segment(s, c)
            gfx.line(layer, (*theme.LEGAL, 150), a, b, 9)
            gfx.line(layer, (20, 90, 50, 230), a, b, 2)
        if d.tunnels:
            scratch = self.draft_state(seat)
            for k in (0, 1):
                line = scratch.line(seat, k)
                done = len(self.state.line(seat, k).spaces)
                if len(line.spaces) > done:
                    pts = paint.line_points(line)[max(0, done):]
                    paint.stroke_line(layer, pts, rgb, k == 1, paint.LINE_WIDTH + 2)
            for space, (mkey, owner) in scratch.placed.items():
                if space not in self.state.placed:
                    paint.draw_token(layer, geo.SPACE_XY[space], mkey[0], rgb)
            for p in scratch.stations:
                if p not in self.state.stations:
                    paint.draw_station(layer, geo.POINT_XY[p], rgb)
                    value = self.state.city.point_value[p]
                    x, y = geo.POINT_XY[p]
                    fonts.blit_in(layer, f"+{value}", 18, theme.TEXT_DARK,
                                  point_label(x, y), "bold", "midleft")
            for i, tn in enumerate(d.tunnels):
                x, y = geo.tunnel_anchor(tn.space, tn.edge)
                gfx.circle(layer, theme.BG_DEEP, (x, y), 9)
                fonts.blit_in(layer, str(i + 1), 14, theme.FOCUS,
                              pygame.Rect(x - 9, y - 9, 18, 18), "bold")
        for p in targets:
            x, y = geo.POINT_XY[p]
            gfx.circle(layer, (*theme.LEGAL, 140), (x, y), 11)
            gfx.circle(layer, (20, 90, 50), (x, y), 11, 2)
            fonts.blit_in(layer, f"+{self.state.city.point_value[p]}", 15, (20, 70, 40),
                          point_label(x + 1, y + 2), "bold", "midleft")
        # blit only the part that holds something (alpha blits cost by area)
        spots = [geo.tunnel_anchor(*k) for k in cands] + \
            [geo.tunnel_anchor(tn.space, tn.edge) for tn in d.tunnels] + \
            [geo.POINT_XY[p] for p in targets]
        if spots:
            xs, ys = [p[0] for p in spots], [p[1] for p in spots]
            area = pygame.Rect(min(xs) - 60, min(ys) - 60, max(xs) - min(xs) + 120,
                               max(ys) - min(ys) + 120)
            self._draft_area = area.clip(layer.get_rect())
        else:
            self._draft_area = pygame.Rect(0, 0, 0, 0)
        self._draft_layer = layer
        return layer

    def draw(self, surface) -> None:
        seat = self.play.active_human()
        if self.searching(seat):
            seat = None        # the turn shows once its options are in (``lookahead``)
        turn = seat is not None and not self.match.is_over()
        if self._composed(seat, turn):
            # the network and both panels as one opaque picture (``frame_base``); a human's
            # turn drawn over it, as in a frame that draws the panels last
            surface.blit(self._frame.picture(self._spread_parts(seat, network_now=turn)),
                         (0, 0))
            if turn:
                self._draw_turn(surface, seat)
            self._draw_flash(surface)
            self._draw_pops(surface)
            self._draw_header(surface)
            self.draw_menu_button(surface)
            return
        parts = None
        showing = self.show is not None and not self.show_done
        if (seat is not None and not self.match.is_over()) or showing:
            # a human's turn, the trip show: the network shows the move at once (the draft
            # or the trips are drawn over it), the panels follow in the next frames as on a
            # TV (the show's first frame, whose words are new, leaves both to the next)
            parts = self._spread_parts(seat, network_now=True,
                                       hold=showing and not self.show_shown)
            self.show_shown = self.show_shown or showing
        else:
            self.behind, self.landed = {}, False     # every layer is up to date in this frame
        surface.blit(self.network_layer() if parts is None else parts[0].layer, (0, 0))
        if turn:
            self._draw_turn(surface, seat)
        self._draw_flash(surface)
        self._draw_pops(surface)
        if self.show is not None and not self.show_done:
            self.show.draw(surface)
        if self.show is None or self.show_done:
            self._draw_header(surface)
        if parts is None:
            self._draw_left(surface)
            self._draw_right(surface, seat)
        else:
            parts[1].blit(surface)
            parts[2].blit(surface)
        self.draw_menu_button(surface)

    def _draw_turn(self, surface, seat) -> None:
        """The turn a human here is building: the draft, the space refused under the mouse,
        the cursor."""
        # only the city's box of the full-size overlay is copied (blits cost by area)
        layer = self.draft_layer(seat)
        surface.blit(layer, self._draft_area.topleft, self._draft_area)
        if self.hover_space is not None:
            gfx.polygon(surface, theme.ILLEGAL, geo.SPACE_POLY[self.hover_space], 2)
        self._draw_cursor(surface, seat)

    def _spread_parts(self, seat, network_now: bool = False, hold: bool = False) -> list[Part]:
        """The three layers of the frame base, at most one of them painted again in a
        frame. The frame a move played elsewhere (a phone's, a bot's) lands in shows the
        last picture (the move's own work: the rules, the phones' views); the network's new
        tunnels, stations and markers follow in the next frame, the players' panel in the
        one after, the side panel last (each about as long to paint as the network: all in
        the landing frame, they made it several times longer than the others). The frame
        that gives a human here their turn paints the network at once (``network_now``:
        their draft is drawn over it) and leaves the panels to the next frames too, as do
        the trip show's frames (``hold``: its first frame leaves both panels). Each waits
        a bounded number of frames (``WAITS``: moves landing frame after frame do not hold
        them back); ``behind`` keeps frames coming until all have caught up."""
        waited, self.behind = self.behind, {}
        landed, self.landed = self.landed, False
        network = self._network.layer
        if landed and not network_now and network is not None \
                and not canvas.stale(network) and waited.get("network", 0) < WAITS["network"]:
            busy = True
            self.behind["network"] = waited.get("network", 0) + 1
        else:
            busy = hold or network is None or self._network.seq != self.match.seq
            network = self.network_layer()
        left = self._players.panel
        if left is None or canvas.stale(left) or not busy \
                or waited.get("left", 0) >= WAITS["left"]:
            rows = self._players.rows
            left = self._players.layer()
            busy = busy or self._players.rows is not rows
        else:
            self.behind["left"] = waited.get("left", 0) + 1
        right = self._right
        if right is None or canvas.stale(right) or not busy \
                or waited.get("right", 0) >= WAITS["right"]:
            right, area = self._right_layer(seat)
        else:
            area = RIGHT.inflate(0, 12).clip(right.get_rect())
            self.behind["right"] = waited.get("right", 0) + 1
        return [Part(network, (0, 0), None, self._network.damage),
                Part(left, LEFT.topleft, None, self._players.damage),
                Part(right, area.topleft, area, self._right_damage)]

    def _composed(self, seat, turn: bool) -> bool:
        """Whether this frame draws nothing between the network and the side panels that
        reaches a panel, so it may start from their composed picture (``frame_base``) and
        draw the rest over it, with the pixels of a frame that draws the panels last: no
        trip show, and a human's draft and cursor (``turn``), a flash or popping points
        clear of both panels."""
        if self.show is not None and not self.show_done and \
                (self.show_shown or not (self.landed or self.behind)):
            return False       # the trip show (once the last move's layers have followed it)
        boxes = self._turn_boxes(seat) if turn else []
        if self.flash is not None:
            boxes.append(self._flash_box())
        for pop in self.pops:
            x, y = geo.POINT_XY[pop["point"]]
            # the ring (at most 35 across) and the pill rising 48 above the point
            boxes.append(pygame.Rect(x - 70, y - 90, 140, 130))
        return not any(box.colliderect(panel) for box in boxes for panel in PANEL_AREAS)

    def _turn_boxes(self, seat) -> list[pygame.Rect]:
        """Where ``_draw_turn`` draws: the draft's area (the cursor rests on one of its
        tunnels or points, its halo and the end it leaves from well inside; its marker note
        stays in the city between the panels, ``turn.draw_note``) and the refused space."""
        self.draft_layer(seat)
        boxes = [self._draft_area]
        if self.hover_space is not None:
            boxes.append(dirty.box_of(geo.SPACE_POLY[self.hover_space], 2))
        return boxes

    def _flash_box(self) -> pygame.Rect:
        poly = geo.SPACE_POLY[self.flash["space"]]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)

    def _draw_flash(self, surface) -> None:
        """A refused dig: the space where it stops, in red, fading."""
        if self.flash is None:
            return
        poly = geo.SPACE_POLY[self.flash["space"]]
        box = self._flash_box()
        alpha = int(190 * (1 - self.flash["age"] / 0.7))
        red = canvas.layer(box.size, pygame.SRCALPHA)
        gfx.polygon(red, (*theme.ILLEGAL, max(0, alpha)),
                    [(x - box.x, y - box.y) for x, y in poly])
        surface.blit(red, box)

    def _draw_cursor(self, surface, seat) -> None:
        d = self.draft(seat)
        self._fix_cursor(seat)
        if d.cursor is None:
            return
        pulse = 0.5 + 0.5 * math.sin(frame_pacing.pulse_clock(self.app) * 6)
        line = self.draft_state(seat).line(seat, d.line)
        if line.points and d.mode == "dig":
            # the moving end the next tunnel leaves from
            gfx.circle(surface, theme.BG_DEEP, geo.POINT_XY[line.points[-1]],
                               10 + 3 * pulse, 2)
        if d.mode == "station" or self.bonus_pending(seat):
            x, y = geo.POINT_XY[d.cursor]
            gfx.circle(surface, theme.FOCUS, (x, y), 14 + 3 * pulse, 3)
            return
        a, b = geo.tunnel_segment(*d.cursor)
        rgb = self.colour(seat)
        # a white halo with a dark rim reads on every player colour (yellow included)
        width = int(14 + 5 * pulse)
        for p in (a, b):
            gfx.circle(surface, theme.BG_DEEP, p, width / 2 + 2)
        gfx.line(surface, theme.BG_DEEP, a, b, width + 4)
        for p in (a, b):
            gfx.circle(surface, (255, 255, 255), p, width / 2)
        gfx.line(surface, (255, 255, 255), a, b, width)
        paint.stroke_line(surface, [a, b], rgb, d.line == 1, paint.LINE_WIDTH)
        kind = self.state.city.kind[d.cursor[0]]
        if kind in ("R", "C", "E"):
            x, y = geo.SPACE_XY[d.cursor[0]]
            note = turn.marker_note(self.candidates(seat).get(d.cursor, []), kind)
            city = pygame.Rect(LEFT.right + 6, HEADER.bottom, RIGHT.x - LEFT.right - 12,
                               LEFT.bottom - HEADER.bottom)
            turn.draw_note(surface, note, (x, y - 12), city, NOTE_WIDTH)

    def _draw_pops(self, surface) -> None:
        for pop in self.pops:
            age = pop["age"]
            if age < 0:
                continue
            x, y = geo.POINT_XY[pop["point"]]
            k = min(1.0, age / 0.35)
            rgb = self.colour(pop["seat"])
            ring = 10 + 22 * k
            if age < 0.6:
                gfx.circle(surface, rgb, (x, y), ring, 3)
            rise = 18 + 30 * min(1.0, age / POP_TIME)
            label = f"+{pop['value']}"
            text = fonts.render(label, 26, theme.ink_on(rgb), "bold")
            pill = text.get_rect(center=(x, y - rise)).inflate(18, 6)
            gfx.rect(surface, theme.outline_for(rgb), pill.inflate(4, 4),
                             border_radius=16)
            gfx.rect(surface, rgb, pill, border_radius=14)
            fonts.blit_in(surface, label, 26, theme.ink_on(rgb), pill, "bold", name="points")

    def _draw_header(self, surface) -> None:
        self.header.draw(surface)

    # -- panels ----------------------------------------------------------------------------
    def seat_row(self, seat: int) -> pygame.Rect:
        n = self.state.players
        height = min(150, (LEFT.height - 58 - (n - 1) * 8) // n)
        return pygame.Rect(LEFT.x + 10, LEFT.y + 50 + seat * (height + 8), LEFT.width - 20,
                           height)

    def _draw_left(self, surface) -> None:
        surface.blit(self._players.layer(), LEFT.topleft)

    def paint_seat_row(self, panel, seat: int, hand, cb: bool) -> None:
        """One player's row of the players' panel (panel coordinates)."""
        st = self.state
        row = self.seat_row(seat).move(-LEFT.x, -LEFT.y)
        active = not self.match.is_over() and seat == st.turn
        theme.rounded_panel(panel, row, theme.PANEL_HI if active else (33, 46, 66), 12,
                            theme.FOCUS if active else None, 2)
        rgb = self.colour(seat)
        gfx.rect(panel, rgb, (row.x + 8, row.y + 10, 10, row.height - 20), border_radius=5)
        name_x = row.x + 28
        if cb:
            theme.draw_shape(panel, self.play.seat_shape(seat), (row.x + 36, row.y + 20),
                             8, rgb, theme.outline_for(rgb))
            name_x = row.x + 50
        score = fonts.blit_in(panel, str(self.shown_score(seat)), 30, theme.TEXT,
                              pygame.Rect(row.centerx, row.y + 4, row.width // 2 - 12, 36),
                              "bold", "topright")
        # the name gets what the score leaves of the top line, the status the whole row
        fonts.blit_in(panel, self.play.seat_name(seat), 20, theme.TEXT,
                      pygame.Rect(name_x, row.y + 4, score.x - 8 - name_x, 26), "semibold",
                      "topleft", name="seat row")
        status = self.play.seat_status(seat)
        fonts.blit_in(panel, status, 14, theme.TEXT_DIM,
                      pygame.Rect(name_x, row.y + 29, row.right - 8 - name_x, 20),
                      "regular", "topleft", name="seat row")
        y = row.y + 60
        for k in (0, 1):
            x0 = row.x + 28
            paint.stroke_line(panel, [(x0, y), (x0 + 34, y)], rgb, k == 1, 6)
            label = self.line_status(seat, k)
            fonts.blit_in(panel, label, 15, theme.TEXT_DIM,
                          pygame.Rect(x0 + 44, y - 10, row.right - 8 - x0 - 44, 20),
                          "regular", "midleft", name="seat row")
            y += 21
        x = row.x + 36
        for key in hand:
            if y + 10 > row.bottom:
                break
            paint.draw_token(panel, (x, y + 8), key[0], None, 10, key[1])
            x += 34

    def shown_score(self, seat: int) -> int:
        """Station points while building; during the trip show the score so far (stations
        after the line adjustment, then each trip as it is shown); the final score after."""
        if not self.match.is_over():
            return self.state.station_points[seat]
        result = self.final_scores()
        if self.show is None or self.show_done:
            return result["scores"][seat]
        b = result["breakdown"][seat]
        total = b["stations"] + b.get("line_adjustment", 0)
        for item in self.show.items[:self.show.index + 1]:
            total += item["scorers"][seat]
        return total

    def final_scores(self) -> dict:
        """The rules' final scores, reckoned once (every trip of every player: a few
        milliseconds, asked by each row of the players' panel, the trip show and the play
        screen's score history)."""
        return self.play.match_scores()      # shared with the score history

    def shown_hand(self, seat: int) -> list:
        """A seat's unplaced markers as the current viewer may see them ("?R": face down)."""
        key = (self.match.seq, self.viewer)
        if self._hands is None or self._hands[0] != key:      # one view for every row
            self._hands = (key, self.match.view(self.viewer).hands)
        return list(self._hands[1][seat])

    def line_status(self, seat: int, k: int) -> str:
        """A line's row in the players' panel: completed, blocked (and why), or its tunnels
        used."""
        line = self.state.line(seat, k)
        if line.done:
            return t("mania.line_done")
        if self._blocked(seat, k):            # and why: the rules' first reason
            return blocked.row(self.game, self.state, seat, k)
        return t("mania.tunnels_used", n=len(line.spaces))

    def _blocked(self, seat, k) -> bool:
        return is_blocked(self.state, seat, k)

    def _draw_right(self, surface, seat) -> None:
        layer, area = self._right_layer(seat)
        surface.blit(layer, area.topleft, area)

    def _right_layer(self, seat) -> tuple:
        """The side panel's layer and the area of it to show (screen coordinates: the
        layer starts at the screen's corner), painted again only when what it shows
        changes (the places painted go to ``_right_damage``)."""
        d = self.draft(seat) if seat is not None else None
        key = (self.match.seq, seat, self.viewer, self.play.colour_key(), self.match.is_over(),
               language(), self.app.settings["colour_blind"],
               self.show.index if self.show is not None else -1, self.hover_button,
               None if d is None else (tuple(d.tunnels), d.mode, d.line, d.choice,
                                       tuple(d.chooser or ())))
        # watching another's turn, a move changes at most whose turn it is and the trips'
        # rings: only those are painted again (``boards.dirty``)
        watching = None if seat is not None or self.match.is_over() else \
            (self.state.turn, tuple(sorted(self.state.placed.values())))
        if key != self._right_key or canvas.stale(self._right):
            before, self._right_key = self._right_key, key
            shown, self._right_watch = self._right_watch, watching
            if canvas.stale(self._right):
                self._right = canvas.layer((RIGHT.right, RIGHT.bottom + 6), pygame.SRCALPHA)
                self._right = fast_surface(self._right, alpha=True)
                before = None
            if watching is not None and shown is not None and before is not None \
                    and before[1:] == key[1:]:
                places = ([WATCH_TITLE] if shown[0] != watching[0] else []) + \
                    ([WATCH_TRIPS] if shown[1] != watching[1] else [])
                dirty.repaint(self._right, places,
                              lambda layer, region: self._paint_right(layer, None))
                for place in places:
                    self._right_damage.add(place)
            else:
                # only the part shown is wiped (the layer spans the screen's width: wiping
                # all of it cost a millisecond at 1080p)
                self._right.fill((0, 0, 0, 0), RIGHT.inflate(0, 12).clip(self._right.get_rect()))
                self._paint_right(self._right, seat)
                self._right_damage.all()
        return self._right, RIGHT.inflate(0, 12).clip(self._right.get_rect())

    def _paint_right(self, surface, seat) -> None:
        with fonts.box(RIGHT.inflate(-36, 0), "right panel"):
            self._paint_right_panel(surface, seat)

    def _paint_right_panel(self, surface, seat) -> None:
        theme.rounded_panel(surface, RIGHT, theme.PANEL, 18, theme.PANEL_EDGE, 1, shadow=True)
        x = RIGHT.x + 18
        if self.match.is_over():
            if self.show is not None:
                self.show.draw_panel(surface, RIGHT)
            return
        if seat is None:
            who = self.state.turn
            fonts.blit(surface, t("mania.watching", name=self.play.seat_name(who)), 22,
                       theme.TEXT_DIM, (x, RIGHT.y + 14), "semibold")
            self._draw_legend(surface, RIGHT.y + 60)
            self._draw_trip_table(surface, RIGHT.y + 190)
            return
        d = self.draft(seat)
        title, body = turn.panel_text(self, seat)
        fonts.blit(surface, title, 24, theme.TEXT, (x, RIGHT.y + 14), "semibold")
        # the tunnel count shows while a dig can still grow or be confirmed; a longer help
        # (a dead end) takes its room, and smaller type if it must
        counted = turn.shows_count(self, seat)
        size, rows = turn.fit_rows(body, RIGHT.width - 36, 86 if counted else 122)
        y = RIGHT.y + 50
        for row in rows:
            fonts.blit(surface, row, size, theme.TEXT_DIM, (x, y))
            y += size + 4
        if counted:
            need = self.needed(seat)
            for i in range(need):
                c = (x + 14 + i * 34, RIGHT.y + 150)
                filled = i < len(d.tunnels)
                gfx.circle(surface, self.colour(seat) if filled else theme.BG_DEEP, c,
                                   12)
                gfx.circle(surface, theme.FOCUS if filled else theme.PANEL_EDGE, c,
                                   12, 2)
        view_hand = self._view(seat).hands[seat]
        fonts.blit(surface, t("mania.your_markers"), 16, theme.TEXT_DIM,
                   (x, RIGHT.y + 180), "semibold")
        hx = x + 14
        for key in view_hand:
            paint.draw_token(surface, (hx, RIGHT.y + 220), key[0], None, 13, key[1])
            hx += 40
        for action, rect, enabled in self.buttons(seat):
            self._draw_button(surface, seat, action, rect, enabled, d)
        if d.chooser is not None:
            chooser.draw(self, surface, seat, d)
        else:
            self._draw_trip_table(surface, RIGHT.y + 440)

    def _draw_button(self, surface, seat, action, rect, enabled, d) -> None:
        chosen = action == f"line{d.line}" and d.mode == "dig"
        fill = theme.PANEL_HI if enabled else (30, 40, 56)
        if self.hover_button == action and enabled:
            fill = (52, 70, 98)
        edge = theme.FOCUS if chosen else (theme.ACCENT_DIM if enabled else None)
        theme.rounded_panel(surface, rect, fill, 12, edge, 3 if chosen else 2)
        colour = theme.TEXT if enabled else theme.TEXT_DIM
        if action in ("line0", "line1"):
            k = int(action[-1])
            y = rect.centery
            paint.stroke_line(surface, [(rect.x + 12, y), (rect.x + 44, y)], self.colour(seat),
                              k == 1, 6)
            fonts.blit_in(surface, t(f"mania.line{k}"), 18, colour,
                          pygame.Rect(rect.x + 52, rect.y, rect.width - 60, rect.height),
                          "semibold", "midleft", name=action)
            return
        label = {"undo": t("mania.undo"), "confirm": t("mania.confirm"),
                 "station": t("mania.back_to_dig") if d.mode == "station"
                 else t("mania.station_mode"),
                 "pass": t("mania.pass"), "refuse": t("mania.refuse")}[action]
        fonts.blit_in(surface, label, 19, colour, rect, "semibold", inset=8, name=action)

    def _draw_trip_table(self, surface, top) -> None:
        """The six test trips: each letter's two destination types, ringed in the colour of
        whoever placed that marker (dim while still in a hand)."""
        placed = {key: seat for key, seat in self.state.placed.values()}
        fonts.blit(surface, t("mania.trip_table"), 16, theme.TEXT_DIM, (RIGHT.x + 18, top),
                   "semibold")
        for i, letter in enumerate(LETTERS):
            col, row = divmod(i, 3)
            x = RIGHT.x + 30 + col * 132
            y = top + 38 + row * 38
            paint.draw_token(surface, (x, y), letter, None, 12)
            for j, kind in enumerate(MARKER_PAIRS[letter]):
                c = (x + 34 + j * 34, y)
                seat = placed.get(letter + kind)
                fill = paint.DEST_FILL[kind] if seat is not None else (70, 82, 104)
                gfx.circle(surface, fill, c, 12)
                paint.draw_destination_icon(surface, kind, c, 7,
                                            None if seat is not None else (150, 160, 180))
                if seat is not None:
                    gfx.circle(surface, self.colour(seat), c, 13, 3)

    def _draw_legend(self, surface, top) -> None:
        x = RIGHT.x + 18
        fonts.blit(surface, t("mania.legend"), 16, theme.TEXT_DIM, (x, top), "semibold")
        y = top + 30
        for kind in ("R", "C", "E"):
            gfx.circle(surface, paint.DEST_FILL[kind], (x + 12, y), 12)
            paint.draw_destination_icon(surface, kind, (x + 12, y), 7)
            fonts.blit(surface, t(f"mania.type.{kind}"), 16, theme.TEXT, (x + 32, y),
                       "regular", "midleft")
            y += 28


def fast_surface(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the display's pixel format (blits several times faster)."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()

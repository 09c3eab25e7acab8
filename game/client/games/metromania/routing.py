"""Metromania's input: the moving end of the drafted line and its cursor, the buttons, the
station mode, the chooser (a tunnel's marker, or the tunnels whose rings overlap where the
player clicked: a click takes the ring whose centre is nearest, and opens the chooser only when
no centre is clearly nearest), and a refused tunnel explained where it was tried."""

from __future__ import annotations

import math

import pygame

from game.client.games.metromania import geometry as geo, turn as turn
from game.client.games.metromania.layout import RIGHT
from game.client.plural import tn
from game.client.text import illegal, t
from game.rules.core import IllegalMove
from game.rules.metromania.lattice import POINTS
from game.rules.metromania.moves import Bonus, Dig, Pass, Station, Tunnel


class InputRouting:
    """Intents to a seat's draft and moves (a mixin of ``MetromaniaBoard``)."""

    # -- the moving end and cursor ---------------------------------------------------------
    def pivot(self, seat: int):
        d = self.draft(seat)
        line = self.draft_state(seat).line(seat, d.line)
        return geo.POINT_XY[line.points[-1]] if line.points else geo.CENTRE

    def _keys_by_angle(self, seat: int) -> list:
        px, py = self.pivot(seat)
        keys = list(self.candidates(seat))
        return sorted(keys, key=lambda k: (math.atan2(geo.tunnel_anchor(*k)[1] - py,
                                                      geo.tunnel_anchor(*k)[0] - px), k))

    def _fix_cursor(self, seat: int) -> None:
        d = self.draft(seat)
        if d.mode == "station" or self.bonus_pending(seat):
            targets = self.station_targets(seat)
            if d.cursor not in targets:
                d.cursor = min(targets, key=lambda p: POINTS[p]) if targets else None
            return
        cands = self.candidates(seat)
        if d.cursor in cands:
            return
        if not cands:
            d.cursor = None
            return
        # straight ahead when the line has a direction, else the nearest to the middle
        line = self.draft_state(seat).line(seat, d.line)
        if len(line.points) >= 2:
            a, b = geo.POINT_XY[line.points[-2]], geo.POINT_XY[line.points[-1]]
            aim = (b[0] + (b[0] - a[0]) * 0.5, b[1] + (b[1] - a[1]) * 0.5)
        else:
            aim = geo.CENTRE if d.cursor is None else geo.tunnel_anchor(*d.cursor)
        d.cursor = min(cands, key=lambda k: (geo.dist2(geo.tunnel_anchor(*k), aim), k))

    def _move_cursor(self, seat: int, dx: int, dy: int) -> None:
        d = self.draft(seat)
        self._fix_cursor(seat)
        if d.mode == "station" or self.bonus_pending(seat):
            targets = sorted(self.station_targets(seat), key=lambda p: (POINTS[p][1],
                                                                         POINTS[p][0]))
            if targets and d.cursor in targets:
                step = dx or dy
                d.cursor = targets[(targets.index(d.cursor) + step) % len(targets)]
            return
        keys = self._keys_by_angle(seat)
        if not keys or d.cursor is None:
            return
        if dx:
            # left/right walk round the moving end (or round the city before the start)
            d.cursor = keys[(keys.index(d.cursor) + dx) % len(keys)]
            return
        here = geo.tunnel_anchor(*d.cursor)
        best, best_cost = None, float("inf")
        for k in keys:
            if k == d.cursor:
                continue
            x, y = geo.tunnel_anchor(*k)
            vx, vy = x - here[0], y - here[1]
            dist = math.hypot(vx, vy) or 1.0
            along = vy * dy / dist
            if along <= 0.2:
                continue
            cost = dist * (2.2 - along)
            if cost < best_cost:
                best, best_cost = k, cost
        if best is None:
            best = keys[(keys.index(d.cursor) + dy) % len(keys)]
        d.cursor = best

    def _snap(self, seat: int, pos) -> None:
        d = self.draft(seat)
        if d.mode == "station" or self.bonus_pending(seat):
            targets = self.station_targets(seat)
            near = [p for p in targets if geo.dist2(geo.POINT_XY[p], pos) < (0.5 * geo.UNIT) ** 2]
            if near:
                d.cursor = min(near, key=lambda p: geo.dist2(geo.POINT_XY[p], pos))
            return
        best = self.candidate_at(seat, pos)
        if best is not None:
            d.cursor = best

    def rings_at(self, seat: int, pos) -> list:
        """(distance, key) of the candidates whose ring (``geo.RING_R`` round the middle of
        the tunnel) holds ``pos``, nearest first."""
        found = []
        for key in self.candidates(seat):
            x, y = geo.tunnel_anchor(*key)
            d = math.hypot(x - pos[0], y - pos[1])
            if d <= geo.RING_R:
                found.append((d, key))
        return sorted(found)

    def unclear_at(self, seat: int, pos) -> list:
        """The candidates a click at ``pos`` cannot tell apart: two or more rings hold it
        and no centre is clearly the nearest (within ``geo.RING_CLEAR``). Empty when the
        click is clear."""
        rings = self.rings_at(seat, pos)
        if len(rings) < 2 or rings[1][0] - rings[0][0] >= geo.RING_CLEAR:
            return []
        return [key for d, key in rings if d - rings[0][0] < geo.RING_CLEAR]

    def candidate_at(self, seat: int, pos):
        """The continuation a click at ``pos`` means: the one whose ring centre is nearest,
        else one in the space under the mouse, else one drawn very near it; None when the
        mouse is on no legal tunnel."""
        rings = self.rings_at(seat, pos)
        if rings:
            return rings[0][1]
        cands = self.candidates(seat)
        space = geo.space_at(pos)
        here = [k for k in cands if k[0] == space]
        if here:
            return min(here, key=lambda k: (geo.dist2(geo.tunnel_anchor(*k), pos), k))
        near = [(geo.dist2_to_segment(pos, *geo.tunnel_segment(*k)), k) for k in cands]
        near = [item for item in near if item[0] <= geo.SNAP_RADIUS ** 2]
        return min(near)[1] if near else None

    # -- buttons ---------------------------------------------------------------------------
    def buttons(self, seat) -> list:
        """(action, rect, enabled) on the right panel for the acting seat."""
        if seat is None or seat not in self.match.to_act():
            return []
        d = self.draft(seat)
        x, w = RIGHT.x + 16, RIGHT.width - 32
        half = (w - 10) // 2
        y = RIGHT.y + 250
        out = []
        if self.bonus_pending(seat):
            out.append(("refuse", pygame.Rect(x, y, w, 46), True))
            return out
        st = self.state
        out.append(("line0", pygame.Rect(x, y, half, 46), not st.line(seat, 0).done))
        out.append(("line1", pygame.Rect(x + half + 10, y, half, 46),
                    not st.line(seat, 1).done))
        y += 56
        out.append(("undo", pygame.Rect(x, y, half, 46), bool(d.tunnels)))
        out.append(("confirm", pygame.Rect(x + half + 10, y, half, 46),
                    d.mode == "dig" and turn.dig_status(self, seat) == turn.COMPLETE))
        y += 56
        if self.must_pass(seat):
            out.append(("pass", pygame.Rect(x, y, w, 46), True))
        else:
            back = d.mode == "station" and self.needed(seat) > 0
            out.append(("station", pygame.Rect(x, y, w, 46),
                        back or (d.mode == "dig" and turn.may_switch_to_station(self, seat))))
        return out

    # -- input -----------------------------------------------------------------------------
    def handle(self, intent, seat):
        kind = intent.kind
        if self.match.is_over():
            if self.show is not None and kind in ("confirm", "click", "alt"):
                self.show.skip()
                return True
            return None
        if seat is None:
            return None
        d = self.draft(seat)
        if kind != "point":
            self.hover_space = None
        if d.chooser is not None:
            return self._handle_chooser(intent, seat, d)
        if kind == "point":
            self.hover_button = None
            for action, rect, _ in self.buttons(seat):
                if rect.collidepoint(intent.pos):
                    self.hover_button = action
            self._snap(seat, intent.pos)
            d = self.draft(seat)
            self.hover_space = None
            if d.mode == "dig" and not self.bonus_pending(seat) and \
                    self.candidate_at(seat, intent.pos) is None:
                self.hover_space = geo.space_at(intent.pos)
            return True
        if kind == "click":
            for action, rect, enabled in self.buttons(seat):
                if rect.collidepoint(intent.pos):
                    return self._button(seat, action, enabled)
            if not geo.space_at(intent.pos) and geo.dist2(intent.pos, geo.CENTRE) > 340 ** 2:
                return True
            return self._click_board(seat, intent.pos)
        if kind == "move":
            self._move_cursor(seat, intent.dx, intent.dy)
            return True
        if kind in ("next", "prev", "rotate"):
            return self._switch_line(seat)
        if kind == "alt":
            if self.bonus_pending(seat):
                return Bonus(self.state.pending[0] % 2, -1)
            return self._toggle_station_mode(seat)
        if kind == "aux":
            return self._confirm(seat)
        if kind == "confirm":
            if self.bonus_pending(seat) or d.mode == "station":
                self._fix_cursor(seat)
                return self._station_at(seat, d.cursor)
            self._fix_cursor(seat)
            if d.cursor is not None:
                return self._take(seat, d.cursor)
            return self._confirm(seat)
        if kind == "cancel":
            if d.tunnels:
                return self._undo(seat)
            if d.mode == "station" and self.needed(seat) > 0:
                d.mode = "dig"
                d.cursor = None
                return True
            return None
        if kind == "slot":                      # keys 1 and 2: the solid or striped line
            if intent.value in (0, 1) and intent.value != d.line:
                return self._switch_line(seat)
            return True
        return None

    def _button(self, seat, action, enabled):
        if not enabled:
            if action == "confirm" and self.draft(seat).tunnels:
                self.play.toast(turn.stuck_note(self, seat), "info")   # why it is off
            return True
        self.app.sound.play("click")
        if action == "refuse":
            return Bonus(self.state.pending[0] % 2, -1)
        if action in ("line0", "line1"):
            d = self.draft(seat)
            if d.line != int(action[-1]):
                return self._switch_line(seat)
            return True
        if action == "undo":
            return self._undo(seat)
        if action == "confirm":
            return self._confirm(seat)
        if action == "pass":
            return Pass()
        if action == "station":
            return self._toggle_station_mode(seat)
        return True

    def _switch_line(self, seat):
        d = self.draft(seat)
        if self.bonus_pending(seat):
            return True
        d.line = 1 - d.line
        d.cursor = None
        if d.mode == "dig" and not self.candidates(seat):
            self.play.toast(turn.line_closed_note(self, seat, d.line), "info")
        self._fix_cursor(seat)
        return True

    def _toggle_station_mode(self, seat):
        d = self.draft(seat)
        if d.mode == "station":
            if self.needed(seat) == 0:
                return True              # no tunnel to dig: the turn stays a station
            d.mode = "dig"
        elif d.tunnels and turn.may_switch_to_station(self, seat):
            d.tunnels.clear()            # a dead-end dig could never be confirmed
            d.mode = "station"
        elif d.tunnels:
            self.play.toast(t("mania.station_or_dig"), "bad")
            return True
        elif not self.station_targets(seat):
            self.play.toast(t("mania.no_station_spot"), "bad")
            return True
        else:
            d.mode = "station"
        d.cursor = None
        self._fix_cursor(seat)
        return True

    def _station_at(self, seat, point):
        if point is None:
            self.play.toast(t("mania.no_station_spot"), "bad")
            return True
        targets = self.station_targets(seat)
        if point in targets:
            return targets[point]
        d = self.draft(seat)
        if self.bonus_pending(seat):
            return Bonus(self.state.pending[0] % 2, point)
        return Station(d.line, point)

    def _take(self, seat, key):
        options = self.candidates(seat).get(key)
        if not options:
            return True
        if len(options) > 1:
            d = self.draft(seat)
            d.chooser = list(options)
            d.choice = 0
            return True
        return self._add(seat, options[0])

    def _add(self, seat, tunnel):
        d = self.draft(seat)
        d.tunnels.append(tunnel)
        d.cursor = None
        self.app.sound.play("click")
        if not self.candidates(seat) and len(d.tunnels) < 3 and self.other_line_open(seat):
            d.line = 1 - d.line          # this line cannot go on: carry on with the other
        self._fix_cursor(seat)
        if len(d.tunnels) >= 3 or (not self.candidates(seat) and not self.other_line_open(seat)):
            d.cursor = None
        return True

    def _undo(self, seat):
        d = self.draft(seat)
        if d.tunnels:
            last = d.tunnels.pop()
            d.line = last.line
            d.cursor = (last.space, last.edge)
            self.app.sound.play("click")
        return True

    def _confirm(self, seat):
        d = self.draft(seat)
        if d.mode == "station" or self.bonus_pending(seat):
            return self._station_at(seat, d.cursor)
        if not d.tunnels:
            if self.must_pass(seat):
                return Pass()
            self.play.toast(tn("mania.dig_first", self.needed(seat)), "info")
            return True
        if turn.dig_status(self, seat) == turn.DEAD_END:
            self.play.toast(turn.stuck_note(self, seat), "info")
            return True
        return Dig(tuple(d.tunnels))

    def _click_board(self, seat, pos):
        d = self.draft(seat)
        if d.mode == "station" or self.bonus_pending(seat):
            point = geo.nearest_point(pos)
            if geo.dist2(geo.POINT_XY[point], pos) > (0.5 * geo.UNIT) ** 2:
                return True
            d.cursor = point
            return self._station_at(seat, point)
        # clicking the last tunnel of the draft takes it back
        if d.tunnels:
            last = d.tunnels[-1]
            if geo.dist2(geo.tunnel_anchor(last.space, last.edge), pos) < (0.3 * geo.UNIT) ** 2:
                return self._undo(seat)
        unclear = self.unclear_at(seat, pos)
        if unclear:
            # rings on top of each other: the player says which, from a row of choices a
            # finger apart (the board shows the one in focus)
            cands = self.candidates(seat)
            d.chooser = [tunnel for key in unclear for tunnel in cands[key]][:6]
            d.choice = 0
            d.cursor = unclear[0]
            return True
        chosen = self.candidate_at(seat, pos)
        if chosen is not None:
            d.cursor = chosen
            return self._take(seat, chosen)
        self._explain(seat, pos)
        return True

    def _explain(self, seat, pos) -> None:
        """Ask the rules why the tunnel under the mouse cannot be dug, and say it."""
        space = geo.space_at(pos)
        if space is None:
            return
        d = self.draft(seat)
        edge = geo.edge_class_near(space, pos)
        kind = self.state.city.kind[space]
        marker = ""
        if kind in ("R", "C", "E"):
            hand = self._view(seat).hands[seat]
            marker = next((key[0] for key in hand if key[1] == kind), "")
        if len(d.tunnels) >= 3:
            exc = IllegalMove("dig_size", "A dig has one to three tunnels")
        else:
            report = self.game.validate_partial(self._view(seat), seat,
                                                d.tunnels + [Tunnel(d.line, space, edge,
                                                                    marker)])
            problem = report["problem"]
            if problem is None and report["reach"] >= report["needed"]:
                self._add(seat, Tunnel(d.line, space, edge, marker))
                return
            if problem is None:          # legal, but the dig could not be completed after it
                self.play.toast(tn("mania.would_trap", report["needed"]), "bad")
                self.app.sound.play("illegal")
                self.flash = {"space": space, "age": 0.0}
                return
            exc = IllegalMove(problem["code"], problem["message"], **problem["args"])
        self.play.toast(mania_illegal(exc), "bad")
        self.app.sound.play("illegal")
        self.flash = {"space": space, "age": 0.0}

    def _handle_chooser(self, intent, seat, d):
        kind = intent.kind
        n = len(d.chooser)
        if kind == "move":
            self._focus_choice(d, (d.choice + (intent.dx or intent.dy)) % n)
            return True
        if kind in ("next", "prev"):
            self._focus_choice(d, (d.choice + (1 if kind == "next" else -1)) % n)
            return True
        if kind == "slot":
            if intent.value < n:
                self._focus_choice(d, intent.value)
            return True
        if kind == "point":
            for i, rect in enumerate(self.chooser_rects(n)):
                if rect.collidepoint(intent.pos):
                    self._focus_choice(d, i)
            return True
        if kind == "click":
            for i, rect in enumerate(self.chooser_rects(n)):
                if rect.collidepoint(intent.pos):
                    d.choice = i
                    return self._choose(seat, d)
            d.chooser = None
            return True
        if kind == "confirm":
            return self._choose(seat, d)
        if kind == "cancel":
            d.chooser = None
            return True
        return True

    @staticmethod
    def _focus_choice(d, index: int) -> None:
        """The choice in focus, and the board's cursor on its tunnel."""
        d.choice = index
        tunnel = d.chooser[index]
        d.cursor = (tunnel.space, tunnel.edge)

    def _choose(self, seat, d):
        tunnel = d.chooser[d.choice]
        d.chooser = None
        return self._add(seat, tunnel)

    def chooser_rects(self, n: int) -> list:
        """The choices, a finger apart, under the panel's buttons: one row of up to three,
        else rows of four a little smaller."""
        size, gap, per_row = (64, 14, 3) if n <= 3 else (56, 12, 4)
        out = []
        for i in range(n):
            row, col = divmod(i, per_row)
            count = min(per_row, n - row * per_row)
            total = count * size + (count - 1) * gap
            x = RIGHT.centerx - total // 2
            out.append(pygame.Rect(x + col * (size + gap), RIGHT.y + 470 + row * (size + gap),
                                   size, size))
        return out


def mania_illegal(exc) -> str:
    """A refused tunnel explained, Metromania's own wording first
    (``illegal.metromania.<code>``, e.g. ``occupied``, whose shared entry is Metro's)."""
    return illegal(exc, "metromania")

"""The Metromania board: the hexagonal city, digging lines tunnel by tunnel, stations, and the
test trips animated at the end.

A human's turn is built here before it is proposed: the chosen line (solid or striped), the
tunnels picked so far (up to three, taken back one by one with cancel), an open marker choice
when a tunnel lands on a destination, or the station mode (an intermediate station, or the
free station after completing a line). The cursor only ever rests on legal continuations
(``GAME.continuations``); a click anywhere else asks the rules why and shows the reason.
Nothing changes the match except the move returned to the play screen.

Layers: the printed city is painted once per layout into a full-screen surface; lines,
stations and markers into a layer rebuilt when a move lands; the turn being built into a small
overlay rebuilt when it changes; panels from cached text. See ``mania_geometry`` (where
things are) and ``mania_paint`` (how they look).
"""

from __future__ import annotations

import math

import pygame

from game.client import fonts, theme
from game.client.games.metromania import geometry as geo
from game.client.games.metromania import paint as paint
from game.client.games.metromania import turn as turn
from game.client.boards.base import BoardView
from game.client.plural import tn
from game.client.text import has, illegal, language, t
from game.rules.core import IllegalMove
from game.rules.metromania.digs import max_dig
from game.rules.metromania.lattice import POINTS
from game.rules.metromania.markers import UNFAIR
from game.rules.metromania.moves import Bonus, Dig, Pass, Station, Tunnel
from game.rules.metromania.state import BONUS, OVER
from game.rules.metromania.stations import intermediate_points

LEFT = pygame.Rect(14, 76, 292, 596)
RIGHT = pygame.Rect(974, 76, 292, 596)
MENU_BUTTON = pygame.Rect(1190, 18, 76, 42)
# the turn and the stations left, above the city between the two side panels
HEADER = pygame.Rect(LEFT.right + 8, 8, RIGHT.x - LEFT.right - 16, 68)
NOTE_WIDTH = 320             # the widest note drawn by the cursor on the city
POP_TIME = 1.6


class TurnDraft:
    """One seat's turn being built (never part of the match until proposed)."""

    def __init__(self) -> None:
        self.seq = -1
        self.line = 0
        self.tunnels: list = []
        self.mode = "dig"            # "dig" or "station"
        self.cursor = None           # (space, edge class) or a point in station mode
        self.chooser: list | None = None   # tunnels that differ only by their marker
        self.choice = 0

    def reset(self, seq: int) -> None:
        self.__init__()
        self.seq = seq


class MetromaniaBoard(BoardView):
    secret_information = False
    menu_button = MENU_BUTTON

    def toast_avoid(self) -> list:
        # The city fills the width between the panels and the right panel holds the turn's
        # buttons: toasts go to the bottom of the left panel, under the players' rows.
        return [pygame.Rect(LEFT.right + 2, LEFT.y, RIGHT.x - LEFT.right - 4, LEFT.height),
                pygame.Rect(RIGHT)]

    def __init__(self, app, play) -> None:
        super().__init__(app, play)
        self.game = self.match.game
        state = self.match.state
        # letters are secret only in Unfair Municipality: elsewhere no hand-over screen
        self.secret_information = UNFAIR in state.variants
        self.viewer = None
        self.drafts: dict[int, TurnDraft] = {}
        self.clock = 0.0
        self.pops: list[dict] = []
        self.flash: dict | None = None
        self.hover_button = None
        self.hover_space = None          # a space under the mouse holding no legal tunnel
        self._city_key = None
        self._city: pygame.Surface | None = None
        self._net_key = None
        self._net: pygame.Surface | None = None
        self._draft_key = None
        self._draft_layer: pygame.Surface | None = None
        self._draft_area = pygame.Rect(0, 0, 0, 0)
        self._draft_state = None
        self._cands_key = None
        self._cands: dict = {}
        self._targets_key = None
        self._targets: dict = {}
        self._panel_key = None
        self._panel: pygame.Surface | None = None
        self._right_key = None
        self._right: pygame.Surface | None = None
        self._max_key = None
        self._max = 0
        self._reach = None
        self._other = None
        self.show = None               # the end-of-game trip show
        self.show_done = False

    # -- model helpers -----------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def set_viewer(self, seat) -> None:
        self.viewer = seat

    def colour(self, seat: int):
        return self.play.seat_colour(seat)

    def draft(self, seat: int) -> TurnDraft:
        d = self.drafts.get(seat)
        if d is None:
            d = self.drafts[seat] = TurnDraft()
        if d.seq != self.match.seq:
            d.reset(self.match.seq)
            d.line = self._default_line(seat)
            st = self.state
            if st.phase not in (OVER, BONUS) and seat in self.match.to_act():
                view = self._view(seat)
                # start on a line that can be dug (the other may be blocked or finished)
                if not self.game.dig_options(view, seat, d.line, []) and \
                        self.game.dig_options(view, seat, 1 - d.line, []):
                    d.line = 1 - d.line
                # nothing left to dig: the turn is a station (the panel says why)
                if self.needed(seat) == 0 and self.station_targets(seat):
                    d.mode = "station"
        return d

    def _view(self, seat):
        return self.match.view(seat)

    def _default_line(self, seat: int) -> int:
        st = self.state
        if st.phase == BONUS and st.pending and st.pending[0] // 2 == seat:
            return st.pending[0] % 2
        solid, striped = st.line(seat, 0), st.line(seat, 1)
        if solid.done and not striped.done and solid.started:
            return 1
        return 0

    def candidates(self, seat: int) -> dict:
        """(space, edge class) -> the legal tunnels there (several: a choice of marker)."""
        d = self.draft(seat)
        key = (self.match.seq, seat, d.line, tuple(d.tunnels))
        if key != self._cands_key:
            self._cands_key = key
            out: dict = {}
            if self.state.phase != OVER and self.state.phase != BONUS \
                    and seat in self.match.to_act():
                # only tunnels after which the dig can still be completed (no dead ends)
                for tunnel in self.game.dig_options(self._view(seat), seat, d.line,
                                                    d.tunnels):
                    out.setdefault((tunnel.space, tunnel.edge), []).append(tunnel)
            self._cands = out
        return self._cands

    def other_line_open(self, seat: int) -> bool:
        d = self.draft(seat)
        if self.state.phase == BONUS:
            return False
        key = (self.match.seq, seat, d.line, tuple(d.tunnels))
        if self._other is None or self._other[0] != key:     # asked by the hints each frame
            self._other = (key, bool(self.game.dig_options(self._view(seat), seat, 1 - d.line,
                                                           d.tunnels)))
        return self._other[1]

    def draft_reach(self, seat: int) -> int:
        """The most tunnels the dig begun by the draft can still have this turn."""
        d = self.draft(seat)
        key = (self.match.seq, seat, tuple(d.tunnels))
        if self._reach is None or self._reach[0] != key:
            report = self.game.validate_partial(self._view(seat), seat, d.tunnels)
            self._reach = (key, report["reach"])
        return self._reach[1]

    def station_targets(self, seat: int) -> dict:
        """point -> the move placing a station there (intermediate or free)."""
        st = self.state
        d = self.draft(seat)
        key = (self.match.seq, seat, d.line)
        if key != self._targets_key:
            self._targets_key = key
            out: dict = {}
            if st.phase == BONUS and st.pending and st.pending[0] // 2 == seat:
                k = st.pending[0] % 2
                if st.stations_left() > 0:
                    for p in intermediate_points(st, st.lines[st.pending[0]]):
                        out[p] = Bonus(k, p)
            elif st.phase != OVER and st.stations_left() > 0:
                for k in (d.line, 1 - d.line):
                    line = st.line(seat, k)
                    if line.closed:
                        continue
                    for p in intermediate_points(st, line):
                        out.setdefault(p, Station(k, p))
            self._targets = out
        return self._targets

    def needed(self, seat: int) -> int:
        key = (self.match.seq, seat)
        if key != self._max_key:
            self._max_key = key
            self._max = max_dig(self._view(seat), seat) if self.state.phase != OVER else 0
        return self._max

    def bonus_pending(self, seat) -> bool:
        st = self.state
        return st.phase == BONUS and bool(st.pending) and st.pending[0] // 2 == seat

    def must_pass(self, seat: int) -> bool:
        return (not self.bonus_pending(seat) and self.needed(seat) == 0
                and not self.station_targets(seat))

    def draft_state(self, seat: int):
        """The state after the draft's tunnels (for the preview), or the match's."""
        d = self.draft(seat)
        if not d.tunnels:
            return self.state
        key = (self.match.seq, seat, tuple(d.tunnels))
        if self._draft_state is None or self._draft_state[0] != key:
            from game.rules.metromania.digs import replay_partial

            scratch, _ctx, _found = replay_partial(self.state, seat, d.tunnels)
            self._draft_state = (key, scratch)
        return self._draft_state[1]

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

    def candidate_at(self, seat: int, pos):
        """The continuation a click at ``pos`` means: one in the space under the mouse, else
        one drawn very near it; None when the mouse is on no legal tunnel."""
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
            d.choice = (d.choice + (intent.dx or intent.dy)) % n
            return True
        if kind in ("next", "prev"):
            d.choice = (d.choice + (1 if kind == "next" else -1)) % n
            return True
        if kind == "slot":
            if intent.value < n:
                d.choice = intent.value
            return True
        if kind == "point":
            for i, rect in enumerate(self.chooser_rects(n)):
                if rect.collidepoint(intent.pos):
                    d.choice = i
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

    def _choose(self, seat, d):
        tunnel = d.chooser[d.choice]
        d.chooser = None
        return self._add(seat, tunnel)

    def chooser_rects(self, n: int) -> list:
        size, gap = 64, 14
        total = n * size + (n - 1) * gap
        x = RIGHT.centerx - total // 2
        return [pygame.Rect(x + i * (size + gap), RIGHT.y + 470, size, size) for i in range(n)]

    # -- events ----------------------------------------------------------------------------
    def on_applied(self, seat, move, events) -> None:
        for event in events:
            kind = event.get("kind")
            if kind == "station" and self.app.settings["animations"]:
                self.pops.append({"point": event["point"], "seat": event["seat"],
                                  "value": event["points"], "age": -0.12 * len(self.pops)})
                self.app.sound.play("score")
            elif kind == "line_end":
                self.play.toast(t("mania.line_completed", name=self.play.seat_name(seat),
                                  line=t(f"mania.line{event['line']}")), "good")
            elif kind == "bonus_offer" and not self.play.is_bot(seat):
                self.play.toast(t("mania.bonus_offer"), "info")
            elif kind == "building_ends":
                self.play.toast(t("mania.building_ends", name=self.play.seat_name(seat)),
                                "info")

    def on_refused(self, seat, move, exc) -> None:
        if isinstance(move, Dig) and move.tunnels:
            # a refused dig keeps its draft; flash where it stops
            self.flash = {"space": move.tunnels[-1].space, "age": 0.0}

    def update(self, dt: float) -> None:
        self.clock += dt
        for pop in self.pops:
            pop["age"] += dt
        self.pops = [p for p in self.pops if p["age"] < POP_TIME]
        if self.flash is not None:
            self.flash["age"] += dt
            if self.flash["age"] > 0.7:
                self.flash = None
        if self.match.is_over() and not self.show_done:
            if not self.app.settings["animations"]:
                self.show_done = True      # straight to the results
                return
            if self.show is None:
                from game.client.games.metromania.trips import TripShow

                self.show = TripShow(self, self.match.scores())
            self.show.update(dt)
            if self.show.finished:
                self.show_done = True

    def busy(self) -> bool:
        return bool(self.pops) or (self.match.is_over() and not self.show_done)

    # -- drawing ---------------------------------------------------------------------------
    def city_layer(self) -> pygame.Surface:
        """The printed city on the table backdrop (opaque), painted once per layout."""
        key = self.state.layout
        if key != self._city_key:
            layer = self.app.background().copy()
            paint.paint_city(layer, self.state.city)
            self._city, self._city_key = _fast(layer), key
        return self._city

    def network_layer(self) -> pygame.Surface:
        """City plus lines, stations and markers as one opaque surface, rebuilt per move."""
        key = (self.match.seq, self.state.layout, self.play.colour_key(),
               self.app.settings["colour_blind"])
        if key != self._net_key:
            layer = self.city_layer().copy()
            self.paint_lines(layer, self.state)
            self.paint_stops(layer, self.state)
            self._net, self._net_key = layer, key
        return self._net

    def paint_lines(self, layer, st, only=None, width=paint.LINE_WIDTH) -> None:
        for line_id, line in enumerate(st.lines):
            if only is not None and line_id not in only:
                continue
            if not line.spaces:
                continue
            seat, k = divmod(line_id, 2)
            paint.stroke_line(layer, paint.line_points(line), self.colour(seat), k == 1, width)

    def paint_stops(self, layer, st) -> None:
        for space, (key, seat) in sorted(st.placed.items()):
            paint.draw_token(layer, geo.SPACE_XY[space], key[0], self.colour(seat))
        for p, seat in sorted(st.stations.items()):
            paint.draw_station(layer, geo.POINT_XY[p], self.colour(seat))
        for line_id, line in enumerate(st.lines):
            if not line.points:
                continue
            seat, k = divmod(line_id, 2)
            rgb = self.colour(seat)
            shape = self.play.seat_shape(seat) if self.app.settings["colour_blind"] else None
            first = geo.line_polyline(line.points[:2], line.spaces[:1], line.edges[:1])
            paint.draw_terminal(layer, first[0], rgb, False, k == 1, shape)
            if line.done:
                last = geo.line_polyline(line.points[-2:], line.spaces[-1:], line.edges[-1:])
                paint.draw_terminal(layer, last[-1], rgb, True, k == 1, shape)

    def draft_layer(self, seat):
        d = self.draft(seat)
        cands = self.candidates(seat) if d.mode == "dig" and not self.bonus_pending(seat) \
            else {}
        targets = self.station_targets(seat) if d.mode == "station" or \
            self.bonus_pending(seat) else {}
        key = (self.match.seq, seat, tuple(d.tunnels), d.line, d.mode, tuple(cands),
               tuple(targets), self.play.colour_key())
        if key == self._draft_key:
            return self._draft_layer
        self._draft_key = key
        layer = _fast(pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA), alpha=True)
        rgb = self.colour(seat)
        for (s, c) in cands:
            # the whole space is the click target: tint it, then the glowing tunnel
            pygame.draw.polygon(layer, (*theme.LEGAL, 85), geo.SPACE_POLY[s])
        for (s, c) in cands:
            a, b = geo.tunnel_segment(s, c)
            pygame.draw.line(layer, (*theme.LEGAL, 150), a, b, 9)
            pygame.draw.line(layer, (20, 90, 50, 230), a, b, 2)
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
                                  _point_label(x, y), "bold", "midleft")
            for i, tn in enumerate(d.tunnels):
                x, y = geo.tunnel_anchor(tn.space, tn.edge)
                pygame.draw.circle(layer, theme.BG_DEEP, (x, y), 9)
                fonts.blit_in(layer, str(i + 1), 14, theme.FOCUS,
                              pygame.Rect(x - 9, y - 9, 18, 18), "bold")
        for p in targets:
            x, y = geo.POINT_XY[p]
            pygame.draw.circle(layer, (*theme.LEGAL, 140), (x, y), 11)
            pygame.draw.circle(layer, (20, 90, 50), (x, y), 11, 2)
            fonts.blit_in(layer, f"+{self.state.city.point_value[p]}", 15, (20, 70, 40),
                          _point_label(x + 1, y + 2), "bold", "midleft")
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
        surface.blit(self.network_layer(), (0, 0))
        seat = self.play.active_human()
        if seat is not None and not self.match.is_over():
            # only the city's box of the full-size overlay is copied (blits cost by area)
            layer = self.draft_layer(seat)
            surface.blit(layer, self._draft_area.topleft, self._draft_area)
            if self.hover_space is not None:
                pygame.draw.polygon(surface, theme.ILLEGAL, geo.SPACE_POLY[self.hover_space], 2)
            self._draw_cursor(surface, seat)
        if self.flash is not None:
            poly = geo.SPACE_POLY[self.flash["space"]]
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)
            alpha = int(190 * (1 - self.flash["age"] / 0.7))
            red = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(red, (*theme.ILLEGAL, max(0, alpha)),
                                [(x - box.x, y - box.y) for x, y in poly])
            surface.blit(red, box)
        self._draw_pops(surface)
        if self.show is not None and not self.show_done:
            self.show.draw(surface)
        if self.show is None or self.show_done:
            self._draw_header(surface)
        self._draw_left(surface)
        self._draw_right(surface, seat)
        self.draw_menu_button(surface)

    def _draw_cursor(self, surface, seat) -> None:
        d = self.draft(seat)
        self._fix_cursor(seat)
        if d.cursor is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        line = self.draft_state(seat).line(seat, d.line)
        if line.points and d.mode == "dig":
            # the moving end the next tunnel leaves from
            pygame.draw.circle(surface, theme.BG_DEEP, geo.POINT_XY[line.points[-1]],
                               10 + 3 * pulse, 2)
        if d.mode == "station" or self.bonus_pending(seat):
            x, y = geo.POINT_XY[d.cursor]
            pygame.draw.circle(surface, theme.FOCUS, (x, y), 14 + 3 * pulse, 3)
            return
        a, b = geo.tunnel_segment(*d.cursor)
        rgb = self.colour(seat)
        # a white halo with a dark rim reads on every player colour (yellow included)
        width = int(14 + 5 * pulse)
        for p in (a, b):
            pygame.draw.circle(surface, theme.BG_DEEP, p, width / 2 + 2)
        pygame.draw.line(surface, theme.BG_DEEP, a, b, width + 4)
        for p in (a, b):
            pygame.draw.circle(surface, (255, 255, 255), p, width / 2)
        pygame.draw.line(surface, (255, 255, 255), a, b, width)
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
                pygame.draw.circle(surface, rgb, (x, y), ring, 3)
            rise = 18 + 30 * min(1.0, age / POP_TIME)
            label = f"+{pop['value']}"
            text = fonts.render(label, 26, theme.ink_on(rgb), "bold")
            pill = text.get_rect(center=(x, y - rise)).inflate(18, 6)
            pygame.draw.rect(surface, theme.outline_for(rgb), pill.inflate(4, 4),
                             border_radius=16)
            pygame.draw.rect(surface, rgb, pill, border_radius=14)
            fonts.blit_in(surface, label, 26, theme.ink_on(rgb), pill, "bold", name="points")

    def _draw_header(self, surface) -> None:
        st = self.state
        if self.match.is_over():
            text = t("mania.trips_title")
        else:
            text = self.turn_line(st.turn, "mania.bonus_turn" if st.phase == BONUS else None)
            if st.end_by >= 0:
                text += "  ·  " + t("mania.last_round")
        with fonts.box(HEADER, "header"):
            fonts.blit(surface, text, 28, theme.TEXT, (640, 30), "semibold", "center")
            fonts.blit(surface, t("mania.stations_left", n=st.stations_left()), 18,
                       theme.TEXT_DIM, (640, 62), "regular", "center")

    # -- panels ----------------------------------------------------------------------------
    def seat_row(self, seat: int) -> pygame.Rect:
        n = self.state.players
        height = min(150, (LEFT.height - 58 - (n - 1) * 8) // n)
        return pygame.Rect(LEFT.x + 10, LEFT.y + 50 + seat * (height + 8), LEFT.width - 20,
                           height)

    def _draw_left(self, surface) -> None:
        st = self.state
        key = (self.match.seq, self.viewer, self.play.colour_key(),
               self.show.index if self.show is not None else -1,
               self.app.settings["colour_blind"], self.match.is_over(), language(),
               tuple(self.play.seat_status(s) for s in range(st.players)))
        if key != self._panel_key:
            self._panel_key = key
            self._panel = self._paint_left()
        surface.blit(self._panel, LEFT.topleft)

    def _paint_left(self) -> pygame.Surface:
        st = self.state
        panel = pygame.Surface(LEFT.size, pygame.SRCALPHA)
        box = panel.get_rect()
        theme.rounded_panel(panel, box, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        fonts.blit_in(panel, t("game.metromania"), 28, theme.ACCENT,
                      pygame.Rect(18, 6, box.width - 36, 40), "bold", "midleft")
        cb = self.app.settings["colour_blind"]
        hands = [self.shown_hand(seat) for seat in range(st.players)]
        for seat in range(st.players):
            row = self.seat_row(seat).move(-LEFT.x, -LEFT.y)
            active = not self.match.is_over() and seat == st.turn
            theme.rounded_panel(panel, row, theme.PANEL_HI if active else (33, 46, 66), 12,
                                theme.FOCUS if active else None, 2)
            rgb = self.colour(seat)
            pygame.draw.rect(panel, rgb, (row.x + 8, row.y + 10, 10, row.height - 20),
                             border_radius=5)
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
                line = st.line(seat, k)
                x0 = row.x + 28
                paint.stroke_line(panel, [(x0, y), (x0 + 34, y)], rgb, k == 1, 6)
                label = self.line_status(seat, k)
                fonts.blit_in(panel, label, 15, theme.TEXT_DIM,
                              pygame.Rect(x0 + 44, y - 10, row.right - 8 - x0 - 44, 20),
                              "regular", "midleft", name="seat row")
                y += 21
            hand = hands[seat] if seat < len(hands) else []
            x = row.x + 36
            for key in hand:
                if y + 10 > row.bottom:
                    break
                paint.draw_token(panel, (x, y + 8), key[0], None, 10, key[1])
                x += 34
        return panel

    def shown_score(self, seat: int) -> int:
        """Station points while building; during the trip show the score so far (stations
        after the line adjustment, then each trip as it is shown); the final score after."""
        if not self.match.is_over():
            return self.state.station_points[seat]
        result = self.match.scores()
        if self.show is None or self.show_done:
            return result["scores"][seat]
        b = result["breakdown"][seat]
        total = b["stations"] + b.get("line_adjustment", 0)
        for item in self.show.items[:self.show.index + 1]:
            total += item["scorers"][seat]
        return total

    def shown_hand(self, seat: int) -> list:
        """A seat's unplaced markers as the current viewer may see them ("?R": face down)."""
        return list(self.match.view(self.viewer).hands[seat])

    def line_status(self, seat: int, k: int) -> str:
        """A line's row in the players' panel: completed, blocked, or its tunnels used."""
        line = self.state.line(seat, k)
        if line.done:
            return t("mania.line_done")
        if line.started and self._blocked(seat, k):
            return t("mania.line_blocked")
        if self._blocked(seat, k):
            return t("mania.line_no_start")   # no free white arrow it may start at
        return t("mania.tunnels_used", n=len(line.spaces))

    def _blocked(self, seat, k) -> bool:
        from game.rules.metromania.lines import is_blocked

        return is_blocked(self.state, seat, k)

    def _draw_right(self, surface, seat) -> None:
        """The side panel, painted again only when what it shows changes."""
        d = self.draft(seat) if seat is not None else None
        key = (self.match.seq, seat, self.viewer, self.play.colour_key(), self.match.is_over(),
               language(), self.app.settings["colour_blind"],
               self.show.index if self.show is not None else -1, self.hover_button,
               None if d is None else (tuple(d.tunnels), d.mode, d.line, d.choice,
                                       tuple(d.chooser or ())))
        if key != self._right_key:
            self._right_key = key
            if self._right is None:
                self._right = pygame.Surface((RIGHT.right, RIGHT.bottom + 6), pygame.SRCALPHA)
                self._right = _fast(self._right, alpha=True)
            self._right.fill((0, 0, 0, 0))
            self._paint_right(self._right, seat)
        area = RIGHT.inflate(0, 12).clip(self._right.get_rect())
        surface.blit(self._right, area.topleft, area)

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
                pygame.draw.circle(surface, self.colour(seat) if filled else theme.BG_DEEP, c,
                                   12)
                pygame.draw.circle(surface, theme.FOCUS if filled else theme.PANEL_EDGE, c,
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
            self._draw_chooser(surface, d)
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

    def _draw_chooser(self, surface, d) -> None:
        fonts.blit(surface, t("mania.choose_marker"), 18, theme.ACCENT,
                   (RIGHT.centerx, RIGHT.y + 446), "semibold", "center")
        for i, rect in enumerate(self.chooser_rects(len(d.chooser))):
            tunnel = d.chooser[i]
            kind = self.state.city.kind[tunnel.space]
            pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=12)
            if i == d.choice:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(6, 6), 3, border_radius=14)
            paint.draw_token(surface, rect.center, tunnel.marker, None, 22, kind)

    def _draw_trip_table(self, surface, top) -> None:
        """The six test trips: each letter's two destination types, ringed in the colour of
        whoever placed that marker (dim while still in a hand)."""
        from game.rules.metromania.board_data import LETTERS, MARKER_PAIRS

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
                pygame.draw.circle(surface, fill, c, 12)
                paint.draw_destination_icon(surface, kind, c, 7,
                                            None if seat is not None else (150, 160, 180))
                if seat is not None:
                    pygame.draw.circle(surface, self.colour(seat), c, 13, 3)

    def _draw_legend(self, surface, top) -> None:
        x = RIGHT.x + 18
        fonts.blit(surface, t("mania.legend"), 16, theme.TEXT_DIM, (x, top), "semibold")
        y = top + 30
        for kind in ("R", "C", "E"):
            pygame.draw.circle(surface, paint.DEST_FILL[kind], (x + 12, y), 12)
            paint.draw_destination_icon(surface, kind, (x + 12, y), 7)
            fonts.blit(surface, t(f"mania.type.{kind}"), 16, theme.TEXT, (x + 32, y),
                       "regular", "midleft")
            y += 28

    @staticmethod
    def results_detail(result: dict, seat: int, seat_name) -> list:
        """The results screen's breakdown of one seat (see screens/results.py)."""
        b = result["breakdown"][seat]
        first = t("mania.results_line", stations=b["stations"],
                  adjust=f"{b.get('line_adjustment', 0):+d}",
                  trips=f"{b.get('trip_points', 0):+d}", guilt=f"{b.get('guilt', 0):+d}",
                  park=f"{b.get('park_lake', 0):+d}")
        second = t("mania.results_lines", done=b["lines_completed"], tunnels=b["tunnels"])
        trips = [f"{letter} {value:+d}" for letter, value in sorted(b.get("trips", {}).items())
                 if value]
        if trips:
            second += " · " + "  ".join(trips)
        return [first, second]

    def hints(self, seat) -> list:
        if self.match.is_over():
            return [("confirm", t("mania.hint_skip"))]
        if seat is None:
            return [("menu", t("hint.menu"))]
        d = self.draft(seat)
        if d.chooser is not None:
            return [("move", t("hint.choose")), ("confirm", t("hint.select")),
                    ("cancel", t("hint.back"))]
        if self.bonus_pending(seat):
            return [("move", t("hint.move")), ("confirm", t("mania.hint_station")),
                    ("alt", t("mania.refuse"))]
        if d.mode == "station":
            back = [("alt", t("mania.back_to_dig"))] if self.needed(seat) > 0 else []
            return [("move", t("hint.move")), ("confirm", t("mania.hint_station"))] + back + \
                [("menu", t("hint.menu"))]
        self._fix_cursor(seat)
        return turn.dig_hints(self, seat)


def _point_label(x: int, y: int) -> pygame.Rect:
    """The little box of a point's "+value" label, up and right of the point at (x, y)."""
    return pygame.Rect(x + 12, y - 24, 40, 24)


def _fast(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the display's pixel format (blits several times faster)."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def mania_illegal(exc) -> str:
    """A refused tunnel explained, Metromania's own wording first
    (``illegal.metromania.<code>``, e.g. ``occupied``, whose shared entry is Metro's)."""
    return illegal(exc, "metromania")


BOARD = MetromaniaBoard

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

import pygame

from game.client.boards import dirty
from game.client.boards.base import BoardView
from game.client.games.metromania import blocked, geometry as geo
from game.client.games.metromania import turn as turn
from game.client.games.metromania.drawing import BoardDrawing
from game.client.games.metromania.frame_base import FrameBase
from game.client.games.metromania.header import Header
from game.client.games.metromania.layout import LEFT, MENU_BUTTON, POP_TIME, RIGHT
from game.client.games.metromania.lookahead import Lookahead
from game.client.games.metromania.network import NetworkLayer
from game.client.games.metromania.players_panel import PlayersPanel
from game.client.games.metromania.routing import InputRouting
from game.client.games.metromania.trips import TripShow
from game.client.seats import SeatKind
from game.client.text import t
from game.rules.metromania.digs import max_dig, replay_partial
from game.rules.metromania.lines import is_blocked
from game.rules.metromania.markers import HIDDEN_LETTER, UNFAIR
from game.rules.metromania.moves import Bonus, Dig, Station
from game.rules.metromania.state import BONUS, OVER
from game.rules.metromania.stations import intermediate_points


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


class MetromaniaBoard(InputRouting, BoardDrawing, BoardView):
    secret_information = False
    menu_button = MENU_BUTTON

    def toast_avoid(self) -> list:
        # A toast (mostly why a tunnel or station is refused) belongs by the city, where the
        # player looks, not in a far corner: it may cover the city's lower edge but never the
        # side panels, the spot being aimed at, the tunnels drafted this turn or the space
        # just dug.
        avoid = [pygame.Rect(LEFT), pygame.Rect(RIGHT)]
        reach = int(geo.UNIT * 1.2)
        spots = []
        seat = self.play.active_human()
        if seat is not None and seat in self.drafts:
            d = self.drafts[seat]
            if d.cursor is not None:
                # a point (a station to place) or a (space, edge) tunnel
                spots.append(geo.POINT_XY[d.cursor] if isinstance(d.cursor, int)
                             else geo.tunnel_anchor(*d.cursor))
            spots += [geo.tunnel_anchor(tn.space, tn.edge) for tn in d.tunnels]
        if self.flash is not None:
            spots.append(geo.SPACE_XY[self.flash["space"]])
        avoid += [pygame.Rect(int(x) - reach, int(y) - reach, 2 * reach, 2 * reach)
                  for x, y in spots]
        return avoid

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
        self._network = NetworkLayer(self)
        self._draft_key = None
        self._draft_layer: pygame.Surface | None = None
        self._draft_area = pygame.Rect(0, 0, 0, 0)
        self._draft_state = None
        self._cands_key = None
        self._cands: dict = {}
        self._targets_key = None
        self._targets: dict = {}
        self._players = PlayersPanel(self)
        self.header = Header(self)       # its texts made ahead, at the first frame
        self.lookahead = Lookahead(self.game)
        self._hands = None                  # (seq, viewer) and the hands that view shows
        self._right_key = None
        self._right: pygame.Surface | None = None
        self._right_watch = None      # (whose turn, placed markers) the panel shows a watcher
        self._right_damage = dirty.Damage()   # where it was painted again (``frame_base``)
        self._frame = FrameBase()     # the network and both panels composed (a TV's frame)
        self.behind: dict = {}        # layers still to follow a move, frames waited so far
        self.landed = False           # a move played elsewhere landed since the last frame
        self._max_key = None
        self._max = 0
        self._reach = None
        self._other = None
        self.show = None               # the end-of-game trip show
        self.show_shown = False        # its first frame was drawn (``_composed``)
        self.show_done = False
        # the lines blocked so far: a line newly blocked is announced with the reason
        self._blocked_lines = self.blocked_lines()

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
                # start on a line that can be dug (the other may be blocked or finished)
                if not self._dig_options(seat, d.line, []) and \
                        self._dig_options(seat, 1 - d.line, []):
                    d.line = 1 - d.line
                # nothing left to dig: the turn is a station (the panel says why)
                if self.needed(seat) == 0 and self.station_targets(seat):
                    d.mode = "station"
        return d

    def _view(self, seat):
        return self.match.view(seat)

    def _dig_options(self, seat: int, line: int, tunnels) -> list:
        """The rules' dig options: searched ahead (``lookahead``) when the turn began, or
        now."""
        if not tunnels:
            found = self.lookahead.get(self.match.seq, seat, ("dig", line))
            if found is not None:
                return found
        return self.game.dig_options(self._view(seat), seat, line, tunnels)

    def searching(self, seat) -> bool:
        """The turn ``seat`` has just been given is still being searched off the frame:
        the board shows the game as it stands until the options are in."""
        return seat is not None and self.lookahead.pending(self.match.seq, seat)

    def _search_ahead(self) -> None:
        """A move has landed: search the options of the local human whose turn it is now
        on a helper thread (``lookahead``), not in the frame that shows the move."""
        st = self.state
        if self.read_only or st.phase in (OVER, BONUS):
            return
        for seat in self.match.to_act():
            if not self.play.is_bot(seat) and not self.play.on_phone(seat):
                self.lookahead.start(self.match.seq, self.match.view(seat), seat)
                return

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
                for tunnel in self._dig_options(seat, d.line, d.tunnels):
                    out.setdefault((tunnel.space, tunnel.edge), []).append(tunnel)
            self._cands = out
        return self._cands

    def other_line_open(self, seat: int) -> bool:
        d = self.draft(seat)
        if self.state.phase == BONUS:
            return False
        key = (self.match.seq, seat, d.line, tuple(d.tunnels))
        if self._other is None or self._other[0] != key:     # asked by the hints each frame
            self._other = (key, bool(self._dig_options(seat, 1 - d.line, d.tunnels)))
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
            found = self.lookahead.get(self.match.seq, seat, "needed")
            if found is None:
                found = max_dig(self._view(seat), seat) if self.state.phase != OVER else 0
            self._max = found
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
            scratch, _ctx, _found = replay_partial(self.state, seat, d.tunnels)
            self._draft_state = (key, scratch)
        return self._draft_state[1]


    # -- events ----------------------------------------------------------------------------
    def blocked_lines(self) -> set:
        """(seat, line) of every line surely blocked now (a hand this machine sees face
        down, at a LAN table, might still hold the marker a line needs: not judged here)."""
        st = self.state
        return {(s, k) for s in range(st.players) for k in (0, 1)
                if not any(key[0] == HIDDEN_LETTER for key in st.hands[s])
                and is_blocked(st, s, k)}

    def say_new_blocks(self) -> None:
        """A line that has just become blocked (by its owner's dig or by another's) is
        announced, with why."""
        now = self.blocked_lines()
        if not self.read_only:
            for s, k in sorted(now - self._blocked_lines):
                self.play.toast(blocked.note(self.game, self.state, s, k,
                                             name=self.play.seat_name(s)), "bad")
        self._blocked_lines = now

    def on_applied(self, seat, move, events) -> None:
        # a move played elsewhere shows from the next frame on (``_spread_parts``)
        self.landed = self.play.is_bot(seat) or self.read_only \
            or self.match.seats[seat].kind != SeatKind.HUMAN
        self.say_new_blocks()
        self._search_ahead()
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
                self.show = TripShow(self, self.final_scores())
            self.show.update(dt)
            if self.show.finished:
                self.show_done = True

    def busy(self) -> bool:
        return bool(self.pops) or (self.match.is_over() and not self.show_done)

    def animating(self) -> bool:
        """Points popping, the end-of-game trips, a refused dig's flash, a panel still to
        follow the move that landed."""
        return self.busy() or self.flash is not None or bool(self.behind) or self.landed

    def hints(self, seat) -> list:
        if self.match.is_over():
            return [("confirm", t("mania.hint_skip"))]
        if seat is None or self.searching(seat):
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


BOARD = MetromaniaBoard

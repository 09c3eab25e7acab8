"""The Metro board: 8×8 squares, 32 numbered stations with their cars, the central station,
the hand, the stack, scores, line animations and the companies expansion.

It reads ``match.state`` (and ``match.view(viewer)`` for anything secret) and proposes moves
(``Place``/``Draw``/``Swap``) to the play screen; it never changes the match itself. Static
parts (felt, placed tiles, stations) are drawn into a cached layer rebuilt only when a move
lands, so a frame costs a few blits plus the panels' cached text.
"""

from __future__ import annotations

import pygame

from game.client import sprites, theme
from game.client.boards.base import BoardView
from game.client.games.metro.drawing import BoardDrawing
from game.client.games.metro.geometry import (BX, BY, GRID, LEFT, MENU_BUTTON, RIGHT, S,
                                              square_rect, station_pos)
from game.client.games.metro.routing import InputRouting
from game.client.games.metro.static_layer import StaticBoard
from game.client.games.metro.timing import FLY_TIME, GLOW_TIME, HAND_TILE, HOLD_TIME, LINE_TIME
from game.client.seats import SeatKind
from game.client.text import t
from game.client.widgets import Form
from game.client import canvas
from game.client import gfx
from game.rules.metro.data import COMPANIES
from game.rules.metro.moves import Place


class MetroBoard(InputRouting, BoardDrawing, BoardView):
    secret_information = True
    menu_button = MENU_BUTTON

    def __init__(self, app, play) -> None:
        super().__init__(app, play)
        self.game = self.match.game
        self.cursor: dict[int, list[int]] = {}
        self._covered: set[int] = set()    # seats whose cursor square just got a tile
        self.selected: dict[int, int] = {}
        self.rotation: dict[int, int] = {}
        self.viewer = None
        self.hover_button = None
        self.exchange_form: Form | None = None
        self.exchange_seat = None
        self.anims: list[dict] = []
        self.in_flight: dict[int, int] = {}    # owner -> points not yet landed on the panel
        self.flash: dict | None = None         # a refused square, drawn red briefly
        self.last_placed: tuple[int, float] | None = None
        self.landed = False      # a move played elsewhere landed since the last frame
        self.late = False        # the last frame showed the board before it (``draw``)
        self._static_key = None
        self._board_layer = StaticBoard(self)
        self._static: pygame.Surface | None = None
        self._base_legal: frozenset = frozenset()     # the legal squares the base shows
        self._base_left = None      # what the players' panel in the base shows (drawing)
        self._base: pygame.Surface | None = None
        self._base_key = None
        self._legal_key = None
        self._legal: set[int] = set()
        self._legal_layer: pygame.Surface | None = None
        self.clock = 0.0
        self.pointer = None     # where the mouse is (station tooltips)
        self.drag: dict | None = None   # a hand tile held by the mouse: {"seat", "pos"}

    # -- helpers ----------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def companies(self) -> bool:
        return bool(self.state.companies)

    def owner_colour(self, owner):
        if owner is None:
            return (120, 124, 132)
        if self.companies():
            return theme.COLOURS[COMPANIES[owner]]
        return self.play.seat_colour(owner)

    def owner_shape(self, owner) -> int:
        if owner is None:
            return 0
        return owner if self.companies() else self.play.seat_shape(owner)

    def set_viewer(self, seat) -> None:
        self.viewer = seat

    def _hand(self, seat) -> list[str]:
        return list(self.state.hands[seat]) if seat is not None else []

    def current_tile(self, seat) -> str | None:
        """The tile ``seat`` would place now: the drawn tile, else the selected hand tile."""
        st = self.state
        if seat is None:
            return None
        if st.pending is not None and seat == st.current:
            return st.pending
        hand = self._hand(seat)
        if not hand:
            return None
        index = min(self.selected.get(seat, 0), len(hand) - 1)
        return hand[index]

    def legal_squares(self, seat) -> set[int]:
        tile = self.current_tile(seat)
        key = (self.state.turn, seat, tile, self.rotation.get(seat, 0), canvas.current_scale())
        if key != self._legal_key:
            self._legal_key = key
            if tile is None or seat not in self.match.to_act():
                self._legal = set()
            else:
                view = self.match.view(seat)
                self._legal = set(self.game.legal_squares(view, seat, tile,
                                                          self.rotation.get(seat, 0)))
            layer = canvas.layer(GRID.size, pygame.SRCALPHA)
            for sq in self._legal:
                r = square_rect(sq).move(-BX, -BY).inflate(-6, -6)
                gfx.rect(layer, (*theme.LEGAL, 70), r, border_radius=8)
                gfx.rect(layer, (*theme.LEGAL, 200), r, 2, border_radius=8)
            self._legal_layer = layer
        return self._legal

    def _buttons(self, seat) -> list[tuple[str, pygame.Rect, bool]]:
        """(action, rect, enabled) of the panel buttons for the viewer's turn."""
        st = self.state
        if self.read_only:
            return []      # a replay is watched, not played: no panel buttons at all
        if not any(info.kind == SeatKind.HUMAN for info in self.match.seats):
            return []      # only bots play here: nobody could ever press them
        acting = seat is not None and seat in self.match.to_act()
        y = RIGHT.y + 192
        out = []
        if st.orientation:
            out.append(("rotate", pygame.Rect(RIGHT.x + 16, y, RIGHT.width - 32, 46),
                        acting and self.current_tile(seat) is not None))
            y += 56
        out.append(("draw", pygame.Rect(RIGHT.x + 16, y, RIGHT.width - 32, 46),
                    acting and st.pending is None and bool(st.stack)))
        y += 56
        if st.companies:
            out.append(("exchange", pygame.Rect(RIGHT.x + 16, y, RIGHT.width - 32, 46),
                        acting and st.pending is None and st.exchanges_open))
        return out

    def toast_avoid(self) -> list:
        # A toast (mostly a refusal's reason) belongs in the middle column by the board, where
        # the player looks, not in a far corner: it may cover the board's lower edge but never
        # the side panels, the square being aimed at or the one just refused, nor their
        # neighbours.
        avoid = [pygame.Rect(LEFT), pygame.Rect(RIGHT)]
        seat = self.play.active_human()
        cursor = self.cursor.get(seat) if seat is not None else None
        if cursor is not None:
            avoid.append(square_rect(cursor[1] * 8 + cursor[0]).inflate(2 * S, 2 * S))
        if self.flash is not None:
            avoid.append(square_rect(self.flash["square"]).inflate(2 * S, 2 * S))
        return avoid

    def hand_rects(self, seat) -> list[pygame.Rect]:
        n = max(1, len(self._hand(seat)))
        gap = 14
        total = n * HAND_TILE + (n - 1) * gap
        x = RIGHT.centerx - total // 2
        return [pygame.Rect(x + i * (HAND_TILE + gap), RIGHT.y + 62, HAND_TILE, HAND_TILE)
                for i in range(n)]

    def button_rect(self, action: str, seat) -> pygame.Rect | None:
        for name, rect, _enabled in self._buttons(seat):
            if name == action:
                return rect
        return None


    # -- events -----------------------------------------------------------------------------
    def on_applied(self, seat, move, events) -> None:
        self.exchange_form = None
        # when nobody plays at this screen (a TV with phones and bots), the frame a move
        # lands in shows the board before it and the next frame repaints what it changed
        # (``draw``): the move's own work (the rules, the phones' views) and the repaint
        # share two frames instead of doubling one
        self.landed = not any(self._played_here(other)
                              for other in range(len(self.match.seats)))
        for event in events:
            kind = event.get("kind")
            if kind == "placed":
                self.last_placed = (event["row"] * 8 + event["col"], self.clock)
                self._covered |= {other for other, (col, row) in self.cursor.items()
                                  if row * 8 + col == self.last_placed[0]}
                self.selected[seat] = 0
            elif kind == "line_completed":
                self._start_line(event)
            elif kind == "swapped":
                self.play.toast(t("metro.swapped", name=self.play.seat_name(seat)), "info")
            elif kind == "exchanges_closed":
                self.play.toast(t("metro.exchanges_closed"), "info")

    def _start_line(self, event) -> None:
        if not self.app.settings["animations"]:
            return
        owner = event.get("company") if self.companies() else event.get("owner")
        points = []
        station = event["station"]
        points.append(station_pos(station))
        for row, col, enter, leave in event["path"]:
            points.extend(sprites.track_points(enter, leave, (BX + col * S, BY + row * S), S,
                                               10))
        if event.get("centre"):
            points.append(GRID.center)
        elif event.get("end", 0) > 0:
            points.append(station_pos(event["end"]))
        waiting = len([a for a in self.anims if a["kind"] == "line"])
        self.anims.append({"kind": "line", "points": points, "owner": owner,
                           "colour": self.owner_colour(owner), "age": -0.15 * waiting,
                           "points_value": event["points"], "centre": event.get("centre")})
        if owner is not None:
            self.in_flight[owner] = self.in_flight.get(owner, 0) + event["points"]

    def on_refused(self, seat, move, exc) -> None:
        if isinstance(move, Place):
            self.flash = {"square": move.square, "age": 0.0}

    def update(self, dt: float) -> None:
        self.clock += dt
        seat = self.play.active_human()
        if seat is not None and not self.read_only:
            self._cursor(seat)
        if self.flash is not None:
            self.flash["age"] += dt
            if self.flash["age"] > 0.6:
                self.flash = None
        done = []
        for anim in self.anims:
            anim["age"] += dt
            if anim["age"] >= LINE_TIME + HOLD_TIME + FLY_TIME:
                done.append(anim)
        for anim in done:
            self.anims.remove(anim)
            owner = anim["owner"]
            if owner is not None:
                self.in_flight[owner] = self.in_flight.get(owner, 0) - anim["points_value"]
                self.app.sound.play("score")

    def _played_here(self, seat: int) -> bool:
        """A seat whose player places tiles at this screen (not a phone, a bot, another
        machine)."""
        return (self.match.seats[seat].kind == SeatKind.HUMAN
                and not self.play.is_bot(seat) and not self.read_only)

    def busy(self) -> bool:
        return bool(self.anims)

    def animating(self) -> bool:
        """Lines drawing and flying, a refused square's flash, the last tile's fading glow,
        a move still to be painted (``late``)."""
        glowing = self.last_placed is not None and self.clock - self.last_placed[1] < GLOW_TIME
        return self.busy() or self.flash is not None or glowing or self.landed or self.late

    def shown_score(self, owner) -> int:
        st = self.state
        base = st.profits[owner] if self.companies() else st.scores[owner]
        return base - self.in_flight.get(owner, 0)


    def hints(self, seat) -> list[tuple[str, str]]:
        if seat is None:
            return [("menu", t("hint.menu"))]
        if self.exchange_form is not None:
            return [("move", t("hint.choose")), ("confirm", t("hint.select")),
                    ("cancel", t("hint.back"))]
        out = [("move", t("hint.move")), ("confirm", t("hint.place"))]
        if self.state.orientation:
            out.append(("rotate", t("hint.rotate")))
        if len(self._hand(seat)) > 1:
            out.append(("next", t("hint.next_tile")))
        out.append(("alt", t("hint.draw")))
        if self.state.companies:
            out.append(("aux", t("hint.exchange")))
        out.append(("menu", t("hint.menu")))
        return out


BOARD = MetroBoard

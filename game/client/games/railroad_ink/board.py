"""The Railroad Ink board: one paper sheet per player, drawn on at the same time.

Layouts: with one local human (or none) their sheet is big with the dice tray and specials
beside it and every other sheet small on the right (alone on screen, the sheet is as tall as
the screen and the tray lays its pieces in rows of six across the rest of the width); with 2–4 local humans the screen splits
into one pane per human (halves for two, quadrants otherwise), each with its own sheet, tray,
cursor, ghost and device hints, and the other seats' sheets small in a free quadrant or a
strip. Two humans alone get tall panes with the biggest sheets the width allows. Four panes
at most (``MAX_LOCAL_HUMANS``: setup and ``run.py play`` keep to it); a table with more local
humans anyway gives the panes to those still drawing. A seat whose controller is unplugged
has its pane veiled with a card saying so. Bots' and remote players' sheets update live.

Every seat acts on its own: intents arrive tagged with their device and are routed to the
acting human seat bound to that device (the mouse to the pane it points at). A seat's choices
(picked die, orientation, cursor) live in ``SeatUI``; moves go to the play screen, which
applies them through the match (so LAN and saves see every drawing, undo and end of round).
The board reads the state and never changes it. Faces are drawn by ``ink_sprites`` once per
size; each sheet's drawing is a cached layer rebuilt only when its cells change.
"""

from __future__ import annotations

import pygame

from game.client.boards.base import BoardView
from game.client.games.railroad_ink.drawing import BoardDrawing
from game.client.games.railroad_ink.layout import (DIRECTION_STEP, HEADER_LANE_X, LegalInfo,
                                                   MAX_LOCAL_HUMANS, MENU_BUTTON, METEOR_STEP,
                                                   Pane, PaneLayout, REFUSAL_SECONDS, SeatUI)
from game.client.games.railroad_ink.ranking import PAGE_SECONDS, pages
from game.client.games.railroad_ink.routing import InputRouting
from game.client.games.railroad_ink.tray_drawing import TrayDrawing
from game.client.games.railroad_ink.tray_text import face_name
from game.client.games.railroad_ink.way_out import (LAVA_PREFIX, START_VOLCANO, EITHER,
                                                    confirm_word, dead_end_text, lava_dead_end)
from game.client.seats import SeatKind
from game.client.text import illegal, t
from game.rules.railroad_ink.faces import SPECIALS
from game.rules.railroad_ink.moves import Draw, End, Undo
from game.rules.railroad_ink.sheet import CELL_INDEX


class RailroadInkBoard(PaneLayout, InputRouting, BoardDrawing, TrayDrawing, BoardView):
    secret_information = False     # every sheet is public: no passing the device around
    max_local_humans = MAX_LOCAL_HUMANS
    menu_button = MENU_BUTTON
    menu_font_size = 18
    simultaneous_rounds = True

    def __init__(self, app, play) -> None:
        super().__init__(app, play)
        self.game = self.match.game
        self.ui: dict[int, SeatUI] = {}
        self.clock = 0.0
        self._legal: dict[int, tuple] = {}
        self._scores = (None, None)
        self._acting: tuple = (None, frozenset())
        self._layout_key = None
        self.panes: list[Pane] = []
        self.chips: list[int] = []
        self.ranking: tuple | None = None      # (rect, seats) of a big table's ranking
        self.header_end = HEADER_LANE_X          # where the header's words end (toast_lane)
        self._sheet_cache: dict[tuple, tuple] = {}
        self._static_cache: dict[tuple, pygame.Surface] = {}
        self._highlight_cache: dict[int, tuple] = {}
        self.anims: list[dict] = []
        self.flash: dict | None = None
        # the last refusal of each seat, shown in red on its own tray for a few seconds
        self.refusals: dict[int, dict] = {}
        self._handled = None
        self._pane_cache: dict[int, tuple] = {}
        self._pieces: dict[int, tuple] = {}
        self._comp: pygame.Surface | None = None
        self._comp_layout = None
        self._comp_keys: dict = {}
        self._tray_shown: dict[int, dict] = {}     # what each tray piece shows (repaint.py)
        self._pane_places: dict[int, list | None] = {}   # a pane's places to paint again
        self.landed = False      # a move played elsewhere landed since the last frame
        self.late = 0            # frames in a row that showed the picture before a move
        self.catching_up = False  # panes still to follow the moves that landed (``_composite``)

    # -- state helpers ------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def version(self) -> tuple:
        """Identifies the match position for the caches (the seq alone is not enough: an undo
        through the match log followed by another move reuses a seq)."""
        log = self.match.log
        return (len(log), log[-1].hash if log else "") if log else (0, "")

    def seat_version(self, seat: int) -> tuple:
        """Identifies what one seat's pane shows (its sheet, progress and score, the shared
        roll): the other seats' moves leave it alone, so at a 32-seat table a bot's drawing
        does not redraw every human's pane and tray."""
        st = self.state
        s = st.seats[seat]
        return (id(self.match), st.round, st.over, tuple(s.round_moves), s.ended, s.meteor_done)

    def seat_ui(self, seat: int) -> SeatUI:
        ui = self.ui.get(seat)
        if ui is None:
            ui = self.ui[seat] = SeatUI()
        return ui

    def legal(self, seat: int) -> LegalInfo:
        key = self.seat_version(seat)
        found = self._legal.get(seat)
        if found is None or found[0] != key:
            info = LegalInfo(self.game.legal_moves(self.state, seat))
            self._legal[seat] = found = (key, info)
        return found[1]

    def scores(self) -> dict:
        if self._scores[0] != self.version:
            self._scores = (self.version, self.match.scores())
        return self._scores[1]

    def acting(self, seat: int) -> bool:
        # asked for every seat of the ranking every frame: to_act is kept per position
        log = self.match.log
        key = (id(self.match), self.version, (log[-1].seat, log[-1].move) if log else None)
        if self._acting[0] != key:
            self._acting = (key, frozenset(self.match.to_act()))
        return seat in self._acting[1]

    def pieces(self, seat: int) -> list[tuple]:
        """What the seat may pick, in tray order: its remaining dice, the specials it may
        draw, a new volcano, and "end the round"."""
        found = self._pieces.get(seat)
        if found is not None and found[0] == self.seat_version(seat):
            return found[1]
        st = self.state
        s = st.seats[seat]
        out: list[tuple] = []
        for face, _mandatory in self.game.remaining_dice(st, seat):
            if ("die", face) not in out:
                out.append(("die", face))
        status = self.game.specials_status(st, seat)
        out += [("special", sp) for sp in SPECIALS if status[sp] == "available"]
        if st.expansion == "volcano" and not s.volcano_round:
            out.append(("volcano", "volcano"))
        out.append(("end", ""))
        self._pieces[seat] = (self.seat_version(seat), out)
        return out

    def picked(self, seat: int) -> tuple:
        ui = self.seat_ui(seat)
        pieces = self.pieces(seat)
        if ui.pick not in pieces:
            dice = [p for p in pieces if p[0] == "die"]
            ui.pick = dice[0] if dice else ("end", "")
        return ui.pick

    def picked_face(self, seat: int) -> str | None:
        kind, face = self.picked(seat)
        return face if kind in ("die", "special", "volcano") else None

    def meteor_pending(self, seat: int) -> bool:
        return not self.state.seats[seat].meteor_done and not self.state.over

    def lava_way_out(self, seat: int) -> str:
        """In a lava dead end, the way out (``way_out.START_VOLCANO``, ``ERASE_ROUTE`` or
        ``EITHER``); "" otherwise."""
        return lava_dead_end(self.game, self.state, seat, self.legal(seat))

    def volcano_shortcut(self, seat: int) -> bool:
        """Confirm picks the new volcano: the seat holds a lava die that has nowhere to go
        and a new volcano is the way out (Enter on the die would only be refused)."""
        kind, face = self.picked(seat)
        return (kind == "die" and face.startswith(LAVA_PREFIX)
                and self.lava_way_out(seat) in (START_VOLCANO, EITHER))

    # -- events -------------------------------------------------------------------------------
    def on_applied(self, seat, move, events) -> None:
        self.refusals.pop(seat, None)     # a move that went through answers the refusal
        # a move played elsewhere is repainted in the next frame (``_picture``) when nobody
        # plays at this screen (a TV with phones and bots); where someone does, every frame
        # shows at once what their hands just changed (a pick, a hover), so nothing waits
        self.landed = not any(self._played_here(other)
                              for other in range(len(self.match.seats)))
        for event in events:
            kind = event.get("kind")
            if kind in ("draw", "lake_fill", "erase"):
                self.anims.append({"kind": kind, "seat": event["seat"],
                                   "cell": CELL_INDEX[event["cell"]], "age": 0.0})
            elif kind == "meteor":
                self.anims.append({"kind": "meteor", "seat": event["seat"], "age": 0.0,
                                   "path": [CELL_INDEX[c] for c in event["path"]],
                                   "start": self._meteor_start(event)})
            elif kind == "meteor_ignored":
                self.play.toast(t("ri.meteor_ignored", name=self.play.seat_name(seat),
                                  face=face_name(event["special"])), "info")
            elif kind == "roll":
                for ui in self.ui.values():   # a new roll: nobody's pick of the last one stays
                    ui.pick, ui.o, ui.could_end = None, 0, False
                self.play.toast(t("ri.new_round", n=event["round"]), "good")
                self.app.sound.play("turn")
        if isinstance(move, Draw):
            ui = self.seat_ui(seat)
            ui.o = 0
        self._offer_end(seat, move)

    def _played_here(self, seat) -> bool:
        """A seat whose player draws at this screen (not a phone, a bot, another machine)."""
        return (isinstance(seat, int) and 0 <= seat < len(self.match.seats)
                and self.match.seats[seat].kind == SeatKind.HUMAN
                and not self.play.is_bot(seat) and not self.read_only)

    def _offer_end(self, seat: int, move) -> None:
        """When a move leaves the seat nothing it must still do (only optional dice or
        specials, if any), its pick moves to End round: confirm then ends the round, and the
        hint line says so. Once per round: a player who picks a die again keeps it."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.state.seats):
            return            # a table's chance step (the roll) is no seat's move
        ui = self.seat_ui(seat)
        # only a seat drawn at this screen has a pick here: a phone's or a bot's move does
        # not ask the rules for its legal moves in the frame it lands (the TV's frame)
        can_end = self._acting_human(seat) and self.legal(seat).end
        if can_end and not ui.could_end and not isinstance(move, (End, Undo)):
            ui.pick, ui.o = ("end", ""), 0
        ui.could_end = can_end

    def _meteor_start(self, event) -> int:
        # the dot before the strike: one step back along the path's first move
        path = [CELL_INDEX[c] for c in event["path"]]
        dx, dy = DIRECTION_STEP[event["direction"]]
        first = path[0]
        row, col = divmod(first, 7)
        back_r, back_c = row - dy, col - dx
        if 0 <= back_r < 7 and 0 <= back_c < 7:
            return back_r * 7 + back_c
        return first

    def on_refused(self, seat, move, exc) -> None:
        reason = illegal(exc, "railroad-ink")
        message = reason
        way = self.lava_way_out(seat)
        if way and (isinstance(move, End) or (isinstance(move, Draw)
                                              and move.face.startswith(LAVA_PREFIX))):
            # the lava dead end: the rules' reason ("lava must join lava", "dice left")
            # is true but leaves the player stuck; say why nothing fits and the way out
            message = dead_end_text(way, False)
        self.refusals[seat] = {"text": message, "age": 0.0}
        # the reason is shown on the refused player's own tray, next to what they tried; the
        # shell's toast would say it a second time (and in split screen cover the others)
        self.app.toasts.items = [toast for toast in self.app.toasts.items
                                 if toast.text not in (reason, message)]
        cell = getattr(move, "cell", None)
        if cell is not None:
            self.flash = {"seat": seat, "cell": cell, "age": 0.0}

    def update(self, dt: float) -> None:
        self.clock += dt
        for anim in self.anims:
            anim["age"] += dt
        self.anims = [a for a in self.anims if a["age"] < self._anim_length(a)]
        if self.flash is not None:
            self.flash["age"] += dt
            if self.flash["age"] > 0.6:
                self.flash = None
        self._drop_paused_toasts()
        for seat in list(self.refusals):
            self.refusals[seat]["age"] += dt
            if self.refusals[seat]["age"] > REFUSAL_SECONDS:
                del self.refusals[seat]

    def _drop_paused_toasts(self) -> None:
        """Split screen: an unplugged seat's own pane says it is paused; the shell's toast
        with the same words would only cover the sheets of the players still drawing."""
        if len(self.local_humans()) < 2 or not self.app.toasts.items:
            return
        texts = {t("play.seat_paused", name=self.play.seat_name(pane.seat))
                 for pane in self.layout() if pane.full and self._paused(pane.seat)}
        if texts:
            self.app.toasts.items = [toast for toast in self.app.toasts.items
                                     if toast.text not in texts]

    @staticmethod
    def _anim_length(anim) -> float:
        if anim["kind"] == "meteor":
            return METEOR_STEP * len(anim["path"]) + 0.5
        return 0.45

    def busy(self) -> bool:
        return any(a["kind"] == "meteor" for a in self.anims)

    def animating(self) -> bool:
        """Drawings landing, a meteor, a refused cell's flash, a refusal shown for a while,
        a move's repaint still to come (``_picture``, ``_composite``)."""
        return bool(self.anims) or self.flash is not None or bool(self.refusals) \
            or self.landed or self.late or self.catching_up

    def next_change(self) -> float | None:
        """A ranking longer than its box turns a page every ``PAGE_SECONDS``."""
        if self.ranking is None:
            return None
        rect, seats = self.ranking
        if pages(len(seats), rect.inflate(-12, -10)) < 2:
            return None
        return PAGE_SECONDS - self.clock % PAGE_SECONDS

    def hints(self, seat) -> list[tuple[str, str]]:
        if len(self.local_humans()) >= 2 or seat is None:
            return [("menu", t("hint.menu"))]
        return [("move", t("hint.move")), ("confirm", confirm_word(self, seat)),
                ("rotate", t("hint.rotate")), ("alt", t("hint.ri_mirror")),
                ("next", t("hint.ri_piece")), ("aux", t("hint.ri_undo")),
                ("menu", t("hint.menu"))]


BOARD = RailroadInkBoard

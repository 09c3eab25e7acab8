"""The Railroad Ink board: one paper sheet per player, drawn on at the same time.

Layouts: with one local human (or none) their sheet is big with the dice tray and specials
beside it and every other sheet small on the right; with 2–4 local humans the screen splits
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

import math

import pygame

from game.client import fonts, theme
from game.client.games.railroad_ink import explain as explain
from game.client.games.railroad_ink import sprites as ink
from game.client.boards.base import BoardView
from game.client.games.railroad_ink.drag import draw_dragged
from game.client.games.railroad_ink.labels import shared_label_size
from game.client.games.railroad_ink.results import RailroadInkResults
from game.client.input import Intent, accepts, device_kind, seat_devices
from game.client.seats import SeatKind
from game.client.text import has, illegal, language, t
from game.client.widgets import glyph_text, pad_glyph
from game.rules.railroad_ink.faces import EXITS, FACE_INDEX, SPECIALS
from game.rules.railroad_ink.meteor import meteor_path
from game.rules.railroad_ink.moves import (Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo)
from game.rules.railroad_ink.orientation import CANONICAL_O, compose
from game.rules.railroad_ink.sheet import CELL_INDEX, CELL_NAMES, CRATER, EMPTY

W, H = theme.LOGICAL_SIZE
HEADER_H = 44
FOOTER_H = 46            # the shell's button-hint bar
MENU_BUTTON = pygame.Rect(W - 84, 6, 76, 32)
MARGIN_K = 0.42          # border around the grid (exits), in cells
ACTIONS = ("rotate", "mirror", "undo", "end")
METEOR_STEP = 0.2
REFUSAL_SECONDS = 3.0
DIRECTION_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
# Split screen has one pane per local human, at most four (quadrants): more sheets with
# their trays would be too small to read at 1280×720 from a couch. Table setup and
# ``run.py play`` refuse a fifth local human; a table that still has more (a LAN host who
# made more seats local) gives the four panes to humans still drawing this round, so every
# seat gets a pane in turn and the round always ends.
MAX_LOCAL_HUMANS = 4
TALL_TRAY_W = 170


def face_name(face: str) -> str:
    key = f"ri.face.{face}"
    return t(key) if has(key) else face


def ri_illegal(exc) -> str:
    """The refusal in the player's language, Railroad Ink's own wording first
    (``illegal.railroad-ink.<code>``, e.g. ``not_connected``, whose shared entry is Metro's)."""
    return illegal(exc, "railroad-ink")


class SheetGeom:
    """Where a sheet sits on screen: its paper rect, cell size and grid origin."""

    def __init__(self, x: int, y: int, cell: int) -> None:
        self.cell = cell
        self.margin = max(6, int(cell * MARGIN_K))
        size = 7 * cell + 2 * self.margin
        self.rect = pygame.Rect(x, y, size, size)
        self.gx, self.gy = x + self.margin, y + self.margin
        self.grid = pygame.Rect(self.gx, self.gy, 7 * cell, 7 * cell)

    def cell_rect(self, cell: int) -> pygame.Rect:
        row, col = divmod(cell, 7)
        return pygame.Rect(self.gx + col * self.cell, self.gy + row * self.cell, self.cell,
                           self.cell)

    def cell_at(self, pos) -> int | None:
        if pos is None or not self.grid.collidepoint(pos):
            return None
        col = (pos[0] - self.gx) // self.cell
        row = (pos[1] - self.gy) // self.cell
        return int(row * 7 + col)

    def key(self) -> tuple:
        return (self.cell, self.margin)


MINI_TITLE_MIN_W = 260      # a small sheet's title row: name, status and points


class Pane:
    """One seat's area: a full pane (sheet + tray) for a local human, or a mini sheet."""

    def __init__(self, seat: int, rect: pygame.Rect, full: bool, meteor: bool = False,
                 tall: bool = False) -> None:
        self.seat = seat
        self.meteor = meteor
        self.rect = rect
        self.full = full
        self.tray: dict = {}
        if full:
            avail_h = rect.height - 36
            # a tall pane (two players and nothing else on screen) gives the sheet all the
            # width the narrow three-column tray can spare, instead of 60%
            sheet_w = rect.width - 36 - TALL_TRAY_W if tall else rect.width * 0.6
            cell = int(min(avail_h / (7 + 2 * MARGIN_K), sheet_w / (7 + 2 * MARGIN_K)))
            self.geom = SheetGeom(rect.x + 10, rect.y + 30, cell)
            self._layout_tray()
        else:
            cell = int(min((rect.height - 24) / (7 + 2 * MARGIN_K),
                           (rect.width - 8) / (7 + 2 * MARGIN_K)))
            geom = SheetGeom(0, 0, max(6, cell))
            self.geom = SheetGeom(rect.centerx - geom.rect.width // 2, rect.y + 22,
                                  max(6, cell))

    def _fit_tray(self, w: int, h: int, narrow: bool) -> tuple[int, int, int, bool]:
        """Die, special and button sizes that fit the tray in one of the two arrangements."""
        cols = 3 if narrow else 6
        bh = 40 if narrow else 30
        rows = 6 // cols
        ds = int(min(78 if narrow else 50, (w - (cols - 1) * 8) / cols))
        ss = int(min(56 if narrow else 38, (w - (cols - 1) * 8) / cols))
        status_h = 70 if narrow else 44
        meteor_h = 30 if self.meteor else 0
        while ds > 24:
            need = (22 + rows * (ds + 8) + 4 + meteor_h + 22 + rows * (ss + 8) + 4
                    + (2 if narrow else 1) * (bh + 8) + status_h)
            if need <= h:
                break
            ds -= 3
            ss = min(ss, int(ds * 0.8))
            bh = max(28, bh - 2)
        return ds, ss, bh, narrow

    def _layout_tray(self) -> None:
        x = self.geom.rect.right + 16
        w = self.rect.right - 10 - x
        y = self.rect.y + 30
        h = self.rect.bottom - y
        best = None
        for narrow in (True, False):     # rows of 3 dice with 2×2 buttons, or rows of 6
            fit = self._fit_tray(w, h, narrow)
            if best is None or fit[0] > best[0]:
                best = fit
        ds, ss, bh, narrow = best
        cols = 3 if narrow else 6
        rows_b = 2 if narrow else 1
        meteor_h = 30 if self.meteor else 0
        tall = narrow
        tray = {"x": x, "w": w}
        tray["dice_label"] = (x, y)
        y += 22
        tray["dice"] = [pygame.Rect(x + (i % cols) * (ds + 8), y + (i // cols) * (ds + 8), ds, ds)
                        for i in range(6)]
        y += (6 // cols) * (ds + 8) + 4
        tray["meteor"] = pygame.Rect(x, y, w, 26 if self.meteor else 0)
        y += meteor_h
        tray["specials_label"] = (x, y)
        y += 22
        tray["specials"] = [pygame.Rect(x + (i % cols) * (ss + 8), y + (i // cols) * (ss + 8),
                                        ss, ss) for i in range(6)]
        y += (6 // cols) * (ss + 8) + 4
        bw = (w - 8) // 2 if narrow else (w - 18) // 4
        tray["buttons"] = {}
        for i, name in enumerate(ACTIONS):
            col, row = (i % 2, i // 2) if narrow else (i, 0)
            tray["buttons"][name] = pygame.Rect(x + col * (bw + (8 if narrow else 6)),
                                                y + row * (bh + 8), bw, bh)
        y += rows_b * (bh + 8) + 2
        tray["status"] = (x, y)
        tray["tall"] = tall
        self.tray = tray
        # the same layout relative to the pane (the pane's panel and tray are cached as one
        # surface and drawn at the pane's corner)
        ox, oy = self.rect.topleft
        self.local_tray = {
            "x": x - ox, "w": w, "tall": tall,
            "dice_label": (tray["dice_label"][0] - ox, tray["dice_label"][1] - oy),
            "dice": [r.move(-ox, -oy) for r in tray["dice"]],
            "meteor": tray["meteor"].move(-ox, -oy),
            "specials_label": (tray["specials_label"][0] - ox, tray["specials_label"][1] - oy),
            "specials": [r.move(-ox, -oy) for r in tray["specials"]],
            "buttons": {k: r.move(-ox, -oy) for k, r in tray["buttons"].items()},
            "status": (tray["status"][0] - ox, tray["status"][1] - oy),
        }


class SeatUI:
    """What one seat has chosen on its own device: cursor, picked piece, orientation."""

    def __init__(self) -> None:
        self.cursor = [3, 3]
        self.pick: tuple | None = None      # ("die"|"special"|"volcano"|"end", face)
        self.o = 0
        self.meteor_dir = "N"
        self.dragging = False               # the mouse button went down on a die or special
        self.drag_pos = None                # where the pointer carries it (off the sheet)


class LegalInfo:
    """Everything one seat may do now, from ``legal_moves`` (computed once per move)."""

    def __init__(self, moves) -> None:
        self.draw: dict[str, dict[int, set[int]]] = {}
        self.skip: set[str] = set()
        self.erase: set[int] = set()
        self.meteor: list[str] = []
        self.ignore: list[str] = []
        self.end = False
        self.undo = False
        for move in moves:
            if isinstance(move, Draw):
                self.draw.setdefault(move.face, {}).setdefault(move.cell, set()).add(move.o)
            elif isinstance(move, Skip):
                self.skip.add(move.face)
            elif isinstance(move, Erase):
                self.erase.add(move.cell)
            elif isinstance(move, Meteor):
                self.meteor.append(move.direction)
            elif isinstance(move, IgnoreMeteor):
                self.ignore.append(move.special)
            elif isinstance(move, End):
                self.end = True
            elif isinstance(move, Undo):
                self.undo = True


class RailroadInkBoard(BoardView):
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
        self._layout_key = None
        self.panes: list[Pane] = []
        self.chips: list[int] = []
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

    def seat_ui(self, seat: int) -> SeatUI:
        ui = self.ui.get(seat)
        if ui is None:
            ui = self.ui[seat] = SeatUI()
        return ui

    def legal(self, seat: int) -> LegalInfo:
        key = self.version
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
        return seat in self.match.to_act()

    def pieces(self, seat: int) -> list[tuple]:
        """What the seat may pick, in tray order: its remaining dice, the specials it may
        draw, a new volcano, and "end the round"."""
        found = self._pieces.get(seat)
        if found is not None and found[0] == self.version:
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
        self._pieces[seat] = (self.version, out)
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

    # -- layout -------------------------------------------------------------------------------
    def local_humans(self) -> list[int]:
        return self.play.human_seats()

    def split_seats(self, humans: list[int]) -> list[int]:
        """The local humans given a pane: all of them up to four; beyond that the first four
        still drawing this round (then the others), in seat order."""
        if len(humans) <= MAX_LOCAL_HUMANS:
            return list(humans)
        seats = self.state.seats
        drawing = [h for h in humans if not seats[h].ended and not self.state.over]
        rest = [h for h in humans if h not in drawing]
        return sorted((drawing + rest)[:MAX_LOCAL_HUMANS])

    def layout(self) -> list[Pane]:
        humans = self.split_seats(self.local_humans())
        n = len(self.state.seats)
        key = (tuple(humans), n)
        if key == self._layout_key:
            return self.panes
        self._layout_key = key
        area = pygame.Rect(0, HEADER_H, W, H - HEADER_H - FOOTER_H)
        panes: list[Pane] = []
        self.chips = []
        meteor = self.state.expansion == "meteor"
        if len(humans) >= 2:
            shown = humans
            others = [s for s in range(n) if s not in shown]
            if len(shown) == 2:
                # two players side by side; other sheets (if any) in a strip below
                half = area.width // 2
                strip = 190 if others else 0
                rects = [pygame.Rect(area.x, area.y, half, area.height - strip),
                         pygame.Rect(area.x + half, area.y, half, area.height - strip)]
                if others:
                    rects.append(pygame.Rect(area.x, area.bottom - strip, area.width, strip))
            else:
                hw, hh = area.width // 2, area.height // 2
                rects = [pygame.Rect(area.x + (i % 2) * hw, area.y + (i // 2) * hh, hw, hh)
                         for i in range(4)]
            tall = len(shown) == 2 and not others
            for seat, rect in zip(shown, rects):
                pane = Pane(seat, rect.inflate(-8, -6), True, meteor, tall)
                if tall:
                    pane = self._fit_height(pane, meteor)
                panes.append(pane)
            free = rects[len(shown):]
            if free and others:
                spare = free[0].unionall(free[1:]) if len(free) > 1 else free[0]
                panes += self._minis(others, spare.inflate(-8, -6))
            else:
                self.chips = others
        else:
            main = humans[0] if humans else 0
            big = pygame.Rect(area.x, area.y, 920, area.height)
            panes.append(Pane(main, big.inflate(-10, -6), True, meteor))
            others = [s for s in range(n) if s != main]
            if others:
                panes += self._minis(others, pygame.Rect(930, area.y, W - 940, area.height))
        self.panes = panes
        return panes

    @staticmethod
    def _fit_height(pane: Pane, meteor: bool) -> Pane:
        """A tall pane's sheet is as wide as the pane allows: the panel is cut to what it
        holds (the sheet, or the tray with four lines of status) and centred in the area."""
        content = max(pane.geom.rect.bottom + 14, pane.tray["status"][1] + 5 * 21 + 8)
        height = min(pane.rect.height, content - pane.rect.y)
        rect = pygame.Rect(pane.rect.x, 0, pane.rect.width, height)
        rect.centery = pane.rect.centery
        return Pane(pane.seat, rect, True, meteor, True)

    def _minis(self, seats: list[int], rect: pygame.Rect) -> list[Pane]:
        count = len(seats)
        best = None
        for cols in range(1, count + 1):
            rows = math.ceil(count / cols)
            cw, ch = rect.width // cols, rect.height // rows
            size = min(cw - 8, ch - 26)
            if best is None or size > best[0]:
                best = (size, cols, rows, cw, ch)
        size, cols, _rows, cw, ch = best
        # A mini pane is as wide as its sheet (and a readable title row) needs, and the
        # group is centred: one sheet in a wide strip must not stretch its title row across
        # the whole screen.
        width = min(cw, max(size + 8, MINI_TITLE_MIN_W))
        left = rect.x + (rect.width - cols * width) // 2
        return [Pane(seat, pygame.Rect(left + (i % cols) * width, rect.y + (i // cols) * ch,
                                       width - 6, ch - 6), False)
                for i, seat in enumerate(seats)]

    def pane_of(self, seat: int) -> Pane | None:
        for pane in self.layout():
            if pane.seat == seat:
                return pane
        return None

    # -- input routing ------------------------------------------------------------------------
    def _candidates(self, device: str) -> list[int]:
        return [seat for seat in self.match.to_act()
                if self.match.seats[seat].kind == SeatKind.HUMAN
                and accepts(self.match.seats[seat].device, device)
                and not self.play.seat_paused(seat)
                and any(p.full and p.seat == seat for p in self.layout())]

    def _route(self, intent):
        """The one seat an intent is for: the mouse speaks for the pane it points at, other
        devices for the first acting seat bound to them (a shared keyboard serves its seats
        one after the other, as each ends its round)."""
        candidates = self._candidates(intent.device)
        if intent.pos is not None:
            for pane in self.layout():
                if pane.full and pane.seat in candidates and pane.rect.collidepoint(intent.pos):
                    return pane.seat
        return candidates[0] if candidates else None

    def toast_avoid(self) -> list:
        # A drawing player's sheet and tray fill their pane: toasts go to the free margin
        # beside a lone big pane (under the small sheets), else stay bottom-centre.
        return [pygame.Rect(pane.rect) for pane in self.layout() if pane.full]

    def handle(self, intent, seat):
        kind = intent.kind
        if intent is self._handled:
            return None       # already used by an earlier seat of this device
        target = self._route(intent)
        if target is None or (seat is not None and target != seat):
            return None       # the play screen asks every seat of the device: one acts
        result = self._handle_seat(intent, target)
        if result is not None:
            self._handled = intent
        if result is None or result is True or seat is not None:
            return result
        self.play.propose(target, result)
        return True

    def _handle_seat(self, intent, seat: int):
        kind = intent.kind
        ui = self.seat_ui(seat)
        pane = self.pane_of(seat)
        if kind == "move":
            if self.meteor_pending(seat) and self.state.meteor[0] == "any":
                ui.meteor_dir = {(0, -1): "N", (1, 0): "E", (0, 1): "S",
                                 (-1, 0): "W"}.get((intent.dx, intent.dy), ui.meteor_dir)
                return True
            ui.cursor[0] = (ui.cursor[0] + intent.dx) % 7
            ui.cursor[1] = (ui.cursor[1] + intent.dy) % 7
            return True
        if kind == "point":
            ui.drag_pos = intent.pos if ui.dragging else None
            cell = pane.geom.cell_at(intent.pos) if pane else None
            if cell is not None:
                ui.cursor = [cell % 7, cell // 7]
                self._aim_meteor(seat, cell)
            return True
        if kind == "rotate":
            self._rotate(seat, 1 if intent.value >= 0 else -1)
            return True
        if kind == "alt":
            ui.o = compose(ui.o, 4)
            self.app.sound.play("click")
            return True
        if kind in ("aux", "cancel"):
            if self.legal(seat).undo:
                return Undo()
            return True if kind == "aux" else None
        if kind in ("next", "prev"):
            pieces = self.pieces(seat)
            index = pieces.index(self.picked(seat))
            ui.pick = pieces[(index + (1 if kind == "next" else -1)) % len(pieces)]
            self.app.sound.play("click")
            return True
        if kind == "slot":
            pieces = self.pieces(seat)
            if intent.value < len(pieces):
                ui.pick = pieces[intent.value]
            return True
        if kind == "confirm":
            return self._confirm(seat, ui.cursor[1] * 7 + ui.cursor[0])
        if kind == "click":
            return self._click(seat, pane, intent)
        if kind == "release":
            return self._drop(seat, pane, intent)
        return None

    def _drop(self, seat: int, pane: Pane | None, intent):
        """A die or special dragged from the tray and let go over a cell: drawn there, as
        a click on that cell would (the ghost followed the pointer while dragging)."""
        ui = self.seat_ui(seat)
        dragging, ui.dragging, ui.drag_pos = ui.dragging, False, None
        cell = pane.geom.cell_at(intent.pos) if dragging and pane and pane.full else None
        if cell is None:
            return True
        ui.cursor = [cell % 7, cell // 7]
        return self._confirm(seat, cell)

    def _rotate(self, seat: int, step: int) -> None:
        """Turn the picked face; on a legal cell skip orientations that cannot go there."""
        ui = self.seat_ui(seat)
        turn = 1 if step > 0 else 3
        face = self.picked_face(seat)
        cell = ui.cursor[1] * 7 + ui.cursor[0]
        allowed = self.legal(seat).draw.get(face, {}).get(cell, set()) if face else set()
        o = compose(ui.o, turn)
        if allowed:
            for _ in range(4):
                if CANONICAL_O[FACE_INDEX[face]][o] in allowed:
                    break
                o = compose(o, turn)
        ui.o = o
        self.app.sound.play("click")

    def _aim_meteor(self, seat: int, cell: int) -> None:
        if not self.meteor_pending(seat) or self.state.meteor[0] != "any":
            return
        sheet = self.state.seats[seat].sheet
        start = sheet.dot if sheet.dot >= 0 else CELL_INDEX["D4"]
        dr, dc = cell // 7 - start // 7, cell % 7 - start % 7
        if dr or dc:
            if abs(dr) >= abs(dc):
                self.seat_ui(seat).meteor_dir = "S" if dr > 0 else "N"
            else:
                self.seat_ui(seat).meteor_dir = "E" if dc > 0 else "W"

    def meteor_direction(self, seat: int) -> str:
        direction = self.state.meteor[0]
        return self.seat_ui(seat).meteor_dir if direction == "any" else direction

    def _confirm(self, seat: int, cell: int):
        info = self.legal(seat)
        kind, face = self.picked(seat)
        if self.meteor_pending(seat):
            if kind == "special" and face in info.ignore:
                return IgnoreMeteor(face)
            return Meteor(self.meteor_direction(seat))
        if kind == "end":
            return End()
        if info.erase and cell in info.erase:
            return Erase(cell)
        if kind == "die" and face in info.skip and not info.draw.get(face):
            return Skip(face)
        return Draw(face, cell, self.seat_ui(seat).o)

    def _click(self, seat: int, pane: Pane | None, intent):
        pos = intent.pos
        if pane is None or not pane.full:
            return True
        ui = self.seat_ui(seat)
        ui.dragging = False
        cell = pane.geom.cell_at(pos)
        if cell is not None:
            ui.cursor = [cell % 7, cell // 7]
            self._aim_meteor(seat, cell)
            return self._confirm(seat, cell)
        tray = pane.tray
        for index, rect in enumerate(tray["dice"]):
            if rect.collidepoint(pos) and index < len(self.state.dice):
                face = self.state.dice[index]
                if ("die", face) in self.pieces(seat):
                    ui.pick, ui.dragging = ("die", face), True
                return True
        for index, rect in enumerate(tray["specials"]):
            if rect.collidepoint(pos):
                if ("special", SPECIALS[index]) in self.pieces(seat):
                    ui.pick, ui.dragging = ("special", SPECIALS[index]), True
                return True
        for name, rect in tray["buttons"].items():
            if rect.collidepoint(pos):
                return self._button(seat, name, intent)
        if tray["meteor"].collidepoint(pos) and self.meteor_pending(seat):
            return Meteor(self.meteor_direction(seat))
        return True

    def _button(self, seat: int, name: str, intent):
        if name == "rotate":
            self._rotate(seat, 1)
            return True
        if name == "mirror":
            self.seat_ui(seat).o = compose(self.seat_ui(seat).o, 4)
            return True
        if name == "undo":
            return Undo()
        info = self.legal(seat)
        kind, face = self.picked(seat)
        if self.meteor_pending(seat):
            return Meteor(self.meteor_direction(seat))
        if not info.end:
            for die_face in sorted(info.skip):
                if not info.draw.get(die_face):
                    return Skip(die_face)
        return End()

    # -- events -------------------------------------------------------------------------------
    def on_applied(self, seat, move, events) -> None:
        self.refusals.pop(seat, None)     # a move that went through answers the refusal
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
                    ui.pick, ui.o = None, 0
                self.play.toast(t("ri.new_round", n=event["round"]), "good")
                self.app.sound.play("turn")
        if isinstance(move, Draw):
            ui = self.seat_ui(seat)
            ui.o = 0

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
        message = illegal(exc, "railroad-ink")
        self.refusals[seat] = {"text": message, "age": 0.0}
        # the reason is shown on the refused player's own tray, next to what they tried; the
        # shell's toast would say it a second time (and in split screen cover the others)
        self.app.toasts.items = [toast for toast in self.app.toasts.items
                                 if toast.text != message]
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

    def results_screen(self, history, setup):
        return RailroadInkResults(self.app, self.match, history, setup)

    @staticmethod
    def _anim_length(anim) -> float:
        if anim["kind"] == "meteor":
            return METEOR_STEP * len(anim["path"]) + 0.5
        return 0.45

    def busy(self) -> bool:
        return any(a["kind"] == "meteor" for a in self.anims)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # Everything that only changes with a move or a pick is kept in one opaque composite;
        # a region of it (the header, a pane) is repainted only when its own key changes.
        # A frame is then one blit plus the live parts: cursors, ghosts, animations.
        surface.blit(self._composite(), (0, 0))
        self.draw_menu_button(surface)
        for pane in self.layout():
            if pane.full and self._acting_human(pane.seat) and not self._paused(pane.seat):
                self._draw_cursor(surface, pane.seat, pane.geom, self.play.seat_colour(pane.seat))
                draw_dragged(surface, self.seat_ui(pane.seat), pane.geom,
                             self.picked_face(pane.seat))
        self._draw_anims(surface)

    def _acting_human(self, seat: int) -> bool:
        """A human drawing on this sheet now (never in the replay viewer: read-only)."""
        return (self.acting(seat) and self.match.seats[seat].kind == SeatKind.HUMAN
                and not self.read_only)

    def _composite(self) -> pygame.Surface:
        panes = self.layout()
        if self._comp is None or self._comp_layout != self._layout_key:
            self._comp = pygame.Surface((W, H)).convert()
            self._comp.blit(self.app.background(), (0, 0))
            self._comp_layout = self._layout_key
            self._comp_keys = {}
        comp = self._comp
        common = (self.app.settings["colour_blind"], self.play.colour_key(), language())
        header = (self.version, tuple(self._status_of(s)[0] for s in self.chips), common)
        if self._comp_keys.get("header") != header:
            self._comp_keys["header"] = header
            region = pygame.Rect(0, 0, W, HEADER_H)
            comp.blit(self.app.background(), region, region)
            self._draw_header(comp)
        for pane in panes:
            seat = pane.seat
            acting = self._acting_human(seat) if pane.full else self.acting(seat)
            key = (self.version, acting, self._status_of(seat)[0], common, self._paused(seat),
                   self.picked(seat) if pane.full and acting else None,
                   self.seat_ui(seat).meteor_dir, self._refusal(seat))
            if self._comp_keys.get(seat) == key:
                continue
            self._comp_keys[seat] = key
            region = pane.rect.inflate(4, 4)
            comp.set_clip(region)
            comp.blit(self.app.background(), region, region)
            if pane.full:
                self._draw_full(comp, pane)
            else:
                self._draw_mini(comp, pane)
            comp.set_clip(None)
        return comp

    def _draw_header(self, surface) -> None:
        st = self.state
        fonts.blit_in(surface, t("ri.title"), 26, theme.ACCENT, pygame.Rect(16, 2, 172, 38),
                      "bold", "midleft", name="title")
        label = t("play.game_over") if st.over else t("ri.round", n=st.round, total=st.rounds)
        fonts.blit_in(surface, label, 22, theme.TEXT, pygame.Rect(196, 4, 156, 36), "semibold",
                      "midleft", name="round")
        x = 360
        if st.meteor is not None:
            direction = st.meteor[0] if st.meteor[0] != "any" else t("ri.meteor_any")
            surface.blit(ink.meteor_dot(18), (x, 14))
            x = fonts.blit_in(surface, t("ri.meteor", direction=direction,
                                         distance=st.meteor[1]),
                              20, (255, 160, 140), pygame.Rect(x + 24, 4, 240, 36), "semibold",
                              "midleft", name="meteor").right + 24
        if self.chips:
            # the other sheets' chips share what is left of the line up to the menu button
            room = (MENU_BUTTON.x - 8 - x) // len(self.chips) - 10
            for seat in self.chips:
                x = self._chip(surface, seat, x, 10, room) + 10

    def _chip(self, surface, seat: int, x: int, y: int, room: int) -> int:
        rgb = self.play.seat_colour(seat)
        done = self.state.seats[seat].ended or self.state.over
        label = f"{self.play.seat_name(seat)} {self.scores()['scores'][seat]}" + \
            (" ✓" if done else "")
        label, size = fonts.fit(label, 16, room - 26, "semibold")
        width = fonts.render(label, size, theme.TEXT, "semibold").get_width()
        rect = pygame.Rect(x, y, width + 26, 26)
        theme.rounded_panel(surface, rect, theme.PANEL, 12, rgb, 2)
        fonts.blit_in(surface, label, size, theme.TEXT, rect, "semibold", inset=12,
                      name="chip")
        return rect.right

    # sheets ---------------------------------------------------------------------------------
    def _static_sheet(self, geom: SheetGeom) -> pygame.Surface:
        key = geom.key()
        found = self._static_cache.get(key)
        if found is not None:
            return found
        cell, m = geom.cell, geom.margin
        size = geom.rect.width
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        radius = max(4, cell // 4)
        pygame.draw.rect(layer, ink.PAPER, layer.get_rect(), border_radius=radius)
        centre = pygame.Rect(m + 2 * cell, m + 2 * cell, 3 * cell, 3 * cell)
        pygame.draw.rect(layer, ink.CENTRE_TINT, centre)
        line = max(1, cell // 40)
        for i in range(8):
            pygame.draw.line(layer, ink.GRID, (m + i * cell, m), (m + i * cell, m + 7 * cell),
                             line)
            pygame.draw.line(layer, ink.GRID, (m, m + i * cell), (m + 7 * cell, m + i * cell),
                             line)
        pygame.draw.rect(layer, (150, 150, 140), centre, max(2, cell // 22))
        pygame.draw.rect(layer, (120, 120, 112), (m, m, 7 * cell, 7 * cell), max(2, cell // 20))
        for name, side, kind in EXITS:
            index = CELL_INDEX[name]
            row, col = divmod(index, 7)
            stub = ink.exit_stub(kind, side, cell, m)
            if side == 0:
                pos = (m + col * cell, 0)
            elif side == 2:
                pos = (m + col * cell, m + 7 * cell)
            elif side == 3:
                pos = (0, m + row * cell)
            else:
                pos = (m + 7 * cell, m + row * cell)
            layer.blit(stub, pos)
        if cell >= 40:
            colour = (150, 146, 132)
            for i in range(7):
                # rows B, D, F and columns 2, 4, 6 have an exit in the middle of their
                # margin: their label sits beside it (above it, left of it), not under it
                side = cell if i % 2 == 0 else cell * 3 // 10
                fonts.blit_in(layer, "ABCDEFG"[i], max(11, cell // 5), colour,
                              pygame.Rect(0, m + i * cell, m - 4, side), "semibold")
                fonts.blit_in(layer, str(i + 1), max(11, cell // 5), colour,
                              pygame.Rect(m + i * cell, 0, side, m - 2), "semibold")
        pygame.draw.rect(layer, ink.PAPER_DARK, layer.get_rect(), 2, border_radius=radius)
        self._static_cache[key] = layer
        return layer

    def sheet_layer(self, seat: int, geom: SheetGeom) -> pygame.Surface:
        sheet = self.state.seats[seat].sheet
        content = (tuple(sheet.cells), sheet.dot)
        key = (seat, geom.key())
        found = self._sheet_cache.get(key)
        if found is not None and found[0] == content:
            return found[1]
        layer = self._static_sheet(geom).copy()
        cell = geom.cell
        for index, code in enumerate(sheet.cells):
            if code == EMPTY:
                continue
            row, col = divmod(index, 7)
            pos = (geom.margin + col * cell, geom.margin + row * cell)
            if code == CRATER:
                layer.blit(ink.crater(cell), pos)
            else:
                from game.rules.railroad_ink.faces import FACE_IDS

                layer.blit(ink.face(FACE_IDS[code >> 3], code & 7, cell), pos)
        if sheet.dot >= 0:
            row, col = divmod(sheet.dot, 7)
            d = max(6, cell // 3)
            layer.blit(ink.meteor_dot(d), (geom.margin + col * cell + cell - d - 1,
                                           geom.margin + row * cell + 1))
        self._sheet_cache[key] = (content, layer)
        return layer

    def _draw_sheet(self, surface, seat: int, geom: SheetGeom, frame_rgb, live: bool) -> None:
        shadow = geom.rect.move(0, 5)
        pygame.draw.rect(surface, theme.BG_DEEP, shadow, border_radius=max(4, geom.cell // 4))
        surface.blit(self.sheet_layer(seat, geom), geom.rect.topleft)
        if live:
            pygame.draw.rect(surface, frame_rgb, geom.rect.inflate(6, 6), 3,
                             border_radius=max(6, geom.cell // 4 + 3))

    def _highlight(self, seat: int, geom: SheetGeom, face: str | None, o: int):
        key = (self.version, face, o, geom.key(), self.meteor_pending(seat))
        found = self._highlight_cache.get(seat)
        if found is not None and found[0] == key:
            return found[1]
        layer = pygame.Surface(geom.grid.size, pygame.SRCALPHA)
        info = self.legal(seat)
        cells = info.draw.get(face, {}) if face and not self.meteor_pending(seat) else {}
        canon = CANONICAL_O[FACE_INDEX[face]][o] if face else 0
        for cell, orientations in cells.items():
            r = geom.cell_rect(cell).move(-geom.gx, -geom.gy).inflate(-4, -4)
            strong = canon in orientations
            pygame.draw.rect(layer, (*theme.LEGAL, 90 if strong else 40), r,
                             border_radius=max(3, geom.cell // 8))
            pygame.draw.rect(layer, (60, 160, 90, 220 if strong else 120), r,
                             2 if strong else 1, border_radius=max(3, geom.cell // 8))
        for cell in info.erase:
            r = geom.cell_rect(cell).move(-geom.gx, -geom.gy).inflate(-4, -4)
            pygame.draw.rect(layer, (*theme.BAD, 70), r, border_radius=4)
        self._highlight_cache[seat] = (key, layer)
        return layer

    def _draw_full(self, surface, pane: Pane) -> None:
        seat = pane.seat
        st = self.state
        rgb = self.play.seat_colour(seat)
        acting = self._acting_human(seat)
        surface.blit(self._pane_surface(pane, acting, rgb), pane.rect.topleft)
        self._draw_sheet(surface, seat, pane.geom, rgb, acting)
        if self._paused(seat):
            self._draw_paused(surface, pane)

    def _paused(self, seat: int) -> bool:
        """A human seat of this table whose controller is unplugged (and still has to act)."""
        return (not self.read_only and not self.state.over
                and self.match.seats[seat].kind == SeatKind.HUMAN and self.play.seat_paused(seat))

    def _draw_paused(self, surface, pane: Pane) -> None:
        """The unplugged seat's pane dimmed, with what happened and how to carry on."""
        seat = pane.seat
        veil = pygame.Surface(pane.rect.size, pygame.SRCALPHA)
        veil.fill((*theme.BG_DEEP, 200))
        surface.blit(veil, pane.rect.topleft)
        width = min(pane.rect.width - 40, 460)
        body_size = 20 if pane.rect.height > 400 else 17
        body = t("play.seat_paused", name=self.play.seat_name(seat))
        lines = fonts.wrap(body, body_size, width - 36)
        line_h = body_size + 6
        height = min(pane.rect.height - 24, 70 + len(lines) * line_h + 18)
        card = pygame.Rect(0, 0, width, height)
        card.center = pane.rect.center
        theme.rounded_panel(surface, card, theme.PANEL, 14, theme.BAD, 3)
        info = self.match.seats[seat]
        with fonts.box(card.inflate(-24, -12), "paused card"):
            for dx in (0, 11):       # a pause sign: two bars
                pygame.draw.rect(surface, theme.BAD, (card.x + 20 + dx, card.y + 20, 7, 24),
                                 border_radius=2)
            fonts.blit_in(surface, t("play.unplugged", pad=self.play.device_label(info.device)),
                          26, theme.BAD, pygame.Rect(card.x + 46, card.y + 12, width - 64, 40),
                          "bold", "midleft", name="paused card")
            y = card.y + 60
            for line in lines:
                if y + line_h > card.bottom - 6:
                    break
                fonts.blit_in(surface, line, body_size, theme.TEXT,
                              pygame.Rect(card.x + 18, y, width - 36, line_h), "regular",
                              "midleft", name="paused card")
                y += line_h

    def _pane_surface(self, pane: Pane, acting: bool, rgb) -> pygame.Surface:
        """The pane's panel, title and tray, redrawn only when something on them changes."""
        seat = pane.seat
        key = (self.version, acting, self.picked(seat) if acting else None,
               self.seat_ui(seat).meteor_dir, self._status_of(seat), self._refusal(seat), rgb,
               language(),
               self.app.settings["colour_blind"], pane.rect.size)
        found = self._pane_cache.get(seat)
        if found is not None and found[0] == key:
            return found[1]
        layer = pygame.Surface(pane.rect.size, pygame.SRCALPHA)
        box = layer.get_rect()
        theme.rounded_panel(layer, box, theme.PANEL, 16,
                            rgb if acting else theme.PANEL_EDGE, 2 if acting else 1)
        with fonts.box(box.inflate(-16, 0), "sheet panel"):
            self._draw_title(layer, seat, 14, 5, box.right - 12)
            self._draw_tray(layer, pane, acting)
        self._pane_cache[seat] = (key, layer)
        return layer

    def _draw_title(self, surface, seat: int, x: int, y: int, right: int, size: int = 20):
        rgb = self.play.seat_colour(seat)
        pygame.draw.rect(surface, rgb, (x, y + 4, 10, size - 2), border_radius=4)
        if self.app.settings["colour_blind"]:
            theme.draw_shape(surface, self.play.seat_shape(seat), (x + 22, y + 4 + size // 2),
                             size // 3, rgb, theme.outline_for(rgb))
            x += 16
        # the score first; the name then takes what it needs of the rest (up to all of it
        # but the status' share: at most 40%); the status gets what the name leaves, and is
        # left out when that is too little to read
        line = pygame.Rect(x + 16, y - 4, right - x - 16, size + 14)
        score = self.scores()["scores"][seat]
        status, colour = self._status_of(seat)
        with fonts.box(line, "title line"):
            r = fonts.blit(surface, t("ri.score", n=score), size, theme.TEXT, (right, y),
                           "bold", "topright")
        name_right = r.x - 8
        if status:
            free = r.x - 12 - line.x
            wanted = fonts.render(self.play.seat_name(seat), size, theme.TEXT,
                                  "semibold").get_width() + 12
            room = min(free * 40 // 100, max(0, free - wanted))
            if room >= 40 or (room > 0 and fonts.render(status, size - 4, colour,
                                                         "semibold").get_width() <= room):
                s = fonts.blit_in(surface, status, size - 4, colour,
                                  pygame.Rect(r.x - 12 - room, y + 2, room, size + 6),
                                  "semibold", "topright", name="title line")
                name_right = s.x - 8
        fonts.blit_in(surface, self.play.seat_name(seat), size, theme.TEXT,
                      pygame.Rect(line.x, y, name_right - line.x, size + 6), "semibold",
                      "topleft", name="title line")

    def _status_of(self, seat: int) -> tuple[str, tuple]:
        s = self.state.seats[seat]
        if self.state.over:
            return "", theme.TEXT_DIM
        if s.ended:
            return "✓ " + t("ri.done"), theme.GOOD
        if self.play.is_bot(seat):
            return t("play.thinking"), theme.TEXT_DIM     # no animated dots: cached layer
        if self.match.seats[seat].kind != SeatKind.HUMAN:
            return self.play.seat_status(seat), theme.TEXT_DIM
        if self._paused(seat):
            return self.play.seat_status(seat), theme.BAD
        return t("ri.drawing"), theme.ACCENT

    def _draw_cursor(self, surface, seat: int, geom: SheetGeom, rgb) -> None:
        ui = self.seat_ui(seat)
        st = self.state
        cell = ui.cursor[1] * 7 + ui.cursor[0]
        r = geom.cell_rect(cell)
        if self.meteor_pending(seat):
            self._draw_meteor_preview(surface, seat, geom)
            return
        face = self.picked_face(seat)
        surface.blit(self._highlight(seat, geom, face, ui.o), geom.grid.topleft)
        free = st.seats[seat].sheet.cells[cell] < 0
        ok = False
        if face and free:
            allowed = self.legal(seat).draw.get(face, {}).get(cell, set())
            ok = CANONICAL_O[FACE_INDEX[face]][ui.o] in allowed
            surface.blit(ink.face(face, ui.o, geom.cell, "ghost" if ok else "bad"), r.topleft)
        if self.flash is not None and self.flash["seat"] == seat:
            red = pygame.Surface(geom.cell_rect(self.flash["cell"]).size, pygame.SRCALPHA)
            red.fill((*theme.ILLEGAL, int(150 * (1 - self.flash["age"] / 0.6))))
            surface.blit(red, geom.cell_rect(self.flash["cell"]))
        pulse = 2 + int(2 * (1 + math.sin(self.clock * 6)))
        pygame.draw.rect(surface, theme.outline_for(rgb), r.inflate(6, 6), pulse + 2,
                         border_radius=6)
        pygame.draw.rect(surface, rgb, r.inflate(4, 4), pulse, border_radius=6)

    def _draw_meteor_preview(self, surface, seat: int, geom: SheetGeom) -> None:
        sheet = self.state.seats[seat].sheet
        direction = self.meteor_direction(seat)
        path = meteor_path(sheet, direction, self.state.meteor[1])
        start = sheet.dot if sheet.dot >= 0 else CELL_INDEX["D4"]
        points = [geom.cell_rect(start).center] + [geom.cell_rect(c).center for c in path]
        phase = (self.clock * 2) % 1
        for a, b in zip(points, points[1:]):
            for k in range(6):
                f = (k + phase) / 6
                pygame.draw.circle(surface, ink.METEOR_RED,
                                   (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f),
                                   max(2, geom.cell // 16))
        target = geom.cell_rect(path[-1])
        pygame.draw.rect(surface, ink.METEOR_RED, target.inflate(-4, -4), 3,
                         border_radius=geom.cell // 3)

    def _draw_tray(self, surface, pane: Pane, acting: bool) -> None:
        seat = pane.seat
        st = self.state
        tray = pane.local_tray
        s = st.seats[seat]
        small = not tray["tall"]
        label_w = tray["w"]
        fonts.blit_in(surface, t("ri.dice"), 16, theme.TEXT_DIM,
                      pygame.Rect(tray["dice_label"], (label_w, 22)), "semibold", "topleft")
        pick = self.picked(seat) if acting else None
        for index, rect in enumerate(tray["dice"]):
            if index >= len(st.dice):
                break
            face = st.dice[index]
            state = "ready" if index in s.pending else (
                "skipped" if index in s.skipped else "used")
            if st.over:
                state = "used"
            surface.blit(ink.die(face, rect.width, state), rect)
            if pick == ("die", face) and state == "ready" and \
                    index == next((i for i in s.pending if st.dice[i] == face), -1):
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3, border_radius=10)
            if index >= 4 and state == "ready" and not self.game.remaining_dice(st, seat)[
                    s.pending.index(index)][1]:
                fonts.blit_in(surface, t("ri.optional_die"), 12, theme.TEXT_DIM,
                              pygame.Rect(rect.x - 3, rect.bottom + 1, rect.width + 6, 15),
                              "semibold", "midtop", name="optional die")
        if st.meteor is not None:
            self._draw_meteor_dice(surface, tray["meteor"], seat)
        used = len(s.sheet.specials)
        fonts.blit_in(surface, t("ri.specials", used=used), 16, theme.TEXT_DIM,
                      pygame.Rect(tray["specials_label"], (label_w, 22)), "semibold", "topleft")
        status = self.game.specials_status(st, seat)
        for index, rect in enumerate(tray["specials"]):
            special = SPECIALS[index]
            mode = status[special]
            surface.blit(ink.die(special, rect.width,
                                 "ready" if mode in ("available", "this_round") else "dim"),
                         rect)
            if mode == "used":
                pygame.draw.line(surface, theme.BAD, rect.topleft, rect.bottomright, 3)
            elif mode == "this_round":
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=8)
            if pick == ("special", special):
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3, border_radius=8)
        info = self.legal(seat) if acting else None
        labels = {name: self._button_label(seat, name, info) for name in tray["buttons"]}
        size = shared_label_size([(labels[n], r) for n, r in tray["buttons"].items()],
                                 15 if small else 19)
        for name, rect in tray["buttons"].items():
            enabled = acting and (name in ("rotate", "mirror") or
                                  (name == "undo" and info.undo) or
                                  (name == "end" and (info.end or bool(info.skip) or
                                                      self.meteor_pending(seat))))
            highlighted = enabled and name == "end" and pick == ("end", "")
            fill = theme.PANEL_HI if enabled else (32, 44, 62)
            theme.rounded_panel(surface, rect, fill, 10,
                                theme.FOCUS if highlighted else
                                (theme.ACCENT_DIM if enabled else None), 2)
            draw_button_label(surface, labels[name], size,
                              theme.TEXT if enabled else theme.TEXT_DIM, rect, name)
        x, y = tray["status"]
        refusal, status, hints = "", "", []
        if st.over:
            pass
        elif s.ended:
            status = t("ri.waiting")
        elif acting:
            refusal = self._refusal(seat)
            status = self._status_text(seat, info)
            if status == refusal:
                status = ""          # "Draw or skip these dice first: …" once, in red
            hints = self._device_hints(seat)
        colour = theme.GOOD if s.ended and not st.over else theme.TEXT
        lines = status_lines(refusal, status, hints, 14 if small else 17, tray["w"],
                             pane.rect.height - 4 - y)
        for text, size, kind in lines:
            fonts.blit(surface, text, size,
                       {"refusal": theme.BAD, "status": colour}.get(kind, theme.TEXT_DIM), (x, y))
            y += line_height(size)

    def _refusal(self, seat: int) -> str:
        found = self.refusals.get(seat)
        return found["text"] if found else ""

    def _button_label(self, seat: int, name: str, info) -> str:
        if name == "end" and info is not None:
            if self.meteor_pending(seat):
                return t("ri.strike")
            if not info.end and info.skip:
                return t("ri.skip")
        return t(f"ri.{name}")

    def _status_text(self, seat: int, info: LegalInfo) -> str:
        st = self.state
        if self.meteor_pending(seat):
            return explain.meteor_help(st, seat, self.seat_ui(seat).meteor_dir)
        kind, face = self.picked(seat)
        if info.erase and not info.draw:
            return t("ri.lava_blocked")
        if kind == "die" and face in info.skip and not info.draw.get(face):
            return t("ri.no_cell", face=face_name(face))
        if kind == "end":
            if info.end:
                return t("ri.all_drawn")
            left = [face_name(face) for face, needed in self.game.remaining_dice(st, seat)
                    if needed]
            return t("illegal.dice_left", faces=", ".join(left))
        return explain.opening_help(st, seat) \
            or explain.die_help(self.game, st, seat, kind, face, face_name(face)) \
            or face_name(face)

    def _device_hints(self, seat: int) -> list[str]:
        devices = seat_devices(self.match.seats[seat].device)
        kinds = sorted({device_kind(d) for d in devices}) or ["keyboard"]
        kind = "pad" if "pad" in kinds else ("keyboard" if "keyboard" in kinds else "mouse")
        pairs = [("confirm", t("hint.ri_draw")), ("rotate", t("hint.rotate")),
                 ("alt", t("hint.ri_mirror")), ("next", t("hint.ri_piece")),
                 ("aux", t("hint.ri_undo"))]
        if kind == "mouse":
            return [f"{glyph_text('mouse', 'confirm')}: {t('hint.ri_draw')} · "
                    f"{glyph_text('mouse', 'rotate')}: {t('hint.rotate')}"]
        if kind == "pad":      # the labels printed on this player's own controller
            pad = next(d for d in devices if device_kind(d) == "pad")
            names = {a: pad_glyph(pad, a) for a, _label in pairs}
        else:
            names = {a: glyph_text(kind, a) for a, _label in pairs}
        parts = [f"{names[a]} {label}" for a, label in pairs if names[a]]
        return [" · ".join(parts)]

    def _draw_meteor_dice(self, surface, rect: pygame.Rect, seat: int) -> None:
        direction, distance = self.state.meteor
        shown = direction if direction != "any" else t("ri.meteor_any")
        pending = self.meteor_pending(seat)
        colour = (255, 150, 130) if pending else theme.TEXT_DIM
        box = pygame.Rect(rect.x, rect.y, rect.height, rect.height)
        pygame.draw.circle(surface, ink.METEOR_RED if pending else (110, 70, 70), box.center,
                           rect.height // 2 - 2)
        text = t("ri.meteor", direction=shown, distance=distance)
        if pending and direction == "any":
            text += f" → {self.seat_ui(seat).meteor_dir}"
        fonts.blit_in(surface, text, 17, colour,
                      pygame.Rect(box.right + 8, rect.y, rect.right - box.right - 8, rect.height),
                      "semibold", "midleft", name="meteor")

    def _draw_mini(self, surface, pane: Pane) -> None:
        seat = pane.seat
        rgb = self.play.seat_colour(seat)
        self._draw_title(surface, seat, pane.rect.x + 4, pane.rect.y, pane.rect.right - 4, 15)
        acting = self.acting(seat)
        self._draw_sheet(surface, seat, pane.geom, rgb, acting)
        if self.state.seats[seat].ended and not self.state.over:
            fonts.blit_in(surface, "✓", max(14, pane.geom.cell), theme.GOOD, pane.geom.rect,
                          "bold", name="sheet")

    def _draw_anims(self, surface) -> None:
        for anim in self.anims:
            pane = self.pane_of(anim["seat"])
            if pane is None:
                continue
            geom = pane.geom
            if anim["kind"] == "meteor":
                self._draw_meteor_anim(surface, anim, geom)
                continue
            k = anim["age"] / 0.45
            r = geom.cell_rect(anim["cell"])
            colour = {"draw": theme.ACCENT, "lake_fill": ink.LAKE_BLUE,
                      "erase": theme.BAD}[anim["kind"]]
            grow = int(4 + 14 * k)
            pygame.draw.rect(surface, colour, r.inflate(grow, grow), max(1, int(4 * (1 - k))),
                             border_radius=8)

    def _draw_meteor_anim(self, surface, anim, geom: SheetGeom) -> None:
        path = anim["path"]
        steps = anim["age"] / METEOR_STEP
        centres = [geom.cell_rect(anim["start"]).center] + \
            [geom.cell_rect(c).center for c in path]
        i = min(int(steps), len(path))
        f = min(1.0, steps - i) if i < len(path) else 1.0
        a = centres[i]
        b = centres[min(i + 1, len(centres) - 1)]
        x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        for back in range(1, 5):   # the tail
            k = max(0.0, f - back * 0.25)
            tx = a[0] + (b[0] - a[0]) * k
            ty = a[1] + (b[1] - a[1]) * k
            pygame.draw.circle(surface, (255, 190, 120), (tx, ty), max(2, geom.cell // 7 - back))
        d = max(8, geom.cell // 2)
        surface.blit(ink.meteor_dot(d), (x - d / 2, y - d / 2))
        if steps >= len(path):
            k = (anim["age"] - METEOR_STEP * len(path)) / 0.5
            pygame.draw.circle(surface, (255, 120, 60), centres[-1], int(geom.cell * (0.3 + k)),
                               max(1, int(6 * (1 - k))))

    def hints(self, seat) -> list[tuple[str, str]]:
        if len(self.local_humans()) >= 2 or seat is None:
            return [("menu", t("hint.menu"))]
        return [("move", t("hint.move")), ("confirm", t("hint.ri_draw")),
                ("rotate", t("hint.rotate")), ("alt", t("hint.ri_mirror")),
                ("next", t("hint.ri_piece")), ("aux", t("hint.ri_undo")),
                ("menu", t("hint.menu"))]


BOARD = RailroadInkBoard


# -- text that must fit the tray ---------------------------------------------------------------
HINT_SEP = " · "


def line_height(size: int) -> int:
    return size + size // 4


def _width(text: str, size: int, weight: str = "regular") -> int:
    return fonts.render(text, size, (255, 255, 255), weight).get_width()


def wrap_units(text: str, size: int, width: int) -> list[str]:
    """Lines of a hint row "A Draw · R Rotate · …" that fit ``width``: broken only between
    the " · " units, so a button never lands on another line than its action."""
    lines: list[str] = []
    for unit in text.split(HINT_SEP):
        candidate = lines[-1] + HINT_SEP + unit if lines else unit
        if lines and _width(candidate, size) <= width:
            lines[-1] = candidate
        elif _width(unit, size) <= width:
            lines.append(unit)
        else:                          # one unit wider than the tray: words as a last resort
            lines += fonts.wrap(unit, size, width)
    return lines


def _cut(line: str, size: int, width: int) -> str:
    """``line`` ending in "…" so that it fits ``width``."""
    while line and _width(line.rstrip() + fonts.ELLIPSIS, size) > width:
        line = line[:-1]
    return line.rstrip() + fonts.ELLIPSIS


def status_lines(refusal: str, status: str, hints: list[str], size: int, width: int,
                 height: int) -> list[tuple[str, int, str]]:
    """(text, size, kind) lines for the tray's status block in ``height`` pixels: the
    status and the device hints (how to undo, rotate…) always stay; the text shrinks down to
    three quarters of ``size`` first, then the refusal reason gives up its last lines (ending
    in "…"), and only then is anything else cut."""
    smallest = max(10, size * 3 // 4)
    for step in range(size, smallest - 1, -1):
        lines = ([(p, "refusal") for p in (fonts.wrap(refusal, step, width) if refusal else [])]
                 + [(p, "status") for p in (fonts.wrap(status, step, width) if status else [])]
                 + [(p, "hint") for h in hints for p in wrap_units(h, step, width)])
        if len(lines) * line_height(step) <= height:
            return [(text, step, kind) for text, kind in lines]
    room = max(0, height // line_height(smallest))
    keep = [(p, "status") for p in (fonts.wrap(status, smallest, width) if status else [])] + \
        [(p, "hint") for h in hints for p in wrap_units(h, smallest, width)]
    reason = fonts.wrap(refusal, smallest, width) if refusal else []
    spare = room - len(keep)
    if reason and spare > 0:           # the reason, shortened to the lines left over
        shown = reason[:spare]
        if len(shown) < len(reason):
            shown[-1] = _cut(shown[-1], smallest, width)
        keep = [(p, "refusal") for p in shown] + keep
    if len(keep) > room:                # still too much: the last line shown ends in "…"
        keep = keep[:room]
        if keep:
            keep[-1] = (_cut(keep[-1][0], smallest, width), keep[-1][1])
    return [(text, smallest, kind) for text, kind in keep]


def draw_button_label(surface, text: str, size: int, colour, rect: pygame.Rect,
                      name: str = "") -> None:
    """A tray button's label: one line if it fits at a readable size, else two lines (split at
    a space, or between characters in scripts without spaces), and cut with "…" only if even
    that does not fit."""
    area = pygame.Rect(rect).inflate(-10, 0)
    smallest = max(10, size * 3 // 4)
    if _width(text, smallest, "semibold") <= area.width:
        fonts.blit_in(surface, text, size, colour, rect, "semibold", inset=5, name=name)
        return
    for step in range(size, 9, -1):
        if 2 * line_height(step) - 2 > rect.height - 2:
            continue
        pair = _two_lines(text, step, area.width)
        if pair:
            half = line_height(step) - 1
            with fonts.box(area, name):
                for i, part in enumerate(pair):
                    fonts.blit(surface, part, step, colour,
                               (area.centerx, rect.centery + (i * 2 - 1) * half // 2),
                               "semibold", "center")
            return
    fonts.blit_in(surface, text, size, colour, rect, "semibold", inset=5, name=name)


def _two_lines(text: str, size: int, width: int) -> tuple[str, str] | None:
    """The most even split of ``text`` into two lines that both fit ``width``, or None."""
    spaced = " " in text.strip()
    cuts = [i for i, ch in enumerate(text) if ch == " "] if spaced else range(1, len(text))
    best = None
    for i in cuts:
        first, second = text[:i].strip(), text[i:].strip()
        if not first or not second or second[0] in "ー・、。）」":
            continue               # never start a line with a mark that belongs to the last
        wide = max(_width(first, size, "semibold"), _width(second, size, "semibold"))
        # without spaces, a change of script (ラウンド|終了) is where a word most likely ends
        rank = (0 if spaced or _script(text[i - 1]) != _script(text[i]) else 1, wide)
        if wide <= width and (best is None or rank < best[0]):
            best = (rank, first, second)
    return best[1:] if best else None


def _script(ch: str) -> str:
    code = ord(ch)
    if 0x30A0 <= code <= 0x30FF:
        return "katakana"
    if 0x3040 <= code <= 0x309F:
        return "hiragana"
    if 0x4E00 <= code <= 0x9FFF:
        return "han"
    return "other"

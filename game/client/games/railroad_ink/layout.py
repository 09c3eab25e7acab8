"""Railroad Ink's screen layout: the panes of the local humans (one each, at most four), the
small sheets of the others, a sheet's cell geometry (with its rows' and columns' names beside
the paper) and a seat's tray; where the shell's toasts and the coach's hint labels may go; and
what a seat has chosen so far (``SeatUI``) and may do (``LegalInfo``)."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, theme
from game.client.text import t
from game.client.games.railroad_ink.ranking import MAX_MINI_SHEETS
from game.rules.railroad_ink.moves import Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo

W, H = theme.LOGICAL_SIZE
HEADER_H = 44
FOOTER_H = 46            # the shell's button-hint bar
MENU_BUTTON = pygame.Rect(W - 84, 6, 76, 32)
HEADER_LANE_X = 352      # the header's free strip starts after the title and the round
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
VOLCANO_ROW_H = 30       # the Volcano expansion's "new volcano" piece: a row under the specials
# A sheet big enough to read names its rows and columns. The names sit outside the paper, in a
# band left of it (A-G) and above it (1-7), each on the middle of its row or column: inside
# the paper's margin the exits of rows B, D, F and columns 2, 4, 6 took that place, and their
# names were pushed up or aside onto the neighbouring row's line.
LABEL_BAND = 18
LABELS_MIN_CELL = 40
# A pane this wide is a lone player's with nobody else on screen: the sheet takes the whole
# height (its title goes over the tray) and the tray lays its pieces out in rows of six,
# using the width that a narrower tray left empty.
WIDE_PANE_W = 1000
WIDE_TITLE_H = 34        # the wide tray's first row: the player's name, status and score
WIDE_STATUS_LINES = 4    # the wide tray's status block: its height in lines of 17 px text


class SheetGeom:
    """Where a sheet sits on screen: its paper rect, cell size and grid origin."""

    def __init__(self, x: int, y: int, cell: int, labels: bool = False) -> None:
        self.cell = cell
        self.labels = labels        # its rows and columns are named in the band around it
        self.margin = max(6, int(cell * MARGIN_K))
        size = 7 * cell + 2 * self.margin
        self.rect = pygame.Rect(x, y, size, size)
        self.gx, self.gy = x + self.margin, y + self.margin
        self.grid = pygame.Rect(self.gx, self.gy, 7 * cell, 7 * cell)

    def label_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(name, rect) of every row name (left of the paper, on the row's middle) and column
        name (above the paper, on the column's middle); none for an unlabelled sheet."""
        if not self.labels:
            return []
        rows = [("ABCDEFG"[i], pygame.Rect(self.rect.x - LABEL_BAND, self.gy + i * self.cell,
                                           LABEL_BAND - 2, self.cell)) for i in range(7)]
        cols = [(str(i + 1), pygame.Rect(self.gx + i * self.cell, self.rect.y - LABEL_BAND,
                                         self.cell, LABEL_BAND - 2)) for i in range(7)]
        return rows + cols

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


def fit_sheet(width: float, height: float) -> tuple[int, bool]:
    """(cell size, labelled) of the biggest sheet in ``width`` × ``height``: with the band
    for its row and column names when the sheet is big enough to have them."""
    def cell(w: float, h: float) -> int:
        return int(min(w / (7 + 2 * MARGIN_K), h / (7 + 2 * MARGIN_K)))

    labelled = cell(width - LABEL_BAND, height - LABEL_BAND)
    if labelled >= LABELS_MIN_CELL:
        return labelled, True
    return cell(width, height), False


MINI_TITLE_MIN_W = 260      # a small sheet's title row: name, status and points


class Pane:
    """One seat's area: a full pane (sheet + tray) for a local human, or a mini sheet."""

    def __init__(self, seat: int, rect: pygame.Rect, full: bool, meteor: bool = False,
                 tall: bool = False, volcano: bool = False) -> None:
        self.seat = seat
        self.meteor = meteor
        self.volcano = volcano
        self.rect = rect
        self.full = full
        self.tray: dict = {}
        self.wide = full and rect.width >= WIDE_PANE_W
        if self.wide:
            # the sheet as tall as the pane; the title row moves over the tray
            cell, labels = fit_sheet(rect.width * 0.55, rect.height - 10)
            band = LABEL_BAND if labels else 0
            self.geom = SheetGeom(rect.x + 8 + band, rect.y + 4 + band, cell, labels)
            self._layout_tray()
        elif full:
            avail_h = rect.height - 36
            # a tall pane (two players and nothing else on screen) gives the sheet all the
            # width the narrow three-column tray can spare, instead of 60%
            sheet_w = rect.width - 36 - TALL_TRAY_W if tall else rect.width * 0.6
            cell, labels = fit_sheet(sheet_w, avail_h)
            band = LABEL_BAND if labels else 0
            self.geom = SheetGeom(rect.x + 10 + band, rect.y + 28 + band, cell, labels)
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
        bh = 40 if narrow else (44 if self.wide else 30)
        rows = 6 // cols
        # a wide tray's dice may grow to the size a narrow tray's do
        ds = int(min(78 if narrow else (96 if self.wide else 50), (w - (cols - 1) * 8) / cols))
        ss = int(min(56 if narrow else (84 if self.wide else 38), (w - (cols - 1) * 8) / cols))
        status_h = 70 if narrow else (self.status_height() if self.wide else 44)
        tag_h = 12 if self.wide else 0        # the "optional" tag under a die of the last row
        meteor_h = 30 if self.meteor else 0
        volcano_h = VOLCANO_ROW_H + 6 if self.volcano else 0
        while ds > 24:
            need = (22 + rows * (ds + 8) + 4 + tag_h + meteor_h + 22 + rows * (ss + 8) + 4
                    + volcano_h + (2 if narrow else 1) * (bh + 8) + status_h)
            if need <= h:
                break
            ds -= 3
            ss = min(ss, int(ds * 0.8))
            bh = max(28, bh - 2)
        return ds, ss, bh, narrow

    @staticmethod
    def status_height() -> int:
        """A wide tray's status block: its lines at full size, then the free corner below."""
        return WIDE_STATUS_LINES * 21 + 6

    def _layout_tray(self) -> None:
        x = self.geom.rect.right + (22 if self.wide else 16)
        w = self.rect.right - (14 if self.wide else 10) - x
        y = self.rect.y + (8 if self.wide else 30)
        tray = {"x": x, "w": w}
        if self.wide:
            tray["title"] = pygame.Rect(x, y, w, WIDE_TITLE_H - 6)
            y += WIDE_TITLE_H
        h = self.rect.bottom - y
        arrangements = (False,) if self.wide else (True, False)
        best = None
        for narrow in arrangements:     # rows of 3 dice with 2×2 buttons, or rows of 6
            fit = self._fit_tray(w, h, narrow)
            if best is None or fit[0] > best[0]:
                best = fit
        ds, ss, bh, narrow = best
        cols = 3 if narrow else 6
        rows_b = 2 if narrow else 1
        meteor_h = 30 if self.meteor else 0
        tall = narrow or self.wide       # room for the full-size words
        tray["dice_label"] = (x, y)
        y += 22
        tray["dice"] = [pygame.Rect(x + (i % cols) * (ds + 8), y + (i // cols) * (ds + 8), ds, ds)
                        for i in range(6)]
        y += (6 // cols) * (ds + 8) + 4 + (12 if self.wide else 0)
        tray["meteor"] = pygame.Rect(x, y, w, 26 if self.meteor else 0)
        y += meteor_h
        tray["specials_label"] = (x, y)
        y += 22
        tray["specials"] = [pygame.Rect(x + (i % cols) * (ss + 8), y + (i // cols) * (ss + 8),
                                        ss, ss) for i in range(6)]
        y += (6 // cols) * (ss + 8) + 4
        # the new volcano is picked like a special: its own row, clickable (empty elsewhere)
        tray["volcano"] = pygame.Rect(x, y, w, VOLCANO_ROW_H if self.volcano else 0)
        if self.volcano:
            y += VOLCANO_ROW_H + 6
        bw = (w - 8) // 2 if narrow else (w - 18) // 4
        tray["buttons"] = {}
        for i, name in enumerate(ACTIONS):
            col, row = (i % 2, i // 2) if narrow else (i, 0)
            tray["buttons"][name] = pygame.Rect(x + col * (bw + (8 if narrow else 6)),
                                                y + row * (bh + 8), bw, bh)
        y += rows_b * (bh + 8) + 2
        tray["status"] = (x, y)
        # where the status lines may go: to the pane's foot, or in a wide tray a block of
        # its own, leaving the corner below it free (for the toasts: ``toast_avoid``)
        bottom = min(self.rect.bottom - 4, y + self.status_height()) if self.wide \
            else self.rect.bottom - 4
        tray["status_box"] = pygame.Rect(x, y, w, max(0, bottom - y))
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
            "volcano": tray["volcano"].move(-ox, -oy),
            "buttons": {k: r.move(-ox, -oy) for k, r in tray["buttons"].items()},
            "status": (tray["status"][0] - ox, tray["status"][1] - oy),
            "status_box": tray["status_box"].move(-ox, -oy),
        }
        if "title" in tray:
            self.local_tray["title"] = tray["title"].move(-ox, -oy)


class SeatUI:
    """What one seat has chosen on its own device: cursor, picked piece, orientation."""

    def __init__(self) -> None:
        self.cursor = [3, 3]
        self.pick: tuple | None = None      # ("die"|"special"|"volcano"|"end", face)
        self.o = 0
        self.meteor_dir = "N"
        self.dragging = False               # the mouse button went down on a die or special
        self.hover = None                   # the tray piece under the mouse pointer, if any
        self.drag_pos = None                # where the pointer carries it (off the sheet)
        self.could_end = False              # End round was legal after the seat's last move


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


class PaneLayout:
    """The board's pane layout (a mixin of ``RailroadInkBoard``)."""

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
        self.ranking = None
        meteor = self.state.expansion == "meteor"
        volcano = self.state.expansion == "volcano"
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
                pane = Pane(seat, rect.inflate(-8, -6), True, meteor, tall, volcano)
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
            others = [s for s in range(n) if s != main]
            # a solo sheet takes the whole width (its tray beside it), not two thirds
            big = pygame.Rect(area.x, area.y, 920 if others else area.width, area.height)
            panes.append(Pane(main, big.inflate(-10, -6), True, meteor, volcano=volcano))
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
        return Pane(pane.seat, rect, True, meteor, True, pane.volcano)

    def _minis(self, seats: list[int], rect: pygame.Rect) -> list[Pane]:
        count = len(seats)
        if count > MAX_MINI_SHEETS:       # a big table: the others as a ranking (ranking.py)
            self.ranking = (rect, list(seats))
            return []
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

    # -- what the shell's toasts and hints may use ---------------------------------------------
    def toast_avoid(self) -> list:
        """Every panel: the players' panes, the small sheets and a big table's ranking. A
        lone wide pane leaves the corner under its status lines free (the toasts' place);
        elsewhere the panes cover the screen and toasts go to ``toast_lane``."""
        rects = []
        for pane in self.layout():
            if pane.wide:
                sheet = pane.rect.copy()
                sheet.width = pane.tray["x"] - 8 - pane.rect.x
                tray = pygame.Rect(pane.tray["x"] - 8, pane.rect.y, pane.rect.right
                                   - pane.tray["x"] + 8, pane.tray["status_box"].bottom
                                   - pane.rect.y)
                rects += [sheet, tray]
            else:
                rects.append(pygame.Rect(pane.rect))
        if self.ranking is not None:
            rects.append(pygame.Rect(self.ranking[0]))
        return rects

    def toast_lane(self) -> pygame.Rect:
        """The header right of the round's number and the meteor dice, up to the Menu button
        (the play screen trims it to the Hint button): the one strip no panel covers in any
        layout (with four players and more sheets it holds the others' chips: a toast
        covers those for its few seconds rather than a player's pane)."""
        left = max(HEADER_LANE_X, self.header_end)
        return pygame.Rect(left, 0, MENU_BUTTON.x - 8 - left, HEADER_H + 3)

    def hint_label_place(self, seat: int) -> pygame.Rect | None:
        """Split screen: the coach's hint for a seat is labelled over that seat's own title
        row (the label names the player), leaving the score in view; None with one player
        (the label stays beside the Hint button)."""
        if len(self.split_seats(self.local_humans())) < 2:
            return None
        pane = self.pane_of(seat)
        if pane is None or not pane.full:
            return None
        score = fonts.render(t("ri.score", n=self.scores()["scores"][seat]), 20, theme.TEXT,
                             "bold").get_width()
        # the title row's height: the column names under it stay in view
        return pygame.Rect(pane.rect.x + 6, pane.rect.y + 1,
                           max(0, pane.rect.width - 12 - score - 12), 27)

    def pane_of(self, seat: int) -> Pane | None:
        for pane in self.layout():
            if pane.seat == seat:
                return pane
        return None

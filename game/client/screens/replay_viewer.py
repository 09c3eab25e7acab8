"""The replay viewer: play, pause, step and scrub through a saved game, move by move.

The board is the game's own renderer (``game.client.boards``), driven read-only: it is given a
``ReplayTable`` — a stand-in for the play screen that never proposes a move — whose ``match`` is
rebuilt at the shown move from ``game.saves.Replay.state_at(i)`` (the full state). The board
shows the hidden information of one seat (the player to move, or the seat picked with "whose
view"); the right panel shows all of it for every seat at once (``replay_hidden``: every
hand, Metro's stack order and share piles, Metromania's face-down letters, Railroad Ink's next
roll) beside each player's score, then the move list. The board draws on a full-size canvas
scaled into the left of the screen; the bar below has the transport.

Controls: confirm play/pause, left/right one move, up/down ten moves, prev/next (Tab, LB/RB)
first/last, rotate (R, Y, right click) whose view the board shows, the wheel one move, alt
(X) speed, cancel back; every control is also an on-screen button, the scrub bar can be
clicked or dragged, the move list is clickable.
"""

from __future__ import annotations

import sys
import traceback

import pygame

from game.client import fonts, theme
from game.client.coach import review_ui
from game.client.coach.review_runner import review_for_replay
from game.client.games import kit
from game.client.games.hidden import Hidden, extra_text
from game.client.save_info import error_line, game_title
from game.client.screens.base import Screen
from game.client.screens.replay_table import ReplayTable
from game.client.text import t
from game.client.text_layout import ellipsize
from game.client import canvas
from game.client import gfx
from game.match import Match
from game.saves import Replay, SaveError

CANVAS_SIZE = (1280, 720)
BOARD = pygame.Rect(12, 60, 976, 549)
PANEL = pygame.Rect(1000, 60, 268, 549)
BAR_Y = 622
BUTTONS = {"first": pygame.Rect(12, BAR_Y, 50, 44), "back": pygame.Rect(68, BAR_Y, 50, 44),
           "play": pygame.Rect(124, BAR_Y, 62, 44), "forward": pygame.Rect(192, BAR_Y, 50, 44),
           "last": pygame.Rect(248, BAR_Y, 50, 44),
           "speed": pygame.Rect(880, BAR_Y, 108, 44), "seen": pygame.Rect(1000, BAR_Y, 268, 44)}
SCRUB = pygame.Rect(316, BAR_Y + 8, 548, 28)
SCRUB_TRACK = (84, 104, 136)    # >= 3:1 against the background behind the bar
SCRUB_EDGE = (150, 166, 190)
SPEEDS = (1, 2, 4, 8)          # moves per second
MOVE_ROW = 24
JUMP = 10
ROW = 30              # a player's row in the panel: name, score (and a few hidden things)
ROW_TALL = 50         # ... with the hidden things on a second line
ITEM = 24             # a hidden tile, card, marker or die in a player's row
ITEM_STEP = 27
STRIP_ITEM = 30       # a tile or die in a strip (the stack order, the next roll)
STRIP_STEP = 33
NAME_ROOM = 84        # a name keeps at least this much of a one-line row
SCORE_ROOM = 40


def open_replay(app, path) -> str | None:
    """Open ``path`` in the replay viewer. Returns None, or the line to show if it can't.
    A fair LAN table's save is replayed by its record stream: this machine's own view while
    the game ran (``game.saves.fair_lan`` registers that replayer with ``game.saves``)."""
    import game.saves.fair_lan  # noqa: F401 - registers the fair table's save replayer

    try:
        replay = Replay.open(path)
    except (SaveError, OSError) as exc:
        return error_line(exc)
    try:
        kit(replay.game.name)
    except LookupError:      # MissingKit: a game this client cannot show
        return error_line(game_title(replay.game.name))
    app.push(ReplayViewerScreen(app, replay))
    return None


class ReplayViewerScreen(Screen):
    def __init__(self, app, replay) -> None:
        super().__init__(app)
        self.replay = replay
        self.game = replay.game
        self.total = len(replay)
        self.index = 0
        self.playing = False
        self.speed = 1
        self.timer = 0.0
        self.seen = None            # None: the player to move; else a fixed seat
        self.table = ReplayTable(app, self.match_at(0))
        self.board = None
        self.board_error = ""
        self.canvas = canvas.layer(CANVAS_SIZE).convert()
        self.scaled: pygame.Surface | None = None
        self.dirty = True
        self.since_change = 0.0
        self.scores = self.game.scores(self.table.match.state)["scores"]
        self.dragging = False       # the scrub knob is held with the mouse
        self.hidden = self._hidden_now()
        self._plan_panel()
        self._new_board()
        self._apply_viewer()
        self.names = [self.table.seat_name(s) for s in range(self.players)]
        self.review = review_for_replay(replay)   # the coach's marked decisions
        self._apply_viewer()                      # a mark at the start shows its seat

    @property
    def players(self) -> int:
        return self.replay.match.config["players"]

    # -- the shown position ----------------------------------------------------------------
    def match_at(self, index: int) -> Match:
        return self.replay.match_at(index)

    @property
    def match(self) -> Match:
        return self.table.match

    def _hidden_now(self) -> Hidden:
        """The hidden information of the shown move (never fatal: a game this panel cannot
        read shows an empty panel, the board still works)."""
        try:
            return kit(self.game.name).hidden_info(self.game, self.match.state)
        except Exception:  # noqa: BLE001
            traceback.print_exc(file=sys.stderr)
            return Hidden()

    def _plan_panel(self) -> None:
        """Fix the panel's layout once for the whole replay (it must not jump while
        scrubbing): row height from the most hidden things a seat holds at the set-up, the
        strips and their extra lines from the set-up too."""
        start = self.hidden
        widest = max((len(items) for items in start.holdings or []), default=0)
        single_room = PANEL.width - 16 - 20 - NAME_ROOM - SCORE_ROOM
        self.two_line = widest * ITEM_STEP > single_room
        self.row_h = ROW_TALL if self.two_line else ROW
        self.strip_heights = [18 + STRIP_ITEM + 6 + (18 if strip.extra else 0)
                              for strip in start.strips]

    def _new_board(self) -> None:
        try:
            self.board = kit(self.game.name).board(self.app, self.table)
            self.board_error = ""
        except Exception as exc:  # noqa: BLE001 - a board that can't show this must not crash
            self._board_failed(exc)

    def _board_failed(self, exc) -> None:
        self.board = None
        self.board_error = f"{type(exc).__name__}: {exc}"
        traceback.print_exc(file=sys.stderr)

    def viewer_seat(self):
        """Whose hidden information (and, in Railroad Ink, whose sheet) the board shows: the
        fixed seat, else at a reviewed decision the seat who decided, else the player to move
        (after the last move of a finished game: nobody, everything is public)."""
        if self.seen is not None:
            return self.seen
        decision = review_ui.mark_here(self)
        if decision is not None:
            return decision.seat
        acting = self.match.to_act()
        if acting:
            return acting[0]
        if self.index > 0:
            return self.replay.entry(self.index).seat
        return 0

    def _apply_viewer(self) -> None:
        seat = self.viewer_seat()
        self.table.viewer = seat
        self.table.focus = seat if seat is not None else 0
        if self.board is not None:
            self.board.set_viewer(seat)

    def go_to(self, index: int, animate: bool = False) -> None:
        index = max(0, min(self.total, int(index)))
        if index == self.index and self.board is not None:
            return
        forward_one = index == self.index + 1
        self.index = index
        self.table.match = self.match_at(index)
        self.scores = self.game.scores(self.table.match.state)["scores"]
        self.hidden = self._hidden_now()
        entry = self.replay.entry(index) if index else None
        # a fair table's chance entry (seat None: a shuffle, a deal, a show) is no move to
        # animate: the board is built afresh at it
        if forward_one and animate and self.board is not None and entry.seat is not None:
            try:
                self.board.on_applied(entry.seat, self.game.parse_move(entry.move),
                                      self.replay.events_at(index))
            except Exception as exc:  # noqa: BLE001
                self._board_failed(exc)
        else:
            self._new_board()      # a jump: no half-finished animations of another move
        self._apply_viewer()
        self.dirty = True
        self.since_change = 0.0

    def step(self, delta: int) -> None:
        self.playing = False
        self.go_to(self.index + delta, animate=delta == 1)

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
        else:
            if self.index >= self.total:
                self.go_to(0)
            self.playing = True
            self.timer = 0.0

    def cycle_seen(self, delta: int = 1) -> None:
        options = [None] + list(range(self.players))
        self.seen = options[(options.index(self.seen) + delta) % len(options)]
        self._apply_viewer()
        self.dirty = True

    def cycle_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    # -- input -----------------------------------------------------------------------------
    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "confirm":
            self.toggle_play()
        elif kind == "move":
            if intent.dx:
                self.step(intent.dx)
            elif intent.dy:
                self.playing = False
                self.go_to(self.index + intent.dy * JUMP)
        elif kind in ("next", "prev"):
            self.playing = False
            self.go_to(self.total if kind == "next" else 0)
        elif kind == "rotate":
            if intent.device == "mouse" and intent.pos is None:
                self.step(intent.value or 1)          # the wheel steps through moves
            else:
                self.cycle_seen(intent.value or 1)
        elif kind == "alt":
            self.cycle_speed()
        elif kind == "hint":
            review_ui.next_mark(self)
        elif kind in ("cancel", "menu"):
            self.app.pop()
        elif kind == "click" and intent.pos:
            self._click(intent.pos)
        elif kind == "release":
            self.dragging = False
        elif kind == "point" and intent.pos and self.dragging:
            # a drag that began on the scrub bar follows the mouse anywhere until the button
            # is let go (the motion events carry no button state: ask the mouse)
            if pygame.mouse.get_pressed()[0]:
                self._scrub_to(intent.pos[0])
            else:
                self.dragging = False

    def _click(self, pos) -> None:
        actions = {"first": lambda: self.handle_jump(0), "back": lambda: self.step(-1),
                   "play": self.toggle_play, "forward": lambda: self.step(1),
                   "last": lambda: self.handle_jump(self.total), "speed": self.cycle_speed,
                   "seen": self.cycle_seen}
        for name, rect in BUTTONS.items():
            if rect.collidepoint(pos):
                self.app.sound.play("click")
                actions[name]()
                return
        if review_ui.click_mark(self, pos, SCRUB):
            return                                  # a marked decision's tick
        if SCRUB.inflate(0, 16).collidepoint(pos):
            self._scrub_to(pos[0])
            self.dragging = True
            return
        for index, rect in self._move_rows():
            if rect.collidepoint(pos):
                self.playing = False
                self.go_to(index)
                return

    def handle_jump(self, index: int) -> None:
        self.playing = False
        self.go_to(index)

    def _scrub_to(self, x: int) -> None:
        self.playing = False
        if self.total == 0:
            return
        k = (x - SCRUB.x) / max(1, SCRUB.width)
        self.go_to(round(max(0.0, min(1.0, k)) * self.total))

    # -- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.since_change += dt
        if self.review is not None and not self.review.done:
            self.review.step()
        if self.board is not None:
            try:
                self.board.update(dt)
            except Exception as exc:  # noqa: BLE001
                self._board_failed(exc)
        if not self.playing:
            return
        if self.index >= self.total:
            self.playing = False
            return
        if self.board is not None and self.board.busy() and self.speed <= 2:
            return        # let a completed line finish its animation at slow speeds
        self.timer += dt
        if self.timer >= 1.0 / self.speed:
            self.timer = 0.0
            self.go_to(self.index + 1, animate=self.speed <= 2)

    def animating(self) -> bool:
        """Playing, a move's animation (and its settling), the review thinking; a paused
        replay is still."""
        if self.playing or self.since_change < 1.4:
            return True
        if self.review is not None and not self.review.done:
            return True
        return self.board is not None and self.board.animating()

    # -- drawing ---------------------------------------------------------------------------
    def _render_board(self) -> None:
        animating = self.board is not None and (self.board.busy() or self.since_change < 1.4)
        if canvas.stale(self.canvas):        # the window changed size
            self.canvas, self.dirty = canvas.layer(CANVAS_SIZE).convert(), True
        if self.scaled is not None and not self.dirty and not animating:
            return
        self.canvas.blit(self.app.background(), (0, 0))
        if self.board is not None:
            try:
                self.board.draw(self.canvas)
                self._hide_menu_button()
                review_ui.draw_better_move(self.canvas, self)
            except Exception as exc:  # noqa: BLE001
                self._board_failed(exc)
        self.scaled = canvas.smoothscale(self.canvas, BOARD.size)
        self.dirty = False

    def _hide_menu_button(self) -> None:
        """The board's own "Menu" button does nothing here: paint it over with the colour
        beside it (``BoardView.menu_button``)."""
        rect = self.board.menu_button
        if rect is None:
            return
        area = rect.inflate(6, 6).clip(self.canvas.get_rect())
        if area.x > 0:
            self.canvas.fill(self.canvas.get_at((area.x - 1, area.centery)), area)

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        self._draw_header(surface)
        self._render_board()
        theme.rounded_panel(surface, BOARD.inflate(6, 6), theme.BG_DEEP, 12, theme.PANEL_EDGE,
                            1)
        surface.blit(self.scaled, BOARD)
        if self.board is None:
            fonts.blit(surface, ellipsize(error_line(self.board_error), 20, BOARD.width - 40), 20,
                       theme.BAD, BOARD.center, "semibold", "center")
        self._draw_panel(surface)
        self._draw_bar(surface)
        review_ui.draw_mark_note(surface, self, BOARD,
                                 lambda notation: move_label(self.game.name, notation))

    def _draw_header(self, surface) -> None:
        save = self.replay.loaded.save
        label = save.header.get("label") if isinstance(save.header.get("label"), str) else ""
        title = t("replay.title", game=game_title(self.game.name))
        if label:
            title += " · " + label
        fonts.blit(surface, ellipsize(title, 30, 640, "bold"), 30, theme.ACCENT, (16, 12), "bold")
        counter = (t("replay.start") if self.index == 0
                   else t("replay.move_of", i=self.index, n=self.total))
        fonts.blit(surface, counter, 26, theme.TEXT, (PANEL.right, 14), "semibold", "topright")
        damage = self.replay.damage
        if damage is not None:
            text = t("replay.damaged", move=damage.move, n=self.total)
            fonts.blit(surface, ellipsize(text, 18, 560), 18, theme.BAD, (700, 20), "semibold")
        elif self.index == self.total:
            status = t("replay.finished") if self.replay.finished else t("replay.unfinished")
            fonts.blit(surface, status, 20, theme.TEXT_DIM, (PANEL.right - 200, 20),
                       "semibold", "topright")

    def _move_rows(self) -> list[tuple[int, pygame.Rect]]:
        top = PANEL.y + self._moves_top()
        rows = max(1, (PANEL.bottom - 10 - top) // MOVE_ROW)
        first = max(0, min(self.index - rows // 2, self.total + 1 - rows))
        out = []
        for k in range(rows):
            index = first + k
            if index > self.total:
                break
            out.append((index, pygame.Rect(PANEL.x + 8, top + k * MOVE_ROW, PANEL.width - 16,
                                           MOVE_ROW)))
        return out

    def _moves_top(self) -> int:
        """Where the move list starts (below the players and the hidden information),
        relative to the panel's top."""
        return self._hidden_top() + self._hidden_height() + 30

    def _hidden_top(self) -> int:
        return 44 + self.players * self.row_h + 4

    def _hidden_height(self) -> int:
        return (22 if self.hidden.note else 0) + sum(self.strip_heights)

    def _draw_panel(self, surface) -> None:
        theme.rounded_panel(surface, PANEL, theme.PANEL, 16, theme.PANEL_EDGE, 1, shadow=True)
        x = PANEL.x + 16
        width = PANEL.width - 32
        fonts.blit_in(surface, t("replay.scores"), 20, theme.ACCENT,
                      pygame.Rect(x, PANEL.y + 10, width, 26), "semibold", "midleft")
        y = PANEL.y + 44
        acting = set(self.match.to_act())
        holdings = self.hidden.holdings
        for seat in range(self.players):
            row = pygame.Rect(PANEL.x + 8, y - 2, PANEL.width - 16, self.row_h - 2)
            items = holdings[seat] if holdings and seat < len(holdings) else []
            self._draw_player_row(surface, seat, row, items, seat in acting)
            y += self.row_h
        y = PANEL.y + self._hidden_top()
        if self.hidden.note:
            fonts.blit_in(surface, t(self.hidden.note), 15, theme.TEXT_DIM,
                          pygame.Rect(x, y, width, 20), "regular", "midleft")
            y += 22
        for strip, height in zip(self.hidden.strips, self.strip_heights):
            self._draw_strip(surface, strip, pygame.Rect(x, y, width, height))
            y += height
        fonts.blit_in(surface, t("replay.moves"), 20, theme.ACCENT,
                      pygame.Rect(x, y + 2, width, 26), "semibold", "midleft")
        for index, rect in self._move_rows():
            current = index == self.index
            if current:
                gfx.rect(surface, theme.ACCENT, rect, border_radius=6)
            if index == 0:
                text = t("replay.start")
            elif self.replay.entry(index).seat is None:    # a fair table's chance entry
                text = t("replay.chance_row", n=index)
            else:
                entry = self.replay.entry(index)
                text = t("replay.move_row", n=index, name=self.names[entry.seat]
                         if entry.seat < len(self.names) else entry.seat + 1,
                         move=move_label(self.game.name, str(entry.move)))
            colour = theme.TEXT_DARK if current else (theme.TEXT if index <= self.index
                                                      else theme.TEXT_DIM)
            # shrunk a little before being cut: a long name or exchange stays readable
            fonts.blit_in(surface, text, 17, colour, rect, "regular", "midleft", inset=6)

    def _draw_player_row(self, surface, seat: int, row: pygame.Rect, items: list,
                         acting: bool) -> None:
        """Colour, name (highlighted: whose hand the board shows), score, and what the seat
        holds in secret: beside the name, or on a second line when that is too much."""
        if acting:
            gfx.rect(surface, theme.PANEL_HI, row, border_radius=8)
        top = pygame.Rect(row.x, row.y, row.width, ROW - 2)
        x = row.x + 8
        gfx.rect(surface, self.table.seat_colour(seat), (x, top.y + 5, 10, 20),
                         border_radius=4)
        score = str(self.scores[seat]) if seat < len(self.scores) else "?"
        score_box = pygame.Rect(top.right - SCORE_ROOM - 8, top.y, SCORE_ROOM, top.height)
        fonts.blit_in(surface, score, 22, theme.TEXT, score_box, "bold", "midright")
        name_right = score_box.x - 6
        if self.two_line:
            spots = [pygame.Rect(x + 20 + k * ITEM_STEP, top.bottom - 1, ITEM, ITEM)
                     for k in range(len(items))]
        else:
            first = name_right - len(items) * ITEM_STEP
            spots = [pygame.Rect(first + k * ITEM_STEP, top.centery - ITEM // 2, ITEM, ITEM)
                     for k in range(len(items))]
            name_right = first - 6 if items else name_right
        shown = seat == self.table.viewer     # whose hand the board shows
        fonts.blit_in(surface, self.names[seat], 19, theme.FOCUS if shown else theme.TEXT,
                      pygame.Rect(x + 20, top.y, max(10, name_right - x - 20), top.height),
                      "semibold", "midleft")
        for item, spot in zip(items, spots):
            if spot.right <= row.right:
                kit(self.game.name).draw_hidden_item(surface, item, spot)

    def _draw_strip(self, surface, strip, area: pygame.Rect) -> None:
        """A title ("Next tiles · 46 in the stack"), the pictures in order (the first one
        marked "next" when it is what comes next), and an optional line under them."""
        fonts.blit_in(surface, t(strip.title, **strip.args), 15, theme.TEXT_DIM,
                      pygame.Rect(area.x, area.y, area.width, 18), "semibold", "midleft")
        y = area.y + 20
        x = area.x
        if strip.mark_next and strip.items:
            label = pygame.Rect(x, y, 40, STRIP_ITEM)
            fonts.blit_in(surface, t("replay.next"), 14, theme.FOCUS, label, "bold", "midleft")
            x = label.right + 4
        for k, item in enumerate(strip.items):
            if item.kind == "card":
                spot = pygame.Rect(x, y + 1, STRIP_ITEM - 6, STRIP_ITEM - 2)
                step = STRIP_STEP + 12      # room for the pile's "×n"
            else:
                spot = pygame.Rect(x, y, STRIP_ITEM, STRIP_ITEM)
                step = STRIP_STEP
            if spot.right > area.right:
                break
            kit(self.game.name).draw_hidden_item(surface, item, spot)
            if k == 0 and strip.mark_next:
                gfx.rect(surface, theme.FOCUS, spot.inflate(4, 4), 2, border_radius=5)
            x += step
        extra = extra_text(strip)
        if extra:
            fonts.blit_in(surface, extra, 15, theme.TEXT, pygame.Rect(
                area.x, y + STRIP_ITEM + 4, area.width, 18), "regular", "midleft")

    def _draw_bar(self, surface) -> None:
        hovered = self.app.mouse_pos() if pygame.mouse.get_focused() else None
        for name, rect in BUTTONS.items():
            hot = hovered is not None and rect.collidepoint(hovered)
            fill = theme.ACCENT if name == "play" else (theme.PANEL_HI if hot else theme.PANEL)
            theme.rounded_panel(surface, rect, fill, 10,
                                theme.FOCUS if hot else theme.PANEL_EDGE, 2 if hot else 1)
            ink = theme.TEXT_DARK if name == "play" else theme.TEXT
            if name == "speed":
                fonts.blit(surface, t("replay.speed", n=self.speed), 19, ink, rect.center,
                           "semibold", "center")
            elif name == "seen":
                text = (t("replay.seen_auto") if self.seen is None
                        else t("replay.seen_from", name=self.names[self.seen]))
                fonts.blit(surface, ellipsize(text, 18, rect.width - 16, "semibold"), 18, ink,
                           rect.center, "semibold", "center")
            else:
                _icon(surface, name, rect.center, ink, self.playing)
        # the scrub bar: played part, a tick per ten moves, the knob
        # the whole track is visible before anything is played (a light groove with an edge),
        # not only once the knob has moved
        bar = pygame.Rect(SCRUB.x, SCRUB.centery - 5, SCRUB.width, 10)
        gfx.rect(surface, SCRUB_TRACK, bar, border_radius=5)
        gfx.rect(surface, SCRUB_EDGE, bar.inflate(2, 2), 1, border_radius=6)
        k = self.index / self.total if self.total else 0.0
        done = bar.copy()
        done.width = int(bar.width * k)
        if done.width:
            gfx.rect(surface, theme.ACCENT_DIM, done, border_radius=5)
        if self.total:
            for m in range(10, self.total, 10):
                tx = bar.x + int(bar.width * m / self.total)
                gfx.line(surface, SCRUB_EDGE, (tx, bar.y - 4), (tx, bar.bottom + 3))
        knob = (bar.x + int(bar.width * k), bar.centery)
        gfx.circle(surface, theme.outline_for(theme.FOCUS), knob, 13)
        gfx.circle(surface, theme.FOCUS, knob, 11)
        review_ui.draw_marks(surface, self, bar)

    def hints(self):
        return [("confirm", t("hint.play_pause")), ("move", t("hint.step")),
                ("next", t("hint.jump")), ("rotate", t("hint.seen_from")),
                ("alt", t("hint.speed")), ("cancel", t("hint.back"))]


def move_label(game_name: str, notation: str) -> str:
    """A move as a player reads it in the move list, in the game's own words (its kit's
    ``move_label``); anything unknown stays as written."""
    return kit(game_name).move_label(notation)


def _icon(surface, name: str, centre, colour, playing: bool) -> None:
    """Transport icons drawn as shapes (no font needs these glyphs)."""
    cx, cy = centre

    def triangle(tip_x, direction, size=11):
        back = tip_x - direction * size * 1.6
        gfx.polygon(surface, colour, [(tip_x, cy), (back, cy - size), (back, cy + size)])

    if name == "play":
        if playing:
            gfx.rect(surface, colour, (cx - 10, cy - 11, 7, 22), border_radius=2)
            gfx.rect(surface, colour, (cx + 3, cy - 11, 7, 22), border_radius=2)
        else:
            triangle(cx + 11, 1, 12)
    elif name == "forward":
        triangle(cx + 9, 1)
    elif name == "back":
        triangle(cx - 9, -1)
    elif name == "first":
        gfx.rect(surface, colour, (cx - 12, cy - 11, 4, 22))
        triangle(cx - 7, -1)
    elif name == "last":
        gfx.rect(surface, colour, (cx + 8, cy - 11, 4, 22))
        triangle(cx + 7, 1)

"""Results: the ranking with each player's breakdown, a chart, the coach's review of this
machine's players and the ways on (Rematch, Title, Watch replay, Review moves).

The screen names no game: the breakdown, the ranking and the chart come from the game's kit
(``GameKit.results_panel``, a ``games.results_panel.ResultsPanel``). It places the rows at a
readable height (the panel's ``row_min``) for any table size: a table that does not fit is
shown a page at a time, turned with R/E, the wheel, the controller's Y or the ‹ › buttons
under the rows. The review (``coach.review_ui``) has its panel on the right at any table size;
*Review moves* opens the replay at the costliest decision.

The screen must not be thrown away by input meant for the screen before it (the last move's
Enter, Enter pressed again and again to skip the end of a game, a held key repeating): no
button has the focus at first, so confirm does nothing until an arrow, Tab or the pointer
picks one; and for ``ARMING_FRAMES`` frames after it appears (frames, not seconds: the first
frame of a busy machine may last long), and while a confirm key that was already down stays
down, confirm / click / cancel do nothing.
"""

from __future__ import annotations

import pygame

from game.client import canvas, fonts, gfx, navigation, text_layout, theme
from game.client.coach import review_ui
from game.client.coach.review_runner import start_review
from game.client.games import kit
from game.client.games.results_panel import score_text
from game.client.save_info import replay_path_for
from game.client.screens.base import MenuScreen
from game.client.screens.results_chart import build_chart, score_history
from game.client.seats import SeatKind
from game.client.text import t
from game.client.text_layout import ellipsize
from game.client.widgets import Form, Item
from game.match import Match

__all__ = ["ResultsScreen", "score_history", "score_text"]

TABLE = pygame.Rect(40, 110, 740, 520)          # the rows (and a panel's header and extra)
RIGHT = pygame.Rect(808, 110, 430, 520)         # the chart, the review, the buttons
BUTTONS_Y = 516
CHART_WITH_REVIEW = pygame.Rect(RIGHT.x, RIGHT.y, RIGHT.width, 180)
REVIEW = pygame.Rect(RIGHT.x, 300, RIGHT.width, BUTTONS_Y - 10 - 300)
CHART_ALONE = pygame.Rect(RIGHT.x, RIGHT.y, RIGHT.width, BUTTONS_Y - 12 - RIGHT.y)
ROW_GAP = 8
PAGER_H = 36
ARMING_FRAMES = 30        # half a second at 60 frames a second
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
GUARDED = ("confirm", "click", "cancel")


def confirm_keys_held() -> bool:
    """A keyboard confirm key is down now (a key held from the previous screen repeats)."""
    try:
        pressed = pygame.key.get_pressed()
    except pygame.error:
        return False
    return any(pressed[k] for k in CONFIRM_KEYS)


class ResultsScreen(MenuScreen):
    rematch_offered = True      # a LAN table is over for good: no rematch there

    def __init__(self, app, match, history=None, setup=None) -> None:
        super().__init__(app)
        self.match = match
        self.setup = setup or {}
        self.history = history if history and len(history) == match.seq + 1 \
            else score_history(match)
        self.result = match.scores()
        self.winners = match.game.winners(match.state)
        game_kit = kit(match.game.name)
        self.panel = game_kit.results_panel(match, self.result)
        self.move_label = game_kit.move_label       # how the review names a move
        self.ranking = self.panel.ranking()
        self.page = 0
        self.replay_path = replay_path_for(match)    # kept when the game was autosaved here
        # the coach's review of this machine's players' decisions, thought in the background
        self.review = None if self.setup.get("replay") else start_review(
            match, [s for s, info in enumerate(match.seats) if info.kind == SeatKind.HUMAN],
            self.setup.get("review_from", 0))
        self.form = Form(self.buttons(), pygame.Rect(RIGHT.x, BUTTONS_Y, RIGHT.width, 0),
                         row_height=52, gap=10, columns=2, font_size=22)
        self.form.clear_focus()          # nothing is pressed by a stray Enter
        self._chart = None
        self.frames_shown = 0
        self.key_held = False
        self.shown_progress: tuple = ()
        self._update_buttons()

    def buttons(self) -> list[Item]:
        items = []
        if self.rematch_offered:
            items.append(Item("rematch", lambda: t("results.rematch")))
        items.append(Item("title", lambda: t("results.to_title")))
        if self.replay_path is not None:
            items.append(Item("watch", lambda: t("results.watch_replay")))
            if self.review is not None:
                items.append(Item("review", lambda: t("results.review_moves")))
        return items

    def enter(self) -> None:
        self.app.sound.play("score")
        self.frames_shown = 0
        self.key_held = confirm_keys_held()

    def toast_avoid(self) -> list:
        """Toasts keep the rows and the coach's review readable."""
        rects = [TABLE]
        if self.review is not None:
            rects.append(REVIEW)
        return rects

    def leave(self) -> None:
        if self.review is not None:
            self.review.cancel()       # the next game's bots get the helpers (the replay
            #                            viewer, opened over this screen, goes on with it)

    def armed(self) -> bool:
        """Whether confirm, click and cancel reach the buttons yet (see the module's doc)."""
        return self.frames_shown >= ARMING_FRAMES and not self.key_held

    def animating(self) -> bool:
        """Full frame rate while arming; then the loop sleeps between events. It still steps
        a few times a second, which is all the review needs (its helpers have their next
        request queued and never wait for a frame), and draws when the review moved on."""
        return self.frames_shown < ARMING_FRAMES or self.key_held

    def update(self, dt: float) -> None:
        self.frames_shown += 1
        if self.review is not None and not self.review.done:
            self.review.step()
        if self.key_held and not confirm_keys_held():
            self.key_held = False
        self._update_buttons()
        progress = self._review_progress()
        if progress != self.shown_progress:
            self.shown_progress = progress
            self.app.invalidate()          # the sleeping loop draws the review's progress

    def _review_progress(self) -> tuple:
        runner = self.review
        if runner is None:
            return ()
        return (runner.screened, len(runner.checked), runner.done, runner.checking)

    def _update_buttons(self) -> None:
        """*Review moves* is there once the review has a decision to show."""
        for item in self.form.items:
            if item.key == "review":
                item.enabled = bool(self.review is not None and self.review.done
                                    and self.review.top())

    def handle(self, intent) -> None:
        if intent.kind in GUARDED and not self.armed():
            return
        if intent.kind == "rotate" and self.pages() > 1:
            # the wheel, R/E and the controller's Y turn the page of a big table
            self.turn_page(1 if (intent.value or 1) >= 0 else -1)
            return
        if intent.kind == "click" and intent.pos is not None:
            for delta, rect in self.pager_buttons():
                if rect.collidepoint(intent.pos):
                    self.turn_page(delta)
                    return
        super().handle(intent)

    def turn_page(self, delta: int) -> None:
        self.page = (self.page + delta) % self.pages()
        self.app.sound.play("click")

    def seat_name(self, seat: int) -> str:
        seats = self.match.seats
        if seat < len(seats) and seats[seat].name:
            return seats[seat].name
        return t("common.player_n", n=seat + 1)

    def seat_shape(self, seat: int) -> int:
        seats = self.match.seats
        return seats[seat].colour if seat < len(seats) and seats[seat].colour >= 0 else seat

    def seat_colour(self, seat: int):
        return theme.colour(self.seat_shape(seat))

    def on_activate(self, item) -> None:
        if item.key == "rematch":
            self.rematch()
        elif item.key in ("watch", "review"):
            open_replay = navigation.get("open_replay")
            problem = open_replay(self.app, self.replay_path)
            if problem:
                self.app.toasts.show(problem, "bad")
            elif item.key == "review":
                review_ui.next_mark(self.app.top)     # the costliest decision, first
        else:
            TitleScreen = navigation.get("TitleScreen")
            self.app.reset_to(TitleScreen(self.app))

    def on_cancel(self) -> None:
        TitleScreen = navigation.get("TitleScreen")
        self.app.reset_to(TitleScreen(self.app))

    def rematch(self) -> None:
        seats = [type(s).from_plain(s.to_plain()) for s in self.match.seats]
        match = Match.new(self.match.game, self.match.config, self.match.seed + 1, seats)
        PlayScreen = navigation.get("play_screen_for")(match)     # phone seats: their own
        setup = {key: value for key, value in self.setup.items() if key != "resumed"}
        self.app.replace(PlayScreen(self.app, match, setup))

    # -- the rows and their pages -----------------------------------------------------------
    def _rows_area(self, paged: bool) -> pygame.Rect:
        top = TABLE.y + (self.panel.header_height + 6 if self.panel.header_height else 0)
        bottom = TABLE.bottom - (PAGER_H + 6 if paged else 0)
        extra = self.panel.extra_height()
        if extra:
            bottom -= extra + 10
        return pygame.Rect(TABLE.x, top, TABLE.width, max(0, bottom - top))

    def _fit(self, area: pygame.Rect) -> int:
        """How many rows of the panel's least height fit ``area``."""
        return max(1, (area.height + ROW_GAP) // (self.panel.row_min + ROW_GAP))

    def per_page(self) -> int:
        if len(self.ranking) <= self._fit(self._rows_area(False)):
            return len(self.ranking)
        return self._fit(self._rows_area(True))

    def pages(self) -> int:
        return max(1, -(-len(self.ranking) // max(1, self.per_page())))

    def page_seats(self) -> list[int]:
        """The seats of the page shown, best first."""
        self.page = min(self.page, self.pages() - 1)
        size = self.per_page()
        return self.ranking[self.page * size:(self.page + 1) * size]

    def row_rects(self) -> list[pygame.Rect]:
        """Where the rows of the page shown go (every page has rows of one height)."""
        paged = self.pages() > 1
        area = self._rows_area(paged)
        count = self.per_page() if paged else max(1, len(self.ranking))
        height = (area.height - (count - 1) * ROW_GAP) // count
        height = max(self.panel.row_min, min(self.panel.row_max, height))
        return [pygame.Rect(area.x, area.y + i * (height + ROW_GAP), area.width, height)
                for i in range(len(self.page_seats()))]

    def pager_rect(self) -> pygame.Rect:
        return pygame.Rect(TABLE.x, TABLE.bottom - PAGER_H, TABLE.width, PAGER_H)

    def pager_buttons(self) -> list[tuple[int, pygame.Rect]]:
        """(page step, rect) of the ‹ and › buttons (none for a table on one page)."""
        if self.pages() <= 1:
            return []
        bar = self.pager_rect()
        return [(-1, pygame.Rect(bar.x, bar.y, 56, bar.height)),
                (1, pygame.Rect(bar.right - 56, bar.y, 56, bar.height))]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        title, note = self.headline()
        fonts.blit(surface, ellipsize(title, 46, TABLE.width, "bold"), 46, theme.ACCENT,
                   (TABLE.x, 34), "bold")
        if note:
            for i, line in enumerate(text_layout.wrap(note, 19, RIGHT.width)[:2]):
                fonts.blit(surface, line, 19, theme.TEXT_DIM, (RIGHT.right, 52 + i * 25),
                           "regular", "topright")
        self._draw_table(surface)
        self._draw_chart(surface)
        if self.review is not None:
            review_ui.draw_review(surface, self, REVIEW)
        self.form.draw(surface)

    def headline(self) -> tuple[str, str]:
        """The title and a note under it: a solo game has a final score, not a winner; a win
        below zero, or one decided by a tie-break, says so; hints taken are counted."""
        title, note = self.base_headline()
        used = self.setup.get("hints_used", 0)
        if used:
            note = (note + " · " if note else "") + t("coach.hints_used", n=used)
        return title, note

    def base_headline(self) -> tuple[str, str]:
        scores = self.result["scores"]
        if len(scores) == 1:
            return t("results.final_score", score=score_text(scores[0])), ""
        names = [self.seat_name(s) for s in self.winners]
        if len(names) != 1:
            return t("results.tie", names=", ".join(names)), ""
        best = scores[self.winners[0]]
        if sum(1 for score in scores if score == best) > 1:
            note = t("results.tie_broken", score=score_text(best))
        elif best < 0:
            note = t("results.below_zero", score=score_text(best))
        else:
            note = ""
        return t("results.winner", name=names[0]), note

    def draw_seat_row(self, surface, row: pygame.Rect, seat: int) -> None:
        """The panel of one seat's row (lit for a winner), the seat's colour as a bar at its
        left."""
        winner = seat in self.winners
        theme.rounded_panel(surface, row, theme.PANEL_HI if winner else theme.PANEL, 14,
                            theme.ACCENT if winner else theme.PANEL_EDGE, 2 if winner else 1)
        inset = min(10, row.height // 5)
        gfx.rect(surface, self.seat_colour(seat), (row.x + 10, row.y + inset, 10,
                                                   row.height - 2 * inset), border_radius=5)

    def _draw_table(self, surface) -> None:
        if self.panel.header_height:
            header = pygame.Rect(TABLE.x, TABLE.y, TABLE.width, self.panel.header_height)
            self.panel.draw_header(surface, header, self)
        seats = self.page_seats()
        first = self.page * self.per_page()
        for number, (seat, row) in enumerate(zip(seats, self.row_rects())):
            self.draw_seat_row(surface, row, seat)
            with fonts.box(row, "results row"):
                self.panel.draw_row(surface, row, seat,
                                    self.panel.place(self.ranking, first + number), self)
        extra = self.panel.extra_height()
        if extra:
            bottom = TABLE.bottom - (PAGER_H + 6 if self.pages() > 1 else 0)
            self.panel.draw_extra(surface, pygame.Rect(TABLE.x, bottom - extra, TABLE.width,
                                                       extra), self)
        if self.pages() > 1:
            self._draw_pager(surface)

    def _draw_pager(self, surface) -> None:
        bar = self.pager_rect()
        theme.rounded_panel(surface, bar, theme.BG_DEEP, 12, theme.PANEL_EDGE, 1)
        for delta, rect in self.pager_buttons():
            hover = rect.collidepoint(self.app.mouse_pos())
            theme.rounded_panel(surface, rect.inflate(-6, -6),
                                theme.PANEL_HI if hover else theme.PANEL, 10,
                                theme.FOCUS if hover else theme.PANEL_EDGE, 1)
            fonts.blit_in(surface, "‹" if delta < 0 else "›", 26, theme.TEXT, rect, "bold",
                          name="results pager arrow")
        middle = bar.inflate(-2 * 64, 0)
        first = self.page * self.per_page() + 1
        last = first + len(self.page_seats()) - 1
        fonts.blit_in(surface, t("results.page", n=self.page + 1, total=self.pages(),
                                 first=first, last=last, seats=len(self.ranking)),
                      17, theme.TEXT_DIM, middle, "semibold", name="results page")

    def chart_rect(self) -> pygame.Rect:
        return CHART_WITH_REVIEW if self.review is not None else CHART_ALONE

    def _draw_chart(self, surface) -> None:
        rect = self.chart_rect()
        if self.panel.draw_chart(surface, rect, self.page_seats(), self):
            return
        if self._chart is None or self._chart[0] != rect.size or canvas.stale(self._chart[1]):
            shapes = [self.seat_shape(s) for s in range(len(self.history[0]))]
            self._chart = (rect.size, build_chart(rect.size, self.history, self, shapes))
        surface.blit(self._chart[1], rect.topleft)

    def hints(self):
        hints = [("move", t("hint.choose")), ("confirm", t("hint.select"))]
        if self.pages() > 1:
            hints.append(("rotate", t("results.next_page")))
        return hints

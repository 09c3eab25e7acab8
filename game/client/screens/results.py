"""Results: the ranking with each player's breakdown (lines, centre doublings, or the companies
valuation) and a chart of every player's score over the turns. Rematch or back to the title.

The screen must not be thrown away by a key meant for the screen before it (skipping the end
animation, a held Enter auto-repeating): for ``ARMING_SECONDS`` after it appears, and for as
long as a confirm key that was already down stays down, confirm / click / cancel do nothing.
The focus starts on *Title*, never on *Rematch*, which needs a deliberate move to reach.
"""

from __future__ import annotations

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.coach import review_ui
from game.client.plural import tn
from game.client.save_info import replay_path_for
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.text_layout import ellipsize
from game.client.widgets import Form, Item
from game.client import canvas
from game.client import gfx
from game.match import Match
from game.rules.metro.data import COMPANIES


def score_text(score: int) -> str:
    """A score as players read it: a true minus sign below zero."""
    return f"−{-score}" if score < 0 else str(score)

CHART = pygame.Rect(808, 130, 430, 360)
TABLE = pygame.Rect(40, 110, 740, 520)
ARMING_SECONDS = 0.8
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
GUARDED = ("confirm", "click", "cancel")


def confirm_keys_held() -> bool:
    """A keyboard confirm key is down now (a key held from the previous screen repeats)."""
    try:
        pressed = pygame.key.get_pressed()
    except pygame.error:
        return False
    return any(pressed[k] for k in CONFIRM_KEYS)


def score_history(match) -> list[list[int]]:
    """Scores after every move, rebuilt by replaying the match's log (for loaded games)."""
    if match.table:
        # a LAN table's log (issue 13) holds chance entries and this machine's partial
        # state: step through it as it is (a new local game could not play its entries)
        step = Match.at(match, 0)
        history = [list(step.scores()["scores"])]
        for number in range(1, match.seq + 1):
            step = Match.at(match, number, step.state, number - 1)
            history.append(list(step.scores()["scores"]))
        return history
    replay = Match.new(match.game, match.config, match.seed)
    history = [list(replay.scores()["scores"])]
    for entry in match.log:
        replay.apply(entry.seat, entry.move)
        history.append(list(replay.scores()["scores"]))
    return history


class ResultsScreen(MenuScreen):
    # how the review names a move (the play screen gives its game kit's ``move_label``)
    move_label = staticmethod(str)

    def __init__(self, app, match, history=None, setup=None, detail=None) -> None:
        super().__init__(app)
        self.match = match
        # the game board's breakdown of a seat (``BoardView.results_detail``), if it has one
        self.detail = detail
        self.setup = setup or {}
        self.history = history if history and len(history) == match.seq + 1 \
            else score_history(match)
        self.result = match.scores()
        self.winners = match.game.winners(match.state)
        scores = self.result["scores"]
        self.order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        items = [Item("rematch", lambda: t("results.rematch")),
                 Item("title", lambda: t("results.to_title"))]
        self.replay_path = replay_path_for(match)    # kept when the game was autosaved here
        if self.replay_path is not None:
            items.append(Item("watch", lambda: t("results.watch_replay")))
        self.form = Form(items, pygame.Rect(808, 560 if len(items) < 3 else 504, 430, 0),
                         row_height=58, gap=12, columns=2)
        self.form.focus_on("title")      # Rematch (which ends this screen) is a deliberate move
        self._chart = None
        self.shown_for = 0.0
        self.key_held = False
        # the coach's review of the humans' decisions, computed in the background
        self.review = review_ui.start_review(match, self.setup)

    def enter(self) -> None:
        self.app.sound.play("score")
        self.shown_for = 0.0
        self.key_held = confirm_keys_held()

    def toast_avoid(self) -> list:
        """Toasts keep the coach's review panel readable."""
        rect = review_ui.review_panel_rect(self, TABLE) if self.review is not None else None
        return [rect] if rect is not None else []

    def leave(self) -> None:
        if self.review is not None:
            self.review.cancel()       # the next game's bots get the helpers (the replay
            #                            viewer, opened over this screen, goes on with it)

    def armed(self) -> bool:
        """Whether confirm, click and cancel reach the buttons yet (see the module's doc)."""
        return self.shown_for >= ARMING_SECONDS and not self.key_held

    def update(self, dt: float) -> None:
        self.shown_for += dt
        if self.review is not None:
            self.review.step()
        if self.key_held and not confirm_keys_held():
            self.key_held = False

    def handle(self, intent) -> None:
        if intent.kind in GUARDED and not self.armed():
            return
        super().handle(intent)

    def seat_name(self, seat: int) -> str:
        seats = self.match.seats
        if seat < len(seats) and seats[seat].name:
            return seats[seat].name
        return t("common.player_n", n=seat + 1)

    def seat_colour(self, seat: int):
        seats = self.match.seats
        index = seats[seat].colour if seat < len(seats) and seats[seat].colour >= 0 else seat
        return theme.colour(index)

    def on_activate(self, item) -> None:
        if item.key == "rematch":
            self.rematch()
        elif item.key == "watch":
            open_replay = navigation.get("open_replay")
            problem = open_replay(self.app, self.replay_path)
            if problem:
                self.app.toasts.show(problem, "bad")
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

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        title, note = self.headline()
        fonts.blit(surface, ellipsize(title, 46, TABLE.width, "bold"), 46, theme.ACCENT,
                   (TABLE.x, 34), "bold")
        if note:
            for i, line in enumerate(text_layout.wrap(note, 19, CHART.width)[:2]):
                fonts.blit(surface, line, 19, theme.TEXT_DIM, (CHART.right, 52 + i * 25),
                           "regular", "topright")
        self._draw_table(surface)
        review_ui.draw_review(surface, self, TABLE)
        self._draw_chart(surface)
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

    def draw_seat_row(self, surface, row: pygame.Rect, seat: int, radius: int,
                      bar: tuple[int, int, int]) -> None:
        """The panel of one seat's row in a score table (lit for a winner) with the seat's
        colour as a bar at its left; ``bar`` is (inset x, inset y, width) in px."""
        winner = seat in self.winners
        theme.rounded_panel(surface, row, theme.PANEL_HI if winner else theme.PANEL, radius,
                            theme.ACCENT if winner else theme.PANEL_EDGE, 2 if winner else 1)
        inset_x, inset_y, width = bar
        gfx.rect(surface, self.seat_colour(seat),
                         (row.x + inset_x, row.y + inset_y, width, row.height - 2 * inset_y),
                         border_radius=width // 2)

    def _draw_table(self, surface) -> None:
        companies = "companies" in self.result
        n = len(self.order)
        extra = 140 if companies else 0
        row_h = min(112, (TABLE.height - extra - (n - 1) * 10) // max(1, n))
        y = TABLE.y
        lines = self.result.get("lines", [])
        scores = self.result["scores"]
        for rank, seat in enumerate(self.order):
            row = pygame.Rect(TABLE.x, y, TABLE.width, row_h)
            self.draw_seat_row(surface, row, seat, radius=16, bar=(12, 12, 12))
            rgb = self.seat_colour(seat)
            fonts.blit(surface, f"{rank + 1}.", 26, theme.TEXT_DIM, (row.x + 36, row.y + 10),
                       "semibold")
            fonts.blit(surface, self.seat_name(seat), 26, theme.TEXT, (row.x + 70, row.y + 10),
                       "semibold")
            fonts.blit(surface, score_text(scores[seat]), 44, theme.TEXT,
                       (row.right - 20, row.y + 8),
                       "bold", "topright")
            detail_y = row.y + 46
            board_detail = self._board_detail(seat)
            if board_detail is not None:
                for i, text in enumerate(board_detail):
                    fonts.blit(surface, text, 18 if i == 0 else 16, theme.TEXT_DIM,
                               (row.x + 70, detail_y + i * 24))
                y += row_h + 10
                continue
            if companies:
                b = self.result["breakdown"][seat]
                fonts.blit(surface, t("results.company_breakdown", shares=b["shares"],
                                      bonus=b["bonus"]), 19, theme.TEXT_DIM,
                           (row.x + 70, row.y + 38))
                self._draw_held_shares(surface, seat, row.x + 70, row.y + 62)
                y += row_h + 10
                continue
            mine = [ln for ln in lines if ln["owner"] == seat and ln["done"]]
            centre = [ln for ln in mine if ln["centre"]]
            fonts.blit(surface, t("results.line_breakdown", done=len(mine),
                                  cars=len([ln for ln in lines if ln["owner"] == seat]),
                                  centre=len(centre),
                                  centre_points=sum(ln["points"] for ln in centre)), 19,
                       theme.TEXT_DIM, (row.x + 70, detail_y))
            x = row.x + 70
            chip_y = detail_y + 28
            if chip_y + 24 <= row.bottom - 4:
                for ln in sorted(mine, key=lambda ln: -ln["points"]):
                    # a centre line's points are already doubled: say what was doubled
                    label = (t("results.centre_chip", station=ln["station"],
                               points=ln["points"], half=ln["points"] // 2)
                             if ln["centre"] else f"{ln['station']}: {ln['points']}")
                    text = fonts.render(label, 16, theme.ink_on(rgb), "semibold")
                    chip = pygame.Rect(x, chip_y, text.get_width() + 14, 24)
                    if chip.right > row.right - 90:
                        break
                    if ln["centre"]:
                        # lines into the central station: dark chip ringed in the seat colour
                        gfx.rect(surface, theme.BG_DEEP, chip, border_radius=12)
                        gfx.rect(surface, rgb, chip, 2, border_radius=12)
                        ink = theme.ACCENT
                    else:
                        gfx.rect(surface, rgb, chip, border_radius=12)
                        ink = theme.ink_on(rgb)
                    surface.blit(fonts.render(label, 16, ink, "semibold"),
                                 (chip.x + 7, chip.y + 3))
                    x = chip.right + 6
            y += row_h + 10
        if companies:
            self._draw_company_table(surface, y)

    def _board_detail(self, seat: int):
        """Breakdown lines the game's board supplies (``BoardView.results_detail``), or
        None."""
        return None if self.detail is None else self.detail(self.result, seat, self.seat_name)

    def _draw_held_shares(self, surface, seat, x, y) -> None:
        for company, pct in self.match.state.shares[seat]:
            if company < 0:
                continue
            rgb = theme.COLOURS[COMPANIES[company]]
            chip = pygame.Rect(x, y, 52, 21)
            gfx.rect(surface, rgb, chip, border_radius=10)
            fonts.blit(surface, f"{pct}%", 16, theme.ink_on(rgb), chip.center, "semibold",
                       "center")
            x += 58

    def _draw_company_table(self, surface, y) -> None:
        comps = self.result["companies"]
        fonts.blit(surface, t("results.companies"), 20, theme.ACCENT, (TABLE.x, y + 4),
                   "semibold")
        w = (TABLE.width - 7 * 8) // 8
        for i, comp in enumerate(comps):
            rgb = theme.COLOURS.get(comp["name"], (128, 128, 128))
            box = pygame.Rect(TABLE.x + i * (w + 8), y + 34, w, 96)
            theme.rounded_panel(surface, box, theme.PANEL, 10, rgb, 3)
            fonts.blit(surface, str(comp["profit"]), 28, theme.TEXT, (box.centerx, box.y + 22),
                       "bold", "center")
            fonts.blit(surface, t("results.worth", n=comp["worth"]), 15, theme.TEXT_DIM,
                       (box.centerx, box.y + 50), "regular", "center")
            holders = ", ".join(self.seat_name(s) for s in comp["majority"]) or "—"
            fonts.blit(surface, holders[:12], 14, theme.TEXT_DIM, (box.centerx, box.y + 74),
                       "regular", "center")

    def _draw_chart(self, surface) -> None:
        if self._chart is None:
            self._chart = self._build_chart()
        surface.blit(self._chart, CHART.topleft)

    def _build_chart(self) -> pygame.Surface:
        chart = canvas.layer(CHART.size, pygame.SRCALPHA)
        box = chart.get_rect()
        theme.rounded_panel(chart, box, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        fonts.blit(chart, t("results.chart"), 22, theme.TEXT, (20, 14), "semibold")
        plot = pygame.Rect(52, 56, box.width - 76, box.height - 96)
        top = max(1, max(max(row) for row in self.history))
        low = min(0, min(min(row) for row in self.history))   # Metromania scores go negative
        span = top - low
        step = max(1, round(span / 4 / 5) * 5) if span > 10 else max(1, span // 4 or 1)
        value = low - low % step if low < 0 else 0
        while value <= top:
            y = plot.bottom - plot.height * (value - low) / span
            gfx.line(chart, (44, 58, 80), (plot.x, y), (plot.right, y))
            fonts.blit(chart, str(value), 15, theme.TEXT_DIM, (plot.x - 8, y), "regular",
                       "midright")
            value += step
        turns = max(1, len(self.history) - 1)
        fonts.blit(chart, tn("results.turns", turns), 15, theme.TEXT_DIM,
                   (plot.right, plot.bottom + 12), "regular", "topright")
        for seat in range(len(self.history[0])):
            rgb = self.seat_colour(seat)
            pts = [(plot.x + plot.width * i / turns,
                    plot.bottom - plot.height * (row[seat] - low) / span)
                   for i, row in enumerate(self.history)]
            if len(pts) > 1:
                gfx.lines(chart, theme.outline_for(rgb), False, pts, 5)
                gfx.lines(chart, rgb, False, pts, 3)
            theme.draw_shape(chart, self.match.seats[seat].colour if seat < len(
                self.match.seats) and self.match.seats[seat].colour >= 0 else seat,
                pts[-1], 7, rgb, theme.outline_for(rgb))
        return chart

    def hints(self):
        return [("move", t("hint.choose")), ("confirm", t("hint.select"))]

"""The Daily & puzzles screens: the menu (today's daily with the player's history, the puzzle
picker), the play screen of a daily or a puzzle, their results, and the best placement of a
puzzle drawn on the board.

The game and its puzzles come from the kit that names a daily (``games.dailies``: the first
registered game that has one; none names a game here). A daily is that game's solo match from
``daily.daily_seed(today)``; its score goes into the player's history when the game ends. A
puzzle starts at a shipped position (the daily module's ``load_puzzles``); the exhaustive proof
of its best score runs in a helper process from the moment the puzzle opens (its
``PuzzleProver``), and the results compare the player's score with it and can show the best
plan on the board (the kit's ``puzzle_marks``).
"""

from __future__ import annotations

import datetime

import pygame

from game.client import fonts, frame_pacing, gfx, text_layout, theme
from game.client.bot_worker import BotWorker
from game.client.coach import daily
from game.client.coach.highlight import pulse_colour
from game.client.games import dailies, kit
from game.client.plural import tn
from game.client.screens.base import MenuScreen, Screen
from game.client.screens.play import PlayScreen
from game.client.screens.results import ResultsScreen
from game.client.screens.replay_table import ReplayTable
from game.client.text import t
from game.client.widgets import Form, Item
from game.match import Match

HISTORY_DAYS = 7
PANEL = pygame.Rect(700, 150, 520, 440)


def player_name(app) -> str:
    names = app.settings["player_names"]
    if names and isinstance(names[0], str) and names[0].strip():
        return names[0]
    return t("common.player_n", n=1)


def day_text(day: datetime.date) -> str:
    return t("coach.date", day=day.day, month=t(f"coach.month.{day.month}"), year=day.year)


class Prover:
    """The proof of a puzzle's best last round, thought in a helper process."""

    def __init__(self, match: Match) -> None:
        self.worker = BotWorker()
        self.key = ("prove", id(self))
        self.result = None          # (best, plan) once proved
        self.failed = False
        prover = dailies.for_game(match.game.name).PuzzleProver
        self.worker.request(self.key, prover(match.game, 0, 0), match.view(0))

    def poll(self):
        if self.result is None and not self.failed:
            answer = self.worker.poll(self.key)
            if answer is not None:
                kind, value = answer
                self.worker.cancel()
                if kind == "move" and value is not None:
                    self.result = value
                else:
                    self.failed = True
        return self.result

    def cancel(self) -> None:
        if self.result is None:
            self.worker.cancel()

    def proving(self) -> bool:
        return self.result is None and not self.failed


# -- the menu -------------------------------------------------------------------------------
class CoachMenuScreen(MenuScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.puzzles = load_puzzles()
        self.day = daily.today()
        self.history = daily.load_history()
        self.solved = daily.load_history(daily.history_path(daily.PUZZLE_FILE))
        count = max(1, len(self.puzzles))
        items = [Item("daily", lambda: t("coach.play_daily"), enabled=source() is not None),
                 Item("puzzle", lambda: t("coach.puzzle_pick"), kind="choice",
                      options=list(range(count)), option_label=self.puzzle_label, value=0),
                 Item("play_puzzle", lambda: t("coach.play_puzzle"),
                      enabled=bool(self.puzzles)),
                 Item("back", lambda: t("common.back"))]
        self.form = Form(items, pygame.Rect(60, 150, 580, 0), row_height=56, gap=12)

    def puzzle_label(self, index: int) -> str:
        if not self.puzzles:
            return "—"
        mark = ""
        best = self.solved.get(str(self.puzzles[index]["seed"]))
        if best is not None:
            mark = " ✓" if best >= self.puzzles[index].get("best", 999) else f" ({best})"
        return t("coach.puzzle_n", n=index + 1, total=len(self.puzzles)) + mark

    def on_activate(self, item) -> None:
        if item.key == "daily":
            start_daily(self.app)
        elif item.key in ("play_puzzle", "puzzle") and self.puzzles:
            start_puzzle(self.app, self.form.item("puzzle").value)
        elif item.key == "back":
            self.app.pop()

    def on_cancel(self) -> None:
        self.app.pop()

    def resume(self) -> None:
        self.history = daily.load_history()
        self.solved = daily.load_history(daily.history_path(daily.PUZZLE_FILE))

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit(surface, t("coach.title"), 46, theme.TEXT, (640, 70), "bold", "center")
        fonts.blit(surface, t("coach.today", date=day_text(self.day)), 22, theme.TEXT_DIM,
                   (640, 116), "regular", "center")
        self.form.draw(surface)
        self._draw_history(surface)
        y = self.form.items[-1].rect.bottom + 24
        for line in text_layout.wrap(t("coach.puzzle_blurb"), 18, 580)[:4]:
            fonts.blit(surface, line, 18, theme.TEXT_DIM, (60, y))
            y += 24

    def _draw_history(self, surface) -> None:
        theme.rounded_panel(surface, PANEL, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        fonts.blit(surface, t("coach.history"), 24, theme.TEXT, (PANEL.x + 24, PANEL.y + 18),
                   "semibold")
        streak = daily.streak(self.history, self.day)
        fonts.blit(surface, tn("coach.streak", streak), 18, theme.ACCENT,
                   (PANEL.right - 24, PANEL.y + 22), "semibold", "topright")
        scores = [self.history.get((self.day - datetime.timedelta(days=i)).isoformat())
                  for i in range(HISTORY_DAYS - 1, -1, -1)]
        top = max([s for s in scores if s is not None] + [10])
        plot = pygame.Rect(PANEL.x + 24, PANEL.y + 70, PANEL.width - 48, 250)
        w = plot.width // HISTORY_DAYS
        for i, score in enumerate(scores):
            day = self.day - datetime.timedelta(days=HISTORY_DAYS - 1 - i)
            x = plot.x + i * w
            fonts.blit(surface, t(f"coach.weekday.{day.isoweekday()}"), 16, theme.TEXT_DIM,
                       (x + w // 2, plot.bottom + 14), "regular", "center")
            if score is None:
                fonts.blit(surface, "·", 22, theme.TEXT_DIM, (x + w // 2, plot.bottom - 12),
                           "bold", "center")
                continue
            h = max(4, plot.height * max(0, score) // top)
            bar = pygame.Rect(x + 8, plot.bottom - h, w - 16, h)
            gfx.rect(surface, theme.ACCENT if i == HISTORY_DAYS - 1 else theme.ACCENT_DIM,
                             bar, border_radius=6)
            fonts.blit(surface, str(score), 18, theme.TEXT, (bar.centerx, bar.y - 14), "bold",
                       "center")
        played = len(self.history)
        best = max(self.history.values()) if self.history else None
        line = t("coach.history_total", n=played) if best is None else \
            t("coach.history_best", n=played, best=best)
        fonts.blit(surface, line, 18, theme.TEXT_DIM, (PANEL.x + 24, PANEL.bottom - 40))


def source():
    """The daily module of the game that has the Daily & puzzles (None: no game has)."""
    game = dailies.daily_game()
    return dailies.for_game(game) if game is not None else None


def load_puzzles() -> list[dict]:
    """The shipped puzzles of the daily's game ([]: it has none, or there is no daily)."""
    found = source()
    return found.load_puzzles() if found is not None else []


def start_daily(app) -> None:
    found = source()
    if found is None:
        return
    day = daily.today()
    match = found.daily_match(daily.daily_seed(day), player_name(app))
    app.push(CoachPlayScreen(app, match, {"game": match.game.name, "coach": "daily",
                                          "daily": day.isoformat()}))


def start_puzzle(app, index: int) -> None:
    puzzles = load_puzzles()
    if not 0 <= index < len(puzzles):
        return
    match = source().puzzle_match(puzzles[index], player_name(app))
    app.push(CoachPlayScreen(app, match, {"game": match.game.name, "coach": "puzzle",
                                          "puzzle": index, "review_from": match.seq}))


# -- playing --------------------------------------------------------------------------------
class CoachPlayScreen(PlayScreen):
    """A daily or a puzzle: the ordinary play screen, with a banner saying which, and (for a
    puzzle) the proof of its best score thought from the start."""

    def __init__(self, app, match, setup) -> None:
        super().__init__(app, match, setup)
        self.mode = setup.get("coach")
        self.prover = Prover(match) if self.mode == "puzzle" else None

    def leave(self) -> None:
        super().leave()
        if self.prover is not None and not self.match.is_over():
            self.prover.cancel()       # over: the results screen takes the proof on

    def update(self, dt: float) -> None:
        if self.prover is not None:
            self.prover.poll()
        super().update(dt)

    def animating(self) -> bool:
        return super().animating() or (self.prover is not None and self.prover.proving())

    def banner(self) -> str:
        if self.mode == "daily":
            return t("coach.daily_banner",
                     date=day_text(datetime.date.fromisoformat(self.setup["daily"])))
        number = self.setup.get("puzzle", 0) + 1
        if self.prover is None or self.prover.result is None:
            dots = "." * (1 + int(self.app.time * 3) % 3)
            return t("coach.puzzle_banner_proving", n=number) + dots
        return t("coach.puzzle_banner", n=number, best=self.prover.result[0])

    def draw(self, surface) -> None:
        super().draw(surface)
        text = self.banner()
        rendered = fonts.render(text, 18, theme.TEXT, "semibold")
        box = pygame.Rect(0, 0, rendered.get_width() + 24, 30)
        box.midbottom = (640, 720 - 52)
        theme.rounded_panel(surface, box, theme.PANEL_HI, 10, theme.ACCENT, 1)
        surface.blit(rendered, rendered.get_rect(center=box.center))

    def results_screen(self):
        self.setup["hints_used"] = self.coach.used
        return CoachResultsScreen(self.app, self.match, self.history, self.setup, self.prover)


# -- results --------------------------------------------------------------------------------
class CoachResultsScreen(ResultsScreen):
    """The results of a daily or a puzzle: the way back to the coach's menu; a puzzle's how
    close the player came to its proved best, and the best placement to look at."""

    def __init__(self, app, match, history, setup, prover=None) -> None:
        self.mode = setup.get("coach")
        self.prover = prover
        super().__init__(app, match, history, setup)
        self.score = self.result["scores"][0]
        self.new_best = False
        self.recorded = False

    def buttons(self) -> list[Item]:
        if self.mode == "puzzle":
            return [Item("show_best", lambda: t("coach.show_best")),
                    Item("next_puzzle", lambda: t("coach.next_puzzle")),
                    Item("coach_menu", lambda: t("coach.back_to_menu")),
                    Item("title", lambda: t("results.to_title"))]
        items = [Item("coach_menu", lambda: t("coach.back_to_menu")),
                 Item("title", lambda: t("results.to_title"))]
        if self.replay_path is not None:
            items.append(Item("watch", lambda: t("results.watch_replay")))
            if self.review is not None:
                items.append(Item("review", lambda: t("results.review_moves")))
        return items

    def enter(self) -> None:
        super().enter()
        if self.recorded:
            return
        self.recorded = True
        if self.mode == "daily":
            day = datetime.date.fromisoformat(self.setup["daily"])
            self.new_best = daily.record_score(day, self.score)
        elif self.mode == "puzzle":
            seed = str(load_puzzles()[self.setup.get("puzzle", 0)]["seed"])
            self.new_best = daily.record_best(daily.history_path(daily.PUZZLE_FILE), seed,
                                              self.score)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.prover is not None:
            self.prover.poll()

    def animating(self) -> bool:
        return super().animating() or (self.prover is not None and self.prover.proving())

    def headline(self) -> tuple[str, str]:
        title, _ = self.base_headline()
        if self.mode == "daily":
            history = daily.load_history()
            day = datetime.date.fromisoformat(self.setup["daily"])
            note = t("coach.daily_result", date=day_text(day), best=history.get(
                self.setup["daily"], self.score), streak=daily.streak(history, day))
        else:
            proved = self.prover.result if self.prover is not None else None
            if proved is None:
                dots = "." * (1 + int(self.app.time * 3) % 3)
                note = t("coach.proving") + dots
            elif self.score >= proved[0]:
                note = t("coach.puzzle_perfect", best=proved[0])
            else:
                note = t("coach.puzzle_result", best=proved[0], score=self.score,
                         percent=max(0, self.score) * 100 // max(1, proved[0]))
        used = self.setup.get("hints_used", 0)
        if used:
            note += " · " + t("coach.hints_used", n=used)
        return title, note

    def on_activate(self, item) -> None:
        if item.key == "show_best":
            proved = self.prover.result if self.prover is not None else None
            if proved is None:
                self.app.toasts.show(t("coach.proving"), "info")
                return
            puzzle = load_puzzles()[self.setup.get("puzzle", 0)]
            self.app.push(BestPlacementScreen(self.app, puzzle, proved, self.score))
        elif item.key == "next_puzzle":
            count = len(load_puzzles())
            number = (self.setup.get("puzzle", 0) + 1) % max(1, count)
            self.app.pop()
            start_puzzle(self.app, number)
        elif item.key == "coach_menu":
            while self.app.top is not None and not isinstance(self.app.top, CoachMenuScreen) \
                    and len(self.app.stack) > 1:
                self.app.pop()
        else:
            super().on_activate(item)

    def leave(self) -> None:
        super().leave()
        if self.prover is not None:
            self.prover.cancel()


# -- the best placement ---------------------------------------------------------------------
class BestPlacementScreen(Screen):
    """The puzzle's sheet after the best last round, on the game's own board (read-only),
    with the proved plan's drawings pulsing."""

    def __init__(self, app, puzzle: dict, proved, score: int) -> None:
        super().__init__(app)
        self.best, self.plan = proved
        self.score = score
        match = source().best_match(puzzle, self.plan, t("coach.best_name"))
        self.table = ReplayTable(app, match)
        self.kit = kit(match.game.name)
        self.board = self.kit.board(app, self.table)

    def update(self, dt: float) -> None:
        self.board.update(dt)

    def animating(self) -> bool:
        return self.board.animating() or frame_pacing.player_about(self.app)   # the pulse

    def handle(self, intent) -> None:
        if intent.kind in ("cancel", "confirm", "click", "menu"):
            self.app.pop()

    def draw(self, surface) -> None:
        self.board.draw(surface)
        colour = pulse_colour(frame_pacing.pulse_clock(self.app))
        for rect in self.kit.puzzle_marks(self.board, self.plan):
            gfx.rect(surface, colour, rect.inflate(6, 6), 4, border_radius=6)
        text = t("coach.best_banner", best=self.best, score=self.score)
        rendered = fonts.render(text, 20, theme.TEXT_DARK, "semibold")
        box = pygame.Rect(0, 0, rendered.get_width() + 28, 36)
        box.midbottom = (640, 720 - 52)
        gfx.rect(surface, theme.ACCENT, box, border_radius=10)
        surface.blit(rendered, rendered.get_rect(center=box.center))

    def hints(self):
        return [("cancel", t("hint.back"))]

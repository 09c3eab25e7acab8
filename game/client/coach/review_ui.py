"""The review in the client: computed in the background after a game, shown on the results
screen (progress, then the three costliest decisions) and marked in the replay viewer (ticks on
the scrub bar; H, a controller's right stick or a click on a tick steps to the next one, where
the expert's better move is drawn on the board).

``ReviewRunner`` sends one decision at a time per worker (two workers: the helper pool's two
processes) to ``review.ReviewBot`` and never blocks a frame. Runners are kept by game
(``REVIEWS``, keyed like the replay files: the table's key and the number of moves), so the
replay viewer opened from the results finds the review, finished or still running.
"""

from __future__ import annotations

import pygame

from game.client import fonts, gfx, theme
from game.client.bot_worker import BotWorker
from game.client.coach.highlight import draw_move
from game.client.coach.hint_bot import LEVEL, points_meaning
from game.client.coach.review import Decision, ReviewBot, costliest, decision_positions
from game.client.seats import SeatKind
from game.client.text import t
from game.saves import table_key

WORKERS = 2
JUDGE = LEVEL       # the level that judges the decisions (the expert; a test may pick a faster one)
REVIEWS: dict[tuple, "ReviewRunner"] = {}
PANEL_H = 172
LINE_PITCH = 42
MARK = (238, 98, 98)


class ReviewRunner:
    def __init__(self, match, seats: list[int], start: int = 0) -> None:
        self.game = match.game
        self.seed = match.seed
        self.positions = decision_positions(match, seats, start)
        self.decisions: list[Decision] = []
        self.next = 0
        self.redo: list[int] = []      # positions whose request was cancelled (asked again)
        self.workers = [[BotWorker(waited_on=False), None] for _ in range(WORKERS)]   # [worker, request]

    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def done(self) -> bool:
        return len(self.decisions) >= self.total

    def step(self) -> None:
        """Poll the workers and hand out the next decisions (never waits)."""
        for slot in self.workers:
            worker, request = slot
            if request is not None:
                answer = worker.poll(request[0])
                if answer is None:
                    continue
                worker.cancel()
                slot[1] = None
                _key, index, seat, move, _position = request
                kind, value = answer
                if kind == "move":
                    best, best_value, played_value, worth = value
                    self.decisions.append(Decision(index, seat, str(move), played_value, best,
                                                   best_value, worth))
                else:   # an expert that failed on one position: that decision is not judged
                    self.decisions.append(Decision(index, seat, str(move), None, str(move),
                                                   None, False))
            if slot[1] is None and (self.redo or self.next < self.total):
                if self.redo:
                    position = self.redo.pop()
                else:
                    position = self.next
                    self.next += 1
                index, seat, view, move = self.positions[position]
                bot = ReviewBot(self.game, seat, (self.seed * 17 + index) & 0xFFFFFFFF)
                bot.played = move
                bot.judge = JUDGE
                key = ("review", id(self), index)
                worker.request(key, bot, view)
                slot[1] = (key, index, seat, move, position)

    def cancel(self) -> None:
        """Stop thinking (the helpers are free for the next game); ``step`` goes on later
        where it stopped (the replay viewer does)."""
        for slot in self.workers:
            slot[0].cancel()
            if slot[1] is not None:
                self.redo.append(slot[1][4])
            slot[1] = None

    def top(self) -> list[Decision]:
        return costliest(self.decisions)


def review_key(header: dict, moves: int):
    try:
        return (table_key(header), moves)
    except Exception:  # noqa: BLE001 - a header without a key: no review to find
        return None


def start_review(match, setup: dict):
    """The review of a game that just ended (started once per game); None without humans."""
    seats = [s for s, info in enumerate(match.seats) if info.kind == SeatKind.HUMAN]
    if not seats or setup.get("replay"):
        return None
    key = review_key(match.header(), match.seq)
    if key is not None and key in REVIEWS:
        return REVIEWS[key]
    runner = ReviewRunner(match, seats, setup.get("review_from", 0))
    if key is not None:
        REVIEWS[key] = runner
    return runner


def review_for_replay(replay):
    header = getattr(getattr(replay.loaded, "save", None), "header", None)
    if not isinstance(header, dict):
        return None
    return REVIEWS.get(review_key(header, len(replay)))


# -- text -----------------------------------------------------------------------------------
def decision_line(label, decision: Decision, seat_name) -> str:
    """One decision as a player reads it (``label``: the game kit's move label, given by the
    screen so that this module needs no kit: the kits' boards lead to the results screen)."""
    played, best = label(decision.played), label(decision.best)
    if best == played:          # the same piece on the same cell: the orientation differs
        best = t("coach.other_way", move=best)
    return t("coach.review_line", n=decision.index + 1, name=seat_name(decision.seat),
             played=played, best=best, cost=decision.cost)


VALUES_KEY = {"gain": "coach.review_values_gain", "sheet": "coach.review_values_worth",
              "final": "coach.review_values_expect"}


def values_line(decision: Decision, game_name: str) -> str:
    """The two values of a decision: a sheet's worth (Railroad Ink), the expected final score
    (Metro, Metromania), or the points made at once (an estimate failed)."""
    key = VALUES_KEY[points_meaning(game_name, decision.worth)]
    return t(key, played=decision.played_value, best=decision.best_value)


# -- results --------------------------------------------------------------------------------
def review_panel_rect(screen, table: pygame.Rect):
    """Where the results screen shows the review: the bottom of its score table ``table``
    (None when the table needs the room)."""
    # Railroad Ink's rows are 80 px, the other games' up to 112: three or two rows leave room
    most = 3 if screen.match.game.name == "railroad-ink" else 2
    if len(screen.match.seats) > most or "companies" in screen.result:
        return None
    return pygame.Rect(table.x, table.bottom - PANEL_H, table.width, PANEL_H)


def draw_review(surface, screen, table: pygame.Rect) -> None:
    runner = getattr(screen, "review", None)
    rect = review_panel_rect(screen, table)
    if runner is None or rect is None:
        return
    theme.rounded_panel(surface, rect, theme.PANEL, 14, theme.PANEL_EDGE, 1)
    fonts.blit_in(surface, t("coach.review_title"), 22, theme.TEXT,
                  pygame.Rect(rect.x + 18, rect.y + 8, rect.width // 2, 30), "semibold",
                  "midleft", name="review title")
    if not runner.done:
        dots = "." * (1 + int(screen.app.time * 3) % 3)
        fonts.blit_in(surface, t("coach.review_progress", done=len(runner.decisions),
                                 total=runner.total) + dots, 18, theme.ACCENT,
                      pygame.Rect(rect.centerx, rect.y + 8, rect.width // 2 - 18, 30),
                      "semibold", "midright", name="review progress")
        bar = pygame.Rect(rect.x + 18, rect.y + 52, rect.width - 36, 10)
        gfx.rect(surface, theme.BG_DEEP, bar, border_radius=5)
        done = bar.copy()
        done.width = bar.width * len(runner.decisions) // max(1, runner.total)
        if done.width:
            gfx.rect(surface, theme.ACCENT, done, border_radius=5)
        return
    top = runner.top()
    if not top:
        fonts.blit_in(surface, t("coach.review_none"), 18, theme.GOOD,
                      pygame.Rect(rect.x + 18, rect.y + 48, rect.width - 36, 28), "semibold",
                      "midleft", name="review none")
        return
    fonts.blit_in(surface, t("coach.review_costliest"), 16, theme.TEXT_DIM,
                  pygame.Rect(rect.centerx, rect.y + 8, rect.width // 2 - 18, 30), "regular",
                  "midright", name="review costliest")
    y = rect.y + 44
    for decision in top:
        line = pygame.Rect(rect.x + 18, y, rect.width - 36, 24)
        fonts.blit_in(surface, decision_line(screen.move_label, decision, screen.seat_name),
                      17, theme.TEXT, line, "semibold", "midleft", name="review line")
        fonts.blit_in(surface, values_line(decision, screen.match.game.name), 15, theme.TEXT_DIM,
                      pygame.Rect(rect.x + 34, y + 22, rect.width - 52, 18), "regular",
                      "midleft", name="review values")
        y += LINE_PITCH


# -- the replay viewer ----------------------------------------------------------------------
def marks(viewer) -> list[Decision]:
    runner = getattr(viewer, "review", None)
    return sorted(runner.top(), key=lambda d: d.index) if runner is not None else []


def next_mark(viewer) -> bool:
    """Step the viewer to the next marked decision (the position before it); True if any."""
    shown = marks(viewer)
    if not shown:
        return False
    later = [d for d in shown if d.index > viewer.index]
    target = (later or shown)[0]
    viewer.playing = False
    viewer.go_to(target.index)
    return True


def mark_here(viewer):
    for decision in marks(viewer):
        if decision.index == viewer.index:
            return decision
    return None


def draw_better_move(canvas, viewer) -> None:
    decision = mark_here(viewer)
    if decision is None or viewer.board is None:
        return
    game = viewer.game
    try:
        move = game.parse_move(decision.best)
    except Exception:  # noqa: BLE001 - notation this game no longer reads: nothing drawn
        return
    draw_move(canvas, viewer.board, game.name, decision.seat, move, 0.0)


def draw_marks(surface, viewer, bar: pygame.Rect) -> list:
    """Red ticks on the scrub bar at the marked decisions; returns (decision, rect)."""
    out = []
    total = max(1, viewer.total)
    for decision in marks(viewer):
        x = bar.x + int(bar.width * decision.index / total)
        tip = [(x, bar.y - 2), (x - 7, bar.y - 14), (x + 7, bar.y - 14)]
        gfx.polygon(surface, MARK, tip)
        gfx.polygon(surface, theme.BG_DEEP, tip, 1)
        out.append((decision, pygame.Rect(x - 9, bar.y - 18, 18, 20)))
    return out


def click_mark(viewer, pos, scrub: pygame.Rect) -> bool:
    """A click on a mark's tick steps to that decision (``scrub``: the scrub bar's area)."""
    bar = pygame.Rect(scrub.x, scrub.centery - 5, scrub.width, 10)
    total = max(1, viewer.total)
    for decision in marks(viewer):
        x = bar.x + int(bar.width * decision.index / total)
        if pygame.Rect(x - 9, bar.y - 18, 18, 20).collidepoint(pos):
            viewer.playing = False
            viewer.go_to(decision.index)
            return True
    return False


def draw_mark_note(surface, viewer, board_rect: pygame.Rect, label) -> None:
    shown = marks(viewer)
    if not shown:
        runner = getattr(viewer, "review", None)
        if runner is not None and not runner.done:
            text = t("coach.review_progress", done=len(runner.decisions), total=runner.total)
        else:
            return
    else:
        decision = mark_here(viewer)
        if decision is None:
            text = t("coach.review_step", n=len(shown), button=_button(viewer))
        else:
            text = decision_line(label, decision, viewer.table.seat_name) + " · " \
                + values_line(decision, viewer.review.game.name)
    box = pygame.Rect(board_rect.x + 12, board_rect.bottom - 44, board_rect.width - 24, 34)
    gfx.rect(surface, theme.ACCENT, box, border_radius=10)
    fonts.blit_in(surface, text, 17, theme.TEXT_DARK, box, "semibold", inset=10,
                  name="review note")


def _button(viewer) -> str:
    device = viewer.app.input.last_device
    return t("coach.key_pad") if device.startswith("pad") else "H"

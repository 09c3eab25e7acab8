"""The review in the client: shown on the results screen (progress, then the three costliest
decisions with what each cost and what the two values are) and marked in the replay viewer
(ticks on the scrub bar; H, a controller's right stick or a click on a tick steps to the next
one, where the better move is drawn on the board of the seat who decided). The review itself
is thought by ``review_runner.ReviewRunner``.
"""

from __future__ import annotations

import pygame

from game.client import fonts, gfx, text_layout, theme
from game.client.coach.highlight import draw_move
from game.client.coach.hint_bot import points_meaning
from game.client.coach.review import Decision
from game.client.games.results_panel import score_text
from game.client.plural import tn
from game.client.text import t

TITLE_H = 34
DECISION_PITCH = 54
MARK = (238, 98, 98)


# -- text -----------------------------------------------------------------------------------
def decision_line(label, decision: Decision, seat_name) -> str:
    """One decision as a player reads it (``label``: the game kit's move label, given by the
    screen so that this module needs no kit: the kits' boards lead to the results screen)."""
    played, best = label(decision.played), label(decision.best)
    if best == played:          # the same piece on the same cell: the orientation differs
        best = t("coach.other_way", move=best)
    return t("coach.review_move", n=decision.index + 1, name=seat_name(decision.seat),
             played=played, best=best)


def loss_text(decision: Decision) -> str:
    """What the decision cost, in points ("−7 points")."""
    return tn("coach.review_loss", decision.cost)


VALUES_KEY = {"gain": "coach.review_expect_gain", "sheet": "coach.review_expect_sheet",
              "final": "coach.review_expect_final"}


def values_line(decision: Decision, game_name: str) -> str:
    """The two values of a decision, saying what they are: a sheet's expected final points
    (Railroad Ink), the expected final score (Metro, Metromania), or the points made at once
    (an estimate failed)."""
    key = VALUES_KEY[points_meaning(game_name, decision.worth)]
    return t(key, played=score_text(decision.played_value),
             best=score_text(decision.best_value))


def status_line(runner) -> tuple[str, tuple]:
    """(what the review's title row says on its right, its colour)."""
    if not runner.done:
        if runner.checking:
            return t("coach.review_checking"), theme.ACCENT
        return t("coach.review_progress", done=runner.screened, total=runner.total), \
            theme.ACCENT
    unjudged = runner.unjudged_count()
    if unjudged:
        return tn("coach.review_unjudged", unjudged), theme.BAD
    return (t("coach.review_costliest") if runner.top() else ""), theme.TEXT_DIM


def verdict_line(runner) -> str:
    """The review's words when it has no costly decision to list: nothing could be judged, or
    every move judged was as good as the expert's."""
    if runner.total and runner.judged_count() == 0:
        return t("coach.review_not_reviewed")
    if not runner.total:
        return t("coach.review_no_decisions")
    return t("coach.review_none")


# -- results --------------------------------------------------------------------------------
def draw_review(surface, screen, rect: pygame.Rect) -> None:
    """The review's panel of the results screen ``screen`` in ``rect``."""
    runner = screen.review
    theme.rounded_panel(surface, rect, theme.PANEL, 14, theme.PANEL_EDGE, 1)
    half = rect.width // 2
    fonts.blit_in(surface, t("coach.review_title"), 22, theme.TEXT,
                  pygame.Rect(rect.x + 16, rect.y + 4, half - 24, TITLE_H - 4), "semibold",
                  "midleft", name="review title")
    status, colour = status_line(runner)
    if status:
        fonts.blit_in(surface, status, 16, colour,
                      pygame.Rect(rect.x + half - 40, rect.y + 4, half + 40 - 16, TITLE_H - 4),
                      "semibold", "midright", name="review status")
    if not runner.done:
        bar = pygame.Rect(rect.x + 16, rect.y + TITLE_H + 14, rect.width - 32, 10)
        gfx.rect(surface, theme.BG_DEEP, bar, border_radius=5)
        done = bar.copy()
        done.width = int(bar.width * runner.fraction())
        if done.width:
            gfx.rect(surface, theme.ACCENT, done, border_radius=5)
        lines = text_layout.wrap(t("coach.review_background"), 16, rect.width - 32)
        for i, line in enumerate(lines[:4]):
            fonts.blit_in(surface, line, 16, theme.TEXT_DIM,
                          pygame.Rect(rect.x + 16, bar.bottom + 12 + i * 22, rect.width - 32,
                                      22), "regular", "midleft", name="review wait")
        return
    top = runner.top()
    if not top:
        unjudged = runner.unjudged_count()
        colour = theme.BAD if unjudged else theme.GOOD
        lines = text_layout.wrap(verdict_line(runner), 17, rect.width - 32)
        for i, line in enumerate(lines[:3]):
            fonts.blit_in(surface, line, 17, colour,
                          pygame.Rect(rect.x + 16, rect.y + TITLE_H + 8 + i * 24,
                                      rect.width - 32, 24), "semibold", "midleft",
                          name="review verdict")
        return
    y = rect.y + TITLE_H + 4
    for decision in top:
        loss = loss_text(decision)
        loss_w = min(120, fonts.render(loss, 16, theme.BAD, "bold").get_width() + 4)
        fonts.blit_in(surface, decision_line(screen.move_label, decision, screen.seat_name),
                      16, theme.TEXT,
                      pygame.Rect(rect.x + 16, y, rect.width - 32 - loss_w - 8, 24),
                      "semibold", "midleft", name="review line")
        fonts.blit_in(surface, loss, 16, theme.BAD,
                      pygame.Rect(rect.right - 16 - loss_w, y, loss_w, 24), "bold",
                      "midright", name="review loss")
        fonts.blit_in(surface, values_line(decision, screen.match.game.name), 14,
                      theme.TEXT_DIM, pygame.Rect(rect.x + 28, y + 24, rect.width - 44, 20),
                      "regular", "midleft", name="review values")
        y += DECISION_PITCH


# -- the replay viewer ----------------------------------------------------------------------
def marks(viewer) -> list[Decision]:
    """The decisions marked in the viewer: the review's costliest, once it is over."""
    runner = getattr(viewer, "review", None)
    if runner is None or not runner.done:
        return []
    return sorted(runner.top(), key=lambda d: d.index)


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
            text = t("coach.review_progress", done=runner.screened, total=runner.total)
        else:
            return
    else:
        decision = mark_here(viewer)
        if decision is None:
            text = t("coach.review_step", n=len(shown), button=_button(viewer))
        else:
            text = " · ".join((decision_line(label, decision, viewer.table.seat_name),
                               loss_text(decision),
                               values_line(decision, viewer.review.game.name)))
    box = pygame.Rect(board_rect.x + 12, board_rect.bottom - 44, board_rect.width - 24, 34)
    gfx.rect(surface, theme.ACCENT, box, border_radius=10)
    fonts.blit_in(surface, text, 17, theme.TEXT_DARK, box, "semibold", inset=10,
                  name="review note")


def _button(viewer) -> str:
    device = viewer.app.input.last_device
    return t("coach.key_pad") if device.startswith("pad") else "H"

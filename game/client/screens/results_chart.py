"""The results screen's chart of every player's score over the turns (a game's own chart, when
its results panel has one, takes its place), and the score history it is drawn from."""

from __future__ import annotations

import pygame

from game.client import canvas, fonts, gfx, theme
from game.client.plural import tn
from game.client.text import t
from game.match import Match


def score_history(match) -> list[list[int]]:
    """Scores after every move, rebuilt by stepping through the match's log (for loaded games
    too). Each step replays one logged entry unchecked and keeps its recorded hash: the log
    was checked when it was played, and hashing every state again made opening the results
    of a long game cost a noticeable pause. A LAN table's log (issue 13) holds chance entries
    and this machine's partial state, which this plays as they are."""
    step = Match.at(match, 0)
    history = [list(step.scores()["scores"])]
    for number in range(1, match.seq + 1):
        step = Match.at(match, number, step.state, number - 1)
        history.append(list(step.scores()["scores"]))
    return history


def build_chart(size, history: list[list[int]], look, shapes: list[int]) -> pygame.Surface:
    """The chart as a kept layer of ``size``: a line per seat in its colour, ending in its
    shape (``shapes[seat]``: the seat's colour index)."""
    chart = canvas.layer(size, pygame.SRCALPHA)
    box = chart.get_rect()
    theme.rounded_panel(chart, box, theme.PANEL, 18, theme.PANEL_EDGE, 1)
    fonts.blit_in(chart, t("results.chart"), 20, theme.TEXT,
                  pygame.Rect(20, 8, box.width - 40, 30), "semibold", "midleft",
                  name="results chart title")
    plot = pygame.Rect(52, 46, box.width - 76, box.height - 80)
    top = max(1, max(max(row) for row in history))
    low = min(0, min(min(row) for row in history))   # scores may go below zero
    span = top - low
    step = max(1, round(span / 4 / 5) * 5) if span > 10 else max(1, span // 4 or 1)
    if plot.height < 140:
        step *= 2                    # a low chart: fewer grid lines, their labels apart
    value = low - low % step if low < 0 else 0
    while value <= top:
        y = plot.bottom - plot.height * (value - low) / span
        gfx.line(chart, (44, 58, 80), (plot.x, y), (plot.right, y))
        fonts.blit_in(chart, str(value), 15, theme.TEXT_DIM,
                      pygame.Rect(4, int(y) - 9, plot.x - 10, 18), "regular", "midright",
                      name="results chart axis")
        value += step
    turns = max(1, len(history) - 1)
    fonts.blit_in(chart, tn("results.turns", turns), 15, theme.TEXT_DIM,
                  pygame.Rect(plot.x, plot.bottom + 6, plot.width, 20), "regular", "midright",
                  name="results chart turns")
    for seat in range(len(history[0])):
        rgb = look.seat_colour(seat)
        pts = [(plot.x + plot.width * i / turns,
                plot.bottom - plot.height * (row[seat] - low) / span)
               for i, row in enumerate(history)]
        if len(pts) > 1:
            gfx.lines(chart, theme.outline_for(rgb), False, pts, 5)
            gfx.lines(chart, rgb, False, pts, 3)
        theme.draw_shape(chart, shapes[seat], pts[-1], 7, rgb, theme.outline_for(rgb))
    return chart

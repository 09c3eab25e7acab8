"""A game's part of the results screen: how its seats are ranked and what each seat's row says.

The results screen (``screens/results.py``) is shared by every game and names none: it asks
the game's kit for a ``ResultsPanel`` (``GameKit.results_panel``) and gives it the rows to fill.
The screen decides where rows go and how many fit (pages of rows when a table is big); the
panel draws inside the rectangles it is given, its texts kept in them (``fonts.box``).

This base class is the plain panel: place, name and score per seat, best score first (what a
game whose kit brings no breakdown shows). A game's panel adds its breakdown to a row
(``draw_row``), may put column headings above the rows (``header_height``/``draw_header``),
a table below them (``extra_height``/``draw_extra``: Metro's companies) and its own chart
(``draw_chart``; the screen's score-over-turns chart otherwise).

``look`` (the screen) names and colours the seats: ``look.seat_name(seat)``,
``look.seat_colour(seat)``.
"""

from __future__ import annotations

import pygame

from game.client import fonts, theme


def score_text(score: int) -> str:
    """A score as players read it: a true minus sign below zero."""
    return f"−{-score}" if score < 0 else str(score)


class ResultsPanel:
    row_min = 44          # a row is never lower (rows that do not fit go to another page)
    row_max = 72          # nor higher, however few the seats
    header_height = 0     # column headings above the rows
    name_width = 330      # the place and name at the left of a row

    def __init__(self, match, result: dict) -> None:
        self.match = match
        self.result = result
        self.scores = result["scores"]
        self.winners = set(match.game.winners(match.state))

    # -- ranking ----------------------------------------------------------------------------
    def rank_key(self, seat: int) -> tuple:
        """What ranks a seat (smaller first); equal keys share a place. The winners (after
        the game's tie-break) come first, then the score."""
        return (seat not in self.winners, -self.scores[seat])

    def ranking(self) -> list[int]:
        """Every seat, best first (ties: the lower seat first)."""
        return sorted(range(len(self.scores)), key=lambda s: (self.rank_key(s), s))

    def place(self, ranking: list[int], index: int) -> int:
        """The 1-based place of the ``index``-th seat of ``ranking`` (equal keys share one)."""
        while index > 0 and self.rank_key(ranking[index - 1]) == self.rank_key(ranking[index]):
            index -= 1
        return index + 1

    # -- drawing ----------------------------------------------------------------------------
    def extra_height(self) -> int:
        """Room the panel needs below the rows (``draw_extra``)."""
        return 0

    def draw_header(self, surface, rect: pygame.Rect, look) -> None:
        """Column headings above the rows (``header_height`` high)."""

    def draw_row(self, surface, row: pygame.Rect, seat: int, place: int, look) -> None:
        """One seat's row inside ``row`` (its panel and colour bar are drawn already)."""
        self.draw_name(surface, row, seat, place, look, row.centery, "midleft")
        self.draw_score(surface, row, seat, row.centery, "midright")

    def draw_name(self, surface, row: pygame.Rect, seat: int, place: int, look, y: int,
                  anchor: str = "topleft", size: int = 26) -> None:
        """The place and the name at the left of a row, at height ``y``."""
        area = pygame.Rect(row.x + 28, row.y, self.name_width - 28, row.height)
        with fonts.box(area, "results name"):
            fonts.blit(surface, f"{place}. {look.seat_name(seat)}", size, theme.TEXT,
                       (area.x, y), "semibold", anchor)

    def draw_score(self, surface, row: pygame.Rect, seat: int, y: int,
                   anchor: str = "topright", size: int = 40) -> None:
        """The final score at the right of a row."""
        area = pygame.Rect(row.right - 120, row.y, 104, row.height)
        with fonts.box(area, "results score"):
            fonts.blit(surface, score_text(self.scores[seat]), size, theme.TEXT,
                       (area.right, y), "bold", anchor)

    def draw_extra(self, surface, rect: pygame.Rect, look) -> None:
        """What goes below the rows (``extra_height`` high)."""

    def draw_chart(self, surface, rect: pygame.Rect, seats: list[int], look) -> bool:
        """The game's own chart of ``seats`` (the page shown) in ``rect``; False: the
        screen's chart of the scores over the turns."""
        return False

"""Metromania's players' panel (left): the game's name, then a row per player with the score,
the status, both lines and the markers in hand.

Kept as a layer. A move changes one or two rows (the mover's, and whose turn it is now):
only the rows whose contents changed are painted again (``boards.dirty``), with the panel's
usual drawing clipped to them; the look (colours, language, shapes, window scale), the end of
the game or its trip show paint it all again.
"""

from __future__ import annotations

import pygame

from game.client import canvas, fonts, theme
from game.client.boards import dirty
from game.client.games.metromania.layout import LEFT
from game.client.text import language, t


class PlayersPanel:
    def __init__(self, board) -> None:
        self.board = board
        self.panel: pygame.Surface | None = None
        self.look = None
        self.rows: list | None = None
        self.damage = dirty.Damage()       # screen places the frame's composite must take again

    def layer(self) -> pygame.Surface:
        board = self.board
        st = board.state
        look = (board.play.colour_key(),
                board.show.index if board.show is not None else -1,
                board.app.settings["colour_blind"], board.match.is_over(), language(),
                canvas.current_scale(), st.players)
        if self.panel is not None and look == self.look and self.rows is not None \
                and self.rows[0] == (board.match.seq, board.viewer) \
                and not canvas.stale(self.panel):
            statuses = tuple(board.play.seat_status(s) for s in range(st.players))
            if statuses == self.rows[1]:
                return self.panel
        rows = self._rows()
        if self.panel is None or look != self.look or canvas.stale(self.panel):
            self.panel = canvas.layer(LEFT.size, pygame.SRCALPHA)
            self._paint(self.panel, dirty.EVERYTHING)
            self.damage.all()
        else:
            changed = [board.seat_row(seat).move(-LEFT.x, -LEFT.y).inflate(4, 4)
                       for seat, (a, b) in enumerate(zip(self.rows[2], rows[2])) if a != b]
            dirty.repaint(self.panel, changed, self._paint)
            for rect in changed:
                self.damage.add(rect.move(LEFT.topleft))
        self.look, self.rows = look, rows
        return self.panel

    def _rows(self) -> tuple:
        """((seq, viewer), statuses, what each row shows: the viewer decides which hands
        are face down)."""
        board = self.board
        st = board.state
        statuses = tuple(board.play.seat_status(s) for s in range(st.players))
        shown = tuple((not board.match.is_over() and seat == st.turn, board.colour(seat),
                       board.play.seat_name(seat), board.shown_score(seat), statuses[seat],
                       board.line_status(seat, 0), board.line_status(seat, 1),
                       tuple(board.shown_hand(seat)))
                      for seat in range(st.players))
        return (board.match.seq, board.viewer), statuses, shown

    def _paint(self, panel, region: dirty.Region) -> None:
        board = self.board
        box = panel.get_rect()
        theme.rounded_panel(panel, box, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        title = pygame.Rect(18, 6, box.width - 36, 40)
        if region.touches(title):
            fonts.blit_in(panel, t("game.metromania"), 28, theme.ACCENT, title, "bold",
                          "midleft")
        cb = board.app.settings["colour_blind"]
        for seat in range(board.state.players):
            if region.touches(board.seat_row(seat).move(-LEFT.x, -LEFT.y)):
                board.paint_seat_row(panel, seat, board.shown_hand(seat), cb)

"""Metromania's header: whose turn it is (a bonus turn, the last round; the trips' title once
the game is over) and how many station markers are left.

Every text the header can show in this game is made at the window's scale when the table is
first drawn (and again after the window changes size or the language changes): the frame a
move lands in, which often changes the header's words, then only blits them (a header text
drawn for the first time cost that frame 0.5 ms at 720p, up to 2.4 ms at 1080p; issue 30
wants the landing frame under 4 ms)."""

from __future__ import annotations

from game.client import canvas, fonts, theme
from game.client.games.metromania.layout import HEADER
from game.client.text import language, t
from game.rules.metromania.state import BONUS

LAST_ROUND_JOIN = "  ·  "
# (size, colour, where, weight, anchor) of the header's two lines
TITLE = (28, theme.TEXT, (640, 30), "semibold", "center")
STATIONS = (18, theme.TEXT_DIM, (640, 62), "regular", "center")


class Header:
    """The header of one board: draws it, and makes its texts ahead (``warm``)."""

    def __init__(self, board) -> None:
        self.board = board
        self.made_for = None          # (scale, language) the texts were made ahead for

    def words(self) -> tuple[str, str]:
        """(title, station markers line) for the state shown now."""
        board = self.board
        st = board.state
        if board.match.is_over():
            title = t("mania.trips_title")
        else:
            title = board.turn_line(st.turn, "mania.bonus_turn" if st.phase == BONUS else None)
            if st.end_by >= 0:
                title += LAST_ROUND_JOIN + t("mania.last_round")
        return title, t("mania.stations_left", n=st.stations_left())

    def draw(self, surface) -> None:
        self.warm()
        title, stations = self.words()
        with fonts.box(HEADER, "header"):
            fonts.blit(surface, title, *TITLE)
            fonts.blit(surface, stations, *STATIONS)

    def warm(self) -> None:
        """Make every title and markers line this game can still show (each seat's turn,
        its bonus turn, each with the last round; the trips' title; every count of markers
        down to none), unless made already at this scale and language."""
        key = (canvas.current_scale(), language())
        if key == self.made_for:
            return
        self.made_for = key
        board = self.board
        titles = [t("mania.trips_title")]
        for seat in range(board.state.players):
            for own in (None, "mania.bonus_turn"):
                line = board.turn_line(seat, own)
                titles += [line, line + LAST_ROUND_JOIN + t("mania.last_round")]
        with fonts.box(HEADER, "header"):
            for title in dict.fromkeys(titles):
                fonts.warm(title, *TITLE)
            for n in range(board.state.stations_left(), -1, -1):
                fonts.warm(t("mania.stations_left", n=n), *STATIONS)


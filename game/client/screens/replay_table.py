"""The stand-in for the play screen that a board is driven by in the replay viewer."""

from __future__ import annotations

from game.client.screens.play import PlayScreen
from game.client.seats import SeatKind
from game.client.text import t
from game.match import Match


class ReplayTable:
    """What a board needs from the play screen, for a replay: seat names, colours and shapes
    from the save, no bots thinking, no acting human (so no cursor, ghost or buttons), and
    nothing ever proposed or toasted."""

    seat_name = PlayScreen.seat_name
    seat_colour = PlayScreen.seat_colour
    seat_shape = PlayScreen.seat_shape
    colour_key = PlayScreen.colour_key
    match_scores = PlayScreen.match_scores

    def __init__(self, app, match: Match) -> None:
        self.app = app
        self.match = match
        self.bots: dict = {}
        self.setup: dict = {"replay": True}
        self.history: list = []
        self.scores_known = None
        self.viewer = None
        self.focus = 0            # the seat whose sheet is shown large (Railroad Ink)

    def human_seats(self) -> list[int]:
        return [self.focus]

    def is_bot(self, seat: int) -> bool:
        return False

    def seat_paused(self, seat: int) -> bool:
        return False

    def seat_status(self, seat: int) -> str:
        info = self.match.seats[seat] if seat < len(self.match.seats) else None
        if info is not None and info.kind == SeatKind.BOT:
            level = t(f"level.{info.level}") if info.level else ""
            return t("play.bot", level=level)
        return ""

    def active_human(self):
        return None

    def toast(self, text: str, kind: str = "info") -> None:
        pass       # stepping through moves would flood the screen with the game's toasts

    def open_pause(self) -> None:
        pass

    def propose(self, seat: int, move) -> bool:
        return False

"""The state of a Railroad Ink game: the shared roll, and per seat its sheet and round progress.

A round's drawable dice are *slots*: 0–2 route dice, 3 the junction die, 4–5 the expansion
dice (river, lake or lava). The meteor dice are kept apart (``meteor`` = [direction, distance]).
Per seat: the sheet, which slots are still pending, whether its meteor is resolved, the special
and volcano of this round, whether the mandatory lava die is done, the moves made this round
(notation) and the sheet as it was when the round began (for ``undo``, which restores that
snapshot and replays all but the last of those moves).
"""

from __future__ import annotations

from game.rules.core import Rng

from .sheet import Sheet


class SeatState:
    __slots__ = ("sheet", "ended", "pending", "skipped", "special_round", "meteor_done",
                 "volcano_round", "lava_done", "round_moves", "start")

    def __init__(self) -> None:
        self.sheet = Sheet()
        self.ended = False
        self.pending: list[int] = []
        self.skipped: list[int] = []
        self.special_round = ""
        self.meteor_done = True
        self.volcano_round = False
        self.lava_done = True
        self.round_moves: list[str] = []
        self.start = self.sheet.copy()

    def copy(self) -> "SeatState":
        other = SeatState.__new__(SeatState)
        other.sheet = self.sheet.copy()
        other.ended = self.ended
        other.pending = self.pending[:]
        other.skipped = self.skipped[:]
        other.special_round = self.special_round
        other.meteor_done = self.meteor_done
        other.volcano_round = self.volcano_round
        other.lava_done = self.lava_done
        other.round_moves = self.round_moves[:]
        other.start = self.start   # snapshots are never changed in place
        return other

    def encode(self) -> dict:
        sheet, start = self.sheet, self.start
        return {"cells": list(sheet.cells), "specials": list(sheet.specials), "dot": sheet.dot,
                "ended": self.ended, "pending": list(self.pending), "skipped": list(self.skipped),
                "special_round": self.special_round, "meteor_done": self.meteor_done,
                "volcano_round": self.volcano_round, "lava_done": self.lava_done,
                "round_moves": list(self.round_moves),
                "start": [list(start.cells), list(start.specials), start.dot]}


class State:
    __slots__ = ("config", "expansion", "rounds", "round", "rng", "dice", "meteor", "seats",
                 "over")

    def __init__(self, config: dict, rng: Rng) -> None:
        self.config = config
        variants = config.get("variants", [])
        self.expansion = variants[0] if variants else ""
        self.rounds = 0
        self.round = 0
        self.rng = rng
        self.dice: list[str] = []
        self.meteor: list | None = None
        self.seats = [SeatState() for _ in range(config["players"])]
        self.over = False

    def copy(self) -> "State":
        other = State.__new__(State)
        other.config = self.config
        other.expansion = self.expansion
        other.rounds = self.rounds
        other.round = self.round
        other.rng = self.rng.copy()
        other.dice = self.dice[:]
        other.meteor = None if self.meteor is None else list(self.meteor)
        other.seats = [seat.copy() for seat in self.seats]
        other.over = self.over
        return other

    def __deepcopy__(self, memo) -> "State":
        return self.copy()

    def encode(self) -> dict:
        return {"config": self.config, "rounds": self.rounds, "round": self.round,
                "rng": self.rng, "dice": list(self.dice),
                "meteor": None if self.meteor is None else list(self.meteor),
                "seats": [seat.encode() for seat in self.seats], "over": self.over}

"""What a lesson is made of: its fixed deal and its steps.

A step reads the rules' own state and moves; it never changes them. ``accept`` says whether a
move is what the step asks for (``None``: a step to read, then continue); ``done`` whether the
step is finished after an accepted move (default: one accepted move finishes it); ``skip``
whether the step has nothing to teach in the position reached (e.g. no station rolled);
``marks`` what to highlight on the board (screen rectangles, asked from the board's public
geometry); ``names`` the places of the board the step's text speaks of (``regions``: "end",
"rotate", "specials", "trips"…), which the coach's panel must leave uncovered with the marks.
Texts are catalog keys ``tutorial.<lesson>.<step>`` (and ``….why`` for the
refusal reason, ``tutorial.common.*`` as fallbacks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.match import SeatInfo

# (game, state, seat, move) -> bool
Accept = Callable[[object, object, int, object], bool]
# (game, state, seat) -> bool
Check = Callable[[object, object, int], bool]
# (board, seat) -> list of pygame.Rect
Marks = Callable[[object, int], list]


@dataclass(frozen=True)
class Step:
    name: str
    accept: Accept | None = None      # None: a step to read (confirm or click to go on)
    done: Check | None = None         # finished after an accepted move (None: at once)
    skip: Check | None = None         # nothing to teach here now: go past it
    marks: Marks | None = None        # where to act, highlighted on the board
    names: tuple = ()                 # places the text speaks of (tutorial.regions' names)
    # while no legal move is one ``accept`` likes (the tile in hand cannot do it yet), the
    # step takes a move ``meanwhile`` likes instead and stays (its text: ``….wait``);
    # ``toward`` ranks those moves for the example (lower is better: closer to the goal)
    meanwhile: Accept | None = None
    toward: Callable[[object], int] | None = None
    # (game, state, seat, move) -> why this move in particular is refused, or None for the
    # step's own reason (Metromania's lesson: which line a dig would block, and why)
    explain: Callable[[object, object, int, object], "str | None"] | None = None

    @property
    def reads(self) -> bool:
        return self.accept is None


@dataclass(frozen=True)
class Lesson:
    id: str                 # "railroad-ink", "railroad-ink-river", "metro", "metromania"
    game: str               # the rules' game name
    variants: tuple = ()
    players: int = 1
    seed: int = 1
    bots: tuple = ()        # the level of each seat after the learner's (seat 0)
    steps: tuple = field(default_factory=tuple)
    # where the coach's panel goes on this board (x, y, w, h at 1280x720)
    panel: tuple = (922, 48, 350, 620)

    def key(self, step: Step, part: str = "") -> str:
        base = f"tutorial.{self.id}.{step.name}"
        return f"{base}.{part}" if part else base

    def config(self, game) -> dict:
        return game.make_config(self.players, list(self.variants))

    def seats(self, learner: str, bot_names) -> list[SeatInfo]:
        seats = [SeatInfo(learner, "human", device="", colour=0)]
        for index, level in enumerate(self.bots):
            seats.append(SeatInfo(bot_names[index % len(bot_names)], "bot", level=level,
                                  colour=index + 1))
        return seats


def possible(game, state, seat: int, step: Step) -> bool:
    """Whether some legal move now is one the step's ``accept`` likes."""
    return step.accept is not None and any(step.accept(game, state, seat, move)
                                           for move in game.legal_moves(state, seat))


def waiting(game, state, seat: int, step: Step) -> bool:
    """The step waits: what it asks is not possible yet, a ``meanwhile`` move is taken."""
    return step.meanwhile is not None and not possible(game, state, seat, step)


def example_move(game, state, seat: int, step: Step):
    """A legal move the step accepts (what a test plays through the input), or None."""
    if step.accept is None:
        return None
    moves = game.legal_moves(state, seat)
    for move in moves:
        if step.accept(game, state, seat, move):
            return move
    if step.meanwhile is None:
        return None
    fitting = [move for move in moves if step.meanwhile(game, state, seat, move)]
    if step.toward is not None:
        fitting.sort(key=step.toward)
    return fitting[0] if fitting else None


class Guide:
    """Where a lesson stands: the current step, going past steps with nothing to teach, and
    moving on after an accepted move or a read step. Shared by the tutorial screen and the
    tests that play lessons through."""

    def __init__(self, lesson: Lesson, index: int = 0) -> None:
        self.lesson = lesson
        self.index = max(0, min(index, len(lesson.steps)))

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    def settle(self, game, state, seat: int) -> None:
        """Go past the steps whose ``skip`` says there is nothing to teach now."""
        while not self.finished:
            step = self.step
            if step.skip is not None and step.skip(game, state, seat):
                self.index += 1
                continue
            break

    def accepts(self, game, state, seat: int, move) -> str | None:
        """"main" (what the step asks), "meanwhile" (a move while it waits) or None."""
        step = self.step
        if step is None or step.accept is None:
            return None
        if step.accept(game, state, seat, move):
            return "main"
        if step.meanwhile is not None and step.meanwhile(game, state, seat, move) \
                and not possible(game, state, seat, step):
            return "meanwhile"
        return None

    def moved(self, game, state, seat: int, how: str = "main") -> None:
        """An accepted move was applied: the step is done unless its ``done`` says not yet
        (a ``meanwhile`` move never finishes it)."""
        step = self.step
        if step is None or step.accept is None or how != "main":
            return
        if step.done is None or step.done(game, state, seat):
            self.index += 1
        self.settle(game, state, seat)

    def read(self, game, state, seat: int) -> None:
        """A step to read was read: on to the next."""
        if self.step is not None and self.step.reads:
            self.index += 1
            self.settle(game, state, seat)

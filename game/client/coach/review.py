"""The post-game review: for each of the human players' decisions, the expert's evaluation of
the move made and of its own best move, and the costliest decisions.

A *decision* is a human seat's move in the log, except taking back (``undo``), ending a round,
skipping a die, and a drawing that the player took back later. Its position is the seat's own
view just before the move (``view`` of ``Match.at``: nothing hidden is used). ``ReviewBot``
(a bot for ``game.client.bot_worker``: it runs in a helper process) asks the expert for its
move there and values both with ``hint_bot.hint_for``, with one seed (the same sampled worlds
for both): in Railroad Ink the round planner's worth of the sheet after the move, in Metro and
Metromania the seat's expected final score after it (worlds played to the end as the normal
bot plays). The cost of a decision is the expert's value minus the value of the move made
(never below zero: the estimate may rate the played move above the expert's).
Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.bots.base import Bot, make_bot
from game.client.coach.hint_bot import LEVEL, hint_for, immediate_hint
from game.match import Match

SKIPPED = ("undo", "end", "skip:", "pass")
TOP = 3


@dataclass(frozen=True)
class Decision:
    index: int            # the move's place in the log (the replay shows it at index + 1)
    seat: int
    played: str           # notation of the move made
    played_value: int | None
    best: str             # notation of the expert's move
    best_value: int | None
    worth: bool           # values are estimates of where the seat ends, not points gained

    @property
    def cost(self) -> int:
        if self.played == self.best or self.played_value is None or self.best_value is None:
            return 0
        return max(0, self.best_value - self.played_value)


class ReviewBot(Bot):
    """Answers (expert move notation, its value, the played move's value, worth?) for a view;
    ``played`` (the move made there) is set before the request."""

    level = "review"
    played: Any = None
    judge = LEVEL          # the level whose move and values judge (travels with the bot)

    def choose(self, view: Any):
        expert = make_bot(self.game, self.seat, self.judge, self.seed)
        expert.set_cancel(self._cancel)
        move = expert.choose(view)
        best = hint_for(self.game, view, self.seat, move, self.seed)
        same = str(move) == str(self.played)
        mine = best if same else hint_for(self.game, view, self.seat, self.played, self.seed)
        if best.worth != mine.worth:      # one estimate failed: compare like with like
            best = immediate_hint(self.game, view, self.seat, move)
            mine = immediate_hint(self.game, view, self.seat, self.played)
        return str(move), best.points, mine.points, best.worth


def decision_positions(match: Match, seats: list[int], start: int = 0):
    """(log index, seat, view before the move, the move) of every decision of ``seats`` from
    log index ``start`` on (a puzzle's first rounds were not the player's)."""
    log = list(match.log)
    taken_back = set()
    for i, entry in enumerate(log):
        if str(entry.move) == "undo":
            # the seat's last move before this undo was taken back
            for j in range(i - 1, -1, -1):
                if log[j].seat == entry.seat and j not in taken_back \
                        and str(log[j].move) != "undo":
                    taken_back.add(j)
                    break
    out = []
    step = Match.at(match, 0)
    for i, entry in enumerate(log):
        text = str(entry.move)
        wanted = i >= start and entry.seat in seats and i not in taken_back and \
            not any(text == s or (s.endswith(":") and text.startswith(s)) for s in SKIPPED)
        if wanted:
            out.append((i, entry.seat, step.view(entry.seat), match.game.parse_move(text)))
        step = Match.at(match, i + 1, step.state, i)
    return out


def costliest(decisions: list[Decision], count: int = TOP) -> list[Decision]:
    """The ``count`` decisions that cost the most (ties: the earlier first), costs above 0."""
    ranked = sorted((d for d in decisions if d.cost > 0), key=lambda d: (-d.cost, d.index))
    return ranked[:count]

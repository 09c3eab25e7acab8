"""The post-game review: for each of the human players' decisions, how much the move made cost
against the best move found, and the costliest decisions.

A *decision* is a human seat's move in the log, except taking back (``undo``), ending a round,
skipping a die, and a drawing that the player took back later. Its position is the seat's own
view just before the move (``view`` of ``Match.at``: nothing hidden is used).

Moves are valued by the game's estimator (``hint_bot.appraiser``): in Railroad Ink the round
planner's worth of the sheet after the move, in Metro and Metromania the seat's expected final
score after it (sampled worlds played to the end as the normal bot plays, world k the same
for every move compared). The best move of a decision is the one of highest value among those
compared, the move made included, so the cost (best minus made) is never negative and the two
values shown beside it are always of the same kind.

Judging every decision with the expert's search and every sampled world took minutes on two
cores, and only the costliest few are shown. So a review runs in two passes (``ReviewBot``,
in the helper processes):

* the *screen* (every decision): the move made against the normal bot's best few moves
  (``SCREEN_MOVES``, ``appraiser.shortlist``) on the first quarter of the sampled worlds (all of
  them where the estimate samples nothing: Metromania with nothing hidden, Railroad Ink);
* the *check* (the decisions that look costliest: ``CHECKED`` of them, then any that rises
  into the top three): the expert's own move joins, and the move made, the screen's best and
  the expert's move are valued on every world (the screen's worlds are reused, not played
  again);
* the better move a check found is tried at the seat's other decisions nearby
  (``RESCREEN_REACH``: a *rescreen*, on the screen's worlds) where it was not compared yet,
  since a player who missed it once often misses it again; then the checks go on.

Seeds come from the game and the move's place in the log, and what is checked or screened
again depends only on the verdicts of the rounds before, so a review is the same on every
run. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.bots.base import Bot, make_bot
from game.client.coach.hint_bot import LEVEL, appraiser
from game.match import Match

SKIPPED = ("undo", "end", "skip:", "pass")
TOP = 3
SCREEN_MOVES = 3       # the normal bot's best moves the screen compares the move made with
CHECKED = 6            # decisions the expert checks at least (the costliest by the screen)
RESCREEN_REACH = 6     # a check's better move is tried this many of the seat's decisions away


@dataclass(frozen=True)
class Decision:
    index: int            # the move's place in the log (the replay shows it at index + 1)
    seat: int
    played: str           # notation of the move made
    played_value: int | None     # None: the decision could not be judged
    best: str             # notation of the best move found
    best_value: int | None
    worth: bool           # values are estimates of where the seat ends, not points gained
    checked: bool = False    # the expert looked at it (else the screen's verdict)
    spread: int = 0          # how far apart the screen's moves were: how much the choice mattered

    @property
    def judged(self) -> bool:
        return self.played_value is not None and self.best_value is not None

    @property
    def cost(self) -> int:
        if self.played == self.best or not self.judged:
            return 0
        return max(0, self.best_value - self.played_value)


@dataclass(frozen=True)
class Verdict:
    """A helper's answer about one decision: the best move found and both values (see
    ``Decision``), with every move's total over the worlds played (``sums``: (notation,
    total, worlds)), kept for the check to go on from."""

    best: str
    best_value: int
    played_value: int
    spread: int
    sums: tuple


class NoJudge(LookupError):
    """The game has no estimator: its decisions cannot be judged."""


def _mean(total: int, worlds: int) -> int:
    return (2 * total + worlds) // (2 * worlds)


def _verdict(moves: list, totals: list[int], worlds: list[int]) -> Verdict:
    """The verdict on ``moves`` (the move made first: it wins ties) from their totals."""
    means = [_mean(total, n) for total, n in zip(totals, worlds)]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    return Verdict(str(moves[best]), means[best], means[0], max(means) - min(means),
                   tuple((str(m), total, n) for m, total, n in zip(moves, totals, worlds)))


def _distinct(moves: list) -> list:
    seen, out = set(), []
    for move in moves:
        if str(move) not in seen:
            seen.add(str(move))
            out.append(move)
    return out


def screen(game, view, seat: int, played, seed: int) -> Verdict:
    """The first pass on one decision (see the module's doc)."""
    estimator = appraiser(game.name)
    if estimator is None:
        raise NoJudge(game.name)
    moves = _distinct([played] + estimator.shortlist(view, seat, SCREEN_MOVES))
    worlds = screen_worlds(estimator.worlds_for(view))
    totals = estimator.world_scores(view, seat, moves, seed, range(worlds))
    return _verdict(moves, totals, [worlds] * len(moves))


def screen_worlds(worlds: int) -> int:
    """How many of a decision's sampled worlds the screen plays: a quarter, at least two."""
    return min(worlds, max(2, worlds // 4))


def rescreen(game, view, seat: int, seed: int, screened: Verdict, extra: list[str]) -> Verdict:
    """The screen again with moves the expert found at the seat's other decisions (``extra``:
    notations; one not legal here is left out), on the screen's worlds: a mistake made again
    and again is found each time, not only where the expert happened to look."""
    estimator = appraiser(game.name)
    if estimator is None:
        raise NoJudge(game.name)
    worlds = screen_worlds(estimator.worlds_for(view))
    known = [notation for notation, _total, _n in screened.sums]
    new = []
    for notation in extra:
        if notation in known or notation in [str(move) for move in new]:
            continue
        try:
            move = game.parse_move(notation)
            game.check(view, seat, move)
        except Exception:  # noqa: BLE001 - not a move here: nothing to compare
            continue
        new.append(move)
    totals = [total for _notation, total, _n in screened.sums]
    counts = [n for _notation, _total, n in screened.sums]
    if new:
        totals += estimator.world_scores(view, seat, new, seed, range(worlds))
        counts += [worlds] * len(new)
    return _verdict(known + [str(move) for move in new], totals, counts)


def check(game, view, seat: int, played, seed: int, screened: Verdict, judge: str = LEVEL,
          cancel=None) -> Verdict:
    """The second pass on one decision: the expert's move joins the screen's best and the
    move made, all valued on every world (the screen's totals go on from where they were)."""
    estimator = appraiser(game.name)
    if estimator is None:
        raise NoJudge(game.name)
    expert = make_bot(game, seat, judge, seed)
    expert.set_cancel(cancel)
    suggested = expert.choose(view)
    known = {notation: (total, n) for notation, total, n in screened.sums}
    moves = _distinct([played, game.parse_move(screened.best), suggested])
    worlds = estimator.worlds_for(view)
    totals, counts = [], []
    for move in moves:
        total, n = known.get(str(move), (0, 0))
        if n < worlds:
            [more] = estimator.world_scores(view, seat, [move], seed, range(n, worlds))
            total, n = total + more, worlds
        totals.append(total)
        counts.append(n)
    return _verdict(moves, totals, counts)


class ReviewBot(Bot):
    """Judges decisions in a helper process (``game.client.bot_worker``): ``choose`` gets a
    list of views and answers a list of ``Verdict`` (None where one could not be judged).
    Set before the request: ``played`` and ``seeds`` (one per view), the ``task`` ("screen",
    "rescreen" or "check"), and for the last two the screen's verdicts (``screened``) and
    for a rescreen the moves to add (``extra``, notations per view)."""

    level = "review"
    task = "screen"
    played: Any = ()
    seeds: Any = ()
    screened: Any = ()
    extra: Any = ()
    judge = LEVEL             # the level whose move the check adds (travels with the bot)

    def choose(self, views: Any) -> list:
        out = []
        for index, view in enumerate(views):
            if self.should_stop():
                break
            played, seed = self.played[index], self.seeds[index]
            try:
                if self.task == "screen":
                    out.append(screen(self.game, view, self.seat, played, seed))
                elif self.task == "rescreen":
                    out.append(rescreen(self.game, view, self.seat, seed,
                                        self.screened[index], self.extra[index]))
                else:
                    out.append(check(self.game, view, self.seat, played, seed,
                                     self.screened[index], self.judge, self._cancel))
            except Exception:  # noqa: BLE001 - this decision is reported as not judged
                out.append(None)
        return out


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


def to_check(decisions: list[Decision], checked: set, first: bool) -> list[Decision]:
    """The decisions the next round of checks takes (the module's doc): in the first round the
    ``CHECKED`` costliest by the screen (ties: the wider spread, then the earlier); after it,
    any unchecked decision that rose into the top three."""
    ranked = sorted((d for d in decisions if d.judged),
                    key=lambda d: (-d.cost, -d.spread, d.index))
    if first:
        return ranked[:CHECKED]
    return [d for d in costliest(decisions) if d.index not in checked]

"""The review of a finished game, thought in the helper processes while the results show.

``ReviewRunner`` hands the review's two passes (``review``: the screen of every decision,
then the expert's checks of the costliest) to one ``BotWorker`` per core (the helper pool has
one process per core), a few decisions per request, and never blocks a frame: the screen
that shows it calls ``step`` once a frame. A round of checks starts when the one before has
ended, so the decisions checked do not depend on which helper answered first.

Runners are kept by game (``REVIEWS``, keyed like the replay files: the table's key and the
number of moves), so the replay viewer opened from the results finds the review, finished or
still running. Cancelling (the screen is left) frees the helpers; ``step`` later goes on where
it stopped. No pygame: the bench runs it too.
"""

from __future__ import annotations

from game.client.bot_worker import BotWorker, pool_limit
from game.client.coach.hint_bot import LEVEL, appraiser
from game.client.coach.review import (CHECKED, Decision, ReviewBot, costliest,
                                      decision_positions, to_check)
from game.saves import table_key

JUDGE = LEVEL       # the level whose move the checks add (a test may pick a faster one)
SCREEN_BATCH = 4    # decisions per screen request (a request is a round trip to a helper)
CHECK_WEIGHT = 4    # a check costs about this many screens (the progress bar)
REVIEWS: dict[tuple, "ReviewRunner"] = {}


class ReviewRunner:
    def __init__(self, match, seats: list[int], start: int = 0) -> None:
        self.game = match.game
        self.seed = match.seed
        self.judge = JUDGE
        self.positions = decision_positions(match, seats, start)
        self.by_index = {position[0]: number for number, position in
                         enumerate(self.positions)}
        self.decisions: dict[int, Decision] = {}    # log index -> the latest verdict
        self.screens: dict[int, object] = {}        # log index -> the screen's Verdict
        self.checked: set[int] = set()
        self.queue: list[int] = [position[0] for position in self.positions]   # to screen
        self.checks: list[int] = []                 # this round of checks, not yet sent
        self.rounds = 0                             # rounds of checks planned so far
        self.workers = [[BotWorker(waited_on=False), None] for _ in range(pool_limit())]
        self.judgeable = appraiser(self.game.name) is not None
        if not self.judgeable:        # nothing can judge this game's moves: said at once
            for index, seat, _view, move in self.positions:
                self.decisions[index] = Decision(index, seat, str(move), None, str(move),
                                                 None, False)
            self.queue = []

    # -- progress -------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def screened(self) -> int:
        return len(self.decisions)

    @property
    def checking(self) -> bool:
        """The screen is over and the expert checks the costliest decisions."""
        return self.judgeable and self.screened >= self.total and not self.done

    @property
    def done(self) -> bool:
        return self.screened >= self.total and not self.queue and not self.checks \
            and not self._sent() and not self._next_round(dry=True)

    def fraction(self) -> float:
        """How far the review has come, 0 to 1 (a check weighs ``CHECK_WEIGHT`` screens)."""
        if self.done:
            return 1.0
        planned = max(len(self.checked) + len(self.checks) + self._sent_checks(),
                      min(self.total, CHECKED))
        units = self.total + CHECK_WEIGHT * planned
        return min(0.99, (self.screened + CHECK_WEIGHT * len(self.checked)) / max(1, units))

    def judged_count(self) -> int:
        return sum(1 for decision in self.decisions.values() if decision.judged)

    def unjudged_count(self) -> int:
        """Decisions reviewed without a verdict (an estimate or the expert failed on them)."""
        return sum(1 for decision in self.decisions.values() if not decision.judged)

    def top(self) -> list[Decision]:
        return costliest(list(self.decisions.values()))

    # -- the work -------------------------------------------------------------------------
    def _sent(self) -> bool:
        return any(slot[1] is not None for slot in self.workers)

    def _sent_checks(self) -> int:
        return sum(len(slot[1][2]) for slot in self.workers
                   if slot[1] is not None and slot[1][1] == "check")

    def _next_round(self, dry: bool = False) -> list[int]:
        """The log indices of the next round of checks (planned once the screen is over and
        the round before has ended), or []."""
        if self.screened < self.total or self.queue or self.checks or self._sent() \
                or not self.judgeable:
            return []
        chosen = [d.index for d in to_check(list(self.decisions.values()), self.checked,
                                            self.rounds == 0)
                  if d.index not in self.checked]
        if not dry:
            self.rounds += 1
        return chosen

    def step(self) -> None:
        """Poll the workers and hand out the next requests (never waits)."""
        for slot in self.workers:
            if slot[1] is not None:
                self._poll(slot)
            if slot[1] is None:
                if not self.queue and not self.checks:
                    self.checks = self._next_round()
                self._send(slot)

    def _poll(self, slot) -> None:
        worker, (key, kind, indices) = slot
        answer = worker.poll(key)
        if answer is None:
            return
        worker.cancel()
        slot[1] = None
        status, verdicts = answer
        if status != "move" or not isinstance(verdicts, list):
            verdicts = []
        for number, index in enumerate(indices):
            verdict = verdicts[number] if number < len(verdicts) else None
            if kind == "check":
                self.checked.add(index)
            self._record(index, kind, verdict)

    def _record(self, index: int, kind: str, verdict) -> None:
        _i, seat, _view, move = self.positions[self.by_index[index]]
        if verdict is None:
            if kind == "check" and index in self.decisions:
                return               # the expert failed here: the screen's verdict stands
            self.decisions[index] = Decision(index, seat, str(move), None, str(move), None,
                                             False)
            return
        if kind == "screen":
            self.screens[index] = verdict
        self.decisions[index] = Decision(index, seat, str(move), verdict.played_value,
                                         verdict.best, verdict.best_value, True,
                                         checked=kind == "check", spread=verdict.spread)

    def _send(self, slot) -> None:
        if self.queue:
            kind, indices = "screen", self.queue[:SCREEN_BATCH]
            del self.queue[:SCREEN_BATCH]
        elif self.checks:
            kind, indices = "check", self.checks[:1]
            del self.checks[:1]
        else:
            return
        positions = [self.positions[self.by_index[index]] for index in indices]
        seat = positions[0][1]
        same_seat = [p for p in positions if p[1] == seat]
        if len(same_seat) < len(positions):      # one seat per request: put the rest back
            rest = [p[0] for p in positions if p[1] != seat]
            (self.queue if kind == "screen" else self.checks)[:0] = rest
            positions = same_seat
        indices = [p[0] for p in positions]
        bot = ReviewBot(self.game, seat, 0)
        bot.played = [p[3] for p in positions]
        bot.seeds = [(self.seed * 17 + index) & 0xFFFFFFFF for index in indices]
        bot.judge = self.judge
        if kind == "check":
            bot.screened = [self.screens.get(index) for index in indices]
        key = ("review", id(self), kind, tuple(indices))
        slot[0].request(key, bot, [p[2] for p in positions])
        slot[1] = (key, kind, indices)

    def cancel(self) -> None:
        """Stop thinking (the helpers are free for the next game); ``step`` goes on later
        where it stopped (the replay viewer does)."""
        for slot in self.workers:
            slot[0].cancel()
            if slot[1] is not None:
                _key, kind, indices = slot[1]
                (self.queue if kind == "screen" else self.checks)[:0] = indices
            slot[1] = None


def review_key(header: dict, moves: int):
    try:
        return (table_key(header), moves)
    except Exception:  # noqa: BLE001 - a header without a key: no review to find
        return None


def start_review(match, seats: list[int], start: int = 0):
    """The review of ``seats``' decisions in a game that just ended (started once per game:
    a screen shown again finds the same runner); None without a seat to review."""
    if not seats:
        return None
    key = review_key(match.header(), match.seq)
    if key is not None and key in REVIEWS:
        return REVIEWS[key]
    runner = ReviewRunner(match, seats, start)
    if key is not None:
        REVIEWS[key] = runner
    return runner


def review_for_replay(replay):
    header = getattr(getattr(replay.loaded, "save", None), "header", None)
    if not isinstance(header, dict):
        return None
    return REVIEWS.get(review_key(header, len(replay)))

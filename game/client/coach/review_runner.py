"""The review of a finished game, thought in the helper processes while the results show.

``ReviewRunner`` hands the review's work (``review``: the screen of every decision, the
expert's checks of the costliest, the rescreens with the better moves the checks found) to the
helper pool (one process per core), two ``BotWorker`` requests per core and a few decisions per
request, and never blocks a frame: the screen that shows it calls ``step`` once a frame. A round of
checks or rescreens is planned when everything sent before has come back, so what is judged
never depends on which helper answered first: a review is the same on every run.

Runners are kept by game (``REVIEWS``, keyed like the replay files: the table's key and the
number of moves), so the replay viewer opened from the results finds the review, finished or
still running. Cancelling (the screen is left) frees the helpers; ``step`` later goes on where
it stopped. No pygame: the bench runs it too.
"""

from __future__ import annotations

from game.client.bot_worker import BotWorker, pool_limit
from game.client.coach.hint_bot import LEVEL, appraiser
from game.client.coach.review import (CHECKED, RESCREEN_REACH, Decision, ReviewBot,
                                      costliest, decision_positions, to_check)
from game.saves import table_key

JUDGE = LEVEL       # the level whose move the checks add (a test may pick a faster one)
SCREEN_BATCH = 4    # decisions per screen request (a request is a round trip to a helper)
CHECK_WEIGHT = 4    # a check costs about this many screens (the progress bar)
REVIEWS: dict[tuple, "ReviewRunner"] = {}
KEPT_REVIEWS = 8    # the reviews of the last games, for their replays


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
        self.tried: set[tuple[int, str]] = set()    # (log index, move) rescreened there
        self.found: list[tuple[int, str]] = []      # checks' better moves, not tried yet
        # the work not sent yet: (task, log indices, extra moves per index)
        self.tasks: list[tuple[str, list[int], list]] = []
        self.rounds = 0                             # rounds of checks planned so far
        # two requests out per core: a helper that answers has the next one waiting in its
        # pipe, so it never idles until the next frame (a results screen may step a few
        # times a second only)
        self.workers = [[BotWorker(waited_on=False), None] for _ in range(2 * pool_limit())]
        self.judgeable = appraiser(self.game.name) is not None
        if self.judgeable:
            indices = [position[0] for position in self.positions]
            self.tasks = [("screen", indices[i:i + SCREEN_BATCH], [])
                          for i in range(0, len(indices), SCREEN_BATCH)]
        else:                         # nothing can judge this game's moves: said at once
            for index, seat, _view, move in self.positions:
                self.decisions[index] = Decision(index, seat, str(move), None, str(move),
                                                 None, False)

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
        return not self.tasks and not self._sent() and not self._plan(dry=True)

    def fraction(self) -> float:
        """How far the review has come, 0 to 1 (a check weighs ``CHECK_WEIGHT`` screens)."""
        if self.done:
            return 1.0
        waiting = sum(len(indices) for task, indices, _extra in self.tasks if task == "check")
        planned = max(len(self.checked) + waiting + self._sent_checks(),
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

    # -- planning -------------------------------------------------------------------------
    def _sent(self) -> bool:
        return any(slot[1] is not None for slot in self.workers)

    def _sent_checks(self) -> int:
        return sum(len(slot[1][2]) for slot in self.workers
                   if slot[1] is not None and slot[1][1] == "check")

    def _plan(self, dry: bool = False) -> list:
        """The next round of work once everything sent has come back (so that what is done
        next never depends on which helper answered first): the moves the last checks found
        tried at the seat's nearby decisions, else the next round of checks; [] when the
        review is over. ``dry``: only say what it would be."""
        if self.tasks or self._sent() or not self.judgeable or self.screened < self.total:
            return []
        rescreens = self._rescreens()
        if rescreens:
            if not dry:
                self.found = []
                for _task, indices, extra in rescreens:
                    self.tried.update((index, move) for index, moves in zip(indices, extra)
                                      for move in moves)
            return rescreens
        chosen = [d.index for d in to_check(list(self.decisions.values()), self.checked,
                                            self.rounds == 0)
                  if d.index not in self.checked]
        if not dry:
            self.rounds += 1
        return [("check", [index], []) for index in chosen]

    def _rescreens(self) -> list:
        """Rescreen tasks for the better moves checks found (``review.rescreen``)."""
        extra: dict[int, list[str]] = {}
        for index, move in sorted(self.found):
            seat = self.positions[self.by_index[index]][1]
            mine = [p[0] for p in self.positions if p[1] == seat]
            at = mine.index(index)
            for other in mine[max(0, at - RESCREEN_REACH):at + RESCREEN_REACH + 1]:
                screened = self.screens.get(other)
                if other in self.checked or screened is None or (other, move) in self.tried \
                        or any(notation == move for notation, _t, _n in screened.sums):
                    continue
                extra.setdefault(other, [])
                if move not in extra[other]:
                    extra[other].append(move)
        return [("rescreen", [index], [moves]) for index, moves in sorted(extra.items())]

    # -- the work -------------------------------------------------------------------------
    def step(self) -> None:
        """Poll the workers and hand out the next requests (never waits)."""
        for slot in self.workers:
            if slot[1] is not None:
                self._poll(slot)
        if not self.tasks:
            self.tasks = self._plan()
        for slot in self.workers:
            if slot[1] is None and self.tasks:
                self._send(slot, self.tasks.pop(0))

    def _poll(self, slot) -> None:
        worker, (key, task, indices, extra) = slot
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
            if task == "check":
                self.checked.add(index)
            self._record(index, task, verdict)

    def _record(self, index: int, task: str, verdict) -> None:
        _i, seat, _view, move = self.positions[self.by_index[index]]
        if verdict is None:
            if task != "screen" and index in self.decisions:
                return               # the expert failed here: the screen's verdict stands
            self.decisions[index] = Decision(index, seat, str(move), None, str(move), None,
                                             False)
            return
        if task != "check":
            self.screens[index] = verdict
        elif verdict.best_value > verdict.played_value:
            self.found.append((index, verdict.best))      # tried at the seat's other moves
        self.decisions[index] = Decision(index, seat, str(move), verdict.played_value,
                                         verdict.best, verdict.best_value, True,
                                         checked=task == "check", spread=verdict.spread)

    def _send(self, slot, work) -> None:
        task, indices, extra = work
        positions = [self.positions[self.by_index[index]] for index in indices]
        seat = positions[0][1]
        if any(p[1] != seat for p in positions):      # one seat per request: split it
            same = [i for i, p in enumerate(positions) if p[1] == seat]
            rest = [i for i, p in enumerate(positions) if p[1] != seat]
            self.tasks.insert(0, (task, [indices[i] for i in rest],
                                  [extra[i] for i in rest] if extra else []))
            indices = [indices[i] for i in same]
            extra = [extra[i] for i in same] if extra else []
            positions = [positions[i] for i in same]
        bot = ReviewBot(self.game, seat, 0)
        bot.task = task
        bot.played = [p[3] for p in positions]
        bot.seeds = [(self.seed * 17 + index) & 0xFFFFFFFF for index in indices]
        bot.judge = self.judge
        bot.screened = [self.screens.get(index) for index in indices]
        bot.extra = extra
        key = ("review", id(self), task, tuple(indices))
        slot[0].request(key, bot, [p[2] for p in positions])
        slot[1] = (key, task, indices, extra)

    def cancel(self) -> None:
        """Stop thinking (the helpers are free for the next game); ``step`` goes on later
        where it stopped (the replay viewer does)."""
        for slot in self.workers:
            slot[0].cancel()
            if slot[1] is not None:
                _key, task, indices, extra = slot[1]
                self.tasks.insert(0, (task, indices, extra))
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
        for old in list(REVIEWS)[:-KEPT_REVIEWS]:     # a long evening keeps the last few
            del REVIEWS[old]
    return runner


def review_for_replay(replay):
    header = getattr(getattr(replay.loaded, "save", None), "header", None)
    if not isinstance(header, dict):
        return None
    return REVIEWS.get(review_key(header, len(replay)))

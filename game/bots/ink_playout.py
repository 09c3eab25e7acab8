"""Railroad Ink (base game): judging a round's plans by play-outs to the end of the game, and
the last round searched exactly.

* ``PlayoutJudge`` compares the end-of-round sheets of the planner's best plans
  (``ink_plan.plan_candidates``) by their mean final score over play-outs: the rounds still
  to come are rolled from the bot's own seed (never the table's real future, which the bot
  cannot see) and drawn by the core's cheap policy (``game.inkcore``), then the sheet is
  scored exactly. Play-out k rolls the same dice for every candidate (common random numbers),
  and the budget is spread by successive halving (every stage the better half goes on with
  twice the play-outs). Totals are kept per end sheet for the whole round, so the round's
  later decisions, which mostly meet the same end sheets, reuse them (play-outs shared across
  the round's placements).
* ``exact_last_round``: every way to play the last round, by the exhaustive solver the
  coach's puzzles prove their best with (``ink_last_round``), each finished sheet scored
  exactly by the core. A position cap keeps it bounded; past it the caller falls back to the
  wide beam.

Budgets are counted in play-outs and positions, never in seconds, so a move is a pure function
of (seed, view) on every machine, compiled core or not (the two give the same totals).
"""

from __future__ import annotations

from game.inkcore import core
from game.rules.railroad_ink.faces import SPECIALS

from .ink_last_round import solve
from .search import mix_seed

_SPECIAL_ORDER = {name: index for index, name in enumerate(SPECIALS)}

# the play-out policy's weights (points; see W_* in game/inkcore/sheet_kernels.py): joined
# side, exit reached, error made for good, route into the border, centre cell, noise (1/64
# points), the least a special must be worth, per rounds left after this one the cost of a
# new open end, and the exit points a drawing adds to the networks. Hand-set, then tuned by
# tools/tune_ink_policy.py (policy self-play from the empty sheet: 27.1 -> 31.8 points).
POLICY = (60, 30, 100, -10, 10, 16, 20, 90, 35, 25, 10, 9, 8, 7, 10)
TUNED_700000 = (60, 30, 100, -10, 0, 0, 20, 90, 35, 25, 5, 9, 8, 7, 10)
# policies measured as levers (``RailroadInkExpert.policy_set`` picks one; 0 is ``POLICY``):
# 1 — ``python tools/tune_ink_policy.py 700000 3000 2`` from POLICY (self-play 31.1 ->
# 32.3; on play-out seed 700088 31.25 -> 32.43: no noise, no centre bonus, a cheaper open end
# 3 rounds before the end)
# 2 — POLICY with twice the noise (the expert's since session 16: measured in its docstring)
# 3, 4 — POLICY with four and three times the noise (levers measured in session 17)
POLICIES = (POLICY, TUNED_700000, POLICY[:5] + (2 * POLICY[5],) + POLICY[6:],
            POLICY[:5] + (4 * POLICY[5],) + POLICY[6:], POLICY[:5] + (3 * POLICY[5],) + POLICY[6:])


def specials_mask(specials) -> int:
    mask = 0
    for name in specials:
        mask |= 1 << _SPECIAL_ORDER[name]
    return mask


class PlayoutJudge:
    """Play-out totals per end sheet for one round of one bot (a cache of a pure function of
    (end sheet, play-out number, round seed))."""

    def __init__(self) -> None:
        self.key = None
        self.totals: dict = {}

    def reset(self, key) -> None:
        if self.key != key:
            self.key = key
            self.totals = {}

    def best(self, sheets, first_round: int, rounds: int, seed: int, budget: int,
             policy=POLICY, should_stop=None) -> int:
        """The index of the best of ``sheets`` (end-of-round sheets, best-ranked first) after
        about ``budget`` rounds of play-outs (play-outs x rounds each plays) spread by
        successive halving; ties keep the earlier one. (Blending the planner's own value into
        this ranking was measured and lost 4.1 points: railroad_ink's docstring.)"""
        count = len(sheets)
        if count <= 1:
            return 0
        keys = [(tuple(s.cells), tuple(s.specials)) for s in sheets]
        alive = list(range(count))
        stages = max(1, (count - 1).bit_length())
        # the budget counts rounds played out: a play-out from early in the game costs more
        per_stage = max(1, budget // stages // max(1, rounds - first_round + 1))
        done = 0
        engine = core()
        while len(alive) > 1:
            target = done + max(1, per_stage // len(alive))
            for index in alive:
                if should_stop is not None and should_stop():
                    break
                self._extend(engine, keys[index], sheets[index], target, first_round, rounds,
                             seed, policy)
            done = target
            alive.sort(key=lambda i: (-self._sum(keys[i], done), i))
            alive = alive[:(len(alive) + 1) // 2]
        return alive[0]

    def _sum(self, key, upto: int) -> int:
        return sum(self.totals.get(key, [])[:upto])

    def _extend(self, engine, key, sheet, target, first_round, rounds, seed, policy) -> None:
        scores = self.totals.get(key, [])
        have = len(scores)
        if have >= target:
            return
        batch = engine.playout_scores([list(sheet.cells)], [specials_mask(sheet.specials)],
                                      first_round, rounds, have, target - have, seed, policy)
        self.totals[key] = scores + batch


def exact_last_round(sheet, dice: list[int], special_ok: bool, cap: int):
    """(best final score, plan) of the last round by the exhaustive solver
    (``ink_last_round``), finished sheets scored by the core; plan as [(face index, cell, o),
    ...] (a die skipped for want of a legal cell is left out), or None past ``cap``
    positions."""
    engine = core()
    found = solve(sheet, dice, special_ok, cap=cap, score=lambda node: engine.score(node.cells))
    if found is None:
        return None
    value, plan = found
    return value, [step for step in plan if step[1] >= 0]


def round_seed(bot_seed: int, key_crc: int) -> int:
    """The play-outs' seed for one round of one bot (32 bits)."""
    return mix_seed(bot_seed * 2 + 1, key_crc) & 0xFFFFFFFF

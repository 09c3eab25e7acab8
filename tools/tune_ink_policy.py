"""Tunes the Railroad Ink play-out policy's weights by self-play (coordinate search).

    python tools/tune_ink_policy.py [SEED] [GAMES] [PASSES]

The policy (``game.inkcore.kernels.placement_score``, weights ``game.bots.ink_playout.POLICY``)
plays ``GAMES`` whole solo games from the empty sheet with the rolls of play-out seed ``SEED``
(the core's own generator: never a table seed); one weight at a time is moved to each of a few
values and kept when the mean final score gains more than 0.15 points. The result is checked
on another play-out seed (SEED + 88) and printed as a tuple to paste into ``POLICY``. The
shipped weights came from ``python tools/tune_ink_policy.py 11 3000 1`` run twice (the second
time from the first run's output, with the network weight added), starting from hand-set ones.
Deterministic: the same arguments print the same weights (on the compiled or the pure core,
which is about 30 times slower).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots.ink_playout import POLICY  # noqa: E402
from game.inkcore import core  # noqa: E402

# the values tried per weight (index: see game/inkcore/kernels.py W_*); others are scaled
TRIALS = {0: (20, 60, 80), 1: (10, 60, 90), 2: (30, 100, 150), 3: (-10, 10), 4: (0, 25, 40),
          5: (0, 64, 256, 1024), 6: (0, 10, 40, 80), 14: (0, 5, 20, 40)}


def policy_mean(weights, games: int, seed: int) -> float:
    totals = core().playout_totals([[-1] * 49], [0], 1, 7, 0, games, seed, weights)
    return totals[0] / games


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    passes = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    best = list(POLICY)
    best_mean = policy_mean(best, games, seed)
    print(f"start {best_mean:.2f} {tuple(best)}")
    for _ in range(passes):
        for index in range(len(best)):
            values = TRIALS.get(index) or tuple(max(0, int(best[index] * f))
                                                for f in (0.5, 0.75, 1.5, 2))
            for value in values:
                trial = list(best)
                trial[index] = value
                mean = policy_mean(trial, games, seed)
                if mean > best_mean + 0.15:
                    best, best_mean = trial, mean
                    print(f"weight {index} -> {value}: {mean:.2f}", flush=True)
    check = policy_mean(best, 2 * games, seed + 88)
    start = policy_mean(list(POLICY), 2 * games, seed + 88)
    print(f"tuned {best_mean:.2f}; on seed {seed + 88}: {check:.2f} (start {start:.2f})")
    print(f"POLICY = {tuple(best)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Generic determinized Monte Carlo search with an iteration budget (used by the hard bots).

The hard bots never look at hidden information: for every simulation they *determinize* —
sample the hidden part (other hands, the stack order, future dice, hidden markers) uniformly
among what is consistent with their view, using their own seeded ``Rng`` — and then play the
game out on that full state with the game's own rules.

``successive_halving`` spreads a fixed number of simulations over the candidate moves:
every round each surviving candidate gets the same number of simulations, the better half
survives. Simulation k of every candidate uses the same sampled world and the same rollout
seed ("common random numbers"), so candidates are compared on equal dice and the noise of
the comparison is much smaller than the noise of each estimate.

Budgets are counted in simulations, not seconds: the chosen move is a pure function of the
bot's seed and the views it was shown, on any machine. (Budgets are calibrated so that the
p95 decision time stays under a second on the reference two-core machine.)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

MASK64 = (1 << 64) - 1


def mix_seed(*parts: int) -> int:
    """A 64-bit seed mixed from integers (SplitMix64 finaliser over a running sum)."""
    z = 0x9E3779B97F4A7C15
    for part in parts:
        z = (z + (part & MASK64) + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
    return z


def rounded_mean(worlds: int, value_of: Callable[[int], int]) -> int:
    """The mean of ``value_of(k)`` over worlds k = 0 .. ``worlds`` - 1, rounded to the nearest
    integer (halves up): integers only, so the same on every machine."""
    total = sum(value_of(k) for k in range(worlds))
    return (2 * total + worlds) // (2 * worlds)


def world_totals(game, deal: Callable[[int], Any], finish: Callable[[Any, int], None],
                 seat: int, moves: list, worlds) -> list[int]:
    """For each of ``moves``: the seat's final scores summed over the worlds numbered
    ``worlds`` (a range). World k is dealt once (``deal(k)``) and every move is played from
    its own copy and then to the end (``finish(world, k)``), so the moves meet the same
    tiles: the estimators' common comparison (``*_estimate.world_scores``)."""
    totals = [0] * len(moves)
    for k in worlds:
        dealt = deal(k)
        for index, move in enumerate(moves):
            world = game.clone(dealt) if index < len(moves) - 1 else dealt
            game.play(world, seat, move)
            finish(world, k)
            totals[index] += game.scores(world)["scores"][seat]
    return totals


def successive_halving(count: int, budget: int,
                       simulate: Callable[[int, int], int | float],
                       prior: Sequence[float] | None = None,
                       should_stop: Callable[[], bool] | None = None) -> int:
    """The index of the best of ``count`` candidates after about ``budget`` simulations.

    ``simulate(candidate, k)`` returns the utility of simulation number ``k`` (the same k
    means the same sampled world for every candidate). ``prior`` (optional, e.g. a greedy
    evaluation) breaks ties between equal means, then the lower index wins.
    """
    if count <= 1:
        return 0
    alive = list(range(count))
    totals = [0.0] * count
    done = [0] * count
    rounds = max(1, (count - 1).bit_length())
    per_round = max(1, budget // rounds)
    while len(alive) > 1:
        per_candidate = max(1, per_round // len(alive))
        for candidate in alive:
            for _ in range(per_candidate):
                if should_stop is not None and should_stop():
                    return _best(alive, totals, done, prior)
                totals[candidate] += simulate(candidate, done[candidate])
                done[candidate] += 1
        ranked = sorted(alive, key=lambda c: _key(c, totals, done, prior))
        alive = ranked[:max(1, (len(alive) + 1) // 2)]
    return alive[0]


def _key(c: int, totals, done, prior) -> tuple:
    mean = totals[c] / done[c] if done[c] else 0.0
    return (-mean, -(prior[c] if prior is not None else 0), c)


def _best(alive, totals, done, prior) -> int:
    return min(alive, key=lambda c: _key(c, totals, done, prior))


def margin_utility(scores: Sequence[int], seat: int) -> int:
    """Utility of a final result for ``seat``: a win bonus plus the margin over the best rival
    (integers only; a tie for first counts half a win)."""
    mine = scores[seat]
    rivals = [s for i, s in enumerate(scores) if i != seat]
    if not rivals:
        return mine
    best = max(rivals)
    if mine > best:
        win = 2
    elif mine == best:
        win = 1
    else:
        win = 0
    return win * 20 + (mine - best)


def field_margin(scores: Sequence[int], seat: int) -> int:
    """Utility of a final result for ``seat`` against the whole field: its score minus the
    rivals' mean score, in half points (rounded down: integers only). No win bonus and no
    special weight on the leader: every point any rival loses counts alike."""
    rivals = len(scores) - 1
    if rivals < 1:
        return 2 * scores[seat]
    return 2 * scores[seat] - 2 * (sum(scores) - scores[seat]) // rivals

"""The coach's estimate of a Metro move: the seat's expected final score if it plays it now.

Seen only from the seat's view: the hidden tiles (other hands, the stack order) and share
cards are dealt at random consistent with the view (``metro.determinize``, as the hard bots
do), the move is played, and every seat plays the rest of the game with the normal bot's
greedy policy (``metro.greedy_choice``: the way a real player plays; uniform random playouts
close lines at random and say little about what a line will become). The estimate is the
mean of the seat's final score over the sampled worlds.

Common random numbers: world k and its rollout are seeded from (seed, k) alone, so two
moves valued with the same seed meet the same tiles and the same tie-breaks, and the
difference between them (the review's cost of a decision) is the moves' difference, not the
samples'. Deterministic for (view, move, seed); the number of worlds depends on the view
only (a budget of simulated placements), so every move of a position gets as many.

Measured (``run.py bench --only coach``, 20 two-player games of hard bots): at 5 %, 50 % and
85 % of a game the estimate of the move played averaged 106, 108 and 106 against 103, 117 and
105 the seat really made (all seats: 110.5; normal bots' games: about 103); 20 worlds early,
about 0.2 s a move.
"""

from __future__ import annotations

from game.rules.core import Rng
from game.rules.metro import GAME

from .metro import determinize, greedy_choice, playout_move, scored_moves
from .search import mix_seed, world_totals

POINTS = "final"    # what a value is, for the words shown with it: the seat's expected final score
TOTAL_PLACEMENTS = 60
# a budget of simulated placements (weighted by the options each one weighs) per valued move:
# about 0.2 s early in a two-player game on the reference two-core machine (``run.py bench``,
# section coach.estimate); later positions afford more worlds
STEP_BUDGET = 12000
MIN_WORLDS = 4
MAX_WORLDS = 48


def worlds_for(view) -> int:
    """How many sampled worlds value a move on ``view`` (a function of the view only)."""
    remaining = max(1, TOTAL_PLACEMENTS - view.placed)
    per_world = remaining * view.hand_size * (2 if view.companies else 1) \
        * (4 if view.orientation else 1)
    return max(MIN_WORLDS, min(MAX_WORLDS, STEP_BUDGET // (per_world * 10)))


def shortlist(view, seat: int, count: int) -> list:
    """The normal bot's ``count`` best moves on ``view`` (``metro.scored_moves``), best first
    (ties in legal-move order); its playout move when it scores none."""
    scored = scored_moves(view, seat)
    if not scored:
        return [playout_move(view, seat, Rng(0))]
    ranked = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
    return [scored[i][1] for i in ranked[:count]]


def world_scores(view, seat: int, moves: list, seed: int, worlds) -> list[int]:
    """For each of ``moves``: the seat's final scores summed over the sampled worlds numbered
    ``worlds`` (a range), played out greedily (``search.world_totals``: the moves meet the
    same tiles; the same as ``expected_final_score``'s world k)."""
    def finish(world, k: int) -> None:
        rollout = Rng(mix_seed(seed, k, 1))
        while not world.over:
            actor = world.current
            GAME.play_quiet(world, actor, greedy_choice(world, actor, rollout))

    return world_totals(GAME, lambda k: determinize(view, seat, Rng(mix_seed(seed, k))),
                        finish, seat, moves, worlds)


def expected_final_score(view, seat: int, move, seed: int) -> int:
    """The seat's expected final score after ``move`` (rounded to a whole point)."""
    worlds = worlds_for(view)
    [total] = world_scores(view, seat, [move], seed, range(worlds))
    return (2 * total + worlds) // (2 * worlds)

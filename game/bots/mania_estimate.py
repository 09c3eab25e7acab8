"""The coach's estimate of a Metromania move: the seat's expected final score if it plays it
now.

Seen only from the seat's view: hidden destination letters (the Unfair Municipality variant)
are dealt at random consistent with the view (``metromania.determinize``, as the hard bots
do), the move is played, and every seat plays the rest of the game as the normal bot does
(``metromania.greedy_move`` with its beam, judged by ``mania_value.Judge``) to the end of the
game; the estimate is the seat's final score by the rules' own scoring, averaged over the
sampled worlds (one world when nothing is hidden: the policy is deterministic, so more would
be the same game again). The hard bots' simulations use a beam of one, which is faster but
plays much worse: from the first move two-player games of it end at about 9 points a seat,
with the normal bot's beam at about 21 (normal bots' real games: 16-21, hard bots': 32).

Common random numbers: world k is dealt from (seed, k) alone, so two moves valued with the
same seed meet the same letters. Deterministic for (view, move, seed).

Measured (``run.py bench --only coach``, 20 two-player games of hard bots): at 5 %, 50 % and
85 % of a game the estimate of the move played averaged 29, 31 and 30 against 29, 31 and 29
the seat really made; at most about 0.2 s a move (two players).
"""

from __future__ import annotations

from game.rules.core import Rng
from game.rules.metromania import GAME
from game.rules.metromania.state import OVER

from .metromania import BEAM, determinize, has_hidden_letters, policy_turn, ranked_moves
from .search import mix_seed, world_totals

POINTS = "final"    # what a value is, for the words shown with it: the seat's expected final score
HIDDEN_WORLDS = 2       # sampled worlds when some letters are hidden (3-4 players)
ROLLOUT_WIDTH = BEAM    # the normal bot's beam
SHORTLIST_WIDTH = BEAM + 4   # the beam the expert ranks its candidates with
MAX_TURNS = 400         # a guard: a game lasts well under a hundred turns


def worlds_for(view) -> int:
    return HIDDEN_WORLDS if has_hidden_letters(view) else 1


def play_out(world) -> None:
    """Every seat plays the normal policy until the game is over (each with its own judge,
    kept for the whole game as the bots' simulations do)."""
    judges: dict = {}
    for _ in range(MAX_TURNS):
        if world.phase == OVER:
            return
        policy_turn(world, judges, ROLLOUT_WIDTH)


def shortlist(view, seat: int, count: int) -> list:
    """The ``count`` best moves on ``view`` as the expert ranks its candidates (a careful beam
    search, ``metromania.ranked_moves``), best first."""
    return [move for _, move in ranked_moves(view, seat, width=SHORTLIST_WIDTH,
                                             careful=True)[:count]]


def world_scores(view, seat: int, moves: list, seed: int, worlds) -> list[int]:
    """For each of ``moves``: the seat's final scores summed over the sampled worlds numbered
    ``worlds`` (a range), each played out as the normal bot plays (``search.world_totals``;
    the same as ``expected_final_score``'s world k)."""
    return world_totals(GAME, lambda k: determinize(view, seat, Rng(mix_seed(seed, k))),
                        lambda world, _k: play_out(world), seat, moves, worlds)


def expected_final_score(view, seat: int, move, seed: int) -> int:
    """The seat's expected final score after ``move`` (rounded to a whole point)."""
    worlds = worlds_for(view)
    [total] = world_scores(view, seat, [move], seed, range(worlds))
    return (2 * total + worlds) // (2 * worlds)

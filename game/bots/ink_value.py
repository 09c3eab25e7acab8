"""The Railroad Ink planner's fitted evaluation: what a sheet is worth with some rounds to come,
as weights fitted to played data instead of set by hand.

``FITTED_WEIGHTS`` estimates the final score of a sheet at the end of a round from the same
features the hand-set ``ink_plan.DEFAULT_WEIGHTS`` use (exit points, lone exits, centre, open
and mismatched route ends, the longest routes, the free exits within reach of an open end by
distance, the specials still usable), one row of weights per rounds left. The rows were fitted
offline by value iteration, backwards from the last round (numpy, outside the game):

* about 1 070 end-of-round sheets per rounds-left, taken from solo games of the planner
  (beam 30) on tuning seeds 20000-20588 and 30000-30482 (half of them with randomly scaled
  special, open-end and reach weights, so that sheets keeping their specials late are seen);
* the target of a sheet with r rounds to come: the mean over 8 sampled next rolls of the best
  plan of the next round (beam 10, last round 20), valued with the row already fitted for
  r - 1 (r - 1 = 0: the exact final score); least squares of the target on the features.

What the data says that the hand-set weights missed: an unused special is worth about 2-3
points in every round (the hand weights said 0.5-1.2, so the planner spent all three in the
first rounds); a mismatched side costs more the earlier it is drawn (it blocks a cell for the
rest of the game); exits, centre and open ends matter less early, where the rounds to come
will change them anyway. Measured: the planner (beam 30, no lookahead) on seeds 40000-40199
46.3 -> 48.2 (paired +1.8 +- 1.0); the expert (6 plans x 10 sampled rolls) on seeds
1000-1199 51.6 +- 0.75 -> 52.7 +- 0.7, but its CPU p95 per decision rose from 0.6 s to 1.2 s
(a sheet that keeps specials has many more drawings to try in every round planned ahead), so
the expert now samples 7 rolls: seeds 1000-1099 53.2 +- 1.0, paired +1.5 +- 1.25 against the
hand-set expert, p95 0.94 s. Hard keeps the hand-set weights (its 0.3 s budget is already
used up; not measured with these).
"""

from __future__ import annotations

from .ink_plan import Terms, Weights

# points x100 per unit: exit point, lone exit, centre cell, open end (charged), mismatched
# side (charged), longest route square, unused special, free exit at distance 1..4
_ROWS = (
    # rounds left 0: the exact final score
    (100, 0, 100, 100, 100, 100, 0, (0, 0, 0, 0)),
    (94, -17, 95, 56, 111, 102, 321, (36, 37, -17, -16)),
    (90, -26, 88, 31, 131, 99, 321, (53, 29, -13, 22)),
    (77, -40, 70, 16, 155, 95, 297, (55, 36, 1, 7)),
    (62, -70, 56, 9, 264, 96, 293, (62, 37, 8, 3)),
    (44, -97, 39, 3, 339, 93, 255, (64, 43, 29, 21)),
    (12, -149, -24, 4, 0, 50, 213, (75, 52, 46, 28)),
)

FITTED_TABLE = tuple(Terms(*row) for row in _ROWS)
FITTED_WEIGHTS = Weights(table=FITTED_TABLE)

"""How the Metromania bots judge a position for one seat: an estimate of its final score.

Values are integers in tenths of a point. Once building is over (or ends with this turn) the
value is the real final score. Before that it adds up what the seat can still expect:

* every destination marker it placed that a station touches: ``TRIP_GAIN`` (its test trip);
  placed but untouched: the same, less the cost of still getting a station there (the free
  station when its line ends, else an intermediate station, a turn), or the guilt penalty
  when its line is closed and nothing can reach it any more;
* the markers still in hand, shared between its two lines (or left in hand, guilty): each
  line takes a few of them and then ends, or just takes them without ending; every tunnel
  this plan still needs costs ``TUNNEL_COST`` (see ``mania_plan.Planner.tour``);
* the station points it built, half of them for each line that ends (the line adjustment).

The plan is the cheapest way to share out the markers, so the search is pulled along the
route that places them all — the bots' failure of the play-test was lines that ended without
ever taking their markers.
"""

from __future__ import annotations

from game.rules.metromania import GAME
from game.rules.metromania.board_data import LINE_TUNNELS
from game.rules.metromania.lattice import INNER_CORNER, SIDE_POSITION, SPACE_CORNERS
from game.rules.metromania.lines import TurnContext, continuations, has_continuation
from game.rules.metromania.moves import Bonus
from game.rules.metromania.scoring import final_scores
from game.rules.metromania.state import BONUS, OVER
from game.rules.metromania.stations import intermediate_points, is_station

from .mania_plan import Planner

TUNNEL_COST = 10      # per tunnel a plan still needs to take its markers
END_TUNNEL_COST = 3   # per tunnel from there on to an end arrow
TRIP_GAIN = 50        # a placed marker with a station: its trip, most of the time
GUILT = 60            # a marker never placed, or never touched by a station
FIX_FIRST = 15        # getting a station to the first untouched marker of a line
FIX_MORE = 40         # ... to every further one (an intermediate station: a turn)
MAX_KINDS_PER_LINE = 3
NO_PLAN = -10 ** 6


def sub_multisets(kinds: tuple, limit: int) -> list:
    """Every sorted sub-multiset of the sorted tuple ``kinds`` with at most ``limit`` items."""
    found = {()}
    for kind in kinds:
        found |= {tuple(sorted(sub + (kind,))) for sub in found if len(sub) < limit}
    return sorted(found, key=lambda sub: (len(sub), sub))


def remove(kinds: tuple, taken: tuple):
    """``kinds`` without the items of ``taken`` (both sorted), or None if not contained."""
    rest = list(kinds)
    for kind in taken:
        if kind not in rest:
            return None
        rest.remove(kind)
    return tuple(rest)


class Judge:
    """Values positions for one seat, with the distance fields of one root position."""

    def __init__(self, root, seat: int) -> None:
        self.seat = seat
        self.planner = Planner(root, seat)
        self._splits: dict = {}
        self._starts: dict = {}

    # -- helpers -----------------------------------------------------------------------
    def _splits_of(self, kinds: tuple) -> list:
        """(line 0 kinds, line 1 kinds, kinds left in hand) for every way of sharing."""
        found = self._splits.get(kinds)
        if found is None:
            found = []
            for first in sub_multisets(kinds, MAX_KINDS_PER_LINE):
                rest = remove(kinds, first)
                for second in sub_multisets(rest, MAX_KINDS_PER_LINE):
                    found.append((first, second, len(rest) - len(second)))
            self._splits[kinds] = found
        return found

    def _starts_of(self, state, k: int) -> tuple:
        """(inner corner, side) of every legal start of the seat's unstarted line k; the
        rules' own move generation decides which white arrows are allowed."""
        first = state.line(self.seat, 0)
        key = (k, first.start_side if k else -1)
        found = self._starts.get(key)
        if found is None:
            ctx = TurnContext(True)
            tunnels = continuations(state, self.seat, k, ctx)
            found = tuple(sorted({(INNER_CORNER[t.space], SIDE_POSITION[t.space][0])
                                  for t in tunnels}))
            self._starts[key] = found
        return found

    def _open_line(self, point: int, used: int, start_side: int, kinds: tuple,
                   kept: int, unfixed: int):
        """Best value of an open line at ``point`` taking ``kinds``: ending (keeps ``kept``
        station points) or not; None when it cannot take them."""
        plan = self.planner
        left = LINE_TUNNELS - used
        best = None
        ending = plan.tour(point, kinds, plan.end_sides(start_side))
        stopping = plan.tour(point, kinds, None) if kinds else 0
        markers = unfixed + len(kinds)
        if stopping <= left:
            best = -TUNNEL_COST * stopping - _fix_cost(markers, False)
            if ending <= left:
                # the way on to an end arrow costs less per tunnel: once the markers are
                # down the line has nothing better to do with its tunnels
                value = kept - TUNNEL_COST * stopping - END_TUNNEL_COST * (ending - stopping) \
                    - _fix_cost(markers, True)
                best = max(best, value)
        return best

    def _line_values(self, state, k: int, kinds_options: list, unfixed: int) -> dict:
        """kinds -> best value of line k carrying those markers (missing: impossible)."""
        seat = self.seat
        line = state.line(seat, k)
        kept = state.station_points[seat] * 5
        out: dict = {}
        if line.done:
            pending = not line.closed
            out[()] = kept - (_fix_cost(unfixed, True) if pending else 0)
            return out
        if line.started:
            blocked = not has_continuation(state, seat, k, TurnContext(True))
            for kinds in kinds_options:
                if blocked and kinds:
                    continue
                if blocked:
                    out[kinds] = -_fix_cost(unfixed, False)
                    continue
                value = self._open_line(line.points[-1], len(line.spaces), line.start_side,
                                        kinds, kept, unfixed)
                if value is not None:
                    out[kinds] = value
            return out
        starts = self._starts_of(state, k)
        for kinds in kinds_options:
            best = None
            for corner, side in starts:
                value = self._open_line(corner, 1, side, kinds, kept, 0)
                if value is not None:
                    value -= TUNNEL_COST
                    if best is None or value > best:
                        best = value
            if best is not None:
                out[kinds] = best
        out[()] = max(out.get((), 0), 0)   # a line never started costs nothing
        return out

    # -- the value ---------------------------------------------------------------------
    def value(self, state) -> int:
        seat = self.seat
        if state.phase == BONUS and state.turn == seat:
            return self._best_bonus(state)
        if state.phase == OVER or state.end_by >= 0:
            return 10 * final_scores(state)["scores"][seat]
        total = 0
        unfixed = [0, 0]
        for space, (_, owner) in state.placed.items():
            if owner != seat:
                continue
            if any(is_station(state, c) for c in SPACE_CORNERS[space]):
                total += TRIP_GAIN
                continue
            line_id = state.space_line[space]
            line = state.lines[line_id]
            if line.closed or state.stations_left() <= 0:
                total -= GUILT
            else:
                total += TRIP_GAIN
                unfixed[line_id % 2] += 1
        kinds = tuple(sorted(key[1] for key in state.hands[seat]))
        options = sub_multisets(kinds, MAX_KINDS_PER_LINE)
        first = self._line_values(state, 0, options, unfixed[0])
        second = self._line_values(state, 1, options, unfixed[1])
        best = NO_PLAN
        for kinds0, kinds1, left in self._splits_of(kinds):
            a = first.get(kinds0)
            if a is None:
                continue
            b = second.get(kinds1)
            if b is None:
                continue
            value = a + b + TRIP_GAIN * (len(kinds0) + len(kinds1)) - GUILT * left
            if value > best:
                best = value
        return total + best

    def _best_bonus(self, state) -> int:
        """The value after the best free-station choice (the bonus is the seat's own move)."""
        best = None
        line = state.lines[state.pending[0]]
        k = state.pending[0] % 2
        points = intermediate_points(state, line) if state.stations_left() > 0 else []
        for point in sorted(points) + [-1]:
            child = state.clone()
            GAME.play(child, self.seat, Bonus(k, point))
            value = self.value(child) if child.phase != BONUS or child.turn != self.seat \
                else self._best_bonus(child)
            if best is None or value > best:
                best = value
        return best


def _fix_cost(markers: int, ends: bool) -> int:
    """What getting a station next to ``markers`` untouched markers of one line costs: the
    free station of an ending line covers one of them."""
    if markers <= 0:
        return 0
    if ends:
        return FIX_FIRST + FIX_MORE * (markers - 1)
    return FIX_MORE * markers

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

A *careful* judge (the hard bot's) also counts the trips already possible at their real
value for the seat (who rides the fastest routes, the park-lake test), charges a touched
marker that no route joins to its touched partner, and charges plans that need more turns
than building is likely to last (``rounds_left``).
"""

from __future__ import annotations

from game.rules.metromania import GAME
from game.rules.metromania.board_data import LETTERS, LINE_TUNNELS, LINES_TO_END, MARKER_PAIRS
from game.rules.metromania.lattice import INNER_CORNER, SIDE_POSITION, SPACE_CORNERS
from game.rules.metromania.markers import placed_space
from game.rules.metromania.lines import TurnContext, continuations, has_continuation
from game.rules.metromania.moves import Bonus
from game.rules.metromania.scoring import (park_lake_result, station_totals, trip_result,
                                           trip_totals)
from game.rules.metromania.trips import Network
from game.rules.metromania.state import BONUS, OVER
from game.rules.metromania.stations import intermediate_points, is_station

from .mania_plan import FAR, Planner

TUNNEL_COST = 10      # per tunnel a plan still needs to take its markers
END_TUNNEL_COST = 3   # per tunnel from there on to an end arrow
TRIP_GAIN = 50        # a placed marker with a station: its trip, most of the time
GUILT = 60            # a marker never placed, or never touched by a station
FIX_FIRST = 15        # getting a station to the first untouched marker of a line
FIX_MORE = 40         # ... to every further one (an intermediate station: a turn)
LATE_TURN = 40        # per turn a plan needs beyond the turns the seat is likely to get
UNSTARTED_TUNNELS = 9  # a typical line from start to end
CUT_OFF_OPEN = 40     # a touched marker no route joins to its touched partner (yet)
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

    def __init__(self, root, seat: int, careful: bool = False) -> None:
        self.seat = seat
        self.careful = careful
        self.planner = Planner(root, seat)
        self.rounds = 0                  # careful: a guess at the turns left (0: not yet)
        self._splits: dict = {}
        self._starts: dict = {}
        self._open: dict = {}

    def reuse(self, state) -> "Judge":
        """The same judge for a later position of the same game (its distance fields go a
        little stale: cheaper, and good enough inside simulations)."""
        self.planner.forget_taken(state)
        self._open.clear()
        self._starts.clear()
        self.rounds = 0
        return self

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
        """(best value, tunnels to take the markers) of an open line at ``point`` taking
        ``kinds``: ending (keeps ``kept`` station points) or not; None when it cannot."""
        key = (point, used, start_side, kinds, kept, unfixed)
        if key in self._open:
            return self._open[key]
        plan = self.planner
        left = LINE_TUNNELS - used
        best = None
        ending = plan.tour(point, kinds, plan.end_sides(start_side))
        stopping = plan.tour(point, kinds, None) if kinds else 0
        markers = unfixed + len(kinds)
        if stopping <= left:
            value = -TUNNEL_COST * stopping - _fix_cost(markers, False)
            if ending <= left:
                # the way on to an end arrow costs less per tunnel: once the markers are
                # down the line has nothing better to do with its tunnels
                value = max(value, kept - TUNNEL_COST * stopping
                            - END_TUNNEL_COST * (ending - stopping) - _fix_cost(markers, True))
            best = (value, stopping)
        self._open[key] = best
        return best

    def _line_values(self, state, k: int, kinds_options: list, unfixed: int) -> dict:
        """kinds -> (best value, tunnels) of line k carrying those markers (missing when it
        cannot)."""
        seat = self.seat
        line = state.line(seat, k)
        kept = state.station_points[seat] * 5
        out: dict = {}
        if line.done:
            pending = not line.closed
            out[()] = (kept - (_fix_cost(unfixed, True) if pending else 0), 0)
            return out
        if line.started:
            blocked = not has_continuation(state, seat, k, TurnContext(True))
            for kinds in kinds_options:
                if blocked and kinds:
                    continue
                if blocked:
                    out[kinds] = (-_fix_cost(unfixed, False), 0)
                    continue
                found = self._open_line(line.points[-1], len(line.spaces), line.start_side,
                                        kinds, kept, unfixed)
                if found is not None:
                    out[kinds] = found
            return out
        starts = self._starts_of(state, k)
        for kinds in kinds_options:
            best = None
            for corner, side in starts:
                found = self._open_line(corner, 1, side, kinds, kept, 0)
                if found is not None and (best is None or found[0] - TUNNEL_COST > best[0]):
                    best = (found[0] - TUNNEL_COST, found[1] + 1)
            if best is not None:
                out[kinds] = best
        if () not in out or out[()][0] < 0:
            out[()] = (0, 0)                 # a line never started costs nothing
        return out

    # -- the value ---------------------------------------------------------------------
    def value(self, state, routes: list | None = None) -> int:
        """``routes``: ``route_shares(state)`` when the caller has it already (careful)."""
        seat = self.seat
        if state.phase == BONUS and state.turn == seat:
            return self._best_bonus(state)
        if state.phase == OVER or state.end_by >= 0:
            return 10 * final_totals(state)[seat]
        total = 0
        unfixed = [0, 0]
        groups = line_groups(state) if self.careful else None
        for space, (key, owner) in state.placed.items():
            if owner != seat:
                continue
            if any(is_station(state, c) for c in SPACE_CORNERS[space]):
                total += TRIP_GAIN
                if groups is not None:
                    total -= self._cut_off(state, groups, space, key)
                continue
            line_id = state.space_line[space]
            line = state.lines[line_id]
            if line.closed or state.stations_left() <= 0:
                total -= GUILT
            else:
                total += TRIP_GAIN
                unfixed[line_id % 2] += 1
        if self.careful:
            total += (routes if routes is not None else route_shares(state))[seat]
            if not self.rounds:
                self.rounds = rounds_left(state, self.planner)
        kinds = tuple(sorted(key[1] for key in state.hands[seat]))
        options = sub_multisets(kinds, MAX_KINDS_PER_LINE)
        first = self._line_values(state, 0, options, unfixed[0])
        second = self._line_values(state, 1, options, unfixed[1])
        best = NO_PLAN
        rounds = self.rounds
        for kinds0, kinds1, left in self._splits_of(kinds):
            a = first.get(kinds0)
            if a is None:
                continue
            b = second.get(kinds1)
            if b is None:
                continue
            value = a[0] + b[0] + TRIP_GAIN * (len(kinds0) + len(kinds1)) - GUILT * left
            if rounds:
                late = (a[1] + b[1] + 2) // 3 - rounds
                if late > 0:
                    value -= LATE_TURN * late
            if value > best:
                best = value
        return total + best

    def _cut_off(self, state, groups: list, space: int, key: str) -> int:
        """What a touched marker loses while no route joins it to its touched partner (both
        placers are guilty if it stays so); nothing while the partner is still untouched."""
        partner = key[0] + [t for t in MARKER_PAIRS[key[0]] if t != key[1]][0]
        other = placed_space(state, partner)
        if other < 0:
            return 0
        theirs = station_groups(state, groups, other)
        if not theirs or theirs & station_groups(state, groups, space):
            return 0
        seat = self.seat
        open_lines = any(not state.line(seat, k).done for k in (0, 1))
        return CUT_OFF_OPEN if open_lines else TRIP_GAIN + GUILT

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


TRIP_MEMO_LIMIT = 8192    # networks remembered (a decision meets a few hundred new ones)
_trip_memo: dict = {}


def final_totals(state) -> list:
    """The rules' final scores per seat (``scoring.final_totals``), with the trips looked up
    by the network they are run on: a search scores thousands of positions near the end of
    building, and most tunnels it tries leave every line's stations (and so every trip) as
    they were. The key is all the trips depend on: the city, each line's stations in order
    and the markers placed."""
    key = (state.city.layout,
           tuple(tuple(p for p in line.points if is_station(state, p)) for line in state.lines),
           tuple(sorted(state.placed.items())))
    trips = _trip_memo.get(key)
    if trips is None:
        if len(_trip_memo) >= TRIP_MEMO_LIMIT:
            _trip_memo.clear()
        trips = _trip_memo[key] = trip_totals(state)
    return [stations + trips[seat] for seat, stations in enumerate(station_totals(state))]


def route_shares(state) -> list:
    """Per seat, what careful judges add for the trips already possible: the seat's real share
    of each (instead of the flat ``TRIP_GAIN`` of its markers there) and of the park-lake
    test."""
    network = Network(state)
    park_lake = park_lake_result(state, network)["scorers"]
    shares = [10 * points for points in park_lake]
    for letter in LETTERS:
        result = trip_result(state, network, letter)
        if result["guilty"]:
            continue
        for seat in range(state.players):
            shares[seat] += 10 * result["scorers"][seat]
        for marker in result["markers"]:
            shares[marker["seat"]] -= TRIP_GAIN
    return shares


def rounds_left(state, plan: Planner) -> int:
    """A guess at the turns the seat still has: the soonest building could end if everybody
    raced for it (a player ending both lines, or enough lines ended; blocked lines count),
    measured in rounds of turns. Pessimistic on purpose: plans longer than that are risky."""
    players = state.players
    done = 0
    per_line = []
    soonest = FAR
    for seat in range(players):
        needs = []
        for k in (0, 1):
            line = state.line(seat, k)
            if line.done:
                done += 1
                continue
            if not line.started:
                needs.append(UNSTARTED_TUNNELS)
                continue
            if k == 1 and not state.line(seat, 0).started:
                needs.append(UNSTARTED_TUNNELS)
                continue
            distance = plan.end_field(plan.end_sides(line.start_side))[line.points[-1]]
            if distance > LINE_TUNNELS - len(line.spaces):
                done += 1                     # it will never end: as good as blocked
                continue
            needs.append(distance)
        if len(needs) == 2:
            soonest = min(soonest, (needs[0] + needs[1] + 2) // 3)
        elif len(needs) == 1:
            soonest = min(soonest, (needs[0] + 2) // 3)
        per_line += [(n + 2) // 3 for n in needs]
    wanted = LINES_TO_END[players] - done
    if wanted <= 0:
        return 1
    per_line.sort()
    if wanted <= len(per_line):
        soonest = min(soonest, per_line[wanted - 1])
    return max(1, soonest)


def line_groups(state) -> list:
    """For every line id, a representative of the lines joined to it through stations."""
    parent = list(range(len(state.lines)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for point in sorted(set(state.stations) | set(state.terminals)):
        ids = state.point_lines[point]
        for other in ids[1:]:
            a, b = find(ids[0]), find(other)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return [find(i) for i in range(len(parent))]


def station_groups(state, groups: list, space: int) -> set:
    """The line groups of the stations touching a space."""
    return {groups[line_id] for c in SPACE_CORNERS[space] if is_station(state, c)
            for line_id in state.point_lines[c]}


def _fix_cost(markers: int, ends: bool) -> int:
    """What getting a station next to ``markers`` untouched markers of one line costs: the
    free station of an ending line covers one of them."""
    if markers <= 0:
        return 0
    if ends:
        return FIX_FIRST + FIX_MORE * (markers - 1)
    return FIX_MORE * markers

"""Metromania bots.

A dig is built tunnel by tunnel with a small beam search (the full list of digs runs into
the thousands), then confirmed with ``GAME.check``; anything the search cannot make legal
falls back to the rules' own random dig. Positions are judged by ``mania_value.Judge``: an
estimate of the final score that plans how the destination markers still in hand get onto
the two lines (``mania_plan``), what placed markers still need to get a station, and what
the lines need to end.

* easy   — every other turn (at random) the normal bot's move with the narrowest beam; else
           the rules' random dig or station (random digs end a line whenever they can),
           redrawn once if it strands a line far from any free end arrow; takes free stations.
           (Random moves alone were no better than the uniform random player: 47.5 % of 200.)
* normal — greedy: the beam search over the tunnels of this turn's dig plus every
           intermediate station, each judged by the plan (a few milliseconds a decision).
* hard   — judges carefully (also the trips already possible and who rides them, markers
           cut off from their partner, a guess at the turns left), searches a wider beam,
           and compares its best few moves by playing the game on with the normal policy
           (all seats, to the end of the game when the budget allows) using the rules' own
           ``play``, and judging the result against its best rival's. Hidden destination letters
           (the Unfair Municipality variant) are determinized: the unseen letters are dealt
           at random, consistent with the view, a fresh sample per simulation, the same
           samples for every candidate. The budget is a fixed number of simulated turns.
* expert — looks two moves deep: each of its best moves (a wider beam) is answered by the
           rival's best replies as the careful judge ranks them, and each of those lines is
           played to the end of the game with the normal policy. With two players (nothing
           hidden) a move is worth its worst reply, the rival answering as well as it can:
           ten moves against five replies each, every move first against the rival's first
           reply, then best first, a move dropped at the first reply no better than the best
           move found (``MetromaniaExpert.duel``: the same choice as playing every line, in
           well under half of them), within a budget of turns played out. With more
           players, six moves against the next rival's first choice; hidden letters: three
           samples, as the hard bot's.
           (Against hard, 200 two-player games: the hard search with eight candidates
           simulated to the end 61 %, since the normal policy answers a move the same way
           every time and the rival's strongest answer was never tried; six moves against
           three replies 64.5 % (57.7-70.8); ten against five 69.0 % (62.3-75.0), p95 0.98 s,
           once the end-of-game scoring inside the play-outs was made cheap; with the budget
           of turns 74.5 % (68.0-80.0), p95 0.84 s, and 73.2 % on seeds 101-200. Sixteen
           moves against eight replies won no more: the search is no longer what limits it.)
           On seeds never used in tuning (700000-700099, seats swapped): 72.5 % of 200
           games (65.9-78.2; the first 110, 700000-700054: 75.5 %, mean score 31.7 to hard's
           21.5); expert decision CPU p95 0.85 s, max 1.45 s. Play-outs with a beam of two at the same cost (``duel_turns``
           430) against this expert head to head, seeds 500000-500025: 49.0 % of 51 games
           (35.9-62.3): no gain seen. Levels below, seeds 710000-710014 and 720000-720019:
           normal beats easy 86.7 % of 30 (70.3-94.7), hard beats normal 62.9 % of 70
           (51.1-73.2).
           Levers tried after that against hard, paired with this expert on the same
           games (tuning seeds 601000-601011, seats swapped; CPU per decision measured
           with the machine at load 11-13, about 1.15x the idle figures): a win bonus of
           10 points in the play-outs' utility changed no game (16 of 16 identical: a
           decision's worst replies are nearly always all wins or all losses, e.g. ten
           candidates at -2 or -8 points); play-outs with the normal bot's own beam of
           three (its self-play games score like real ones, 31 a seat against 19 with a
           beam of one, 2.4x the cost a turn) cost p95 1.36 s even at 210 turns, the ten
           candidates' first play-outs alone; a beam of three for the first 8 turns of
           each play-out (550 turns) 82.4 % of 17, the same as this expert on those games,
           p95 1.20 s; searching wider when the first play-out has 12 turns or fewer (16
           candidates, 10 replies, replies ranked with a beam of 8) 80.0 % of 15 against
           86.7 % (paired -6.7 points, -29.8 to +16.5), p95 1.35 s. None is kept.
           Measured again, unchanged, on fresh seeds 900000-900099 (200 games, seats
           swapped): 74.5 % (68.0-80.0), mean score 32.3 to hard's 22.6; as the first
           player 83 of 100, as the second 66 of 100 (hard against hard, seeds
           610000-610119: the first player wins 54.2 %, 45.3-62.8: the expert loses more
           as the second player than the seat explains). Decision CPU at load 4-13: p50
           0.42 s, p95 0.95 s, max 1.85 s (116 of 3,091 decisions over 1 s); a game's
           first decision p50 0.89 s, p95 1.30 s (ten play-outs from the first turn).
"""

from __future__ import annotations

from collections import deque

from game.rules.core import IllegalMove, Rng
from game.rules.metromania import GAME
from game.rules.metromania.board_data import LINE_TUNNELS, TUNNELS_PER_DIG
from game.rules.metromania.city import BLACK_ARROWS
from game.rules.metromania.lattice import INNER_CORNER, NEIGHBOUR, POINT_NAMES, POINTS, \
    SIDE_POSITION
from game.rules.metromania.lines import TurnContext, allowed_sides, continuations, lay
from game.rules.metromania.markers import HIDDEN_LETTER
from game.rules.metromania.moves import Dig, Station
from game.rules.metromania.state import BONUS, OVER
from game.rules.metromania.stations import intermediate_points

from .base import Bot, register_levels
from .mania_value import Judge, final_totals, route_shares
from .search import mix_seed

BEAM = 3


def _distances_to(target: int) -> tuple:
    dist = [99] * len(POINTS)
    dist[target] = 0
    queue = deque([target])
    while queue:
        p = queue.popleft()
        for n in NEIGHBOUR[p]:
            if n >= 0 and dist[n] == 99:
                dist[n] = dist[p] + 1
                queue.append(n)
    return tuple(dist)


# lattice steps from every point to the inner corner of every black (end) arrow space
END_DISTANCE = {s: _distances_to(INNER_CORNER[s]) for s in BLACK_ARROWS}


def end_distance(state, line) -> int:
    """Tunnels still needed (at least) to end an open, started line; 99 when no end arrow is
    reachable with the tunnels left."""
    sides = allowed_sides(state, line.start_side, BLACK_ARROWS)
    here = line.points[-1]
    best = 99
    for s in BLACK_ARROWS:
        if state.space_line[s] < 0 and SIDE_POSITION[s][0] in sides:
            d = END_DISTANCE[s][here] + 1
            if d < best:
                best = d
    left = LINE_TUNNELS - len(line.spaces)
    return best if best <= left else 99


def station_moves(state, seat: int) -> list:
    """Every intermediate station the seat may place now (the rules' conditions: a marker
    left, the line not closed, a point between two of its stations)."""
    if state.stations_left() <= 0:
        return []
    out = []
    for k in (0, 1):
        line = state.line(seat, k)
        if line.closed or not line.started:
            continue
        for p in sorted(intermediate_points(state, line), key=lambda p: POINT_NAMES[p]):
            out.append(Station(k, p))
    return out


def _with(state, seat: int, move):
    child = GAME.clone(state)
    GAME.play(child, seat, move)
    return child


def _laid(state, seat: int, tunnel):
    child = GAME.clone(state)
    lay(child, seat, tunnel)
    return child


def beam_digs(state, seat: int, judge: Judge, width: int = BEAM) -> list[tuple[int, tuple]]:
    """(value, tunnels) of the best digs found by a beam search, best first. Partial digs
    are judged as laid; the digs kept at the end are played (so a line's free station and
    the end of building count) and judged again."""
    start = TurnContext.at_turn_start(state, seat)
    beam = [(0, (), state, start)]
    finished: list[tuple[int, tuple]] = []
    for depth in range(TUNNELS_PER_DIG):
        grown = []
        for _, tunnels, current, ctx in beam:
            options = continuations(current, seat, 0, ctx) + continuations(current, seat, 1, ctx)
            if not options and tunnels:
                finished.append((0, tunnels))
            for tunnel in options:
                child = _laid(current, seat, tunnel)
                after = ctx.copy()
                if tunnel.marker:
                    after.marker_used = True
                grown.append((judge.value(child), tunnels + (tunnel,), child, after))
        if not grown:
            break
        grown.sort(key=lambda item: (-item[0], [str(t) for t in item[1]]))
        beam = grown[:width]
    finished += [(0, tunnels) for _, tunnels, _, _ in beam if tunnels]
    out = []
    for _, tunnels in finished:
        move = Dig(tunnels)
        if _legal(state, seat, move):
            out.append((judge.value(_with(state, seat, move)), tunnels))
    out.sort(key=lambda item: (-item[0], -len(item[1]), [str(t) for t in item[1]]))
    return out


def _legal(state, seat: int, move) -> bool:
    try:
        GAME.check(state, seat, move)
        return True
    except IllegalMove:   # the beam found a dig shorter than the turn requires
        return False


def ranked_moves(state, seat: int, width: int = BEAM, careful: bool = False,
                 judge: Judge | None = None) -> list[tuple[int, object]]:
    """(value, move) best first: beam digs, stations, bonus choices; never empty. ``judge``:
    one made earlier for this seat, reused (see ``Judge.reuse``)."""
    judge = judge.reuse(state) if judge is not None else Judge(state, seat, careful)
    if state.phase == BONUS:
        return sorted(((judge.value(_with(state, seat, m)), m)
                       for m in GAME.legal_moves(state, seat)),
                      key=lambda item: (-item[0], str(item[1])))
    out = [(value, Dig(tunnels)) for value, tunnels in beam_digs(state, seat, judge, width)]
    for move in station_moves(state, seat):
        out.append((judge.value(_with(state, seat, move)), move))
    out.sort(key=lambda item: -item[0])   # stable: digs before stations on ties
    if not out:
        move = GAME.random_move(state, seat, Rng(0))
        out.append((judge.value(_with(state, seat, move)), move))
    return out


def greedy_move(state, seat: int, width: int = BEAM, judge: Judge | None = None):
    return ranked_moves(state, seat, width, judge=judge)[0][1]


def has_hidden_letters(view) -> bool:
    """Are some destination letters hidden in this view (the Unfair Municipality variant)?"""
    return any(key[0] == HIDDEN_LETTER for hand in view.hands for key in hand)


def determinize(view, seat: int, rng: Rng):
    """Deal the hidden destination letters of the other seats (Unfair Municipality) at
    random among the letters nobody has seen, keeping every marker's type."""
    state = GAME.clone(view)
    if not has_hidden_letters(view):
        return state
    known = {key for key, _ in view.placed.values()} | set(view.hands[seat])
    from game.rules.metromania.board_data import LETTERS, MARKER_PAIRS
    pool: dict[str, list[str]] = {}
    for letter in LETTERS:
        for kind in MARKER_PAIRS[letter]:
            key = letter + kind
            if key not in known:
                pool.setdefault(kind, []).append(key)
    for kind in sorted(pool):
        rng.shuffle(pool[kind])
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        state.hands[other] = sorted(pool[key[1]].pop() if key[0] == HIDDEN_LETTER else key
                                    for key in hand)
    return state


def policy_turn(world, judges: dict, width: int = BEAM) -> None:
    """The seat to move plays the normal policy's move with a beam of ``width`` (its ``Judge``
    kept in ``judges`` for the whole simulation)."""
    actor = world.turn
    judge = judges.get(actor)
    if judge is None:
        judge = judges[actor] = Judge(world, actor)
    GAME.play(world, actor, greedy_move(world, actor, width, judge))


class MetromaniaEasy(Bot):
    level = "easy"
    thoughtful_in = 2   # one turn in this many is the normal bot's (narrowest beam)

    def choose(self, view):
        rng = self.rng_for(view)
        seat = self.seat
        if rng.below(self.thoughtful_in) == 0:
            return greedy_move(view, seat, 1)
        if view.phase == BONUS:
            moves = GAME.legal_moves(view, seat)
            placed = [m for m in moves if m.point >= 0]
            return placed[0] if placed else moves[0]
        # the rules' random move (its digs end a line whenever they can); a dig that leaves
        # one of its lines with no reachable end is redrawn once
        move = GAME.random_move(view, seat, rng)
        if isinstance(move, Dig) and self._strands(_with(view, seat, move)):
            move = GAME.random_move(view, seat, rng)
        return move

    def _strands(self, state) -> bool:
        for k in (0, 1):
            line = state.line(self.seat, k)
            if line.started and not line.done and end_distance(state, line) >= 99:
                return True
        return False


class MetromaniaNormal(Bot):
    level = "normal"

    def choose(self, view):
        rng = self.rng_for(view)
        return greedy_move(view, self.seat)


class MetromaniaHard(Bot):
    level = "hard"
    candidates = 4
    samples = 2          # determinized worlds per candidate (1 when nothing is hidden)
    ply_budget = 80      # simulated turns per decision, shared by candidates and samples
    rollout_width = 1    # beam width of the normal policy inside simulations
    careful = True
    root_width = BEAM + 2  # beam width of the search for the candidate moves

    def choose(self, view):
        rng = self.rng_for(view)
        seat = self.seat
        ranked = ranked_moves(view, seat, width=self.root_width, careful=self.careful)
        top = [move for _, move in ranked[:self.candidates]]
        if len(top) == 1:
            return top[0]
        decision = (rng.next_u32() << 32) | rng.next_u32()
        samples = self.samples if has_hidden_letters(view) else 1
        plies = max(1, self.ply_budget // (len(top) * samples))
        best = None
        for index, move in enumerate(top):
            total = 0
            for k in range(samples):
                if self.should_stop():
                    return top[0]
                world = determinize(view, seat, Rng(mix_seed(decision, k)))
                GAME.play(world, seat, move)
                # the early cut compares one world with the best total: only when there is
                # one world per candidate
                bar = best[0] if best is not None and samples == 1 else None
                total += self.simulate(world, plies, bar)
            if best is None or total > best[0]:
                best = (total, index)
        return top[best[1]]

    def simulate(self, world, plies: int, bar: int | None) -> int:
        """The seat's utility after its move (played in ``world``): ``plies`` turns of the
        normal policy, then the leaf's value (``bar``: an early cut a deeper search may use)."""
        judges: dict = {}      # one per seat for the whole simulation
        for _ in range(plies):
            if world.phase == OVER:
                break
            self.policy_turn(world, judges)
        return self.leaf_utility(world, judges)

    def policy_turn(self, world, judges: dict) -> None:
        """The seat to move plays the normal policy's move (``policy_turn``)."""
        policy_turn(world, judges, self.rollout_width)

    def leaf_utility(self, world, judges: dict) -> int:
        """The seat's value at the end of a simulation (its final score once the game is
        over) less its best rival's: all of it with two players, where every point the
        rival makes counts against us, half of it with more (a bot that only spoils would
        sink the whole table). Every seat is judged carefully, reusing the simulation's
        judges and one computation of the trips for all."""
        if world.phase == OVER:
            values = [10 * total for total in final_totals(world)]   # one scoring for all
        else:
            routes = route_shares(world)
            values = []
            for other in range(world.players):
                judge = judges.get(other)
                judge = judge.reuse(world) if judge is not None else Judge(world, other)
                judge.careful = self.careful
                values.append(judge.value(world, routes))
        share = 10 if world.players == 2 else 5
        rivals = [v for other, v in enumerate(values) if other != self.seat]
        return values[self.seat] - share * max(rivals) // 10


class MetromaniaExpert(MetromaniaHard):
    """Two moves deep (see the module docstring): its candidates against the rival's best
    replies, every line played to the end by the normal policy."""

    level = "expert"
    candidates = 6         # with three or four players (``MetromaniaHard.choose``)
    replies = 3            # rival replies per candidate in ``worst_reply`` (two players)
    samples = 3            # determinized worlds per candidate when letters are hidden
    root_width = BEAM + 4
    reply_width = BEAM     # beam of the careful ranking of the rival's replies
    duel_candidates = 10   # with two players: a wider search (see ``duel``)
    duel_replies = 5
    duel_root_width = BEAM + 8
    duel_turns = 650       # turns played out, about 0.8 s (see ``duel``)

    def choose(self, view):
        if view.players == 2 and not has_hidden_letters(view):
            return self.duel(view)
        return super().choose(view)

    def duel(self, view):
        """Two players, nothing hidden: the candidate whose worst reply is best (ties: the
        better ranked). Every candidate first meets the rival's first reply; then they are
        taken best first, and a candidate stops as soon as one of its replies is no better
        than the best candidate found (its worst can only fall). That order settles the
        best early, so most candidates cost one or two play-outs, not ``duel_replies``:
        the same choice as trying every reply, in well under half the play-outs.

        The budget: once ``duel_turns`` turns have been played out and a best candidate is
        known, the candidates not yet settled (the least promising) are left untried; a
        count of turns, not the clock, so the choice stays a pure function of the view."""
        seat = self.seat
        ranked = ranked_moves(view, seat, width=self.duel_root_width, careful=True)
        top = [move for _, move in ranked[:self.duel_candidates]]
        if len(top) == 1:
            return top[0]
        lines = []
        for move in top:
            if self.should_stop():
                return top[0]
            world = GAME.clone(view)
            GAME.play(world, seat, move)
            lines.append(_ReplyLine(self, world, self.duel_replies))
        spent = sum(line.turns for line in lines)
        best = None                       # (worst, -index) of the best candidate found
        for index in sorted(range(len(top)), key=lambda i: (-lines[i].worst, i)):
            line = lines[index]
            while best is None or (line.worst, -index) > best:
                if not line.pending:
                    best = (line.worst, -index)
                    break
                if best is not None and spent >= self.duel_turns:
                    return top[-best[1]]
                if self.should_stop():
                    return top[-best[1]] if best is not None else top[0]
                before = line.turns
                line.answer_next()
                spent += line.turns - before
        return top[-best[1]]

    def simulate(self, world, plies: int, bar: int | None) -> int:
        return self.worst_reply(world, bar)

    def worst_reply(self, world, bar: int | None = None) -> int:
        """The seat's utility after its move (already played in ``world``) against the
        rival's best replies: the worst of them with two players, the first choice with
        more. Stops at the first reply whose utility is ``bar`` or less (the move cannot
        beat one already found)."""
        line = _ReplyLine(self, world, self.replies if world.players == 2 else 1)
        while line.pending and (bar is None or line.worst > bar):
            line.answer_next()
        return line.worst

    def play_out(self, world) -> int:
        """Every seat plays the normal policy to the end of the game; the seat's utility."""
        judges: dict = {}
        while world.phase != OVER:
            self.policy_turn(world, judges)
        return self.leaf_utility(world, judges)


class _ReplyLine:
    """One candidate of the expert (played in ``world``): the rival's best ``count``
    replies as the careful judge ranks them, answered one at a time, each played to the end
    by the normal policy; ``worst`` is the seat's worst utility so far. The first reply is
    answered at once."""

    def __init__(self, bot: MetromaniaExpert, world, count: int) -> None:
        self.bot = bot
        seat = bot.seat
        judges: dict = {}
        while world.phase != OVER and world.turn == seat:     # the seat's own free station
            bot.policy_turn(world, judges)
        self.world = world
        self.turns = 0                     # turns played out for this candidate
        if world.phase == OVER:
            self.pending = []
            self.worst = bot.leaf_utility(world, judges)
            return
        options = ranked_moves(world, world.turn, width=bot.reply_width, careful=True)
        self.pending = [reply for _, reply in options[:count]]
        self.worst = None
        self.answer_next()

    def answer_next(self) -> None:
        reply = self.pending.pop(0)
        line = GAME.clone(self.world)
        GAME.play(line, self.world.turn, reply)
        value = self.bot.play_out(line)
        self.turns += line.moves_played - self.world.moves_played
        if self.worst is None or value < self.worst:
            self.worst = value


register_levels(GAME.name, MetromaniaEasy, MetromaniaNormal, MetromaniaHard,
                MetromaniaExpert)

# what values this game's moves for the coach's hints and review
# (``game.bots.base.coach_estimator``)
COACH = "game.bots.mania_estimate"

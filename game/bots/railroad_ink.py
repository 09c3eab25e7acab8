"""Railroad Ink bots (base game and the River, Lake, Meteor and Volcano expansions).

Every sheet is played on its own (the roll is shared, the sheets are not), so a bot only
thinks about its own sheet, and its randomness is drawn from its own part of the view
(``own_view``): the other sheets' progress in the round never changes its move. That keeps
the bots of a round deterministic while they think at the same time and land their moves in
whatever order their workers finish. ``choose`` is called once per action of a round (each die, a
special, the meteor, ``end``); every call decides afresh from the view, so the bot keeps no
plan between calls and is a pure function of (seed, views).

Base game (``ink_plan``: the dice of a round are planned jointly by beam search):

* easy   — a beginner: looks one drawing ahead (dice and specials alike) and picks at random
           among its three favourites; ``end`` once the dice are done.
* normal — plans the rest of the round with a beam of 4 sheets (instant).
* hard   — plans the rest of the round with a beam of 30 sheets; its best 5 plans are compared
           by determinized lookahead (6 next rolls drawn from the bot's own Rng, each next
           round planned with a beam of 3) (≤ 0.3 s: CPU p95 about 0.29 s in selfplay).
           Solo, seeds 1000-1199: 50.8 ± 0.7 (3 plans x 4 rolls scored 49.9 ± 0.8).
* expert — the best 16 plans of the round (beam of 30) are compared by their mean final score
           over play-outs to the end of the game (``ink_playout``: the rounds to come rolled
           from the bot's own seed, never the table's, and drawn by the sheet core's cheap
           policy, ``game.inkcore``, compiled by numba where it imports; the policy's weights
           ``ink_playout.POLICIES[policy_set]``); the last round is searched exactly. Session
           15, with 8 plans and policy set 0, solo, seeds 30000-30039 (never used in tuning),
           paired (``tools/ink_strength.py``): 54.1 (52.5-55.7) against hard 49.9 (+4.2, 2.1
           to 6.4) and the lookahead expert it replaced 50.5 (+3.7, 1.6 to 5.7); CPU p95 0.5 s
           a decision. The lookahead expert (the best 6 plans compared over 10 sampled next
           rolls, each planned with a beam of 4) stays as the unlisted ``expert-lookahead``.

           Session 16 (16 plans, policy set 2), seeds 800000-800199 (never used in
           tuning), paired against hard: expert 54.8 (54.1-55.4), hard 50.0 (49.3-50.7),
           +4.8 (4.0 to 5.6); expert CPU a decision p50 123 ms, p95 554 ms, first decision
           p50 818 / p95 948 ms, 2 decisions of 7,600 over 1 s (two games' first, 1.15 and
           1.02 s); measured at load 1-12 on the 2 shared cores. Short of 58: the levers below.

Levers measured for the expert (session 16; solo, paired against the expert of the time on
the same seeds, tuning seeds only; ``tools/ink_strength.py expert,expert@LEVER``; CPU per
decision p50/p95 in ms, on a shared machine at load 10-22, where the same decisions cost
about 1.2-1.5x their idle time: compare within a row):

  lever (attribute overrides)            seeds            paired diff (95 %)   CPU p50/p95 (base)
  policy_set=1 (weights tuned by policy  700002-700012    -1.6 (-5.1 to 1.8)   104/574 (118/559)
    self-play, 31.3 -> 32.4 points there: a better policy alone is not a better judge)
  policy_set=2 (twice the policy noise)  700002-700029    +1.3 (-0.2 to 2.7)    96/525 (97/535)
  candidates=16                          700002-700012    +1.8 (-2.0 to 5.7)   124/555 (118/559)
  candidates=16 + policy_set=2 (taken)   700013-700029    +2.1 (0.2 to 4.0)    118/508 (92/522)
  budget=28800 (twice the play-outs)     700000 (1)       0                    179/- : round-first
    decisions 1.0-1.2 s CPU, over the 1 s budget (session 15: +1.6, -1.1 to 4.3 with 12 plans)
  budget=24000 + later_budget=43200      700001 (1)       -2                   568/1212 (156/572):
    the round's later decisions meet new end sheets, so they are not cheap: over budget

Levers measured in session 17 (the same way, all on tuning seeds 705000-705039 against one
run of the shipped expert there: 55.2 (53.7-56.7), CPU p50/p95 135/571 ms, first decisions
p50/p95 884/1041 ms at load 4-14, 737/850 ms (max 930, scores identical) again at load
1-3). The paired differences have a standard deviation of about
5.3 points a seed (pairing hardly helps: the games part after a few dice), so 40 seeds see
only effects over about 1.7 points; none of these was taken:

  lever (attribute overrides)            paired diff (95 %)   CPU p50/p95, first p95 (ms)
  later_budget=28800 (twice the play-    +0.20 (-1.43 to 1.83)  329/819, 1033
    outs once a die of the round is drawn)
  budget=19200 + round1_budget=14400     +0.05 (-0.99 to 1.09)  153/682, 961
    (a third more play-outs in rounds 2-6, round 1 as shipped)
  first_cap=4 (the 16 plans begin with   -0.17 (-1.89 to 1.54)  204/581, 992
    4-7 first drawings instead of 1-4)
  policy_set=3 (four times the noise)    -0.70 (-2.39 to 0.99)  130/528, 1020
  candidates=24                          +0.15 (-1.37 to 1.67)  139/539, 1020
  width=60 (the plans' beam doubled)     +0.35 (-1.35 to 2.05)  138/663, 1330: round 1's
    first decisions over budget (p50 1050)
  width=60 + round1_budget=9600 (round   +0.30 (-1.38 to 1.98)  132/601, 1076
    1's play-outs cut to pay for its beam)
  candidates=8 (last stop's 8 plans,     -2.35 (-3.89 to -0.81)  91/511, 901
    checked again: 16 plans are worth it)
  prior_percent=100 (the planner's value -4.14 (-6.68 to -1.60)  110/547, 1124
    added to the play-outs' mean; 14 seeds, stopped; the lever was then removed)
  policy_set=4 (three times the noise)   -0.17 (-1.93 to 1.58)  130/518, 900
  later_budget=28800 + candidates=24 +   +0.65 (-1.23 to 2.53)  261/693, 1079
    width=60 + round1_budget=9600 (all the search above at once)
  round1_budget=9600 (round 1's play-    -0.07 (-1.11 to 0.96)  113/473, 713 (max 786,
    outs cut by a third)                                          none over 1 s; load 1-3)
    and on 705040-705079, both at load 1-3: -0.33 (-1.49 to 0.84), first decisions p95 790
    (max 919, none over 1 s) against the shipped 911 (max 1,082: one over 1 s); the 80
    seeds together -0.20 (-0.98 to 0.58)

What the data says: more search of any kind (play-outs at the round's first or later dice,
plans past 16, beam width, first drawings) moves the expert by well under a point (8 plans
instead of 16 lose 2.4); the judge's evaluator does (policy noise +1.3, and -0.7 past it;
the tuned policy -1.6; the hand-set value blended in -4.1). The next step is a better
evaluator, learned from the play-outs' own results (a value for the leaves, or a policy
trained to judge rather than to score), measured on 100+ seeds a lever. Round 1's play-outs
can be cut by a third at no measured cost (80 seeds), which takes the game's first decision
from p95 850-911 to 713-790 ms at the same load: a margin for the 1 s budget on a loaded
machine (not taken: its interval is not above 0).

Expansions keep the older bots: easy (random dice), normal (greedy over ``sheet_value``) and
hard (greedy candidates compared by determinized lookahead through ``play``); the planner
levels fall back to them.
"""

from __future__ import annotations

import zlib

from game.inkcore import warm
from game.rules.core import Rng, state_hash
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import (BASE_ROUNDS, EXITS, FACE_IDS, FACE_INDEX, HIGHWAY,
                                           RAILWAY, SPECIALS, exits_score)
from game.rules.railroad_ink.lake import forced_fills, smallest_lake
from game.rules.railroad_ink.orientation import CANONICAL_O
from game.rules.railroad_ink.moves import Draw, End, IgnoreMeteor, Meteor, Skip, Undo
from game.rules.railroad_ink.river import river_score
from game.rules.railroad_ink.scoring import exit_networks, longest_route, route_ends
from game.rules.railroad_ink.sheet import CELL_INDEX, CENTRE_CELLS
from game.rules.railroad_ink.state import SeatState
from game.rules.railroad_ink.volcano import volcano_score

from .base import Bot, register, register_levels
from .ink_plan import DEFAULT_WEIGHTS, evaluate, lookahead_value, plan_candidates, sample_roll
from .ink_playout import POLICIES, PlayoutJudge, exact_last_round, round_seed
from .search import mix_seed

SCALE = 10
OPEN_WEIGHT = (10, 6, 4, 3, 3, 3, 3, 3)   # per open route end, by rounds left after this one
SPECIAL_COST = 3 * SCALE                   # a special must gain this much (while it can wait)
_SPECIALS = frozenset(SPECIALS)
_EXIT_CELLS = frozenset(CELL_INDEX[name] for name, _, _ in EXITS)


def rounds_left(state) -> int:
    """Rounds still to come after the current one."""
    return max(0, state.rounds - state.round)


def sheet_value(sheet, expansion: str, open_weight: int, full: bool = False) -> int:
    """How good a sheet looks (x SCALE). ``full`` adds the longest routes (slower)."""
    cells = sheet.cells
    networks = exit_networks(sheet)
    value = 0
    for count in networks:
        value += exits_score(count) * SCALE if count > 1 else 2
    value += SCALE * sum(1 for cell in CENTRE_CELLS if cells[cell] >= 0)
    open_ends, bad, crater_ends = route_ends(sheet)
    value -= bad * SCALE + open_ends * open_weight
    if expansion == "river":
        points, ends = river_score(sheet)
        value += points * SCALE - ends * open_weight
    elif expansion == "lake":
        value += smallest_lake(sheet) * SCALE
    elif expansion == "meteor":
        value += 2 * SCALE * crater_ends
    elif expansion == "volcano":
        points, open_sides = volcano_score(sheet)
        value += points * SCALE - open_sides * open_weight
    if full:
        value += SCALE * (longest_route(sheet, HIGHWAY) + longest_route(sheet, RAILWAY))
    return value


def special_cost(state, seat: int) -> int:
    used = len(state.seats[seat].sheet.specials)
    return 0 if 3 - used >= rounds_left(state) + 1 else SPECIAL_COST


def move_cost(state, seat: int, move) -> int:
    if isinstance(move, Draw) and move.face in _SPECIALS:
        return special_cost(state, seat)
    if isinstance(move, IgnoreMeteor):
        return special_cost(state, seat)
    return 0


def sheet_after(state, seat: int, move):
    """The seat's sheet after ``move``. A drawing is done on a copy of the sheet alone (what
    ``play`` does to the sheet: the face, then the Lake's forced fills); other actions go
    through ``play`` on a clone of the state."""
    if isinstance(move, Draw):
        sheet = state.seats[seat].sheet.copy()
        sheet.put(move.cell, FACE_INDEX[move.face], move.o)
        if state.expansion == "lake":
            forced_fills(sheet)
        return sheet
    child = GAME.clone(state)
    GAME.play(child, seat, move)
    return child.seats[seat].sheet


def value_after(state, seat: int, move, full: bool = False) -> int:
    weight = OPEN_WEIGHT[min(rounds_left(state), len(OPEN_WEIGHT) - 1)]
    return sheet_value(sheet_after(state, seat, move), state.expansion, weight, full) \
        - move_cost(state, seat, move)


def considered(state, seat: int, moves: list) -> list:
    """The actions worth scoring: never ``undo``."""
    return [m for m in moves if not isinstance(m, Undo)]


def greedy_ranked(state, seat: int, moves: list, rerank: int = 4) -> list[tuple[int, object]]:
    """(value, move) best first: fast values, the top ``rerank`` re-scored with the longest
    routes (ties keep the legal-move order)."""
    scored = [(value_after(state, seat, m), i, m) for i, m in enumerate(moves)]
    scored.sort(key=lambda item: (-item[0], item[1]))
    top = [(value_after(state, seat, m, full=True), i, m) for _, i, m in scored[:rerank]]
    top.sort(key=lambda item: (-item[0], item[1]))
    return [(v, m) for v, _, m in top] + [(v, m) for v, _, m in scored[rerank:]]


def quick_moves(state, seat: int) -> list:
    """The rollout policy's options: drawing the pending mandatory dice (no specials, no
    optional dice: that keeps playouts cheap), else whatever is legal (skip, meteor, erase,
    end)."""
    mandatory = sorted({face for face, needed in GAME.remaining_dice(state, seat) if needed})
    moves = []
    for face in mandatory:
        for cell, orientations in GAME.legal_placements(state, seat, face).items():
            for o in orientations:
                moves.append(Draw(face, CELL_INDEX[cell], o))
    if moves:
        return moves
    if GAME.can_end(state, seat):
        return [End()]
    legal = [m for m in GAME.legal_moves(state, seat) if not isinstance(m, (Undo, IgnoreMeteor))]
    return [m for m in legal if not isinstance(m, Draw) or m.face == "volcano"] or legal


def quick_greedy(state, seat: int):
    moves = quick_moves(state, seat)
    if isinstance(moves[0], Draw) or len(moves) > 1:
        best = None
        for m in moves:
            v = value_after(state, seat, m)
            if best is None or v > best[0]:
                best = (v, m)
        return best[1]
    return moves[0]


def own_view(view, seat: int):
    """The view with every other seat reset to an empty sheet: what this seat's decisions
    may depend on (the shared roll and round, its own sheet and progress)."""
    own = GAME.clone(view)
    own.seats = [mine if index == seat else SeatState() for index, mine in enumerate(own.seats)]
    return own


class RailroadInkBot(Bot):
    """Draws its randomness from its own part of the view only (see ``own_view``), so its
    next move can be thought while the last one is still being shown: the view after its own
    drawing is known (only ``end`` may roll new dice), and the others' drawings meanwhile do
    not change what it will choose."""

    def rng_for(self, view) -> Rng:
        return super().rng_for(own_view(view, self.seat))

    def view_after(self, view, move):
        if isinstance(move, (End, Undo)):
            return None
        after = GAME.clone(view)
        try:
            GAME.apply(after, self.seat, move)
        except Exception:  # noqa: BLE001 - an illegal move is not thought ahead of
            return None
        return after

    def position_key(self, view):
        return state_hash(GAME, own_view(view, self.seat))


class RailroadInkEasy(RailroadInkBot):
    """Expansions' easy bot (random legal dice)."""

    level = "easy"

    def choose(self, view):
        rng = self.rng_for(view)
        moves = GAME.legal_moves(view, self.seat)
        pending = {face for face, mandatory in GAME.remaining_dice(view, self.seat) if mandatory}
        for kinds in ((Meteor,), ):
            options = [m for m in moves if isinstance(m, kinds)]
            if options:
                return options[rng.below(len(options))]
        draws = [m for m in moves if isinstance(m, Draw) and m.face in pending]
        if draws:
            return draws[rng.below(len(draws))]
        rest = [m for m in moves if not isinstance(m, (Undo, Draw, IgnoreMeteor))]
        for m in rest:
            if isinstance(m, Skip):
                return m
        if any(isinstance(m, End) for m in rest):
            return End()
        rest = rest or [m for m in moves if not isinstance(m, Undo)]
        return rest[rng.below(len(rest))]


class RailroadInkNormal(RailroadInkBot):
    level = "normal"

    def choose(self, view):
        moves = considered(view, self.seat, GAME.legal_moves(view, self.seat))
        if len(moves) == 1:
            return moves[0]
        return greedy_ranked(view, self.seat, moves)[0][1]


class RailroadInkHard(RailroadInkBot):
    level = "hard"
    candidates = 5
    samples = 5

    def choose(self, view):
        rng = self.rng_for(view)
        seat = self.seat
        moves = considered(view, seat, GAME.legal_moves(view, seat))
        if len(moves) == 1:
            return moves[0]
        ranked = greedy_ranked(view, seat, moves)
        top = [m for _, m in ranked[:self.candidates]]
        if len(top) == 1:
            return top[0]
        decision = (rng.next_u32() << 32) | rng.next_u32()
        horizon = min(view.rounds, view.round + 1)
        totals = []
        for index, move in enumerate(top):
            total = 0
            for k in range(self.samples):
                if self.should_stop():
                    return top[0]
                total += self.simulate(view, move, horizon, mix_seed(decision, k))
            totals.append((-total, index))
        return top[min(totals)[1]]

    def simulate(self, view, move, horizon: int, seed: int) -> int:
        """Play ``move``, then the greedy policy on a solo copy of this sheet with rolls from
        ``Rng(seed)``, to the end of round ``horizon``; the sheet's full value there."""
        world = GAME.clone(view)
        world.seats = [world.seats[self.seat]]
        world.rng = Rng(seed)
        GAME.play(world, 0, move)
        while not world.over and world.round <= horizon:
            if world.seats[0].ended:
                break
            GAME.play(world, 0, quick_greedy(world, 0))
            if world.round > horizon:
                break
        weight = OPEN_WEIGHT[min(rounds_left(world), len(OPEN_WEIGHT) - 1)]
        if world.over or world.round > horizon:
            weight = OPEN_WEIGHT[min(max(0, view.rounds - horizon), len(OPEN_WEIGHT) - 1)]
        return sheet_value(world.seats[0].sheet, view.expansion, weight, full=True)


class RailroadInkPlanner(RailroadInkHard):
    """Plans the rest of the round jointly (``ink_plan.plan_candidates``) and plays its first
    drawing; expansions other than the base game fall back to the hard bot's lookahead.
    With ``candidates`` > 1 (and a round still to come) the best few plans are compared by
    determinized lookahead: ``samples`` next rolls drawn from the bot's own Rng (never the
    game's: the next roll is unknown), each planned with a beam of ``look_width``."""

    level = "planner"
    width = 30
    final_width = 40
    cheap_beam = True
    candidates = 1
    samples = 0
    look_width = 4
    look_final_width = 0
    weights = DEFAULT_WEIGHTS
    # follow the round-start plan (``round_plan_next``): about half the CPU, but measured
    # weaker (200 seeds from 1000: hard 44.7, expert 47.5) than re-planning after every die
    follow_round_plan = False

    def __init__(self, game, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self.round_plans: dict = {}
        self.lookahead_memo: dict = {}

    def choose(self, view):
        if view.expansion:
            return super().choose(view)
        seat = self.seat
        plan = self.round_plan_next(view) if self.samples and self.follow_round_plan else None
        if plan is None:
            pending = [FACE_INDEX[face] for face, mandatory in GAME.remaining_dice(view, seat)
                       if mandatory]
            special_ok = any(status == "available"
                             for status in GAME.specials_status(view, seat).values())
            key = self.round_key(view)
            plan, _ = self.plan(view.seats[seat].sheet, pending, special_ok, rounds_left(view),
                                key)
        if plan:
            face, cell, o = plan[0]
            return Draw(FACE_IDS[face], cell, o)
        moves = GAME.legal_moves(view, seat)
        for move in moves:
            if isinstance(move, Skip):
                return move
        return End()

    def round_key(self, view) -> tuple:
        """What the round's start is made of: round, roll, this seat's sheet and specials."""
        start = view.seats[self.seat].start
        return (view.round, tuple(view.dice), tuple(start.cells), tuple(start.specials))

    def plan(self, sheet, pending: list[int], special_ok: bool, after: int, key: tuple):
        """(the chosen plan for the rest of the round, whether it was thought to the end).

        The lookahead's next rolls are drawn from the round's start (``key``) and the seed, so
        every decision of a round compares end sheets on the same rolls; a sheet's lookahead
        value is therefore a pure function of (sheet, key, seed) and is remembered for the
        round (a cache: re-planning after each die mostly meets the same end sheets)."""
        ranked = plan_candidates(sheet, pending, special_ok, after, self.width, self.weights,
                                 final_width=self.final_width, cheap_beam=self.cheap_beam)
        plan = ranked[0][1] if ranked else []
        complete = True
        if after > 0 and self.samples and len(ranked) > 1:
            rng = Rng(mix_seed(self.seed * 2 + 1, zlib.crc32(repr(key).encode())))
            rolls = [sample_roll(rng) for _ in range(self.samples)]
            if self.lookahead_memo.get("key") != key:
                self.lookahead_memo = {"key": key}
            memo = self.lookahead_memo
            best = None
            for _, moves, end_sheet in ranked[:self.candidates]:
                if self.should_stop():
                    complete = False
                    break
                end_key = (tuple(end_sheet.cells), tuple(end_sheet.specials))
                value = memo.get(end_key)
                if value is None:
                    value = memo[end_key] = lookahead_value(
                        end_sheet, after, rolls, self.look_width, self.weights,
                        self.look_final_width)
                if best is None or value > best[0]:
                    best = (value, moves)
            plan = best[1] if best else plan
        return plan, complete

    def round_plan_next(self, view):
        """The rest of the plan made for the whole round from the sheet as the round began,
        if the drawings made since are its first steps; else None (plan afresh from here).

        That plan depends only on the round's start (sheet, specials, roll, round) and the
        bot's seed, so following it keeps every move a pure function of (seed, view); it is
        kept between calls only as a cache, which saves re-planning at every die."""
        seat_state = view.seats[self.seat]
        start, sheet = seat_state.start, seat_state.sheet
        key = self.round_key(view)
        cache = self.round_plans
        plan = cache.get(key)
        if plan is None:
            plan, complete = self.plan(
                start, [FACE_INDEX[face] for face in view.dice], len(start.specials) < 3,
                rounds_left(view), key)
            if not complete:
                return None
            cache.clear()
            cache[key] = plan
        changed = [cell for cell in range(len(sheet.cells)) if sheet.cells[cell] != start.cells[cell]]
        done = len(changed)
        if done > len(plan) or sorted(changed) != sorted(cell for _, cell, _ in plan[:done]):
            return None
        specials = list(start.specials)
        for face, cell, o in plan[:done]:
            if sheet.cells[cell] != face * 8 + CANONICAL_O[face][o]:
                return None
            if FACE_IDS[face] in _SPECIALS:
                specials.append(FACE_IDS[face])
        if specials != list(sheet.specials):
            return None
        return plan[done:]


class RailroadInkBeginner(RailroadInkBot):
    """A beginner: looks one drawing ahead (dice and specials alike) with the planner's
    evaluation and picks at random among its two favourites; ``end`` once the dice are done."""

    level = "easy"
    choices = 3

    def choose(self, view):
        if view.expansion:
            return RailroadInkEasy.choose(self, view)
        seat = self.seat
        rng = self.rng_for(view)
        moves = GAME.legal_moves(view, seat)
        draws = [m for m in moves if isinstance(m, Draw)]
        pending = {face for face, mandatory in GAME.remaining_dice(view, seat) if mandatory}
        if not pending:
            # dice done: a special only if it looks better than stopping
            draws = [m for m in draws if m.face in _SPECIALS]
        if draws:
            after = rounds_left(view)
            sheet = view.seats[seat].sheet
            base = evaluate(sheet, after, routes=False) if not pending else None
            scored = []
            for index, move in enumerate(draws):
                child = sheet.copy()
                child.put(move.cell, FACE_INDEX[move.face], move.o)
                if move.face in _SPECIALS:
                    child.specials.append(move.face)
                scored.append((evaluate(child, after, routes=False), index, move))
            scored.sort(key=lambda item: (-item[0], item[1]))
            if base is None or scored[0][0] > base:
                top = scored[:self.choices]
                return top[rng.below(len(top))][2]
        for move in moves:
            if isinstance(move, Skip):
                return move
        return End()


class RailroadInkNormalPlanner(RailroadInkPlanner):
    level = "normal"
    width = 4
    final_width = 8

    def choose(self, view):
        if view.expansion:
            return RailroadInkNormal.choose(self, view)
        return super().choose(view)


class RailroadInkHardPlanner(RailroadInkPlanner):
    level = "hard"
    width = 30
    candidates = 5
    samples = 6
    look_width = 3


class RailroadInkLookaheadExpert(RailroadInkPlanner):
    """The expert before play-outs (one round of determinized lookahead), kept for
    comparisons as the unlisted level ``expert-lookahead``."""

    level = "expert-lookahead"
    listed = False
    candidates = 6
    samples = 10
    final_width = 100


class RailroadInkExpert(RailroadInkLookaheadExpert):
    """The expert's search by play-outs to the end of the game (``ink_playout``): the best
    ``candidates`` plans of the round (beam of ``width``) are compared by their mean final
    score over play-outs (``budget`` rounds played out in all, by successive halving; totals
    shared by the round's decisions); the last round is searched exactly (up to
    ``exact_cap`` positions, else the wide beam of ``final_width`` ranked by the exact
    score)."""

    level = "expert"
    listed = True
    candidates = 16        # with policy_set 2 (both were 8 and 0): see the docstring
    budget = 14400         # rounds played out per decision (2,400 play-outs from round 2)
    # rounds played out per decision once a die of the round is drawn (0: ``budget``); a
    # lever measured, not taken (see the module's docstring)
    later_budget = 0
    # rounds played out per decision of the game's first round (0: as the other rounds): its
    # play-outs are the longest and its sheets the emptiest, so its rounds cost the most
    round1_budget = 0
    # at most this many beam sheets per first drawing (0: no cap; ``ink_plan.plan_candidates``)
    first_cap = 0
    policy_set = 2         # the play-out policy's weights: ``ink_playout.POLICIES[policy_set]``
    exact_cap = 40000

    @classmethod
    def warm_process(cls) -> None:
        warm()          # numba's compiled play-out kernels: about half a CPU second to load

    def plan(self, sheet, pending: list[int], special_ok: bool, after: int, key: tuple):
        if after == 0:
            exact = exact_last_round(sheet, pending, special_ok, self.exact_cap)
            if exact is not None:
                return exact[1], True
            return super().plan(sheet, pending, special_ok, after, key)
        ranked = plan_candidates(sheet, pending, special_ok, after, self.width, self.weights,
                                 final_width=self.final_width, cheap_beam=self.cheap_beam,
                                 first_cap=self.first_cap)
        if len(ranked) <= 1 or not self.budget:
            return (ranked[0][1] if ranked else []), True
        judge = self.__dict__.get("judge")
        if judge is None:
            judge = self.judge = PlayoutJudge()
        judge.reset(key)
        seed = round_seed(self.seed, zlib.crc32(repr(key).encode()))
        sheets = [end_sheet for _, _, end_sheet in ranked[:self.candidates]]
        first_round = BASE_ROUNDS - after + 1
        budget = self.budget
        if self.later_budget and tuple(sheet.cells) != key[2]:
            budget = self.later_budget
        if self.round1_budget and first_round == 2:
            budget = self.round1_budget
        index = judge.best(sheets, first_round, BASE_ROUNDS, seed, budget,
                           policy=POLICIES[self.policy_set], should_stop=self.should_stop)
        return ranked[index][1], not self.should_stop()


register_levels(GAME.name, RailroadInkBeginner, RailroadInkNormalPlanner,
                RailroadInkHardPlanner, RailroadInkExpert)
register(RailroadInkLookaheadExpert.level, GAME.name, RailroadInkLookaheadExpert)

# what values this game's moves for the coach's hints and review
# (``game.bots.base.coach_estimator``)
COACH = "game.bots.ink_estimate"

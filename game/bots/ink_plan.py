"""Railroad Ink round planning: the dice of a round are placed jointly, not one by one.

A *plan* is an order of drawings for the rest of the current round (the pending dice and, at
most once, a special). ``plan_round`` searches plans by beam search: every depth expands each
kept sheet by every legal drawing of every pending die (and of every unused special while the
round has none), scores the children with ``Evaluator`` and keeps the best ``width`` distinct
sheets (the same cells reached in another order are one sheet). The best finished plan wins;
the bot plays its first drawing and plans afresh at its next decision (so every move is a pure
function of the view). In the last round the evaluation is the exact final score, so a wide
beam there is (close to) an exhaustive last round.

Speed: every beam sheet carries its ``Networks`` (exit networks, route ends and centre kept up
to date one drawn face at a time, see ``game/rules/railroad_ink/networks.py``); a drawing is
tried on the parent's own sheet and taken back (move/undo), and only the children the beam
keeps get a sheet of their own. Where the longest routes count (the last round), children are
first ranked with their parent's routes and only the best ``ROUTE_POOL`` x width are scored
with their own.

The evaluation weighs what a sheet will be worth at the end: points already made (exits per
network, longest routes, centre, mismatched sides), what open route ends and lone exits may
still become with the rounds left, the specials kept for later, and (``ink_reach``) how close
the open ends are to the exits still free: each free exit within ``MAX_REACH`` drawings of an
open end counts for a share of the 4 points joining it would bring. That last term took hard
from 46.4 to 49.9 (solo, seeds 1000-1199; exits joined 8.3 -> 10.2 per game): without it the
search only saw exits already joined and let networks grow into corners.
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import (FACE_INDEX, HIGHWAY, JUNCTION_DIE, MAX_SPECIALS, RAILWAY,
                                           ROUTE_DIE, SPECIALS)
from game.rules.railroad_ink.networks import Networks
from game.rules.railroad_ink.scoring import longest_route

from .ink_close import SCALE as CLOSE_SCALE, hard_ends
from .ink_reach import ReachNetworks, empty_and_faced, reach_value

_SPECIAL_INDEX = tuple(FACE_INDEX[s] for s in SPECIALS)


class Weights:
    """Evaluation weights in points (x100 kept as ints): indexed by rounds left after this.

    Two terms are opt-in, measured no better for hard (solo, seeds 1000-1099, paired against
    50.44): ``hard_end`` charges open ends no die face can tie off cleanly (``ink_close``;
    49.82), and ``special_each`` values each unused special that can still be drawn (at most
    one a round, so never more than the rounds left) instead of every unused special alike
    (``(0, 200, 170, 150, 140, 130, 120, 120)``: 49.72)."""

    def __init__(self, open_end=(100, 45, 30, 25, 22, 20, 20, 20),
                 lone_exit=(0,) * 8,
                 special=(0, 150, 250, 300, 330, 350, 360, 370), routes: bool = True,
                 centre: int = 100,
                 reach=(0, 80, 200, 200, 200, 200, 200, 200),
                 reach_decay=(100, 70, 45, 25), reach_beam: bool = True,
                 hard_end=(0,) * 8, special_each=None) -> None:
        self.hard_end = hard_end
        self.special_each = special_each
        self.open_end = open_end
        self.reach = reach
        self.reach_decay = reach_decay
        self.reach_beam = reach_beam
        self.lone_exit = lone_exit
        self.special = special
        self.routes = routes
        self.centre = centre


DEFAULT_WEIGHTS = Weights()
# where the beam counts the longest routes, this many times its width are scored with them
ROUTE_POOL = 3


def evaluate(sheet, rounds_after: int, weights: Weights = DEFAULT_WEIGHTS,
             routes: bool | None = None, nets: Networks | None = None) -> int:
    """How much the sheet is worth (points x100) with ``rounds_after`` rounds still to come;
    ``nets``: the sheet's networks if the caller keeps them up to date (else built here)."""
    r = min(rounds_after, 7)
    if nets is None:
        nets = ReachNetworks.of(sheet)
    value = nets.exit_points * 100 + nets.lone_exits * weights.lone_exit[r]
    value += weights.centre * nets.centre
    open_ends, bad = nets.open_ends, nets.mismatched
    value -= bad * 100 + open_ends * weights.open_end[r]
    if weights.hard_end[r] and open_ends:
        faced = nets.faced if isinstance(nets, ReachNetworks) else empty_and_faced(sheet)[1]
        value -= weights.hard_end[r] * hard_ends(sheet, faced) // CLOSE_SCALE
    full = routes if routes is not None else weights.routes
    if full:
        value += 100 * (longest_route(sheet, HIGHWAY) + longest_route(sheet, RAILWAY))
    if weights.reach[r] and (full or weights.reach_beam):
        value += weights.reach[r] * reach_value(
            sheet, weights.reach_decay, nets if isinstance(nets, ReachNetworks) else None) // 100
    unused = MAX_SPECIALS - len(sheet.specials)
    if weights.special_each is not None:
        # one special a round: only as many as there are rounds left can still be drawn
        value += min(unused, rounds_after) * weights.special_each[r]
    else:
        value += unused * weights.special[min(r, len(weights.special) - 1)] // max(1, MAX_SPECIALS)
    return value


def route_value(sheet) -> int:
    """The longest highway and railway (points x100)."""
    return 100 * (longest_route(sheet, HIGHWAY) + longest_route(sheet, RAILWAY))


def final_score(sheet) -> int:
    """The sheet's base-game score x100 (what the last round maximises)."""
    return evaluate(sheet, 0, _FINAL)


_FINAL = Weights(open_end=(100,) * 8, lone_exit=(0,) * 8, special=(0,) * 8, reach=(0,) * 8,
                 hard_end=(0,) * 8)


def _expand(sheet, pending: tuple[int, ...], special_ok: bool):
    """(face index, cell, o, pending after, special used) for every drawing possible now."""
    out = []
    seen = set()
    for i, face in enumerate(pending):
        if face in seen:
            continue
        seen.add(face)
        rest = pending[:i] + pending[i + 1:]
        for cell, orientations in sheet.legal_cells(face):
            for o in orientations:
                out.append((face, cell, o, rest, False))
    if special_ok:
        for face, cell, o in sheet.special_drawings():
            out.append((face, cell, o, pending, True))
    return out


def plan_candidates(sheet, pending: list[int], special_ok: bool, rounds_after: int,
                    width: int, weights: Weights = DEFAULT_WEIGHTS, final_width: int = 0,
                    cheap_beam: bool = True, first_cap: int = 0):
    """The finished plans for the rest of the round, best first: (value, [(face index, cell,
    o), ...], sheet after the plan).

    ``pending``: face indices of the mandatory dice still to draw; ``special_ok``: a special
    may still be drawn this round. The beam keeps ``width`` sheets per depth (in the last round
    ``final_width`` if given) and scores sheets cheaply (no longest routes) while expanding;
    the finished plans are ranked with the full evaluation.

    ``first_cap`` (0: no cap): every depth keeps at most that many sheets reached by the same
    first drawing, so the finished plans begin with many different drawings (without it the
    best 16 plans of a round's first decision begin with one to four drawings: the best first
    drawing's descendants fill the beam, and a judge of the plans hardly chooses the move).
    """
    last = rounds_after == 0
    if last:
        weights = _FINAL
        width = final_width or width
    cheap = cheap_beam and not last
    start_nets = ReachNetworks.of(sheet)
    start_routes = 0 if cheap else route_value(sheet)
    start = (evaluate(sheet, rounds_after, weights, False, start_nets) + start_routes, sheet,
             start_nets, (), tuple(pending), special_ok, start_routes)
    beam = [start]
    finished = []
    seen_final = set()
    while beam:
        children = []
        seen = set()
        for _, node_sheet, node_nets, moves, node_pending, node_special, node_routes in beam:
            options = _expand(node_sheet, node_pending, node_special)
            dice_options = any(not used for *_, used in options)
            if not dice_options:
                key = tuple(node_sheet.cells)
                if key not in seen_final:
                    seen_final.add(key)
                    finished.append((node_sheet, node_nets, moves))
            # each drawing is tried on the node's own sheet and taken back (move/undo); only
            # the children the beam keeps get a sheet of their own. Children are first ranked
            # without the longest routes (their parent's routes stand in for them).
            for face, cell, o, rest, used in options:
                node_sheet.put(cell, face, o)
                key = (tuple(node_sheet.cells), used or not node_special)
                if key in seen:
                    node_sheet.clear(cell)
                    continue
                seen.add(key)
                if used:
                    node_sheet.specials.append(SPECIALS[_SPECIAL_INDEX.index(face)])
                child_nets = node_nets.copy()
                child_nets.add(node_sheet, cell)
                value = evaluate(node_sheet, rounds_after, weights, False, child_nets)
                if used:
                    node_sheet.specials.pop()
                node_sheet.clear(cell)
                children.append((value + node_routes, len(children), node_sheet, child_nets,
                                 moves + ((face, cell, o),), rest, node_special and not used,
                                 used, value))
        children.sort(key=lambda item: (-item[0], item[1]))
        beam = []
        limit = width if cheap else width * ROUTE_POOL
        pool = children[:limit] if not first_cap else _capped(children, limit, first_cap)
        for v, order, parent, n, m, p, sp, used, plain in pool:
            face, cell, o = m[-1]
            child = parent.copy()
            child.put(cell, face, o)
            if used:
                child.specials.append(SPECIALS[_SPECIAL_INDEX.index(face)])
            routes = 0 if cheap else route_value(child)
            beam.append((plain + routes, order, child, n, m, p, sp, routes))
        if not cheap:
            beam.sort(key=lambda item: (-item[0], item[1]))
            del beam[width:]
        beam = [(v, c, n, m, p, sp, r) for v, _, c, n, m, p, sp, r in beam]
    ranked = []
    for index, (node_sheet, node_nets, moves) in enumerate(finished):
        ranked.append((evaluate(node_sheet, rounds_after, weights, None, node_nets), index, moves,
                       node_sheet))
    ranked.sort(key=lambda item: (item[0] * -1, item[1]))
    return [(value, list(moves), node_sheet) for value, _, moves, node_sheet in ranked]


def _capped(children: list, limit: int, cap: int) -> list:
    """The best ``limit`` children (sorted best first), at most ``cap`` of them per first
    drawing of their plan."""
    kept: list = []
    per_first: dict = {}
    for child in children:
        first = child[4][0]
        count = per_first.get(first, 0)
        if count < cap:
            per_first[first] = count + 1
            kept.append(child)
            if len(kept) == limit:
                break
    return kept


def plan_round(sheet, pending: list[int], special_ok: bool, rounds_after: int,
               width: int, weights: Weights = DEFAULT_WEIGHTS, final_width: int = 0,
               cheap_beam: bool = True):
    """The best plan for the rest of the round: (value, [(face index, cell, o), ...])."""
    ranked = plan_candidates(sheet, pending, special_ok, rounds_after, width, weights,
                             final_width, cheap_beam)
    if not ranked:
        return evaluate(sheet, rounds_after, weights), []
    return ranked[0][0], ranked[0][1]


def sample_roll(rng) -> list[int]:
    """Face indices of one base-game roll (3 route dice, 1 junction die), drawn from ``rng``."""
    faces = [ROUTE_DIE[rng.below(len(ROUTE_DIE))] for _ in range(3)]
    faces.append(JUNCTION_DIE[rng.below(len(JUNCTION_DIE))])
    return [FACE_INDEX[face] for face in faces]


def lookahead_value(sheet, rounds_after: int, rolls: list[list[int]], width: int,
                    weights: Weights = DEFAULT_WEIGHTS, final_width: int = 0) -> int:
    """Mean value (x100) of ``sheet`` after planning the next round for each sampled roll
    (the same rolls for every candidate: common random numbers)."""
    total = 0
    special_ok = len(sheet.specials) < MAX_SPECIALS
    for roll in rolls:
        ranked = plan_candidates(sheet, roll, special_ok, rounds_after - 1, width, weights,
                                 final_width=final_width or width)
        total += ranked[0][0] if ranked else evaluate(sheet, rounds_after - 1, weights)
    return total // max(1, len(rolls))

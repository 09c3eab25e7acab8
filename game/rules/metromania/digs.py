"""A dig as one move: up to three tunnels, checked in order on a scratch copy.

Digging fewer than three is legal only when no sequence of legal tunnels reaches more
(``max_dig``, a depth-first search that stops at the first full dig). ``all_digs`` lists every
legal dig in a fixed order (the tunnels of each step sorted, solid before striped);
``random_dig`` builds one tunnel by tunnel with backtracking. ``dig_continuations`` is the
client's helper: the legal next tunnels after the tunnels already chosen this turn;
``completable_continuations`` keeps only those after which the dig can still reach the length
the turn requires (what the client offers, so a dig never runs into a dead end).
"""

from __future__ import annotations

from .board_data import TUNNELS_PER_DIG
from .city import ARROW, BLACK
from .lines import TurnContext, continuations, has_continuation, lay, problem


def _step_options(state, seat: int, ctx: TurnContext) -> list:
    return continuations(state, seat, 0, ctx) + continuations(state, seat, 1, ctx)


def _advance(state, seat: int, ctx: TurnContext, tunnel):
    scratch = state.clone()
    lay(scratch, seat, tunnel)
    after = ctx.copy()
    if tunnel.marker:
        after.marker_used = True
    return scratch, after


def max_dig(state, seat: int, ctx: TurnContext | None = None, limit: int = TUNNELS_PER_DIG) -> int:
    """The most tunnels (up to ``limit``) the seat can dig from here this turn."""
    ctx = ctx or TurnContext.at_turn_start(state, seat)
    if limit <= 0:
        return 0
    options = _step_options(state, seat, ctx)
    if not options:
        return 0
    if limit == 1:
        return 1
    best = 1
    for tunnel in options:
        scratch, after = _advance(state, seat, ctx, tunnel)
        best = max(best, 1 + max_dig(scratch, seat, after, limit - 1))
        if best == limit:
            break
    return best


def replay_partial(state, seat: int, tunnels) -> tuple:
    """Lay ``tunnels`` on a copy, checking each: (scratch, ctx, None) or (.., .., problem)
    where problem = (index, code, template, args)."""
    scratch = state.clone()
    ctx = TurnContext.at_turn_start(state, seat)
    for index, tunnel in enumerate(tunnels):
        found = problem(scratch, seat, tunnel, ctx)
        if found is not None:
            return scratch, ctx, (index,) + found
        lay(scratch, seat, tunnel)
        if tunnel.marker:
            ctx.marker_used = True
    return scratch, ctx, None


def dig_continuations(state, seat: int, line: int | None, partial=()) -> list:
    """Legal next tunnels (of ``line``, or of both lines when None) after ``partial``.

    Empty when ``partial`` is illegal or already three tunnels long. A tunnel listed here may
    still lead to a dig shorter than the turn requires; ``validate_partial`` tells."""
    if len(partial) >= TUNNELS_PER_DIG:
        return []
    scratch, ctx, found = replay_partial(state, seat, partial)
    if found is not None:
        return []
    if line is None:
        return _step_options(scratch, seat, ctx)
    return continuations(scratch, seat, line, ctx)


def completable_continuations(state, seat: int, line: int | None, partial=()) -> list:
    """``dig_continuations`` without the tunnels that would trap the dig: after each tunnel
    kept, enough tunnels can still follow to reach the length the turn requires (a tunnel
    into a dead end - say a destination needing a marker the turn can no longer place -
    would leave a dig that may be neither confirmed nor finished)."""
    options = dig_continuations(state, seat, line, partial)
    rest = max_dig(state, seat) - len(partial) - 1
    if not options or rest <= 0:
        return options
    scratch, ctx, _ = replay_partial(state, seat, partial)
    kept = []
    for tunnel in options:
        after_state, after_ctx = _advance(scratch, seat, ctx, tunnel)
        if max_dig(after_state, seat, after_ctx, rest) >= rest:
            kept.append(tunnel)
    return kept


def validate_partial(state, seat: int, partial) -> dict:
    """For the client: is this partial dig legal so far, may it be confirmed as it is?

    {"ok": bool, "complete": bool, "problem": None or {"index", "code", "message", "args"},
     "needed": tunnels the turn requires, "reach": the most tunnels a dig beginning with
     ``partial`` can have (below "needed": a dead end, only taking tunnels back helps)}."""
    from ..core import IllegalMove
    needed = max_dig(state, seat)
    scratch, ctx, found = replay_partial(state, seat, partial)
    if found is not None:
        index, code, template, args = found
        message = IllegalMove(code, template, **args).message
        return {"ok": False, "complete": False, "needed": needed, "reach": 0,
                "problem": {"index": index, "code": code, "message": message, "args": args}}
    reach = len(partial) + max_dig(scratch, seat, ctx, TUNNELS_PER_DIG - len(partial))
    return {"ok": True, "complete": len(partial) == needed, "needed": needed, "reach": reach,
            "problem": None}


def all_digs(state, seat: int) -> list:
    """Every legal dig (tuples of tunnels) of the longest possible length, in a fixed order."""
    ctx = TurnContext.at_turn_start(state, seat)
    results: list = []
    best = [0]

    def walk(current, prefix, context):
        options = _step_options(current, seat, context)
        if not options or len(prefix) == TUNNELS_PER_DIG:
            if len(prefix) > best[0]:
                best[0] = len(prefix)
                results.clear()
            if len(prefix) == best[0] and prefix:
                results.append(tuple(prefix))
            return
        last = len(prefix) == TUNNELS_PER_DIG - 1
        for tunnel in options:
            if last:
                if TUNNELS_PER_DIG > best[0]:
                    best[0] = TUNNELS_PER_DIG
                    results.clear()
                results.append(tuple(prefix) + (tunnel,))
            else:
                scratch, after = _advance(current, seat, context, tunnel)
                walk(scratch, prefix + [tunnel], after)

    walk(state, [], ctx)
    return results


def random_dig(state, seat: int, rng) -> tuple:
    """A legal dig built tunnel by tunnel at random, backtracking out of dead ends.

    Not quite uniform, on purpose: a tunnel that ends a line is taken at once, and a tunnel
    after which its line could never go on is tried only when nothing else works (random
    lines otherwise run into the boundary and block within a few turns). When no full dig
    exists the search has seen every sequence and returns a longest one."""
    ctx = TurnContext.at_turn_start(state, seat)
    fresh = TurnContext(True)

    def candidates(current, context, options):
        """(tunnel, state after it, context after it) in the order of ``options``, except
        that tunnels after which their line could never go on come last. Lazy: a tunnel is
        laid only when the search gets to it."""
        doomed = []
        for tunnel in options:
            scratch, after = _advance(current, seat, context, tunnel)
            line = scratch.lines[seat * 2 + tunnel.line]
            if line.done or has_continuation(scratch, seat, tunnel.line, fresh):
                yield tunnel, scratch, after
            else:
                doomed.append((tunnel, scratch, after))
        yield from doomed

    def walk(current, context, depth):
        """The longest dig found from here (stops at the first one reaching 3)."""
        if depth == TUNNELS_PER_DIG:
            return ()
        options = _step_options(current, seat, context)
        rng.shuffle(options)
        options.sort(key=lambda t: ARROW[t.space] != BLACK)   # stable: endings first
        best = ()
        for tunnel, scratch, after in candidates(current, context, options):
            found = (tunnel,) + walk(scratch, after, depth + 1)
            if len(found) > len(best):
                best = found
                if depth + len(found) == TUNNELS_PER_DIG:
                    return best
        return best

    return walk(state, ctx, 0)

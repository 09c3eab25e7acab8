"""Metromania's lesson never leads into a blocked line.

A tunnel glows only if the turn's dig can still be completed from it (as the board already
ensures) *and* leave every line of the learner open: not blocked, and each line under way able
to be dug at least ``LOOKAHEAD`` tunnels further (so the next turn does not find it stuck
either). The lesson also refuses a dig that blocks a line while another dig would not, and says
why (the rules' reasons). Reads the rules only; answers are kept per position, as the board's
candidates are asked for every frame."""

from __future__ import annotations

from game.rules.metromania.digs import max_dig
from game.rules.metromania.lines import TurnContext, continuations, is_blocked, lay
from game.rules.metromania.moves import Dig

LOOKAHEAD = 3          # tunnels each line under way can still be dug after the turn


def goes_on(state, seat: int, k: int, depth: int = LOOKAHEAD) -> bool:
    """Line k is completed, or can be dug ``depth`` more tunnels (a fresh turn's rules)."""
    line = state.lines[seat * 2 + k]
    if line.done or depth <= 0:
        return True
    for tunnel in continuations(state, seat, k, TurnContext(True)):
        after = state.clone()
        lay(after, seat, tunnel)
        if goes_on(after, seat, k, depth - 1):
            return True
    return False


def lines_open(state, seat: int) -> bool:
    """No line of ``seat`` blocked, and each one under way can still go on."""
    for k in (0, 1):
        if is_blocked(state, seat, k):
            return False
        if state.lines[seat * 2 + k].points and not goes_on(state, seat, k):
            return False
    return True


class SafeDigs:
    """For one position at the start of ``seat``'s turn: which partial digs can still be
    completed into a dig that leaves the learner's lines open (and, given a ``wish``, that
    the wish likes: a step's own aim, e.g. a marker placed)."""

    def __init__(self, state, seat: int, wish=None) -> None:
        self.state = state
        self.seat = seat
        self.wish = wish
        self.needed = max_dig(state, seat)
        self._known: dict = {}

    def ok(self, tunnels) -> bool:
        """Can the dig begun with ``tunnels`` (legal so far) end with every line open?"""
        key = tuple(tunnels)
        found = self._known.get(key)
        if found is None:
            scratch = self.state.clone()
            ctx = TurnContext.at_turn_start(self.state, self.seat)
            for tunnel in key:
                lay(scratch, self.seat, tunnel)
                if tunnel.marker:
                    ctx.marker_used = True
            found = self._completes(scratch, ctx, key)
            self._known[key] = found
        return found

    def _completes(self, scratch, ctx, dug: tuple) -> bool:
        if len(dug) >= self.needed:
            return (self.wish is None or self.wish(dug)) and lines_open(scratch, self.seat)
        for k in (0, 1):
            for tunnel in continuations(scratch, self.seat, k, ctx):
                after = scratch.clone()
                lay(after, self.seat, tunnel)
                more = ctx.copy()
                if tunnel.marker:
                    more.marker_used = True
                if self._completes(after, more, dug + (tunnel,)):
                    return True
        return False

    def possible(self) -> bool:
        """Some dig this turn leaves the lines open."""
        return self.needed > 0 and self.ok(())


_SAFE: dict = {}


def safe_digs(match, seat: int, wish=None) -> SafeDigs:
    """The ``SafeDigs`` of the match's current position (kept while it lasts)."""
    key = (id(match), match.seq, seat, wish)
    found = _SAFE.get(key)
    if found is None or found.state is not match.state:
        if any(k[:3] != key[:3] for k in _SAFE):
            _SAFE.clear()
        found = _SAFE[key] = SafeDigs(match.state, seat, wish)
    return found


def glowing(board, seat: int, wish=None) -> list:
    """The board's candidate tunnels (keys, on the draft's line) after which the dig can
    still leave every line open (and do what ``wish`` likes); [] when there is none."""
    draft = board.draft(seat)
    candidates = board.candidates(seat)
    safe = safe_digs(board.match, seat, wish)
    return [key for key, options in sorted(candidates.items())
            if any(safe.ok([*draft.tunnels, option]) for option in options)]


def other_line_safe(board, seat: int, wish=None) -> bool:
    """The dig can go on safely with the draft's other line (when this one cannot)."""
    draft = board.draft(seat)
    safe = safe_digs(board.match, seat, wish)
    options = board.game.dig_options(board.state, seat, 1 - draft.line, draft.tunnels)
    return any(safe.ok([*draft.tunnels, option]) for option in options)


def glowing_choices(board, seat: int, wish=None) -> list:
    """The indexes of an open chooser's choices the lesson may show (all when none is
    safe)."""
    draft = board.draft(seat)
    safe = safe_digs(board.match, seat, wish)
    found = [i for i, option in enumerate(draft.chooser)
             if safe.ok([*draft.tunnels, option])]
    return found or list(range(len(draft.chooser)))


def takes_marker(tunnels) -> bool:
    """A wish: the dig places a destination marker."""
    return any(tunnel.marker for tunnel in tunnels)


def wish_if_possible(match, seat: int, wish):
    """``wish`` when some dig this turn both fulfils it and leaves the lines open, else
    None (the lesson then only keeps the lines open)."""
    return wish if safe_digs(match, seat, wish).possible() else None


def blocks_needlessly(game, state, seat: int, move) -> bool:
    """A dig leaving a line of ``seat`` blocked (or stuck) when another dig would not."""
    if not isinstance(move, Dig):
        return False
    after = game.clone(state)
    try:
        game.apply(after, seat, move)
    except Exception:          # noqa: BLE001 - an illegal dig is refused by the rules anyway
        return False
    if lines_open(after, seat):
        return False
    return SafeDigs(state, seat).possible()


def blocked_line_after(game, state, seat: int, move):
    """(state after ``move``, the first line of ``seat`` it leaves blocked or stuck)."""
    after = game.clone(state)
    game.apply(after, seat, move)
    for k in (0, 1):
        if is_blocked(after, seat, k) or (after.lines[seat * 2 + k].points
                                          and not goes_on(after, seat, k)):
            return after, k
    return after, 0

"""Metro bots (base game, variants and the companies expansion).

* easy   — one move in three (at random; two players, no companies) the normal bot's; else
           random among *sensible* placements from the hand: it avoids closing its own line
           for almost nothing and handing a rival a long line, otherwise it does not think.
           (The sensible placements alone won only 68.5 % of 200 two-player games against
           the uniform random player.)
* normal — greedy one-ply: every placement of every hand tile, and the ``draw`` option valued
           as the expected best placement over the unseen tiles (priced only when every known
           option makes the position worse), scored by ``evaluate``.
* hard   — determinized Monte Carlo: the best few moves by the normal evaluation are compared
           by random playouts to the end of the game, each playout on a world sampled from the
           unseen tiles (other hands and the stack order) and unseen share cards, with the
           game's own rules; successive halving over a fixed playout budget (see search.py).
* expert — the same search with about seven times the budget, over twelve candidates; with
           three or more players a playout is worth the seat's margin over the rivals' mean
           (hard: over the best rival, plus a win bonus; see ``MetroExpert.utility``).

``evaluate``: completed lines count their points; an open line counts the tiles it has
passed plus ``OPEN_BONUS`` (what it may still grow). Closing a rival's line early therefore
pays, closing one's own line early costs, ending in the centre (doubled) is prized. Values
are per owner (seat, or company with the expansion, where a seat's value is its valuation
of its own shares at the projected company profits).

Share exchanges (companies) are taken only when they clearly pay: a bot takes the known
face-up card when its share value beats the card given by more than ``EXCHANGE_TEMPO`` plus
whatever its best placement would gain (an exchange gives up a placement's progress, and
putting off a bad placement gains nothing: the tile stays in the hand). Card values are the
same for every seat and change only when tiles are placed, so between two placements every
exchange raises the exchanging seat's value by more than the tempo: a seat never takes back
a card it gave away, never gives up a card it took except for a clearly better one, and
cards cannot go round in circles (the value held by all seats only grows). The view shows
no history (the card given lies face down under its pile), so this rule, not a memory,
is what rules out ping-pong and keeps a move a pure function of seed and view. On top of that
``EXTRA_MOVES_PER_SEAT`` caps the non-placement moves of the whole game (``turn - placed``,
read from the view: exchanges and draws) after which no bot exchanges any more. The hard
bot's playouts place and draw but never exchange (``playout_move``), so playouts stay as
long as the game's 60 placements.
"""

from __future__ import annotations

from game.rules.core import Rng
from game.rules.metro import GAME
from game.rules.metro import companies as comp
from game.rules.metro.data import COMPANIES, SHARE_PERCENTS
from game.rules.metro.game import HIDDEN_TILE
from game.rules.metro.moves import Draw, Place, Swap

from .base import Bot, register_levels
from .search import field_margin, margin_utility, mix_seed, successive_halving

OPEN_BONUS = 2          # expected growth of an open line, in tiles
DRAW_KEEP_BONUS = 1     # drawing keeps the hand tile: a little option value (scaled below)
SCALE = 4               # evaluations are integers in quarter points
# An exchange must gain this much share value beyond the best placement's gain, in
# evaluate() units (one real share point is 4 * SCALE): three quarters of a point, so a
# 10% card one rank up passes only when no placement gains anything. (Measured over 200
# easy-vs-normal games: 1/4 to 3/4 of a point play alike, a whole point or more is weaker.)
EXCHANGE_TEMPO = 3 * SCALE
EXTRA_MOVES_PER_SEAT = 3   # no more exchanges once turn - placed reaches this x players
PLAYOUT_RETRIES = 16       # rejection sampling of a non-exchange move in playouts


def owner_values(state) -> list[int]:
    """Projected value (x SCALE) per owner: seats, or companies with the expansion."""
    owners = len(COMPANIES) if state.companies else state.players
    values = [0] * owners
    car_owner, done, points, tiles = (state.car_owner, state.line_done, state.line_points,
                                      state.line_tiles)
    for i in range(32):
        owner = car_owner[i]
        if owner is None:
            continue
        if done[i]:
            values[owner] += points[i] * SCALE
        else:
            values[owner] += tiles[i] * SCALE + OPEN_BONUS * SCALE
    return values


def evaluate(state, seat: int) -> int:
    """How good ``state`` looks for ``seat`` (integer; only public info and own shares)."""
    values = owner_values(state)
    if not state.companies:
        n = state.players
        return values[seat] * (n - 1) - (sum(values) - values[seat])
    worth = comp.company_worth(values)
    total = 0
    for company, pct in state.shares[seat]:
        if company < 0:
            continue
        total += pct // 10 * worth[company] * SCALE * 4
        if pct >= 30:   # a big share usually means the majority bonus
            total += values[company] // 10
    return total


def after(state, seat: int, move):
    child = GAME.clone(state)
    GAME.play_quiet(child, seat, move)      # a search's position: no events wanted
    return child


def exchanges_allowed(state) -> bool:
    """Whether a bot may still consider an exchange: the rules allow one and the game has
    not yet had its share of non-placement moves (a cap read from the view alone)."""
    if not state.companies or not state.exchanges_open or state.pending is not None:
        return False
    return state.turn - state.placed < EXTRA_MOVES_PER_SEAT * state.players


def _swap_value(state, seat: int, move: Swap) -> int | None:
    """Value of a share exchange taking the known face-up card; None for a blind draw."""
    if not move.take_up:
        return None
    child = GAME.clone(state)
    shares = child.shares[seat]
    shares.remove((move.company, move.pct))
    shares.append(child.face_up[SHARE_PERCENTS.index(move.pct)])
    return evaluate(child, seat)


def scored_moves(state, seat: int) -> list[tuple[int, object]]:
    """(value, move) for every move the greedy player considers, in legal-move order.

    Exchanges are listed (valued net of ``EXCHANGE_TEMPO``) only when they clearly beat the
    best placement; see the module docstring."""
    moves = GAME.legal_moves(state, seat)
    here = evaluate(state, seat)
    out = []
    for move in moves:
        if isinstance(move, Place):
            out.append((evaluate(after(state, seat, move), seat), move))
    if exchanges_allowed(state):
        bar = max([here] + [value for value, _ in out]) + EXCHANGE_TEMPO
        for move in moves:
            if isinstance(move, Swap):
                value = _swap_value(state, seat, move)
                if value is not None and value > bar:
                    out.append((value - EXCHANGE_TEMPO, move))
    # drawing blind is worth pricing only when every known option makes things worse
    if Draw() in moves and (not out or max(v for v, _ in out) < here):
        out.append((draw_value(state, seat), Draw()))
    return out


def playout_move(state, seat: int, rng: Rng):
    """The hard bot's playout policy: uniform among the legal placements and ``draw``, never
    an exchange (random exchanges would make playouts wander without end). Without the
    companies expansion this is exactly ``GAME.random_move``."""
    for _ in range(PLAYOUT_RETRIES):
        move = GAME.random_move(state, seat, rng)
        if not isinstance(move, Swap):
            return move
    plain = [move for move in GAME.legal_moves(state, seat) if not isinstance(move, Swap)]
    if not plain:
        return GAME.random_move(state, seat, rng)
    return plain[rng.below(len(plain))]


def draw_value(state, seat: int) -> int:
    """Expected value of ``draw``: the best placement of each unseen tile, weighted by how
    many copies are unseen (a uniform draw from the stack, as far as this seat knows)."""
    unseen = GAME.unseen_tiles(state, seat)
    total = weight = 0
    for tile, count in unseen.items():
        child = GAME.clone(state)
        if child.stack:
            child.stack.pop()
        child.pending = tile
        best = None
        for move in GAME.legal_moves(child, seat):
            value = evaluate(after(child, seat, move), seat)
            if best is None or value > best:
                best = value
        if best is not None:
            total += best * count
            weight += count
    if not weight:
        return -(1 << 30)
    return total // weight + DRAW_KEEP_BONUS * SCALE


def determinize(view, seat: int, rng: Rng):
    """A full state consistent with ``view``: unseen tiles dealt at random into the other
    hands and the stack, unseen share cards into the other holdings and the piles."""
    state = GAME.clone(view)
    pool = [tile for tile, count in GAME.unseen_tiles(view, seat).items()
            for _ in range(count)]
    rng.shuffle(pool)
    for other, hand in enumerate(state.hands):
        if other != seat:
            state.hands[other] = [pool.pop() if tile == HIDDEN_TILE else tile for tile in hand]
    state.stack = [pool.pop() for _ in range(len(view.stack))]
    if state.companies:
        mine = set(view.shares[seat])
        for p, pct in enumerate(SHARE_PERCENTS):
            cards = [(company, pct) for company in range(len(COMPANIES))
                     if (company, pct) not in mine and (company, pct) != view.face_up[p]]
            rng.shuffle(cards)
            for other in range(state.players):
                if other != seat:
                    state.shares[other] = [c for c in state.shares[other]
                                           if c != comp.HIDDEN_CARD]
                    state.shares[other].append(cards.pop())
            state.piles[p] = cards
        for other in range(state.players):
            state.shares[other].sort()
    state.rng = Rng(0)
    return state


def greedy_choice(view, seat: int, rng: Rng):
    """The normal bot's move: the best by ``scored_moves``, ties broken by ``rng``."""
    scored = scored_moves(view, seat)
    if not scored:
        return playout_move(view, seat, rng)
    best = max(value for value, _ in scored)
    ties = [move for value, move in scored if value == best]
    return ties[rng.below(len(ties))]


class MetroEasy(Bot):
    level = "easy"
    # one move in this many (at random) is the normal bot's, with two players; none with
    # more, where the normal bot's margin over easy is narrower (200 four-player games:
    # 82 % against the plain easy bot, 73-75 % against one that plays normal moves now and
    # then, whether one in three or one in six)
    thoughtful_in = 3

    def choose(self, view):
        rng = self.rng_for(view)
        # with companies the normal bot's margin over the sensible placements is already
        # narrow (about two games in three), so easy stays as it was there
        if view.players == 2 and not view.companies and rng.below(self.thoughtful_in) == 0:
            return greedy_choice(view, self.seat, rng)
        moves = GAME.legal_moves(view, self.seat)
        placements = [m for m in moves if isinstance(m, Place)]
        if not placements:
            return playout_move(view, self.seat, rng)
        before = owner_values(view)
        sensible = [m for m in placements if self._sensible(view, m, before)]
        pool = sensible or placements
        return pool[rng.below(len(pool))]

    def _sensible(self, view, move, before) -> bool:
        child = after(view, self.seat, move)
        values = owner_values(child)
        own = self.seat if not view.companies else None
        for owner, (old, new) in enumerate(zip(before, values)):
            if owner == own and new < old:
                return False   # closed its own line for less than it might grow
            if owner != own and not view.companies and new >= old + 6 * SCALE:
                return False   # handed a rival a long line
        return True


class MetroNormal(Bot):
    level = "normal"

    def choose(self, view):
        return greedy_choice(view, self.seat, self.rng_for(view))


class MetroHard(Bot):
    level = "hard"
    candidates = 6
    step_budget = 9000      # playout moves per decision (about 0.4 s on the reference box)
    min_playouts = 24
    max_playouts = 240

    def choose(self, view):
        rng = self.rng_for(view)
        scored = scored_moves(view, self.seat)
        if not scored:
            return playout_move(view, self.seat, rng)
        ranked = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        top = [scored[i] for i in ranked[:self.candidates]]
        if len(top) == 1:
            return top[0][1]
        decision = (rng.next_u32() << 32) | rng.next_u32()
        remaining = 60 - view.placed
        budget = self.step_budget * 2 // 3 if view.companies else self.step_budget
        playouts = max(self.min_playouts, min(self.max_playouts, budget // max(1, remaining)))
        moves = [move for _, move in top]
        seat = self.seat

        def simulate(index: int, k: int) -> int:
            world = determinize(view, seat, Rng(mix_seed(decision, k)))
            GAME.play_quiet(world, seat, moves[index])
            rollout = Rng(mix_seed(decision, k, 1))
            while not world.over:
                actor = world.current
                GAME.play_quiet(world, actor, playout_move(world, actor, rollout))
            return self.utility(GAME.scores(world)["scores"], seat)

        best = successive_halving(len(moves), playouts, simulate,
                                  prior=[value for value, _ in top],
                                  should_stop=self.should_stop)
        return moves[best]

    def utility(self, scores, seat: int) -> int:
        """What a playout's final scores are worth to ``seat``: a win bonus plus the margin
        over the best rival (``search.margin_utility``)."""
        return margin_utility(scores, seat)


class MetroExpert(MetroHard):
    """The hard search with about seven times its budget spread over more candidates: more
    moves are compared, each on more sampled worlds (about 1 s a decision at most). With
    three or more players a playout is worth its margin over the field (``field_margin``).

    Two players, seeds never used in tuning (800000-800099, seats swapped): 95.8 % of 200
    games against hard (92.0-97.8), mean score about 127 to 92; decision CPU p95 0.30 s;
    below it, seeds 810000-810014, hard beats normal 30 of 30 (88.6-100) and normal beats
    easy 90.0 % of 30 (74.4-96.5)."""

    level = "expert"
    candidates = 12
    step_budget = 60000
    min_playouts = 96
    max_playouts = 1600

    def utility(self, scores, seat: int) -> int:
        """With two players as hard (the margin over the one rival, a win bonus); with more,
        the margin over the rivals' mean. Chasing only the best rival (and a win bonus) makes
        a seat spend its moves on whoever leads in each sampled future, which with four
        players is a different rival from one playout to the next; measured over 200
        four-player games against hard (seeds 1-100, seats swapped) its mean score against
        hard's went from 53.0-49.1 to 56.2-46.2 and its win rate from 67.9-70.3 % to 78.0 %
        (71.8-83.2). The rivals' mean with hard's win bonus kept: 71.8 %, 54.7-47.4."""
        if len(scores) <= 2:
            return margin_utility(scores, seat)
        return field_margin(scores, seat)


register_levels(GAME.name, MetroEasy, MetroNormal, MetroHard, MetroExpert)

# what values this game's moves for the coach's hints and review
# (``game.bots.base.coach_estimator``)
COACH = "game.bots.metro_estimate"

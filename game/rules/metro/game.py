"""``MetroGame``: the rules protocol for Metro (base game, variants, companies expansion)."""

from __future__ import annotations

from typing import Any, Iterable

from ..core import HIDDEN, ChanceRequest, ConfigError, Game, IllegalMove, Rng, redeal
from . import table
from . import companies as comp
from . import digest
from .actions import score_lines
from .board import DEPARTURES, NEIGHBOUR_MASK, SQUARES
from .data import (CAR_TABLES, COLOURS, COMPANIES, COMPANY_STATIONS, MAX_PLAYERS, MIN_PLAYERS,
                   SHARE_PERCENTS, TILE_COPIES)
from .events import PlacementEvents
from .lines import advance_lines, initial_waiting, trace_path
from .moves import (HIDDEN_COMPANY, UNTURNED, Draw, Place, Swap, mask_moves, parse_move,
                    places, places_by_row, public_move)
from .placement import INITIAL_AVAIL, check_square, nth_square, rule_masks, squares_of
from .scoresheet import score_placements
from .state import MetroState
from .tiles import SHAPE, TYPE_INDEX, TYPES

HIDDEN_TILE = "?"
DRAW = Draw()
TOTAL_TILES = sum(TILE_COPIES.values())
# every tile, each type as many times as it has copies, in type order: a new game shuffles it
_FULL_STACK = tuple(code for code in TYPES for _ in range(TILE_COPIES[code]))

VARIANTS = {
    "orientation": "free orientation: tiles may be placed in any of four rotations",
    "hand2": "bigger hand: two tiles in hand",
    "hand3": "bigger hand: three tiles in hand",
    "companies": "the companies expansion: 8 companies, share cards and exchanges",
}


def car_owners(players: int, companies: bool) -> list[int | None]:
    """Owner of the car on each station (index station - 1): a seat, a company or None."""
    owners: list[int | None] = [None] * 32
    table = COMPANY_STATIONS if companies else CAR_TABLES[players]
    for owner, stations in enumerate(table):
        for station in stations:
            owners[station - 1] = owner
    return owners


# what every new game starts from, made once (a playout starts thousands of games)
_INITIAL_WAITING = tuple(initial_waiting())
_OWNERS: dict[tuple[int, bool], tuple[int | None, ...]] = {}


def _car_owners(players: int, companies: bool) -> tuple[int | None, ...]:
    """``car_owners``, made once per table size."""
    owners = _OWNERS.get((players, companies))
    if owners is None:
        owners = _OWNERS[(players, companies)] = tuple(car_owners(players, companies))
    return owners


_SWAPS: dict[tuple[int, int], tuple[Swap, Swap]] = {}


def _swaps(card: tuple[int, int]) -> tuple[Swap, Swap]:
    """The two exchanges of a share card (face-up card taken, then face-down), made once
    per card (moves are immutable): a companies game lists them every turn."""
    pair = _SWAPS.get(card)
    if pair is None:
        pair = _SWAPS[card] = (Swap(card[0], card[1], True), Swap(card[0], card[1], False))
    return pair


class MetroGame(Game):
    name = "metro"
    title = "Metro"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    variants = VARIANTS

    # the modules of its other parts, named and never imported here: its bot levels and coach
    # (``game.bots.base``) and its phone page (``game.phone.games``)
    bots = "game.bots.metro"
    phone = "game.phone.games.metro"

    def hidden_variant(self, state, viewer, rng: Rng):
        """The stack and the other seats' hands hold any of their tiles in any order; with the
        companies, the face-down share piles and the other seats' shares (until the end) any
        of their cards."""
        other = state.copy()
        others = [seat for seat in range(state.players) if seat != viewer]
        # the stack and the hands of the other seats hold any of their tiles in any order
        holders = [other.stack] + [other.hands[seat] for seat in others]
        dealt = redeal(holders, rng)
        other.stack = dealt[0]
        for seat, hand in zip(others, dealt[1:]):
            other.hands[seat] = hand
        if state.companies:
            # face-down share piles, and the other seats' shares until they are shown at the end
            for index, pile in enumerate(other.piles):
                pct = SHARE_PERCENTS[index]
                holders = [pile]
                if not state.over:
                    holders += [[card for card in other.shares[seat] if card[1] == pct]
                                for seat in others]
                dealt = redeal(holders, rng)
                other.piles[index] = dealt[0]
                if not state.over:
                    for seat, cards in zip(others, dealt[1:]):
                        kept = [card for card in other.shares[seat] if card[1] != pct]
                        other.shares[seat] = sorted(kept + cards)
        if other.rng is not None:
            other.rng = Rng(rng.next_u32())
        return other

    def move_codec(self):
        from .codec import CODEC     # built on first use: only a LAN table sends moves
        return CODEC

    # -- setup -----------------------------------------------------------------------------

    def make_config(self, players: int, variants: Iterable[str] = (), **options: Any) -> dict:
        if options:
            raise ConfigError(f"Metro has no option {', '.join(sorted(options))}")
        if isinstance(players, bool) or not isinstance(players, int) \
                or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"Metro is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                              f"not {players}")
        if isinstance(variants, str):
            raise ConfigError("Metro variants must be a list of names")
        variants = list(variants)
        if not all(isinstance(v, str) for v in variants):
            raise ConfigError("Metro variants must be a list of names")
        chosen = sorted(set(variants))
        unknown = [v for v in chosen if v not in VARIANTS]
        if unknown:
            raise ConfigError(f"unknown Metro variant '{unknown[0]}' (choose from: "
                              f"{', '.join(sorted(VARIANTS))})")
        if "hand2" in chosen and "hand3" in chosen:
            raise ConfigError("choose only one hand size: hand2 or hand3")
        return {"players": players, "variants": chosen}

    def _checked_config(self, config: dict) -> dict:
        try:
            return self.make_config(config["players"], config.get("variants", ()))
        except (KeyError, TypeError):
            raise ConfigError("a Metro config needs 'players' and 'variants'") from None

    def empty_state(self, config: dict) -> MetroState:
        """A board with nothing placed, no tiles dealt and no shares (used by score_notation
        and as the base of new_game)."""
        config = self._checked_config(config)
        variants = config["variants"]
        state = MetroState()
        state.config = config
        state.players = config["players"]
        state.orientation = "orientation" in variants
        state.hand_size = 3 if "hand3" in variants else 2 if "hand2" in variants else 1
        state.companies = "companies" in variants
        state.current = 0
        state.over = False
        state.turn = 0
        state.board = [None] * SQUARES
        state.shape = [-1] * SQUARES
        state.placed_by = [-1] * SQUARES
        state.avail = INITIAL_AVAIL
        state.filled = 0
        state.placed = 0
        state.hands = [[] for _ in range(state.players)]
        state.stack = []
        state.pending = None
        state.car_owner = list(_car_owners(state.players, state.companies))
        state.line_done = [False] * 32
        state.line_points = [0] * 32
        state.line_tiles = [0] * 32
        state.line_centre = [False] * 32
        state.line_end = [-1] * 32
        state.line_at = list(DEPARTURES)
        state.line_waiting = list(_INITIAL_WAITING)
        state.scores = [0] * state.players
        state.profits = [0] * len(COMPANIES) if state.companies else []
        state.shares = [[] for _ in range(state.players)] if state.companies else []
        state.piles = []
        state.face_up = []
        state.exchanges_open = state.companies
        state.rng = None
        state.table = False
        state.chance = []
        state.digest_memo = state.public_memo = None
        return state

    def new_game(self, config: dict, seed: int) -> MetroState:
        state = self.empty_state(config)
        rng = Rng(seed)
        stack = list(_FULL_STACK)
        rng.shuffle(stack)
        for _ in range(state.hand_size):
            for seat in range(state.players):
                state.hands[seat].append(stack.pop())
        state.stack = stack
        if state.companies:
            comp.deal(state, rng)
        state.rng = rng
        return state

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: MetroState) -> tuple[int, ...]:
        return () if state.over or state.chance else (state.current,)

    def is_over(self, state: MetroState) -> bool:
        return state.over

    def parse_move(self, text: str):
        return parse_move(text)

    # -- move generation ---------------------------------------------------------------
    def _placement_groups(self, state: MetroState, seat: int) -> list[tuple[str, int, int]]:
        """(tile, rot, mask of legal squares) for every tile the seat may place, in the order
        legal_moves lists them."""
        if state.pending is not None:
            tiles = [state.pending]
        else:
            hand = state.hands[seat]
            tiles = hand if len(hand) < 2 else sorted(set(hand))
        groups = []
        avail, orientation = state.avail, state.orientation
        for tile in tiles:
            if tile not in TYPE_INDEX:
                continue   # a hidden tile in a view
            for rot, mask in enumerate(rule_masks(avail, tile, orientation)):
                if mask:
                    groups.append((tile, rot, mask))
        return groups

    def _other_moves(self, state: MetroState, seat: int) -> list:
        if state.pending is not None:
            return []
        others: list = [DRAW] if state.stack else []
        if state.companies and state.exchanges_open:
            for card in state.shares[seat]:
                if card[0] >= 0:
                    others.extend(_swaps(card))
        return others

    def legal_moves(self, state: MetroState, seat: int) -> list:
        # _placement_groups written out for the common case (no orientation variant): this
        # runs every turn of every playout
        if state.over or seat != state.current:
            return []
        moves: list = []
        if state.orientation:
            for tile, rot, mask in self._placement_groups(state, seat):
                moves += mask_moves(places_by_row(tile, rot), mask)
        else:
            pending, avail = state.pending, state.avail
            if pending is not None:
                tiles = (pending,)
            else:
                hand = state.hands[seat]
                tiles = hand if len(hand) < 2 else sorted(set(hand))
            for tile in tiles:
                fixed = UNTURNED[tile]
                if fixed is not None:          # None: a hidden tile in a view
                    keep, (r0, r1, r2, r3, r4, r5, r6, r7) = fixed
                    # placement.rule_masks (good or avail), then mask_moves written out
                    b0, b1, b2, b3, b4, b5, b6, b7 = ((avail & keep) or avail).to_bytes(8,
                                                                                      "little")
                    moves = [*moves, *r0[b0], *r1[b1], *r2[b2], *r3[b3], *r4[b4], *r5[b5],
                             *r6[b6], *r7[b7]]
        if state.pending is None:
            if state.companies:
                moves += self._other_moves(state, seat)
            elif state.stack:
                moves.append(DRAW)
        return moves

    def random_move(self, state: MetroState, seat: int, rng: Rng):
        """Same choice as ``rng.choice(legal_moves(...))``, without building the list."""
        if state.over or seat != state.current:
            raise ValueError(f"seat {seat} has no legal move now")
        groups = self._placement_groups(state, seat)
        counts = [mask.bit_count() for _, _, mask in groups]
        others = self._other_moves(state, seat)
        pick = rng.below(sum(counts) + len(others))
        for (tile, rot, mask), count in zip(groups, counts):
            if pick < count:
                return places(tile, rot)[nth_square(mask, pick)]
            pick -= count
        return others[pick]

    def legal_squares(self, state: MetroState, seat: int, tile: str, rot: int = 0) -> list[int]:
        """Squares where ``seat`` may place ``tile`` turned ``rot`` now (ghost highlights);
        empty if the tile is not the seat's to place."""
        if tile not in TYPE_INDEX or not 0 <= rot < 4:
            return []
        if state.over or seat != state.current:
            return []
        if state.pending is not None and tile != state.pending:
            return []
        if state.pending is None and tile not in state.hands[seat]:
            return []
        masks = rule_masks(state.avail, tile, state.orientation)
        return squares_of(masks[rot]) if rot < len(masks) else []

    def line_path(self, state: MetroState, station: int) -> dict:
        """The traced line of a station (1-32), complete or not; see lines.trace_path."""
        return trace_path(state.shape, station)

    # -- checking ----------------------------------------------------------------------
    def check(self, state: MetroState, seat: int, move) -> None:
        if state.over:
            raise IllegalMove("game_over", "The game is over")
        if state.chance:
            raise IllegalMove("chance_pending", "The table is still dealing")
        if seat != state.current:
            raise IllegalMove("not_your_turn", "It is not seat {seat}'s turn", seat=seat + 1)
        if isinstance(move, Place):
            self._check_place(state, seat, move)
        elif isinstance(move, Draw):
            if state.pending is not None:
                raise IllegalMove("must_place_drawn", "Place the drawn tile {tile} first",
                                  tile=state.pending)
            if not state.stack:
                raise IllegalMove("stack_empty", "The stack is empty")
        elif isinstance(move, Swap):
            self._check_swap(state, seat, move)
        else:
            raise IllegalMove("not_a_move", "That is not a Metro move")

    def _check_place(self, state: MetroState, seat: int, move: Place) -> None:
        if move.tile not in TYPE_INDEX or not 0 <= move.square < SQUARES:
            raise IllegalMove("not_a_move", "That is not a Metro move")
        if state.pending is not None:
            if move.tile != state.pending:
                raise IllegalMove("must_place_drawn", "Place the drawn tile {tile} first",
                                  tile=state.pending)
        elif state.table and table.hidden_hand(state.hands[seat]):
            table.check_hidden_tile(state, seat, move.tile)
        elif move.tile not in state.hands[seat]:
            raise IllegalMove("not_in_hand", "Tile {tile} is not in your hand", tile=move.tile)
        check_square(state, move.tile, move.square, move.rot)

    def _check_swap(self, state: MetroState, seat: int, move: Swap) -> None:
        if not state.companies:
            raise IllegalMove("no_companies", "Share exchanges need the companies expansion")
        hidden = state.table and table.hidden_hand(state.shares[seat])
        masked = hidden and move.company == HIDDEN_COMPANY
        if not (masked or 0 <= move.company < len(COMPANIES)) \
                or move.pct not in SHARE_PERCENTS:
            raise IllegalMove("not_a_move", "That is not a Metro move")
        if state.pending is not None:
            raise IllegalMove("must_place_drawn", "Place the drawn tile {tile} first",
                              tile=state.pending)
        if not state.exchanges_open:
            raise IllegalMove("exchanges_closed",
                              "Exchanges ended when a company reached 25 points")
        if hidden:
            if not masked:
                table.check_hidden_share(state, seat, (move.company, move.pct))
        elif (move.company, move.pct) not in state.shares[seat]:
            raise IllegalMove("no_such_share", "You hold no {pct}% share of {company}",
                              pct=move.pct, company=COMPANIES[move.company])

    # -- playing -----------------------------------------------------------------------
    def play(self, state: MetroState, seat: int, move) -> list[dict]:
        """The move, and what it did: for a placement, a list of events built only when read
        (events.py), so a playout through ``play`` pays for the values kept, not the dicts."""
        state.turn += 1
        if type(move) is not Place:
            return self._draw_or_swap(state, seat, move)
        square, tile, rot = move.square, move.tile, move.rot
        pending = state.pending
        if pending is None:
            hand = state.hands[seat]
            if state.table and table.hidden_hand(hand):
                hand.remove(HIDDEN)
            else:
                hand.remove(tile)
        else:
            state.pending = None
        # actions.place_tile written out (every move of every playout comes here)
        state.board[square] = (tile, rot)
        shape = state.shape
        shape[square] = SHAPE[TYPE_INDEX[tile]][rot]
        state.placed_by[square] = seat
        filled = state.filled = state.filled | (1 << square)
        state.avail = (state.avail | NEIGHBOUR_MASK[square]) & ~filled
        state.placed += 1
        lines = closed = drawn = None
        if state.line_waiting[square]:
            completed = advance_lines(state, square)
            if completed or state.companies:
                closed = score_lines(state, completed)
                if completed:
                    # the board's shapes as they are: a completed line's squares are filled and
                    # a filled square never changes (a state only moves forward; an undo
                    # replays into a new state), so its path reads the same later
                    lines = (completed, shape, state.car_owner, state.companies)
        stack = state.stack
        if pending is None and stack:
            if state.table:
                # The replacement waits on a deal. Ending the turn before it is dealt picks
                # the same next seat: while the stack lasts every hand is full.
                table.queue(state, "deal", table.TILE_PILE, seat=seat)
            else:
                drawn = stack.pop()
                hand.append(drawn)
        if stack and state.placed != TOTAL_TILES:
            # _end_turn's common case: every hand is full while the stack lasts
            state.current = (state.current + 1) % state.players
            ended = None
        else:
            ended = self._end_turn(state)
        events = PlacementEvents()
        events.recipe = (seat, tile, rot, square, pending is None, lines, closed, drawn,
                         len(stack), ended)
        return events

    def play_quiet(self, state: MetroState, seat: int, move) -> None:
        """``play`` without its events, for searches and playouts (the same state change:
        tests compare the two move by move). Its placement is ``play``'s written out with the
        events left out; every other move, and any move at a table, goes through ``play``."""
        if type(move) is not Place or state.table:
            self.play(state, seat, move)
            return
        state.turn += 1
        square, tile = move.square, move.tile
        pending = state.pending
        if pending is None:
            hand = state.hands[seat]
            hand.remove(tile)
        else:
            state.pending = None
        state.board[square] = (tile, move.rot)
        state.shape[square] = SHAPE[TYPE_INDEX[tile]][move.rot]
        state.placed_by[square] = seat
        filled = state.filled = state.filled | (1 << square)
        state.avail = (state.avail | NEIGHBOUR_MASK[square]) & ~filled
        state.placed += 1
        if state.line_waiting[square]:
            completed = advance_lines(state, square)
            if completed or state.companies:
                score_lines(state, completed)
        stack = state.stack
        if pending is None and stack:
            hand.append(stack.pop())
        if stack and state.placed != TOTAL_TILES:
            state.current = (state.current + 1) % state.players
        else:
            self._end_turn(state)

    def _draw_or_swap(self, state: MetroState, seat: int, move) -> list[dict]:
        if isinstance(move, Draw) and state.table:
            table.queue(state, "reveal", table.TILE_PILE)   # the drawn tile is shown at once
            return []
        if isinstance(move, Draw):
            state.pending = state.stack.pop()
            return [{"kind": "drew", "seat": seat, "tile": state.pending, "to": "play",
                     "stack": len(state.stack)}]
        card = (move.company, move.pct)
        if state.table:
            return table.exchange(state, seat, card, move.take_up) + self._end_turn(state)
        taken = comp.exchange(state, seat, card, move.take_up)
        events = [{"kind": "swapped", "seat": seat, "gave": list(card),
                   "took": list(taken), "face_up": move.take_up}]
        return events + self._end_turn(state)

    def _end_turn(self, state: MetroState) -> list[dict]:
        if state.placed == TOTAL_TILES:
            state.over = True
            if state.table and state.companies:
                # The shares are shown for the valuation; game_over follows the last one.
                table.queue_final_reveals(state)
                return []
            return [{"kind": "game_over", "scores": self.final_scores(state)}]
        if state.stack:           # every hand is full while the stack lasts
            state.current = (state.current + 1) % state.players
            return []
        # Seats with no tile left once the stack is empty are skipped (nothing to place).
        for step in range(1, state.players + 1):
            seat = (state.current + step) % state.players
            if state.hands[seat]:
                state.current = seat
                break
        return []

    # -- results -----------------------------------------------------------------------
    def final_scores(self, state: MetroState) -> list[int]:
        """``scores(state)["scores"]`` without the breakdown (the game_over event's)."""
        if not state.companies:
            return list(state.scores)
        return comp.valuation(state.profits, state.shares)["scores"]

    def scores(self, state: MetroState) -> dict:
        lines = [{"station": i + 1, "owner": state.car_owner[i], "done": state.line_done[i],
                  "points": state.line_points[i], "tiles": state.line_tiles[i],
                  "centre": state.line_centre[i]}
                 for i in range(32) if state.car_owner[i] is not None]
        if not state.companies:
            breakdown = []
            for seat in range(state.players):
                mine = [line for line in lines if line["owner"] == seat]
                breakdown.append({"lines": state.scores[seat],
                                  "completed": sum(1 for line in mine if line["done"]),
                                  "cars": len(mine)})
            return {"scores": list(state.scores), "breakdown": breakdown, "lines": lines}
        result = comp.valuation(state.profits, state.shares)
        breakdown = [{"shares": result["share_points"][seat], "bonus": result["bonus"][seat]}
                     for seat in range(state.players)]
        companies = [{"name": COMPANIES[c], "profit": state.profits[c],
                      "worth": result["worth"][c], "majority": result["majority"][c]}
                     for c in range(len(COMPANIES))]
        return {"scores": result["scores"], "breakdown": breakdown, "lines": lines,
                "companies": companies}

    # -- information -------------------------------------------------------------------
    def view(self, state: MetroState, seat: int | None) -> MetroState:
        """What ``seat`` sees, as a plain state to read and search on: a view never waits
        for chance (playing on it draws unknown tiles, as bots' lookahead expects), also when
        taken of a table state."""
        seen = state.copy()
        seen.rng = None
        seen.table = False
        seen.chance = []
        seen.stack = [HIDDEN_TILE] * len(state.stack)
        seen.hands = [hand[:] if other == seat else [HIDDEN_TILE] * len(hand)
                      for other, hand in enumerate(state.hands)]
        if state.companies:
            # The players show their shares for the final valuation (at a table, once the
            # final reveals are done).
            if not state.over or state.chance:
                seen.shares = [cards[:] if other == seat else [comp.HIDDEN_CARD] * len(cards)
                               for other, cards in enumerate(state.shares)]
            seen.piles = [[comp.HIDDEN_CARD] * len(pile) for pile in state.piles]
        return seen

    def unseen_tiles(self, state: MetroState, seat: int | None) -> dict[str, int]:
        """Tiles ``seat`` cannot see (stack and other hands) by type: public knowledge."""
        left = dict(TILE_COPIES)
        for square in range(SQUARES):
            cell = state.board[square]
            if cell is not None:
                left[cell[0]] -= 1
        if state.pending is not None:
            left[state.pending] -= 1
        if seat is not None:
            for tile in state.hands[seat]:
                if tile in left:
                    left[tile] -= 1
        return {tile: count for tile, count in sorted(left.items()) if count}

    def encode(self, state: MetroState) -> dict:
        return state.encode()

    # -- a LAN table (table.py) ---------------------------------------------------------------
    def piles(self, config: dict) -> dict[str, tuple]:
        return table.piles("companies" in self._checked_config(config)["variants"])

    def new_table_game(self, config: dict, public_seed: int) -> MetroState:
        """Metro has no public random setup: ``public_seed`` is not needed."""
        state = self.empty_state(config)
        table.start(state)
        return state

    def public_move(self, move):
        """The form of ``move`` the other peers of a table receive (moves.public_move)."""
        return public_move(move)

    def played_card(self, state: MetroState, seat: int, move):
        """A tile placed from the hand (no drawn tile pending) is played from the secret hand;
        a share given in a swap is too, but it stays face down (its pile is a ``return``)."""
        if state.table and isinstance(move, Place) and state.pending is None:
            return table.TILE_PILE, move.tile
        return None

    def pending_chance(self, state: MetroState) -> ChanceRequest | None:
        return table.pending(state)

    def apply_chance(self, state: MetroState, request: ChanceRequest, outcome: tuple) -> list:
        events = table.apply_chance(state, request, outcome)
        if request.kind == "show" and not state.chance:
            events.append({"kind": "game_over", "scores": self.final_scores(state)})
        return events

    def learn(self, state: MetroState, seat: int, pile: str, cards: tuple) -> None:
        table.learn(state, seat, pile, cards)

    def state_digest(self, state: MetroState) -> str:
        """The default hash (of ``canonical_bytes(["metro", encode])``), written fast."""
        return digest.state_digest(state)

    def public_digest(self, state: MetroState) -> bytes:
        """``canonical_bytes(public_encode(state))``, written fast."""
        return digest.public_bytes(state)

    def public_encode(self, state: MetroState) -> dict:
        """The spectator's view plus the chance steps the table waits for."""
        data = self.encode(self.view(state, None))
        if state.chance:
            data["chance"] = state.chance
        return data

    def clone(self, state: MetroState) -> MetroState:
        return state.copy()

    def seat_name(self, config: dict, seat: int) -> str:
        if "companies" in config.get("variants", ()):
            return f"Player {seat + 1}"
        return COLOURS[seat]

    def score_notation(self, text: str, config: dict, seed: int) -> dict:
        return score_placements(self, text, config)

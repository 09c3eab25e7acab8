"""The Metromania Game: setup, turn order, move checking and playing, end of building.

A turn is one move: a dig (up to three tunnels), an intermediate station, or ``pass`` when
nothing is possible. When a dig completes a line whose owner may still place its free
station, the same seat then answers with a ``bonus`` move (a point, or ``none``) before the
turn passes on. Building ends after the turn in which a player completes both lines, the
30th station marker is used, or enough lines are completed or blocked (5/4/3 for 4/3/2
players); every other player then has one last turn, and the game is scored.
"""

from __future__ import annotations

import json

from ..core import ConfigError, Game, IllegalMove, Rng, redeal
from . import digest, table
from .board_data import LINES_TO_END, TUNNELS_PER_DIG
from .city import city_for, random_layout, validate_layout
from .digs import all_digs, completable_continuations, dig_continuations, max_dig, \
    random_dig, replay_partial, validate_partial
from .lattice import POINT_NAMES
from .lines import blocked_reasons, is_blocked, lay
from .markers import NO_CORRUPTION, UNFAIR, deal, hide_hand
from .moves import Bonus, Dig, Pass, Station, parse_move
from .scoring import final_scores, running_scores, winners
from .state import BONUS, BUILD, OVER, Line, State
from .stations import intermediate_points, place_station

VARIANTS = {
    UNFAIR: "Unfair Municipality: destination letters stay hidden until placed (3-4 players)",
    NO_CORRUPTION: "No Corruption: fixed destination hands, shown (3-4 players)",
}
COLOURS = ("Red", "Blue", "Green", "Yellow")


class Metromania(Game):
    name = "metromania"
    score_needs_seed = True
    title = "Metromania"
    min_players = 2
    max_players = 4
    variants = VARIANTS

    # the modules of its other parts, named and never imported here: its bot levels and coach
    # (``game.bots.base``) and its phone page (``game.phone.games``)
    bots = "game.bots.metromania"
    phone = "game.phone.games.metromania"

    def hidden_variant(self, state, viewer, rng: Rng):
        """The future (its Rng); with Unfair Municipality, the letters of the other seats' markers,
        swapped between markers of one type."""
        other = state.clone()
        other.rng = Rng(rng.next_u32())
        if "unfair" in state.variants and state.phase != "over":
            # the letters of the other seats' markers: swap letters between markers of one type
            others = [seat for seat in range(len(state.hands)) if seat != viewer]
            for marker_type in sorted({key[1] for seat in others for key in state.hands[seat]}):
                holders = [[key for key in other.hands[seat] if key[1] == marker_type]
                           for seat in others]
                dealt = redeal(holders, rng)
                for seat, keys in zip(others, dealt):
                    kept = [key for key in other.hands[seat] if key[1] != marker_type]
                    other.hands[seat] = sorted(kept + keys)
        return other

    def move_codec(self):
        from .codec import CODEC     # built on first use: only a LAN table sends moves
        return CODEC

    # -- setup -------------------------------------------------------------------------

    def make_config(self, players, variants=(), **options) -> dict:
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ConfigError("Metromania is for 2 to 4 players")
        chosen = sorted(set(variants))
        for variant in chosen:
            if variant not in VARIANTS:
                raise ConfigError(f"unknown Metromania variant '{variant}' "
                                  f"(choose from: {', '.join(sorted(VARIANTS))})")
        if chosen and players == 2:
            raise ConfigError("the Metromania variants are for 3 or 4 players")
        if len(chosen) > 1:
            raise ConfigError("choose either 'unfair' or 'no-corruption', not both")
        config = {"players": players, "variants": chosen}
        city = options.pop("city", None)
        if options:
            raise ConfigError(f"unknown Metromania options: {', '.join(sorted(options))}")
        if city is not None:
            try:
                config["city"] = [list(pair) for pair in validate_layout(city)]
            except ValueError as exc:
                raise ConfigError(str(exc)) from None
        return config

    def new_game(self, config: dict, seed: int) -> State:
        state, rng = self._setup(config, seed)
        state.hands = deal(state.players, state.variants, rng)
        state.rng = rng
        return state

    def _setup(self, config: dict, seed: int) -> tuple:
        """The state before the markers are dealt, and the Rng that drew its city."""
        config = self.make_config(config["players"], config.get("variants", ()),
                                  **({"city": config["city"]} if "city" in config else {}))
        state = State()
        state.config = config
        state.players = config["players"]
        state.variants = tuple(config["variants"])
        rng = Rng(seed)
        layout = random_layout(rng)
        if "city" in config:
            layout = tuple(tuple(pair) for pair in config["city"])
        state.layout = layout
        state.city = city_for(layout)
        state.lines = [Line() for _ in range(2 * state.players)]
        state.station_points = [0] * state.players
        return state, rng

    # -- a LAN table (see table.py) --------------------------------------------------------
    def piles(self, config: dict) -> dict:
        return table.piles(config)

    def new_table_game(self, config: dict, public_seed: int) -> State:
        """The city (and, where every marker is public, the deal) from ``public_seed`` as
        ``new_game`` draws them; with Unfair Municipality the deal waits on chance steps."""
        state, rng = self._setup(config, public_seed)
        state.table = True
        state.rng = Rng(0)
        if table.secret_deal(state.config):
            table.start_deal(state)
        else:
            state.hands = deal(state.players, state.variants, rng)
        return state

    def pending_chance(self, state: State):
        return table.pending(state) if state.chance else None

    def apply_chance(self, state: State, request, outcome) -> list:
        events = table.apply_chance(state, request, outcome)
        if not state.chance and state.resume >= 0:
            seat, state.resume = state.resume, -1
            events += self._end_turn(state, seat)
            state.attested = {}
        return events

    def learn(self, state: State, seat: int, pile: str, cards) -> None:
        table.learn(state, seat, pile, tuple(cards) if isinstance(cards, list) else cards)

    def played_card(self, state: State, seat: int, move):
        """A dig that puts a marker down in Unfair Municipality plays it from the secret
        hand: (its type's pile, the marker key); at most one marker a turn."""
        if not state.table or not table.secret_deal(state.config) or not isinstance(move, Dig):
            return None
        for tunnel in move.tunnels:
            if tunnel.marker:
                kind = state.city.kind[tunnel.space]
                return table.PILE_OF_TYPE.get(kind, ""), tunnel.marker + kind
        return None

    def audit_table(self, state: State, public_seed: int, log) -> str:
        """Replay a finished Unfair table game as a local game dealt the hands every peer knows
        after the final show. ``log``: the (seat, move or notation) pairs played. "" if every
        move was legal with the real hands and the replay ends exactly where the table did
        (so no blocked-line answer was false); else what went wrong, in English."""
        return self.audit_table_finding(state, public_seed, log)[1]

    def audit_table_finding(self, state: State, public_seed: int, log) -> tuple:
        """``audit_table`` with its culprit: (the seat whose move its real hand could not
        make, or None when no one seat is to blame, message)."""
        if not self.is_over(state):
            return None, "the game is not over"
        hands = table.starting_hands(state)
        problem = table.deal_problem(state.players, hands) if table.secret_deal(state.config) \
            else ""
        if problem:
            return None, problem
        replay, _ = self._setup(state.config, public_seed)
        replay.hands = hands
        replay.rng = Rng(0)
        for number, (seat, move) in enumerate(log, 1):
            try:
                self.apply(replay, seat, self.parse_move(move) if isinstance(move, str) else move)
            except IllegalMove as exc:
                return seat, f"move {number} ({move}) by seat {seat + 1}: {exc.message}"
        if state.encode() != replay.encode():
            return None, "the table's game differs from its replay (an answer about a " \
                         "blocked line was false)"
        return None, ""

    def attest(self, state: State, request) -> tuple:
        """A seat's own peer answers an ``attest`` step from its table state (table.py)."""
        return table.attest(state, request)

    # -- turn structure ----------------------------------------------------------------
    def to_act(self, state: State) -> tuple:
        return () if state.phase == OVER or state.chance else (state.turn,)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER and not state.chance

    # -- moves -------------------------------------------------------------------------
    def parse_move(self, text: str):
        return parse_move(text)

    def legal_moves(self, state: State, seat: int) -> list:
        if state.phase == OVER or seat != state.turn or state.chance:
            return []
        if state.phase == BONUS:
            k = state.pending[0] % 2
            points = intermediate_points(state, state.lines[state.pending[0]]) \
                if state.stations_left() > 0 else []
            return [Bonus(k, p) for p in sorted(points, key=lambda p: POINT_NAMES[p])] + \
                [Bonus(k, -1)]
        moves: list = [Dig(tunnels) for tunnels in all_digs(state, seat)]
        moves += self._station_moves(state, seat)
        return moves or [Pass()]

    def _station_moves(self, state: State, seat: int) -> list:
        if state.stations_left() <= 0:
            return []
        out = []
        for k in (0, 1):
            line = state.line(seat, k)
            if line.closed:
                continue
            for p in sorted(intermediate_points(state, line), key=lambda p: POINT_NAMES[p]):
                out.append(Station(k, p))
        return out

    def check(self, state: State, seat: int, move) -> None:
        if state.phase == OVER:
            raise IllegalMove("game_over", "The game is over")
        if state.chance:
            raise IllegalMove("chance_pending", "The table is still dealing")
        if seat != state.turn:
            raise IllegalMove("not_your_turn", "It is not your turn (Player {turn} plays)",
                              turn=state.turn + 1)
        if state.phase == BONUS:
            self._check_bonus(state, seat, move)
            return
        if isinstance(move, Bonus):
            raise IllegalMove("no_bonus", "There is no free station to place now")
        if isinstance(move, Dig):
            self._check_dig(state, seat, move)
        elif isinstance(move, Station):
            self._check_station(state, seat, move)
        elif isinstance(move, Pass):
            if self._station_moves(state, seat) or max_dig(state, seat) > 0:
                raise IllegalMove("cannot_pass", "You may pass only when you can neither dig "
                                  "nor place a station")
        else:
            raise IllegalMove("unknown_move", "That is not a Metromania move")

    def _check_dig(self, state, seat, move: Dig) -> None:
        tunnels = move.tunnels
        if not 1 <= len(tunnels) <= TUNNELS_PER_DIG:
            raise IllegalMove("dig_size", "A dig has one to three tunnels")
        _, _, found = replay_partial(state, seat, tunnels)
        if found is not None:
            index, code, template, args = found
            raise IllegalMove(code, f"Tunnel {index + 1} ({tunnels[index]}): " + template,
                              **args)
        if len(tunnels) < TUNNELS_PER_DIG:
            needed = max_dig(state, seat)
            if len(tunnels) < needed:
                raise IllegalMove("dig_more", "You must dig {needed} tunnels this turn",
                                  needed=needed)

    def _check_station(self, state, seat, move: Station) -> None:
        line = state.line(seat, move.line)
        if state.stations_left() <= 0:
            raise IllegalMove("no_station_left", "All 30 station markers are used")
        if line.closed:
            raise IllegalMove("line_closed", "No more intermediate stations on this line")
        if move.point not in intermediate_points(state, line):
            raise IllegalMove("station_place", "A station goes on a point of your line between "
                              "two of its stations ({point})", point=POINT_NAMES[move.point])

    def _check_bonus(self, state, seat, move) -> None:
        line_id = state.pending[0]
        if not isinstance(move, Bonus) or move.line != line_id % 2:
            raise IllegalMove("bonus_expected", "Place the free station on your completed "
                              "{line} line, or refuse it",
                              line="solid" if line_id % 2 == 0 else "striped")
        if move.point >= 0 and state.stations_left() <= 0:
            raise IllegalMove("no_station_left", "All 30 station markers are used")
        if move.point >= 0 and move.point not in intermediate_points(state,
                                                                     state.lines[line_id]):
            raise IllegalMove("station_place", "A station goes on a point of your line between "
                              "two of its stations ({point})", point=POINT_NAMES[move.point])

    def play(self, state: State, seat: int, move) -> list:
        events: list = []
        state.moves_played += 1
        if isinstance(move, Bonus):
            line_id = state.pending.pop(0)
            state.lines[line_id].closed = True
            if move.point >= 0:
                events.append(place_station(state, move.point, seat, "free"))
            if state.pending:
                return events
            state.phase = BUILD
            return events + self._end_turn(state, seat)
        if isinstance(move, Pass):
            state.passes += 1
            return self._end_turn(state, seat)
        state.passes = 0
        if isinstance(move, Station):
            events.append(place_station(state, move.point, seat, "intermediate"))
            return events + self._end_turn(state, seat)
        finished = []
        for tunnel in move.tunnels:
            was_done = state.line(seat, tunnel.line).done
            events += lay(state, seat, tunnel)
            if not was_done and state.line(seat, tunnel.line).done:
                finished.append(seat * 2 + tunnel.line)
        for line_id in finished:
            if state.stations_left() > 0 and intermediate_points(state, state.lines[line_id]):
                state.pending.append(line_id)
            else:
                state.lines[line_id].closed = True
        if state.pending:
            state.phase = BONUS
            events.append({"kind": "bonus_offer", "seat": seat, "line": state.pending[0] % 2})
            return events
        return events + self._end_turn(state, seat)

    def _end_turn(self, state: State, seat: int) -> list:
        events = []
        if state.table and state.end_by < 0 and not state.attested:
            unknown = table.lines_to_attest(state)
            if unknown:   # only their owners know: wait for their answers (apply_chance)
                table.queue_attests(state, unknown, seat)
                return events
        if state.end_by >= 0:
            state.last_turns -= 1
        elif self.building_ends(state):
            state.end_by = seat
            state.last_turns = state.players - 1
            events.append({"kind": "building_ends", "seat": seat})
        if (state.end_by >= 0 and state.last_turns <= 0) or state.passes >= state.players:
            state.phase = OVER
            events.append({"kind": "game_over"})
            if state.table:
                table.queue_shows(state)
            return events
        state.turn = (seat + 1) % state.players
        return events

    def building_ends(self, state: State) -> bool:
        if state.table:
            return table.building_ends(state)
        if state.stations_left() <= 0:
            return True
        finished = 0
        for seat in range(state.players):
            done = [state.line(seat, k).done for k in (0, 1)]
            if all(done):
                return True
            for k in (0, 1):
                if done[k] or is_blocked(state, seat, k):
                    finished += 1
        return finished >= LINES_TO_END[state.players]

    def random_move(self, state: State, seat: int, rng: Rng):
        if state.phase == BONUS:
            moves = self.legal_moves(state, seat)
            return moves[rng.below(len(moves))]
        stations = self._station_moves(state, seat)
        if stations and rng.below(6) == 0:
            return stations[rng.below(len(stations))]
        tunnels = random_dig(state, seat, rng)
        if tunnels:
            return Dig(tunnels)
        if stations:
            return stations[rng.below(len(stations))]
        return Pass()

    # -- client helpers ------------------------------------------------------------------
    def continuations(self, state: State, seat: int, line, partial_tunnels=()) -> list:
        """Legal next tunnels of ``line`` (0/1, None = both) after the tunnels already chosen
        this turn (see digs.dig_continuations)."""
        return dig_continuations(state, seat, line, tuple(partial_tunnels))

    def dig_options(self, state: State, seat: int, line, partial_tunnels=()) -> list:
        """The continuations that keep the dig completable: what the client offers (see
        digs.completable_continuations)."""
        return completable_continuations(state, seat, line, tuple(partial_tunnels))

    def blocked_reasons(self, state: State, seat: int, line: int) -> list:
        """Why ``seat``'s line is blocked ([] when it is not): see lines.blocked_reasons."""
        return blocked_reasons(state, seat, line)

    def validate_partial(self, state: State, seat: int, partial_tunnels) -> dict:
        return validate_partial(state, seat, tuple(partial_tunnels))

    def city(self, state: State):
        return state.city

    # -- results -----------------------------------------------------------------------
    def scores(self, state: State) -> dict:
        return final_scores(state) if self.is_over(state) else running_scores(state)

    def winners(self, state: State) -> list:
        result = self.scores(state)
        return winners(result["scores"], result["breakdown"])

    # -- information ---------------------------------------------------------------------
    def view(self, state: State, seat) -> State:
        copy = state.clone()
        copy.rng = Rng(0)
        copy.table = False   # a view plays on as a local state (bots search on views)
        if UNFAIR in state.variants and not self.is_over(state):
            copy.hands = [hand[:] if other == seat else hide_hand(hand)
                          for other, hand in enumerate(state.hands)]
        return copy

    def encode(self, state: State):
        return state.encode()

    def state_digest(self, state: State) -> str:
        """The default hash (of ``canonical_bytes(["metromania", encode])``), written fast."""
        return digest.state_digest(state)

    def public_digest(self, state: State) -> bytes:
        """``canonical_bytes(public_encode(state))`` (the spectator's view), written fast."""
        return digest.public_bytes(state, self.is_over(state))

    def clone(self, state: State) -> State:
        return state.clone()

    def seat_name(self, config: dict, seat: int) -> str:
        return COLOURS[seat] if 0 <= seat < len(COLOURS) else super().seat_name(config, seat)

    def score_notation(self, text: str, config: dict, seed: int) -> dict:
        """Replay a whole game's moves, one per line, in turn order from new_game(config, seed).

        A line may carry its seat as ``<n>: <move>`` (n = 1-based seat, checked against the
        seat to act); blank lines and lines starting with ``#`` are ignored."""
        state = self.new_game(config, seed)
        number = 0
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            number += 1
            claimed = None
            head, sep, rest = line.partition(":")
            if sep and head.strip().isascii() and head.strip().isdigit():
                claimed, line = int(head.strip()) - 1, rest.strip()
            if state.phase == OVER:
                raise IllegalMove("after_end", "Move {number} ({move}): the game is already "
                                  "over", number=number, move=line)
            seat = state.turn
            try:
                if claimed is not None and claimed != seat:
                    raise IllegalMove("not_your_turn", "it is Player {turn}'s turn",
                                      turn=seat + 1)
                move = self.parse_move(line)
                self.check(state, seat, move)
            except IllegalMove as exc:
                raise IllegalMove(exc.code, "Move {number} ({move}) is illegal: {reason}",
                                  number=number, move=line, reason=exc.message) from None
            self.play(state, seat, move)
        result = self.scores(state)
        result["over"] = state.phase == OVER
        result["moves"] = number
        json.dumps(result)   # JSON-ready by construction; fail loudly here if not
        return result


GAME = Metromania()

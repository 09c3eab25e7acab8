"""The generic LAN-table simulation, for every game that implements the table protocol.

A reference state knows everything: by default (``tests/fair_dealer.py``, every game) a table
state that learns every seat's cards, its chance dealt as a LAN table's fair dealing would;
for a built-in game's own table tests (``tests/table_dealers.py``) its local game
(``new_game`` with a seed), each chance step then resolved as the local game drew it. One
table state per seat and one for a spectator start from ``new_table_game``; each chance step
they wait for is resolved by the dealer: its public outcome goes to every table state, the
dealt cards to the owner's (``learn``). Every move of the reference goes to every table
state (in the form the other peers receive, if the game has ``public_move``). After every
step: all table states wait for the same chance and agree on ``public_encode``; each seat's
table state encodes like ``view(reference, seat)`` (so it holds nothing of another seat's
secrets: it never learned them) and has the same seats to act and legal moves; at the end the
scores and winners are the reference's.
"""

from __future__ import annotations

from game.rules.core import Game, Rng, canonical_bytes, hash_bytes


def implements_table(game: Game) -> bool:
    """Whether ``game`` implements the LAN table protocol (``Game.new_table_game``)."""
    return type(game).new_table_game is not Game.new_table_game


class TableDealer:
    """What the simulation needs to know of one game; override what the game needs. This
    plain one follows the local game of a game whose table never waits for chance."""

    local_waits = False      # whether the reference state waits for chance (a table state)

    def __init__(self, game: Game, config: dict, seed: int) -> None:
        self.game, self.config, self.seed = game, config, seed

    simulation: "TableSimulation"   # set by the simulation (a dealer may read the peers)

    def public_seed(self, seed: int) -> int:
        """The table's public seed for a local game of ``seed`` (when the public setup, e.g.
        a city, must be the local game's, the same seed)."""
        return seed ^ 0x5EED

    def new_local(self, seed: int):
        """The reference state that every table state is checked against."""
        return self.game.new_game(self.config, seed)

    def deal_local(self, local, request, outcome, learned) -> None:
        """Tell the reference a chance step (a local game never waits for one)."""

    def resolve(self, local, request) -> tuple[tuple, tuple]:
        """(public outcome, cards the dealt seat learns) of ``request``, as ``local`` drew it."""
        raise NotImplementedError(f"the table of {self.game.name} waits for chance: "
                                  f"deal it with tests/fair_dealer.py")

    def before_move(self, local, seat, move) -> None:
        """Called before each move of the reference (e.g. to keep its Rng before a roll)."""

    def told(self, move, masked: bool):
        """The move as the other peers of the table receive it."""
        public = getattr(self.game, "public_move", None)
        return public(move) if masked and public is not None else move

    def choose(self, local, seat: int, moves: list, rng: Rng):
        return moves[rng.below(len(moves))]

    def check_peer(self, simulation: "TableSimulation", peer, seat) -> None:
        """Extra per-game checks of a table state (e.g. no secret anywhere in it)."""

    def check_events(self, local_events: list, peer_events: list) -> None:
        """Extra per-game checks of what applying a move told a table state."""

    def check_chance_events(self, local, request, events: list) -> None:
        """Extra per-game checks of what a chance step told the table states."""


class TableSimulation:
    """The local dealer game and the table states of every seat and one spectator
    (``peers[players]``)."""

    def __init__(self, game: Game, config: dict, seed: int, dealer_class, *,
                 masked: bool = True) -> None:
        self.game, self.config, self.masked = game, config, masked
        self.players = config["players"]
        self.dealer = dealer_class(game, config, seed)
        self.dealer.simulation = self
        self.local = self.dealer.new_local(seed)
        self.peers = [game.new_table_game(config, self.dealer.public_seed(seed))
                      for _ in range(self.players + 1)]
        self.steps = 0
        self.chances = 0
        self.public_hashes: list[str] = []   # after every step: for cross-process checks

    def seat_of(self, index: int):
        return None if index == self.players else index

    def encoded(self, state) -> bytes:
        return canonical_bytes(self.game.encode(state))

    def resolve_chance(self) -> None:
        game = self.game
        while True:
            requests = [game.pending_chance(peer) for peer in self.peers]
            assert all(request == requests[0] for request in requests), "peers wait differently"
            request = requests[0]
            if request is None:
                return
            assert all(game.to_act(peer) == () for peer in self.peers), "a seat acts on chance"
            outcome, learned = self.dealer.resolve(self.local, request)
            told = []
            for index, peer in enumerate(self.peers):
                told.append(game.apply_chance(peer, request, outcome))
                if request.kind == "deal" and self.seat_of(index) == request.seat:
                    game.learn(peer, request.seat, request.pile, learned)
            self.dealer.deal_local(self.local, request, outcome, learned)
            assert all(events == told[0] for events in told), "a chance step told peers apart"
            self.dealer.check_chance_events(self.local, request, told[0])
            self.chances += 1
            self.assert_agreed()

    def assert_agreed(self) -> None:
        public = canonical_bytes(self.game.public_encode(self.peers[0]))
        self.public_hashes.append(hash_bytes(public))
        for peer in self.peers[1:]:
            assert canonical_bytes(self.game.public_encode(peer)) == public, \
                f"table states disagree on the public state (step {self.steps})"

    def assert_like_views(self) -> None:
        game = self.game
        acting = game.to_act(self.local)
        for index, peer in enumerate(self.peers):
            seat = self.seat_of(index)
            assert self.encoded(peer) == self.encoded(game.view(self.local, seat)), \
                f"seat {seat}'s table state is not its view of the reference (step {self.steps})"
            assert game.to_act(peer) == acting
            if seat in acting:
                assert game.legal_moves(peer, seat) == game.legal_moves(self.local, seat)
            self.dealer.check_peer(self, peer, seat)

    def move(self, seat: int, move) -> None:
        game = self.game
        own = self.peers[seat]
        game.check(own, seat, move)              # the mover's own peer checks it
        told = self.dealer.told(move, self.masked)
        self.dealer.before_move(self.local, seat, move)
        local_events = game.apply(self.local, seat, move)
        assert self.dealer.local_waits or game.pending_chance(self.local) is None, \
            "local play waited for chance"
        for index, peer in enumerate(self.peers):
            events = game.apply(peer, seat, move if index == seat else told)
            self.dealer.check_events(local_events, events)
        self.steps += 1
        self.assert_agreed()

    def step(self, rng: Rng) -> None:
        acting = self.game.to_act(self.local)
        seat = acting[rng.below(len(acting))]
        moves = self.game.legal_moves(self.local, seat)
        self.move(seat, self.dealer.choose(self.local, seat, moves, rng))
        self.resolve_chance()
        self.assert_like_views()

    def play_out(self, rng: Rng, max_steps: int = 5000) -> None:
        game = self.game
        self.resolve_chance()
        self.assert_like_views()
        while not game.is_over(self.local):
            assert self.steps < max_steps, "the table game did not end"
            self.step(rng)
        local = game.scores(self.local)["scores"]
        for peer in self.peers:
            assert game.is_over(peer) and game.pending_chance(peer) is None
            assert game.scores(peer)["scores"] == local
            assert game.winners(peer) == game.winners(self.local)

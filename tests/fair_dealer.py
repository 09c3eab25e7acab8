"""The table simulation's default dealer: it deals any game's chance steps as a LAN table's
fair dealing does (``net.fair``: the same piles, positions and answers), without the cipher,
from the rules' own table API alone — so a new game needs no dealer of its own.

There is no local game to follow here: the simulation's reference (``local``) is an
omniscient table state, one that learns every seat's cards. Each seat's table state must then
encode like that state's view for the seat, wait for the same chance, offer the same moves and
end with the same scores. (The built-in games' own table tests also check that a table plays
exactly their local game: ``tests/table_dealers.py``.)
"""

from __future__ import annotations

from game.rules.core import Rng
from tests.table_simulation import TableDealer


class FairDealer(TableDealer):
    """Shuffles, deals, reveals, rolls and answers (attest, show, return) as ``net.fair``
    does: a pile is a shuffled order of its card ids, drawn from a cursor, returned cards go
    to its bottom, and every seat's drawn positions are kept until it plays or shows them."""

    local_waits = True

    def __init__(self, game, config, seed) -> None:
        super().__init__(game, config, seed)
        self.rng = Rng(seed * 7919 + 17)
        self.piles = game.piles(config)
        self.order: dict[str, list[int]] = {}         # pile -> card id at each position
        self.cursor: dict[str, int] = {}
        self.bottom: dict[str, list[int]] = {}        # returned positions, drawn after the rest
        self.held: dict[str, dict[int, list[int]]] = {}   # pile -> seat -> drawn positions
        self.face_up: dict[str, int] = {}
        self.returning: dict[str, int] = {}

    # -- the reference: a table state that knows every secret -----------------------------
    def new_local(self, seed: int):
        return self.game.new_table_game(self.config, self.public_seed(seed))

    def deal_local(self, local, request, outcome, learned) -> None:
        assert self.game.pending_chance(local) == request, "the reference waits differently"
        self.game.apply_chance(local, request, outcome)
        if request.kind == "deal":
            self.game.learn(local, request.seat, request.pile, learned)

    def before_move(self, local, seat, move) -> None:
        played = self.game.played_card(local, seat, move)
        if played is None:
            return
        pile, value = played
        positions = self.held[pile][seat]
        position = next(p for p in positions if self.piles[pile][self.order[pile][p]] == value)
        positions.remove(position)

    # -- the steps ------------------------------------------------------------------------
    def resolve(self, local, request) -> tuple[tuple, tuple]:
        kind, pile = request.kind, request.pile
        if kind == "roll":
            return tuple(self.rng.below(sides) for sides in request.sides), ()
        if kind == "attest":
            owner = self.simulation.peers[request.seat]    # only the seat's own peer can answer
            return (self.game.attest(owner, request)[0],), ()
        if kind == "shuffle":
            assert pile in self.piles, f"{self.game.name} shuffles {pile!r}, not one of its piles"
            self.order[pile] = list(request.cards)
            self.rng.shuffle(self.order[pile])
            self.cursor[pile], self.bottom[pile], self.held[pile] = 0, [], {}
            self.face_up.pop(pile, None)
            self.returning.pop(pile, None)
            return (), ()
        holding = self.held[pile].setdefault(request.seat, [])
        if kind == "show":
            assert len(holding) == request.count, f"seat {request.seat} holds {len(holding)}"
            return tuple(self.order[pile][p] for p in holding), ()
        if kind == "return":
            assert len(holding) == 1, f"seat {request.seat} returns one of {len(holding)}"
            self.bottom[pile].append(holding.pop())
            self.returning[pile] = request.seat
            return (), ()
        positions = self.draw(pile, request.count)
        cards = tuple(self.order[pile][p] for p in positions)
        if kind == "deal":
            holding.extend(positions)
            return (), cards
        assert kind == "reveal", f"a chance step of an unknown kind: {request!r}"
        taker = self.returning.pop(pile, None)     # a face-up card taken in an exchange
        if taker is not None and pile in self.face_up:
            self.held[pile].setdefault(taker, []).append(self.face_up[pile])
        self.face_up[pile] = positions[-1]
        return cards, ()

    def draw(self, pile: str, count: int) -> list[int]:
        """The next ``count`` positions of ``pile``: fresh ones first, then returned ones."""
        start, size = self.cursor[pile], len(self.order[pile])
        fresh = list(range(start, min(size, start + count)))
        self.cursor[pile] = start + len(fresh)
        returned = self.bottom[pile][:count - len(fresh)]
        del self.bottom[pile][:len(returned)]
        return fresh + returned

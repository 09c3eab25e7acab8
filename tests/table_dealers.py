"""Per-game dealers of the table simulation (``tests/table_simulation.py``): how to read the
outcome of a chance step off the local game. Every registered game that implements the table
protocol needs an entry in ``DEALERS`` (the conformance suite fails otherwise)."""

from __future__ import annotations

from game.rules.core import HIDDEN, Rng
from game.rules.metro.data import SHARE_PERCENTS
from game.rules.metro.table import SHARE_PILES, TILE_PILE
from game.rules.railroad_ink.moves import End, Undo
from game.rules.railroad_ink.table import UnknownRolls, round_dice
from tests.table_simulation import TableDealer

METRO_HIDDEN_CARD = [-1, 0]


class MetroDealer(TableDealer):
    """Tile ids by type in canonical order; share cards are their own ids (the company)."""

    def __init__(self, game, config, seed) -> None:
        super().__init__(game, config, seed)
        self.free_ids: dict[str, list[int]] = {}
        for card_id, tile in enumerate(game.piles(config)[TILE_PILE]):
            self.free_ids.setdefault(tile, []).append(card_id)

    def tile_id(self, tile: str) -> int:
        return self.free_ids[tile].pop(0)

    def resolve(self, local, request):
        if request.kind in ("shuffle", "return"):
            return (), ()
        if request.pile == TILE_PILE:
            if request.kind == "deal":
                tiles = local.hands[request.seat][-request.count:]
                return (), tuple(self.tile_id(tile) for tile in tiles)
            return (self.tile_id(local.pending),), ()
        pct = SHARE_PERCENTS[SHARE_PILES.index(request.pile)]
        if request.kind in ("deal", "show"):
            company = [c for c, p in local.shares[request.seat] if p == pct][0]
            return ((), (company,)) if request.kind == "deal" else ((company,), ())
        return (local.face_up[SHARE_PILES.index(request.pile)][0],), ()

    def check_peer(self, simulation, peer, seat) -> None:
        data = self.game.encode(peer)
        assert data["rng"] is None
        assert all(tile == HIDDEN for tile in data["stack"])
        assert all(card == METRO_HIDDEN_CARD for pile in data["piles"] for card in pile)
        for other in range(len(data["hands"])):
            if other == seat:
                continue
            assert all(tile == HIDDEN for tile in data["hands"][other])
            if data["shares"] and not data["over"]:
                assert all(card == METRO_HIDDEN_CARD for card in data["shares"][other])


def _ints_in(value):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _ints_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _ints_in(item)


class RailroadInkDealer(TableDealer):
    """Each round's roll is what the local game drew from its Rng: one face per die, in the
    order of ``round_dice``. The local game rolls round 1 in ``new_game`` from ``Rng(seed)``
    and each later round on the move that ends the previous one."""

    def __init__(self, game, config, seed) -> None:
        super().__init__(game, config, seed)
        self.rng_before_roll = Rng(seed)

    def before_move(self, local) -> None:
        self.rng_before_roll = local.rng.copy()

    def resolve(self, local, request):
        assert request.kind == "roll"
        dice = round_dice(local.expansion)
        assert request.sides == tuple(len(die) for die in dice)
        outcome = tuple(self.rng_before_roll.below(len(die)) for die in dice)
        faces = [die[face] for die, face in zip(dice, outcome)]
        assert faces == local.dice + (local.meteor or []), \
            "the request's dice are not the local game's roll order"
        return outcome, ()

    def choose(self, local, seat, moves, rng):
        """Mostly draw, sometimes end early or undo: rounds of every length."""
        ends = [m for m in moves if isinstance(m, End)]
        draws = [m for m in moves if not isinstance(m, (End, Undo))]
        undos = [m for m in moves if isinstance(m, Undo)]
        roll = rng.below(20)
        if undos and roll == 0:
            return undos[0]
        if ends and (not draws or roll < 4):
            return ends[0]
        return rng.choice(draws or moves)

    def check_peer(self, simulation, peer, seat) -> None:
        assert isinstance(peer.rng, UnknownRolls)
        future = simulation.local.rng.state
        assert future not in set(_ints_in(self.game.encode(peer))), "a future roll is knowable"

    def check_chance_events(self, local, request, events) -> None:
        assert events == [{"kind": "roll", "round": local.round,
                           "dice": self.game.roll_faces(local)}]

    def check_events(self, local_events, peer_events) -> None:
        # the table state tells everything the local game told but the roll, which it waits for
        assert peer_events == [e for e in local_events if e["kind"] != "roll"]


DEALERS = {"metro": MetroDealer, "railroad-ink": RailroadInkDealer}

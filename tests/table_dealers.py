"""The built-in games' own dealers of the table simulation (``tests/table_simulation.py``),
for their own table tests (``test_table_<game>.py``, ``test_state_digests.py``): how to read
the outcome of a chance step off the *local* game, so that those tests prove a table plays
exactly the game local play does, with per-game checks that no secret is in a table state.

No game needs one: every registry-driven suite deals every game's table with the generic
``tests/fair_dealer.py``, from the rules' own table API."""

from __future__ import annotations

from game.rules.core import HIDDEN, ChanceRequest, Rng, canonical_bytes
from game.rules.metro.data import SHARE_PERCENTS
from game.rules.metro.table import SHARE_PILES, TILE_PILE
from game.rules.railroad_ink.moves import End, Undo
from game.rules.railroad_ink.table import UnknownRolls, round_dice
from game.rules.metromania import GAME as METROMANIA
from game.rules.metromania.board_data import TYPES
from game.rules.metromania.lines import is_blocked
from game.rules.metromania.markers import ALL_MARKERS, UNFAIR, markers_of_type
from game.rules.metromania.state import OVER
from game.rules.metromania.table import BLOCKED, PILE_OF_TYPE, TYPE_OF_PILE, extra_types
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

    def before_move(self, local, seat, move) -> None:
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


def card_id(key: str) -> int:
    return markers_of_type(key[1]).index(key)


class MarkerDealer:
    """Answers the table's chance steps so that the table deals the local game's hands.
    With ``void_first`` the first round is a deal some hand refuses (letters repeat)."""

    def __init__(self, local, rng: Rng, void_first: bool, lie: bool = False) -> None:
        self.local, self.rng, self.void_first, self.lie = local, rng, void_first, lie
        self.rounds = 0
        self.plan: dict = {}
        self.extra = self.split_extras()

    def split_extras(self) -> list:
        """Per seat: (its first three markers, its 4th marker or None) of the local deal."""
        out = []
        for hand in self.local.hands:
            if len(hand) == 3:
                out.append((list(hand), None))
                continue
            for extra in hand:
                first = [key for key in hand if key != extra]
                if sorted(key[1] for key in first) == sorted(TYPES) and \
                        len({key[0] for key in first}) == 3:
                    out.append((first, extra))
                    break
        return out

    def new_round(self) -> None:
        self.rounds += 1
        players = self.local.players
        self.plan = {}
        if self.rounds == 1 and self.void_first:
            while True:
                decks = {kind: markers_of_type(kind) for kind in TYPES}
                for deck in decks.values():
                    self.rng.shuffle(deck)
                if any(len({decks[k][seat][0] for k in TYPES}) < 3 for seat in range(players)):
                    break
            for seat in range(players):
                for kind in TYPES:
                    self.plan[(seat, PILE_OF_TYPE[kind])] = [decks[kind][seat]]
            return
        for seat, (first, extra) in enumerate(self.extra):
            for key in first:
                self.plan[(seat, PILE_OF_TYPE[key[1]])] = [key]
            if extra is not None:
                self.plan[(seat, PILE_OF_TYPE[extra[1]])].append(extra)

    def outcome(self, request: ChanceRequest, tables: list):
        """(public outcome, secret cards for ``learn`` or None)."""
        if request.kind == "shuffle":
            if request.pile == "residential":
                self.new_round()
            return (), None
        if request.kind == "deal":
            key = self.plan[(request.seat, request.pile)].pop(0)
            return (), (card_id(key),)
        if request.kind == "roll":
            wanted = [extra[1] if extra else None for _, extra in self.extra]
            for a in range(3):
                for b in range(2):
                    if extra_types((a, b)) == wanted:
                        return (a, b), None
            raise AssertionError("no roll gives the local 4th markers")
        if request.kind == "show":
            keys = [key for key in self.local.hands[request.seat]
                    if key[1] == TYPE_OF_PILE[request.pile]]
            return tuple(card_id(key) for key in keys), None
        assert request.kind == "attest"
        answer = METROMANIA.attest(tables[request.seat], request)
        if request.pile in BLOCKED and self.lie:
            return (1 - answer[0],), None
        if request.pile in BLOCKED:   # the owner tells the truth of the local game
            truth = is_blocked(self.local, request.seat, BLOCKED.index(request.pile))
            assert answer == ((1,) if truth else (0,))
        return answer, None



class MetromaniaDealer(TableDealer):
    """The city and the public deals come from the table's public seed, which is the local
    game's seed here; Unfair Municipality's secret markers are dealt as the local game dealt
    them (``MarkerDealer``), each owner answering the table's yes/no questions from its own
    table state."""

    def __init__(self, game, config, seed) -> None:
        super().__init__(game, config, seed)
        self.markers = None

    def public_seed(self, seed: int) -> int:
        return seed

    def resolve(self, local, request):
        if self.markers is None:
            self.markers = MarkerDealer(local, Rng(self.seed * 7 + 3), void_first=False)
        outcome, cards = self.markers.outcome(request, self.simulation.peers)
        return outcome, cards or ()

    def check_peer(self, simulation, peer, seat) -> None:
        if UNFAIR not in peer.variants or peer.phase == OVER:   # the end shows every marker
            return
        plain = self.game.encode(peer)
        if seat is not None:
            plain["hands"][seat] = []      # its own markers: it may see them
        plain["placed"] = []               # placed markers are public
        data = canonical_bytes(plain)
        for key in ALL_MARKERS:            # no other seat's marker anywhere in the state
            assert b"s2:" + key.encode() not in data, (seat, key)

"""Metro at a LAN table with partial information (issue 13): Metro's own table cases.

The simulation itself (a local game as the omniscient dealer, one table state per seat and a
spectator, public encodings agreeing and each seat's state equal to its view of the local game
after every step) is the generic one of ``tests/table_simulation.py`` with Metro's dealer from
``tests/table_dealers.py`` (which also checks that no other seat's secret is in a table state);
the conformance suite runs it for every variant. Here: variant combinations, masked and
unmasked moves, and Metro's specific chance steps and refusals.
"""

from __future__ import annotations

import pytest

from game.rules import get_game
from game.rules.core import HIDDEN, ChanceRequest, IllegalMove, Rng, canonical_bytes
from game.rules.metro.data import SHARE_PERCENTS
from game.rules.metro.moves import Draw, Place, Swap
from game.rules.metro.table import SHARE_PILES, TILE_PILE
from tests.table_dealers import MetroDealer
from tests.table_simulation import TableSimulation

GAME = get_game("metro")


def encoded(state) -> bytes:
    return canonical_bytes(GAME.encode(state))


class Table(TableSimulation):
    """The generic table simulation with Metro's dealer (tests/table_dealers.py)."""

    def __init__(self, config: dict, seed: int, masked: bool = True) -> None:
        super().__init__(GAME, config, seed, MetroDealer, masked=masked)


CASES = [(players, variants, seed)
         for players, variants, seeds in [
             (2, [], (1, 2)), (3, ["hand2"], (3,)), (4, ["hand3", "orientation"], (4,)),
             (6, [], (5,)), (2, ["companies"], (6, 7)), (4, ["companies", "hand2"], (8,)),
             (6, ["companies", "orientation"], (9,)), (5, ["companies", "hand3"], (10,))]
         for seed in seeds]


@pytest.mark.parametrize("players,variants,seed", CASES)
def test_table_simulation_matches_the_local_game(players, variants, seed):
    table = Table(GAME.make_config(players, variants), seed, masked=seed % 2 == 0)
    table.play_out(Rng(seed * 7919))
    assert table.steps >= 60


def test_many_seeds_and_player_counts():
    for seed in range(11, 21):
        players = 2 + seed % 5
        variants = [["companies"], [], ["hand2"], ["companies", "hand3"]][seed % 4]
        table = Table(GAME.make_config(players, variants), seed, masked=seed % 3 != 0)
        table.play_out(Rng(seed))


def test_a_masked_swap_keeps_the_given_company_from_the_other_peers():
    table, peer = dealt_table(seat=1, variants=["companies"])
    given = [c for c, p in table.local.shares[0] if p == 20][0]
    masked = GAME.public_move(Swap(given, 20, False))
    assert str(masked) == "swap:?:20:down" and GAME.parse_move(str(masked)) == masked
    assert GAME.public_move(Draw()) == Draw()
    own = table.peers[0]
    before = encoded(own)
    with pytest.raises(IllegalMove) as refused:     # the giver's own peer needs the card
        GAME.apply(own, 0, masked)
    assert refused.value.code == "not_a_move" and encoded(own) == before
    with pytest.raises(IllegalMove):                 # and local play never takes it
        GAME.apply(table.local, 0, masked)
    table.move(0, Swap(given, 20, False))
    table.resolve_chance()
    table.assert_like_views()


def test_local_game_never_waits_and_keeps_its_encoding():
    state = GAME.new_game(GAME.make_config(2, ["companies"]), 3)
    assert GAME.pending_chance(state) is None
    assert "chance" not in GAME.encode(state)
    assert GAME.public_encode(state) == GAME.encode(GAME.view(state, None))


def test_setup_steps_in_order():
    state = GAME.new_table_game(GAME.make_config(2, ["companies", "hand2"]), 0)
    steps = []
    while (request := GAME.pending_chance(state)) is not None:
        steps.append((request.kind, request.pile, request.seat, request.count))
        outcome = (0,) if request.kind == "reveal" else ()
        GAME.apply_chance(state, request, outcome)
    assert steps[:5] == [("shuffle", "tiles", None, 0)] + [
        ("shuffle", pile, None, 0) for pile in SHARE_PILES]
    assert steps[5:7] == [("deal", "tiles", 0, 2), ("deal", "tiles", 1, 2)]
    assert steps[7:15] == [("deal", pile, seat, 1) for seat in (0, 1) for pile in SHARE_PILES]
    assert steps[15:] == [("reveal", pile, None, 1) for pile in SHARE_PILES]
    assert len(state.stack) == 60 - 4 and state.hands == [[HIDDEN] * 2] * 2
    assert [len(pile) for pile in state.piles] == [5] * 4   # 8 - 2 dealt - 1 face up
    assert state.face_up == [(0, pct) for pct in SHARE_PERCENTS]
    assert GAME.to_act(state) == (0,)


def dealt_table(seat=0, variants=()):
    """A seat's table state after the setup of a 2-player game (local seed 11)."""
    table = Table(GAME.make_config(2, list(variants)), 11)
    table.resolve_chance()
    return table, table.peers[seat]


def test_a_draw_reveals_the_tile_and_a_hand_placement_deals_its_replacement():
    table, peer = dealt_table()
    table.move(0, Draw())
    request = GAME.pending_chance(peer)
    assert request == ChanceRequest("reveal", pile=TILE_PILE, count=1)
    assert GAME.to_act(peer) == ()
    table.resolve_chance()
    assert peer.pending == table.local.pending and len(peer.stack) == 57
    table.move(0, [m for m in GAME.legal_moves(table.local, 0) if isinstance(m, Place)][0])
    table.resolve_chance()
    hand_move = [m for m in GAME.legal_moves(table.local, 1) if isinstance(m, Place)][0]
    table.move(1, hand_move)
    assert GAME.pending_chance(peer) == ChanceRequest("deal", pile=TILE_PILE, seat=1, count=1)
    table.resolve_chance()
    table.assert_like_views()


def test_refused_outcomes_change_nothing():
    state = GAME.new_table_game(GAME.make_config(2), 0)
    shuffle = GAME.pending_chance(state)
    before = encoded(state)
    bad = [(ChanceRequest("shuffle", pile="shares10", cards=range(8)), ()),
           (ChanceRequest("deal", pile=TILE_PILE, seat=0, count=1), ()),
           (shuffle, (3,)), (shuffle, "nothing")]
    for request, outcome in bad:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply_chance(state, request, outcome)
        assert refused.value.code == "bad_chance"
        assert encoded(state) == before
    with pytest.raises(IllegalMove):
        GAME.apply_chance(GAME.new_game(GAME.make_config(2), 1), shuffle, ())


def test_refused_reveals():
    table, peer = dealt_table()
    # Every copy of bbbb (2) already in sight: one in a known hand, one on the board.
    ids = [i for i, tile in enumerate(GAME.piles(table.config)[TILE_PILE]) if tile == "bbbb"]
    peer.hands[0][0] = "bbbb"
    peer.board[1] = ("bbbb", 0)
    GAME.apply(peer, 0, Draw())
    reveal = GAME.pending_chance(peer)
    before = encoded(peer)
    for outcome in [(ids[0],), (ids[0], ids[1]), (60,), (-1,), (True,), ("bbbb",), ()]:
        with pytest.raises(IllegalMove):
            GAME.apply_chance(peer, reveal, outcome)
        assert encoded(peer) == before


def test_a_move_naming_a_tile_whose_copies_are_all_in_sight_is_refused():
    table, peer = dealt_table(seat=1)
    # Seat 0's hand is hidden from seat 1's peer; put both bbbb copies in sight.
    peer.hands[1] = ["bbbb"]
    peer.board[63] = ("bbbb", 0)
    before = encoded(peer)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(peer, 0, Place("bbbb", 0))
    assert refused.value.code == "not_in_hand"
    assert encoded(peer) == before
    fine = next(m for m in GAME.legal_moves(table.local, 0)
                if isinstance(m, Place) and m.tile != "bbbb")
    GAME.apply(peer, 0, fine)       # a tile with unseen copies is fine
    assert peer.hands[0] == [] and GAME.pending_chance(peer).seat == 0


def test_exchanges_at_the_table():
    table, peer = dealt_table(seat=1, variants=["companies"])
    mine = peer.shares[1]
    before = encoded(peer)
    with pytest.raises(IllegalMove) as refused:      # seat 0 cannot give a card seat 1 holds
        GAME.apply(peer, 0, Swap(mine[0][0], mine[0][1], True))
    assert refused.value.code == "no_such_share" and encoded(peer) == before
    face_up = peer.face_up[2]
    with pytest.raises(IllegalMove):                  # nor the face-up card
        GAME.apply(peer, 0, Swap(face_up[0], face_up[1], False))
    given = [c for c, p in table.local.shares[0] if p == 30][0]
    table.move(0, Swap(given, 30, True))
    assert peer.chance == [ChanceRequest("return", pile="shares30", seat=0, count=1).to_plain(),
                           ChanceRequest("reveal", pile="shares30", count=1).to_plain()]
    assert table.peers[0].shares[0].count(face_up) == 1 and face_up not in peer.shares[0]
    with pytest.raises(IllegalMove):       # a return carries nothing
        GAME.apply_chance(peer, GAME.pending_chance(peer), (given,))
    table.resolve_chance()
    table.assert_like_views()
    card = table.local.shares[1][0]
    table.move(1, Swap(card[0], card[1], False))
    pile = f"shares{card[1]}"
    assert peer.chance == [ChanceRequest("return", pile=pile, seat=1, count=1).to_plain(),
                           ChanceRequest("deal", pile=pile, seat=1, count=1).to_plain()]
    assert len(peer.shares[1]) == 3 and card not in peer.shares[1]
    table.resolve_chance()
    table.assert_like_views()
    assert table.local.shares[1] == peer.shares[1] != table.peers[0].shares[1]


def test_learn_refuses_what_does_not_fit():
    table, peer = dealt_table(variants=["companies"])
    before = encoded(peer)
    for seat, pile, cards in [(0, TILE_PILE, (0,)), (0, "shares10", (1,)), (0, "dice", (0,)),
                              (5, TILE_PILE, (0,)), (0, TILE_PILE, ("x",))]:
        with pytest.raises(IllegalMove):
            GAME.learn(peer, seat, pile, cards)
        assert encoded(peer) == before


def test_a_move_while_the_table_deals_is_refused():
    state = GAME.new_table_game(GAME.make_config(2), 0)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, Draw())
    assert refused.value.code == "chance_pending"


def test_the_shares_are_shown_at_the_end_and_must_match():
    table = Table(GAME.make_config(3, ["companies"]), 12)
    rng = Rng(5)
    table.resolve_chance()
    while not GAME.is_over(table.local):
        seat = GAME.to_act(table.local)[0]
        table.move(seat, GAME.random_move(table.local, seat, rng))
        if GAME.is_over(table.local):
            break
        table.resolve_chance()
    show = GAME.pending_chance(table.peers[0])
    assert show == ChanceRequest("show", pile="shares10", seat=0, count=1)
    held = [c for c, p in table.local.shares[0] if p == 10][0]
    other = [c for c in range(8) if c != held]
    own, spectator = table.peers[0], table.peers[3]
    for peer, outcome in [(own, (other[0],)), (own, (held, other[0])), (spectator, (8,))]:
        before = encoded(peer)
        with pytest.raises(IllegalMove) as refused:
            GAME.apply_chance(peer, show, outcome)
        assert refused.value.code == "bad_chance" and encoded(peer) == before
    seen_by_seat_1 = [c for c, p in table.peers[1].shares[1] if p == 10][0]
    with pytest.raises(IllegalMove):               # seat 1 holds that card: seat 0 cannot
        GAME.apply_chance(table.peers[1], show, (seen_by_seat_1,))
    table.resolve_chance()
    for peer in table.peers:
        assert peer.shares == table.local.shares
        assert GAME.scores(peer) == GAME.scores(table.local)


def test_game_over_is_told_once_the_shares_are_shown():
    table = Table(GAME.make_config(2, ["companies"]), 13)
    rng = Rng(2)
    table.resolve_chance()
    events = []
    while not GAME.is_over(table.local):
        seat = GAME.to_act(table.local)[0]
        move = GAME.random_move(table.local, seat, rng)
        events = GAME.apply(table.peers[2], seat, GAME.public_move(move))
        for index, peer in enumerate(table.peers[:2]):
            GAME.apply(peer, seat, move if index == seat else GAME.public_move(move))
        GAME.apply(table.local, seat, move)
        if not GAME.is_over(table.local):
            table.resolve_chance()
    assert not any(event["kind"] == "game_over" for event in events)
    spectator = table.peers[2]
    told = []
    while (request := GAME.pending_chance(spectator)) is not None:
        outcome, _ = table.dealer.resolve(table.local, request)
        told += GAME.apply_chance(spectator, request, outcome)
    assert [e["kind"] for e in told].count("game_over") == 1 and told[-1]["kind"] == "game_over"
    assert told[-1]["scores"] == GAME.scores(table.local)["scores"]

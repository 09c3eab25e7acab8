"""The companies expansion of Metro: every rule of the rules page."""

import pytest

from game.rules.core import IllegalMove, canonical_bytes
from game.rules.metro import GAME
from game.rules.metro import companies as comp
from game.rules.metro.data import COMPANIES, COMPANY_STATIONS, SHARE_PERCENTS
from game.rules.metro.moves import Swap


def new(players=4, seed=3):
    return GAME.new_game(GAME.make_config(players, ["companies"]), seed)


def force(state, text):
    move = GAME.parse_move(text)
    state.hands[state.current][0] = move.tile
    return GAME.apply(state, state.current, move)


def all_cards(state):
    cards = [c for seat in state.shares for c in seat] + state.face_up
    return sorted(cards + [c for pile in state.piles for c in pile])


def test_cars_one_per_side_per_company():
    owners = new().car_owner
    assert None not in owners
    for company, stations in enumerate(COMPANY_STATIONS):
        assert sorted((s - 1) // 8 for s in stations) == [0, 1, 2, 3]
        for k, station in enumerate(stations):
            assert station == 8 * k + (company + 3 * k) % 8 + 1
            assert owners[station - 1] == company
    assert COMPANY_STATIONS[0] == (1, 12, 23, 26)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal(players):
    state = new(players, seed=players)
    assert all_cards(state) == sorted((c, p) for c in range(8) for p in SHARE_PERCENTS)
    for cards in state.shares:
        assert sorted(p for _, p in cards) == [10, 20, 30, 40]
    for index, pct in enumerate(SHARE_PERCENTS):
        assert state.face_up[index][1] == pct
        assert len(state.piles[index]) == 8 - players - 1
        assert all(card[1] == pct for card in state.piles[index])
    assert state.exchanges_open and state.profits == [0] * 8


def test_deal_depends_on_seed():
    assert new(seed=1).shares != new(seed=2).shares


def test_exchange_take_the_face_up_card():
    state = new()
    card = state.shares[0][1]                                  # the 20% share
    index = SHARE_PERCENTS.index(card[1])
    face_up = state.face_up[index]
    next_up = state.piles[index][0]
    events = GAME.apply(state, 0, Swap(card[0], card[1], True))
    assert face_up in state.shares[0] and card not in state.shares[0]
    assert state.face_up[index] == next_up
    assert state.piles[index][-1] == card                     # under its pile, face down
    assert events[0] == {"kind": "swapped", "seat": 0, "gave": list(card),
                         "took": list(face_up), "face_up": True}
    assert state.current == 1 and state.placed == 0


def test_exchange_take_the_top_face_down_card():
    state = new()
    card = state.shares[0][3]                                  # the 40% share
    index = SHARE_PERCENTS.index(card[1])
    face_up = state.face_up[index]
    top = state.piles[index][0]
    GAME.apply(state, 0, Swap(card[0], card[1], False))
    assert top in state.shares[0] and card not in state.shares[0]
    assert state.face_up[index] == face_up and state.piles[index][-1] == card
    assert all_cards(state) == sorted((c, p) for c in range(8) for p in SHARE_PERCENTS)


def test_exchange_only_for_own_shares():
    state = new()
    foreign = state.shares[1][0]
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Swap(foreign[0], foreign[1], True))
    assert exc.value.code == "no_such_share"
    assert exc.value.args_dict == {"pct": foreign[1], "company": COMPANIES[foreign[0]]}
    swaps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Swap)]
    assert sorted((m.company, m.pct, m.take_up) for m in swaps) == sorted(
        (c, p, up) for c, p in state.shares[0] for up in (False, True))


def test_exchange_refused_without_companies():
    state = GAME.new_game(GAME.make_config(4), 3)
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, 0, Swap(0, 10, True))
    assert exc.value.code == "no_companies"


def test_line_points_go_to_the_company_and_cutoff_at_25():
    state = new()
    # station 4 belongs to company 3 (green); a line into the centre scores 6
    assert state.car_owner[3] == 3
    state.profits[3] = 18
    force(state, "aaaa@A4")
    force(state, "aaaa@B4")
    assert state.exchanges_open
    events = force(state, "aaaa@C4")
    done = [e for e in events if e["kind"] == "line_completed"]
    assert done[0]["company"] == 3 and done[0]["owner"] is None and done[0]["points"] == 6
    assert state.profits[3] == 24 and state.scores == [0, 0, 0, 0]
    assert state.exchanges_open                               # 24 < 25
    seat = state.current
    card = state.shares[seat][0]
    GAME.check(state, seat, Swap(card[0], card[1], True))
    # a second line into the centre, from station 5 (company 4 = purple), crosses 25
    assert state.car_owner[4] == 4
    state.profits[4] = 20
    events = force(state, "aaaa@A5") + force(state, "aaaa@B5")
    assert not [e for e in events if e["kind"] == "exchanges_closed"]
    events = force(state, "aaaa@C5")
    closing = [e for e in events if e["kind"] == "exchanges_closed"]
    assert max(state.profits) >= 25 and len(closing) == 1
    seat = state.current
    card = state.shares[seat][0]
    with pytest.raises(IllegalMove) as exc:
        GAME.check(state, seat, Swap(card[0], card[1], True))
    assert exc.value.code == "exchanges_closed"
    assert not [m for m in GAME.legal_moves(state, seat) if isinstance(m, Swap)]


def test_company_worth_with_ties():
    assert comp.company_worth([10, 10, 5, 0, 0, 0, 0, 3]) == [8, 8, 7, 5, 5, 5, 5, 6]
    assert comp.company_worth([7] * 8) == [8] * 8
    assert comp.company_worth([8, 7, 6, 5, 4, 3, 2, 1]) == [8, 7, 6, 5, 4, 3, 2, 1]


def test_valuation_shares_and_majority_bonus_with_ties():
    profits = [30, 30, 12, 0, 0, 0, 0, 0]   # worth 8, 8, 7, then 6
    shares = [
        [(0, 10), (0, 20), (2, 30), (1, 40)],   # yellow 30%, orange 30%, blue 40%
        [(3, 10), (2, 20), (0, 30), (4, 40)],   # yellow 30% (tie), orange 20%
        [(5, 10), (6, 20), (7, 30), (2, 40)],   # orange 40% (majority)
    ]
    result = comp.valuation(profits, shares)
    assert result["worth"] == [8, 8, 7, 6, 6, 6, 6, 6]
    assert result["share_points"] == [8 + 16 + 21 + 32, 6 + 14 + 24 + 24, 6 + 12 + 18 + 28]
    # yellow: seats 0 and 1 tie at 30% -> both get 30 // 10; blue: seat 0; orange: seat 2
    assert result["majority"][0] == [0, 1] and result["majority"][1] == [0]
    assert result["majority"][2] == [2]
    assert result["bonus"] == [3 + 3, 3, 1]
    assert result["scores"] == [77 + 6, 68 + 3, 64 + 1]


def test_no_bonus_for_a_company_nobody_holds():
    result = comp.valuation([50, 0, 0, 0, 0, 0, 0, 0], [[(1, 10)], [(2, 10)]])
    assert result["majority"][0] == [] and result["bonus"] == [0, 0]


def test_scores_use_the_valuation():
    state = new(3)
    state.profits = [25, 10, 10, 3, 0, 0, 0, 0]
    result = GAME.scores(state)
    expected = comp.valuation(state.profits, state.shares)
    assert result["scores"] == expected["scores"]
    assert result["companies"][0] == {"name": "yellow", "profit": 25, "worth": 8,
                                      "majority": expected["majority"][0]}
    assert result["breakdown"][0] == {"shares": expected["share_points"][0],
                                      "bonus": expected["bonus"][0]}


def test_view_hides_other_shares_and_face_down_piles():
    state = new(4, seed=12)
    view = GAME.view(state, 2)
    assert view.shares[2] == state.shares[2]
    assert all(cards == [(-1, 0)] * 4 for s, cards in enumerate(view.shares) if s != 2)
    assert view.face_up == state.face_up
    assert all(pile == [(-1, 0)] * len(real) for pile, real in zip(view.piles, state.piles))
    other = GAME.clone(state)
    other.shares[0], other.piles[0] = (sorted([other.piles[0][0]] + other.shares[0][1:]),
                                       [other.shares[0][0]] + other.piles[0][1:])
    assert canonical_bytes(GAME.encode(other)) != canonical_bytes(GAME.encode(state))
    for seat in (1, 2, 3, None):
        assert (canonical_bytes(GAME.encode(GAME.view(other, seat)))
                == canonical_bytes(GAME.encode(GAME.view(state, seat))))
    assert state.current == 0 and GAME.legal_moves(view, 2) == []


def test_seat_legal_moves_on_view_include_swaps():
    state = new(4, seed=12)
    view = GAME.view(state, 0)
    moves = GAME.legal_moves(view, 0)
    assert moves == GAME.legal_moves(state, 0)
    assert sum(isinstance(m, Swap) for m in moves) == 8


def test_malformed_swap_values_are_refused_not_crashing():
    state = new()
    for move in (Swap(8, 10, True), Swap(-1, 10, True), Swap(0, 50, False)):
        with pytest.raises(IllegalMove) as exc:
            GAME.check(state, 0, move)
        assert exc.value.code == "not_a_move"

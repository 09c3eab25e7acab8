"""Metromania at a LAN table (issue 13): one partial-information state per seat plus a
spectator, fed the same moves and public chance outcomes, against a local game that deals as
an omniscient dealer.

After every step: the public encodings agree; an idle table state encodes like ``view`` of the
local game for its seat; no unplaced marker of another seat appears in a state while the
game runs (Unfair Municipality); the final scores equal the local game's. Plus refusals.
"""

from __future__ import annotations

import pytest

from game.rules.core import ChanceRequest, IllegalMove, Rng, canonical_bytes
from game.rules.metromania import GAME
from game.rules.metromania.markers import ALL_MARKERS, UNFAIR, markers_of_type
from game.rules.metromania.moves import Dig
from game.rules.metromania.table import LETTERS_DIFFER, PILE_OF_TYPE, TYPE_OF_PILE
from game.rules.metromania.board_data import TYPES
from game.rules.metromania.state import OVER
from tests.table_dealers import MarkerDealer


def enc(state) -> bytes:
    return canonical_bytes(GAME.encode(state))


def assert_agree(local, tables, spectator, secret: bool) -> None:
    states = tables + [spectator]
    public = {canonical_bytes(GAME.public_encode(state)) for state in states}
    assert len(public) == 1
    if secret and tables[0].phase != OVER:   # the end shows every marker
        for seat, state in enumerate(states):
            plain = GAME.encode(state)
            if seat < len(tables):
                plain["hands"][seat] = []      # its own markers: it may see them
            plain["placed"] = []               # placed markers are public
            data = canonical_bytes(plain)
            for key in ALL_MARKERS:            # no other marker anywhere in the state
                assert b"s2:" + key.encode() not in data, (seat, key)
    if GAME.pending_chance(tables[0]) is None:
        for seat, state in enumerate(tables):
            assert enc(state) == enc(GAME.view(local, seat))
        assert enc(spectator) == enc(GAME.view(local, None))


def settle(dealer, local, tables, spectator, secret, compare=True) -> int:
    steps = 0
    while (request := GAME.pending_chance(tables[0])) is not None:
        assert all(GAME.pending_chance(state) == request for state in tables + [spectator])
        assert all(GAME.to_act(state) == () for state in tables + [spectator])
        outcome, cards = dealer.outcome(request, tables)
        for state in tables + [spectator]:
            GAME.apply_chance(state, request, outcome)
        if cards is not None:
            GAME.learn(tables[request.seat], request.seat, request.pile, cards)
        if compare:
            assert_agree(local, tables, spectator, secret)
        steps += 1
    return steps


def simulate(players: int, variants: tuple, seed: int, void_first: bool = False,
             lie: bool = False) -> dict:
    """A whole game at a simulated table; ``lie``: the owners' answers about blocked lines are
    false (the table then leaves the local game: nothing is compared, for the audit)."""
    config = GAME.make_config(players, variants)
    local = GAME.new_game(config, seed)
    tables = [GAME.new_table_game(config, seed) for _ in range(players)]
    spectator = GAME.new_table_game(config, seed)
    secret = UNFAIR in variants
    rng = Rng(seed * 7 + 3)
    dealer = MarkerDealer(local, rng, void_first, lie)
    kinds: dict = {}
    log = []
    while True:
        before = GAME.pending_chance(tables[0])
        if before is not None:
            kinds.setdefault(before.kind + ":" + before.pile, 0)
        steps = settle(dealer, local, tables, spectator, secret, compare=not lie)
        if before is not None:
            kinds[before.kind + ":" + before.pile] += steps
        if GAME.is_over(tables[0]) or GAME.is_over(local) and not lie:
            break
        seat = GAME.to_act(tables[0])[0]
        assert all(GAME.to_act(state) == (seat,) for state in tables + [spectator])
        move = GAME.random_move(tables[seat], seat, rng)   # the seat's own peer chooses
        for state in tables + [spectator]:
            GAME.check(state, seat, move)
            GAME.play(state, seat, move)
        if not GAME.is_over(local):
            GAME.play(local, seat, move)
        log.append((seat, str(move)))
        if not lie:
            assert_agree(local, tables, spectator, secret)
    assert all(GAME.is_over(state) for state in tables + [spectator])
    if not lie:
        for state in tables + [spectator]:
            assert GAME.scores(state) == GAME.scores(local)
    return {"moves": len(log), "rounds": dealer.rounds, "kinds": kinds, "local": local,
            "tables": tables, "spectator": spectator, "log": log}


@pytest.mark.parametrize("players,variants,seeds", [
    (2, (), range(2)),
    (3, (), range(2)),
    (4, (), range(2)),
    (3, ("no-corruption",), range(1)),
    (4, ("no-corruption",), range(1)),
    (3, ("unfair",), range(4)),
    (4, ("unfair",), range(4)),
])
def test_table_states_follow_the_local_game(players, variants, seeds):
    for seed in seeds:
        result = simulate(players, variants, 100 + seed, void_first=seed % 2 == 1)
        assert result["moves"] > 10
        if "unfair" in variants:
            assert result["rounds"] == 1 + seed % 2


def test_public_deals_need_no_chance():
    for players, variants in ((2, ()), (3, ()), (4, ()), (4, ("no-corruption",))):
        config = GAME.make_config(players, variants)
        assert GAME.piles(config) == {}
        state = GAME.new_table_game(config, 5)
        assert GAME.pending_chance(state) is None
        assert enc(state) == enc(GAME.view(GAME.new_game(config, 5), 0))


def test_unfair_setup_steps():
    config = GAME.make_config(3, ("unfair",))
    assert GAME.piles(config) == {"residential": ("AR", "CR", "DR", "FR"),
                                  "commercial": ("AC", "BC", "DC", "EC"),
                                  "entertainment": ("BE", "CE", "EE", "FE")}
    state = GAME.new_table_game(config, 9)
    assert GAME.to_act(state) == () and not GAME.is_over(state)
    kinds = [(step["kind"], step["pile"], step["seat"]) for step in state.chance]
    assert kinds[:3] == [("shuffle", pile, None) for pile in
                         ("residential", "commercial", "entertainment")]
    assert kinds[3:15] == [step for seat in range(3) for step in
                           [("deal", PILE_OF_TYPE[kind], seat) for kind in TYPES]
                           + [("attest", LETTERS_DIFFER, seat)]]
    assert state.chance[15]["kind"] == "roll" and state.chance[15]["sides"] == [3, 2]
    assert enc(state) != enc(GAME.new_table_game(GAME.make_config(3, ()), 9))


def test_blocked_lines_are_attested_when_they_decide_the_end():
    """Some seeds reach an end of turn where a line's blocked status hangs on its owner's
    face-down letters and decides whether building ends: the owner's answer comes in."""
    result = simulate(4, ("unfair",), 334)   # found by searching seeds 300-339
    assert result["kinds"].get("attest:blocked-T") == 1


def test_the_audit_replays_a_table_game_with_the_shown_hands():
    for players, seed in ((3, 5), (4, 6), (3, 7)):
        result = simulate(players, ("unfair",), seed)
        for state in result["tables"] + [result["spectator"]]:
            assert GAME.audit_table(state, seed, result["log"]) == ""
        state = result["spectator"]
        assert GAME.audit_table(state, seed + 1, result["log"]) != ""   # another city
        forged = list(result["log"])
        forged[0] = (forged[0][0], "pass")
        assert "move 1" in GAME.audit_table(state, seed, forged)


def test_the_audit_finds_a_false_answer_about_a_blocked_line():
    result = simulate(4, ("unfair",), 334, lie=True)
    assert result["kinds"].get("attest:blocked-T") == 1
    assert "blocked line" in GAME.audit_table(result["spectator"], 334, result["log"])


def unfair_table(players=4, seed=7):
    config = GAME.make_config(players, ("unfair",))
    local = GAME.new_game(config, seed)
    tables = [GAME.new_table_game(config, seed) for _ in range(players)]
    spectator = GAME.new_table_game(config, seed)
    dealer = MarkerDealer(local, Rng(1), False)
    settle(dealer, local, tables, spectator, True)
    return local, tables, spectator


def test_refuses_outcomes_that_do_not_fit():
    config = GAME.make_config(4, ("unfair",))
    state = GAME.new_table_game(config, 3)
    before = enc(state)
    shuffle = GAME.pending_chance(state)
    wrong = ChanceRequest("shuffle", pile="commercial", cards=(0, 1, 2, 3))
    for request, outcome in ((wrong, ()), (shuffle, (1,)), (shuffle, "x")):
        with pytest.raises(IllegalMove) as err:
            GAME.apply_chance(state, request, outcome)
        assert err.value.code == "bad_chance"
        assert enc(state) == before
    for _ in range(3 + 3):
        GAME.apply_chance(state, GAME.pending_chance(state), ())
    attest = GAME.pending_chance(state)
    assert attest.kind == "attest"
    for outcome in ((2,), (), (1, 1), ("1",)):
        with pytest.raises(IllegalMove):
            GAME.apply_chance(state, attest, outcome)
    with pytest.raises(IllegalMove):    # this spectator cannot answer for seat 0
        GAME.attest(state, attest)
    with pytest.raises(IllegalMove):    # a learn of cards that were not dealt to that seat
        GAME.learn(state, 0, "residential", (0, 1))
    with pytest.raises(IllegalMove):
        GAME.learn(state, 0, "lake", (0,))
    with pytest.raises(IllegalMove):
        GAME.learn(state, 0, "residential", (9,))
    with pytest.raises(IllegalMove):    # seat 1 was dealt nothing yet
        GAME.learn(state, 1, "residential", (1,))
    GAME.learn(state, 0, "residential", (0,))
    GAME.apply_chance(state, attest, (1,))
    for _ in range(3):
        GAME.apply_chance(state, GAME.pending_chance(state), ())
    with pytest.raises(IllegalMove):    # AR is in sight now: nobody else may be dealt it
        GAME.learn(state, 1, "residential", (0,))
    GAME.learn(state, 1, "residential", (1,))
    GAME.apply_chance(state, GAME.pending_chance(state), (0,))   # the second seat's letters repeat
    assert GAME.pending_chance(state).kind == "shuffle"
    assert len(state.chance) == 3 + 4 * 4
    # each pile's shuffle takes its markers back from every hand (until then a hand holds
    # exactly what the pile's current shuffle dealt it, which its driver can still read)
    assert state.hands == [["?C", "?E", "AR"], ["?C", "?E", "CR"], [], []]
    GAME.apply_chance(state, GAME.pending_chance(state), ())        # residential
    assert state.hands == [["?C", "?E"], ["?C", "?E"], [], []]
    GAME.apply_chance(state, GAME.pending_chance(state), ())        # commercial
    GAME.apply_chance(state, GAME.pending_chance(state), ())        # entertainment
    assert state.hands == [[], [], [], []] and GAME.pending_chance(state).kind == "deal"


def test_refuses_a_roll_and_a_show_that_do_not_fit():
    config = GAME.make_config(3, ("unfair",))
    state = GAME.new_table_game(config, 3)
    while GAME.pending_chance(state).kind != "roll":
        request = GAME.pending_chance(state)
        GAME.apply_chance(state, request, (1,) if request.kind == "attest" else ())
    roll = GAME.pending_chance(state)
    for outcome in ((3, 0), (0, 2), (0,), (-1, 0)):
        with pytest.raises(IllegalMove):
            GAME.apply_chance(state, roll, outcome)
    GAME.apply_chance(state, roll, (0, 0))   # swaps [R, C, E] at 2<->0, then 1<->0
    assert [step["pile"] for step in state.chance] == ["commercial", "entertainment",
                                                       "residential"]


def test_refuses_a_show_that_does_not_fit():
    local, tables, spectator = unfair_table(4, 11)
    rng = Rng(4)
    dealer = MarkerDealer(local, rng, False)
    while GAME.pending_chance(tables[0]) is None or GAME.pending_chance(tables[0]).kind != "show":
        if GAME.pending_chance(tables[0]) is not None:
            request = GAME.pending_chance(tables[0])
            outcome, _ = dealer.outcome(request, tables)
            for state in tables + [spectator]:
                GAME.apply_chance(state, request, outcome)
            continue
        seat = GAME.to_act(local)[0]
        move = GAME.random_move(local, seat, rng)
        for state in tables + [spectator]:
            GAME.play(state, seat, move)
        GAME.play(local, seat, move)
    show = GAME.pending_chance(tables[0])
    right, _ = dealer.outcome(show, tables)
    pile = markers_of_type(TYPE_OF_PILE[show.pile])
    placed = [pile.index(key) for key, _ in local.placed.values() if key in pile]
    others = [pile.index(key) for seat, hand in enumerate(local.hands) if seat != show.seat
              for key in hand if key in pile]
    wrong = [right[:-1], right + (9,), (right[0],) * len(right) if len(right) > 1 else (9,)]
    wrong += [tuple(placed[:1]) + right[1:]] if placed else []
    for outcome in wrong:
        for state in tables + [spectator]:
            with pytest.raises(IllegalMove):
                GAME.apply_chance(state, show, outcome)
    if others:   # another seat's marker: refused by the peer that sees it, and by the owner
        forged = (others[0],) + right[1:]
        owner_of_other = next(seat for seat, hand in enumerate(local.hands)
                              if pile[others[0]] in hand)
        for state in (tables[show.seat], tables[owner_of_other]):
            with pytest.raises(IllegalMove):
                GAME.apply_chance(state, show, forged)
    assert not GAME.is_over(tables[0]) and GAME.scores(tables[0])["trips"] == []


def test_a_marker_already_in_sight_cannot_be_named():
    """Seat 0's peer sees its own markers: another seat naming one of them is refused there
    (the spectator, who cannot see it, accepts it: the audit settles that)."""
    for seed in range(30):
        local, tables, spectator = unfair_table(4, 50 + seed)
        rng = Rng(seed)
        while not GAME.is_over(local):
            seat = GAME.to_act(local)[0]
            move = GAME.random_move(local, seat, rng)
            marked = [t for t in getattr(move, "tunnels", ()) if t.marker]
            if seat != 0 and marked:
                kind = local.city.kind[marked[0].space]
                mine = [key for key in tables[0].hands[0] if key[1] == kind]
                if mine:
                    forged = Dig(tuple(t if not t.marker else type(t)(
                        t.line, t.space, t.edge, mine[0][0]) for t in move.tunnels))
                    before = enc(tables[0])
                    with pytest.raises(IllegalMove) as err:
                        GAME.check(tables[0], seat, forged)
                    assert err.value.code in ("marker_missing", "same_letter_touch")
                    assert enc(tables[0]) == before
                    if err.value.code == "marker_missing":
                        return
            for state in tables + [spectator]:
                GAME.play(state, seat, move)
            GAME.play(local, seat, move)
            dealer = MarkerDealer(local, rng, False)
            settle(dealer, local, tables, spectator, True)
    pytest.fail("no game had another seat place a marker of a type seat 0 holds")


def test_a_move_waits_for_the_deal():
    state = GAME.new_table_game(GAME.make_config(4, ("unfair",)), 1)
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove) as err:
        GAME.check(state, 0, GAME.parse_move("pass"))
    assert err.value.code == "chance_pending"

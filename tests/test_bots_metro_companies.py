"""Metro bots with the companies expansion: share exchanges stay rare and never ping-pong.

An audit found normal bots exchanging shares back and forth for thousands of moves (an
exchange cost nothing in their evaluation). These tests play whole bot games of every level
mix and check that games end with few exchanges, that no card given away is taken again
before the next tile placement, that a clear upgrade is still taken, that the hard bot's
playouts never exchange, and that normal still beats easy.
"""

from __future__ import annotations

import pytest

from game.bots import metro as metro_bots
from game.bots.base import make_bot
from game.rules import get_game
from game.rules.core import Rng
from game.rules.metro.data import SHARE_PERCENTS
from game.rules.metro.moves import Draw, Place, Swap

GAME = get_game("metro")
PLACEMENTS = 60


def small_hard(bot):
    """Shrink a hard bot's playout budget so that whole test games stay fast."""
    if bot.level == "hard":
        bot.step_budget, bot.min_playouts, bot.max_playouts = 300, 4, 8
    return bot


def play_game(players, levels, seed, variants=("companies",)):
    """Play one bot game; returns (final state, [(seat, move, events)])."""
    state = GAME.new_game(GAME.make_config(players, list(variants)), seed)
    bots = [small_hard(make_bot(GAME, seat, levels[seat % len(levels)], seed * 7919 + seat))
            for seat in range(players)]
    record = []
    while not state.over:
        assert len(record) < 400, "the game does not end"
        seat = state.current
        move = bots[seat].choose(GAME.view(state, seat))
        GAME.check(state, seat, move)
        record.append((seat, move, GAME.play(state, seat, move)))
    return state, record


def counts(record):
    swaps = sum(1 for _, move, _ in record if isinstance(move, Swap))
    draws = sum(1 for _, move, _ in record if isinstance(move, Draw))
    places = sum(1 for _, move, _ in record if isinstance(move, Place))
    return swaps, draws, places


GAMES = ([(4, ("normal",), seed) for seed in range(1, 9)]
         + [(3, ("normal",), seed) for seed in range(1, 7)]
         + [(2, ("normal",), seed) for seed in range(1, 5)]
         + [(4, ("easy",), seed) for seed in range(1, 4)]
         + [(4, ("normal", "easy"), seed) for seed in range(1, 4)]
         + [(3, ("easy", "normal", "hard"), seed) for seed in range(1, 3)]
         + [(4, ("hard", "normal", "hard", "easy"), 3)]
         + [(3, ("hard",), 7)])


@pytest.mark.parametrize("players,levels,seed", GAMES)
def test_bot_games_end_with_few_exchanges_and_no_ping_pong(players, levels, seed):
    state, record = play_game(players, levels, seed)
    swaps, draws, places = counts(record)
    assert places == PLACEMENTS
    cap = metro_bots.EXTRA_MOVES_PER_SEAT * players
    assert swaps <= min(20, cap)
    assert len(record) <= PLACEMENTS + 20 + draws
    # no seat takes back a card it gave away before the next tile placement (guaranteed);
    # in these games nobody else takes it either (it lies under its pile meanwhile)
    given_since_placement = {}
    for seat, move, events in record:
        if isinstance(move, Place):
            given_since_placement.clear()
        for event in events:
            if event["kind"] == "swapped":
                took = tuple(event["took"])
                assert took not in given_since_placement, \
                    f"seat {seat} took {took}, given by seat {given_since_placement.get(took)}"
                given_since_placement[tuple(event["gave"])] = seat


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_exchange_while_every_company_is_level(level):
    """At the start all companies project the same profit: an exchange gains nothing."""
    for seed in (1, 2, 3):
        state = GAME.new_game(GAME.make_config(4, ["companies"]), seed)
        for seat in range(4):
            state.current = seat
            bot = small_hard(make_bot(GAME, seat, level, seed))
            assert not isinstance(bot.choose(GAME.view(state, seat)), Swap)


def _move_card_face_up(state, card):
    """Hand-built position: put ``card`` face up beside its pile, wherever it was."""
    p = SHARE_PERCENTS.index(card[1])
    if state.face_up[p] == card:
        return
    for cards in [state.piles[p]] + state.shares:
        if card in cards:
            cards[cards.index(card)] = state.face_up[p]
            state.face_up[p] = card
            break
    else:
        raise AssertionError(card)
    for cards in state.shares:
        cards.sort()


def test_a_clear_upgrade_is_taken_and_the_card_given_is_not_taken_back():
    state = GAME.new_game(GAME.make_config(4, ["companies"]), 5)
    leader = state.face_up[3][0]                 # the 40% card on show
    for i, owner in enumerate(state.car_owner):  # its four lines have run far already
        if owner == leader:
            state.line_tiles[i] = 6
    mine = next(card for card in state.shares[0] if card[1] == 40)
    bot = make_bot(GAME, 0, "normal", 1)
    move = bot.choose(GAME.view(state, 0))
    assert move == Swap(mine[0], 40, True)
    GAME.apply(state, 0, move)
    assert (leader, 40) in state.shares[0]
    _move_card_face_up(state, mine)              # the card given comes round again
    for seat in (0, 1):
        state.current = seat
        chosen = make_bot(GAME, seat, "normal", 2).choose(GAME.view(state, seat))
        assert not (isinstance(chosen, Swap) and chosen.pct == 40), (seat, str(chosen))


def test_exchanges_stop_at_the_cap_read_from_the_view():
    state = GAME.new_game(GAME.make_config(2, ["companies"]), 5)
    assert metro_bots.exchanges_allowed(state)
    state.turn = state.placed + metro_bots.EXTRA_MOVES_PER_SEAT * 2
    assert not metro_bots.exchanges_allowed(state)
    assert not any(isinstance(move, Swap) for _, move in metro_bots.scored_moves(state, 0))


def test_playout_policy_never_exchanges_and_is_random_move_without_companies():
    state, record = play_game(3, ("random",), 4)
    replay = GAME.new_game(GAME.make_config(3, ["companies"]), 4)
    rng = Rng(8)
    for _, move, _ in record[:40]:
        if replay.over:
            break
        assert not isinstance(metro_bots.playout_move(replay, replay.current, rng), Swap)
        GAME.play(replay, replay.current, move)
    plain = GAME.new_game(GAME.make_config(2, []), 9)
    a, b = Rng(3), Rng(3)
    while not plain.over:
        move = metro_bots.playout_move(plain, plain.current, a)
        assert move == GAME.random_move(plain, plain.current, b)
        GAME.play(plain, plain.current, move)


def test_normal_beats_easy_in_two_player_companies_games():
    wins = 0.0
    games = 40
    for index in range(games):
        levels = ("normal", "easy") if index % 2 == 0 else ("easy", "normal")
        state, _ = play_game(2, levels, 100 + index)
        scores = GAME.scores(state)["scores"]
        normal = levels.index("normal")
        if scores[normal] > scores[1 - normal]:
            wins += 1
        elif scores[normal] == scores[1 - normal]:
            wins += 0.5
    assert wins >= 0.62 * games, wins


def test_bot_games_with_exchanges_replay_exactly():
    first = [(seat, str(move)) for seat, move, _ in play_game(3, ("easy", "normal", "hard"), 2)[1]]
    again = [(seat, str(move)) for seat, move, _ in play_game(3, ("easy", "normal", "hard"), 2)[1]]
    assert first == again
    assert any(move.startswith("swap:") for _, move in first)

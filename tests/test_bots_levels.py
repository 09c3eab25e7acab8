"""Bots of every level in every game: registered, legal on random positions, deterministic,
blind to hidden information, and not changing the view they are shown."""

from __future__ import annotations

import pytest

from game.bots.base import levels, make_bot
from game.rules import available_games, get_game
from game.rules.core import Rng, canonical_bytes, state_hash

LEVELS = ("easy", "normal", "hard")

# (game, players, variants) covering expansions, companies and hidden markers
TABLES = [
    ("metro", 2, []), ("metro", 3, ["companies"]), ("metro", 2, ["orientation", "hand2"]),
    ("railroad-ink", 1, []), ("railroad-ink", 2, ["river"]), ("railroad-ink", 1, ["lake"]),
    ("railroad-ink", 1, ["meteor"]), ("railroad-ink", 1, ["volcano"]),
    ("metromania", 2, []), ("metromania", 3, ["unfair"]),
]


def positions(name, players, variants, seed, count, stride):
    """Random-play positions (state, seat to act) of one game, every ``stride`` moves."""
    game = get_game(name)
    state = game.new_game(game.make_config(players, variants), seed)
    rng = Rng(seed)
    found, step = [], 0
    while not game.is_over(state) and len(found) < count:
        acting = game.to_act(state)
        seat = acting[rng.below(len(acting))]
        if step % stride == 0:
            found.append((game.clone(state), seat))
        game.play(state, seat, game.random_move(state, seat, rng))
        step += 1
    return game, found


def encoded_view(game, state, seat):
    return canonical_bytes(game.encode(game.view(state, seat)))


@pytest.mark.parametrize("name", ["metro", "railroad-ink", "metromania"])
def test_every_game_has_the_three_levels(name):
    game = get_game(name)
    assert set(LEVELS) <= set(levels(name))
    for level in LEVELS:
        bot = make_bot(game, 0, level, 1)
        assert bot.level == level and bot.game is game
    with pytest.raises(KeyError):
        make_bot(game, 0, "grandmaster", 1)


@pytest.mark.parametrize("name", available_games())
def test_the_weakest_levels_of_every_registered_game_play_legal_moves(name):
    """Every registered game, the test-only Pebbles too: the levels its rules' bots module
    registers are offered, and the random player and its weakest level choose a legal move
    on its first positions, the same one again for the same seed."""
    game = get_game(name)
    known = levels(name)
    assert known[0] == "random" and len(known) >= 2, known
    game, found = positions(name, game.min_players, [], seed=3, count=2, stride=1)
    for state, seat in found:
        for level in known[:2]:
            view = game.view(state, seat)
            move = make_bot(game, seat, level, 5).choose(view)
            game.check(state, seat, move)
            assert make_bot(game, seat, level, 5).choose(game.view(state, seat)) == move


@pytest.mark.parametrize("name,players,variants", TABLES)
def test_each_level_returns_legal_moves_and_leaves_the_view_alone(name, players, variants):
    count = 3 if name == "metromania" else 4
    game, found = positions(name, players, variants, seed=11, count=count, stride=9)
    assert found
    for index, (state, seat) in enumerate(found):
        for level in LEVELS:
            if level == "hard" and index % 2:
                continue   # hard is slow: every other position
            view = game.view(state, seat)
            before = canonical_bytes(game.encode(view))
            move = make_bot(game, seat, level, 5).choose(view)
            game.check(state, seat, move)          # legal in the real state
            assert canonical_bytes(game.encode(view)) == before, "the bot changed its view"


@pytest.mark.parametrize("name,players,variants", [
    ("metro", 2, []), ("metro", 2, ["companies"]), ("railroad-ink", 1, ["meteor"]),
    ("metromania", 2, [])])
def test_same_seed_and_views_give_the_same_moves(name, players, variants):
    game = get_game(name)
    config = game.make_config(players, variants)

    def play(bot_seed):
        state = game.new_game(config, 3)
        bots = [make_bot(game, seat, "normal" if seat else "hard", bot_seed + seat)
                for seat in range(players)]
        moves, turn = [], 0
        while not game.is_over(state) and len(moves) < 10:
            acting = game.to_act(state)
            seat = acting[turn % len(acting)]
            move = bots[seat].choose(game.view(state, seat))
            moves.append(str(move))
            game.apply(state, seat, move)
            turn += 1
        return moves, state_hash(game, state)

    assert play(100) == play(100)


def _metro_twin(state, seat):
    """The same public position with the stack and the other hands dealt differently."""
    from game.bots.metro import determinize
    return determinize(get_game("metro").view(state, seat), seat, Rng(99))


def _metromania_twin(state, seat):
    from game.bots.metromania import determinize
    game = get_game("metromania")
    twin = determinize(game.view(state, seat), seat, Rng(4242))
    twin.rng = state.rng.copy()
    return twin


def _railroad_twin(state, seat):
    twin = get_game("railroad-ink").clone(state)
    twin.rng = Rng(987654321)   # other future dice
    return twin


@pytest.mark.parametrize("name,players,variants,twin", [
    ("metro", 2, [], _metro_twin), ("metro", 3, ["companies"], _metro_twin),
    ("railroad-ink", 1, ["river"], _railroad_twin),
    ("metromania", 4, ["unfair"], _metromania_twin)])
def test_choice_does_not_depend_on_hidden_information(name, players, variants, twin):
    game, found = positions(name, players, variants, seed=21, count=2, stride=5)
    for state, seat in found:
        other = twin(state, seat)
        # the hidden parts really differ, the view does not
        assert state_hash(game, other) != state_hash(game, state)
        assert encoded_view(game, other, seat) == encoded_view(game, state, seat)
        for level in LEVELS:
            a = make_bot(game, seat, level, 8).choose(game.view(state, seat))
            b = make_bot(game, seat, level, 8).choose(game.view(other, seat))
            assert a == b, f"{level} changed its move when only hidden information changed"


@pytest.mark.parametrize("name,players,variants", [
    ("metro", 2, []), ("railroad-ink", 1, []), ("metromania", 2, [])])
def test_a_move_depends_on_seed_and_view_only_not_on_earlier_calls(name, players, variants):
    """A bot taking over a seat mid-game (or after a cancelled search) picks what a bot that
    saw the whole game would pick."""
    game, found = positions(name, players, variants, seed=31, count=3, stride=4)
    for level in ("easy", "normal"):
        veteran = make_bot(game, found[-1][1], level, 12)
        for state, seat in found[:-1]:
            if seat == veteran.seat:
                veteran.choose(game.view(state, seat))
        state, seat = found[-1]
        newcomer = make_bot(game, seat, level, 12)
        view = game.view(state, seat)
        assert veteran.choose(view) == newcomer.choose(view)

"""The expert level of Metro and Metromania: registered after hard, legal, a pure function of
(seed, view), blind to hidden information; and the Metromania tunnel check answers the same
refusals after building its messages only when refusing."""

from __future__ import annotations

import pytest

from game.bots.base import levels, make_bot
from game.rules import get_game
from game.rules.core import Rng, canonical_bytes

from tests.test_bots_levels import _metro_twin, _metromania_twin, positions


@pytest.mark.parametrize("name", ["metro", "metromania"])
def test_expert_is_the_strongest_level_listed(name):
    assert levels(name)[-4:] == ["easy", "normal", "hard", "expert"]
    assert levels(name)[0] == "random"
    assert make_bot(get_game(name), 0, "expert", 1).level == "expert"


@pytest.mark.parametrize("name,players,variants,twin", [
    ("metro", 2, [], _metro_twin), ("metro", 3, ["companies"], _metro_twin),
    ("metromania", 3, ["unfair"], _metromania_twin)])
def test_expert_is_legal_repeatable_and_blind_to_hidden_information(name, players, variants,
                                                                   twin):
    game, found = positions(name, players, variants, seed=41, count=2, stride=7)
    state, seat = found[-1]
    view = game.view(state, seat)
    before = canonical_bytes(game.encode(view))
    move = make_bot(game, seat, "expert", 3).choose(view)
    game.check(state, seat, move)
    assert canonical_bytes(game.encode(view)) == before, "the bot changed its view"
    # the twin's view is this very view (only what the seat cannot see differs): a fresh bot
    # of the same seed choosing there must repeat the move, whether it broke because it is
    # not a function of (seed, view) or because it peeks at hidden information
    other = twin(state, seat)
    assert canonical_bytes(game.encode(game.view(other, seat))) == before
    assert make_bot(game, seat, "expert", 3).choose(game.view(other, seat)) == move


def test_metromania_refusals_are_unchanged_by_the_fast_check():
    """Every candidate tunnel of random positions: legal ones pass, refused ones still carry
    their code and a formatted message naming the space or line."""
    from game.rules.core import IllegalMove
    from game.rules.metromania.lattice import SPACE_NAMES
    from game.rules.metromania.moves import Dig, Tunnel
    from game.rules.metromania.state import BUILD
    game, found = positions("metromania", 2, [], seed=5, count=4, stride=6)
    refused = 0
    codes: set = set()
    for state, seat in found:
        if state.phase != BUILD:
            continue
        for k in (0, 1):
            for space in range(0, len(SPACE_NAMES), 3):
                for edge in range(3):
                    move = Dig((Tunnel(k, space, edge, ""),))
                    try:
                        game.check(state, seat, move)
                    except IllegalMove as exc:
                        refused += 1
                        codes.add(exc.code)
                        assert exc.code and "{" not in exc.message
                        if exc.code in ("occupied", "lake_park", "boundary", "white_arrow"):
                            assert SPACE_NAMES[space] in exc.message
    assert refused > 50 and {"occupied", "not_at_end"} <= codes


def test_bench_section_reports_playout_rates_and_decision_percentiles():
    from game.benchmarks import bots_decisions, sections
    assert sections()["bots.decisions"] is bots_decisions
    assert bots_decisions.random_playouts_per_s("metro", 2, 0.05) > 0
    assert bots_decisions.metro_search_playouts_per_s(0.05) > 0
    assert bots_decisions.metromania_search_turns_per_s(0.05) > 0
    stats = bots_decisions._stats([0.001, 0.002, 0.010])
    assert stats["p50"] == 2.0 and stats["p95"] == 10.0 and stats["n"] == 3


def test_bench_reports_railroad_ink_planner_and_network_rates():
    from game.benchmarks import bots_decisions
    assert bots_decisions.ink_plan_rounds_per_s(0.05) > 0
    rates = bots_decisions.ink_networks_per_s(0.1)
    assert rates["incremental"] > 0 and rates["scratch"] > 0


def test_metromania_expert_takes_the_move_whose_worst_reply_is_best():
    """Two players: every candidate is answered by the rival's best replies (as the careful
    judge ranks them) and is worth the worst; the expert plays the best such move, the
    better ranked on a tie. Its search cuts a candidate as soon as one reply shows it
    cannot win, so it plays far fewer lines than every candidate against every reply, and
    still chooses the same move. (The old expert played each candidate on with the normal
    policy only, so it never saw the rival's strongest answer: 61 % of 200 games against
    hard.)"""
    from game.bots.metromania import MetromaniaExpert, ranked_moves
    game, found = positions("metromania", 2, [], seed=7, count=3, stride=4)
    for state, seat in found[1:2]:          # a middle-game position (the others: the bench)
        view = game.view(state, seat)
        bot = MetromaniaExpert(game, seat, 5)
        bot.duel_turns = 10 ** 9          # no budget: the search is exact
        top = [move for _, move in ranked_moves(view, seat, width=bot.duel_root_width,
                                                 careful=True)[:bot.duel_candidates]]
        assert len(top) > 1
        worth = []
        for move in top:
            world = game.clone(view)
            game.play(world, seat, move)
            rival = world.turn
            assert rival != seat
            lines = []
            for _, reply in ranked_moves(world, rival, width=bot.reply_width,
                                         careful=True)[:bot.duel_replies]:
                line = game.clone(world)
                game.play(line, rival, reply)
                lines.append(bot.play_out(line))
            assert len(lines) > 1
            worth.append(min(lines))
        played = []
        original = bot.play_out
        bot.play_out = lambda world: played.append(1) or original(world)
        chosen = bot.choose(view)
        assert chosen == top[worth.index(max(worth))]
        assert len(top) <= len(played) < len(top) * bot.duel_replies
        # out of budget at once: every candidate meets the first reply, and only the most
        # promising of them is played against the rest


def test_metromania_expert_keeps_to_its_budget_of_turns():
    """Out of budget, the two-player expert still tries every candidate against the rival's
    first reply and settles the most promising one, then stops: a count of turns played,
    so the same view gets the same move on any machine."""
    from game.bots.metromania import MetromaniaExpert
    game, found = positions("metromania", 2, [], seed=7, count=6, stride=3)
    state, seat = found[5]
    view = game.view(state, seat)
    class Enough(Exception):
        """The unbounded search went past what a budget of 0 allows: no need to finish it."""

    counts, moves = [], []
    for budget in (10 ** 9, 0, 0):
        bot = MetromaniaExpert(game, seat, 5)
        bot.duel_turns = budget
        most = bot.duel_candidates + bot.duel_replies - 1      # the bounded search's most
        played = []
        original = bot.play_out

        def counted(world, played=played, unbounded=budget > 0, most=most, original=original):
            played.append(1)
            if unbounded and len(played) > most:
                raise Enough
            return original(world)
        bot.play_out = counted
        try:
            moves.append(bot.choose(view))
        except Enough:
            moves.append(None)
        counts.append(len(played))
    unbounded, bounded, again = counts
    assert bounded == again and moves[1] == moves[2]
    assert bot.duel_candidates <= bounded <= most
    assert unbounded > most    # so the budget cut


def test_metro_expert_weighs_a_four_player_result_against_the_whole_field():
    """With two players the expert values a playout as hard does (win bonus, margin over the
    rival); with more, by its margin over the rivals' mean: a result where every rival is
    low beats one where only the leader is held down, whoever leads."""
    from game.bots.metro import MetroExpert, MetroHard
    from game.bots.search import margin_utility
    game = get_game("metro")
    expert, hard = MetroExpert(game, 0, 1), MetroHard(game, 0, 1)
    for scores in ([40, 35], [35, 40], [38, 38]):
        assert expert.utility(scores, 0) == hard.utility(scores, 0) == \
            margin_utility(scores, 0)
    spread = [50, 52, 20, 21]     # second, two rivals far behind
    bunched = [50, 49, 48, 48]    # first by one point, everyone close
    assert hard.utility(bunched, 0) > hard.utility(spread, 0)
    assert expert.utility(spread, 0) > expert.utility(bunched, 0)
    assert expert.utility(spread, 0) == 100 - 2 * (52 + 20 + 21) // 3   # half points

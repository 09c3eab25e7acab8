"""A bot's one-off loading (``Bot.warm_process``, the Railroad Ink expert's compiled core) is
done by its helper process when the table opens (``prepare_helpers``), before the first
question, so no decision pays for it; only for bots that have something to warm."""

from __future__ import annotations

import pytest

from game.bots.base import make_bot
from game.client import bot_worker
from game.client.bot_worker import BotWorker, needs_warming, prepare_helpers
from game.rules import get_game
from tests.patience import wait_for, worker_answer
from tests.warm_probe import ColdProbe, WarmProbe


@pytest.fixture(autouse=True)
def fresh_pool(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_WARM_PROBE", str(tmp_path / "warm.txt"))
    bot_worker.shutdown_helpers()
    yield tmp_path / "warm.txt"
    bot_worker.shutdown_helpers()


def _ask(bot, key):
    game = get_game("metro")
    worker = BotWorker()
    worker.request(key, bot, game.view(game.new_game(game.make_config(2, []), 1), 0))
    return worker_answer(worker, key)


def test_the_helper_warms_when_the_table_opens_before_any_question(fresh_pool):
    bot = WarmProbe(get_game("metro"), 0, 1)
    prepare_helpers([bot, WarmProbe(get_game("metro"), 1, 2)], 1)
    assert bot_worker.helper_count() == 1
    # nothing was asked yet, and the warm-up has run (once for the class, not per bot)
    wait_for(lambda: fresh_pool.exists(), "warm-up before the first question")
    kind, lines = _ask(bot, "first")
    assert kind == "move" and len(lines) == 1 and lines[0].startswith("warm ")
    assert fresh_pool.read_text().splitlines() == lines      # not warmed again


def test_without_a_warm_up_frame_the_first_question_still_warms_once(fresh_pool):
    bot = WarmProbe(get_game("metro"), 0, 1)
    assert not fresh_pool.exists()
    kind, lines = _ask(bot, "first")
    assert kind == "move" and len(lines) == 1
    assert _ask(bot, "second")[1] == lines


def test_a_table_with_nothing_to_warm_starts_no_helper_early():
    game = get_game("metro")
    prepare_helpers([ColdProbe(game, 0, 1), make_bot(game, 1, "expert", 2)], 2)
    assert bot_worker.helper_count() == 0
    assert not needs_warming(ColdProbe) and needs_warming(WarmProbe)
    assert needs_warming(type(make_bot(get_game("railroad-ink"), 0, "expert", 1)))
    assert not needs_warming(type(make_bot(get_game("railroad-ink"), 0, "hard", 1)))


@pytest.mark.parametrize("game_name, players, thinking", [("railroad-ink", 3, 3), ("metro", 2, 1)])
def test_the_play_screen_prepares_its_bots_helpers_when_the_table_opens(
        tmp_path, monkeypatch, game_name, players, thinking):
    """Made, before any frame: the screen hands its bots to ``prepare_helpers`` with how many
    think at once (every bot of a simultaneous Railroad Ink round, one in turn-based Metro)."""
    from game.client.screens import play as play_module
    from game.match import Match, SeatInfo
    from tests.test_client_support import make_app

    calls = []
    monkeypatch.setattr(play_module, "prepare_helpers",
                        lambda bots, at_once: calls.append((list(bots), at_once)))
    game = get_game(game_name)
    seats = [SeatInfo(f"Bot {i + 1}", "bot", level="expert", colour=i) for i in range(players)]
    match = Match.new(game, game.make_config(players, []), 4, seats)
    screen = play_module.PlayScreen(make_app(tmp_path), match)
    assert [(sorted(b.seat for b in bots), at_once) for bots, at_once in calls] == \
        [(list(range(players)), thinking)]
    assert all(bot is screen.bots[bot.seat] for bot in calls[0][0])


def test_the_bench_times_a_fresh_tables_first_decision_through_a_fresh_helper():
    from game.benchmarks.first_decisions import first_decision
    result = first_decision(get_game("metro"), 2, [], "easy", 3)
    assert result["cpu"] is not None and result["cpu"] >= 0      # reported by the helper
    assert result["table_wall"] >= result["wall"] > 0
    assert bot_worker.helper_count() == 0                        # stopped: its CPU counted


def test_the_setup_screen_has_the_helpers_warmed_while_the_table_is_set_up(tmp_path,
                                                                           monkeypatch):
    """Opening the setup with a remembered expert seat, and choosing an expert for a seat,
    hand those bots to ``prepare_helpers``: the warm-up is done before the table opens."""
    from game.client.screens import setup as setup_module
    from game.client.widgets import Item
    from tests.test_client_support import make_app

    calls = []
    monkeypatch.setattr(setup_module, "prepare_helpers",
                        lambda bots, at_once: calls.append(sorted(
                            (bot.seat, bot.level) for bot in bots)))
    previous = {"players": 2, "seats": [{"name": "A", "who": "human:mouse+keyboard",
                                         "colour": 0},
                                        {"name": "B", "who": "bot:expert", "colour": 1}]}
    screen = setup_module.SetupScreen(make_app(tmp_path), "railroad-ink", previous)
    assert calls == [[(1, "expert")]]
    screen.on_change(Item("who:0", lambda: "", "choice", value="bot:hard"))
    assert calls[-1] == [(0, "hard"), (1, "expert")]

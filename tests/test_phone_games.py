"""What each game sends a phone (issue 27): a scripted phone that only reads the payload plays
whole games of the three games through the real server (a hidden Metro hand, Metromania's
markers and digs composed by asking, a Railroad Ink sheet with each expansion), a phone never
receives another seat's secrets, refusals come in the table's language, and the page's
colours are the client's."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from game.phone.games import kit_for
from game.phone.robot import PhoneRobot
from game.phone.palette import COLOUR_HEX, COLOUR_NAMES
from tests.phone_support import ServedTable, run


async def _play_all(table, seats, timeout=150.0):
    async with aiohttp.ClientSession() as session:
        robots = [PhoneRobot(table.base_url, table.token(seat)) for seat in seats]
        for robot in robots:
            assert (await robot.connect(session))["type"] == "seat"
        await asyncio.gather(*(robot.play(timeout=timeout) for robot in robots))
        return robots


@pytest.mark.parametrize("game, players, phones, variants", [
    ("metro", 3, [0, 2], ["hand3", "orientation"]),
    ("metro", 2, [1], ["companies", "hand2"]),
    ("metromania", 3, [1], ["unfair"]),
    ("metromania", 2, [0, 1], []),
    ("railroad-ink", 2, [0, 1], ["river"]),
    ("railroad-ink", 2, [1], ["lake"]),
    ("railroad-ink", 2, [0], ["meteor"]),
    ("railroad-ink", 3, [0, 1, 2], ["volcano"]),
])
def test_a_scripted_phone_plays_a_whole_game_from_its_payload(game, players, phones, variants):
    with ServedTable(game, players, phones=phones, variants=variants) as table:
        robots = run(_play_all(table, phones), timeout=180)
        assert table.match.is_over()
        scores = table.match.scores()["scores"]
        for robot in robots:
            assert robot.results["scores"] == list(scores)
            assert robot.moves > 0 and not robot.errors
            assert robot.buzzes >= 1
            assert robot.view["over"]


def test_a_phone_never_sees_another_seats_hidden_hand():
    with ServedTable("metro", 3, phones=[0, 1], variants=["hand3"]) as table:
        async def look():
            async with aiohttp.ClientSession() as session:
                robot = PhoneRobot(table.base_url, table.token(0))
                await robot.connect(session)
                while robot.view is None:
                    await robot.receive()
                return robot
        robot = run(look())
        with table.lock:
            hands = [list(hand) for hand in table.match.state.hands]
        frames = json.dumps(robot.received)
        assert robot.view["board"]["hand"] == hands[0]
        for other in (1, 2):      # no tile of another hand appears as a hand anywhere
            assert json.dumps(hands[other]) not in frames
        assert robot.view["board"]["hand_sizes"] == [3, 3, 3]


def test_a_metromania_phone_gets_only_its_own_markers_in_unfair_municipality():
    with ServedTable("metromania", 3, phones=[2], variants=["unfair"]) as table:
        async def look():
            async with aiohttp.ClientSession() as session:
                robot = PhoneRobot(table.base_url, table.token(2))
                await robot.connect(session)
                while robot.view is None:
                    await robot.receive()
                return robot
        robot = run(look())
        board = robot.view["board"]
        assert all(key[0] != "?" for key in board["hand"])
        assert all(key[0] == "?" for seat, hand in enumerate(board["hands"]) if seat != 2
                   for key in hand)


def test_a_dig_is_composed_by_asking_and_a_bad_question_is_refused():
    with ServedTable("metromania", 2, phones=[0]) as table:
        async def ask():
            async with aiohttp.ClientSession() as session:
                robot = PhoneRobot(table.base_url, table.token(0))
                await robot.connect(session)
                while robot.view is None or not robot.view["turn"]:
                    await robot.receive()
                first = await robot.ask([])
                assert first["tunnels"] and first["needed"] == 3 and not first["complete"]
                second = await robot.ask([first["tunnels"][0]])
                assert second["partial"] == [first["tunnels"][0]]
                await robot.send({"type": "ask", "n": 99, "partial": ["S:nowhere"]})
                while True:
                    message = await robot.receive()
                    if message["type"] == "error":
                        return message
        error = run(ask())
        assert error["code"] == "bad_question" and error["n"] == 99


def test_refusals_and_words_come_in_the_tables_language():
    with ServedTable("metro", 2, phones=[0], lang="ko") as table:
        async def refused():
            async with aiohttp.ClientSession() as session:
                robot = PhoneRobot(table.base_url, table.token(0))
                seat = await robot.connect(session)
                while robot.view is None:
                    await robot.receive()
                await robot.move("aaaa@A9")
                while not robot.refusals:
                    await robot.receive()
                return seat, robot
        seat, robot = run(refused())
        assert seat["lang"] == "ko"
        assert seat["words"]["phone.your_turn"] != "Your turn"
        assert robot.view["status"] == seat["words"]["phone.your_turn"]
        assert "is not a move" not in robot.refusals[0]["reason"]


def test_the_phone_page_wears_the_clients_colours():
    from game.client import theme

    assert COLOUR_NAMES == tuple(theme.COLOURS)
    assert COLOUR_HEX == tuple("#%02x%02x%02x" % rgb for rgb in theme.COLOURS.values())


def test_the_page_is_shipped_with_an_install():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["tracklayer_assets"]
    shipped = {p for pattern in patterns for p in (root / "assets").glob(pattern)}
    page = set((root / "assets" / "phone").iterdir())
    assert page and page <= shipped
    assert {"aiohttp>=3.9", "segno>=1.5"} <= set(config["project"]["dependencies"])


def test_a_railroad_ink_table_rebuilds_only_the_phone_payloads_that_changed():
    """Eight phone seats: a drawing takes one view of the table (not one copy per seat) and
    sends a view to the drawer's phone only; a seat ending its round updates the phones of
    the seats already waiting ("waiting for 6"), never those still drawing (a phone still
    drawing keeps the cell it picked). The TV serving the phones does this work in its frame."""
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.phone.seats import PhoneSeats
    from game.phone.sources import MatchSource
    from game.phone.table import PhoneTable
    from game.phone.words import Words
    from game.rules import get_game

    class CountingSource(MatchSource):
        views = 0

        def view(self, seat):
            self.views += 1
            return super().view(seat)

    game = get_game("railroad-ink")
    match = Match.new(game, game.make_config(8, ["lake"]), 5,
                      [SeatInfo(f"P{i}", "human", device="phone") for i in range(8)])
    source = CountingSource(match)
    phones = PhoneSeats(Words("en").reasons(), bind="127.0.0.1", port=0)   # never started
    for seat in range(8):
        phones.add(seat, f"P{seat}", seat)
    sent: list[int] = []
    last: dict[int, dict] = {}
    publish = phones.publish

    def recorded(seat, payload, context=None):
        sent.append(seat)
        last[seat] = payload
        publish(seat, payload, context)
    phones.publish = recorded
    table = PhoneTable(phones, source, Words("en"))
    table.refresh()
    assert sorted(sent) == list(range(8))
    ended_seats: list[int] = []
    for seat in (0, 1, 2):
        bot = make_bot(game, seat, "random", seat)
        while not match.state.seats[seat].ended:
            sent.clear()
            source.views = 0
            match.apply(seat, bot.choose(match.view(seat)))
            table.refresh()
            assert source.views == 1, "one view of the table serves every phone seat"
            if match.state.seats[seat].ended:
                ended_seats.append(seat)
                assert sorted(sent) == ended_seats, "only the waiting seats hear the count"
            else:
                assert sent in ([seat], []), "only the drawer's phone gets a new view"
    assert last[0]["board"]["waiting_for"] == 5 and "5" in last[0]["status"]


def test_the_scripted_phones_command_plays_a_tables_seats_to_the_end():
    """``python -m game.phone.robot URL...`` (the bench's phones, a scripted party) joins the
    seats of those links and plays them to the results; a link that is not a seat's, or a
    table that is not there, gets a clear line and no traceback."""
    import subprocess
    import sys

    with ServedTable("railroad-ink", 2, phones=[0, 1], variants=["river"]) as table:
        urls = [table.phones.link(seat).url for seat in (0, 1)]
        done = subprocess.run([sys.executable, "-m", "game.phone.robot", *urls, "--pace",
                               "0"], capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stderr
        assert "2 phones played" in done.stdout and table.match.is_over()
    bad = subprocess.run([sys.executable, "-m", "game.phone.robot", "not-a-link"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "phone seat's link" in bad.stderr
    assert "Traceback" not in bad.stderr
    gone = subprocess.run([sys.executable, "-m", "game.phone.robot", urls[0]],
                          capture_output=True, text=True, timeout=60)
    assert gone.returncode == 1 and "the phones stopped" in gone.stdout
    assert "Traceback" not in gone.stderr


def test_a_railroad_ink_phone_reads_its_errors_with_a_true_minus_and_never_minus_zero():
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.phone.games import railroad_ink as kit
    from game.phone.words import Words
    from game.rules import get_game
    from game.rules.railroad_ink.scoring import score_sheet

    game = get_game("railroad-ink")
    match = Match.new(game, game.make_config(1), 3, [SeatInfo("Ann", "human")])
    words = Words("en")
    assert kit.board(game, match.view(0), 0, words)["score_text"].endswith("Errors 0")
    bot = make_bot(game, 0, "random", 1)
    while score_sheet(match.state.seats[0].sheet, "")[0]["errors"] == 0:
        match.apply(0, bot.choose(match.view(0)))
    errors = score_sheet(match.state.seats[0].sheet, "")[0]["errors"]
    text = kit.board(game, match.view(0), 0, words)["score_text"]
    assert text.endswith(f"Errors −{errors}") and "−0" not in text


def test_the_scripted_phone_plays_by_each_games_own_chooser_and_names_a_game_without_one():
    from game.phone.robot import scripted_player
    from game.rules import available_games, get_game

    for name in available_games():
        kit = kit_for(get_game(name))
        if kit is not None and hasattr(kit, "robot_move"):
            assert scripted_player(name) is kit.robot_move
        else:
            with pytest.raises(LookupError, match=name):
                scripted_player(name)
    assert scripted_player("metro") is not scripted_player("metromania")

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

"""The phone server without a browser (issue 27): the protocol, the seat links' security
(a wrong or a stolen token, the takeover), malformed and oversized frames, a flood from one
phone while another plays on, many phones at once, and a phone that comes back.

Every test runs real sockets on 127.0.0.1 (ephemeral ports) with aiohttp's client; waits are
bounded (a hang fails), never timed."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from game.phone import links
from game.phone.protocol import PhoneLimits
from game.phone.robot import PhoneRobot
from tests.phone_support import ServedTable, run


async def _hello(session, base, token, device="dev-a"):
    ws = await session.ws_connect(base + "/ws")
    await ws.send_str(json.dumps({"type": "hello", "token": token, "device": device}))
    return ws


async def _next(ws, kind=None, timeout=20.0):
    """The next message (of ``kind``, skipping others); {"type": "closed"} when closed."""
    while True:
        message = await ws.receive(timeout=timeout)
        if message.type != aiohttp.WSMsgType.TEXT:
            return {"type": "closed", "code": message.data, "extra": message.extra}
        data = json.loads(message.data)
        if kind is None or data["type"] == kind:
            return data


def test_a_seat_link_is_a_long_secret_and_a_short_code():
    tokens = {links.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(len(token) >= 22 for token in tokens)        # 16 random bytes, URL-safe
    code = links.new_code()
    assert len(code) == links.CODE_LENGTH and set(code) <= set(links.CODE_ALPHABET)
    assert links.normal_code(" " + code.lower()[:3] + "-" + code[3:]) == code
    png = links.qr_png("http://192.168.1.20:5057/p/" + links.new_token())
    assert png.startswith(b"\x89PNG")
    matrix = links.qr_matrix("http://192.168.1.20:5057/ABC234")
    assert len(matrix) == len(matrix[0]) >= 21


def test_a_phone_gets_its_seat_then_its_own_view_and_plays_a_move():
    with ServedTable("metro", 2, phones=[0], variants=["hand2"]) as table:
        async def play():
            async with aiohttp.ClientSession() as session:
                ws = await _hello(session, table.base_url, table.token(0))
                seat = await _next(ws)
                assert seat["type"] == "seat" and seat["seat"] == 0 and seat["name"] == "Ann"
                assert seat["words"]["phone.your_turn"] == "Your turn"
                assert seat["static"]["hand_size"] == 2
                view = await _next(ws, "view")
                board = view["board"]
                assert view["turn"] and len(board["hand"]) == 2
                assert "?" not in board["hand"]                       # its own hand, shown
                assert board["hand_sizes"] == [2, 2]
                tile = sorted(board["legal"])[0]
                square = board["legal"][tile]["0"][0]
                await ws.send_str(json.dumps({"type": "move", "n": 7, "move": f"{tile}@{square}"}))
                after = await _next(ws, "view")
                assert after["ack"] == 7 and after["seq"] == view["seq"] + 1
                assert [square_of(t) for t in after["board"]["tiles"]] == [square]
                await ws.send_str(json.dumps({"type": "ping", "n": 3}))
                assert (await _next(ws, "pong"))["n"] == 3
                await ws.close()
        run(play())
        assert table.match.log[0].move.endswith(table.match.log[0].move.split("@")[1])


def square_of(tile_row) -> str:
    square = tile_row[0]
    return "ABCDEFGH"[square // 8] + str(square % 8 + 1)


def test_a_move_the_rules_refuse_is_refused_with_their_reason_and_changes_nothing():
    with ServedTable("metro", 2, phones=[1]) as table:
        async def play():
            async with aiohttp.ClientSession() as session:
                ws = await _hello(session, table.base_url, table.token(1))
                await _next(ws, "view")
                before = table.match.seq
                await ws.send_str(json.dumps({"type": "move", "n": 1, "move": "zzzz@Q9"}))
                refused = await _next(ws, "refused")
                assert refused["n"] == 1 and "not a move" in refused["reason"]
                await ws.send_str(json.dumps({"type": "move", "n": 2, "move": "aaaa@D4"}))
                refused = await _next(ws, "refused")
                assert refused["n"] == 2 and refused["reason"]
                return before
        before = run(play())
        assert table.match.seq == before or table.match.log[-1].seat == 0


def test_a_wrong_token_is_refused_and_guessing_is_cut_off():
    limits = PhoneLimits(failed_hellos=3)
    with ServedTable("railroad-ink", 2, phones=[0, 1], limits=limits) as table:
        async def guess():
            async with aiohttp.ClientSession() as session:
                for attempt in range(3):
                    ws = await _hello(session, table.base_url, links.new_token())
                    error = await _next(ws)
                    assert error["type"] == "error" and error["code"] == "unknown_seat"
                    assert error["fatal"] and "not a seat" in error["reason"]
                    assert (await _next(ws))["type"] == "closed"
                # the right token from this address is now refused too, for a minute
                ws = await _hello(session, table.base_url, table.token(0))
                error = await _next(ws)
                assert error["code"] == "too_many_attempts"
                # short codes are guarded the same way
                async with session.get(table.base_url + "/ZZZZZZ", allow_redirects=False) as r:
                    assert r.status == 429
        run(guess())
        assert not table.phones.joined(0)


def test_the_short_url_leads_to_the_seat_page_and_a_wrong_code_back_to_the_start():
    with ServedTable("metro", 2, phones=[0]) as table:
        link = table.phones.link(0)

        async def visit():
            async with aiohttp.ClientSession() as session:
                async with session.get(link.short_url.replace(
                        link.short_url.split("/")[2], f"127.0.0.1:{table.phones.port}"),
                        allow_redirects=False) as r:
                    assert r.status == 302 and r.headers["Location"] == "/p/" + link.token
                async with session.get(table.base_url + "/p/" + link.token) as r:
                    assert r.status == 200 and "<html" in await r.text()
                    assert "no-referrer" in r.headers["Referrer-Policy"]
                    assert "default-src 'self'" in r.headers["Content-Security-Policy"]
                async with session.get(table.base_url + "/AAAAAA", allow_redirects=False) as r:
                    assert r.status == 302 and r.headers["Location"] == "/?code=AAAAAA"
                async with session.get(table.base_url + "/a/../../README.md") as r:
                    assert r.status == 404
        run(visit())


def test_a_stolen_link_is_offered_the_seat_not_given_it_and_the_first_phone_is_told():
    with ServedTable("metro", 2, phones=[0]) as table:
        async def steal():
            async with aiohttp.ClientSession() as session:
                first = await _hello(session, table.base_url, table.token(0), device="ann")
                await _next(first, "view")
                thief = await _hello(session, table.base_url, table.token(0), device="other")
                offer = await _next(thief)
                assert offer == {"type": "offer", "name": "Ann"}    # nothing of the seat
                await thief.send_str(json.dumps({"type": "move", "n": 1, "move": "draw"}))
                refusal = await _next(thief)
                assert refusal["type"] == "error" and refusal["code"] == "hello_first"
                assert table.match.seq == 0
                # the first phone plays on meanwhile
                await first.send_str(json.dumps({"type": "ping", "n": 5}))
                assert (await _next(first, "pong"))["n"] == 5
                # taking over: the new phone gets the seat, the first one is told and closed
                await thief.send_str(json.dumps({"type": "takeover"}))
                assert (await _next(thief))["type"] == "seat"
                assert (await _next(thief, "view"))["board"]["hand"]
                told = await _next(first)
                assert told["type"] == "taken_over"
                assert (await _next(first))["type"] == "closed"
        run(steal())


def test_a_phone_that_comes_back_gets_its_seat_at_the_same_move():
    with ServedTable("railroad-ink", 2, phones=[0], variants=["lake"]) as table:
        async def come_back():
            async with aiohttp.ClientSession() as session:
                robot = PhoneRobot(table.base_url, table.token(0), device="ann-phone")
                assert (await robot.connect(session))["type"] == "seat"
                await robot.play(stop_after=3)
                await robot.settle()
                seen = robot.view
                await robot.close()
                for _ in range(200):
                    if not table.phones.connected(0):
                        break
                    await asyncio.sleep(0.02)
                assert not table.phones.connected(0)
                again = PhoneRobot(table.base_url, table.token(0), device="ann-phone")
                first = await again.connect(session)
                assert first["type"] == "seat"                  # no takeover question
                view = await again.receive()
                assert view["type"] == "view"
                # the same sheet as it was left; the table's count of moves may have gone on
                # meanwhile (the bot at the other seat draws its round at the same time)
                sheet = ("round", "cells", "craters", "dice", "legal", "specials", "total")
                assert view["seq"] >= seen["seq"]
                assert {k: view["board"][k] for k in sheet} == \
                    {k: seen["board"][k] for k in sheet}
                await again.play(timeout=60)                   # and on to the end
                assert again.results is not None
        run(come_back(), timeout=90)
        assert table.match.is_over()


@pytest.mark.parametrize("frame, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "launch"}', "unknown_type"),
    ('{"type": "move", "n": 1, "move": 42}', "malformed"),
    ('{"type": "move", "n": -1, "move": "draw"}', "malformed"),
    ('{"type": "hello", "token": "' + "x" * 500 + '"}', "malformed"),
])
def test_a_malformed_frame_gets_a_clear_refusal_and_the_phone_plays_on(frame, code):
    with ServedTable("metro", 2, phones=[0]) as table:
        async def hostile():
            async with aiohttp.ClientSession() as session:
                ws = await _hello(session, table.base_url, table.token(0))
                await _next(ws, "view")
                await ws.send_str(frame)
                error = await _next(ws, "error")
                assert error["code"] == code and error["reason"] and not error["fatal"]
                await ws.send_str(json.dumps({"type": "ping", "n": 9}))
                assert (await _next(ws, "pong"))["n"] == 9
        run(hostile())


def test_oversized_and_binary_frames_are_refused_and_a_huge_one_closes_the_socket():
    limits = PhoneLimits(frame_bytes=1000, socket_bytes=20000)
    with ServedTable("metro", 2, phones=[0], limits=limits) as table:
        async def hostile():
            async with aiohttp.ClientSession() as session:
                ws = await _hello(session, table.base_url, table.token(0))
                await _next(ws, "view")
                await ws.send_str(json.dumps({"type": "ping", "pad": "x" * 5000}))
                assert (await _next(ws, "error"))["code"] == "too_big"
                await ws.send_bytes(b"\x00\x01")
                assert (await _next(ws, "error"))["code"] == "not_text"
                await ws.send_str("y" * 50000)                 # past the socket's own limit
                assert (await _next(ws, "closed"))["type"] == "closed"
                # the seat is still there for the phone's next connection
                again = await _hello(session, table.base_url, table.token(0))
                assert (await _next(again))["type"] == "seat"
        run(hostile())


def test_a_socket_that_never_says_hello_is_closed_and_moves_before_hello_are_refused():
    limits = PhoneLimits(hello_seconds=0.5)
    with ServedTable("metro", 2, phones=[0], limits=limits) as table:
        async def silent():
            async with aiohttp.ClientSession() as session:
                ws = await session.ws_connect(table.base_url + "/ws")
                error = await _next(ws)
                assert error["code"] == "no_hello" and error["fatal"]
                ws = await session.ws_connect(table.base_url + "/ws")
                await ws.send_str(json.dumps({"type": "move", "n": 1, "move": "draw"}))
                error = await _next(ws)
                assert error["code"] == "hello_first" and error["fatal"]
        run(silent())
        assert table.match.seq == 0


def test_a_flooding_phone_is_cut_off_while_another_phone_keeps_its_pace():
    limits = PhoneLimits(rate=20.0, burst=40, flood_refusals=300)
    with ServedTable("railroad-ink", 2, phones=[0, 1], limits=limits) as table:
        async def flood_and_play():
            async with aiohttp.ClientSession() as session:
                flooder = await _hello(session, table.base_url, table.token(0), "flood")
                await _next(flooder, "view")
                player = PhoneRobot(table.base_url, table.token(1))
                await player.connect(session)

                async def flood():
                    for i in range(3000):
                        await flooder.send_str(json.dumps({"type": "ask", "n": i}))
                        if i % 200 == 0:
                            await asyncio.sleep(0)
                    codes = set()
                    while True:
                        message = await _next(flooder)
                        if message["type"] == "closed":
                            return codes
                        if message["type"] == "error":
                            codes.add(message["code"])

                flooding = asyncio.ensure_future(flood())
                await player.play(stop_after=5)           # its round: 4 dice and "end", each answered
                await player.settle()
                return await flooding, player
        codes, player = run(flood_and_play())
        assert {"too_fast", "flood"} <= codes
        assert player.moves == 5 and len(player.latencies) == 5 and not player.refusals
        assert sum(1 for entry in table.match.log if entry.seat == 1) == 5


def test_thirty_two_phones_play_a_railroad_ink_round_at_once():
    seats = list(range(32))
    with ServedTable("railroad-ink", 32, phones=seats) as table:
        async def party():
            async with aiohttp.ClientSession() as session:
                robots = [PhoneRobot(table.base_url, table.token(seat)) for seat in seats]
                firsts = await asyncio.gather(*(robot.connect(session) for robot in robots))
                assert [first["seat"] for first in firsts] == seats
                # everyone draws the first round at the same time, to its end
                await asyncio.gather(*(robot.play(stop_after=5) for robot in robots))
                for robot in robots:
                    await robot.settle()
                assert all(table.phones.connected(seat) for seat in seats)
                return robots
        robots = run(party(), timeout=120)
        assert all(robot.moves == 5 and not robot.refusals for robot in robots)
        assert len(table.match.log) == 32 * 5


def test_a_second_connection_cap_keeps_the_server_bounded():
    limits = PhoneLimits(connections=4, per_address=4)
    with ServedTable("metro", 2, phones=[0], limits=limits) as table:
        async def crowd():
            async with aiohttp.ClientSession() as session:
                sockets = [await session.ws_connect(table.base_url + "/ws") for _ in range(4)]
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(table.base_url + "/ws")
                assert refused.value.status == 503
                for ws in sockets:
                    await ws.close()
        run(crowd())


@pytest.mark.parametrize("game, variants", [("metro", ["hand2"]), ("railroad-ink", ["river"])])
def test_the_hint_is_the_coachs_legal_move_for_the_phones_own_seat(game, variants):
    """Hint on the phone: "thinking" at once, then the coach's move for this seat's own view
    (a legal move, with the places to light up), as the Hint button gives it on the screen."""
    with ServedTable(game, 2, phones=[0], variants=variants, hints=True) as table:
        async def ask():
            async with aiohttp.ClientSession() as session:
                ws = await _hello(session, table.base_url, table.token(0))
                await _next(ws, "seat")
                view = await _next(ws, "view")
                assert view["turn"]
                await ws.send_str(json.dumps({"type": "hint"}))
                first = await _next(ws, "hint")
                assert first["thinking"] and first["move"] is None and first["text"]
                answer = await _next(ws, "hint", timeout=60.0)
                await ws.close()
                return answer
        answer = run(ask())
        assert answer["move"] and not answer.get("thinking"), answer
        with table.lock:
            # the phone's seat did not move while it asked (in Railroad Ink the other seat
            # drew meanwhile: the hint is still good for this sheet)
            assert not any(entry.seat == 0 for entry in table.match.log)
            legal = {str(move) for move in table.match.game.legal_moves(table.match.state, 0)}
        assert answer["move"] in legal
        assert answer["move"] in answer["text"] and answer["targets"]


def test_a_table_served_without_hints_says_so():
    with ServedTable("metro", 2, phones=[0]) as table:
        async def ask():
            async with aiohttp.ClientSession() as session:
                ws = await _hello(session, table.base_url, table.token(0))
                await _next(ws, "view")
                await ws.send_str(json.dumps({"type": "hint"}))
                answer = await _next(ws, "hint")
                await ws.close()
                return answer
        answer = run(ask())
        assert answer["move"] is None and not answer.get("thinking") and answer["text"]

"""A scripted phone: plays a phone seat over the real WebSocket, choosing from the legal moves
its views offer, as a guest tapping the first thing that glows would (tests and the bench).

    result = await play_seat("http://127.0.0.1:5057", token)     # runs to the results
    robots = await play_seats(urls, pace=1.5)                     # many phones at once

``python -m game.phone.robot URL... [--pace S]`` plays the seats of those links to the end
(a table's guests, scripted: the bench's TV measure runs its phones so, in a process of
their own).

``PhoneRobot`` keeps what a page keeps (the token, a device id) and what it saw; it sends one
move at a time and waits for the view that acknowledges it (or its refusal) before the next.
Each game's chooser is its phone kit's ``robot_move``, which reads only the payload the page
gets (never the rules), so a test that a robot finishes a game shows that the payload is
enough to play it.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time


def scripted_player(name: str):
    """The game's scripted chooser (its phone kit's ``robot_move``); LookupError, naming the
    game, for a game whose page has none (or no page at all)."""
    from game.phone.games import kit_for
    from game.rules import get_game

    kit = kit_for(get_game(name))
    chooser = getattr(kit, "robot_move", None)
    if chooser is None:
        raise LookupError(f"the phone page of {name} has no scripted player (robot_move)")
    return chooser


class PhoneRobot:
    def __init__(self, base_url: str, token: str, device: str | None = None,
                 pace: float = 0.0) -> None:
        """``pace``: seconds the robot "thinks" before each move (a player is not instant)."""
        self.base_url = base_url.rstrip("/")
        self.pace = pace
        self.token = token
        self.device = device or secrets.token_hex(8)
        self.ws = None
        self.session = None
        self.seat_message: dict | None = None
        self.view: dict | None = None
        self.results: dict | None = None
        self.received: list[dict] = []
        self.refusals: list[dict] = []
        self.errors: list[dict] = []
        self.n = 0
        self.awaiting = 0          # n of the move waiting for its answer
        self.retry = 0             # n of a move refused as too fast: sent again
        self.last_move = ""
        self.moves = 0
        self.buzzes = 0
        self.sent_at: dict[int, float] = {}
        self.latencies: list[float] = []     # s from a move sent to the view acknowledging it

    async def connect(self, session, takeover: bool = False) -> dict:
        """Open the socket and say hello; the first answer (``seat``, ``offer`` or ``error``)."""
        self.session = session
        self.ws = await session.ws_connect(self.base_url + "/ws", heartbeat=None)
        await self.send({"type": "hello", "token": self.token, "device": self.device})
        first = await self.receive()
        if first.get("type") == "offer" and takeover:
            await self.send({"type": "takeover"})
            first = await self.receive()
        return first

    async def send(self, message: dict) -> None:
        await self.ws.send_str(json.dumps(message))

    async def receive(self, timeout: float = 30.0) -> dict:
        from aiohttp import WSMsgType

        message = await self.ws.receive(timeout=timeout)
        if message.type != WSMsgType.TEXT:
            return {"type": "closed", "code": message.data, "reason": message.extra}
        data = json.loads(message.data)
        self.received.append(data)
        kind = data.get("type")
        if kind == "seat":
            self.seat_message = data
        elif kind == "view":
            self.view = data
            if self.awaiting and data.get("ack", 0) >= self.awaiting:
                self._answered(self.awaiting)
        elif kind == "refused":
            if data.get("code") == "too_fast" and data.get("n") == self.awaiting:
                self.retry = data["n"]          # sent again by ``play`` after a pause
            else:
                self.refusals.append(data)
                if data.get("n") == self.awaiting:
                    self._answered(self.awaiting)
        elif kind == "results":
            self.results = data
        elif kind == "error":
            self.errors.append(data)
        elif kind == "your_turn":
            self.buzzes += 1
        return data

    def _answered(self, n: int) -> None:
        sent = self.sent_at.pop(n, None)
        if sent is not None:
            self.latencies.append(time.perf_counter() - sent)
        self.awaiting = 0

    async def move(self, text: str) -> None:
        self.n += 1
        self.awaiting = self.n
        self.moves += 1
        self.last_move = text
        self.sent_at[self.n] = time.perf_counter()
        await self.send({"type": "move", "n": self.n, "move": text})

    async def _resend(self) -> None:
        """The table refused our last move as too fast: wait a moment, send it again."""
        self.retry = 0
        await asyncio.sleep(0.3)
        await self.send({"type": "move", "n": self.awaiting, "move": self.last_move})

    async def ask(self, partial: list[str]) -> dict:
        self.n += 1
        n = self.n
        await self.send({"type": "ask", "n": n, "partial": partial})
        while True:
            data = await self.receive()
            if data.get("type") == "options" and data.get("n") == n:
                return data
            if data.get("type") == "error" and data.get("code") == "too_fast" \
                    and data.get("n") == n:
                await asyncio.sleep(0.3)         # asked too fast: ask again
                await self.send({"type": "ask", "n": n, "partial": partial})
                continue
            if data.get("type") in ("closed", "error") and data.get("n", n) == n:
                raise ConnectionError(f"no options: {data}")

    async def choose(self) -> str | None:
        """The move to make on the current view, or None (nothing to do now)."""
        board = self.view["board"]
        static = self.seat_message.get("static") or {}
        return await scripted_player(self.seat_message["game"])(board, static, self.ask)

    async def play(self, stop_after: int | None = None, timeout: float = 120.0) -> dict | None:
        """Play until the results (or ``stop_after`` moves of ours); the results message."""
        deadline = time.monotonic() + timeout
        while self.results is None:
            if self.retry and self.retry == self.awaiting:
                await self._resend()
            if stop_after is not None and self.moves >= stop_after:
                return None
            view = self.view
            if (view is not None and view.get("turn") and not self.awaiting
                    and not view.get("over")):
                text = await self.choose()
                if text is not None:
                    if self.pace:
                        await asyncio.sleep(self.pace)
                    await self.move(text)
                    continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no result in {timeout:g} s (view: {self.view})")
            data = await self.receive(timeout=left)
            if data.get("type") in ("closed", "taken_over", "bye"):
                if self.results is not None:
                    break
                raise ConnectionError(f"the table closed the link: {data}")
        return self.results

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until our last move is answered (sending it again if it was too fast)."""
        deadline = time.monotonic() + timeout
        while self.awaiting:
            if self.retry == self.awaiting:
                await self._resend()
            await self.receive(timeout=max(0.1, deadline - time.monotonic()))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def play_seat(base_url: str, token: str, timeout: float = 120.0) -> PhoneRobot:
    """Join with ``token`` and play the seat to the end; the robot (results, latencies)."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        robot = PhoneRobot(base_url, token)
        first = await robot.connect(session)
        if first.get("type") != "seat":
            raise ConnectionError(f"not seated: {first}")
        await robot.play(timeout=timeout)
        await robot.close()
        return robot


def paces(pace: float, count: int) -> list[float]:
    """``count`` players' thinking times around ``pace``: spread evenly from 2/3 to 4/3 of
    it (players differ, and the phones' moves do not all come at once)."""
    return [pace * (2 / 3 + (2 / 3) * i / max(1, count - 1)) for i in range(count)]


def split_url(url: str) -> tuple[str, str]:
    """A seat's link as (the table's base URL, the seat's token)."""
    base, _, token = url.partition("/p/")
    return base, token.strip("/")


async def play_seats(urls: list[str], pace: float = 0.0, timeout: float = 120.0,
                     rounds: int | None = None) -> list[PhoneRobot]:
    """Join the seats of ``urls`` and play them all at once, to the results (or, with
    ``rounds``, until the game is past that round); each phone thinks as ``paces`` says.
    The robots, with what they saw and their latencies."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        robots = [PhoneRobot(*split_url(url), pace=think)
                  for url, think in zip(urls, paces(pace, len(urls)))]
        for robot in robots:
            first = await robot.connect(session)
            if first.get("type") != "seat":
                raise ConnectionError(f"not seated: {first}")

        async def run(robot: PhoneRobot) -> None:
            if rounds is None:
                await robot.play(timeout=timeout)
                return
            while robot.view is None or robot.view["board"].get("round", 0) <= rounds:
                await robot.play(stop_after=robot.moves + 1, timeout=timeout)
                if robot.results is not None:
                    break
                await robot.settle()
        await asyncio.gather(*(run(robot) for robot in robots))
        for robot in robots:
            await robot.close()
        return robots


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.phone.robot",
                                     description="Scripted phones: play these seats' links "
                                     "to the end of the game.")
    parser.add_argument("urls", nargs="+", metavar="URL", help="a phone seat's link (/p/...)")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds a phone thinks before a move, on average")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds to wait for the game's end")
    args = parser.parse_args(argv)
    if any("/p/" not in url for url in args.urls) or args.pace < 0 or args.timeout <= 0:
        parser.error("every URL is a phone seat's link (http://HOST:PORT/p/TOKEN); "
                     "--pace >= 0, --timeout > 0")
    from aiohttp import ClientError

    try:
        robots = asyncio.run(play_seats(args.urls, args.pace, args.timeout))
    except (ClientError, ConnectionError, TimeoutError, OSError) as exc:
        print(f"the phones stopped: {exc}")
        return 1
    print(f"{len(robots)} phones played {sum(r.moves for r in robots)} moves to the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

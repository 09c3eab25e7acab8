"""``run.py host GAME --headless --phones K`` (issue 27): a headless host whose first K seats
are phone seats it serves; it prints one ``phone_seat`` line per seat with its link, and a
scripted phone (aiohttp's WebSocket client, choosing from the legal moves it receives) plays
a whole game of each of the three games against the host's bots, with a LAN joiner beside,
and through a phone that drops out, is waited on, replaced by the bot and comes back.

Real processes on 127.0.0.1 (ephemeral ports), bounded waits, nothing timed."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp
import pytest

from game.phone.robot import PhoneRobot

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.timeout(240)


class Process:
    """A ``run.py`` process whose JSON lines are read on a thread (asyncio keeps running)."""

    def __init__(self, *args, home: Path) -> None:
        env = dict(os.environ, TRACKLAYER_HOME=str(home), TRACKLAYER_LANGUAGE="en")
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for line in self.proc.stdout:
                if line.strip():
                    self.lines.put(json.loads(line))
        except ValueError:
            if not self.proc.stdout.closed:
                raise       # a line that is not JSON
            # else the test closed the pipe (its process is done with) while we read
        self.lines.put(None)

    def wait(self, event: str, timeout: float = 60.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            try:
                data = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {event} in {timeout:g} s; saw {self.seen}") from None
            if data is None:
                raise AssertionError(f"ended before {event}: {self.proc.stderr.read()}")
            self.seen.append(data)
            if data["event"] == event:
                return data

    def finish(self, timeout: float = 60.0) -> int:
        try:
            self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        return self.proc.returncode


def host(tmp_path, game, *extra) -> Process:
    return Process("host", game, "--headless", "--port", "0", "--bind", "127.0.0.1",
                   "--discovery-port", "-1", "--phone-port", "0", "--phone-bind", "127.0.0.1",
                   "--no-phone-hints", *extra, home=tmp_path / "host")


def base_of(url: str) -> str:
    return url.split("/p/")[0]


async def play_phones(seat_lines, timeout=180.0):
    async with aiohttp.ClientSession() as session:
        robots = []
        for line in seat_lines:
            robot = PhoneRobot(base_of(line["url"]), line["url"].rsplit("/", 1)[1])
            first = await robot.connect(session)
            assert first["type"] == "seat" and first["seat"] == line["seat"]
            robots.append(robot)
        await asyncio.gather(*(robot.play(timeout=timeout) for robot in robots))
        return robots


@pytest.mark.parametrize("game, extra", [
    ("metro", ["--players", "2", "--variant", "hand2", "--phones", "1", "--bots", "1"]),
    ("metromania", ["--players", "3", "--variant", "unfair", "--phones", "2", "--bots", "1"]),
    ("railroad-ink", ["--players", "2", "--expansion", "lake", "--phones", "1", "--bots", "1"]),
])
def test_a_headless_host_prints_phone_links_and_phones_play_a_whole_game(tmp_path, game, extra):
    table = host(tmp_path, game, *extra)
    listening = table.wait("listening")
    phones = int(extra[extra.index("--phones") + 1])
    seats = [table.wait("phone_seat") for _ in range(phones)]
    assert [line["seat"] for line in seats] == list(range(phones))
    for line in seats:
        assert line["url"].startswith(f"http://127.0.0.1:{line['port']}/p/")
        assert line["short_url"].endswith("/" + line["code"]) and line["port"] != listening["port"]
    robots = asyncio.run(asyncio.wait_for(play_phones(seats), 200))
    over = table.wait("game_over", timeout=60)
    assert table.finish() == 0
    for robot in robots:
        assert robot.results["scores"] == over["scores"]
        assert robot.moves > 0 and not robot.errors and robot.buzzes >= 1
    assert {line["event"] for line in table.seen} >= {"phone_connected", "started"}


def test_phone_seats_and_a_lan_joiner_share_a_railroad_ink_table(tmp_path):
    table = host(tmp_path, "railroad-ink", "--players", "3", "--expansion", "river",
                 "--phones", "1", "--bots", "1")
    port = table.wait("listening")["port"]
    seat = table.wait("phone_seat")
    joiner = Process("join", f"127.0.0.1:{port}", "--headless", "--bot", "random",
                     "--name", "Joe", home=tmp_path / "joiner")
    robots = asyncio.run(asyncio.wait_for(play_phones([seat]), 200))
    over = table.wait("game_over", timeout=60)
    joined = joiner.wait("game_over", timeout=60)
    assert table.finish() == 0 and joiner.finish() == 0
    assert joined["hash"] == over["hash"] and joined["scores"] == over["scores"]
    assert robots[0].results["scores"] == over["scores"]


def test_a_phone_that_drops_out_is_waited_on_then_played_by_the_bot_until_it_is_back(tmp_path):
    table = host(tmp_path, "metro", "--players", "2", "--phones", "1", "--bots", "1",
                 "--wait-limit", "1")
    table.wait("listening")
    seat = table.wait("phone_seat")
    token = seat["url"].rsplit("/", 1)[1]

    async def drop_and_return():
        async with aiohttp.ClientSession() as session:
            first = PhoneRobot(base_of(seat["url"]), token, device="ann")
            await first.connect(session)
            await first.play(stop_after=3)
            await first.settle()
            await first.close()
            await asyncio.get_running_loop().run_in_executor(None, table.wait,
                                                             "phone_waited_out", 30)
            back = PhoneRobot(base_of(seat["url"]), token, device="ann")
            assert (await back.connect(session))["type"] == "seat"
            await back.play(timeout=120)
            return first, back
    first, back = asyncio.run(asyncio.wait_for(drop_and_return(), 200))
    over = table.wait("game_over", timeout=60)
    assert table.finish() == 0
    events = [line["event"] for line in table.seen]
    assert events.index("phone_left") < events.index("phone_waited_out")
    assert events.count("phone_connected") == 2
    assert back.results["scores"] == over["scores"]
    assert back.moves > 0                  # it played again after the bot


@pytest.mark.parametrize("extra, message", [
    (["--players", "2", "--phones", "3"], "--phones must be between 1 and 2"),
    (["--players", "2", "--phones", "1", "--bots", "2"], "--bots must be between 0 and 1"),
    (["--players", "2", "--phones", "2", "--phone-name", "A", "--phone-name", "A"],
     "different names"),
    (["--players", "2", "--phones", "1", "--phone-language", "xx"], "--phone-language"),
    (["--players", "2", "--phones", "1", "--phone-port", "70000"], "--phone-port"),
])
def test_bad_phone_options_are_refused_in_one_line(tmp_path, extra, message):
    table = host(tmp_path, "metro", *extra)
    out, err = table.proc.communicate(timeout=60)
    assert table.proc.returncode == 2, err
    assert message in err and "Traceback" not in err


def test_a_resumed_headless_host_serves_its_phone_seat_again_on_the_same_link(tmp_path):
    """The host dies (kill -9) after a few phone moves; ``host --resume SAVE`` serves the
    phone seat its save records again on the same link (the same token, code and port), and
    the phone that kept the page gets its seat back at the saved move and plays on."""
    import signal

    table = host(tmp_path, "metro", "--players", "2", "--phones", "1", "--bots", "1")
    table.wait("listening")
    seat = table.wait("phone_seat")
    token = seat["url"].rsplit("/", 1)[1]

    async def play_a_little(stop_after):
        async with aiohttp.ClientSession() as session:
            robot = PhoneRobot(base_of(seat["url"]), token, device="ann")
            assert (await robot.connect(session))["type"] == "seat"
            await robot.play(stop_after=stop_after, timeout=60)
            await robot.settle()
            await robot.close()
            return robot
    before = asyncio.run(asyncio.wait_for(play_a_little(2), 90))
    played = before.view["seq"]
    table.proc.send_signal(signal.SIGKILL)         # a crash: no goodbye, the save as it is
    table.finish()
    save = next((tmp_path / "host").rglob("*-lan-host*.tlsave"))

    resumed = Process("host", "metro", "--headless", "--port", "0", "--bind", "127.0.0.1",
                      "--discovery-port", "-1", "--phone-bind", "127.0.0.1", "--no-phone-hints",
                      "--resume", str(save), "--phones", "1", home=tmp_path / "host")
    try:
        back_at = resumed.wait("resumed")["seq"]
        again = resumed.wait("phone_seat")
        assert again["seat"] == seat["seat"] and again["code"] == seat["code"]
        assert again["url"] == seat["url"]            # same token, same port: the same page
        assert back_at >= played
        after = asyncio.run(asyncio.wait_for(play_a_little(before.moves + 1), 90))
        assert after.seat_message["seat"] == seat["seat"]
        assert after.moves > before.moves and after.view["seq"] > back_at
        assert not after.errors and not after.refusals
        assert resumed.wait("phone_connected", timeout=10)["seat"] == seat["seat"]
    finally:
        resumed.proc.terminate()
        resumed.finish()


def test_resume_serves_the_phone_seats_the_save_records_and_refuses_another_count(tmp_path,
                                                                                monkeypatch):
    """``saved_phones`` (in this process: no table is run): the seats and links a host's
    LAN save records come back; ``--phones`` that does not match the save is one clear line."""
    from argparse import Namespace

    from game.cli import CliError
    from game.cli.host_phones import saved_phones
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from game.saves.lan import record_phone_seats, start_net_autosave

    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 3,
                      [SeatInfo("Ann", "human"), SeatInfo("bot 1", "bot", level="random")])
    plain = start_net_autosave(match, "host", [0, 0], [0, 1])
    phoned = start_net_autosave(match, "host", [0, 0], [0, 1])
    record_phone_seats(phoned, match, [{"seat": 0, "name": "Ann", "token": "t" * 24,
                                        "code": "K7M2QX"}], 5099)
    plain.close()
    phoned.close()
    found = saved_phones(Namespace(resume=[str(plain.path), str(phoned.path)], phones=0), 2)
    assert found == {"seats": {0: {"name": "Ann", "token": "t" * 24, "code": "K7M2QX"}},
                     "port": 5099}
    assert saved_phones(Namespace(resume=[str(phoned.path)], phones=1), 2) == found
    for files, phones, message in (([plain.path], 1, "has no phone seats"),
                                   ([phoned.path], 2, r"has 1 phone seat \(seats 0\)")):
        with pytest.raises(CliError, match=message):
            saved_phones(Namespace(resume=[str(path) for path in files], phones=phones), 2)

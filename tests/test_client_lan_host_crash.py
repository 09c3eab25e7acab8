"""The host's laptop crashes (issue 26, items 2 and 4), through real clients in their own
processes over loopback, driven by input events only (``tests/lan_client_process.py``).

Ann hosts a 2-seat Metro table in a client window, Cleo joins from another; they play a few
moves and Ann's client is killed (SIGKILL) while the table waits for her move. Cleo's client
shows "Connection lost" and she presses *Rejoin* — the only button pressed on her side (or,
her client killed too, the *Rejoin Ann's table* its relaunch offers). Ann
starts her client again and answers the resume prompt (*Resume as LAN host*) — the only button
on hers. Cleo's Rejoin keeps dialling the table's address until the resumed table answers,
proves her seat from her own save, gets ready by itself, the resumed table starts by itself
once its every seat's owner is back, and the game goes on at the very move it stopped at (the
same state hash on both machines), then further.

Item 4: before Cleo is back, somebody on a third machine joins the resumed table with her name
(a headless ``run.py join --name Cleo``): a name is no proof, so the seat is not given and the
reason is said; Cleo's machine then gets its seat back as above.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.benchmarks.net_soak import collect_json_lines
from game.saves import read_save
from tests.test_client_lan_crash import ClientProcess


class Client(ClientProcess):
    """A client process without the test-only game: these tables are child processes only,
    ``run.py`` ones among them (the same rules version as theirs)."""

    def __init__(self, home: Path, *args: str) -> None:
        super().__init__(home, *args, test_game=False)

ROOT = Path(__file__).resolve().parents[1]
STOP_AT = 8           # the table idles on Ann's turn once the game is at this move
# generous bounds: five real processes share two busy cores (no bound is a timing claim)
STEP = 60.0

pytestmark = pytest.mark.timeout(240)


def wait_for(condition, what: str, *clients: Client, seconds: float = STEP) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        for client in clients:
            if client.proc.poll() is not None:
                raise AssertionError(f"a client ended while waiting for {what}: "
                                     f"{client.story()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: "
                                 + " | ".join(c.story() for c in clients))
        time.sleep(0.02)


def free_port() -> int:
    """A port for Ann's table: a real host listens on the same one again (5055)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def saved_moves(home: Path) -> int:
    """How many moves the (one) LAN save of that machine holds (0: none readable yet)."""
    files = sorted((home / "saves").glob("*.tlsave"))
    if len(files) != 1:
        return 0
    try:
        return len(read_save(files[0]).entries)
    except Exception:  # noqa: BLE001 - being written: asked again
        return 0


def play_then_crash_the_host(tmp_path: Path):
    """Ann hosts, Cleo joins, both play until move ``STOP_AT``; Ann's client is killed while
    the table waits for her. Returns (ann's home, port, cleo, the state both had)."""
    ann_home, cleo_home = tmp_path / "ann", tmp_path / "cleo"
    ann_home.mkdir()
    cleo_home.mkdir()
    port = free_port()
    ann = Client(ann_home, "host", "--port", str(port), "--player", "Ann",
                 "--stop-at", str(STOP_AT))
    wait_for(lambda: ann.seen("hosting"), "Ann's table", ann)
    cleo = Client(cleo_home, "join", f"127.0.0.1:{port}")

    def idle_on_anns_turn() -> bool:
        mine, theirs = ann.last("play"), cleo.last("play")
        return (mine is not None and theirs is not None and mine["seq"] >= STOP_AT
                and 0 in mine["to_act"] and (mine["seq"], mine["hash"]) == (
                    theirs["seq"], theirs["hash"]) and mine["hash"]
                and saved_moves(ann_home) == mine["seq"])

    wait_for(idle_on_anns_turn, "a few moves, saved", ann, cleo)
    state = ann.last("play")
    assert cleo.seen("ready", ready=True) and ann.seen("pressed", what="start")
    assert any(1 in line["to_act"] for line in cleo.seen("play")), "Cleo moved too"
    ann.kill()                                          # Ann's laptop crashes
    wait_for(lambda: cleo.seen("screen", name="ConnectionLostScreen", focus="rejoin"),
             "Connection lost -> Rejoin", cleo)
    return ann_home, port, cleo, state


def goes_on_at_the_same_move(ann: Client, cleo: Client, state: dict) -> None:
    """Both machines are back at the move the table stopped at (Ann's client makes no move
    until then), and play on from there."""
    def since_rejoin() -> list[dict]:
        pressed = cleo.seen("pressed", what="rejoin")
        lines = list(cleo.lines)
        return [line for line in lines[lines.index(pressed[0]):] if line["at"] == "play"] \
            if pressed else []

    def back() -> bool:
        mine, theirs = ann.last("play"), since_rejoin()
        return (mine is not None and theirs and theirs[-1]["seats"] == [1]
                and (mine["seq"], mine["hash"]) == (theirs[-1]["seq"], theirs[-1]["hash"])
                == (state["seq"], state["hash"]))

    wait_for(back, "both machines back at the same move", ann, cleo)
    assert ann.seen("play")[0]["seq"] == state["seq"]      # the resumed table began there
    assert since_rejoin()[0]["seq"] == state["seq"]
    ann.tell("go")

    def played_on() -> bool:
        mine, theirs = ann.last("play"), since_rejoin()
        return (mine["seq"] >= state["seq"] + 2 and any(1 in line["to_act"] for line in theirs)
                and (mine["seq"], mine["hash"]) == (theirs[-1]["seq"], theirs[-1]["hash"]))

    wait_for(played_on, "the game going on", ann, cleo)
    # nothing was pressed but Rejoin on Cleo's side, and the resume prompt on Ann's
    assert [line["what"] for line in cleo.seen("pressed")] == ["rejoin"]
    assert [line["what"] for line in ann.seen("pressed")] == ["continue"]


@pytest.mark.parametrize("order", ["rejoin_first", "host_first", "guest_crashed_too"])
def test_the_guests_rejoin_finds_the_resumed_table_and_the_game_goes_on(tmp_path, order):
    ann_home, port, cleo, state = play_then_crash_the_host(tmp_path)
    ann = None
    try:
        if order == "rejoin_first":
            cleo.tell("rejoin")       # pressed while nothing answers at that address yet
            wait_for(lambda: cleo.seen("pressed", what="rejoin"), "Rejoin pressed", cleo)
        elif order == "guest_crashed_too":
            cleo.kill()               # Cleo's client is gone as well
        ann = Client(ann_home, "relaunch", "--port", str(port), "--player", "Ann",
                     "--stop-at", "0")
        alive = [ann] + ([cleo] if order != "guest_crashed_too" else [])
        wait_for(lambda: ann.seen("screen", name="HostLobbyScreen"), "the resumed lobby",
                 *alive)
        if order == "host_first":
            cleo.tell("rejoin")
        elif order == "guest_crashed_too":
            # started again, Cleo's client offers "Rejoin Ann's table as Cleo" first (its
            # save keeps the seat token and the address): Enter on it, nothing else
            cleo = Client(tmp_path / "cleo", "relaunch")
            wait_for(lambda: cleo.seen("screen", name="ResumeScreen"), "the rejoin offer",
                     cleo, ann)
            assert cleo.seen("screen", name="ResumeScreen")[0]["focus"] == "rejoin"
        goes_on_at_the_same_move(ann, cleo, state)
    finally:
        for client in (cleo, ann):
            if client is not None:
                client.kill()


def test_a_name_never_takes_a_seat_its_owner_proves_on_a_resumed_table(tmp_path):
    ann_home, port, cleo, state = play_then_crash_the_host(tmp_path)
    ann = None
    try:
        ann = Client(ann_home, "relaunch", "--port", str(port), "--player", "Ann",
                     "--stop-at", "0")
        wait_for(lambda: ann.seen("screen", name="HostLobbyScreen"), "the resumed lobby",
                 ann, cleo)
        # a third machine (no save of this table) asks for Cleo's seat by her name
        env = dict(os.environ, TRACKLAYER_HOME=str(tmp_path / "other"))
        taker = subprocess.Popen(
            [sys.executable, str(ROOT / "run.py"), "join", f"127.0.0.1:{port}", "--headless",
             "--name", "Cleo", "--timeout", "60"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        said: list[dict] = []
        reader = threading.Thread(target=collect_json_lines, args=(taker.stdout, said),
                                  daemon=True)
        reader.start()
        seated = lambda: [line for line in said if line.get("event") == "joined"  # noqa: E731
                          and line.get("seats")]
        wait_for(lambda: taker.poll() is not None or seated(), "the name-taker's answer",
                 ann, cleo)
        if taker.poll() is None:
            taker.kill()
        taker.wait(timeout=10)
        reader.join(timeout=10)          # every line it printed is read
        assert not seated(), f"a name took the seat of a machine that can prove it: {said}"
        error = taker.stderr.read()
        assert taker.returncode != 0 and "Cleo" in error and \
            "waits for the machine that played it" in error, error
        # the owner's machine proves it held the seat and plays on
        cleo.tell("rejoin")
        goes_on_at_the_same_move(ann, cleo, state)
    finally:
        for client in (cleo, ann):
            if client is not None:
                client.kill()

"""The crash story of a LAN evening, through the real clients' screens: Ann hosts Metro in this
process, Cleo joins from a second client process over loopback; after 4 moves Cleo's client is
killed (SIGKILL, like a crashing laptop). The host's drop dialog comes up; Ann answers it (keep
waiting, or let a bot play). Cleo's relaunched client offers *Rejoin Ann's table as Cleo* first
(its save holds the seat token: nothing to type), rejoins, and is back in its seat with every
move; nobody waited on the seat longer than the wait limit without the dialog asking again.

Nothing here depends on how fast the machine is: the test waits for events (Cleo's client's
JSON lines, read as a stream; the host's screens and table), each for at most
``tests.patience.PATIENCE``, and the wait limit is checked on the table's own clock, frame by
frame (``AskedAgain``), never by how long a frame took."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.benchmarks.net_soak import collect_json_lines
from game.client.screens.netplay import NetPlayScreen
from game.client.screens.net_notice import SeatDroppedScreen
from game.client.text import t
from tests.test_client_lan import host_app_table, metro_click_move, shot
from tests.patience import PATIENCE
from tests.test_client_support import click, make_app
from tests.lan_loopback import use_loopback

ROOT = Path(__file__).resolve().parents[1]
WAIT_LIMIT = 1.5


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch, connect_timeout=2.0, wait_limit=WAIT_LIMIT)


class ClientProcess:
    """``tests/lan_client_process.py`` in a subprocess: its JSON lines collected, its stdin
    a command line (``tell``)."""

    def __init__(self, home: Path, *args: str, test_game: bool = True) -> None:
        # test_game: the client has Pebbles as this process has (the same rules version: its
        # table is this process'); a table of child processes and run.py ones leaves it out
        env = dict(os.environ, TRACKLAYER_TEST_GAME="1" if test_game else "0",
                   TRACKLAYER_HOME=str(home),
                   SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.lan_client_process", *args],
                                     cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[dict] = []
        self.errors: list[str] = []
        threading.Thread(target=collect_json_lines, args=(self.proc.stdout, self.lines),
                         daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read_errors(self) -> None:
        for line in self.proc.stderr:
            self.errors.append(line)

    def seen(self, at: str, **fields) -> list[dict]:
        return [line for line in list(self.lines) if line["at"] == at
                and all(line.get(k) == v for k, v in fields.items())]

    def last(self, at: str) -> dict | None:
        found = self.seen(at)
        return found[-1] if found else None

    def tell(self, command: str) -> None:
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def story(self) -> str:
        """What the client said last (for a failure message)."""
        return f"{self.lines[-6:]} {''.join(self.errors[-8:])}"


def run_until(host, condition, each=None, what: str = "") -> None:
    """Run the host's frames (``each()`` after every one) until ``condition()`` holds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {PATIENCE:g} s")
        host.run(frames=1)
        if each is not None:
            each()
        time.sleep(0.002)


class AskedAgain:
    """While Cleo's seat is waited on, the host is asked again as soon as the wait limit has
    passed since it was last asked: a frame that starts with the limit passed on the table's
    own clock ends with the dialog on screen. ``check()`` runs after every frame."""

    def __init__(self, host, play, endpoint) -> None:
        self.host, self.play, self.endpoint = host, play, endpoint
        self.due = 0              # frames started with the limit passed and the seat waited on

    def check(self) -> None:
        waited = 1 in self.endpoint.seat_waits.waiting_on() and not self.play.match.is_over()
        # the screen reads the clock inside its frame and this check after it, so a frame that
        # starts right at the limit may see it a frame later: asked again within three frames
        # of the limit is "at once"; never asking again still fails
        if self.due >= 3 and waited:
            assert isinstance(self.host.top, SeatDroppedScreen), \
                "the seat was waited on past the limit without asking again"
        asked = self.play.asked_at.get(1)
        past = (waited and self.host.top is self.play and asked is not None
                and self.endpoint.clock() - asked >= WAIT_LIMIT)
        self.due = self.due + 1 if past else 0


def host_turns(host, play):
    """Ann plays her own seat whenever it is to act (and nothing covers the board)."""
    def each():
        if host.top is play and 0 in play.match.to_act() and not play.board.busy():
            metro_click_move(host, play, 0, pick=play.match.seq)
    return each


@pytest.mark.timeout(300)
@pytest.mark.parametrize("answer", ["wait", "bot"])
def test_a_guest_whose_client_dies_gets_back_into_its_seat(tmp_path, answer):
    host = make_app(tmp_path / "ann", player_names=["Ann"])
    guest_home = tmp_path / "cleo"
    guest_home.mkdir()
    guest = again = None
    try:
        lobby = host_app_table(host)
        server = lobby.session.conn
        guest = ClientProcess(guest_home, "join", f"127.0.0.1:{server.port}")
        run_until(host, lambda: lobby.session.can_start,
                  what=f"Cleo ready {guest.lines} {guest.errors[-5:]}")
        # the joined lobby focused "I'm ready" once the seat arrived: one Enter readied Cleo
        # (her client says so on its output, which may come after the host heard her: read
        # on until the line is there)
        run_until(host, lambda: guest.seen("ready"), what=f"Cleo's ready line {guest.lines}")
        assert guest.seen("ready", ready=True)
        click(host, lobby.form.item("start").rect.center)
        run_until(host, lambda: isinstance(host.top, NetPlayScreen), what="started")
        play = host.top
        endpoint = server.endpoint
        mover = host_turns(host, play)
        # (a fair table: chance entries, seat None, sit between the moves)
        run_until(host, lambda: endpoint.seq >= 8 and endpoint.match.log[7].hash, mover,
                  what="4 moves")
        assert 1 in [e.seat for e in endpoint.match.log[:8]]     # Cleo played some of them
        guest.kill()                                    # the laptop crashes
        run_until(host, lambda: isinstance(host.top, SeatDroppedScreen), what="dialog")
        dialog = host.top
        assert dialog.form.focused.key == "bot"
        shot(host, "crash_dropped")
        limit = AskedAgain(host, play, endpoint)

        def moves_and_limit():
            limit.check()
            mover()
            limit.check()

        if answer == "wait":
            click(host, dialog.form.item("wait").rect.center)
            assert host.top is play
            # Ann moves if it is her turn: Cleo's seat then waits on the board
            # (or, on a fair table, a tile dealt to Ann waits for Cleo's machine's share)
            from net.fair.wait import play_owing

            cleo = endpoint.fair.seat_dealers[1]
            run_until(host, lambda: 1 in endpoint.match.to_act() or play_owing(
                endpoint.fair) == [cleo], moves_and_limit, what="Cleo's turn")
            if 1 in endpoint.match.to_act():
                # not "Cleo is thinking…" for good: the header says the table waits for her
                assert play.board.turn_line(1) == t("rejoin.turn_waiting", name="Cleo")
            # the dialog comes back while the seat is waited on (at the first frame past the
            # limit: AskedAgain), not before the limit: no waiting for good, no nagging
            run_until(host, lambda: isinstance(host.top, SeatDroppedScreen), moves_and_limit,
                      what="the dialog again")
            assert host.top.state()["waited"] >= WAIT_LIMIT - 0.1
            shot(host, "crash_asked_again")
            click(host, host.top.form.item("wait").rect.center)
        else:
            click(host, dialog.form.item("bot").rect.center)
            run_until(host, lambda: endpoint.seating.statuses()[1] == "bot", what="bot plays")
        seq_at_relaunch = endpoint.seq
        # Cleo's client is started again: it offers her own seat first
        again = ClientProcess(guest_home, "relaunch")

        def watch():
            moves_and_limit()        # between two askings: never past the limit
            if isinstance(host.top, SeatDroppedScreen):
                click(host, host.top.form.item("wait").rect.center)
                limit.check()

        run_until(host, lambda: again.seen("screen", name="ResumeScreen"), watch,
                  what=f"resume prompt {again.lines} {again.errors[-5:]}")
        prompt = again.seen("screen", name="ResumeScreen")[0]
        assert prompt["focus"] == "rejoin"
        assert prompt["label"] in (t("rejoin.rejoin_named", host="Ann", name="Cleo"),
                                   t("rejoin.looking_named", host="Ann"))
        run_until(host, lambda: endpoint.seating.statuses()[1] == "connected", watch,
                  what=f"Cleo back {again.lines[-3:]} {again.errors[-5:]}")
        assert not isinstance(host.top, SeatDroppedScreen)
        assert 1 in endpoint.seat_holder(1).seats and endpoint.slots[1].bot_level == ""
        # Cleo's client plays her seat again and holds every move of the table
        target = max(seq_at_relaunch, endpoint.seq) + 4

        def caught_up():
            state = again.last("play")
            return (state is not None and state["seq"] >= target and state["seats"] == [1]
                    and endpoint.match.log[state["seq"] - 1].hash == state["hash"])

        run_until(host, caught_up, watch, what=f"play on {again.lines[-3:]}")
        moves_by_cleo = [e for e in endpoint.match.log[seq_at_relaunch:] if e.seat == 1]
        assert moves_by_cleo, "Cleo moved again after rejoining"
        if answer == "bot":
            assert [c[1] for c in endpoint.commands] == ["bot", "back"]
        else:
            assert endpoint.commands == []
        shot(host, f"crash_back_{answer}")
    finally:
        for process in (guest, again):
            if process is not None:
                process.kill()
        host.shutdown()

"""A real client (``App``, headless) in its own process, for the LAN crash tests: the test kills
it like a crashing laptop and starts it again like a relaunched client.

    python -m tests.lan_client_process join HOST:PORT    title -> Join a LAN table -> typed
                                                         address -> I'm ready (Enter) -> play
    python -m tests.lan_client_process host              title -> Host a LAN table -> Metro ->
                                                         Open the table -> Start once the
                                                         guest is ready -> play
    python -m tests.lan_client_process relaunch          title at start -> the resume prompt ->
                                                         Enter on its focused item -> play
                                                         (a host's save: *Resume as LAN host*,
                                                         then nothing: no Start pressed)

Options: ``--port P`` (the port a host listens on, as a real host keeps 5055), ``--shots DIR``
(a PNG of the window whenever the top screen or its status line changes), ``--stop-at N``
(our seats stop moving once the game is at move N: the table idles on our turn, so a test can
kill it at a known move), ``--frames F``. Commands on stdin, one a line: ``rejoin`` presses
Enter on the *Rejoin* of the connection-lost notice (as soon as it is shown); ``go`` lifts
``--stop-at``.

``TRACKLAYER_HOME`` is the machine's data folder (its saves, the settings of the player,
``--player``, "Cleo" by default). Input is synthetic pygame events only, as a player's; whenever
one of this client's seats is to act on the Metro board it clicks a legal square. It prints
JSON lines for the test: ``screen`` (name, focused item key and its label) when the top screen
changes, ``hosting`` (port), ``pressed`` (what it pressed), ``play`` (seq, hash, our seats,
statuses) when the game moves, and runs until killed (or ``--frames``).
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests import fourth_game  # noqa: E402
from tests.test_client_support import click, key, make_app, text  # noqa: E402

# TRACKLAYER_TEST_GAME=1: the same games as a test process (tests/conftest.py registers
# Pebbles) when this client meets that process' table: the same rules version, or the host
# refuses the other client at the handshake (a table of child processes only, run.py ones
# among them, leaves it out)
if os.environ.get("TRACKLAYER_TEST_GAME") == "1":
    fourth_game.install()


def say(**fields) -> None:
    print(json.dumps(fields), flush=True)


def option(argv: list[str], name: str, default: str | None = None) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else default


def top_info(app) -> dict:
    top = app.top
    form = getattr(top, "form", None)
    focused = form.focused if form is not None else None
    return {"name": type(top).__name__, "focus": focused.key if focused else "",
            "label": focused.label() if focused else ""}


def play_turn(app, play) -> bool:
    """Click a legal square for one of our seats to act (True if we clicked)."""
    from game.client.games.metro.geometry import square_rect

    for seat in play.match.to_act():
        if seat in play.human_seats() and not play.session.waiting_for(seat) \
                and not play.board.busy():
            legal = sorted(play.board.legal_squares(seat))
            if legal:
                click(app, square_rect(legal[play.match.seq % len(legal)]).center)
                return True
    return False


def read_commands(into: queue.Queue) -> None:
    for line in sys.stdin:
        into.put(line.strip())


def open_host_table(app) -> None:
    """Title -> Host a LAN table -> Metro -> its setup (me + an open seat) -> Open the table."""
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)          # Host a LAN table
    key(app, pygame.K_RETURN)          # Metro
    click(app, app.top.form.item("start").rect.center)      # Open the table
    say(at="hosting", port=app.top.session.port)


def main(argv: list[str]) -> int:
    from game.client.screens.netplay import NET_DEFAULTS, NetPlayScreen
    from game.client.screens.lobby import HostLobbyScreen
    from game.client.screens.net_lobby import JoinedLobbyScreen
    from game.client.screens.net_notice import ConnectionLostScreen
    from game.client.screens.title import TitleScreen

    NET_DEFAULTS.update(targets=[], discovery_port=None, connect_timeout=2.0,
                        bind="127.0.0.1", port=int(option(argv, "--port", "0")))   # no broadcast
    mode = argv[0]
    frames = int(option(argv, "--frames", str(10 ** 9)))
    stop_at = int(option(argv, "--stop-at", str(10 ** 9)))
    commands: queue.Queue = queue.Queue()
    threading.Thread(target=read_commands, args=(commands,), daemon=True).start()
    wanted: set[str] = set()
    app = make_app(Path(os.environ["TRACKLAYER_HOME"]),
                   player_names=[option(argv, "--player", "Cleo")])
    app.push(TitleScreen(app))
    app.run(frames=1)
    if mode == "join":
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)          # Join a LAN table
        finder = app.top
        finder.form.focus = [i.key for i in finder.form.items].index("address")
        key(app, pygame.K_RETURN)
        text(app, argv[1])
        key(app, pygame.K_RETURN)
        click(app, finder.form.item("join_address").rect.center)
    elif mode == "host":
        open_host_table(app)
    shots = option(argv, "--shots")
    last_screen, last_play, readied, started = None, None, False, False
    last_look: tuple = ()
    for _frame in range(frames):
        app.run(frames=1)
        time.sleep(0.004)     # paced like a real client's frames (headless ones are not)
        while not commands.empty():
            wanted.add(commands.get())
        if "go" in wanted:
            wanted.discard("go")
            stop_at = 10 ** 9
        info = top_info(app)
        if info != last_screen:
            last_screen = info
            say(at="screen", **info)
        top = app.top
        if shots:
            status = getattr(top, "status", "")
            look = (info["name"], status() if callable(status) else status,
                    tuple(toast.text for toast in app.toasts.items))
            if look != last_look:
                last_look = look
                os.makedirs(shots, exist_ok=True)
                app.screenshot(os.path.join(shots, f"{_frame:06d}_{info['name']}.png"))
        if isinstance(top, JoinedLobbyScreen) and top.mine and not readied:
            readied = True
            key(app, pygame.K_RETURN)       # the focused item once our seat is there: ready
            say(at="ready", ready=top.ready)
        elif isinstance(top, HostLobbyScreen) and mode == "host" and not started \
                and top.session.can_start:
            started = True
            click(app, top.form.item("start").rect.center)
            say(at="pressed", what="start")
        elif type(top).__name__ == "ResumeScreen" and mode == "relaunch":
            mode = "relaunched"
            key(app, pygame.K_RETURN)       # what the prompt offers first
            say(at="pressed", what=info["focus"])
        elif isinstance(top, ConnectionLostScreen) and "rejoin" in wanted \
                and info["focus"] == "rejoin":
            wanted.discard("rejoin")
            key(app, pygame.K_RETURN)       # Rejoin, and nothing else from here on
            say(at="pressed", what="rejoin")
        elif isinstance(top, NetPlayScreen):
            match = top.match
            digest = match.log[-1].hash if match.log else ""
            state = (id(top), match.seq, digest, tuple(top.session.statuses))
            if state != last_play:
                last_play = state
                say(at="play", seq=match.seq, hash=digest, seats=top.human_seats(),
                    statuses=list(top.session.statuses), over=match.is_over(),
                    to_act=list(match.to_act()))
            if match.seq < stop_at:
                play_turn(app, top)
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

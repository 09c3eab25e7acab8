"""No traceback ever reaches a user from ``run.py``: wrong arguments and garbage input to every
subcommand end with exit status 2 (bad input) or 1 (a runtime failure) and one clear line on
stderr; a refused ``score`` prints nothing on stdout.

Most cases run in-process through ``game.cli.main`` (fast enough for hypothesis); the client,
the LAN server and the network connection are replaced by stand-ins, so a command that gets
past its argument checks stops at once instead of opening a window or waiting for players.
A few end-to-end cases run ``run.py`` in a subprocess.
"""

from __future__ import annotations

import io
import json
import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.cli
from game.cli import main
from game.rules import get_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["metro", "metromania", "railroad-ink"]
COMMANDS = ["play", "host", "join", "selfplay", "score", "replay", "bench"]


class Outcome:
    def __init__(self, status: int, out: str, err: str) -> None:
        self.status, self.out, self.err = status, out, err

    def __repr__(self) -> str:
        return f"Outcome(status={self.status}, out={self.out[:200]!r}, err={self.err[:400]!r})"


def _stdin(data: bytes | str | None):
    if data is None:
        return None
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")


def run_cli(argv: list[str], stdin: bytes | str | None = b"") -> Outcome:
    """``main(argv)`` with stdin fed and stdout/stderr captured; SystemExit becomes a status."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = _stdin(stdin), out, err
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Outcome(status, out.getvalue(), err.getvalue())


def assert_refused(outcome: Outcome, statuses=(2,), stdout_empty: bool = False) -> None:
    """A refusal: the expected status, a clear last line on stderr, no traceback anywhere."""
    assert outcome.status in statuses, outcome
    assert "Traceback" not in outcome.err and "Traceback" not in outcome.out, outcome
    lines = outcome.err.strip("\n").split("\n")
    assert lines and lines[-1].startswith("run.py"), outcome
    assert len(lines[-1]) <= 400, outcome
    message = lines[-1].split(": ", 1)[-1]
    assert len(message.strip()) >= 10, outcome
    if not outcome.err.lstrip().startswith("usage:"):
        assert len(lines) == 1, outcome            # our own refusals are one line
    if stdout_empty:
        assert outcome.out == "", outcome


def assert_handled(outcome: Outcome) -> None:
    """Any result at all, but an error is one of ours (status 1/2 with a message)."""
    assert "Traceback" not in outcome.err and "Traceback" not in outcome.out, outcome
    assert "unexpected error" not in outcome.err, outcome
    if outcome.status != 0:
        assert_refused(outcome, statuses=(1, 2))


# -- stand-ins: a command that passes its checks stops instead of opening windows or sockets ---

class _FakeApp:
    def __init__(self, *args, **kwargs) -> None:
        self.pushed = []

    def push(self, screen) -> None:
        self.pushed.append(screen)

    def run(self, frames=None) -> None:
        _FakeApp.last = self

    def screenshot(self, path) -> None:
        pass

    def shutdown(self) -> None:
        pass


class _FakeScreen:
    def __init__(self, app, *args, **kwargs) -> None:
        self.args = args


class _NoServer:
    def __init__(self, *args, **kwargs) -> None:
        raise OSError(98, "stand-in: no server in this test")


class _NoConnection:
    @classmethod
    def connect(cls, host, port, **kwargs):
        raise OSError(111, "stand-in: no connection in this test")


@pytest.fixture(autouse=True)
def _stand_ins(monkeypatch):
    import game.client.app
    import game.client.lan_entry
    import game.client.screens.play
    import game.client.screens.title
    import net.client
    import net.host

    monkeypatch.setattr(game.client.app, "App", _FakeApp)
    monkeypatch.setattr(game.client.screens.title, "TitleScreen", _FakeScreen)
    monkeypatch.setattr(game.client.screens.play, "PlayScreen", _FakeScreen)
    monkeypatch.setattr(game.client.lan_entry, "run_lan_client", lambda *a, **k: 0)
    monkeypatch.setattr(net.host, "HostServer", _NoServer)
    monkeypatch.setattr(net.client, "ClientConnection", _NoConnection)


# -- the contract: no arguments, help ----------------------------------------------------------

def test_no_arguments_open_the_title_screen():
    outcome = run_cli([])
    assert outcome.status == 0, outcome
    assert [type(s) for s in _FakeApp.last.pushed] == [_FakeScreen]  # the title screen only


def test_help_lists_every_working_subcommand_and_each_has_clear_help():
    outcome = run_cli(["--help"])
    assert outcome.status == 0
    listed = [line.split()[0] for line in outcome.out.splitlines()
              if line.startswith("    ") and line.split()[0] in COMMANDS]
    assert listed == COMMANDS
    for command in COMMANDS:
        help_text = run_cli([command, "--help"])
        assert help_text.status == 0, help_text
        assert help_text.out.startswith(f"usage: run.py {command}"), help_text
        assert getattr(game.cli, "_load_commands")()[command].HELP in help_text.out
    score_help = run_cli(["score", "--help"]).out
    for name in GAMES:
        assert name in score_help                     # the games and their variants are listed
    assert "orientation" in score_help and "volcano" in score_help and "unfair" in score_help


def test_play_defaults_two_human_seats_and_a_fresh_seed_unless_scripted():
    seeds = set()
    for _ in range(3):
        outcome = run_cli(["play", "metro"])
        assert outcome.status == 0, outcome
        app = _FakeApp.last
        match = app.pushed[1].args[0]
        assert match.config["players"] == 2
        assert [seat.kind for seat in match.seats] == ["human", "human"]
        seeds.add(match.seed)
    assert len(seeds) > 1                              # a new table each time
    assert run_cli(["play", "metro", "--frames", "1"]).status == 0
    assert _FakeApp.last.pushed[1].args[0].seed == 1   # scripted runs repeat
    assert run_cli(["play", "railroad-ink", "--bots", "1"]).status == 0
    assert [s.kind for s in _FakeApp.last.pushed[1].args[0].seats] == ["human", "bot"]


# -- wrong arguments for every subcommand ----------------------------------------------------

BAD_ARGUMENTS = [
    # unknown game, bad numbers, unknown variants, variants that do not fit the table
    ["play", "chess"], ["play", "metro", "--players", "0"], ["play", "metro", "--players", "-3"],
    ["play", "metro", "--players", str(10 ** 30)], ["play", "metro", "--players", "two"],
    ["play", "metro", "--variant", "nope"], ["play", "metro", "--expansion", "river"],
    ["play", "railroad-ink", "--expansion", "lava"],
    ["play", "railroad-ink", "--expansion", "river", "--expansion", "lake"],
    ["play", "metro", "--variant", "hand2", "--variant", "hand3"],
    ["play", "metromania", "--variant", "unfair"],            # the variants need 3-4 players
    ["play", "metro", "--bots", "-1"], ["play", "metro", "--bots", "7"],
    ["play", "metro", "--level", "genius", "--bots", "1"], ["play", "metro", "--frames", "0"],
    ["play", "metro", "--frames", "-5"], ["play", "metro", "--screenshot", "x.png"],
    ["play", "metro", "--frames", "1", "--screenshot", "/nonexistent-dir/x.png"],
    ["play", "metro", "--frames", "1", "--screenshot", "."],
    ["play", "--players", "3"], ["play", "metro", "--seed", "x" * 1000], ["play", "--bogus"],
    ["play", "metro", "extra"],
    ["play", "metro", "--window", "huge"], ["play", "metro", "--window", "100x100"],
    # host
    ["host", "--headless"], ["host", "chess", "--headless"], ["host", "metro", "--port", "-1"],
    ["host", "metro", "--headless", "--port", "70000"], ["host", "metro", "--port", "x"],
    ["host", "metro", "--headless", "--players", "1"],
    ["host", "metro", "--headless", "--bots", "5"],
    ["host", "metro", "--headless", "--bot", "genius"],
    ["host", "metro", "--headless", "--timeout", "-5"],
    ["host", "metro", "--headless", "--timeout", "nan"],
    ["host", "metro", "--headless", "--timeout", "inf"],
    ["host", "metro", "--headless", "--discovery-port", "99999"],
    ["host", "metro", "--headless", "--name", ""], ["host", "metro", "--headless", "--name", "x" * 99],
    ["host", "railroad-ink", "--headless", "--expansion", "meteor", "--expansion", "river"],
    # join: HOST:PORT forms, numbers
    ["join", "--headless"], ["join", ":5055", "--headless"],
    ["join", "localhost:", "--headless"], ["join", "localhost:0", "--headless"],
    ["join", "localhost:65536", "--headless"], ["join", "localhost:-1", "--headless"],
    ["join", "localhost:http", "--headless"], ["join", "::1:zz", "--headless"],
    ["join", "[x]", "--headless"], ["join", "1.2.3.4:5:6", "--headless"],
    ["join", "[::1:5055", "--headless"], ["join", "host name:5055", "--headless"],
    ["join", "localhost:\u0663\u0663", "--headless"], ["join", "localhost:5055x", "--headless"],
    ["join", "bad name"], ["join", "localhost:99999"],
    ["join", "127.0.0.1:9", "--headless", "--seats", "-1"],
    ["join", "127.0.0.1:9", "--headless", "--seats", "99"],
    ["join", "127.0.0.1:9", "--headless", "--bot", "genius"],
    ["join", "127.0.0.1:9", "--headless", "--timeout", "-1"],
    ["join", "127.0.0.1:9", "--headless", "--move-delay", "nan"],
    ["join", "127.0.0.1:9", "--headless", "--move-delay", "-1"],
    ["join", "127.0.0.1:9", "--headless", "--token", "t" * 100],
    ["join", "127.0.0.1:9", "--headless", "--name", "a\nb"],
    # selfplay
    ["selfplay"], ["selfplay", "chess"], ["selfplay", "metro", "--games", "0"],
    ["selfplay", "metro", "--games", "-2"], ["selfplay", "metro", "--games", "many"],
    ["selfplay", "metro", "--players", "1"], ["selfplay", "railroad-ink", "--players", "33"],
    ["selfplay", "metro", "--bots", ","], ["selfplay", "metro", "--bots", "random,genius"],
    ["selfplay", "metromania", "--variant", "hand2"],
    ["selfplay", "metro", "--expansion", "lake"],
    # score (arguments; stdin is empty)
    ["score"], ["score", "chess"], ["score", "metro", "--players", "7"],
    ["score", "metro", "--players", "0"], ["score", "metro", "--variant", "river"],
    ["score", "metromania", "--players", "2", "--variant", "no-corruption"],
    ["score", "railroad-ink", "--expansion", "river", "--expansion", "lake"],
    ["score", "railroad-ink", "--players", "-1"],
    # replay and bench
    ["replay"], ["replay", "/nonexistent/file.tlsave"], ["replay", "."], ["replay", ""],
    ["replay", "/nonexistent", "--verify"], ["bench", "--only", "no-such-section"],
    ["bench", "--bogus"], ["bench", "extra"],
    # the top level
    ["chess"], ["--bogus"], ["-x"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=lambda a: " ".join(a)[:60])
def test_wrong_arguments_are_refused_with_one_clear_line(argv):
    assert_refused(run_cli(argv), stdout_empty=True)


@pytest.mark.parametrize("argv", [
    ["host", "metro", "--headless", "--port", "0", "--discovery-port", "-1", "--timeout", "1"],
    ["join", "127.0.0.1:9", "--headless"], ["join", "[::1]:5055", "--headless"],
    # no port: the usual 5055
    ["join", "localhost", "--headless"], ["join", "::1", "--headless"],
    ["join", "[::1]", "--headless"],
])
def test_network_failures_are_status_1_with_one_line(argv):
    assert_refused(run_cli(argv), statuses=(1,), stdout_empty=True)


def test_replay_of_files_that_are_not_saves(tmp_path):
    cases = {"empty": b"", "binary": bytes(range(256)) * 8, "json": b'{"a": 1}',
             "truncated-json": b'{"format": "tracklayer", "moves": [', "text": "hello\n".encode(),
             "nul": b"\0" * 100}
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        for extra in ([], ["--verify"], ["--json"]):
            assert_refused(run_cli(["replay", str(path), *extra]))
    assert_refused(run_cli(["replay", str(tmp_path)]))               # a folder


# -- score: garbage, binary, empty, huge input and another game's notation --------------------

def _sample_moves(name: str, config_players: int, count: int = 12) -> str:
    game = get_game(name)
    config = game.make_config(config_players, [])
    state = game.new_game(config, 1)
    texts = []
    for _ in range(count):
        acting = game.to_act(state)
        if not acting:
            break
        move = game.legal_moves(state, acting[0])[0]
        texts.append(str(move))
        game.apply(state, acting[0], move)
    return "\n".join(texts)


METRO_BOARD = "acba@A1 acba@A2 baac@B1 aacb@B2"
RAILROAD_SHEET = "road-straight@D1/1 road-straight@D2/1"


@pytest.mark.parametrize("name,text", [
    ("metro", RAILROAD_SHEET), ("metromania", METRO_BOARD), ("railroad-ink", METRO_BOARD),
    ("metro", "__METROMANIA__"), ("railroad-ink", "__METROMANIA__"),
    ("metromania", RAILROAD_SHEET),
])
def test_score_refuses_another_games_notation(name, text):
    if text == "__METROMANIA__":
        text = _sample_moves("metromania", 2)
    assert_refused(run_cli(["score", name], stdin=text), stdout_empty=True)


@pytest.mark.parametrize("name", GAMES)
def test_score_refuses_binary_huge_and_missing_input(name):
    assert_refused(run_cli(["score", name], stdin=bytes(range(256))), stdout_empty=True)
    assert_refused(run_cli(["score", name], stdin=b"\xff\xfe\x00\x01"), stdout_empty=True)
    assert_refused(run_cli(["score", name], stdin=b"ab\0cd"), stdout_empty=True)
    assert_refused(run_cli(["score", name], stdin=b"x" * (2 << 20)), stdout_empty=True)
    huge_token = ("q" * 100_000 + "\n").encode()
    assert_refused(run_cli(["score", name], stdin=huge_token), stdout_empty=True)
    assert_refused(run_cli(["score", name], stdin=None), stdout_empty=True)   # stdin closed
    assert_refused(run_cli(["score", name], stdin="\x1b[2J\r\n\t\x07 ~~"), stdout_empty=True)


@pytest.mark.parametrize("name,text", [("metro", ""), ("railroad-ink", ""), ("metromania", ""),
                                       ("metro", METRO_BOARD), ("railroad-ink", RAILROAD_SHEET),
                                       ("metromania", "__OWN__")])
def test_score_accepts_its_own_notation_and_empty_input(name, text):
    if text == "__OWN__":
        text = _sample_moves("metromania", 2)
    seed = ["--seed", "1"] if name == "metromania" else []   # a whole game from its seed
    outcome = run_cli(["score", name, *seed], stdin=text)
    assert outcome.status == 0, outcome
    assert isinstance(json.loads(outcome.out), dict)


def test_score_metromania_needs_the_games_seed():
    outcome = run_cli(["score", "metromania"], stdin=_sample_moves("metromania", 2))
    assert outcome.status == 2 and outcome.out == "" and "--seed" in outcome.err


TOKEN_CHARS = string.ascii_letters + string.digits + "@/:,-_ .#\n\t"


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES),
       stdin=st.one_of(st.binary(max_size=300),
                       st.text(alphabet=TOKEN_CHARS, max_size=120),
                       st.text(max_size=80)))
def test_score_never_fails_badly_on_any_input(name, stdin):
    outcome = run_cli(["score", name], stdin=stdin)
    assert_handled(outcome)
    if outcome.status == 0:
        assert isinstance(json.loads(outcome.out), dict)
    else:
        assert outcome.status == 2 and outcome.out == "", outcome


# -- hypothesis: argument lists built from the options each subcommand knows ------------------

NUMBERS = st.one_of(st.integers(-(10 ** 20), 10 ** 20).map(str),
                    st.sampled_from(["0", "-1", "1", "2", "8", "9", "x", "", "1.5", "1e3", "nan",
                                     "inf", "0x10", " 3", "٣"]))
WORDS = st.one_of(st.sampled_from(["metro", "metromania", "railroad-ink", "chess", "", "-",
                                   "river", "lake", "meteor", "volcano", "companies", "hand2",
                                   "hand3", "orientation", "unfair", "no-corruption", "random",
                                   "easy", "genius", "--", "-h"]),
                  st.text(alphabet=string.ascii_letters + "-_:", max_size=12))
ADDRESSES = st.one_of(
    st.sampled_from(["127.0.0.1:9", "[::1]:9", "localhost:9", "::1", "[::1]", "x:y:z",
                     "127.0.0.1:0", "127.0.0.1:65536", ":", "", "a b:9", "[::1]:99999"]),
    st.builds(lambda h, p: f"{h}:{p}", st.sampled_from(["127.0.0.1", "[::1]", "", "bad host"]),
              st.text(alphabet=string.digits + "x-", max_size=7)))

OPTIONS = {
    "play": {"--players": NUMBERS, "--bots": NUMBERS, "--variant": WORDS, "--expansion": WORDS,
             "--seed": WORDS, "--level": WORDS, "--frames": NUMBERS},
    "host": {"--players": NUMBERS, "--bots": NUMBERS, "--variant": WORDS, "--port": NUMBERS,
             "--discovery-port": NUMBERS, "--bot": WORDS, "--timeout": NUMBERS,
             "--expansion": WORDS, "--name": WORDS, "--headless": None},
    "join": {"--seats": NUMBERS, "--bot": WORDS, "--timeout": NUMBERS, "--move-delay": NUMBERS,
             "--name": WORDS, "--token": WORDS, "--headless": None},
    "selfplay": {"--players": NUMBERS, "--variant": WORDS, "--expansion": WORDS,
                 "--seed": WORDS, "--json": None,
                 "--games": st.sampled_from(["0", "-1", "x", "", "1", "1e9"]),
                 "--bots": st.sampled_from(["random", "", ",", "genius", "random,nope", "easy,"])},
    "score": {"--players": NUMBERS, "--variant": WORDS, "--expansion": WORDS, "--seed": WORDS},
}


@st.composite
def argument_lists(draw):
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = [command]
    if command == "join":
        argv.append(draw(ADDRESSES))
    elif draw(st.booleans()):
        argv.append(draw(WORDS))
    for option in draw(st.lists(st.sampled_from(sorted(OPTIONS[command])), max_size=5)):
        values = OPTIONS[command][option]
        argv.append(option)
        if values is not None:
            argv.append(draw(values))
    if command == "host" and "--timeout" not in argv:
        argv += ["--timeout", "1"]
    return argv


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(argv=argument_lists())
def test_generated_argument_lists_never_crash(argv):
    outcome = run_cli(argv, stdin=b"")
    assert_handled(outcome)
    if outcome.status == 2:
        assert outcome.out == "" or argv[0] == "selfplay", outcome


# -- a few end-to-end runs in a real subprocess -----------------------------------------------

def _run_py(*args, stdin: bytes = b"", tmp_path: Path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRACKLAYER_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, str(ROOT / "run.py"), *args], input=stdin, cwd=ROOT,
                          env=env, capture_output=True, timeout=60)


def test_end_to_end_refusals_in_a_subprocess(tmp_path):
    cases = [
        (("score", "metro"), bytes(range(256)) * 4, 2),
        (("score", "railroad-ink", "--expansion", "lava"), b"", 2),
        (("replay", str(tmp_path)), b"", 2),
        (("join", "not:an:address", "--headless"), b"", 2),
        (("selfplay", "metro", "--games", "0"), b"", 2),
        (("bench", "--only", "nothing-like-this"), b"", 2),
        (("play", "metro", "--players", "99"), b"", 2),
    ]
    for args, stdin, status in cases:
        done = _run_py(*args, stdin=stdin, tmp_path=tmp_path)
        err = done.stderr.decode("utf-8", "replace")
        assert done.returncode == status, (args, done.returncode, err)
        assert b"Traceback" not in done.stderr + done.stdout, (args, err)
        assert done.stdout == b"", (args, done.stdout)
        assert err.strip() and err.strip().splitlines()[-1].startswith("run.py"), (args, err)


def test_windowed_host_says_which_options_only_apply_headless():
    outcome = run_cli(["host", "metro", "--players", "3", "--bots", "1", "--timeout", "9"])
    assert outcome.status == 0, outcome
    assert "--timeout only apply with --headless" in outcome.err      # the table is the window's
    assert run_cli(["host", "metro", "--port", "5099"]).err == ""
    assert_refused(run_cli(["host", "--players", "3"]))              # a table needs a GAME
    assert_refused(run_cli(["host", "metro", "--bots", "3"]))        # 2 seats: 1 bot at most
    assert_refused(run_cli(["host", "metro", "--bot", "genius", "--bots", "1"]))


@pytest.mark.parametrize("seed", ["\u00b2", "\u00bd", "\u0663", "-1", " 7 ", "\u2460"])
def test_any_seed_text_is_a_seed(seed):
    # '²' is a digit to str.isdigit() but not to int(): it once crashed seed_from_text
    for argv in (["play", "metro"], ["selfplay", "metro"], ["score", "metro"]):
        outcome = run_cli([*argv, "--seed", seed], stdin="")
        assert outcome.status == 0, (argv, outcome)


def test_unicode_digits_are_not_numbers_anywhere():
    # str.isdigit() accepts '²', which int() refuses: each parser must reject it cleanly.
    outcome = run_cli(["score", "metromania", "--seed", "1"], stdin="²: pass\n")
    assert outcome.status == 2 and outcome.out == "" and "Traceback" not in outcome.err
    from game.client.screens.netplay import parse_address
    assert parse_address("host:²") is None and parse_address("host:٥٠٥٥") is None
    assert parse_address("host:5055") == ("host", 5055)

"""The command line's words (issue 26, item 16): ``play --help`` and ``host --help`` list every
game's variants and expansions (the options promise them "below"); the usage and error lines
name the program as it was started (``tracklayer`` when PyInstaller froze it or when it runs
as the installed console script, ``run.py``, ``python -m game.cli``); ``join HOST`` without a
port joins port 5055. Nothing here opens a window or a socket: the client and the connection
are stand-ins."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import available_games, get_game
from tests.test_cli_robustness import ROOT, run_cli


@pytest.mark.parametrize("command", ["play", "host"])
def test_help_lists_every_games_variants_and_expansions(command):
    outcome = run_cli([command, "--help"])
    assert outcome.status == 0, outcome
    text = outcome.out
    assert "listed below" in text                     # the options point there...
    below = text[text.index("listed below"):]
    for name in available_games():                    # ...and there they are
        game = get_game(name)
        assert f"  {name} (" in below, name
        for variant in game.variants:
            assert variant in below, (name, variant)
    assert "expansions (one at a time): lake, meteor, river, volcano" in below
    assert "variants: companies, hand2, hand3, orientation" in below


def test_host_help_says_the_window_takes_the_table_options():
    text = run_cli(["host", "--help"]).out
    assert "--players, --bots, --bot, --variant, --expansion, --name" in " ".join(text.split())


def _started_as(monkeypatch, argv0: str, frozen_executable: str | None = None) -> None:
    monkeypatch.setattr(sys, "argv", [argv0])
    if frozen_executable is None:
        monkeypatch.delattr(sys, "frozen", raising=False)
    else:
        monkeypatch.setattr(sys, "frozen", True, raising=False)
        monkeypatch.setattr(sys, "executable", frozen_executable)


@pytest.mark.parametrize("argv0, frozen, name", [
    ("/opt/dist/tracklayer/tracklayer", "/opt/dist/tracklayer/tracklayer", "tracklayer"),
    ("C:\\Games\\tracklayer\\tracklayer.exe", "C:/Games/tracklayer/tracklayer.exe",
     "tracklayer"),
    ("/home/ann/.local/bin/tracklayer", None, "tracklayer"),
    ("C:\\Python\\Scripts\\tracklayer.exe", None, "tracklayer"),
    ("/src/tracklayer/run.py", None, "run.py"),
])
def test_usage_and_errors_name_the_program_as_it_was_started(monkeypatch, argv0, frozen, name):
    _started_as(monkeypatch, argv0, frozen)
    outcome = run_cli(["--help"])
    assert outcome.out.startswith(f"usage: {name} [-h] COMMAND"), outcome
    assert run_cli(["play", "--help"]).out.startswith(f"usage: {name} play ")
    refused = run_cli(["play", "chess"])
    assert refused.status == 2 and refused.err.startswith(f"{name} play: "), refused
    usage = run_cli(["play", "--bogus"])
    assert usage.err.startswith(f"usage: {name} play"), usage


def test_the_built_program_names_itself_even_through_its_entry_script(monkeypatch, capsys):
    """PyInstaller's entry (tools/app_main.py) runs the command line: the frozen program
    names itself after its own file, whatever the script it was built from."""
    _started_as(monkeypatch, "/x/dist/tracklayer/tracklayer", "/x/dist/tracklayer/tracklayer")
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import app_main

    monkeypatch.setattr(sys, "argv", ["/x/dist/tracklayer/tracklayer", "--help"])
    with pytest.raises(SystemExit):
        app_main.main()
    assert capsys.readouterr().out.startswith("usage: tracklayer [-h]")


def test_the_installed_console_script_says_tracklayer(tmp_path):
    script = Path(sys.executable).parent / ("tracklayer.exe" if os.name == "nt" else "tracklayer")
    if not script.exists():
        pytest.skip("no tracklayer console script beside this Python (pip install -e .)")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TRACKLAYER_HOME=str(tmp_path))
    done = subprocess.run([str(script), "play", "--help"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: tracklayer play "), \
        done.stderr
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "play", "--help"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.startswith("usage: run.py play "), done.stderr


def test_join_without_a_port_uses_5055(monkeypatch):
    import game.client.lan_entry
    import net.client
    from game.cli.join import parse_address

    assert parse_address("kitchen-pc") == ("kitchen-pc", 5055)
    assert parse_address("192.168.1.5") == ("192.168.1.5", 5055)
    assert parse_address("192.168.1.5:6000") == ("192.168.1.5", 6000)
    assert parse_address("[fe80::1]") == ("fe80::1", 5055)
    assert parse_address("fe80::1") == ("fe80::1", 5055)
    assert parse_address("[::1]:7000") == ("::1", 7000)
    dialled = []

    class Recorder:
        @classmethod
        def connect(cls, host, port, **kwargs):
            dialled.append((host, port))
            raise OSError(111, "stand-in: nobody there")

    monkeypatch.setattr(net.client, "ClientConnection", Recorder)
    outcome = run_cli(["join", "kitchen-pc", "--headless"])
    assert outcome.status == 1 and "cannot reach kitchen-pc:5055" in outcome.err, outcome
    assert dialled == [("kitchen-pc", 5055)]
    opened = {}
    monkeypatch.setattr(game.client.lan_entry, "run_lan_client",
                        lambda mode, **options: opened.update(options) or 0)
    assert run_cli(["join", "kitchen-pc"]).status == 0
    assert opened["address"] == "kitchen-pc:5055"
    help_text = run_cli(["join", "--help"]).out
    assert "HOST[:PORT]" in help_text and "5055" in help_text

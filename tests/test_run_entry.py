"""``run.py`` (and ``python -m game.cli``) on a Python without the game's dependencies: a plain message saying what to
install (the README's quick start), never a traceback."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# runs run.py as a script with one dependency made unimportable (None in sys.modules makes
# ``import msgpack`` raise ModuleNotFoundError, as on a machine without it)
WITHOUT = ("import runpy, sys; sys.modules[{name!r}] = None; sys.argv = {args!r}; "
           "runpy.run_path({path!r}, run_name='__main__')")


def _run_without(name: str, *args: str) -> subprocess.CompletedProcess:
    code = WITHOUT.format(name=name, path=str(ROOT / "run.py"), args=["run.py", *(args or ["--help"])])
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_a_missing_dependency_is_named_with_the_command_that_installs_it():
    done = _run_without("msgpack")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "'msgpack'" in done.stderr and "pip install -e ." in done.stderr


def test_a_game_started_without_pygame_names_pygame_ce():
    done = _run_without("pygame", "play")      # --help does not need pygame; a game does
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "'pygame-ce'" in done.stderr


def test_with_every_dependency_help_is_printed():
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "usage" in done.stdout

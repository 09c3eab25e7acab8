"""The application built with PyInstaller (``tools/build_app.py``) needs no Python: it plays a
LAN game against ``run.py``, finds its catalogs, sounds and fonts inside its own folder and
draws the client.

Skipped where PyInstaller is not installed (it is in the ``build`` extra, not in ``test``).
The build goes to ``dist/`` and is reused when nothing changed since the last one, so a second
run costs seconds; a build from scratch takes about a minute here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PyInstaller", reason="PyInstaller is not installed "
                    "(pip install -e \".[build]\"): the built application is not tested")

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.timeout(900)


def _build_tool():
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "tools" / "build_app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def program() -> Path:
    tool = _build_tool()
    return tool.build(timeout=tool.BUILD_TIMEOUT, log=lambda line: None)


def _env(home: Path) -> dict:
    return dict(os.environ, TRACKLAYER_HOME=str(home), SDL_VIDEODRIVER="dummy",
                SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="random")


def _spawn(command: list, home: Path, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=cwd, env=_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _last_event(proc: subprocess.Popen, timeout: float = 90) -> dict:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"no end within {timeout} s: {err[-2000:]}") from None
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert proc.returncode == 0, err[-2000:]
    return lines[-1]


def test_built_program_hosts_a_lan_game_that_run_py_and_itself_join(program, tmp_path):
    elsewhere = tmp_path / "cwd"       # the built program needs no source tree around it
    elsewhere.mkdir()
    procs = [_spawn([str(program), "host", "metro", "--headless", "--players", "3",
                     "--port", "0", "--bind", "127.0.0.1", "--discovery-port", "-1",
                     "--timeout", "80"], tmp_path / "host", elsewhere)]
    try:
        first = json.loads(procs[0].stdout.readline() or "{}")
        assert first.get("event") == "listening", procs[0].stderr.read()[-2000:]
        address = f"127.0.0.1:{first['port']}"
        procs.append(_spawn([sys.executable, str(ROOT / "run.py"), "join", address,
                             "--headless", "--bot", "random", "--name", "source",
                             "--timeout", "80"], tmp_path / "source", ROOT))
        procs.append(_spawn([str(program), "join", address, "--headless", "--bot", "random",
                             "--name", "built", "--timeout", "80"], tmp_path / "built",
                            elsewhere))
        ends = [_last_event(proc) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert all(end["event"] == "game_over" for end in ends), ends
    assert len({(end["seq"], end["hash"], tuple(end["scores"])) for end in ends}) == 1, ends
    assert ends[0]["seq"] >= 40 and len(ends[0]["scores"]) == 3


def test_built_program_finds_its_data_inside_its_own_folder(program, tmp_path):
    # "-c" is how the client starts its bot helper with sys.executable (bot_worker.py)
    code = ("import json; from game.assets import assets_dir; from game.client import fonts, text, typeface;"
            "from game.client.bot_worker import helper_main;"
            "text.set_language('ru');"
            "print(json.dumps({'assets': str(assets_dir()), 'fonts': str(typeface.font_root()),"
            "'cars': text.t('metro.cars_left', n=2)}))")
    done = subprocess.run([str(program), "-c", code], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    folder = program.parent.resolve()
    for name in ("assets", "fonts"):
        assert Path(found[name]).resolve().is_relative_to(folder), found
    assert (Path(found["assets"]) / "lang" / "ru.json").is_file()
    assert (Path(found["assets"]) / "sounds").is_dir()
    assert found["cars"] == "2 вагона"       # catalogs and Babel's plural rules are inside


def test_built_program_draws_the_client(program, tmp_path):
    shot = tmp_path / "frame.png"
    done = subprocess.run([str(program), "play", "metro", "--frames", "2", "--screenshot",
                           str(shot)], cwd=tmp_path, env=_env(tmp_path), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size()[0] >= 640
    # text is drawn with the bundled fonts: many distinct colours (anti-aliased glyphs),
    # wherever the first screen puts it (two players at one screen open on "Pass to ...")
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 3)
               for y in range(0, image.get_height(), 2)}
    assert len(colours) > 20

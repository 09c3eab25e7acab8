"""The build tool (``tools/build_app.py``) without PyInstaller: two builds started together
(the build test's fixture runs once in each test worker) run one after the other, and the
second finds the first one's folder up to date instead of overwriting it mid-build."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def tool(monkeypatch):
    spec = importlib.util.spec_from_file_location("build_app_under_test",
                                                  ROOT / "tools" / "build_app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setitem(sys.modules, "PyInstaller", types.ModuleType("PyInstaller"))
    monkeypatch.setattr(module, "fingerprint", lambda: "the same sources")
    monkeypatch.setattr(module, "pyinstaller_args", lambda dist, work: [])
    return module


@pytest.mark.skipif(sys.platform == "win32", reason="the lock needs fcntl")
def test_two_builds_at_once_run_one_after_the_other(tool, tmp_path, monkeypatch):
    dist, work = tmp_path / "dist", tmp_path / "work"
    builds = []
    # a build waits here for another one to join it: it only can when builds overlap
    meet = threading.Barrier(2, timeout=1.0)

    def fake_pyinstaller(command, cwd, timeout):
        builds.append(command)
        try:
            meet.wait()
            overlapped = True
        except threading.BrokenBarrierError:
            overlapped = False
        program = tool.program_path(dist)
        program.parent.mkdir(parents=True, exist_ok=True)
        program.write_text("built")
        return subprocess.CompletedProcess(command, 1 if overlapped else 0)

    monkeypatch.setattr(tool.subprocess, "run", fake_pyinstaller)
    results, errors = [], []

    def one_build():
        try:
            results.append(tool.build(dist, work, log=lambda line: None))
        except tool.BuildError as exc:
            errors.append(str(exc))

    threads = [threading.Thread(target=one_build) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    assert results == [tool.program_path(dist)] * 2
    assert len(builds) == 1, "the second build found the first one's folder up to date"

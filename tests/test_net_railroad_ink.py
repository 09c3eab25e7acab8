"""Railroad Ink over the LAN: three processes on loopback (a headless host with one bot seat
and two headless joiners with random bots) play a whole game of simultaneous rounds — every
drawing, undo and end of round is a sequenced move — and finish with identical state hashes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _spawn(args, env):
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _last_event(out: str) -> dict:
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines, "no output"
    return json.loads(lines[-1])


@pytest.mark.parametrize("extra", [[], ["--expansion", "meteor"]])
def test_three_process_lan_game_ends_with_identical_hashes(tmp_path, extra):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", TRACKLAYER_HOME=str(tmp_path / "home"))
    host = _spawn(["host", "railroad-ink", "--headless", "--players", "3", "--port", "0",
                   "--bind", "127.0.0.1", "--discovery-port", "-1",
                   *extra], env)
    joiners = []
    try:
        first = json.loads(host.stdout.readline())
        assert first["event"] == "listening", first
        port = first["port"]
        joiners = [_spawn(["join", f"127.0.0.1:{port}", "--headless", "--bot", "random"], env)
                   for _ in range(2)]
        outputs = []
        for proc in [host, *joiners]:
            out, err = proc.communicate(timeout=50)
            assert proc.returncode == 0, err
            outputs.append(_last_event(out))
    finally:
        for proc in [host, *joiners]:
            if proc.poll() is None:
                proc.kill()
    for event in outputs:
        assert event["event"] == "game_over", event
    assert len({e["hash"] for e in outputs}) == 1, outputs
    assert len({e["seq"] for e in outputs}) == 1
    assert all(e["scores"] == outputs[0]["scores"] for e in outputs)
    scores = outputs[0]["scores"]
    assert len(scores) == 3 and all(isinstance(s, int) for s in scores)
    # a whole game: at least every seat's ends of round (7, or 6 with an expansion) were sequenced
    rounds = 6 if extra else 7
    assert outputs[0]["seq"] >= 3 * rounds

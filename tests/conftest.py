"""Test-wide setup: no display, no audio device, and a private home for saves and logs."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# a table with phone seats serves its page on loopback and a free port in tests, never on
# every interface (game/client/phone_play.py)
os.environ.setdefault("TRACKLAYER_PHONE_BIND", "127.0.0.1")
os.environ.setdefault("TRACKLAYER_PHONE_PORT", "0")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# CI runs every property on the same examples each time (hypothesis' advice for CI): a new
# counterexample is found by a soak or a local run and then pinned by a plain test, never by
# a submission that fails at random. Locally the examples are fresh on every run.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("TRACKLAYER_CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path / "home"))
    # the client's default language follows the locale: tests expect English wherever they run
    monkeypatch.setenv("TRACKLAYER_LANGUAGE", "en")
    yield
    # the catalog's language is process-wide: a test that switched it must not leave the
    # next one reading Japanese
    text = sys.modules.get("game.client.text")
    if text is not None and text.language() != "en":
        text.set_language("en")


from game import lan_services  # noqa: E402
from tests import fourth_game  # noqa: E402

lan_services.install()     # endpoints made by tests play our bots and keep our saves
# the test-only fourth game (Pebbles) is registered before the tests are collected, so every
# suite that runs over the registered games (conformance, golden, determinism, saves, replay,
# LAN simulation, languages, bots) runs over it too
fourth_game.install()


@pytest.fixture
def built_in_games_only():
    """For a test whose other machines are child processes (``run.py join``, bench peers):
    they know only the built-in games, so this process leaves the test-only Pebbles out
    meanwhile and computes the same rules version as theirs."""
    with fourth_game.left_out():
        yield


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the cores (at most ``--maxprocesses``). Many tests
    spend part of their time waiting (sockets on loopback, helper processes, a browser): a
    third worker on a 2-core machine fills those waits (the suite measured 320 s with two
    workers, 282 s with three, the same CPU)."""
    return (os.cpu_count() or 1) + 1

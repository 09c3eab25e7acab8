"""The README's "Adding a game", followed literally: a throw-away game (Stones: Pebbles under
another name) is added to a copy of the checkout in exactly the places the README lists — its
rules package and one line in ``GAME_MODULES``, its client kit and its entry in ``KITS``, its
texts in six languages, its bots — and nowhere else; then, in that copy, the start-up check
passes and the registry-driven checks run over it (conformance, the LAN table simulation, a
golden game, saves and replay, bots, languages and the catalog tool, the wire codec, the
rules version, the coach, the lessons, the daily and the phone page's defaults).

The copy and the check run in a child process (the copy's own ``game`` package); the game's
files are made from tests/fourth_game's, so what is proved is where a game goes, not a
second set of rules.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from game.rules import rules_version

ROOT = Path(__file__).resolve().parent.parent
PEBBLES = ROOT / "tests" / "fourth_game"
LANGS = ("en", "ru", "ko", "th", "zh-TW", "ja")

# the README's places, as the paths this test writes (a folder, or one file: "+" a line)
PLACES = {
    "1. rules": ["game/rules/stones/", "+game/rules/__init__.py"],
    "2. client kit": ["game/client/games/stones/", "+game/client/games/__init__.py"],
    "3. texts": [f"assets/lang/{lang}/stones.json" for lang in LANGS],
    "4. bots": ["game/bots/stones.py"],
}

CHECK = r"""
import json, sys
from game.client.games import check_kits, kit
from game.client.games.dailies import check_dailies, daily_game
from game.client.games.dailies import for_game as daily_of
from game.client.games.lessons import check_lessons, for_game

check_kits()                      # the client's start-up check: every part of every game
check_lessons()
check_dailies()
from game.bots.base import levels, make_bot
from game.client.coach.hint_bot import appraiser, can_hint
from game.match import Match, SeatInfo
from game.phone.games import has_phone_page
from game.rules import available_games, get_game, rules_version
from game.rules.core import Rng
from game import saves
from net.protocol.movecodec import codec_for
from tests.conformance import configs_for, conform
from tests.fair_dealer import FairDealer
from tests.table_simulation import TableSimulation
sys.path.insert(0, "tools")
import check_catalogs

assert available_games()[-1] == "stones", available_games()
game = get_game("stones")
for index, config in enumerate(configs_for(game, [2])):
    conform(game, config, 7, game.hidden_variant)
    table = TableSimulation(game, config, 3 + index, FairDealer)
    table.play_out(Rng(3 + index))
    assert table.steps > 0
english, _ = check_catalogs.load("en")
assert check_catalogs.game_key_problems(english) == []
for lang in check_catalogs.LANGUAGES[1:]:
    report = check_catalogs.compare(lang)
    assert not report["missing"] and not report["extra"], (lang, report["missing"][:4])
from tests.golden.regenerate import golden_game     # (it registers Pebbles as well)
golden = golden_game("stones", 2, ())
assert golden == golden_game("stones", 2, ()) and golden["winners"]
assert levels("stones") == ["random", "easy"]
seats = [SeatInfo("Ann", "bot", level="easy"), SeatInfo("Ben", "bot", level="random")]
match = Match.new(game, game.make_config(2), 5, seats)
bots = [make_bot(game, seat, seats[seat].level, seat) for seat in (0, 1)]
while not match.is_over():
    [seat] = match.to_act()
    match.apply(seat, bots[seat].choose(match.view(seat)))
path = saves.write_save(match, saves.replays_dir() / "stones.tlsave")
loaded = saves.load(path)
assert loaded.ok and loaded.match.hash() == match.hash() and loaded.match.is_over()
assert saves.Replay.open(path).final_scores() == match.scores()
assert codec_for("stones") is None           # its moves travel as notation
assert not can_hint("stones") and appraiser("stones") is None
assert not has_phone_page(game) and for_game("stones") == []
assert daily_of("stones") is None and daily_game() == "railroad-ink"   # no daily of its own
assert kit("stones").draw_coach_move(None, None, 0, None, None) is False
print(json.dumps({"rules_version": rules_version(), "moves": match.seq}))
"""


def _stones(text: str) -> str:
    """Pebbles' source or texts as the throw-away game's: its name and where it lives."""
    text = text.replace("tests.fourth_game.rules", "game.rules.stones")
    text = text.replace("tests.fourth_game.bots", "game.bots.stones")
    return text.replace("pebbles", "stones").replace("Pebbles", "Stones")


def _add_line(path: Path, after: str, line: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(after) == 1, f"{path}: {after!r} is not where the README says"
    path.write_text(text.replace(after, after + line), encoding="utf-8")


def _copy_of_the_checkout(into: Path) -> Path:
    copy = into / "checkout"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache")
    for folder in ("game", "net", "assets", "tools", "tests"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=skip)
    return copy


def _add_stones(copy: Path) -> set[str]:
    """Stones in the README's places; returns every path written or changed."""
    rules = copy / "game/rules/stones"
    rules.mkdir()
    (rules / "__init__.py").write_text(_stones((PEBBLES / "rules.py").read_text()))
    _add_line(copy / "game/rules/__init__.py", '"railroad-ink": "game.rules.railroad_ink",\n',
              '    "stones": "game.rules.stones",\n')
    client = copy / "game/client/games/stones"
    client.mkdir()
    (client / "__init__.py").write_text('"""Stones\' client kit."""\n')
    (client / "kit.py").write_text(_stones((PEBBLES / "kit.py").read_text()))
    registry = copy / "game/client/games/__init__.py"
    _add_line(registry, "from game.client.games.railroad_ink.kit import KIT as RAILROAD_INK\n",
              "from game.client.games.stones.kit import KIT as STONES\n")
    _add_line(registry, "    RAILROAD_INK,\n", "    STONES,\n")
    for lang in LANGS:
        texts = json.loads(_stones((PEBBLES / "lang" / f"{lang}.json").read_text("utf-8")))
        (copy / f"assets/lang/{lang}/stones.json").write_text(
            json.dumps(texts, ensure_ascii=False, indent=1), encoding="utf-8")
    (copy / "game/bots/stones.py").write_text(_stones((PEBBLES / "bots.py").read_text()))
    return {"game/rules/stones/", "+game/rules/__init__.py", "game/client/games/stones/",
            "+game/client/games/__init__.py", "game/bots/stones.py",
            *(f"assets/lang/{lang}/stones.json" for lang in LANGS)}


def _readme_places() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Adding a game"):]
    section = section[:section.index("\nNothing else:")]
    return re.findall(r"^(\d)\. \*\*", section, flags=re.M)


def test_a_game_added_in_the_readmes_places_passes_the_registry_checks(tmp_path):
    numbered = _readme_places()
    assert numbered == ["1", "2", "3", "4", "5"], "the README lists at most five places"
    written = _add_stones(_copy_of_the_checkout(tmp_path))
    assert written == {path for paths in PLACES.values() for path in paths}, \
        "the game went somewhere the README does not list"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in ("game/rules/foo/", "GAME_MODULES", "game/client/games/foo/", "KITS",
                 "assets/lang/<lang>/foo.json", "game/bots/foo.py"):
        assert path in readme, path
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "checkout"),
               TRACKLAYER_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path / "checkout", env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["moves"] >= 3
    assert result["rules_version"] != rules_version()    # the peers' handshake sees Stones


def test_a_game_missing_a_part_stops_the_start_up_naming_it(tmp_path):
    """The same copy with Stones' texts left out: the client's start-up check stops, naming
    the game and the first text it lacks (not a raw key on the screen later)."""
    copy = _copy_of_the_checkout(tmp_path)
    _add_stones(copy)
    for lang in LANGS:
        (copy / f"assets/lang/{lang}/stones.json").unlink()
    env = dict(os.environ, PYTHONPATH=str(copy), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", "from game.client.games import check_kits; "
                           "check_kits()"], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0
    assert "MissingText: the texts of the game 'stones' lack game.stones" in done.stderr

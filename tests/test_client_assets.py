"""Generated assets: the committed sounds are exactly what ``tools/make_assets.py`` makes, the
sound player is silent (never crashing) without a mixer, and the English catalog has every
key the Metro client uses."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_assets", ROOT / "tools" / "make_assets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_sounds_are_the_generated_ones(tmp_path, monkeypatch):
    tool = _load_tool()
    monkeypatch.setattr(tool, "OUT", tmp_path / "assets" / "sounds")
    for name, make in tool.SOUNDS.items():
        path = tool._write(name, make(), gain=0.5 if name == "click" else 0.8)
        committed = ROOT / "assets" / "sounds" / f"{name}.wav"
        assert committed.read_bytes() == path.read_bytes(), name


def test_sound_is_silent_without_a_mixer(monkeypatch):
    import pygame

    from game.client.sound import Sound

    def no_mixer(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: False)
    monkeypatch.setattr(pygame.mixer, "init", no_mixer)
    sound = Sound(80)
    assert not sound.enabled
    sound.play("place")          # nothing happens, nothing raises
    sound.set_volume(10)


def test_catalog_has_every_key_the_metro_client_uses():
    catalog = json.loads((ROOT / "assets" / "lang" / "en.json").read_text(encoding="utf-8"))
    sources = [ROOT / "game" / "client" / "games" / "metro" / "board.py",
               ROOT / "game" / "client" / "games" / "metro" / "kit.py",
               *[ROOT / "game" / "client" / "screens" / f"{name}.py" for name in (
                   "base", "title", "game_choice", "setup", "play", "results", "settings",
                   "pause", "pass_device")],
               ROOT / "game" / "client" / "widgets.py", ROOT / "game" / "client" / "app.py"]
    extra: dict = {}
    for folder in (ROOT / "assets" / "lang" / "en").glob("*.json"):
        extra.update(json.loads(folder.read_text(encoding="utf-8")))
    missing = []
    for path in sources:
        for key in re.findall(r'\bt\("([a-z_.\-]+)"', path.read_text(encoding="utf-8")):
            if key not in catalog and key not in extra:
                missing.append(f"{path.name}: {key}")
    assert not missing, missing
    from game.rules.metro import game as metro_game

    codes = set(re.findall(r'IllegalMove\(\s*"([a-z_]+)"', Path(metro_game.__file__).read_text()))
    for module in Path(metro_game.__file__).parent.glob("*.py"):
        codes |= set(re.findall(r'IllegalMove\(\s*"([a-z_]+)"', module.read_text()))
    known = catalog.keys() | extra.keys()   # the loader merges <lang>.json and <lang>/*.json
    assert codes and all(f"illegal.{code}" in known for code in codes), sorted(
        code for code in codes if f"illegal.{code}" not in known)

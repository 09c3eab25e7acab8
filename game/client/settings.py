"""The settings store: a small JSON file in ``game.paths.config_dir()``.

A missing, unreadable or corrupt file gives the defaults (never a crash); unknown keys are
dropped and values of the wrong type fall back to their default, so an old or hand-edited file
cannot break the client.
"""

from __future__ import annotations

import json
from pathlib import Path

DEFAULTS: dict = {
    "language": "en",
    "volume": 70,            # 0-100
    "fullscreen": False,
    "colour_blind": False,
    "bot_delay_ms": 700,     # the visible pause before a bot's move lands
    "animations": True,      # line highlights and flying points (off: moves land at once)
    "player_names": [],      # names last used at the table
}


class Settings:
    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from game.paths import config_dir

            path = config_dir() / "settings.json"
        self.path = Path(path)
        self.values = dict(DEFAULTS)
        self.load()

    def load(self) -> None:
        self.values = dict(DEFAULTS)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict):
            return
        for key, default in DEFAULTS.items():
            value = data.get(key, default)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, int):
                ok = isinstance(value, int) and not isinstance(value, bool)
            else:
                ok = isinstance(value, type(default))
            if ok:
                self.values[key] = value
        self.values["volume"] = max(0, min(100, self.values["volume"]))
        self.values["player_names"] = [str(n)[:16] for n in self.values["player_names"]][:6]

    def save(self) -> bool:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.values, indent=2, sort_keys=True), encoding="utf-8")
            tmp.replace(self.path)
            return True
        except OSError:
            return False

    def __getitem__(self, key: str):
        return self.values[key]

    def __setitem__(self, key: str, value) -> None:
        self.values[key] = value
        self.save()

"""The settings store: a small JSON file in ``game.paths.config_dir()``.

A missing, unreadable or corrupt file gives the defaults (never a crash); unknown keys are
dropped and values of the wrong type fall back to their default, so an old or hand-edited file
cannot break the client.
"""

from __future__ import annotations

import json
import locale
import os
import re
from pathlib import Path

DEFAULTS: dict = {
    "language": "en",
    "volume": 70,            # 0-100
    "fullscreen": False,
    "colour_blind": False,
    "bot_delay_ms": 700,     # the visible pause before a bot's move lands
    "animations": True,      # line highlights and flying points (off: moves land at once)
    "player_names": [],      # names last used at the table
    "last_tables": {},       # game -> the table last started (setup offers it again)
    "lan_saves_asked": [],   # LAN saves the launch already offered ("file#moves"): once each
    "lan_address": "",       # the address last typed on the join screen (offered again)
    "bindings": {},          # family -> action -> codes changed from the defaults (bindings.py)
}


class Settings:
    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from game.paths import config_dir   # only when no path is given (tests pass one)
            path = config_dir() / "settings.json"
        self.path = Path(path)
        self.values = dict(DEFAULTS)
        self.load()

    def load(self) -> None:
        self.values = dict(DEFAULTS)
        self.values["language"] = system_language()   # until the player picks one
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict):
            return
        for key, default in DEFAULTS.items():
            value = data.get(key, self.values[key])
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


# Locale names -> our language ids (POSIX "ko_KR.UTF-8" and Windows "Korean_Korea" styles).
# Every Chinese locale (zh_CN, zh_SG, zh_Hans as well as zh_TW, zh_HK, zh_Hant; Windows
# "Chinese (Simplified)_China") maps to our one Chinese catalog, Traditional Chinese: a reader
# of Simplified Chinese is far better served by it than by English.
_LOCALE_LANGUAGES = {"en": "en", "ru": "ru", "ko": "ko", "th": "th", "ja": "ja", "zh": "zh-TW",
                     "english": "en", "russian": "ru", "korean": "ko", "thai": "th",
                     "japanese": "ja", "chinese": "zh-TW"}


def language_for_locale(code: str | None) -> str:
    """Our language id for a locale name: ko_KR.UTF-8 -> "ko", any Chinese locale (zh_TW,
    zh_HK, zh_CN...) -> "zh-TW"; anything we have no catalog for -> "en"."""
    if not code:
        return "en"
    name = code.split(".")[0].split("@")[0].replace("-", "_").strip().lower()
    lang = re.split(r"[_ (]", name, maxsplit=1)[0]
    return _LOCALE_LANGUAGES.get(lang, "en")


def system_language() -> str:
    """The language of the system locale (TRACKLAYER_LANGUAGE, then LC_ALL, LC_MESSAGES,
    LANG, LANGUAGE, then the C library's locale), "en" when nothing matches."""
    for var in ("TRACKLAYER_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "").split(":")[0]
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return "zh-TW" if value == "zh-TW" else language_for_locale(value)
    try:
        return language_for_locale(locale.getlocale()[0])
    except (ValueError, TypeError):
        return "en"

"""The daily: one seed per calendar day, and the player's history of daily scores (the game
it deals is the one whose kit names a daily, ``games.dailies``; the seed's salt still says
"ink", as it always has, so a day's dice stay what they were).

The seed comes from the player's *local* date only (no clock zone, no network): everybody who
plays on 24 November 2026 gets the same dice, wherever they are, offline. The history is a
small JSON file beside the saves (``game.paths.data_dir()/daily.json``); a missing or corrupt
file is an empty history, never a crash. Pure apart from reading the date and the file.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path

HISTORY_FILE = "daily.json"
PUZZLE_FILE = "puzzles.json"      # puzzle seed -> the best score the player made on it
KEEP_DAYS = 366


def today() -> datetime.date:
    return datetime.date.today()     # the player's local date


def daily_seed(day: datetime.date) -> int:
    """The same seed for a date everywhere: a hash of its ISO text."""
    digest = hashlib.blake2b(f"tracklayer-daily-ink:{day.isoformat()}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") % 1_000_000_000 + 1


def history_path(name: str = HISTORY_FILE) -> Path:
    from game.paths import data_dir

    return data_dir() / name


def load_history(path: Path | None = None) -> dict[str, int]:
    """ISO date -> the best daily score of that day."""
    try:
        data = json.loads((path or history_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {day: score for day, score in data.items()
            if isinstance(day, str) and isinstance(score, int) and not isinstance(score, bool)}


def record_score(day: datetime.date, score: int, path: Path | None = None) -> bool:
    """Keep ``score`` for ``day`` if it beats the one kept; True when it was kept (a new
    best of the day). A file that cannot be written leaves the history as it was."""
    return record_best(path or history_path(), day.isoformat(), score)


def record_best(path: Path, key: str, score: int) -> bool:
    """Keep ``score`` under ``key`` in the JSON file at ``path`` if it beats the one kept."""
    history = load_history(path)
    if key in history and history[key] >= score:
        return False
    history[key] = score
    kept = dict(sorted(history.items())[-KEEP_DAYS:])
    try:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(kept, indent=0, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return False
    return True


def streak(history: dict[str, int], day: datetime.date) -> int:
    """Days played in a row, ending today or yesterday."""
    count = 0
    current = day if day.isoformat() in history else day - datetime.timedelta(days=1)
    while current.isoformat() in history:
        count += 1
        current -= datetime.timedelta(days=1)
    return count

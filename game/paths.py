"""Where Tracklayer keeps its files: settings, saves, replays and logs (platformdirs).

``TRACKLAYER_HOME`` overrides the base folder (tests point it at a temporary directory).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "tracklayer"


def _base(kind: str) -> Path:
    override = os.environ.get("TRACKLAYER_HOME")
    if override:
        return Path(override) / kind
    import platformdirs

    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    if kind == "logs":
        return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / kind


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    return _ensure(_base("config"))


def data_dir() -> Path:
    return _ensure(_base("data"))


def saves_dir() -> Path:
    return _ensure(_base("saves"))


def log_dir() -> Path:
    return _ensure(_base("logs"))

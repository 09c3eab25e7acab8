"""Where the data files the client loads (``assets/``: language catalogs, sounds) are found.

In a source checkout and in an editable install they are the ``assets/`` folder at the root of
the source tree. A regular (non-editable) install has no source tree: ``pyproject.toml`` ships
the same folder as the data-only package ``tracklayer_assets``, found here through the import
system. The application built by ``tools/build_app.py`` (PyInstaller) carries the folder as
``assets/`` beside its frozen ``game`` package (in ``sys._MEIPASS``), so there too it is the
"source tree" path. Nothing else should build paths to assets by hand.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

PACKAGE = "tracklayer_assets"  # the installed copy of assets/ (see pyproject.toml)
SOURCE_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def _installed() -> Path | None:
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        if Path(location).is_dir():
            return Path(location)
    return None


def assets_dir() -> Path:
    """The assets folder: the source tree's when there is one, else the installed package's.

    Falls back to the source-tree path (even if missing) so callers get a path whose files
    are simply absent: the client then runs silent / in English keys rather than crashing."""
    if SOURCE_ASSETS.is_dir():
        return SOURCE_ASSETS
    return _installed() or SOURCE_ASSETS

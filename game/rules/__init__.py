"""Registry of the games: their command-line names, lazy loading, and the rules version.

Pure like the rest of ``game/rules``: peers compare ``rules_version()`` in the handshake.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from pathlib import Path

from .core import Game

# command-line name -> module under game.rules exposing GAME
GAME_MODULES: dict[str, str] = {
    "metro": "game.rules.metro",
    "metromania": "game.rules.metromania",
    "railroad-ink": "game.rules.railroad_ink",
}


def available_games() -> list[str]:
    """The game names whose rules package is present, in a fixed order (registration order)."""
    here = Path(__file__).parent
    return [name for name, module in GAME_MODULES.items()
            if not module.startswith(__name__ + ".")       # registered from elsewhere
            or (here / module.rsplit(".", 1)[1] / "__init__.py").exists()]


def register_game(name: str, module: str) -> None:
    """Add a game whose rules live outside this package (``module`` exposes ``GAME``): the
    one registry line of a new game, made at run time (tests/fourth_game does this)."""
    if name in GAME_MODULES and GAME_MODULES[name] != module:
        raise ValueError(f"a game named {name!r} is already registered")
    GAME_MODULES[name] = module


def rules_module(name: str) -> str:
    """The module game ``name``'s rules live in (``GAME_MODULES``); KeyError if unknown."""
    return GAME_MODULES[name]


def unregister_game(name: str) -> None:
    """Forget a game added by ``register_game`` (the three built-in games stay)."""
    if GAME_MODULES.get(name, __name__ + ".").startswith(__name__ + "."):
        raise ValueError(f"{name!r} is a built-in game")
    del GAME_MODULES[name]


def get_game(name: str) -> Game:
    """The Game object for a command-line name; KeyError with a clear message if unknown."""
    loaded = sys.modules.get(GAME_MODULES.get(name, ""))
    if loaded is not None and hasattr(loaded, "GAME"):
        # imported already, so present: no look at the disk (this is called per message and
        # per frame, and ``available_games`` stats every game's package)
        return loaded.GAME
    if name not in GAME_MODULES or name not in available_games():
        known = ", ".join(available_games())
        raise KeyError(f"unknown game '{name}' (choose from: {known})")
    return importlib.import_module(GAME_MODULES[name]).GAME


def rules_version() -> str:
    """A hash of every rules source file, those of the games registered from elsewhere
    (``register_game``) included: two peers with different rules never play together."""
    root = Path(__file__).parent
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(root.rglob("*.py"), key=lambda p: p.relative_to(root).as_posix()):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    for name, module in sorted(GAME_MODULES.items()):
        if module.startswith(__name__ + "."):
            continue                                   # hashed above
        digest.update(f"game {name} {module}".encode("utf-8") + b"\0")
        for label, path in _outside_sources(module):
            digest.update(label.encode("utf-8") + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _outside_sources(module: str) -> list[tuple[str, Path]]:
    """The source files of a game's rules registered from outside this package: the module's
    file, or every file of its package (each with a label that does not depend on where the
    checkout lies). A module whose source cannot be found gives none: its name still counts."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return []
    origin = Path(spec.origin)
    if spec.submodule_search_locations:                # a package: all of it
        return [(f"{module}/{path.relative_to(origin.parent).as_posix()}", path)
                for path in sorted(origin.parent.rglob("*.py"),
                                   key=lambda p: p.relative_to(origin.parent).as_posix())]
    return [(module, origin)]

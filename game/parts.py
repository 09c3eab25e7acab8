"""A part a game declares by module name (its kit's daily, its lessons, ...), loaded and
checked to have what its callers use, or a loud failure naming the game, the part and what is
wrong: never a silent "the game has none" for a part that was asked for and is broken."""

from __future__ import annotations

import importlib
from types import ModuleType


def load_part(module_name: str, *, game: str, part: str, needs: tuple[str, ...],
              error: type[Exception]) -> ModuleType:
    """The module ``module_name`` (``game``'s ``part``) with every name in ``needs``; raises
    ``error`` saying which game, which module and why otherwise."""
    try:
        module = importlib.import_module(module_name)
    except ImportError as problem:
        raise error(f"the {part} of the game {game!r} ({module_name}) cannot be loaded: "
                    f"{problem}") from problem
    missing = [name for name in needs if not hasattr(module, name)]
    if missing:
        raise error(f"the {part} of the game {game!r} ({module_name}) lacks "
                    f"{', '.join(missing)}")
    return module

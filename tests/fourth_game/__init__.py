"""A throw-away fourth game, defined only in the test folder: Pebbles (a pile of pebbles,
each turn take one to three, who takes the last one wins). It exists to prove the "Adding a
game" list of the README: its rules (``rules.py``), its client folder (``kit.py``), its catalog
entries (``lang/``), one registry line each (``install``) and its tests
(``tests/test_fourth_game.py``) are all a new game needs. ``tests/conftest.py`` installs it
before the tests are collected, so every suite that runs over the registered games runs over
it too.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

NAME = "pebbles"
LANG = Path(__file__).parent / "lang"


def install() -> None:
    """The registry lines: rules, client kit, catalog and bots (a game with no bots of its
    own still has the random player every game gets)."""
    from game.client.games import register_kit
    from game.client.text import add_catalog_dir
    from game.rules import register_game
    from tests.fourth_game.kit import KIT

    register_game(NAME, "tests.fourth_game.rules")
    register_kit(KIT)
    add_catalog_dir(LANG)


def uninstall() -> None:
    from game.client.games import unregister_kit
    from game.client.text import remove_catalog_dir
    from game.rules import unregister_game

    unregister_kit(NAME)
    unregister_game(NAME)
    remove_catalog_dir(LANG)


@contextmanager
def left_out():
    """Pebbles unregistered for the block, then registered again (whatever the block does)."""
    uninstall()
    try:
        yield
    finally:
        install()

"""Every game's client kit, one registry line per game (see ``kit_base.GameKit``).

The rules registry (``game.rules.available_games``) says which games exist; ``check_kits``
(called when the client starts) fails loudly when one of them has no kit here, or a kit is
incomplete, so a new game never borrows another game's board, art, rules pages or secrets.
``kit(name)`` is the one way the client finds what belongs to a game.
"""

from __future__ import annotations

from game.client.games.kit_base import GameKit
from game.client.games.metro.kit import KIT as METRO
from game.client.games.metromania.kit import KIT as METROMANIA
from game.client.games.railroad_ink.kit import KIT as RAILROAD_INK
from game.bots.base import check_bots
from game.client.text import has_english
from game.phone.games import check_phone_kit
from game.rules import available_games, get_game

KITS: dict[str, GameKit] = {each.name: each for each in (
    METRO,
    METROMANIA,
    RAILROAD_INK,
)}


class MissingKit(LookupError):
    """A game of the rules registry the client has no kit for."""


class MissingText(LookupError):
    """A text a game's kit needs (``GameKit.catalog_keys``) that English does not have."""


def kit(name: str) -> GameKit:
    """The client kit of game ``name``; MissingKit (never another game's kit) if none."""
    try:
        return KITS[name]
    except KeyError:
        raise MissingKit(f"the client has no kit for the game {name!r}") from None


def has_kit(name: str) -> bool:
    return name in KITS


def register_kit(game_kit: GameKit) -> None:
    """Add the kit of a game registered at run time (``game.rules.register_game``); it is
    checked at once, so an incomplete kit fails here, not in the middle of a game."""
    game_kit.check()
    KITS[game_kit.name] = game_kit


def unregister_kit(name: str) -> None:
    if name in (METRO.name, METROMANIA.name, RAILROAD_INK.name):
        raise ValueError(f"{name!r} is a built-in game")
    KITS.pop(name, None)


def check_kits(games: list[str] | None = None) -> None:
    """Start-up check: every game of the rules registry (or of ``games``) has a complete
    kit whose texts English has, and the bots, coach estimator and phone page its rules name
    load. Raises MissingKit, TypeError, MissingText, GameBotsError or MissingPhoneKit naming
    the game and what is missing."""
    for name in games if games is not None else available_games():
        game_kit = kit(name)
        game_kit.check()
        missing = [key for key in game_kit.catalog_keys() if not has_english(key)]
        if missing:
            raise MissingText(f"the texts of the game {name!r} lack {', '.join(missing)} "
                              f"(assets/lang/en/)")
        check_bots(get_game(name))
        check_phone_kit(get_game(name))

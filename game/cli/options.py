"""Command-line options shared by subcommands: game name, player count, variants, seed."""

from __future__ import annotations

import math

from game.cli import CliError
from game.rules import available_games, get_game
from game.rules.core import ConfigError, seed_from_text

MAX_SEED_TEXT = 200  # characters: a seed is something a person types


def add_game_argument(parser, optional: bool = False) -> None:
    parser.add_argument("game", nargs="?" if optional else None, metavar="GAME",
                        help="one of: " + ", ".join(available_games()))


def variants_epilog() -> str:
    """Every game's player counts, variants (``--variant V``) and expansions (``--expansion X``),
    for the end of a subcommand's --help."""
    lines = ["games, their variants (--variant V) and expansions (--expansion X):"]
    for name in available_games():
        try:
            game = get_game(name)
        except Exception:  # noqa: BLE001 - help must show even if one game fails to import
            continue
        players = (f"{game.min_players}-{game.max_players} players"
                   if game.max_players != game.min_players else f"{game.min_players} players")
        expansions = sorted(getattr(game, "expansions", ()) or ())
        variants = sorted(v for v in getattr(game, "variants", {}) if v not in expansions)
        lines.append(f"  {name} ({players})")
        lines.append(f"      variants: {', '.join(variants) or 'none'}")
        if expansions:
            lines.append(f"      expansions (one at a time): {', '.join(expansions)}")
    return "\n".join(lines)


def add_table_options(parser, players_default: int | None = None) -> None:
    parser.add_argument("--players", type=int, default=players_default, metavar="N",
                        help="number of players (default: the game's smallest table, at least 2)")
    parser.add_argument("--variant", action="append", default=[], metavar="V",
                        help="a variant of the game (repeatable; listed below)")
    parser.add_argument("--expansion", action="append", default=[], metavar="X",
                        help="an expansion (Railroad Ink: river, lake, meteor, volcano)")
    parser.add_argument("--seed", default=None, metavar="S",
                        help="seed for a repeatable game (a number or any text)")
    parser.epilog_factory = variants_epilog


def resolve_game(name: str | None):
    if not name:
        raise CliError("name a game: " + ", ".join(available_games()), 2)
    try:
        return get_game(name)
    except KeyError as exc:
        raise CliError(str(exc.args[0]), 2) from None


def resolve_config(game, players: int | None, variants: list[str], expansions: list[str]) -> dict:
    if players is None:
        players = max(game.min_players, 2) if game.max_players >= 2 else game.min_players
    known = getattr(game, "variants", None)
    if known is not None:
        for option, names in (("variant", variants), ("expansion", expansions)):
            for name in names:
                if name not in known:
                    choices = ", ".join(sorted(known)) or "none"
                    raise CliError(f"unknown {game.title} {option} '{name}' "
                                   f"(choose from: {choices})", 2)
    try:
        return game.make_config(players, [*variants, *expansions])
    except ConfigError as exc:
        raise CliError(str(exc), 2) from None


def resolve_seed(text: str | None, default: int = 1) -> int:
    if text is None:
        return default
    if len(text) > MAX_SEED_TEXT:
        raise CliError(f"--seed is too long (at most {MAX_SEED_TEXT} characters)", 2)
    return seed_from_text(text)


def check_seconds(value: float, option: str, low: float = 0.0, high: float = 10 ** 7) -> float:
    """A duration option: finite and within [low, high], or a CliError (status 2)."""
    if not (math.isfinite(value) and low <= value <= high):
        raise CliError(f"{option} must be a number of seconds from {low:g} to {high:.0f}", 2)
    return value


def check_port(value: int, option: str, allow_off: bool = False) -> int:
    """A TCP/UDP port option (0 = any free port; -1 = off when ``allow_off``)."""
    low = -1 if allow_off else 0
    if not low <= value <= 65535:
        extra = " (-1: off)" if allow_off else ""
        raise CliError(f"{option} must be between 0 and 65535{extra}", 2)
    return value

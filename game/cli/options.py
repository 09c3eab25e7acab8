"""Command-line options shared by subcommands: game name, player count, variants, seed."""

from __future__ import annotations

from game.cli import CliError
from game.rules import available_games, get_game
from game.rules.core import ConfigError, seed_from_text


def add_game_argument(parser, optional: bool = False) -> None:
    parser.add_argument("game", nargs="?" if optional else None, metavar="GAME",
                        help="one of: " + ", ".join(available_games()))


def add_table_options(parser, players_default: int | None = None) -> None:
    parser.add_argument("--players", type=int, default=players_default, metavar="N",
                        help="number of players")
    parser.add_argument("--variant", action="append", default=[], metavar="V",
                        help="a variant of the game (repeatable)")
    parser.add_argument("--expansion", action="append", default=[], metavar="X",
                        help="an expansion (Railroad Ink: river, lake, meteor, volcano)")
    parser.add_argument("--seed", default=None, metavar="S",
                        help="seed for a repeatable game (a number or any text)")


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
    try:
        return game.make_config(players, [*variants, *expansions])
    except ConfigError as exc:
        raise CliError(str(exc), 2) from None


def resolve_seed(text: str | None, default: int = 1) -> int:
    return default if text is None else seed_from_text(text)

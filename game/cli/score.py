"""``run.py score``: validate moves read from stdin and print the score breakdown as JSON.

Exit 0 with JSON on stdout; exit 2 with a message naming the first illegal move (and nothing
on stdout) when the input is refused. Input that is not text (binary, not UTF-8, NUL bytes) or
larger than ``MAX_INPUT`` bytes is refused the same way before any move is read.
"""

from __future__ import annotations

import json
import sys

from game.cli import CliError
from game.cli.options import (add_game_argument, add_table_options, resolve_config,
                              resolve_game, resolve_seed)
from game.rules.core import ConfigError, IllegalMove

MAX_INPUT = 1 << 20  # bytes: a whole game's notation is a few kilobytes

HELP = "read moves in notation on stdin, check them and print the scores as JSON"


def add_arguments(parser) -> None:
    add_game_argument(parser)
    add_table_options(parser)


def run(args) -> int:
    game = resolve_game(args.game)
    players = args.players if args.players is not None else game.min_players
    config = resolve_config(game, players, args.variant, args.expansion)
    if args.seed is None and game.score_needs_seed:
        raise CliError(f"{game.name} moves are replayed from the start of the game: "
                       "give the game's --seed", 2)
    seed = resolve_seed(args.seed)
    text = read_input(sys.stdin)
    try:
        result = game.score_notation(text, config, seed)
    except NotImplementedError:
        raise CliError(f"scoring from notation is not available for {game.name} yet", 2) from None
    except (IllegalMove, ConfigError) as exc:
        raise CliError(str(exc), 2) from None
    print(json.dumps(result, sort_keys=True))
    return 0


def read_input(stream) -> str:
    """All of ``stream`` as text, or a CliError (status 2) saying why it is not notation."""
    if stream is None:
        raise CliError("no input: pipe the moves into stdin", 2)
    source = getattr(stream, "buffer", stream)
    try:
        data = source.read(MAX_INPUT + 1)
    except OSError as exc:
        raise CliError(f"cannot read stdin ({exc.strerror or exc})", 2) from None
    except UnicodeDecodeError:
        raise CliError("the input is not UTF-8 text", 2) from None
    if len(data) > MAX_INPUT:
        raise CliError(f"the input is too large (more than {MAX_INPUT // 1024} KiB)", 2)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CliError(f"the input is not UTF-8 text (byte {exc.start + 1})", 2) from None
    if "\0" in data:
        raise CliError("the input is not text (it contains NUL bytes)", 2)
    return data

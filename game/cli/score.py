"""``run.py score``: validate moves read from stdin and print the score breakdown as JSON.

Exit 0 with JSON on stdout; exit 2 with a message naming the first illegal move (and nothing
on stdout) when the input is refused.
"""

from __future__ import annotations

import json
import sys

from game.cli import CliError
from game.cli.options import (add_game_argument, add_table_options, resolve_config,
                              resolve_game, resolve_seed)
from game.rules.core import IllegalMove

HELP = "read moves in notation on stdin, check them and print the scores as JSON"


def add_arguments(parser) -> None:
    add_game_argument(parser)
    add_table_options(parser)


def run(args) -> int:
    game = resolve_game(args.game)
    players = args.players if args.players is not None else game.min_players
    config = resolve_config(game, players, args.variant, args.expansion)
    seed = resolve_seed(args.seed)
    text = sys.stdin.read()
    try:
        result = game.score_notation(text, config, seed)
    except NotImplementedError:
        raise CliError(f"scoring from notation is not available for {game.name} yet", 2) from None
    except IllegalMove as exc:
        raise CliError(str(exc), 2) from None
    print(json.dumps(result, sort_keys=True))
    return 0

"""``run.py selfplay``: bots play complete games; per-game results and timing are printed."""

from __future__ import annotations

import json
import time

from game.bots.base import make_bot
from game.cli import CliError
from game.cli.options import (add_game_argument, add_table_options, resolve_config,
                              resolve_game, resolve_seed)
from game.match import Match

HELP = "bots play complete games and report seeds, scores, moves and hashes"


def add_arguments(parser) -> None:
    add_game_argument(parser)
    add_table_options(parser)
    parser.add_argument("--games", type=int, default=1, metavar="K", help="games to play")
    parser.add_argument("--bots", default="random", metavar="LEVEL[,LEVEL...]",
                        help="bot level per seat, repeated cyclically (default: random)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def play_one(game, config: dict, seed: int, levels: list[str]) -> dict:
    match = Match.new(game, config, seed)
    players = config["players"]
    bots = [make_bot(game, seat, levels[seat % len(levels)], seed * 7919 + seat)
            for seat in range(players)]
    turn = 0
    while not match.is_over():
        acting = match.to_act()
        seat = acting[turn % len(acting)]
        match.apply(seat, bots[seat].choose(match.view(seat)))
        turn += 1
    result = match.scores()
    return {"seed": seed, "scores": result["scores"], "winners": game.winners(match.state),
            "moves": match.seq, "hash": match.hash()}


def run(args) -> int:
    game = resolve_game(args.game)
    config = resolve_config(game, args.players, args.variant, args.expansion)
    if args.games < 1:
        raise CliError("--games must be at least 1", 2)
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    try:
        for level in levels:
            make_bot(game, 0, level, 0)
    except KeyError as exc:
        raise CliError(str(exc.args[0]), 2) from None
    base_seed = resolve_seed(args.seed)
    started = time.perf_counter()
    games = []
    for index in range(args.games):
        record = play_one(game, config, base_seed + index, levels)
        games.append(record)
        if not args.json:
            print(f"game {index + 1}: seed {record['seed']}  scores {record['scores']}  "
                  f"moves {record['moves']}  hash {record['hash']}", flush=True)
    seconds = round(time.perf_counter() - started, 3)
    if args.json:
        print(json.dumps({"game": game.name, "config": config, "games": games,
                          "seconds": seconds}, sort_keys=True))
    else:
        print(f"{args.games} game(s) in {seconds} s")
    return 0

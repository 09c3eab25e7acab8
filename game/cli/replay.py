"""``run.py replay FILE [--verify]``: summarise a save or replay, or verify every stored hash.

Without ``--verify``: the game, players, moves, whether it is finished and the scores.
With ``--verify``: replays the file and checks every stored state hash; prints "ok" (exit 0)
or the first divergence: move number, and expected vs actual hash when hashes differ (exit 2).
A file that is missing, empty, damaged, foreign or of another format version: one line, exit 2.
"""

from __future__ import annotations

import json

from game.cli import CliError
from game.saves import Loaded, SaveError, load

HELP = "summarise a saved game or replay; --verify checks every stored state hash"


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .tlsave file or a LAN peer's log")
    parser.add_argument("--verify", action="store_true",
                        help="replay the file and check every stored state hash")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def run(args) -> int:
    try:
        loaded = load(args.file)
    except SaveError as exc:
        raise CliError(str(exc), 2) from None
    if args.verify:
        return _verify(args, loaded)
    summary = _summary(loaded)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_summary(summary)
    if loaded.damage is not None:
        raise CliError(f"{args.file}: damaged at {loaded.damage.describe()} (summary up to move "
                       f"{loaded.verified_moves})", 2)
    return 0


def _verify(args, loaded: Loaded) -> int:
    damage = loaded.damage
    if damage is None:
        state = "finished" if loaded.match.is_over() else "unfinished"
        print(f"ok: {loaded.verified_moves} moves verified ({loaded.match.game.name}, "
              f"{loaded.match.config['players']} players, {state})")
        return 0
    message = f"{args.file}: first divergence at {damage.describe()}"
    if damage.kind == "hash":
        message += f" (expected {damage.expected}, actual {damage.actual})"
    message += f"; moves 1-{loaded.verified_moves} verified" if loaded.verified_moves else ""
    if loaded.rules_changed:
        message += "; the file was saved with a different rules version"
    raise CliError(message, 2)


def _summary(loaded: Loaded) -> dict:
    match = loaded.match
    result = match.scores()
    seats = match.seats or []
    players = []
    for seat in range(match.config["players"]):
        info = seats[seat] if seat < len(seats) else None
        players.append({"seat": seat + 1,
                        "name": (info.name if info and info.name
                                 else match.game.seat_name(match.config, seat)),
                        "kind": info.kind if info else "",
                        "score": result["scores"][seat] if seat < len(result["scores"]) else None})
    return {"game": match.game.name, "title": match.game.title, "players": players,
            "moves": match.seq, "finished": match.is_over(),
            "winners": [w + 1 for w in match.game.winners(match.state)] if match.is_over()
            else [], "seed": match.seed, "config": match.config,
            "created": loaded.save.header.get("created", ""), "source": loaded.save.source}


def _print_summary(summary: dict) -> None:
    print(f"game: {summary['title'] or summary['game']} ({summary['game']})")
    print(f"moves: {summary['moves']}")
    print(f"finished: {'yes' if summary['finished'] else 'no'}")
    label = "final scores" if summary["finished"] else "scores so far"
    print(f"{label}:")
    for player in summary["players"]:
        kind = f" [{player['kind']}]" if player["kind"] else ""
        won = " (winner)" if player["seat"] in summary["winners"] else ""
        print(f"  {player['seat']}. {player['name']}{kind}: {player['score']}{won}")

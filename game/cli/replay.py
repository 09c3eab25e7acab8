"""``run.py replay FILE [--verify] [--json]``: summarise a save or replay, or verify every hash.

Without ``--verify``: the game, players, moves, whether it is finished and the scores.
With ``--verify``: replays the file and checks every stored state hash; prints "ok" (exit 0)
or the first divergence: move number, and expected vs actual hash when hashes differ (exit 2).
A file that is missing, empty, damaged, foreign or of another format version: one line, exit 2.

With ``--json`` stdout carries exactly one JSON object whatever happens (see ``EPILOG``); a
failure still ends with its one line on stderr, so a script reads stdout and a person stderr.
"""

from __future__ import annotations

import json

from game.cli import CliError
from game.saves import Loaded, SaveError, load

HELP = "summarise a saved game or replay; --verify checks every stored state hash"

EPILOG = """\
exit status: 0 the file is intact (with --verify: every stored hash matched);
             2 a divergence, a damaged tail, or a file that is missing, empty, foreign or
               of another format version (one line on stderr says which).

--json prints one JSON object on stdout for every outcome, failures included (the same
keys with or without --verify; on failure stderr still gets its one line):
  {"ok": true|false, "file": FILE, "error": null | the message of the stderr line,
   "game": "metro" | null, "moves": verified moves (0 if unreadable),
   "finished": true|false|null, "players": [{"seat", "name", "kind", "score"}, ...],
   "divergence": null | {"seq": first bad move, "kind": "hash" | "illegal" | "notation" |
                         "seq" | "unreadable" | "error", "reason": "...",
                         "expected": stored hash | null, "got": replayed hash | null,
                         "seat": 1-based seat | null, "move": notation | null},
   "rules_changed": true if the file was saved by another rules version,
   "title", "winners" (1-based seats), "seed", "config", "created", "source"}
  (null or [] where an unreadable file has no value.)
"""


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .tlsave file or a LAN peer's log")
    parser.add_argument("--verify", action="store_true",
                        help="replay the file and check every stored state hash")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object (also on failure; see below)")
    parser.epilog = EPILOG


def run(args) -> int:
    try:
        loaded = load(args.file)
    except SaveError as exc:
        if args.json:
            _print_json(_unreadable(args.file, str(exc)))
        raise CliError(str(exc), 2) from None
    outcome = _outcome(args.file, loaded, args.verify)
    if args.json:
        _print_json(outcome)
    elif args.verify:
        if outcome["ok"]:
            print(f"ok: {outcome['moves']} moves verified ({outcome['game']}, "
                  f"{len(outcome['players'])} players, "
                  f"{'finished' if outcome['finished'] else 'unfinished'})")
    else:
        _print_summary(outcome)
    if not outcome["ok"]:
        raise CliError(outcome["error"], 2)
    return 0


def _print_json(doc: dict) -> None:
    print(json.dumps(doc, sort_keys=True))


def _unreadable(path: str, message: str) -> dict:
    """The JSON outcome of a file that could not be read as a save at all."""
    return {"ok": False, "file": str(path), "error": message, "game": None, "title": None,
            "players": [], "moves": 0, "finished": None, "winners": [], "seed": None,
            "config": None, "created": None, "source": None, "divergence": None,
            "rules_changed": False}


def _outcome(path: str, loaded: Loaded, verify: bool) -> dict:
    """The summary and what the replay found: the keys of every JSON outcome (``EPILOG``);
    ``error`` is the line for stderr (worded for --verify or for the summary)."""
    damage = loaded.damage
    doc = {"ok": damage is None, "file": str(path), "error": None, **_summary(loaded),
           "divergence": None, "rules_changed": loaded.rules_changed}
    if damage is None:
        return doc
    record = _record(loaded, damage.move) if damage.kind in ("hash", "illegal", "notation",
                                                             "error") else None
    doc["divergence"] = {
        "seq": damage.move, "kind": damage.kind, "reason": damage.reason,
        "expected": damage.expected or (record.hash if record is not None else None),
        "got": damage.actual or None,
        "seat": record.seat + 1 if record is not None else None,
        "move": record.move if record is not None else None}
    if not verify:
        doc["error"] = (f"{path}: damaged at {damage.describe()} (summary up to move "
                        f"{loaded.verified_moves})")
        return doc
    message = f"{path}: first divergence at {damage.describe()}"
    if damage.kind == "hash":
        message += f" (expected {damage.expected}, actual {damage.actual})"
    message += f"; moves 1-{loaded.verified_moves} verified" if loaded.verified_moves else ""
    if loaded.rules_changed:
        message += "; the file was saved with a different rules version"
    doc["error"] = message
    return doc


def _record(loaded: Loaded, number: int):
    """The file's record of move ``number`` (1-based), or None if it has no such record."""
    entries = loaded.save.entries
    if 1 <= number <= len(entries) and entries[number - 1].seq == number:
        return entries[number - 1]
    return None


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

"""``run.py replay FILE [--verify] [--json]``: summarise a save or replay, or verify every hash.

Without ``--verify``: the game, players, moves, whether it is finished and the scores.
With ``--verify``: replays the file and checks every stored state hash; prints "ok" (exit 0)
or the first divergence; a finished fair LAN table's save (issue 13) also has its audit run
again from the saved transcript (exit 2 naming the cheating player when it fails): move number, and expected vs actual hash when hashes differ (exit 2).
A file that is missing, empty, damaged, foreign or of another format version: one line, exit 2.

With ``--json`` stdout carries exactly one JSON object whatever happens (see ``EPILOG``); a
failure still ends with its one line on stderr, so a script reads stdout and a person stderr.
"""

from __future__ import annotations

import json

from game.cli import CliError
from game.saves import Loaded, SaveError, load, read_save

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
        loaded, verdict = _load(args.file)
    except SaveError as exc:
        if args.json:
            _print_json(_unreadable(args.file, str(exc)))
        raise CliError(str(exc), 2) from None
    outcome = _outcome(args.file, loaded, args.verify)
    if verdict is not None:
        _add_audit(outcome, loaded, verdict, args.verify)
    if args.json:
        _print_json(outcome)
    elif args.verify:
        if outcome["ok"]:
            audit = ", the audit rerun: fair" if outcome.get("audit") else ""
            print(f"ok: {outcome['moves']} moves verified ({outcome['game']}, "
                  f"{len(outcome['players'])} players, "
                  f"{'finished' if outcome['finished'] else 'unfinished'}{audit})")
    else:
        _print_summary(outcome)
    if not outcome["ok"]:
        raise CliError(outcome["error"], 2)
    return 0


def _load(path: str) -> tuple[Loaded, dict | None]:
    """The replayed file, and for a fair LAN table's save (issue 13) the audit: the save's
    stream replayed by the table's driver (its hashes checked against the saved log) and,
    once the stream holds every dealer's secret, the audit run again. ``None`` for any
    other save."""
    from game.saves.fair_lan import is_fair_save, replay_fair_save   # the net layer: on use only

    save = read_save(path)
    if not is_fair_save(save.header):
        return load(path), None
    replica = replay_fair_save(save)
    loaded = Loaded(replica.match, save, save.damage)
    verdict = replica.fair.verdict
    return loaded, (verdict.to_plain() if verdict is not None else {})


def _add_audit(outcome: dict, loaded: Loaded, verdict: dict, verify: bool) -> None:
    """A fair table: the audit rerun here ({} while the save lacks secrets: not finished).
    With --verify a failed audit, or one that differs from the saved verdict, fails."""
    outcome["audit"] = verdict or None
    if not verify or not outcome["ok"]:
        return
    if not verdict:
        if outcome["finished"]:
            outcome["ok"] = False
            outcome["error"] = (f"{outcome['file']}: the save does not hold every dealer's "
                                "secret: the audit cannot be run again")
        return
    dealers = loaded.save.header["lan"]["dealers"]
    names = [p["name"] for p in outcome["players"] if dealers[p["seat"] - 1] in
             verdict["cheaters"]]
    if not verdict["fair"]:
        outcome["ok"] = False
        outcome["error"] = (f"{outcome['file']}: the audit caught a cheat: "
                            f"{', '.join(names) or 'machine ' + str(verdict['cheaters'])} "
                            f"({verdict['kind']}: {verdict['message']})")
    elif loaded.save.header.get("audit", {}).get("fair") is False:
        outcome["ok"] = False
        outcome["error"] = (f"{outcome['file']}: the saved audit named a cheat, but the "
                            "saved stream audits fair")


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

"""Files every peer keeps for diagnosis: the net log lines and desync dumps.

Both go to the folder the game side installed (``net.local.services.diagnostics_dir``; nowhere
when none was). Desync dumps hold config, seed, both logs and their hashes, to find the
first diverging move. (A table's game log, the netlog, is written by the persistence its
caller passes in: ``game.saves.lan.write_netlog``.)
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from game.match import Match
from net.local import services


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + f"-{time.time_ns() % 1000000:06d}"


def log_line(event: str, **fields) -> None:
    """Append one JSON line to ``net.log`` in the diagnostics folder (desyncs seen by the host, refusals)."""
    folder = services.diagnostics_dir()
    if folder is None:
        return
    try:
        record = {"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "event": event}
        record.update(fields)
        with open(folder / "net.log", "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, sort_keys=True, default=str) + "\n")
    except OSError:
        pass


def write_desync_dump(match: Match, host_rows: list, role: str, first_bad: int) -> Path | None:
    """Config, seed, our log with hashes and the host's, and the first seq that differs."""
    folder = services.diagnostics_dir()
    if folder is None:
        return None
    try:
        path = folder / f"desync-{match.game.name}-{role}-{_stamp()}.json"
        data = match.header()
        data.update({"role": role, "first_mismatch": first_bad,
                     "local_log": [e.to_plain() for e in match.log],
                     "host_log": [[i + 1, seat, move, digest]
                                  for i, (seat, move, digest) in enumerate(host_rows)]})
        path.write_text(json.dumps(data, sort_keys=True, indent=1), encoding="utf-8")
        return path
    except OSError:
        return None

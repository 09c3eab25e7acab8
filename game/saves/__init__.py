"""Saves, autosave, resume and replays.

The file format (version 1, suffix ``.tlsave``)
------------------------------------------------
UTF-8 text, in fact pure ASCII, one compact JSON value per line (keys sorted), never pickle:

line 1, the header::

    {"app": "tracklayer", "format": 1, "game": "metro", "rules_version": "<16 hex>",
     "config": {... "players": N ...}, "seed": <int>, "seats": [SeatInfo.to_plain(), ...],
     "created": "2026-11-22T02:15:00Z", "table": "<hex id>", "label": "<player's name for it>",
     "check": "<16 hex: BLAKE2 over the canonical encoding of the other header fields>"}

then one line per move, ``LogEntry.to_plain()``: ``[seq, seat, "notation", "state hash after"]``
with ``seq`` counting from 1; and, once the game is over, one end record
``{"end": true, "moves": n, "scores": [...], "winners": [...]}`` (informational: the replay
decides). An unfinished game the players left on purpose (not a crash) ends with
``{"left": true, "moves": n}`` (resuming rewrites the file without it). Timestamps, label
and table id live in the header only, outside the rules.

The state hash after every move is what makes the log trustworthy: a record that is torn,
flipped or edited either fails to parse, breaks the ``seq`` numbering, is refused by the rules,
or leads to a different hash, so the loader keeps exactly the prefix that replays and verifies.

LAN peers' autosaves (written by ``game.saves.lan``) add a ``lan`` block to the header:
``{"role": "host" | "peer<id>", "peers": [peer id per seat, 0 = the host], "mine": [seats
played on that machine]}``; their ``table`` id is the same on every peer of the table, and
``SaveInfo.lan`` tells the menus to offer them as "resume as LAN host".

The loader also reads ``Match.to_plain()`` documents (the ``log`` list of the same entries), as
JSON or msgpack, which is how LAN peers keep their logs in ``data_dir()/"netlogs"``.

Where files live: autosaves in ``game.paths.saves_dir()``; finished games move to the
``replays`` folder beside it (``replays_dir()``).

Public API (what the client, net and CLI call)
----------------------------------------------
* ``start_autosave(match)`` -> ``Autosaver``: saves after every confirmed move from now on;
  ``autosaver.sync(match)`` after an undo, ``autosaver.refresh_header(match)`` after seats
  change, ``autosaver.error`` (None or a line to show). Finished games move to the replays
  folder.
* ``list_resumable()`` -> [``SaveInfo``] newest first, one per game (a named copy and its
  autosave merged), ``info.interrupted`` for the ones a crash left (the launch offers those;
  ``mark_left(path)`` and ``Autosaver.leave(match)`` mark a game left on purpose);
  ``resume(path)`` -> ``Loaded`` (``.match`` at the last verified move, ``.warning`` a
  sentence for the player or None, autosaving again).
* ``load(path)`` / ``load_plain(doc)`` -> ``Loaded``; ``best_log(candidates)`` for a LAN table.
* ``list_replays()``; ``Replay.open(path)`` with ``state_at(i)``, ``events_at(i)``, ``entry(i)``.
* ``name_game(match, label)`` names the autosaved game (the pause menu's "Save as…");
  ``save_as(match, label)`` a named save slot; ``delete_save(path)``; ``write_save(match, path)``
  for a one-off save or export anywhere.
* Every failure is a ``SaveError`` with one clear English line.
"""

from .autosave import (Autosaver, delete_save, mark_left, name_game, save_as, start_autosave,
                       write_save)
from .files import netlogs_dir, replays_dir, write_atomic
from .format import FORMAT_VERSION, SUFFIX, Damage, SaveError, SaveFile, parse_bytes
from .load import (Loaded, SaveInfo, best_log, list_netlogs, list_replays, list_resumable, load,
                   load_plain, read_save, resume, table_key)
from .replay import Replay

__all__ = [
    "Autosaver", "delete_save", "mark_left", "name_game", "save_as", "start_autosave", "write_save",
    "netlogs_dir", "replays_dir", "write_atomic",
    "FORMAT_VERSION", "SUFFIX", "Damage", "SaveError", "SaveFile", "parse_bytes", "Loaded",
    "SaveInfo", "best_log", "list_netlogs", "list_replays", "list_resumable", "load",
    "load_plain", "read_save", "resume", "table_key", "Replay",
]

"""The autosave listener: after every confirmed move the match is on disk, crash-safely.

Strategy: an append-only journal with a compacting rewrite.

* Attaching writes the whole file atomically (``write_atomic``: temp file, fsync, rename).
* Each move then appends one short line (``[seq, seat, "move", "hash"]``) with a single
  ``write`` before the move's listeners return (the line is the operating system's: a crash
  of the program loses nothing), and its ``fdatasync`` runs on a background thread
  (``game.saves.flusher``): O(1) per move whatever the game's length, and the frame in which
  the move lands never waits for the disk (the flush cost 0.5-2 ms of that frame's CPU). A
  flush that fails makes the next move rewrite the whole file, as a failed write does.
* kill -9 cannot tear a single ``write`` of a few dozen bytes into the page cache, and after a
  power loss a torn last line is simply cut by the loader: every record carries the state hash
  after it, so the loader keeps exactly the prefix that replays and verifies.
* A LAN table's saver is ``batched``: its lines are written at once, but the ``fdatasync``
  waits for ``settle()``, which the network pump calls once its frames are sent, then runs
  on the flusher thread too: one disk flush for all that one pump applied (a 32-seat round's
  moves and a roll's records each cost a flush of a few ms otherwise).
* Anything that is not "one more move on the same log" (an undo, a rebuilt log after a desync
  repair, resuming a file whose tail was damaged) rewrites the file atomically instead.
* When the game ends, an end record is appended and the file moves to the replays folder.
"""

from __future__ import annotations

import datetime as _dt
import os
import time
from pathlib import Path
from typing import Any

from game.match import LogEntry, Match
from game.rules import rules_version

from . import flusher
from .files import replays_dir, saves_dir, unique_path, write_atomic
from .format import (SUFFIX, encode, end_line, entry_line, fair_line, header_check,
                     header_line, left_line, make_header, parse_bytes)


def _now_text() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _fdatasync(handle: Any) -> None:
    sync = getattr(os, "fdatasync", os.fsync)
    sync(handle.fileno())


class Autosaver:
    """A ``Match`` listener keeping ``path`` equal to the match's log after every move.

    Make one with ``start_autosave(match)`` (new file in the saves folder) or let
    ``game.saves.resume`` attach one to the file it resumed. ``durable=False`` skips the disk
    flushes (tests and benchmarks of the pure cost only; never in the client). ``batched``:
    the flush of appended lines waits for ``settle()`` (a LAN table's pump).

    A failing disk never stops the game: the error is kept in ``error`` (an English line for
    the client to show, None while saving works) and the next move tries a full rewrite.
    """

    def __init__(self, match: Match, path: Path, *, header: dict, durable: bool = True,
                 keep_replay: bool = True, batched: bool = False) -> None:
        self.path = Path(path)
        self.header = header
        self.durable = durable
        self.batched = batched
        self._unsynced = False         # batched: lines written since the last disk flush
        self._handed = False           # flushes handed to the flusher thread
        self._flush_failed = False     # set by the flusher thread: rewrite at the next move
        self.keep_replay = keep_replay
        self.finished = False
        # a screen may hold the end record of a finished game back to its next frame (it
        # costs over a millisecond: the final scores, the close, the move to the replays):
        # ``finish_held`` writes it; the last move itself is written at once all the same
        self.hold_finish = False
        self.finish_due = False
        self._handle = None
        self._written = 0              # moves in the file
        self._last_hash = ""           # hash of the last move in the file
        self.seconds = 0.0             # time spent saving, for the benchmark
        self.saves = 0
        self.error: str | None = None
        self.extras: list = []         # a fair table's stream lines (format.fair_line values)
        self.match = match
        self._guarded(self.rewrite, match)
        match.subscribe(self)

    # -- the listener ------------------------------------------------------------------
    def __call__(self, entry: LogEntry, events: list) -> None:
        if self.finished:
            return
        started = time.perf_counter()
        if self._flush_failed:         # a line may not be on the disk: write it all again
            self._flush_failed = False
            self._written = -1
        self._guarded(self._save_move, self.match, entry)
        self.seconds += time.perf_counter() - started
        self.saves += 1

    def _save_move(self, match: Match, entry: LogEntry) -> None:
        # an entry heard of after the log was replaced (a rejoin's catch-up) may not be the
        # match's any more: then the file is rewritten from the match as it is now
        log = match.log
        follows = (entry.seq == self._written + 1 and self._handle is not None
                   and entry.seq <= len(log) and log[entry.seq - 1] == entry
                   and (entry.seq == 1 or log[entry.seq - 2].hash == self._last_hash))
        if follows:
            self._handle.write(entry_line(entry))
            self._handle.flush()
            self._flush_disk()
            self._written = entry.seq
            self._last_hash = entry.hash
        else:
            self.rewrite(match)
        # (under lockstep a listener may hear of a move after the next one was applied: the
        # game is over only once its last move is in the file)
        if entry.seq == match.seq and match.is_over() and not self.finished:
            if self.hold_finish:
                self.finish_due = True     # the move is in the file; its end record follows
            else:
                self._finish(match)

    def finish_held(self, match: Match) -> None:
        """Write the end record ``hold_finish`` held back (and move the file to the replays):
        the game's last move is already in the file, so a crash before this loses nothing."""
        if self.finish_due and not self.finished:
            self.finish_due = False
            self._guarded(self._finish, match)

    def _guarded(self, action, *args) -> None:
        try:
            action(*args)
        except OSError as exc:
            # Disk full, folder removed, permissions...: keep playing, rewrite next time.
            self.error = f"the game could not be saved ({exc.strerror or exc})"
            try:
                self.close()
            except OSError:
                self._handle = None
            self._written = -1
        else:
            self.error = None

    # -- explicit operations -----------------------------------------------------------
    def sync(self, match: Match) -> None:
        """Call after changing the log without a move (undo), or after the log was rebuilt
        into another ``Match`` (a LAN rejoin's catch-up): the file follows at once, and from
        then on every move of ``match`` (the saver listens to it, not to the old one)."""
        if self.finished:
            return
        if match is not self.match:
            self.follow(match)
            return
        if self._written != match.seq or (match.log and match.log[-1].hash != self._last_hash):
            self._guarded(self.rewrite, match)

    def follow(self, match: Match) -> None:
        """Save ``match`` from now on instead of the one this saver was made with (a joiner's
        log rebuilt from the host's after a reset: the moves it saw since then are in the new
        match only, and a saver still writing the old one would stay at the old length)."""
        if match is not self.match:
            self.match.unsubscribe(self)
            self.match = match
            match.subscribe(self)
        if not self.finished:
            self._guarded(self.rewrite, match)

    def refresh_header(self, match: Match, label: str | None = None) -> None:
        """Seats changed (a player renamed, a seat handed to a bot) or a new label: rewrite."""
        header = dict(self.header, seats=[seat.to_plain() for seat in match.seats])
        if label is not None:
            header["label"] = label
        header["check"] = header_check(header)     # computed without the old check
        self.header = header
        if not self.finished:
            self._guarded(self.rewrite, match)

    def add_extras(self, values: list) -> None:
        """Append lines of a fair table's stream (kept for every later rewrite). Once the
        game is finished the file is not touched here (the audit's rewrite takes them)."""
        if not values:
            return
        self.extras.extend(values)
        if self.finished or self._handle is None:
            return
        self._guarded(self._append_extras, values)

    def _append_extras(self, values: list) -> None:
        self._handle.write(b"".join(fair_line(value) for value in values))
        self._handle.flush()
        self._flush_disk()

    def _flush_disk(self) -> None:
        """The disk flush of lines just written: handed to the flusher thread now, or at
        ``settle`` when batched."""
        if not self.durable:
            return
        if self.batched:
            self._unsynced = True
            return
        self._flush_later()

    def _flush_later(self) -> None:
        try:
            flusher.flush_later(self._handle.fileno(), self._flush_failing)
            self._handed = True
        except OSError:                # no descriptor to spare: flush here
            _fdatasync(self._handle)

    def _flush_failing(self, message: str) -> None:
        """(flusher thread) A flush of this file failed: say so, and rewrite at the next
        move."""
        self.error = f"the game could not be saved ({message})"
        self._flush_failed = True

    def settle(self) -> None:
        """Have the lines written since the last flush flushed to disk (a batched saver), on
        the flusher thread (``game.saves.flusher``): the caller never waits for the disk."""
        if self._unsynced and self._handle is not None:
            try:
                flusher.flush_later(self._handle.fileno(), self._flush_failing)
                self._handed = True
            except OSError:
                self._guarded(_fdatasync, self._handle)
        self._unsynced = False

    def rewrite(self, match: Match) -> None:
        """Write the whole file atomically from the match (the compacting rewrite). A last
        move not hashed yet (lockstep hashes a little later) is left for its listener call."""
        self.close()
        sealed = match.log[:-1] if match.log and not match.log[-1].hash else match.log
        if len(sealed) == match.seq:
            data = encode(match, self.header, self.extras)
        else:
            data = header_line(self.header) + b"".join(fair_line(v) for v in self.extras) \
                + b"".join(entry_line(e) for e in sealed)
        write_atomic(self.path, data, durable=self.durable)
        self._written = len(sealed)
        self._last_hash = sealed[-1].hash if sealed else ""
        if len(sealed) == match.seq and match.is_over():
            # the file already carries the end record; only keeping it as a replay remains
            self._finish(match, end_written=True)
            return
        self._handle = open(self.path, "ab")

    def leave(self, match: Match) -> None:
        """The players left the unfinished game on purpose (Quit to title, Quit, closing the
        window): mark the file so that the next launch does not offer it as interrupted (it
        stays in Load / Replays), then stop saving. A game left before its first move (and
        not named by the players) has nothing to resume: its file is removed."""
        if not self.finished:
            if match.seq == 0 and not self.header.get("label") and \
                    self.path.parent.resolve() == saves_dir().resolve():
                self.detach(match)
                try:
                    self.path.unlink(missing_ok=True)
                except OSError:
                    pass
                return
            self._guarded(self._write_left, match)
        self.detach(match)

    def _write_left(self, match: Match) -> None:
        if self._handle is None or self._written != match.seq or \
                (match.log and match.log[-1].hash != self._last_hash):
            self.rewrite(match)
        if self.finished or self._handle is None:
            return
        self._handle.write(left_line(match.seq))
        self._handle.flush()
        if self.durable:
            _fdatasync(self._handle)

    def detach(self, match: Match) -> None:
        """Stop saving this match (the file stays as it is)."""
        match.unsubscribe(self)
        self.close()

    def close(self) -> None:
        if self._handle is not None:
            try:
                if self._unsynced:
                    self._unsynced = False
                    _fdatasync(self._handle)
                if self._handed:       # the file is renamed or rewritten next: no flush
                    self._handed = False       # of it may still hold it open
                    flusher.wait(1.0)
                self._handle.close()
            finally:
                self._handle = None

    def _finish(self, match: Match, end_written: bool = False) -> None:
        if not end_written and self._handle is not None:
            self._handle.write(end_line(match))
            self._handle.flush()
            if self.durable:
                self._flush_later()
        self.close()                   # waits for the file's flushes: on disk before the rename
        self.finished = True
        if self.keep_replay and self.path.parent.resolve() == saves_dir().resolve():
            target = unique_path(replays_dir(), self.path.stem, self.path.suffix)
            # files.move_durably with the folders' flushes on the flusher thread
            os.replace(self.path, target)
            flusher.sync_folder_later(target.parent)
            if self.path.parent != target.parent:
                flusher.sync_folder_later(self.path.parent)
            self.path = target


def new_save_path(game_name: str, table: str) -> Path:
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%d-%H%M%S")
    return unique_path(saves_dir(), f"{game_name}-{stamp}-{table[:6]}", SUFFIX)


def new_header(match: Match, *, label: str = "", table: str = "", created: str = "") -> dict:
    """The header of a save of ``match`` written by this version of the rules. ``table``
    identifies a LAN table across peers (any short text; random when empty); ``created``
    defaults to now."""
    return make_header(match, created=created or _now_text(), table=table or os.urandom(8).hex(),
                       label=label, rules_version=rules_version())


def start_autosave(match: Match, *, label: str = "", table: str = "", path: Path | None = None,
                   durable: bool = True) -> Autosaver:
    """Autosave ``match`` from now on into a new file of the saves folder (or ``path``)."""
    header = new_header(match, label=label, table=table)
    target = Path(path) if path is not None else new_save_path(match.game.name, header["table"])
    return Autosaver(match, target, header=header, durable=durable)


def write_save(match: Match, path: Path, *, label: str = "", table: str = "",
               left: bool = False) -> Path:
    """Write ``match`` once to ``path`` (a manual save or export), atomically. ``left`` marks
    an unfinished game as left on purpose (see ``Autosaver.leave``), not interrupted."""
    data = encode(match, new_header(match, label=label, table=table))
    if left and not match.is_over():
        data += left_line(match.seq)
    write_atomic(Path(path), data)
    return Path(path)


def name_game(match: Match, label: str) -> Path:
    """The pause menu's "Save as…": the game gets ``label`` as its name in Load / Replays.
    A match that is being autosaved keeps one file, relabelled, that goes on following every
    move (a named copy beside the autosave would list the same game twice); a match without
    an autosave gets a named save of its own (``save_as``)."""
    for listener in match.listeners:
        if isinstance(listener, Autosaver) and not listener.finished:
            listener.refresh_header(match, label=label)
            if listener.error:
                raise OSError(listener.error)
            return listener.path
    return save_as(match, label)


def save_as(match: Match, label: str) -> Path:
    """A named copy of ``match`` in the saves folder (the save menu's "save as"); it is listed
    by ``list_resumable`` beside the autosave and resumes like one."""
    table = os.urandom(8).hex()
    return write_save(match, new_save_path(match.game.name, table), label=label, table=table,
                      left=True)    # a manual save is no game a crash interrupted


def mark_left(path: Path) -> bool:
    """Mark an unfinished save of ours as left on purpose (the launch's resume prompt was
    answered with *New game* or *Back*): it stays in Load / Replays, the launch stops offering
    it. A damaged, finished, LAN or already marked file is left as it is. True if marked."""
    path = Path(path)
    if path.resolve().parent != saves_dir().resolve() or path.suffix != SUFFIX:
        return False
    data = path.read_bytes()
    save = parse_bytes(data, str(path))
    if save.end is not None or save.left or save.damage is not None or save.source != "save" \
            or isinstance(save.header.get("lan"), dict) or not data.endswith(b"\n"):
        return False
    write_atomic(path, data + left_line(len(save.entries)))
    return True


def delete_save(path: Path) -> None:
    """Remove a save or replay (the menu's "delete"); only files in our own folders."""
    path = Path(path)
    folders = {saves_dir().resolve(), replays_dir().resolve()}
    if path.resolve().parent not in folders or path.suffix != SUFFIX:
        raise ValueError(f"{path} is not one of Tracklayer's saves")
    path.unlink(missing_ok=True)

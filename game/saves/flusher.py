"""Disk flushes off the caller's thread: every autosave's (a hotseat saver's after each move,
a LAN table's at ``Autosaver.settle``).

A LAN peer's pump must never wait for the disk: an ``fdatasync`` costs a few milliseconds (4 ms
on a plain virtual disk), and a pump that waits for it delays the next frame it reads and the
hash report it owes; a machine running several peers (a test, a benchmark) would wait for all
of theirs in turn. ``flush_later(fd)`` hands a duplicate of the file descriptor to one
background thread that flushes it and closes the duplicate; the lines are already written to
the operating system, so a crash of the program loses nothing, and the disk holds them a few
milliseconds later, as it would after a flush on the caller's thread.

``wait()`` blocks until every flush handed over so far is done (tests, the end of a game, a
saver closing its file); the program waits for them on its way out too (``atexit``), so a
quit never leaves a flush undone. A flush that fails is told to the ``failed`` callback given
with it (on the flusher thread), so its saver can write the whole file again.
"""

from __future__ import annotations

import atexit
import os
import threading
from collections import deque

_pending: deque = deque()
_lock = threading.Condition()
_busy = 0                      # flushes handed over and not finished
_thread: threading.Thread | None = None
errors: list[str] = []         # the last few failures (a failing disk is not fatal here)


def _sync(fd: int) -> None:
    getattr(os, "fdatasync", os.fsync)(fd)


def _sync_folder(fd: int) -> None:
    os.fsync(fd)


def flush_later(fd: int, failed=None) -> None:
    """Flush the file behind ``fd`` to disk soon, on the flusher thread; ``failed(message)``
    is called there if the flush fails. OSError if ``fd`` cannot be duplicated (the caller
    then flushes it itself)."""
    _hand(os.dup(fd), failed, _sync)


def sync_folder_later(folder) -> None:
    """Make a rename in ``folder`` durable soon, on the flusher thread (after the flushes
    handed over before it). Nothing where folders cannot be opened (Windows, whose rename is
    durable enough for us) or no descriptor is left (as ``files.fsync_dir``)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    _hand(fd, None, _sync_folder)


def _hand(fd: int, failed, sync) -> None:
    """Queue ``sync(fd)`` (the flusher closes ``fd``), starting the thread if need be."""
    global _busy, _thread
    with _lock:
        _pending.append((fd, failed, sync))
        _busy += 1
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="save-flusher", daemon=True)
            _thread.start()
        _lock.notify_all()


def wait(timeout: float = 5.0) -> bool:
    """Block until every flush handed over so far is done; False on timeout."""
    with _lock:
        return _lock.wait_for(lambda: _busy == 0, timeout)


def _run() -> None:
    global _busy
    while True:
        with _lock:
            _lock.wait_for(lambda: bool(_pending))
            fd, failed, sync = _pending.popleft()
        try:
            sync(fd)
        except OSError as exc:
            errors[:] = (errors + [exc.strerror or str(exc)])[-5:]
            if failed is not None:
                failed(exc.strerror or str(exc))
        finally:
            try:
                os.close(fd)
            except OSError:
                pass
            with _lock:
                _busy -= 1
                _lock.notify_all()


atexit.register(wait, 5.0)     # a quit leaves no flush undone

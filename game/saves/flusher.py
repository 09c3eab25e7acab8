"""Disk flushes off the caller's thread, for the savers of a LAN table (``Autosaver.settle``).

A LAN peer's pump must never wait for the disk: an ``fdatasync`` costs a few milliseconds (4 ms
on a plain virtual disk), and a pump that waits for it delays the next frame it reads and the
hash report it owes; a machine running several peers (a test, a benchmark) would wait for all
of theirs in turn. ``flush_later(fd)`` hands a duplicate of the file descriptor to one
background thread that flushes it and closes the duplicate; the lines are already written to
the operating system, so a crash of the program loses nothing, and the disk holds them a few
milliseconds later, as it would after a flush on the caller's thread.

``wait()`` blocks until every flush handed over so far is done (tests, and the end of a game).
"""

from __future__ import annotations

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


def flush_later(fd: int) -> None:
    """Flush the file behind ``fd`` to disk soon, on the flusher thread. OSError if ``fd``
    cannot be duplicated (the caller then flushes it itself)."""
    global _busy, _thread
    duplicate = os.dup(fd)
    with _lock:
        _pending.append(duplicate)
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
            fd = _pending.popleft()
        try:
            _sync(fd)
        except OSError as exc:
            errors[:] = (errors + [exc.strerror or str(exc)])[-5:]
        finally:
            try:
                os.close(fd)
            except OSError:
                pass
            with _lock:
                _busy -= 1
                _lock.notify_all()

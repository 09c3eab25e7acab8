"""SIGTERM and SIGHUP for the headless LAN commands: the same clean goodbye as Ctrl-C.

``run.py host --headless`` and ``run.py join --headless`` run inside ``stop_signals(what)``:
a SIGTERM (a service manager, ``kill``) or SIGHUP (the terminal went away) unwinds the
command like Ctrl-C does, so its ``finally`` blocks say goodbye (the host ends the table with
BYE ``host_left``, a joiner leaves with BYE ``left``) and keep the logs. The command then exits
with status 128 + the signal number (143 for SIGTERM, 129 for SIGHUP), the usual status of a
process stopped by that signal, after a one-line message on stderr. A second signal during
the goodbye is ignored, so the goodbye is never cut short.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

from game.cli import CliError

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


class Stopped(BaseException):
    """Raised in the main thread by a stop signal.

    A BaseException, like KeyboardInterrupt, so the broad ``except Exception`` guards that
    keep a table alive (a failing disk, a rules bug) cannot swallow the stop: a swallowed stop
    played the game on to its end and exited 0."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def stop_signals(what: str):
    """Turn SIGTERM/SIGHUP into a clean stop while the block runs; ``what`` says what the
    stop did ("the table was closed for everyone"). Outside the main thread: nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def on_signal(signum, _frame) -> None:
        if received:
            return            # already stopping: let the goodbye finish
        received.append(signum)
        raise Stopped(signum)

    previous = {}
    for signum in STOP_SIGNALS:
        try:
            previous[signum] = signal.signal(signum, on_signal)
        except (OSError, ValueError):
            continue
    try:
        yield
    except Stopped as exc:
        name = signal.Signals(exc.signum).name
        raise CliError(f"stopped by {name}: {what}", 128 + exc.signum) from None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)

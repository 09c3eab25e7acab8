"""One new connection attempt off the caller's thread (a client's frame loop must not freeze
for the seconds an unreachable address takes to fail): ``Dialer(address, timeout)``, then
``done()``; ``take()`` gives the connected socket or None with ``error`` set. ``abandon()``
closes whatever arrives once nobody waits for it."""

from __future__ import annotations

import socket
import threading


class Dialer:
    def __init__(self, address: tuple[str, int], timeout: float) -> None:
        self.error = ""
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._abandoned = False
        threading.Thread(target=self._run, args=(address, timeout), name="dial",
                         daemon=True).start()

    def _run(self, address: tuple[str, int], timeout: float) -> None:
        sock = None
        try:
            sock = socket.create_connection(address, timeout=timeout)
            sock.settimeout(None)
        except (OSError, ValueError) as exc:
            self.error = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        with self._lock:
            if self._abandoned and sock is not None:
                sock.close()
                sock = None
            self._sock = sock
        self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def take(self) -> socket.socket | None:
        with self._lock:
            sock, self._sock = self._sock, None
        return sock

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True
            if self._sock is not None:
                self._sock.close()
                self._sock = None

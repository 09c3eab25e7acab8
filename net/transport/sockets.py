"""TCP plumbing shared by host and client: one framed non-blocking connection, and a pump loop.

``Connection`` writes frames at once when the socket takes them (TCP_NODELAY, so a move goes
out in one segment) and buffers the rest; while ``corked`` (a pump handling what it read) it
only buffers, and ``uncork`` writes all of it with one call: the frames one pump sends a peer
(a burst of moves, a roll's records) leave in one write, not one system call and segment each; reading returns decoded messages or raises
``WireError`` / ``Closed`` (``Reset`` for a reset connection, told apart from a hang-up). ``Pumped`` gives host and client the same driving API: call
``pump(timeout)`` from your own loop (non-blocking with timeout 0), or ``start_thread()`` and
then use every method under ``lock`` — the public methods of host and client take it for you.
"""

from __future__ import annotations

import socket
import threading

from net.transport.wire import FrameReader, encode

READ_CHUNK = 65536


class Closed(Exception):
    """The other side closed the connection (or it broke). ``reset``: it was reset (an RST:
    a network fault, or a peer that died) rather than hung up politely (a FIN)."""

    reset = False


class Reset(Closed):
    """The connection was reset: not a goodbye, so worth trying again."""

    reset = True


class Connection:
    def __init__(self, sock: socket.socket, address=None) -> None:
        self.sock = sock
        self.address = address
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.reader = FrameReader()
        self.out = bytearray()
        self.closed = False
        self.sent_bytes = 0
        self.largest_sent = 0         # the largest frame sent (length prefix included)
        self.corked = False
        self._backlog = False

    def fileno(self) -> int:
        return self.sock.fileno()

    def send_frame(self, frame: bytes) -> None:
        if self.closed:
            return
        self.sent_bytes += len(frame)
        self.largest_sent = max(self.largest_sent, len(frame))
        if self.out or self.corked:
            self.out += frame
            return
        try:
            written = self.sock.send(frame)
        except (BlockingIOError, InterruptedError):
            written = 0
        except OSError:
            self.closed = True
            return
        if written < len(frame):
            self.out += frame[written:]

    def send(self, message: dict) -> None:
        self.send_frame(encode(message))

    def flush(self) -> None:
        if self.closed or not self.out:
            return
        try:
            written = self.sock.send(self.out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self.closed = True
            return
        del self.out[:written]

    def cork(self) -> None:
        """Buffer what is sent from now until ``uncork``."""
        self.corked = True
        self._backlog = bool(self.out)

    def uncork(self) -> None:
        """Stop buffering and write what was buffered (the rest waits for writability). A
        backlog that was there before the cork waits for writability as before: a peer that
        does not read is not written to on every pump."""
        if self.corked:
            self.corked = False
            if not self._backlog:
                self.flush()

    def wants_write(self) -> bool:
        return bool(self.out) and not self.closed

    def read(self, chunk: int = READ_CHUNK) -> list[dict]:
        """Messages that arrived (reading at most ``chunk`` bytes); raises Closed at end of
        stream (Reset when the connection was reset), WireError on bad bytes."""
        try:
            data = self.sock.recv(chunk)
        except (BlockingIOError, InterruptedError):
            return []
        except (ConnectionResetError, ConnectionAbortedError):
            raise Reset() from None
        except OSError:
            raise Closed() from None
        if not data:
            raise Closed()
        return self.reader.feed(data)

    def close(self, linger: float = 0.2) -> None:
        """Send what is buffered (briefly), then close."""
        if self.sock is None:
            return
        if self.out and not self.closed:
            try:
                self.sock.settimeout(linger)
                self.sock.sendall(bytes(self.out))
            except OSError:
                pass
        self.out.clear()
        self.closed = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


class Pumped:
    """Either pumped by the caller's loop or by a background thread (then use ``lock``)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def pump(self, timeout: float = 0.0) -> None:
        raise NotImplementedError

    def start_thread(self, interval: float = 0.02) -> None:
        if self._thread is not None:
            return
        self._stop.clear()

        def loop() -> None:
            while not self._stop.is_set() and not self.finished():
                self.pump(interval)

        self._thread = threading.Thread(target=loop, name=type(self).__name__, daemon=True)
        self._thread.start()

    def pumped_by_another_thread(self) -> bool:
        """Whether a background thread (not the caller's) pumps this now."""
        return self._thread is not None and self._thread is not threading.current_thread()

    def stop_thread(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._thread = None

    def finished(self) -> bool:
        return False

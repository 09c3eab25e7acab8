"""Runs a bot's ``choose`` off the frame loop, one request at a time.

The play screen asks for a move for (seat, seq) with the seat's view; the frame loop keeps
drawing (the "thinking" indicator) and polls until the answer is there. A stale answer (the
match moved on, or the screen was left) is dropped.

Searching bots are pure Python: in a thread they would hold the GIL, and every pygame call
that releases it would then wait its turn, so frames would stutter while a strong bot thinks.
The work therefore goes to one long-lived helper *process* (``python -c ...`` started on first
use, shared by every play screen, no pygame in it), talking length-prefixed pickles over its
stdin/stdout. The bot travels there with the view and comes back with its advanced state (its
random generator), so the bot object in the client ends up exactly where a thread would have
left it and games replay identically. If the helper cannot be used (or a bot cannot be
pickled) the request runs in a thread instead.

This module must not import pygame: the helper process imports it.
"""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import threading
from pathlib import Path

_SKIP_ATTRS = ("_cancel", "game")   # not sent / not copied back (events, the rules object)
_ROOT = str(Path(__file__).resolve().parents[2])
_HEADER = struct.Struct("<I")


def _read_frame(stream) -> bytes | None:
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(head)
    data = stream.read(size)
    return data if len(data) == size else None


def _write_frame(stream, data: bytes) -> None:
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def helper_main() -> None:
    """The helper process: answer (key, game, bot state, bot class, view) until stdin closes."""
    from game.rules import get_game

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        frame = _read_frame(stdin)
        if frame is None:
            return
        try:
            key, game_name, bot_state, bot_class, view = pickle.loads(frame)
            bot = bot_class.__new__(bot_class)
            bot.__dict__.update(bot_state)
            bot.game = get_game(game_name)
            bot._cancel = None
            move = bot.choose(view)
            state = {k: v for k, v in bot.__dict__.items() if k not in _SKIP_ATTRS}
            reply = (key, "move", move, state)
        except Exception as exc:  # noqa: BLE001 - reported to the client, never fatal
            reply = (locals().get("key"), "error", f"{type(exc).__name__}: {exc}", None)
        try:
            _write_frame(stdout, pickle.dumps(reply))
        except (OSError, ValueError):
            return


class _Helper:
    """The shared helper process, with a reader thread collecting its answers."""

    def __init__(self) -> None:
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
        code = (f"import sys; sys.path.insert(0, {_ROOT!r}); "
                "from game.client.bot_worker import helper_main; helper_main()")
        self.process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env=env, cwd=_ROOT)
        self.lock = threading.Lock()
        self.results: dict = {}
        self.reader = threading.Thread(target=self._read, name="bot-helper-reader",
                                       daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            frame = _read_frame(self.process.stdout)
            if frame is None:
                return
            key, kind, value, state = pickle.loads(frame)
            with self.lock:
                self.results[key] = (kind, value, state)
                if len(self.results) > 64:     # answers nobody waits for any more
                    self.results = {key: self.results[key]}

    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, payload: bytes) -> None:
        _write_frame(self.process.stdin, payload)

    def take(self, key):
        with self.lock:
            return self.results.pop(key, None)

    def close(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


_helper: _Helper | None = None
_helper_failed = False


def _shared_helper() -> _Helper | None:
    global _helper, _helper_failed
    if _helper_failed:
        return None
    if _helper is None or not _helper.alive():
        try:
            _helper = _Helper()
        except OSError:
            _helper_failed = True
            return None
    return _helper


def shutdown_helper() -> None:
    """Stop the helper process (it also stops by itself when the client exits)."""
    global _helper
    if _helper is not None:
        _helper.close()
        _helper = None


class BotWorker:
    """One pending bot request at a time: ``request`` / ``poll`` / ``busy_with`` / ``cancel``."""

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._lock = threading.Lock()
        self._key = None
        self._bot = None
        self._result = None
        self._done = False
        self._via_process = False

    def busy_with(self, key) -> bool:
        with self._lock:
            return self._key == key

    def request(self, key, bot, view) -> None:
        with self._lock:
            self._key, self._bot, self._result, self._done = key, bot, None, False
            self._via_process = False
        helper = _shared_helper() if self.use_process else None
        if helper is not None:
            try:
                state = {k: v for k, v in bot.__dict__.items() if k not in _SKIP_ATTRS}
                helper.send(pickle.dumps((key, bot.game.name, state, type(bot), view)))
                with self._lock:
                    self._via_process = True
                return
            except (pickle.PicklingError, TypeError, AttributeError, OSError, ValueError):
                pass   # not sendable: think in a thread instead
        self._start_thread(key, bot, view)

    def _start_thread(self, key, bot, view) -> None:
        def work() -> None:
            try:
                result = ("move", bot.choose(view))
            except Exception as exc:  # noqa: BLE001 - reported to the play screen, not lost
                result = ("error", exc)
            with self._lock:
                if self._key == key:
                    self._result, self._done = result, True

        threading.Thread(target=work, name=f"bot-{key}", daemon=True).start()

    def poll(self, key):
        """("move", m) / ("error", exc) once the answer for ``key`` is ready, else None."""
        with self._lock:
            if self._key != key:
                return None
            if self._done:
                return self._result
            via_process, bot = self._via_process, self._bot
        helper = _helper
        if not via_process or helper is None:
            return None
        answer = helper.take(key)
        if answer is None:
            if helper.alive():
                return None
            # the helper died: report it; the play screen falls back to a legal move
            result = ("error", RuntimeError("the bot helper process stopped"))
        else:
            kind, value, state = answer
            if kind == "move":
                bot.__dict__.update(state)     # the bot's generator advanced as in a thread
                result = ("move", value)
            else:
                result = ("error", RuntimeError(value))
        with self._lock:
            if self._key != key:
                return None
            self._result, self._done = result, True
            return result

    def cancel(self) -> None:
        with self._lock:
            self._key, self._bot, self._result, self._done = None, None, None, False

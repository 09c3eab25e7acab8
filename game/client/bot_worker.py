"""Runs a bot's ``choose`` off the frame loop: one request at a time per ``BotWorker``, and
the requests of several workers (the bots of a simultaneous Railroad Ink round) at once.

The play screen asks for a move for a key (screen, seat, position) with the seat's view; the
frame loop keeps drawing (the "thinking" indicator) and polls until the answer is there. A
stale answer (the match moved on, or the screen was left) is dropped.

Searching bots are pure Python: in a thread they would hold the GIL, and every pygame call
that releases it would then wait its turn, so frames would stutter while a strong bot thinks.
The work therefore goes to a small pool of long-lived helper *processes* (fresh interpreters
started with ``python -c ...``, never forked from the client, so no SDL state is copied; no
pygame in them), shared by every play screen and talking length-prefixed pickles over their
stdin/stdout. The pool starts empty and grows on demand: a request goes to an idle helper, a
new one is started while there are fewer than ``os.cpu_count()``, else it queues on the least
loaded one. ``shutdown_helpers`` closes them all (the app calls it on quit; a helper also
stops by itself when the client's end of its pipe closes).

A bot that loads something once per process (``Bot.warm_process``: the Railroad Ink expert's
compiled core, about 0.4 CPU s) has it loaded when its table opens: ``prepare_helpers`` starts
the helpers the table's bots will think in and sends each a warm-up frame, done before any
question, so the first decision does not pay for it.

The bot travels to the helper with the view and comes back with its advanced state (its
random generator), so the bot object in the client ends up exactly where a thread would have
left it and games replay identically, whichever helper computed the move. If no helper can be
used (or a bot cannot be pickled) the request runs in a thread instead.

This module must not import pygame: the helper process imports it.
"""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path

from game.rules import rules_module

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
    """The helper process: answer (key, (game, its rules module), bot state, bot class, view)
    with (key, "move" or "error", the move or the message, the bot's state, the CPU seconds
    the answer took here) until stdin closes. A game registered at run time (``register_game``) is registered here
    too, from the module its rules live in."""
    from game.rules import available_games, get_game, register_game   # loaded when it starts

    warmed: set = set()        # bot classes whose ``warm_process`` already ran here
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        frame = _read_frame(stdin)
        if frame is None:
            return
        try:
            request = pickle.loads(frame)
            if request[0] == _WARM:
                # the table is opening (``prepare_helpers``): the one-off loading is done now,
                # before its first question, not inside its first decision; no answer
                _warm_classes(request[1], warmed)
                continue
            key, (game_name, module), bot_state, bot_class, view = request
            if game_name not in available_games():
                register_game(game_name, module)
            bot = bot_class.__new__(bot_class)
            bot.__dict__.update(bot_state)
            bot.game = get_game(game_name)
            bot.set_cancel(None)
            started = time.process_time()
            # a bot that needs compiled code loads it in a helper that plays it (not in every
            # helper); here only if no warm-up frame came first, and then inside the answer
            _warm_classes([bot_class], warmed)
            move = bot.choose(view)
            state = {k: v for k, v in bot.__dict__.items() if k not in _SKIP_ATTRS}
            reply = (key, "move", move, state, time.process_time() - started)
        except Exception as exc:  # noqa: BLE001 - reported to the client, never fatal
            reply = (locals().get("key"), "error", f"{type(exc).__name__}: {exc}", None, None)
        try:
            _write_frame(stdout, pickle.dumps(reply))
        except (OSError, ValueError):
            return


_WARM = "warm"     # a frame (_WARM, [bot classes]): load what they need, answer nothing


def _warm_classes(classes, warmed: set) -> None:
    for bot_class in classes:
        if bot_class not in warmed:
            warmed.add(bot_class)
            try:
                bot_class.warm_process()
            except Exception:  # noqa: BLE001 - a failed warm-up is paid by the first decision
                pass


def needs_warming(bot_class) -> bool:
    """Whether a bot class loads something once per process (overrides ``warm_process``)."""
    warm = getattr(bot_class, "warm_process", None)
    base = next((getattr(c, "warm_process") for c in reversed(bot_class.__mro__)
                 if "warm_process" in vars(c)), None)
    return warm is not None and base is not None and \
        getattr(warm, "__func__", warm) is not getattr(base, "__func__", base)


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
        self.load = 0              # requests sent and not answered yet (cancelled ones too)
        self.warm_sent: set = set()   # bot classes this helper was asked to warm
        self.reader = threading.Thread(target=self._read, name="bot-helper-reader",
                                       daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            frame = _read_frame(self.process.stdout)
            if frame is None:          # the helper stopped: nothing more will come from it
                with self.lock:
                    self.load = 0
                _tell_answered()
                return
            key, kind, value, state, cpu = pickle.loads(frame)
            with self.lock:
                self.load = max(0, self.load - 1)
                self.results[key] = (kind, value, state, cpu)
                if len(self.results) > 64:
                    # answers nobody waits for any more (cancelled requests): the oldest
                    # go; a live answer is taken within a frame, so it is among the newest
                    for old in list(self.results)[:-32]:
                        del self.results[old]
            _tell_answered()

    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, payload: bytes) -> None:
        with self.lock:
            self.load += 1
        try:
            _write_frame(self.process.stdin, payload)
        except (OSError, ValueError):
            with self.lock:
                self.load -= 1
            raise

    def send_warm(self, classes: list) -> None:
        """Ask the helper to warm ``classes`` now (no answer comes back: not counted)."""
        fresh = [cls for cls in classes if cls not in self.warm_sent]
        if fresh:
            _write_frame(self.process.stdin, pickle.dumps((_WARM, fresh)))
            self.warm_sent.update(fresh)

    def pending(self) -> int:
        with self.lock:
            return self.load

    def take(self, key):
        with self.lock:
            return self.results.pop(key, None)

    def has_answer(self, key) -> bool:
        with self.lock:
            return key in self.results

    def close(self) -> None:
        # an idle helper ends at the end of its input; one still thinking works on answers
        # nobody will take (it reads its input only between requests), so it is stopped
        # at once instead of being waited on
        busy = self.pending() > 0
        try:
            self.process.stdin.close()
            if busy:
                self.process.kill()
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


_pool: list[_Helper] = []
_pool_lock = threading.Lock()
_pool_failed = False
_answered = threading.Condition()    # notified whenever a bot answer arrives
_waited_on = weakref.WeakSet()       # workers whose answer a frame loop waits for (under it)


def _tell_answered() -> None:
    with _answered:
        _answered.notify_all()


def wait_while_thinking(seconds: float) -> None:
    """Block up to ``seconds`` while a bot the game waits for is thinking, or until an answer
    arrives. A client stepped frame by frame without pauses (tests, ``play --frames``) calls
    it once a frame, as a real frame at 60 fps would leave the helpers ~16 ms: without it, a
    fixed number of frames can pass before a helper on a busy machine got a core at all.
    Background work (the coach's review) is not waited for."""
    with _answered:
        if any(worker.thinking() for worker in list(_waited_on)):
            _answered.wait(timeout=seconds)


def pool_limit() -> int:
    """At most one helper per core: more would only share the same cores."""
    return max(1, os.cpu_count() or 1)


def _pick_helper() -> _Helper | None:
    """An idle helper, a new one while the pool is below its limit, else the least loaded
    (None when helpers cannot be started at all: the caller thinks in a thread)."""
    global _pool_failed
    with _pool_lock:
        _pool[:] = [helper for helper in _pool if helper.alive()]
        if _pool_failed:
            return None
        loads = [(helper.pending(), index) for index, helper in enumerate(_pool)]
        if loads and min(loads)[0] == 0:
            return _pool[min(loads)[1]]
        if len(_pool) < pool_limit():
            try:
                _pool.append(_Helper())
                return _pool[-1]
            except OSError:
                if not _pool:
                    _pool_failed = True
                    return None
        return _pool[min(loads)[1]] if loads else None


def prepare_helpers(bots, thinking_at_once: int = 1) -> None:
    """A table with these bots opens: if any of them loads something once per process
    (``Bot.warm_process``: the Railroad Ink expert's compiled core), start the helpers its
    bots will think in (``thinking_at_once``, at most one per core) and have each load it
    now, in parallel with the table's opening, so no decision pays for it. The first question
    waits in the helper's input until the warm-up is done. Nothing to warm: nothing started
    (a helper starts on its first question, as before)."""
    global _pool_failed
    classes = sorted({type(bot) for bot in bots if needs_warming(type(bot))},
                     key=lambda cls: (cls.__module__, cls.__qualname__))
    if not classes:
        return
    with _pool_lock:
        _pool[:] = [helper for helper in _pool if helper.alive()]
        if _pool_failed:
            return
        wanted = min(max(1, thinking_at_once), pool_limit())
        while len(_pool) < wanted:
            try:
                _pool.append(_Helper())
            except OSError:
                if not _pool:
                    _pool_failed = True
                    return
                break
        helpers = list(_pool)
    for helper in helpers:
        try:
            helper.send_warm(classes)
        except (pickle.PicklingError, TypeError, AttributeError, OSError, ValueError):
            pass       # then the first question warms it, as without this call


def helper_count() -> int:
    """How many helper processes are running (tests, the bench)."""
    with _pool_lock:
        return sum(1 for helper in _pool if helper.alive())


def shutdown_helpers() -> None:
    """Stop every helper process (they also stop by themselves when the client exits)."""
    with _pool_lock:
        helpers, _pool[:] = list(_pool), []
    for helper in helpers:
        helper.close()


shutdown_helper = shutdown_helpers   # the older name


class BotWorker:
    """One pending bot request at a time: ``request`` / ``poll`` / ``busy_with`` / ``cancel``."""

    def __init__(self, use_process: bool = True, waited_on: bool = True) -> None:
        self.use_process = use_process
        self.waited_on = waited_on    # a frame loop waits for its answers (not background work)
        self._lock = threading.Lock()
        self._key = None
        self._bot = None
        self._result = None
        self._done = False
        self._helper: _Helper | None = None
        # the helper's CPU seconds for the last answer taken (question to answer: the bench)
        self.last_cpu: float | None = None

    def busy_with(self, key) -> bool:
        with self._lock:
            return self._key == key

    def busy(self) -> bool:
        """A request is out, or its answer has not been taken yet."""
        with self._lock:
            return self._key is not None

    def thinking(self) -> bool:
        """Whether a request is out and its answer has not arrived yet."""
        with self._lock:
            if self._key is None or self._done:
                return False
            helper, key = self._helper, self._key
        return helper is None or (helper.alive() and not helper.has_answer(key))

    def _set_waited_on(self, waited: bool) -> None:
        with _answered:
            if waited and self.waited_on:
                _waited_on.add(self)
            else:
                _waited_on.discard(self)

    def request(self, key, bot, view) -> None:
        with self._lock:
            self._key, self._bot, self._result, self._done = key, bot, None, False
            self._helper = None
        self._set_waited_on(True)
        helper = _pick_helper() if self.use_process else None
        if helper is not None:
            try:
                state = {k: v for k, v in bot.__dict__.items() if k not in _SKIP_ATTRS}
                game = (bot.game.name, rules_module(bot.game.name))
                payload = pickle.dumps((key, game, state, type(bot), view))
                helper.send(payload)
                with self._lock:
                    self._helper = helper
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
            _tell_answered()

        threading.Thread(target=work, name=f"bot-{key}", daemon=True).start()

    def poll(self, key):
        """("move", m) / ("error", exc) once the answer for ``key`` is ready, else None."""
        with self._lock:
            if self._key != key:
                return None
            if self._done:
                return self._result
            helper, bot = self._helper, self._bot
        if helper is None:
            return None
        answer = helper.take(key)
        if answer is None:
            if helper.alive():
                return None
            # the helper died: report it; the play screen falls back to a legal move
            result = ("error", RuntimeError("the bot helper process stopped"))
        else:
            kind, value, state, self.last_cpu = answer
            if kind == "move":
                bot.__dict__.update(state)     # the bot's generator advanced as in a thread
                result = ("move", value)
            else:
                result = ("error", RuntimeError(value))
        with self._lock:
            if self._key != key:
                return None
            self._result, self._done = result, True
        self._set_waited_on(False)
        return result

    def cancel(self) -> None:
        with self._lock:
            self._key, self._bot, self._result, self._done = None, None, None, False
            self._helper = None
        self._set_waited_on(False)

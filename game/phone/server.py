"""The phone server: aiohttp on a thread of its own, serving the page and one WebSocket a phone.

``PhoneServer(book, ...)`` listens only from ``start()`` to ``stop()`` (a table that uses
phones), on the port it was given (the one the screen shows; if it is taken, a free one,
which the screen then shows). It serves:

* ``/`` and ``/p/<token>``: the page (``assets/phone/index.html``; the token is read by the
  page from its address, never checked over HTTP: only the WebSocket's hello is an answer);
* ``/<CODE>``: the short URL: the seat's page, when the code is one (a few wrong codes a minute
  per address, then refused);
* ``/a/<file>``: the page's scripts and style (only files of ``assets/phone``; gzip);
* ``/w``: the words a page shows before it holds a seat, in the table's language;
* ``/ws``: the WebSocket of the protocol in ``game.phone.protocol``.

Everything the host does reaches this thread through ``call`` (``loop.call_soon_threadsafe``);
what phones do reaches the host through ``on_event(kind, seat, data) -> bool`` (called on this
thread; False refuses a move: the seat's queue is full). ``answer(context, seat, message)``
computes an ``ask``'s options off the loop, in a small thread pool.
"""

from __future__ import annotations

import asyncio
import gzip
import re
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from game.assets import assets_dir
from game.phone import protocol as wire
from game.phone.book import SeatBook, SeatRecord
from game.phone.links import CODE_LENGTH
from net.transport.ratelimit import FrameBudget

PAGE_DIR = assets_dir() / "phone"
STATIC_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,40}\.(js|css|svg|png)$")
CONTENT_TYPES = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
                 "css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png"}
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; connect-src 'self'; img-src 'self' data:;"
                                " style-src 'self'; script-src 'self'; base-uri 'none';"
                                " form-action 'self'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",          # the page's address holds the seat's token
    "Cache-Control": "no-store",
}
HEARTBEAT = 15.0        # a phone that went away without a word is noticed within ~2 beats
CLOSE_POLICY = 4008     # WebSocket close code of a refusal (application range)


class Phone:
    """One WebSocket of a phone (this thread only)."""

    def __init__(self, ws, address: str, limits: wire.PhoneLimits, now: float) -> None:
        self.ws = ws
        self.address = address
        self.limits = limits
        self.record: SeatRecord | None = None
        self.offered: SeatRecord | None = None
        self.device = ""
        self.budget = FrameBudget(now, limits.rate, limits.burst)
        self.refused_fast = 0
        self.told_fast = 0.0
        self.outbox: deque = deque()          # (kind, frame)
        self.wake = asyncio.Event()
        self.closing: str | None = None       # close after the outbox, with this reason
        self.next_ask: dict | None = None
        self.asking = False

    def queue(self, kind: str, frame: str) -> None:
        if self.closing is not None:
            return
        if kind == "view":                   # only the latest view matters
            self.outbox = deque(item for item in self.outbox if item[0] != "view")
        elif len(self.outbox) >= self.limits.outbox:
            self.outbox.clear()
            self.closing = "too_slow"
        self.outbox.append((kind, frame))
        self.wake.set()

    def close_after(self, reason: str) -> None:
        if self.closing is None:
            self.closing = reason
        self.wake.set()


class PhoneServer:
    def __init__(self, book: SeatBook, *, bind: str = "0.0.0.0", port: int = 0,
                 limits: wire.PhoneLimits = wire.PhoneLimits(),
                 on_event: Callable[[str, int, dict], bool] = lambda kind, seat, data: True,
                 answer: Callable[[Any, int, dict], dict] | None = None,
                 reasons: dict | None = None, greeting: dict | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.book = book
        self.bind = bind
        self.wanted_port = port
        self.port = 0
        self.limits = limits
        self.on_event = on_event
        self.answer = answer
        self.reasons = reasons or {}          # error code -> words in the table's language
        self.greeting = greeting or {"lang": "en", "words": {}}   # served at /w
        self.clock = clock
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.phones: set[Phone] = set()
        self.failures: dict[str, deque] = {}  # address -> times of wrong tokens or codes
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="phone-ask")
        self.files = self._load_files()
        self.runner = None
        self.stopped: asyncio.Event | None = None
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.frames_in = 0

    # ------------------------------------------------------------------ host side
    def start(self, timeout: float = 10.0) -> int:
        """Listen (on a thread of its own); the port actually bound. OSError if none."""
        self.thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self.thread.start()
        if not self.ready.wait(timeout):
            raise OSError("the phone server did not start")
        if self.error is not None:
            raise OSError(f"the phone server cannot listen ({self.error})")
        return self.port

    def call(self, function: Callable, *args) -> None:
        """Run ``function(*args)`` on the server's thread (from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:       # closed meanwhile
                pass

    def stop(self, farewell: str = "", timeout: float = 3.0) -> None:
        """Tell every phone ``farewell`` (a ``bye`` frame), let what is queued go, close."""
        if self.loop is None or self.thread is None:
            return
        self.call(self._begin_stop, farewell)
        if timeout > 0:
            self.thread.join(timeout)
        self.pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ the loop thread
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # noqa: BLE001 - reported to start(), never a traceback
            self.error = exc
            self.ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        from aiohttp import web

        app = web.Application(client_max_size=4096)
        app.router.add_get("/", self._page)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/a/{name}", self._static)
        app.router.add_get("/favicon.ico", self._nothing)
        app.router.add_get("/w", self._words)
        app.router.add_get("/{code}", self._short)
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self.runner.setup()
        self.stopped = asyncio.Event()
        try:
            site = web.TCPSite(self.runner, self.bind, self.wanted_port)
            await site.start()
        except OSError:
            if self.wanted_port == 0:
                raise
            site = web.TCPSite(self.runner, self.bind, 0)      # taken: any free port
            await site.start()
        self.port = self.runner.addresses[0][1]
        self.ready.set()
        await self.stopped.wait()
        await self.runner.cleanup()

    def _begin_stop(self, farewell: str) -> None:
        for phone in list(self.phones):
            if farewell:
                phone.queue("bye", wire.encode({"type": "bye", "reason": farewell}))
            phone.close_after("bye")
        asyncio.ensure_future(self._finish_stop())

    async def _finish_stop(self) -> None:
        deadline = self.clock() + 1.5
        while self.phones and self.clock() < deadline:
            await asyncio.sleep(0.02)
        for phone in list(self.phones):
            await phone.ws.close()
        self.stopped.set()

    # ------------------------------------------------------------------ HTTP
    def _load_files(self) -> dict:
        files = {}
        for path in sorted(PAGE_DIR.glob("*")):
            if path.is_file() and (path.name == "index.html" or STATIC_NAME.match(path.name)):
                data = path.read_bytes()
                files[path.name] = (data, gzip.compress(data, 9, mtime=0))
        return files

    def _file_response(self, request, name: str):
        from aiohttp import web

        if name not in self.files:
            return web.Response(status=404, text="not here")
        plain, packed = self.files[name]
        headers = dict(SECURITY_HEADERS)
        headers["Content-Type"] = CONTENT_TYPES[name.rsplit(".", 1)[1]]
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return web.Response(body=packed, headers=headers)
        return web.Response(body=plain, headers=headers)

    async def _page(self, request):
        return self._file_response(request, "index.html")

    async def _static(self, request):
        name = request.match_info["name"]
        if not STATIC_NAME.match(name):
            from aiohttp import web
            return web.Response(status=404, text="not here")
        return self._file_response(request, name)

    async def _words(self, request):
        """The words of the page before it holds a seat, in the table's language."""
        from aiohttp import web
        return web.json_response(self.greeting, headers=SECURITY_HEADERS)

    async def _nothing(self, request):
        from aiohttp import web
        return web.Response(status=204)

    async def _short(self, request):
        from aiohttp import web

        code = request.match_info["code"]
        address = request.remote or "?"
        if len(code) != CODE_LENGTH or not code.isalnum():
            return web.Response(status=404, text="not here")
        if self._too_many_failures(address):
            return web.Response(status=429, text=self.reasons.get(
                "too_many_attempts", "Too many wrong codes: wait a minute"))
        record = self.book.by_code(code)
        if record is None:
            self._failed(address)
            raise web.HTTPFound("/?code=" + code.upper()[:CODE_LENGTH])
        raise web.HTTPFound("/p/" + record.token)

    def _too_many_failures(self, address: str) -> bool:
        times = self.failures.get(address)
        now = self.clock()
        while times and now - times[0] > 60.0:
            times.popleft()
        return bool(times) and len(times) >= self.limits.failed_hellos

    def _failed(self, address: str) -> None:
        if len(self.failures) > 4096:            # bounded, whatever the addresses
            self.failures.clear()
        self.failures.setdefault(address, deque()).append(self.clock())

    # ------------------------------------------------------------------ WebSocket
    async def _socket(self, request):
        from aiohttp import WSMsgType, web

        address = request.remote or "?"
        same = sum(1 for phone in self.phones if phone.address == address)
        if len(self.phones) >= self.limits.connections or same >= self.limits.per_address:
            return web.Response(status=503, text=self.reasons.get(
                "too_many_connections", "Too many phones are connected"))
        ws = web.WebSocketResponse(max_msg_size=self.limits.socket_bytes, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        phone = Phone(ws, address, self.limits, self.clock())
        self.phones.add(phone)
        sender = asyncio.ensure_future(self._send_loop(phone))
        try:
            try:
                first = await ws.receive(timeout=self.limits.hello_seconds)
            except asyncio.TimeoutError:
                self._refuse(phone, "no_hello", fatal=True)
                first = None
            if first is not None and first.type == WSMsgType.TEXT:
                self._on_text(phone, first.data)
                while phone.closing is None:
                    message = await ws.receive()
                    if message.type == WSMsgType.TEXT:
                        self._on_text(phone, message.data)
                    elif message.type == WSMsgType.BINARY:
                        self._on_text(phone, message.data)      # refused: not text
                    elif message.type == WSMsgType.ERROR:
                        break
                    elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                        break
            elif first is not None and first.type == WSMsgType.BINARY:
                self._refuse(phone, "not_text", fatal=True)
            if phone.closing is not None:
                await asyncio.wait_for(asyncio.shield(sender), self.limits.send_seconds)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            pass
        finally:
            sender.cancel()
            self._gone(phone)
            if not ws.closed:
                await ws.close(code=CLOSE_POLICY, message=(phone.closing or "").encode()[:100])
        return ws

    async def _send_loop(self, phone: Phone) -> None:
        try:
            while True:
                await phone.wake.wait()
                phone.wake.clear()
                while phone.outbox:
                    _, frame = phone.outbox.popleft()
                    await asyncio.wait_for(phone.ws.send_str(frame), self.limits.send_seconds)
                if phone.closing is not None:
                    await phone.ws.close(code=CLOSE_POLICY, message=phone.closing.encode()[:100])
                    return
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            phone.closing = phone.closing or "too_slow"
            await phone.ws.close()

    def _gone(self, phone: Phone) -> None:
        self.phones.discard(phone)
        record = phone.record
        if record is not None and record.holder is phone:
            record.holder = None
            self.on_event("disconnected", record.seat, {})

    def _refuse(self, phone: Phone, code: str, fatal: bool = False, **extra) -> None:
        message = {"type": "error", "code": code, "reason": self.reasons.get(code, code),
                   "fatal": fatal, **extra}
        phone.queue("error", wire.encode(message))
        if fatal:
            phone.close_after(code)

    def _on_text(self, phone: Phone, data) -> None:
        self.frames_in += 1
        if phone.closing is not None:
            return
        if not phone.budget.take(self.clock()):
            self._too_fast(phone, data)
            return
        try:
            message = wire.read_frame(data, self.limits)
        except wire.ProtocolError as error:
            self._refuse(phone, error.code, fatal=phone.record is None and phone.offered is None)
            return
        kind = message["type"]
        if kind == wire.HELLO:
            self._hello(phone, message)
        elif kind == wire.TAKEOVER:
            if phone.offered is None:
                self._refuse(phone, "nothing_offered")
            else:
                self._bind(phone, phone.offered)
        elif phone.record is None or phone.record.holder is not phone:
            self._refuse(phone, "hello_first", fatal=phone.offered is None)
        elif kind == wire.PING:
            phone.queue("pong", wire.encode({"type": "pong", "n": message.get("n", 0)}))
        elif kind == wire.MOVE:
            data = {"n": message.get("n", 0), "move": message["move"]}
            if not self.on_event("move", phone.record.seat, data):
                phone.queue("refused", wire.encode({
                    "type": "refused", "n": data["n"], "code": "busy",
                    "reason": self.reasons.get("busy", "busy")}))
        elif kind == wire.HINT:
            self.on_event("hint", phone.record.seat, {})
        elif kind == wire.ASK:
            self._ask(phone, message)

    def _too_fast(self, phone: Phone, data) -> None:
        """A frame over the phone's budget is dropped. A move or an ask is answered (its
        page waits for that answer and may send it again); anything else is told at most
        once a second; a phone that keeps on is closed."""
        phone.refused_fast += 1
        if phone.refused_fast > self.limits.flood_refusals:
            self._refuse(phone, "flood", fatal=True)
            return
        try:
            message = wire.read_frame(data, self.limits)
        except wire.ProtocolError:
            message = {}
        answerable = len(phone.outbox) < self.limits.outbox // 2   # never amplify a flood
        if message.get("type") == wire.MOVE and answerable:
            phone.queue("refused", wire.encode({
                "type": "refused", "n": message.get("n", 0), "code": "too_fast",
                "reason": self.reasons.get("too_fast", "too_fast")}))
        elif message.get("type") == wire.ASK and answerable:
            self._refuse(phone, "too_fast", n=message.get("n", 0))
        elif self.clock() - phone.told_fast >= 1.0:
            phone.told_fast = self.clock()
            self._refuse(phone, "too_fast")

    def _hello(self, phone: Phone, message: dict) -> None:
        if phone.record is not None:
            self._refuse(phone, "hello_twice")
            return
        if self._too_many_failures(phone.address):
            self._refuse(phone, "too_many_attempts", fatal=True)
            return
        record = self.book.by_token(message["token"])
        if record is None:
            self._failed(phone.address)
            self._refuse(phone, "unknown_seat", fatal=True)
            return
        phone.device = str(message.get("device", ""))[:64]
        holder = record.holder
        if holder is None or (phone.device and phone.device == record.device):
            self._bind(phone, record)
        else:
            phone.offered = record
            phone.queue("offer", wire.encode({"type": "offer", "name": record.name}))

    def _bind(self, phone: Phone, record: SeatRecord) -> None:
        old = record.holder
        if old is not None and old is not phone:
            old.queue("taken_over", wire.encode({"type": "taken_over",
                                                 "reason": self.reasons.get("taken_over", "")}))
            old.record = None
            old.close_after("taken_over")
        phone.offered = None
        phone.record = record
        record.holder = phone
        record.device = phone.device
        record.joined = True
        phone.queue("seat", record.intro)
        if record.view:
            phone.queue("view", record.view)
        elif record.waiting:
            phone.queue("waiting", record.waiting)
        if record.results:
            phone.queue("results", record.results)
        self.on_event("connected", record.seat, {"replaced": old is not None})

    # ------------------------------------------------------------------ asks
    def _ask(self, phone: Phone, message: dict) -> None:
        if self.answer is None:
            self._refuse(phone, "unknown_type")
            return
        phone.next_ask = message          # a newer ask replaces one not yet started
        if not phone.asking:
            phone.asking = True
            asyncio.ensure_future(self._answer_asks(phone))

    async def _answer_asks(self, phone: Phone) -> None:
        loop = asyncio.get_running_loop()
        try:
            while phone.next_ask is not None and phone.record is not None:
                message, phone.next_ask = phone.next_ask, None
                record = phone.record
                try:
                    answer = await loop.run_in_executor(self.pool, self.answer, record.context,
                                                        record.seat, message)
                except Exception:  # noqa: BLE001 - a bad question is refused, never a crash
                    answer = None
                if answer is None:
                    self._refuse(phone, "bad_question", n=message.get("n", 0))
                    continue
                answer.update({"type": "options", "n": message.get("n", 0)})
                phone.queue("options", wire.encode(answer))
        except RuntimeError:               # the pool is shut down: the server stops
            pass
        finally:
            phone.asking = False

    # ------------------------------------------------------------------ from the host
    def deliver(self, seat: int, kind: str, frame: str, context: Any = None) -> None:
        """(This thread.) Keep and send a frame of ``kind`` to the phone of ``seat``."""
        record = self.book.seats.get(seat)
        if record is None:
            return
        if kind == "view":
            record.view, record.context = frame, context
        elif kind == "seat":
            record.intro = frame
        elif kind == "waiting":
            record.waiting = frame
        elif kind == "results":
            record.results = frame
        if record.holder is not None and (kind != "seat" or record.holder.record is record):
            record.holder.queue(kind, frame)

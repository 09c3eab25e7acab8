"""The application: window, 60 fps loop, the screen stack, and the services screens share
(settings, input layer, sounds, toasts).

The loop sleeps while nothing moves (``frame_pacing``): it waits for the next event instead
of drawing the same frame sixty times a second, and draws nothing while the picture stands
still (``invalidate()`` tells it a screen's picture changed without input).

Screens lay out in logical 1280×720 units; the window has any size (resizable, F11 toggles
fullscreen at the desktop's resolution) and is drawn at its own resolution through a
``canvas.Canvas`` (see ``canvas``): at 1080p or 4K every line and letter is native, never a
small picture stretched. Mouse positions are mapped back to logical units. ``App(window=
(w, h))`` or ``TRACKLAYER_WINDOW=WxH`` opens a window of that size (tests, screenshots). ``run(frames=N)`` runs exactly N frames with a fixed time step and no frame cap,
which is what tests, ``play --frames`` and the benchmark use on the dummy video driver.
"""

from __future__ import annotations

import os
import time
import warnings

import pygame

from game.client import bindings, canvas, frame_pacing, text, theme
from game.client.games import check_kits
from game.client.games.dailies import check_dailies
from game.client.games.lessons import check_lessons
from game.client.input import InputLayer, Intent
from game.client.settings import Settings
from game.client.sound import Sound
from game.client.toasts import Toasts, warm as warm_toasts
from game.client.widgets import draw_hints
from game.client import bot_worker, canvas
from game.client import gfx


MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def window_from_env() -> tuple[int, int] | None:
    """TRACKLAYER_WINDOW=1920x1080: the window size to open (None if unset or malformed)."""
    value = os.environ.get("TRACKLAYER_WINDOW", "").lower().replace("×", "x")
    width, sep, height = value.partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        return None
    return max(320, min(7680, int(width))), max(180, min(4320, int(height)))


class App:
    def __init__(self, settings: Settings | None = None,
                 window: tuple[int, int] | None = None) -> None:
        self.started = time.perf_counter()
        check_kits()       # every game of the rules registry has a complete client kit, or stop
        check_lessons()    # and the lessons its kit names load
        check_dailies()    # and so does its Daily & puzzles, where its kit names one
        pygame.init()
        self.settings = settings or Settings()
        text.set_language(self.settings["language"])
        try:
            from game.client import sprites

            pygame.display.set_icon(sprites.tile("bcbc", 0, 64))
        except pygame.error:
            pass
        self.headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        self.scale, self.offset = 1.0, (0, 0)
        self.window_size = window or window_from_env() or self.first_window_size()
        self.open_window(self.window_size)
        pygame.display.set_caption("Tracklayer")
        pygame.key.set_repeat(320, 60)
        self.clock = pygame.time.Clock()
        bindings.use(bindings.Bindings.from_data(self.settings["bindings"]))
        self.input = InputLayer()
        try:
            from pygame._sdl2 import controller as sdl_controller

            sdl_controller.init()
        except (ImportError, pygame.error):
            pass   # joystick API only
        self.sound = Sound(self.settings["volume"])
        self.toasts = Toasts()
        self.stack: list = []
        self.running = True
        self.frame = 0
        self.time = 0.0            # seconds of game time (fixed steps in frame-limited runs)
        self.first_frame_seconds: float | None = None
        self.fixed_dt: float | None = None
        self.last_input_at = 0.0     # game time of the player's last event (frame pacing)
        self.idle_waits = 0          # how often the loop slept waiting for an event
        self.pacing = frame_pacing.Pacer()   # which steps of the real-time loop draw
        self._waited_event = None    # the event that woke a sleeping loop (handled next)
        self.hint_targets: list = []     # (action, rect) of the hint bar drawn last frame
        if self.settings["fullscreen"] and not self.headless:
            self.set_fullscreen(True)

    # -- the stack ------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen) -> None:
        self.invalidate()
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(screen)
        screen.enter()

    def pop(self):
        if not self.stack:
            return None
        self.invalidate()
        screen = self.stack.pop()
        screen.leave()
        if self.stack:
            self.stack[-1].resume()
        return screen

    def replace(self, screen) -> None:
        self.invalidate()
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(screen)
        screen.enter()

    def reset_to(self, screen) -> None:
        """Leave every screen and show ``screen`` alone (e.g. back to the title)."""
        self.invalidate()
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(screen)
        screen.enter()

    def find(self, cls):
        for screen in reversed(self.stack):
            if isinstance(screen, cls):
                return screen
        return None

    # -- services -------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def invalidate(self) -> None:
        """The picture changed without input or animation (a screen's ``update`` learnt
        something): the sleeping loop draws it once."""
        self.pacing.invalidate()

    @property
    def draws(self) -> int:
        """Frames drawn and shown so far (a sleeping loop steps without drawing)."""
        return self.pacing.draws

    # -- the window ---------------------------------------------------------------------
    def first_window_size(self) -> tuple[int, int]:
        """1280×720, or on a bigger desktop the largest 16:9 window that leaves room for
        the task bar (a 1080p monitor gets 1600×900)."""
        if self.headless:
            return theme.LOGICAL_SIZE
        try:
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError, AttributeError):
            return theme.LOGICAL_SIZE
        factor = max(1.0, min(desk_w * 0.85 / 1280, desk_h * 0.85 / 720))
        return int(1280 * factor), int(720 * factor)

    def open_window(self, size, fullscreen: bool = False) -> None:
        """(Re)open the window at ``size`` (the desktop's size in fullscreen) and draw the
        next frames at its resolution."""
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # "no fast renderer" on the dummy driver
            self.window = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        self.fit_window()

    def fit_window(self) -> None:
        """Lay the logical frame into the window as it is now: its scale and margins, and
        the surface screens draw on (the window itself at 1280×720)."""
        self.window = pygame.display.get_surface() or self.window
        if hasattr(self, "pacing"):
            self.invalidate()
        size = canvas.native_size(self.window)
        self.scale, self.offset = canvas.fit(size)
        canvas.set_scale(self.scale)
        warm_toasts()      # the toasts' font at this scale, before a move's frame needs it
        self._background: pygame.Surface | None = None   # drawn again at the new size
        if self.scale == 1.0 and size == theme.LOGICAL_SIZE:
            self.surface = self.window
        else:
            self.surface = canvas.Canvas(theme.LOGICAL_SIZE, 0, self.scale)
            try:
                self.surface = self.surface.convert()
            except pygame.error:
                pass
            # a board's kept picture is copied onto the frame only where either changed
            # (``Canvas._blit_frame``): one full-screen copy a frame (to the window), not two
            self.surface.keeps_frames = True
        for screen in getattr(self, "stack", []):
            resized = getattr(screen, "resized", None)
            if resized is not None:
                resized()

    def resize(self, size) -> None:
        """The window now has ``size`` pixels (resized by the player, or by a test)."""
        if not self.settings["fullscreen"]:
            self.window_size = tuple(size)
        if canvas.native_size(self.window) != tuple(size):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fit_window()

    def logical_pos(self, pos) -> tuple[int, int]:
        """A window position (pixels) in logical units."""
        if self.surface is self.window:
            return int(pos[0]), int(pos[1])
        return (int((pos[0] - self.offset[0]) / self.scale),
                int((pos[1] - self.offset[1]) / self.scale))

    def mouse_pos(self) -> tuple[int, int]:
        """Where the mouse is, in logical units (``pygame.mouse.get_pos`` is in pixels)."""
        return self.logical_pos(pygame.mouse.get_pos())

    def set_fullscreen(self, on: bool) -> None:
        if not self.headless:
            try:
                self.open_window(self.window_size, fullscreen=on)
            except pygame.error:
                pass
        if self.settings["fullscreen"] != on:
            self.settings["fullscreen"] = on

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings["fullscreen"])

    def background(self) -> pygame.Surface:
        """The shared backdrop: a soft vertical gradient with a faint track grid."""
        if self._background is None:
            w, h = theme.LOGICAL_SIZE
            bg = canvas.layer((w, h))
            for y in range(h):
                k = y / h
                colour = tuple(int(a + (b - a) * k) for a, b in zip(theme.BG, theme.BG_DEEP))
                gfx.line(bg, colour, (0, y), (w, y))
            faint = (24, 35, 52)
            for x in range(0, w, 80):
                gfx.line(bg, faint, (x, 0), (x, h))
            for y in range(0, h, 80):
                gfx.line(bg, faint, (0, y), (w, y))
            try:
                bg = bg.convert()     # display format: blitting it is a plain copy
            except pygame.error:
                pass
            self._background = bg
        return self._background

    # -- the loop -------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if frame_pacing.is_input(event):
            self.last_input_at = self.time
        elif frame_pacing.needs_repaint(event):
            self.invalidate()
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if hasattr(event, "pos") and event.type in MOUSE_EVENTS and self.surface is not self.window:
            event = pygame.event.Event(event.type, {**event.dict,
                                                    "pos": self.logical_pos(event.pos)})
        capture = getattr(self.top, "capture", None)
        if capture is not None and capture(event):
            return      # a screen waiting for a raw key or button (the controls screen)
        intents = self.input.translate(event)
        if intents and frame_pacing.is_axis(event):
            self.last_input_at = self.time    # a stick moved something (not a resting drift)
        for intent in intents:
            self.dispatch_intent(intent)

    def dispatch_intent(self, intent) -> None:
        if intent.kind == "fullscreen":
            self.toggle_fullscreen()
            return
        if intent.kind == "device_added":
            self.toasts.show(text.t("toast.pad_added", pad=self.pad_label(intent.device)), "good")
        elif intent.kind == "device_removed":
            self.toasts.show(text.t("toast.pad_removed", pad=self.pad_label(intent.device)), "bad")
        if intent.kind == "click" and intent.pos is not None:
            for action, rect in self.hint_targets:
                if action == "cancel" and rect.collidepoint(intent.pos):
                    intent = Intent("cancel", intent.device)   # the "Back" hint, clicked
                    break
        if self.top is not None:
            self.top.handle(intent)

    def pad_label(self, device: str) -> str:
        if device.startswith("pad"):
            return text.t("device.pad", n=device[3:])
        return text.t(f"device.{device}")

    def step(self, dt: float, paced: bool = False) -> None:
        """One frame: events, time, ``update`` and the drawing. ``paced`` (the real-time
        loop): draw only when the picture is out of date (``frame_pacing.Pacer``)."""
        events = pygame.event.get()
        if self._waited_event is not None:
            events.insert(0, self._waited_event)
            self._waited_event = None
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        for intent in self.input.update(dt):
            self.dispatch_intent(intent)
        self.time += dt
        self.toasts.update(dt)
        if self.top is not None:
            self.top.update(dt)
        if not paced or self.pacing.must_draw(self):
            self.draw()
            self.pacing.drawn(self)
        self.frame += 1
        if self.first_frame_seconds is None:
            self.first_frame_seconds = time.perf_counter() - self.started

    def draw(self) -> None:
        surface = self.surface
        if not self.stack:
            surface.blit(self.background(), (0, 0))
        else:
            # draw from the topmost screen that is not an overlay, upward
            start = len(self.stack) - 1
            while start > 0 and self.stack[start].overlay:
                start -= 1
            for screen in self.stack[start:]:
                screen.draw(surface)
            top = self.stack[-1]
            hints = top.hints()
            self.hint_targets = draw_hints(surface, top.hint_device(), hints) if hints else []
        self.toasts.draw(surface, self.toast_obstacles(), self.toast_lane())
        if surface is not self.window:
            if self.offset != (0, 0):
                self.window.fill(theme.BG_DEEP)
            pygame.Surface.blit(self.window, surface, self.offset)   # native pixels, 1:1
        pygame.display.flip()

    def toast_obstacles(self) -> list:
        """What toasts must not cover on the top screen: the buttons of its menu, and what
        a screen names itself (``toast_avoid``: a Railroad Ink player's sheet and tray)."""
        form = getattr(self.top, "form", None)
        items = getattr(form, "items", None) or []
        rects = [pygame.Rect(item.rect) for item in items if item.rect.width > 0]
        own = getattr(self.top, "toast_avoid", None)
        if own is not None:
            rects += [pygame.Rect(r) for r in own()]
        return rects

    def toast_lane(self):
        """Where the top screen keeps room for toasts when everything else is covered
        (``toast_lane``: Railroad Ink's header), or None."""
        own = getattr(self.top, "toast_lane", None)
        return own() if own is not None else None

    def run(self, frames: int | None = None, fps: int = 60,
            seconds: float | None = None) -> None:
        """Run until quit (or for ``seconds`` of wall-clock time: the bench), at most ``fps``
        frames per second and sleeping while nothing moves; or for exactly ``frames`` frames
        with a fixed 1/fps time step and no sleeping (tests, ``play --frames``), drawing the
        frames the real loop would draw."""
        if frames is not None:
            self.fixed_dt = 1.0 / fps
        count = 0
        stop_at = None if seconds is None else time.perf_counter() + seconds
        while self.running and (frames is None or count < frames):
            if frames is None:
                if stop_at is not None and time.perf_counter() >= stop_at:
                    return
                self.paced_step(fps, first=not count, stop_at=stop_at)
            else:
                dt = self.fixed_dt
                # a frame of real time for a bot the game waits for (see the function)
                bot_worker.wait_while_thinking(dt)
                self.step(dt, paced=True)
            count += 1

    def paced_step(self, fps: int = 60, first: bool = False,
                   stop_at: float | None = None) -> None:
        """One turn of the real-time loop: at most ``fps`` a second while something moves;
        else sleep until an event (or a while), then step, drawing only if the picture is
        out of date. ``stop_at`` (``perf_counter``) shortens the sleep (the bench)."""
        slept = False
        if not first and not frame_pacing.wants_frames(self):
            self.idle_waits += 1
            wait_ms = self.pacing.sleep_ms(self)
            if stop_at is not None:
                wait_ms = max(0, min(wait_ms, int((stop_at - time.perf_counter()) * 1000)))
            self._waited_event = frame_pacing.wait_for_event(wait_ms)
            slept = True
        dt = self.clock.tick(fps) / 1000.0
        # a moving picture never jumps more than 0.1 s a frame; after a sleep nothing was
        # moving, and the time slept counts in full (clocks, a ranking's pages keep time)
        dt = min(dt, 1.0 if slept else 0.1)
        self.step(dt, paced=True)

    def screenshot(self, path) -> None:
        pygame.image.save(self.surface, str(path))

    def shutdown(self) -> None:
        while self.stack:
            self.stack.pop().leave()
        bot_worker.shutdown_helpers()       # the bots' helper processes end with the client
        pygame.quit()

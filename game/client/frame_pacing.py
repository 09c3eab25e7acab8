"""When the client's loop draws, and when it sleeps: full frame rate while something moves,
nothing drawn at all while the picture stands still (a laptop on battery should not spend a
quarter of a core on a still menu, and a 4K frame costs tens of milliseconds to draw).

The loop draws at up to 60 frames per second while

* input arrived less than ``ACTIVE_SECONDS`` ago (hover, key repeats, a cursor moving),
* a toast is on screen (it slides and fades),
* a controller stick is held (its repeats come from the loop, not from events),
* or a drawn screen says it is ``animating()`` (the default for a screen with its own
  ``update``; the title, the play screens and the results say precisely when).

Otherwise it sleeps until an event arrives or ``IDLE_WAIT_MS`` pass, then runs one step
(events, ``update``: slow polling goes on) and draws only when the picture is out of date
(``Pacer``): a screen came or went, the window changed, a screen called ``app.invalidate()``,
the last frame was still moving, or a still screen's ``next_change()`` came due (a page of a
long ranking turning). A settled screen therefore costs a few cheap steps a second and no
drawing at any resolution.

Pulses (a glowing cursor, the square to act on) move while the player is about and rest
``SETTLE_SECONDS`` after the last input: they read their phase from ``pulse_clock``, which
stops then, so a client left alone sleeps on a human's turn too.

The sleep is ours, in short slices (``POLL_MS``) between looks at the event queue, not
``pygame.event.wait``: SDL's wait polls every millisecond whenever it cannot block (the dummy
driver, a connected controller), which alone costs more than the whole idle budget. An event
is therefore seen at most one slice (less than a frame) late, and only when the loop was
asleep.
"""

from __future__ import annotations

import time

import pygame

ACTIVE_SECONDS = 0.75   # full frame rate this long after the last input
SETTLE_SECONDS = 8.0    # pulses and drifting decorations rest this long after the last input
IDLE_WAIT_MS = 250      # the longest sleep while idle
POLL_MS = 15            # how often a sleeping loop looks at the event queue

# events that are not the player doing something (the window being shown, moved, focused)
_PASSIVE = {getattr(pygame, name) for name in (
    "ACTIVEEVENT", "VIDEOEXPOSE", "VIDEORESIZE", "WINDOWSHOWN", "WINDOWHIDDEN",
    "WINDOWEXPOSED", "WINDOWMOVED", "WINDOWRESIZED", "WINDOWSIZECHANGED", "WINDOWMINIMIZED",
    "WINDOWMAXIMIZED", "WINDOWRESTORED", "WINDOWENTER", "WINDOWLEAVE", "WINDOWFOCUSGAINED",
    "WINDOWFOCUSLOST", "WINDOWTAKEFOCUS", "WINDOWDISPLAYCHANGED", "AUDIODEVICEADDED",
    "AUDIODEVICEREMOVED", "NOEVENT") if hasattr(pygame, name)}
# passive events after which the window's pixels must be drawn again
_REPAINT = {getattr(pygame, name) for name in (
    "VIDEOEXPOSE", "VIDEORESIZE", "WINDOWSHOWN", "WINDOWEXPOSED", "WINDOWRESIZED",
    "WINDOWSIZECHANGED", "WINDOWMAXIMIZED", "WINDOWRESTORED", "WINDOWDISPLAYCHANGED")
    if hasattr(pygame, name)}
# a stick's position: a resting stick that drifts sends these without end, so they count as
# the player's only when they move something (``App.dispatch`` asks the input layer)
_AXES = {getattr(pygame, name) for name in ("JOYAXISMOTION", "CONTROLLERAXISMOTION")
         if hasattr(pygame, name)}


def is_input(event) -> bool:
    """True for the player's own events (keys, mouse, controller buttons, text); a stick's
    motion is judged by what it does (see ``_AXES``)."""
    return event.type not in _PASSIVE and event.type not in _AXES


def is_axis(event) -> bool:
    return event.type in _AXES


def needs_repaint(event) -> bool:
    """The window was shown, uncovered or resized: its pixels are to be drawn again."""
    return event.type in _REPAINT


def drawn_screens(app) -> list:
    """The screens the last frame drew: the top one and the overlays' covered screens."""
    stack = app.stack
    start = len(stack) - 1
    while start > 0 and stack[start].overlay:
        start -= 1
    return stack[max(0, start):]


def player_about(app) -> bool:
    """The player gave input less than ``SETTLE_SECONDS`` ago (pulses and drifts move)."""
    return app.time - app.last_input_at < SETTLE_SECONDS


def pulse_clock(app) -> float:
    """The clock pulses take their phase from: the app's time while the player is about,
    held ``SETTLE_SECONDS`` after the last input (a resting pulse keeps its last look)."""
    return min(app.time, app.last_input_at + SETTLE_SECONDS)


def wants_frames(app) -> bool:
    """True while something on screen moves or may move with the next frame."""
    if app.time - app.last_input_at < ACTIVE_SECONDS:
        return True
    if app.toasts.items:
        return True
    if app.input.repeating():
        return True
    return any(screen.animating() for screen in drawn_screens(app))


class Pacer:
    """Which steps of the loop draw (``App.run``): the state the loop keeps about the
    picture on the screen. Frame-by-frame runs (tests, ``play --frames``) ask it too, so they
    draw exactly the frames a player's loop would (a picture left out of date would show
    there as it would on a screen) and no still frame again."""

    def __init__(self) -> None:
        self.dirty = True          # the picture is out of date (see the module's doc)
        self.was_moving = True     # the last step drew a moving picture: draw its rest too
        self.due_at: float | None = None   # app time a still screen changes by itself
        self.draws = 0             # frames drawn and shown (tests, the bench)

    def invalidate(self) -> None:
        self.dirty = True

    def must_draw(self, app) -> bool:
        """Whether this step draws (asked after the step's events and ``update``)."""
        moving = wants_frames(app)
        due = self.due_at is not None and app.time >= self.due_at
        draw = self.dirty or moving or self.was_moving or due
        self.was_moving = moving
        return draw

    def drawn(self, app) -> None:
        """A frame was drawn: note when the still picture will change by itself."""
        self.dirty = False
        self.draws += 1
        waits = [wait for wait in (screen.next_change() for screen in drawn_screens(app))
                 if wait is not None]
        self.due_at = app.time + max(0.0, min(waits)) if waits else None

    def sleep_ms(self, app) -> int:
        """How long an idle loop may sleep: ``IDLE_WAIT_MS``, less when a screen polls more
        often (``idle_poll_ms``) or a still screen's next change comes sooner."""
        wait = IDLE_WAIT_MS
        for screen in drawn_screens(app):
            wait = min(wait, screen.idle_poll_ms())
        if self.due_at is not None:
            wait = min(wait, int((self.due_at - app.time) * 1000) + 1)
        return max(0, wait)


def wait_for_event(timeout_ms: int = IDLE_WAIT_MS):
    """Sleep until an event arrives (returned) or the timeout passes (None)."""
    deadline = time.perf_counter() + timeout_ms / 1000
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return event
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        time.sleep(min(POLL_MS / 1000, left))

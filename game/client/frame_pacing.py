"""When the client's loop may sleep: full frame rate while something moves, waiting for events
otherwise (a laptop on battery should not spend a quarter of a core on a still menu).

The loop draws at up to 60 frames per second while

* input arrived less than ``ACTIVE_SECONDS`` ago (hover, key repeats, a cursor moving),
* a toast is on screen (it slides and fades),
* a controller stick is held (its repeats come from the loop, not from events),
* or a drawn screen says it is ``animating()`` (the default for a screen: play screens with
  bots thinking, boards with animations, anything that polls the network every frame).

Otherwise it sleeps until an event arrives or ``IDLE_WAIT_MS`` pass (so clocks, a blinking
caret and slow polling still advance a few times a second). The sleep is ours, in short slices
(``POLL_MS``) between looks at the event queue, not ``pygame.event.wait``: SDL's wait polls
every millisecond whenever it cannot block (the dummy driver, a connected controller), which
alone costs more than the whole idle budget. An event is therefore seen at most one slice
(less than a frame) late, and only when the loop was asleep.
"""

from __future__ import annotations

import time

import pygame

ACTIVE_SECONDS = 0.75   # full frame rate this long after the last input
IDLE_WAIT_MS = 250      # the longest sleep while idle
POLL_MS = 15            # how often a sleeping loop looks at the event queue

# events that are not the player doing something (the window being shown, moved, focused)
_PASSIVE = {getattr(pygame, name) for name in (
    "ACTIVEEVENT", "VIDEOEXPOSE", "VIDEORESIZE", "WINDOWSHOWN", "WINDOWHIDDEN",
    "WINDOWEXPOSED", "WINDOWMOVED", "WINDOWRESIZED", "WINDOWSIZECHANGED", "WINDOWMINIMIZED",
    "WINDOWMAXIMIZED", "WINDOWRESTORED", "WINDOWENTER", "WINDOWLEAVE", "WINDOWFOCUSGAINED",
    "WINDOWFOCUSLOST", "WINDOWTAKEFOCUS", "WINDOWDISPLAYCHANGED", "AUDIODEVICEADDED",
    "AUDIODEVICEREMOVED", "NOEVENT") if hasattr(pygame, name)}


def is_input(event) -> bool:
    """True for the player's own events (keys, mouse, controllers, text)."""
    return event.type not in _PASSIVE


def drawn_screens(app) -> list:
    """The screens the last frame drew: the top one and the overlays' covered screens."""
    stack = app.stack
    start = len(stack) - 1
    while start > 0 and stack[start].overlay:
        start -= 1
    return stack[max(0, start):]


def wants_frames(app) -> bool:
    """True while something on screen moves or may move with the next frame."""
    if app.time - app.last_input_at < ACTIVE_SECONDS:
        return True
    if app.toasts.items:
        return True
    if app.input.repeating():
        return True
    return any(screen.animating() for screen in drawn_screens(app))


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

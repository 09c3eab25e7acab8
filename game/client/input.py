"""The input layer: pygame events in, device-tagged *intents* out.

Every device can do everything on its own:

=========  ============================  ===============================  =====================
intent     keyboard                      mouse                            controller
=========  ============================  ===============================  =====================
move       arrows / WASD                 —  (the mouse points instead)    d-pad / left stick
point      —                             motion                           —
click      —                             left button (point + confirm)    —
release    —                             left button let go (drop)        —
confirm    Enter / Space                 left button                      A (button 0)
cancel     Esc / Backspace               —  (on-screen buttons)           B (button 1)
rotate     R (+1) / Q, E (-1, +1)        right button, wheel              Y (button 3)
alt        X (e.g. "draw instead")       on-screen button                 X (button 2)
aux        C (e.g. share exchange)       on-screen button                 Back (button 6)
prev/next  Shift+Tab / Tab, [ ]          —                                LB / RB (4, 5)
menu       F10 / P                       on-screen button                 Start (button 7)
slot       1 2 3 (pick a hand tile)      —                                —
hint       H (the coach's hint)          on-screen button                 right stick pressed
=========  ============================  ===============================  =====================

These are the default bindings: every key, mouse button and controller button can be changed
(``bindings``; the settings' Controls screen). Escape (back), Tab (focus), the digits (hand
slots), the wheel and the d-pad / stick keep their jobs.

Controllers SDL knows as game controllers are opened through its game-controller API
(``CONTROLLER*`` events, buttons by position: "A" is the bottom face button on any brand);
others through the joystick API with the common Xbox numbering above. Each pad's *family*
(``controller_family``: xbox, playstation, nintendo or generic, from its name and the vendor in
its GUID) tells the hint bar which labels are printed on the buttons at those positions.

Device ids: ``"mouse"``, ``"keyboard"``, ``"pad1"``, ``"pad2"`` ... A controller keeps its pad
slot for the whole session: unplugged it leaves a *disconnected* slot (``device_removed``), and
the next controller plugged in takes the first free slot (``device_added``), so a seat bound to
"pad2" picks up its replacement. Controllers that SDL cannot open (synthetic events in tests,
or exotic drivers) are tracked as *virtual* pads by the ``instance_id`` of their events.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import pygame

from game.client import bindings

# SDL 2 reports the face buttons of Nintendo pads by their printed labels unless told
# otherwise; by position they match every other brand (the bottom button confirms), and the
# hints show the label printed at that position. Set before SDL opens any controller.
os.environ.setdefault("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "0")

try:   # SDL's game-controller API: the same A/B/X/Y layout whatever the brand of pad
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - very old pygame
    sdl_controller = None

MOUSE = "mouse"
KEYBOARD = "keyboard"
AXIS_DEADZONE = 0.55
REPEAT_FIRST = 0.35
REPEAT_NEXT = 0.12

PAD_DPAD_BUTTONS = {11: (0, -1), 12: (0, 1), 13: (-1, 0), 14: (1, 0)}
CONTROLLER_DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1), pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0), pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
}
JOY_INPUT = (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION)
CONTROLLER_INPUT = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION)
# keys that keep their job while a text field has focus (whatever the bindings say)
TEXT_FIELD_KEYS = {pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
                   pygame.K_ESCAPE: "cancel", pygame.K_UP: "up", pygame.K_DOWN: "down"}


@dataclass
class Intent:
    kind: str
    device: str
    dx: int = 0
    dy: int = 0
    pos: tuple[int, int] | None = None
    value: int = 0
    text: str = ""


@dataclass
class PadSlot:
    slot: int
    instance_id: int | None
    name: str
    connected: bool = True
    virtual: bool = False
    joystick: object = None
    mapped: bool = False      # opened through SDL's game-controller API (CONTROLLER* events)
    family: str = "generic"   # xbox, playstation, nintendo, generic: which labels the hints show
    axis_dir: tuple[int, int] = (0, 0)
    axis_timer: float = 0.0

    @property
    def device(self) -> str:
        return f"pad{self.slot}"


@dataclass
class InputLayer:
    pads: dict[int, PadSlot] = field(default_factory=dict)
    last_device: str = KEYBOARD
    text_mode: bool = False   # a text field has focus: letters become "text" intents
    removed_ids: set = field(default_factory=set)   # instance ids of unplugged controllers

    # -- controllers ----------------------------------------------------------------------
    def connected_pads(self) -> list[str]:
        return [p.device for p in sorted(self.pads.values(), key=lambda p: p.slot) if p.connected]

    def is_connected(self, device: str) -> bool:
        if device in (MOUSE, KEYBOARD, ""):
            return True
        for pad in self.pads.values():
            if pad.device == device:
                return pad.connected
        return False

    def __post_init__(self) -> None:
        # a new layer (a new App) starts with no pads: forget the families of an earlier one
        PAD_FAMILIES.clear()

    def _slot_of(self, instance_id) -> PadSlot | None:
        for pad in self.pads.values():
            if pad.connected and pad.instance_id == instance_id:
                return pad
        return None

    def add_pad(self, device_index: int, instance_id: int | None = None) -> PadSlot | None:
        joystick = None
        name = "Controller"
        guid = ""
        virtual = False
        mapped = False
        try:
            if (sdl_controller is not None and sdl_controller.get_init() and device_index >= 0
                    and sdl_controller.is_controller(device_index)):
                joystick = sdl_controller.Controller(device_index)
                instance_id = joystick.as_joystick().get_instance_id()
                name = joystick.name or name
                guid = _guid_of(joystick.as_joystick())
                mapped = True
            else:
                joystick = pygame.joystick.Joystick(device_index)
                joystick.init()
                instance_id = joystick.get_instance_id()
                name = joystick.get_name() or name
                guid = _guid_of(joystick)
        except (pygame.error, TypeError, ValueError, AttributeError):
            joystick, mapped = None, False
            virtual = True
            if instance_id is None:
                instance_id = 100000 + int(device_index)
            name, guid = "Controller", ""
        family = controller_family(name, guid)
        if self._slot_of(instance_id) is not None:
            return None   # already known (SDL announces present controllers at start)
        self.removed_ids.discard(instance_id)
        free = [p for p in sorted(self.pads.values(), key=lambda p: p.slot) if not p.connected]
        if free:
            pad = free[0]
            pad.instance_id, pad.name, pad.connected = instance_id, name, True
            pad.virtual, pad.joystick, pad.axis_dir = virtual, joystick, (0, 0)
            pad.mapped, pad.family = mapped, family
        else:
            slot = len(self.pads) + 1
            pad = PadSlot(slot, instance_id, name, True, virtual, joystick, mapped=mapped,
                          family=family)
            self.pads[slot] = pad
        remember_pad(pad.device, name, guid)
        return pad

    def remove_pad(self, instance_id) -> PadSlot | None:
        pad = self._slot_of(instance_id)
        if instance_id is not None:
            self.removed_ids.add(instance_id)
        if pad is not None:
            pad.connected = False
            pad.joystick = None
            pad.axis_dir = (0, 0)
        return pad

    # -- translation -----------------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents one pygame event stands for (often none)."""
        etype = event.type
        if etype == pygame.KEYDOWN:
            return self._key(event)
        if etype == pygame.TEXTINPUT:
            if self.text_mode:
                self.last_device = KEYBOARD
                return [Intent("text", KEYBOARD, text=event.text)]
            return []
        if etype == pygame.MOUSEMOTION:
            self.last_device = MOUSE
            return [Intent("point", MOUSE, pos=tuple(event.pos))]
        if etype == pygame.MOUSEBUTTONDOWN:
            self.last_device = MOUSE
            action = bindings.active().lookup("mouse", event.button)
            if action is None or event.button in bindings.WHEEL_BUTTONS:
                return []
            return _action_intents(action, MOUSE, pos=tuple(event.pos))
        if etype == pygame.MOUSEBUTTONUP:
            self.last_device = MOUSE
            # the end of a press: drops a dragged tile or die (screens without dragging ignore it)
            if bindings.active().lookup("mouse", event.button) == "confirm":
                return [Intent("release", MOUSE, pos=tuple(event.pos))]
            return []
        if etype == pygame.MOUSEWHEEL:
            self.last_device = MOUSE
            step = 1 if event.y < 0 else -1
            return [Intent("rotate", MOUSE, value=step)] if event.y else []
        if etype in (pygame.JOYDEVICEADDED, pygame.CONTROLLERDEVICEADDED):
            pad = self.add_pad(getattr(event, "device_index", 0),
                               getattr(event, "instance_id", None))
            return [Intent("device_added", pad.device)] if pad else []
        if etype in (pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEREMOVED):
            pad = self.remove_pad(getattr(event, "instance_id", None))
            return [Intent("device_removed", pad.device)] if pad else []
        if etype in JOY_INPUT or etype in CONTROLLER_INPUT:
            pad = self._pad_for_event(event)
            if pad is None:
                return []
            if etype in JOY_INPUT and pad.mapped:
                return []   # the same press also arrives as a CONTROLLER* event
            if etype in CONTROLLER_INPUT:
                return self._controller(event, pad)
            return self._pad(event, pad)
        return []

    def button_position(self, event) -> str | None:
        """The position ("a", "start"...) of the controller button a button-press event
        stands for; None for the d-pad, unknown buttons and the joystick copy of a press
        that also arrives as a game-controller event."""
        if event.type not in (pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN):
            return None
        pad = self._pad_for_event(event)
        if pad is None:
            return None
        if event.type == pygame.JOYBUTTONDOWN:
            return None if pad.mapped else bindings.JOYSTICK_POSITIONS.get(event.button)
        return bindings.CONTROLLER_POSITIONS.get(event.button)

    def _controller(self, event, pad: PadSlot) -> list[Intent]:
        """Events of SDL's game-controller API (buttons named by position, not number)."""
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            self.last_device = pad.device
            return _button_intents(pad.device, event.button, CONTROLLER_DPAD,
                                   bindings.CONTROLLER_POSITIONS)
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        return self._stick(pad, 0 if event.axis == pygame.CONTROLLER_AXIS_LEFTX else 1,
                           event.value / 32767.0)

    def _pad_for_event(self, event) -> PadSlot | None:
        instance_id = getattr(event, "instance_id", getattr(event, "joy", None))
        pad = self._slot_of(instance_id)
        if pad is None and instance_id is not None and instance_id not in self.removed_ids:
            # An event from a controller we were not told about (e.g. added before start-up
            # handling): adopt it as a virtual pad.
            pad = self.add_pad(-1 - int(instance_id), instance_id)
        return pad

    def _key(self, event) -> list[Intent]:
        key = event.key
        mods = getattr(event, "mod", 0)
        self.last_device = KEYBOARD
        if self.text_mode:
            if key in TEXT_FIELD_KEYS or key == pygame.K_TAB:
                pass   # fall through to the normal intents (leave the field)
            elif key == pygame.K_BACKSPACE:
                return [Intent("backspace", KEYBOARD)]
            elif (bindings.active().lookup("keyboard", key) == "fullscreen"
                  and not (getattr(event, "unicode", "") or "\0").isprintable()):
                return [Intent("fullscreen", KEYBOARD)]   # F11, not a letter being typed
            else:
                return []   # characters arrive as TEXTINPUT
        if key == pygame.K_TAB:
            return [Intent("prev" if mods & pygame.KMOD_SHIFT else "next", KEYBOARD)]
        if key == pygame.K_ESCAPE:
            return [Intent("cancel", KEYBOARD)]   # always: nobody can lock themselves out
        if pygame.K_1 <= key <= pygame.K_9:
            return [Intent("slot", KEYBOARD, value=key - pygame.K_1)]
        action = (TEXT_FIELD_KEYS.get(key) if self.text_mode
                  else bindings.active().lookup("keyboard", key))
        return _action_intents(action, KEYBOARD) if action else []

    def _pad(self, event, pad: PadSlot) -> list[Intent]:
        if event.type != pygame.JOYAXISMOTION:
            self.last_device = pad.device   # a stick's resting drift is not the player
        if event.type == pygame.JOYBUTTONDOWN:
            # PAD_DPAD_BUTTONS: pads that report the d-pad as buttons
            return _button_intents(pad.device, event.button, PAD_DPAD_BUTTONS,
                                   bindings.JOYSTICK_POSITIONS)
        if event.type == pygame.JOYHATMOTION:
            hx, hy = event.value
            if hx or hy:
                return [Intent("move", pad.device, dx=hx, dy=-hy)]
            return []
        if event.axis not in (0, 1):
            return []
        return self._stick(pad, event.axis, event.value)

    def _stick(self, pad: PadSlot, axis: int, value: float) -> list[Intent]:
        """Analog stick: a direction past the dead zone moves once, then repeats in update()."""
        if axis == 0:
            direction = (_sign(value), pad.axis_dir[1])
        else:
            direction = (pad.axis_dir[0], _sign(value))
        if direction != pad.axis_dir:
            self.last_device = pad.device     # moved past (or back inside) the dead zone
            old = pad.axis_dir
            pad.axis_dir = direction
            pad.axis_timer = REPEAT_FIRST
            step_x = direction[0] if direction[0] != old[0] else 0
            step_y = direction[1] if direction[1] != old[1] else 0
            if step_x or step_y:
                return [Intent("move", pad.device, dx=step_x, dy=step_y)]
        return []

    def repeating(self) -> bool:
        """A stick is held past its dead zone (its repeats need the frame loop running)."""
        return any(pad.connected and pad.axis_dir != (0, 0) for pad in self.pads.values())

    def update(self, dt: float) -> list[Intent]:
        """Held-stick repeats."""
        out = []
        for pad in self.pads.values():
            if pad.connected and pad.axis_dir != (0, 0):
                pad.axis_timer -= dt
                if pad.axis_timer <= 0:
                    pad.axis_timer = REPEAT_NEXT
                    out.append(Intent("move", pad.device, dx=pad.axis_dir[0],
                                      dy=pad.axis_dir[1]))
        return out


def _action_intents(action: str, device: str, pos=None) -> list[Intent]:
    """The intent a bound key or button stands for: the four directions move, rotate turns
    clockwise and rotate_back anticlockwise, the mouse's confirm button clicks (with its
    position)."""
    if action in bindings.MOVES:
        dx, dy = bindings.MOVES[action]
        return [Intent("move", device, dx=dx, dy=dy)]
    if action == "rotate":
        return [Intent("rotate", device, pos=pos, value=1)]
    if action == "rotate_back":
        return [Intent("rotate", device, pos=pos, value=-1)]
    if action == "confirm" and device == MOUSE:
        return [Intent("click", MOUSE, pos=pos)]
    return [Intent(action, device, pos=pos)]


def _button_intents(device: str, button: int, dpad: dict, positions: dict) -> list[Intent]:
    """A controller button press: a d-pad direction moves, a bound button is its action,
    anything else does nothing. ``positions`` names the button's place on the pad."""
    if button in dpad:
        dx, dy = dpad[button]
        return [Intent("move", device, dx=dx, dy=dy)]
    action = bindings.active().lookup("pad", positions.get(button))
    return _action_intents(action, device) if action else []


def _sign(value: float) -> int:
    if value > AXIS_DEADZONE:
        return 1
    if value < -AXIS_DEADZONE:
        return -1
    return 0


def device_kind(device: str) -> str:
    """"mouse", "keyboard" or "pad" — which button hints to show."""
    return "pad" if device.startswith("pad") else device


# --------------------------------------------------------------------------------------------
# Controller families: whose labels are printed on the buttons
# --------------------------------------------------------------------------------------------

FAMILIES = ("xbox", "playstation", "nintendo", "generic")

# USB vendor ids, for pads whose name says nothing (read from the SDL GUID)
VENDOR_FAMILIES = {0x045E: "xbox", 0x054C: "playstation", 0x057E: "nintendo",
                   0x2DC8: "nintendo"}

# (words in the lower-cased name, family); the first match wins, so the specific names of
# third-party pads made for one console come before the generic brand words.
NAME_FAMILIES = (
    (("xbox", "xinput", "x-box"), "xbox"),
    (("nintendo", "switch", "joy-con", "joycon", "wii u", "pro controller", "snes", "n64",
      "8bitdo"), "nintendo"),
    (("playstation", "dualsense", "dualshock", "ps5", "ps4", "ps3", "sony"), "playstation"),
)

# device -> family of the pads opened by the current input layer; the hint bar reads it
PAD_FAMILIES: dict[str, str] = {}


def _guid_of(joystick) -> str:
    try:
        return str(joystick.get_guid() or "")
    except (pygame.error, AttributeError):
        return ""


def guid_vendor(guid: str) -> int | None:
    """The USB vendor id inside an SDL joystick GUID (bytes 4-5, little-endian), or None."""
    if len(guid) < 12:
        return None
    try:
        return int(guid[10:12] + guid[8:10], 16) or None
    except ValueError:
        return None


def controller_family(name: str, guid: str = "") -> str:
    """"xbox", "playstation", "nintendo" or "generic": the family whose button labels a
    controller called ``name`` carries. 8BitDo pads print the Nintendo layout (B at the
    bottom, A on the right) unless they are the Xbox models, whose names say Xbox."""
    lowered = (name or "").lower()
    for words, family in NAME_FAMILIES:
        if any(word in lowered for word in words):
            return family
    return VENDOR_FAMILIES.get(guid_vendor(guid or ""), "generic")


def remember_pad(device: str, name: str, guid: str = "") -> str:
    """Note which family ``device`` (e.g. "pad1") belongs to; returns it."""
    family = controller_family(name, guid)
    PAD_FAMILIES[device] = family
    return family


def pad_family(device: str) -> str:
    """The family of the controller ``device`` (generic when unknown or not a pad)."""
    return PAD_FAMILIES.get(device, "generic")


def seat_devices(binding: str) -> set[str]:
    """The devices a seat bound to ``binding`` listens to (``"mouse+keyboard"`` is both)."""
    if binding in ("", "any"):
        return set()
    return set(binding.split("+"))


def ordered_devices(binding: str) -> list[str]:
    """The devices of a binding in the one order every label uses: mouse, keyboard, then
    the controllers by slot ("Mouse + Keyboard" everywhere, never "Keyboard + Mouse")."""
    def rank(device: str):
        if device == MOUSE:
            return (0, 0)
        if device == KEYBOARD:
            return (1, 0)
        digits = device[3:] if device.startswith("pad") else ""
        return (2, int(digits) if digits.isdigit() else 0, device)
    return sorted(seat_devices(binding), key=rank)


def accepts(binding: str, device: str) -> bool:
    devices = seat_devices(binding)
    return not devices or device in devices

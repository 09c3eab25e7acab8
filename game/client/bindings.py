"""Which key, mouse button and controller button does what: the player's bindings.

Three device families, each a table ``action -> [codes]``:

- ``keyboard``: pygame key codes (``pygame.K_*``);
- ``mouse``: mouse button numbers (1 left, 2 middle, 3 right, 6 and up the side buttons;
  4 and 5 are the wheel, which always rotates);
- ``pad``: controller buttons by *position* (``"a"`` is the bottom face button on any brand,
  see ``PAD_POSITIONS``), so a binding means the same on an Xbox, PlayStation or Nintendo pad.

A few keys stay fixed so that nobody can lock themselves out or lose typing: Escape always
goes back, Tab / Shift+Tab move the focus, the digits pick a hand tile, and the d-pad and
stick always move. Binding a code already used by another action of the same family is
refused (``bind`` returns the reason); ``reset`` restores a family's defaults.

The bindings in use are module state (``active``/``use``) like the controller families of
``input``: the input layer translates with them and the hint bar names them.
"""

from __future__ import annotations

import pygame

FAMILIES = ("keyboard", "mouse", "pad")

# actions in the order the controls screen lists them
ACTIONS = {
    "keyboard": ("up", "down", "left", "right", "confirm", "cancel", "rotate", "rotate_back",
                 "alt", "aux", "prev", "next", "menu", "hint", "fullscreen"),
    "mouse": ("confirm", "rotate", "cancel", "alt", "aux", "prev", "next", "menu", "hint"),
    "pad": ("confirm", "cancel", "alt", "rotate", "rotate_back", "prev", "next", "aux",
            "menu", "hint"),
}
MOVES = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

DEFAULTS = {
    "keyboard": {
        "up": [pygame.K_UP, pygame.K_w], "down": [pygame.K_DOWN, pygame.K_s],
        "left": [pygame.K_LEFT, pygame.K_a], "right": [pygame.K_RIGHT, pygame.K_d],
        "confirm": [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE],
        "cancel": [pygame.K_BACKSPACE],            # Escape too, always (RESERVED_KEYS)
        "rotate": [pygame.K_r, pygame.K_e], "rotate_back": [pygame.K_q],
        "alt": [pygame.K_x], "aux": [pygame.K_c],
        "prev": [pygame.K_LEFTBRACKET], "next": [pygame.K_RIGHTBRACKET],
        "menu": [pygame.K_F10, pygame.K_p], "hint": [pygame.K_h],
        "fullscreen": [pygame.K_F11],
    },
    "mouse": {"confirm": [1], "rotate": [3], "cancel": [], "alt": [], "aux": [], "prev": [],
              "next": [], "menu": [], "hint": []},
    "pad": {"confirm": ["a"], "cancel": ["b"], "alt": ["x"], "rotate": ["y"],
            "rotate_back": [], "prev": ["leftshoulder"], "next": ["rightshoulder"],
            "aux": ["back"], "menu": ["start"], "hint": ["rightstick"]},
}

# keys with a fixed job (see the module docstring): never bound to an action
RESERVED_KEYS = frozenset([pygame.K_ESCAPE, pygame.K_TAB]
                          + list(range(pygame.K_1, pygame.K_9 + 1)))
WHEEL_BUTTONS = frozenset((4, 5))

# controller buttons by position: SDL game-controller constants and the common (Xbox)
# joystick numbering both map to these names
PAD_POSITIONS = ("a", "b", "x", "y", "leftshoulder", "rightshoulder", "back", "start",
                 "leftstick", "rightstick", "guide")
CONTROLLER_POSITIONS = {
    pygame.CONTROLLER_BUTTON_A: "a", pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x", pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_BACK: "back", pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
}
JOYSTICK_POSITIONS = {0: "a", 1: "b", 2: "x", 3: "y", 4: "leftshoulder", 5: "rightshoulder",
                      6: "back", 7: "start", 8: "leftstick", 9: "rightstick", 10: "guide"}


def _copy(table: dict) -> dict:
    return {action: list(codes) for action, codes in table.items()}


class Bindings:
    """The three tables; ``lookup`` answers "which action is this code?"."""

    def __init__(self, tables: dict | None = None) -> None:
        self.tables = {family: _copy(DEFAULTS[family]) for family in FAMILIES}
        for family, table in (tables or {}).items():
            self.tables[family] = _copy(table)
        self._index()

    def _index(self) -> None:
        self.lookup_tables = {
            family: {code: action for action, codes in table.items() for code in codes}
            for family, table in self.tables.items()}

    # -- questions -------------------------------------------------------------------------
    def lookup(self, family: str, code) -> str | None:
        """The action ``code`` (a key, a mouse button, a pad position) does, or None."""
        return self.lookup_tables[family].get(code)

    def codes(self, family: str, action: str) -> list:
        return list(self.tables[family].get(action, []))

    def is_default(self, family: str, action: str) -> bool:
        return self.tables[family].get(action) == DEFAULTS[family].get(action)

    # -- changes ---------------------------------------------------------------------------
    def refusal(self, family: str, action: str, code) -> tuple[str, str | None] | None:
        """Why ``code`` cannot do ``action``: ("reserved", None) or ("taken", other action);
        None when it can."""
        if family == "keyboard" and code in RESERVED_KEYS:
            return "reserved", None
        if family == "mouse" and code in WHEEL_BUTTONS:
            return "reserved", None
        if family == "pad" and code not in PAD_POSITIONS:
            return "reserved", None
        other = self.lookup(family, code)
        if other is not None and other != action:
            return "taken", other
        return None

    def bind(self, family: str, action: str, code) -> tuple[str, str | None] | None:
        """Make ``code`` the one code of ``action``, unless refused (then nothing changes and
        the refusal is returned, see ``refusal``)."""
        refused = self.refusal(family, action, code)
        if refused is None:
            self.tables[family][action] = [code]
            self._index()
        return refused

    def reset(self, family: str) -> None:
        self.tables[family] = _copy(DEFAULTS[family])
        self._index()

    # -- storage ---------------------------------------------------------------------------
    def to_data(self) -> dict:
        """What the settings file keeps: only the actions changed from their default."""
        data: dict = {}
        for family in FAMILIES:
            changed = {action: list(codes) for action, codes in self.tables[family].items()
                       if not self.is_default(family, action)}
            if changed:
                data[family] = changed
        return data

    @classmethod
    def from_data(cls, data) -> "Bindings":
        """Bindings from the settings file; anything malformed (an unknown action, a code of
        the wrong type, a reserved code, one code bound twice) leaves that family at its
        defaults, so a hand-edited file cannot break the controls."""
        tables = {}
        if isinstance(data, dict):
            for family in FAMILIES:
                table = _valid_table(family, data.get(family))
                if table is not None:
                    tables[family] = table
        return cls(tables)


def _valid_code(family: str, code) -> bool:
    if family == "pad":
        return isinstance(code, str) and code in PAD_POSITIONS
    if not isinstance(code, int) or isinstance(code, bool):
        return False
    if family == "keyboard":
        return code not in RESERVED_KEYS and code > 0
    return code > 0 and code not in WHEEL_BUTTONS


def _valid_table(family: str, changed) -> dict | None:
    if not isinstance(changed, dict):
        return None
    table = _copy(DEFAULTS[family])
    for action, codes in changed.items():
        if action not in ACTIONS[family] or not isinstance(codes, list):
            return None
        if not all(_valid_code(family, code) for code in codes) or len(codes) > 4:
            return None
        table[action] = list(codes)
    seen = [code for codes in table.values() for code in codes]
    if len(seen) != len(set(seen)):
        return None
    return table


_active = Bindings()


def active() -> Bindings:
    """The bindings in use (the input layer and the hint bar read them)."""
    return _active


def use(bindings: Bindings) -> None:
    global _active
    _active = bindings

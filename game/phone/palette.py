"""The player colours a phone page shows: the client's (``game/client/theme.py`` COLOURS, in
its order) as CSS hex, so a seat wears the same colour on the TV and on its phone (a test keeps
the two equal). Metro's companies use the same names."""

from __future__ import annotations

COLOUR_NAMES = ("yellow", "blue", "orange", "green", "purple", "black", "red", "white")
COLOUR_HEX = ("#f4c430", "#5c96f5", "#f07c1e", "#40b05e", "#b47cec", "#989eaa", "#f86864",
              "#f0f0f0")


def colour_hex(index: int) -> str:
    """The CSS colour of a seat's colour index (the seat number when it has none)."""
    return COLOUR_HEX[index % len(COLOUR_HEX)]


def named_hex(name: str) -> str:
    return COLOUR_HEX[COLOUR_NAMES.index(name)] if name in COLOUR_NAMES else "#cccccc"

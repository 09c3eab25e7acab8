"""Metro board sizes and animation times shared by its parts."""

HAND_TILE = 84
LINE_TIME = 0.6
FLY_TIME = 0.65
HOLD_TIME = 0.6
GLOW_TIME = 1.2      # the last tile placed glows and fades this long

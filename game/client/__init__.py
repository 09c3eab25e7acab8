"""The pygame client: app loop, screen stack, input, widgets, text catalog, boards.

Only this package imports pygame. It reads game state through ``game.match.Match`` and
changes it only by proposing moves to the match; drawing never changes state.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

"""A "bot" for the test that a bot helper process stays pygame-free
(``tests/test_coach_puzzles.py``): its move is the list of pygame modules its process has
loaded. It imports nothing that could load pygame itself."""

from __future__ import annotations

import sys

from game.bots.base import Bot


class PygameProbe(Bot):
    level = "probe"

    def choose(self, view):
        return sorted(name for name in sys.modules if name.split(".")[0] == "pygame")

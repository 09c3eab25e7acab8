"""The acting human's dig options, searched off the frame.

When a move lands and the turn passes to a human of this machine, the board needs that
player's options before it can show the turn: which tunnels each line may take (only those
after which the dig can still be completed) and how many tunnels the dig requires. Searched
inside the frame in which the move lands, that made the frame 6–10 ms (issue 30). So the
board starts the search on a helper thread the moment the move lands, on a view of its own
(a clone: the thread shares nothing the game changes), and shows the turn once the answers
are in, a frame or two later; until then the side panel goes on showing the game as it
stands (whose turn it is), with nothing to click yet. The answers are the rules' own, for
that position, so nothing shown ever differs from what the frame would have searched.

Input that needs the options before the thread is done (a click in the first frames) is not
kept waiting: the board searches them then, as before.
"""

from __future__ import annotations

import threading

from game.rules.metromania.digs import max_dig


class Lookahead:
    """One search at a time, for (seq, seat); the answers of an older one are dropped."""

    def __init__(self, game) -> None:
        self.game = game
        self._lock = threading.Lock()
        self._key = None
        self._found: dict | None = None

    def start(self, key, view, seat: int) -> None:
        """Search ``seat``'s options on ``view`` (the position ``key``: the match's seq)."""
        with self._lock:
            self._key, self._found = (key, seat), None
        threading.Thread(target=self._search, args=((key, seat), view, seat),
                         name="mania-lookahead", daemon=True).start()

    def _search(self, key, view, seat: int) -> None:
        try:
            found = {("dig", line): self.game.dig_options(view, seat, line, [])
                     for line in (0, 1)}
            found["needed"] = max_dig(view, seat)
        except Exception:  # noqa: BLE001 - the frame searches for itself instead
            found = {}
        with self._lock:
            if self._key == key:
                self._found = found

    def pending(self, key, seat: int) -> bool:
        """A search for this position and seat was started and has not answered."""
        with self._lock:
            return self._key == (key, seat) and self._found is None

    def get(self, key, seat: int, name):
        """The answer ``name`` (("dig", line) or "needed") for this position, or None."""
        with self._lock:
            if self._key != (key, seat) or not self._found:
                return None
            return self._found.get(name)

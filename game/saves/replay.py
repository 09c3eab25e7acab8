"""The replay model behind the replay viewer: any move of a saved game, instantly.

``Replay.open(path)`` replays and verifies the file once, keeping a clone of the state every
``snapshot_every`` moves and the events of every move. ``state_at(i)`` then clones the nearest
snapshot at or before ``i`` and plays at most ``snapshot_every - 1`` moves forward (through
``Match.at``, like every change of a match), so scrubbing
costs the same anywhere in the game. States are full states (hidden information included: the
viewer shows everything); pass them to ``game.view(state, seat)`` for one seat's view.
"""

from __future__ import annotations

import os
from typing import Any

from game.match import LogEntry, Match

from .load import Loaded, load


class Replay:
    def __init__(self, loaded: Loaded, snapshots: dict[int, Any], events: list[list],
                 snapshot_every: int) -> None:
        self.loaded = loaded
        self.match: Match = loaded.match          # at the last verified move
        self.game = self.match.game
        self.snapshot_every = snapshot_every
        self._snapshots = snapshots               # move index -> state after that many moves
        self._events = events                     # events[i - 1] = what move i did

    @classmethod
    def open(cls, path: str | os.PathLike, snapshot_every: int = 16) -> "Replay":
        """Load a save or replay file. Raises SaveError; a damaged tail is cut (see
        ``damage``), the verified part still plays."""
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        snapshots: dict[int, Any] = {}
        events: list[list] = []

        def keep(number: int, match: Match, move_events: list) -> None:
            events.append(move_events)
            if number % snapshot_every == 0:
                snapshots[number] = match.game.clone(match.state)

        loaded = load(path, on_move=keep)
        match = loaded.match
        snapshots[0] = Match.at(match, 0).state     # the set-up (a fair table's own view too)
        # the loader may have rebuilt the match after a damaged move: keep what was verified
        del events[match.seq:]
        for index in [i for i in snapshots if i > match.seq]:
            del snapshots[index]
        return cls(loaded, snapshots, events, snapshot_every)

    # -- what the viewer asks -------------------------------------------------------------
    def __len__(self) -> int:
        """Number of (verified) moves: valid indexes for ``state_at`` are 0..len."""
        return self.match.seq

    @property
    def damage(self):
        return self.loaded.damage

    @property
    def finished(self) -> bool:
        return self.match.is_over()

    def _check_index(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index <= len(self):
            raise IndexError(f"move index {index} outside 0..{len(self)}")

    def match_at(self, index: int) -> Match:
        """A new ``Match`` at move ``index`` (0: the set-up position): its log cut there, its
        state a fresh copy, replayed by ``Match.at`` from the nearest snapshot."""
        self._check_index(index)
        base = max(i for i in self._snapshots if i <= index)
        return Match.at(self.match, index, self.game.clone(self._snapshots[base]), base)

    def state_at(self, index: int) -> Any:
        """A fresh copy of the full state after ``index`` moves (0: the set-up position)."""
        return self.match_at(index).state

    def entry(self, index: int) -> LogEntry:
        """The log entry of move ``index`` (1-based: seq, seat, notation, hash after it)."""
        if not 1 <= index <= len(self):
            raise IndexError(f"move number {index} outside 1..{len(self)}")
        return self.match.log[index - 1]

    def events_at(self, index: int) -> list:
        """What move ``index`` (1-based) did, as the rules reported it (for animations)."""
        if not 1 <= index <= len(self):
            raise IndexError(f"move number {index} outside 1..{len(self)}")
        return self._events[index - 1]

    def scores_at(self, index: int) -> dict:
        return self.game.scores(self.state_at(index))

    def final_scores(self) -> dict:
        return self.match.scores()

"""Host-side ordering: check a proposed move without changing state, stamp the next seq, apply.

The host's ``Match`` is the reference. ``stamp`` either raises ``IllegalMove`` (nothing
changed) or applies the move and returns its log entry; ``verify`` compares a peer's reported
hash with the host's hash after the same seq.
"""

from __future__ import annotations

from game.match import LogEntry, Match
from game.rules.core import Event, IllegalMove


class Sequencer:
    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def seq(self) -> int:
        return self.match.seq

    def check(self, seat: int, text: str):
        """The parsed move if ``seat`` may play ``text`` now; IllegalMove otherwise."""
        game = self.match.game
        try:
            move = game.parse_move(text)
            self.match.check(seat, move)
        except IllegalMove:
            raise
        except Exception:  # noqa: BLE001 - a rules bug must not take the table down
            raise IllegalMove("rules_error", "The rules could not check this move") from None
        return move

    def stamp(self, seat: int, text: str) -> tuple[LogEntry, list[Event]]:
        move = self.check(seat, text)
        events = self.match.game.play(self.match.state, seat, move)
        entry = LogEntry(self.match.seq + 1, seat, str(move), self.match.hash())
        self.match.log.append(entry)
        for listener in list(self.match.listeners):
            listener(self.match, entry, events)
        return entry, events

    def verify(self, seq: int, digest: str) -> bool | None:
        """True/False when the host knows seq (0 = the start), None for a seq not reached."""
        if seq > self.match.seq:
            return None
        return digest == self.expected(seq)

    def expected(self, seq: int) -> str:
        if seq == 0:
            return self._initial_hash()
        return self.match.log[seq - 1].hash

    def _initial_hash(self) -> str:
        if not hasattr(self, "_start_hash"):
            from game.rules.core import state_hash
            state = self.match.game.new_game(self.match.config, self.match.seed)
            self._start_hash = state_hash(self.match.game, state)
        return self._start_hash

    def entries_from(self, seq: int) -> list[LogEntry]:
        return self.match.log[max(0, seq - 1):]

"""Host-side ordering: check a proposed move without changing state, stamp the next seq, apply.

The host's ``Match`` is the reference and the only writer of its log. ``stamp`` either raises
``IllegalMove`` (nothing changed) or has the match apply and log the move; ``seal`` has it hash
the state after it (kept off the broadcast path); ``verify`` compares a peer's reported hash
with ours after the same seq.
"""

from __future__ import annotations

from game.match import LogEntry, Match
from game.rules.core import Event, IllegalMove, state_hash


class Sequencer:
    def __init__(self, match: Match) -> None:
        self.match = match
        self._start_hash = ""

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

    def stamp(self, seat: int, text: str, announce=None) -> tuple[LogEntry, list[Event]]:
        """Check, apply and log a move. ``announce(seq, seat, notation)`` is called as soon as
        the move is known to be legal, before we apply it ourselves, so the peers apply it
        while we do. The state hash is left for ``seal()`` (the match does it at the latest
        before the next move is applied), so peers hear of a move before we hash it."""
        self.match.seal(tell=False)      # the previous move's hash, before checking this one
        try:
            move = self.check(seat, text)
        except IllegalMove:
            self.match.tell()    # a refused move must not keep the last one from the save
            raise
        if announce is not None:
            announce(self.match.seq + 1, seat, str(move))
        events = self.match.apply(seat, move, check=False, hash_now=False, tell=False)
        self.match.tell()    # the previous move's listeners (autosave) after the broadcast
        return self.match.log[-1], events

    def seal(self, tell: bool = True) -> str:
        """Hash the state after the last move if not done yet; returns that hash. The
        listeners hear of it now, or with ``tell=False`` at the next ``tell()``."""
        if not self.match.log and self.match.table:
            return self.match.hash()
        if not self.match.log:
            return self._initial_hash()
        self.match.seal(tell=tell)
        return self.match.log[-1].hash

    def tell(self) -> None:
        """Call the match listeners for every sealed move they have not heard of, in order."""
        self.match.tell()

    @property
    def sealed(self) -> bool:
        return self.match.sealed

    def verify(self, seq: int, digest: str) -> bool | None:
        """True/False when the host knows seq (0 = the start), None for a seq not reached."""
        if seq > self.match.seq or (seq == 0 and self.match.table):
            return None     # a fair table's start hash depends on the records so far
        return digest == self.expected(seq)

    def expected(self, seq: int) -> str:
        if seq == 0:
            return self._initial_hash()
        if seq == self.match.seq:
            self.seal()
        return self.match.log[seq - 1].hash

    def entries_from(self, seq: int) -> list[LogEntry]:
        self.seal()
        return self.match.log[max(0, seq - 1):]

    def _initial_hash(self) -> str:
        """The hash before any move (what a peer reports while the log is still empty)."""
        if not self._start_hash:
            state = self.match.game.new_game(self.match.config, self.match.seed)
            self._start_hash = state_hash(self.match.game, state)
        return self._start_hash

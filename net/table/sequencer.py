"""The host's move order on a fair table: check a proposed move without changing state, seal
(hash) the state after the last move, and compare a peer's reported hash with ours.

The host's ``Match`` is the reference and the only writer of its log; a checked move goes
into it through the fair-deal driver (``net.fair.host``: ``FairTable.move`` then ``pump``),
the one path every table takes. ``check`` either raises ``IllegalMove`` (nothing changed)
or returns the parsed move; ``seal`` has the match hash the state after its last move (kept
off the broadcast path); ``verify`` compares a peer's hash with ours after the same seq.
"""

from __future__ import annotations

from game.match import LogEntry, Match
from game.rules.core import IllegalMove


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

    def seal(self, tell: bool = True) -> str:
        """Hash the state after the last move if not done yet; returns that hash. The
        listeners hear of it now, or with ``tell=False`` at the next ``tell()``."""
        if not self.match.log:
            return self.match.hash()     # a fair table's start: the records so far
        self.match.seal(tell=tell)
        return self.match.log[-1].hash

    def tell(self) -> None:
        """Call the match listeners for every sealed move they have not heard of, in order."""
        self.match.tell()

    @property
    def sealed(self) -> bool:
        return self.match.sealed

    def verify(self, seq: int, digest: str) -> bool | None:
        """True/False when the host knows seq, None for a seq not reached or 0 (a fair
        table's start hash depends on the records so far, which may still be on their way)."""
        if seq > self.match.seq or seq == 0:
            return None
        return digest == self.expected(seq)

    def expected(self, seq: int) -> str:
        """Our hash after move ``seq`` (1 or more, reached)."""
        if seq == self.match.seq:
            self.seal()
        return self.match.log[seq - 1].hash

    def entries_from(self, seq: int) -> list[LogEntry]:
        self.seal()
        return self.match.log[max(0, seq - 1):]

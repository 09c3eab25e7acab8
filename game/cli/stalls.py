"""A headless host's rule for a fair table that waits on one machine's answer (issue 28).

An answer about a hand (Metromania's attests) cannot be rebuilt without opening the hand, so
when it does not arrive the table waits and blames nobody: the host cannot tell that
machine's silence from its own dropping of the frame. In the window the host's player
decides what happens next (*Seats*: let a bot play). A headless host has nobody to decide,
so it applies the rule it applies to a player who dropped out: after ``--wait-limit``
seconds of waiting on the same move, the host's bot plays that machine's seats (a Depart
every machine sees, said as ``waited_out`` with ``reason: "stalled"``). Waits for the parts
of a rebuild are not handed over: their holder going to a bot would not end them.
"""

from __future__ import annotations


class StalledSeats:
    """The answers a headless host waits on, since when, and which seats are due a bot."""

    def __init__(self, limit: float | None) -> None:
        self.limit = limit                        # None: never hand a seat over
        self.since: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {}

    def note(self, event: dict, seq: int, now: float) -> None:
        """A ``fair_stalled`` event of the host, seen at move ``seq``."""
        seats = event.get("seats") or ()
        if event.get("waits_for") != "answer" or not seats:
            return
        self.since.setdefault((event["dealer"], seq), (now, tuple(seats)))

    def due(self, seq: int, now: float) -> list[tuple[int, float]]:
        """(seat, seconds waited) to hand to a bot now, each once; a wait whose move has
        passed (the answer came) is forgotten."""
        due = []
        for key, (since, seats) in sorted(self.since.items()):
            if key[1] != seq:
                del self.since[key]
            elif self.limit is not None and now - since >= self.limit:
                del self.since[key]
                due += [(seat, round(now - since, 1)) for seat in seats]
        return due

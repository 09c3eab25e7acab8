"""The end of a game reaches every seated player, even one whose link broke at the last move;
and the host writes the end down (netlog, audit) once the table has confirmed it.

``EndGrace`` is a part of ``net.table.host.HostEndpoint`` with its own state: when the game
ended here, the goodbye that announced it, until when a seated player may still come back to
hear it, and who has not hung up politely since. The endpoint's ``finish_table(grace, q=...,
h=...)`` ends a finished game: every connected peer gets the goodbye ``BYE game_over`` (with
the final seq and hash), but its connection stays open until *it* hangs up: a polite hang-up
(FIN) after the goodbye means it arrived; a reset means it may not have. For ``grace``
seconds the closed table still welcomes a seated player who comes back with its seat token:
it gets the start, the whole log (so it holds the final state and scores) and the goodbye.
``everyone_told()`` is true once every seated player has hung up politely after the goodbye,
or the grace is over; the headless host exits then (the client's host keeps its table open
until the host leaves).
"""

from __future__ import annotations

from typing import Any, Callable

from net.protocol import messages as ids


class EndGrace:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.over_at: float | None = None        # when the last move was applied here
        self.message: dict | None = None         # the goodbye that announced the end
        self.until = 0.0                         # a seated player may come back until then
        self.untold: set[int] = set()            # seated peers not known to have heard it

    def game_over(self) -> None:
        self.over_at = self.clock()

    def paperwork_ready(self, phase: str, all_confirmed: Callable[[], bool],
                        wait: float) -> bool:
        """May the end's netlog and audit be written now? Not while the peers are still
        confirming the last move (up to ``wait`` seconds, ``Timings.end_paperwork``): at a
        big table the host's CPU goes to reading their confirmations first. The save's flush
        never waits."""
        if phase != "over" or self.over_at is None:
            return True
        return all_confirmed() or self.clock() >= self.over_at + wait

    def paperwork_due_at(self, phase: str, waiting: bool, wait: float) -> float | None:
        """When the end's paperwork is due, if some ``waiting`` (None: nothing to wake for)."""
        if not waiting or phase != "over" or self.over_at is None:
            return None
        return self.over_at + wait

    def announce(self, grace: float, args: dict, seated: set[int]) -> dict:
        """The goodbye of a finished table (``args``: q, the final seq, and h, its hash),
        owed to the ``seated`` peers, heard back within ``grace`` seconds."""
        self.message = {"t": ids.BYE, "c": ids.R_GAME_OVER, "a": dict(args)}
        self.until = self.clock() + grace
        self.untold = set(seated)
        return self.message

    def heard(self, pid: int, reset: bool) -> None:
        """A peer's connection closed after the goodbye: a polite hang-up means it heard."""
        if self.message is not None and not reset:
            self.untold.discard(pid)

    def everyone_told(self) -> bool:
        return not self.untold or self.clock() >= self.until

    def returning(self, token: str, peers: Any) -> Any:
        """The seated peer (of ``peers``) holding ``token``, if the table ended and its grace
        still runs: it may come back to hear the end."""
        if not token or self.message is None or self.clock() >= self.until:
            return None
        return next((p for p in peers if p.token == token and p.seats), None)

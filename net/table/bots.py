"""The host's own bot seats: which of them moves now, and when the next one may.

A bot seat of the host (every seat of a headless ``run.py host``, a seat a bot took over)
plays in the host's pump. ``bot_delay`` (seconds; 0, the default, is at once) makes each of
its moves wait that long after the seat could act, after its last move or the roll: the
pause a player needs, and the one the client shows before any bot's move lands
(``bot_delay_ms``). A joiner's bots wait the same way (``ClientEndpoint.bot_delay``).

Mixed into ``HostEndpoint``: reads its match, slots and clock; stamps through it.
"""

from __future__ import annotations

from game.rules.core import IllegalMove
from net.protocol import messages as ids
from net.local.netlog import log_line


class HostBots:
    """Mixed into ``HostEndpoint``."""

    bot_delay = 0.0

    def init_host_bots(self) -> None:
        self.bots: dict[int, object] = {}
        self.bot_since: dict[int, float] = {}    # seat -> when it could first move

    def bot_level_of(self, seat: int) -> str:
        """The level a bot plays ``seat`` at ("" if a player plays it)."""
        slot = self.slots[seat]
        return slot.bot_level or (slot.level or "random" if slot.kind == ids.KIND_BOT else "")

    def _bot_seats(self) -> list[int]:
        """The host's bot seats that may act now; each remembers when it could first."""
        now = self.clock()
        acting = [s for s in self.match.to_act() if self.bot_level_of(s) and self.fair_can_play(s)]
        for seat in [s for s in self.bot_since if s not in acting]:
            del self.bot_since[seat]
        for seat in acting:
            self.bot_since.setdefault(seat, now)
        return acting

    def bots_due(self) -> float | None:
        """When the next host bot may move (the clock's time), None if none is to act."""
        if self.phase != "playing":
            return None
        acting = self._bot_seats()
        return min(self.bot_since[s] for s in acting) + self.bot_delay if acting else None

    def run_bots(self) -> None:
        """Let the host's bots move while one of their seats is to act (and has waited)."""
        while self.phase == "playing":
            now = self.clock()
            ready = [s for s in self._bot_seats() if now - self.bot_since[s] >= self.bot_delay]
            if not ready:
                return
            seat = ready[0]
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = self.make_bot(self.game, seat, self.bot_level_of(seat),
                                                 self.match.seed * 7919 + seat)
            move = bot.choose(self.match.view(seat))
            del self.bot_since[seat]        # its next move waits from now
            try:
                self._stamp(seat, str(move))
            except IllegalMove as exc:
                # the table refused our own bot's move (it should not happen): say so and
                # let the bot try again at the next tick rather than end the table
                log_line("bot_refused", seat=seat, move=str(move), code=exc.code)
                self._emit("bot_refused", seat=seat, move=str(move), code=exc.code)
                return

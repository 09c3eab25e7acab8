"""The host's own bot seats: which of them moves now, when the next one may, and its move.

A bot seat of the host (every seat of a headless ``run.py host``, a seat a bot took over)
plays in the host's pump. ``delay`` (seconds; 0, the default, is at once) makes each of its
moves wait that long after the seat could act, after its last move or the roll: the pause a
player needs, and the one the client shows before any bot's move lands (``bot_delay_ms``).
A joiner's bots wait the same way (``ClientEndpoint.bot_delay``).

``HostBotSeats`` is a part of ``HostEndpoint`` with its own state (the bots, when each seat
could first move); it is handed the match, the seats and who may play at each call, and
returns moves: the endpoint stamps them.
"""

from __future__ import annotations

from typing import Any, Callable

from net.protocol import messages as ids


class HostBotSeats:
    def __init__(self, make_bot: Callable[..., Any], clock: Callable[[], float],
                 delay: float = 0.0) -> None:
        self.make_bot = make_bot
        self.clock = clock
        self.delay = delay
        self.bots: dict[int, Any] = {}           # seat -> its bot, made on its first move
        self.since: dict[int, float] = {}        # seat -> when it could first move

    @staticmethod
    def level_of(slot) -> str:
        """The level a bot plays this seat at ("" if a player plays it)."""
        return slot.bot_level or (slot.level or "random" if slot.kind == ids.KIND_BOT else "")

    def acting(self, match, slots: list, may_play: Callable[[int], bool]) -> list[int]:
        """The bot seats that may act now; each remembers when it could first."""
        now = self.clock()
        acting = [s for s in match.to_act() if self.level_of(slots[s]) and may_play(s)]
        for seat in [s for s in self.since if s not in acting]:
            del self.since[seat]
        for seat in acting:
            self.since.setdefault(seat, now)
        return acting

    def due(self, match, slots: list, may_play: Callable[[int], bool]) -> float | None:
        """When the next bot may move (the clock's time), None if none is to act."""
        acting = self.acting(match, slots, may_play)
        return min(self.since[s] for s in acting) + self.delay if acting else None

    def next_move(self, game, match, slots: list,
                  may_play: Callable[[int], bool]) -> tuple[int, Any] | None:
        """(seat, move) of a bot seat that has waited its delay, or None. The seat's next
        move waits from now."""
        now = self.clock()
        ready = [s for s in self.acting(match, slots, may_play)
                 if now - self.since[s] >= self.delay]
        if not ready:
            return None
        seat = ready[0]
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.make_bot(game, seat, self.level_of(slots[seat]),
                                                  match.seed * 7919 + seat)
        move = bot.choose(match.view(seat))
        del self.since[seat]
        return seat, move

    def forget(self, seat: int) -> None:
        """The seat's player plays it again: its bot goes."""
        self.bots.pop(seat, None)

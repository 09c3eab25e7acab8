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


class JoinerBotSeats:
    """A joiner's own seats played by local bots (a level per seat, or ``auto`` for every seat
    it gets): when each may move (``delay`` after it could, and not before a refused move's
    cool-down), and its moves. Part of ``ClientEndpoint``, which proposes what it returns."""

    def __init__(self, make_bot: Callable[..., Any], clock: Callable[[], float],
                 auto: str = "", delay: float = 0.0) -> None:
        self.make_bot = make_bot
        self.clock = clock
        self.auto = auto                          # the level of every seat we get ("": none)
        self.delay = delay                        # seconds a local bot waits before it moves
        self.levels: dict[int, str] = {}          # seat -> level the player chose
        self.bots: dict[int, Any] = {}            # seat -> its bot, made on its first move
        self.since: dict[int, float] = {}         # seat -> when it could first move
        self.cooldown: dict[int, float] = {}      # seat -> no move before (after a refusal)

    def set_level(self, seat: int, level: str | None) -> None:
        """A local bot plays ``seat`` (None: a human on this machine again)."""
        if level:
            self.levels[seat] = level
        else:
            self.levels.pop(seat, None)
            self.bots.pop(seat, None)

    def level_of(self, seat: int) -> str:
        return self.levels.get(seat) or self.auto

    def cool_down(self, seat: int, until: float) -> None:
        self.cooldown[seat] = until

    def due(self, match, seats: list[int], blocked: set) -> list[float]:
        """When each of our bot seats that is to act may move (the clock's time)."""
        return [max(self.cooldown.get(seat, 0.0), self.since.get(seat, 0.0) + self.delay)
                for seat in match.to_act()
                if seat in seats and self.level_of(seat) and seat not in blocked]

    def moves(self, match, seats: list[int], blocked: set):
        """(seat, move) of each of our bot seats that is to act and has waited (a seat in
        ``blocked`` does not move: the host's bot plays it, or its last move is unanswered)."""
        now = self.clock()
        acting = match.to_act()
        # our own seats only (a 32-seat table acts with up to 32 seats, we hold one or a few)
        for seat in sorted(seats):
            if seat not in acting or not self.level_of(seat) or seat in blocked \
                    or self.cooldown.get(seat, 0) > now:
                continue
            since = self.since.setdefault(seat, now)
            if now - since < self.delay:
                continue
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = self.make_bot(match.game, seat, self.level_of(seat),
                                                      match.seed * 7919 + seat)
            move = bot.choose(match.view(seat))
            self.since.pop(seat, None)
            yield seat, move

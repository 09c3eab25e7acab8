"""Thinking one move ahead in a simultaneous round (Railroad Ink).

A bot's move is shown only after a visible delay. In a simultaneous round its next view is
already known when the answer arrives (its own drawing applied; the others' drawings do not
change what it decides: ``Bot.view_after`` / ``Bot.position_key``), so its next move is
requested at once, in a second worker, while the first is still being shown. When the move
lands and the real view matches the one thought about, that worker's answer is used; if not
(a refused move, anything unexpected), it is thrown away and the move is asked for afresh.
The moves are therefore exactly those of a bot asked one move at a time; the helper pool just
gets its work earlier, filling the pauses in which every bot would otherwise wait.
"""

from __future__ import annotations

from game.client.bot_worker import BotWorker


class _Ahead:
    __slots__ = ("key", "position", "worker")

    def __init__(self, key, position, worker: BotWorker) -> None:
        self.key, self.position, self.worker = key, position, worker


class LookAhead:
    """Per seat at most one request thought ahead."""

    def __init__(self) -> None:
        self._pending: dict[int, _Ahead] = {}
        self._started_from: dict[int, object] = {}
        self.reused = 0          # moves whose thinking started while the last was shown

    def start(self, seat: int, from_key, next_key, bot, view, move) -> None:
        """Once per answer (``from_key``): ask for the move after ``move`` on the view it
        leads to, when the bot can tell that view now."""
        if self._started_from.get(seat) == from_key:
            return
        self._started_from[seat] = from_key
        if callable(view):            # made only when needed (a view copies every sheet)
            view = view()
        after = bot.view_after(view, move)
        position = bot.position_key(after) if after is not None else None
        if position is None:
            return
        self.drop(seat)
        worker = BotWorker()
        worker.request(next_key, bot, after)
        self._pending[seat] = _Ahead(next_key, position, worker)

    def take(self, seat: int, key, bot, view) -> BotWorker | None:
        """The worker already thinking about ``key`` on a position equal to ``view``'s."""
        ahead = self._pending.get(seat)
        if ahead is None or ahead.key != key:
            return None       # not there yet (a LAN move on its way back): keep it
        del self._pending[seat]
        if ahead.worker.busy_with(key) and bot.position_key(view) == ahead.position:
            self.reused += 1
            return ahead.worker
        ahead.worker.cancel()
        return None

    def drop(self, seat: int | None = None) -> None:
        """Forget what was thought ahead (for one seat, or all when leaving the screen)."""
        seats = list(self._pending) if seat is None else [seat]
        for one in seats:
            ahead = self._pending.pop(one, None)
            if ahead is not None:
                ahead.worker.cancel()

"""Tables a ``PhoneTable`` can serve phone seats of (see ``game.phone.table``).

* ``MatchSource``: a local table (hotseat or a test): moves go straight into its ``Match``;
  bots of seats handed to them are played by ``play_bots`` (the caller's loop).
* ``LanHostSource``: a LAN table hosted by this machine (``net.host.HostServer``): a phone
  seat is one of the host's local seats, so its moves go through ``propose`` exactly like
  those of a player at the host's keyboard, and the host's bot plays it while it is away.

Both only read views of the phone's own seat; neither names a game.
"""

from __future__ import annotations

from typing import Any

from game.rules.core import IllegalMove


class MatchSource:
    def __init__(self, match, bot_level: str = "random") -> None:
        self.match = match
        self.game = match.game
        self.bot_level = bot_level
        self.bots: dict[int, Any] = {}

    def names(self) -> list[str]:
        return [seat.name or f"{seat_number + 1}" for seat_number, seat in
                enumerate(self.match.seats)]

    def colours(self) -> list[int]:
        return [seat.colour if seat.colour >= 0 else i for i, seat in enumerate(self.match.seats)]

    def version(self):
        return (self.match.seq, tuple(sorted(self.bots)))

    def view(self, seat: int):
        return self.match.view(seat)

    def to_act(self):
        return self.match.to_act()

    def is_over(self) -> bool:
        return self.match.is_over()

    def scores(self) -> dict:
        return self.match.scores()

    def winners(self) -> list[int]:
        return self.game.winners(self.match.state)

    def propose(self, seat: int, text: str) -> None:
        if seat in self.bots:
            raise IllegalMove("not_your_seat", "A bot plays this seat now")
        self.match.apply(seat, self.game.parse_move(text))

    def bot_plays(self, seat: int) -> bool:
        return seat in self.bots

    def hand_to_bot(self, seat: int) -> None:
        from game.bots.base import make_bot

        self.bots[seat] = make_bot(self.game, seat, self.bot_level, 1 + seat)

    def take_back(self, seat: int) -> None:
        self.bots.pop(seat, None)

    def play_bots(self) -> None:
        """One move of every bot seat that may act (the caller's loop calls this)."""
        for seat in list(self.match.to_act()):
            bot = self.bots.get(seat)
            if bot is not None and not self.match.is_over():
                self.match.apply(seat, bot.choose(self.match.view(seat)))


class LanHostSource:
    def __init__(self, server, bot_level: str = "random") -> None:
        self.server = server
        self.endpoint = server.endpoint
        self.game = self.endpoint.game
        self.bot_level = bot_level

    def names(self) -> list[str]:
        return [slot.name for slot in self.endpoint.slots]

    def colours(self) -> list[int]:
        return [slot.colour if slot.colour >= 0 else i
                for i, slot in enumerate(self.endpoint.slots)]

    def version(self):
        with self.server.lock:
            endpoint = self.endpoint
            return (endpoint.seq, endpoint.phase,
                    tuple(slot.bot_level for slot in endpoint.slots))

    def view(self, seat: int):
        with self.server.lock:
            match = self.endpoint.match
            if match is None or self.endpoint.phase not in ("playing", "over", "closed"):
                return None
            return match.view(seat)

    def to_act(self):
        with self.server.lock:
            match = self.endpoint.match
            return match.to_act() if match is not None else ()

    def is_over(self) -> bool:
        with self.server.lock:
            match = self.endpoint.match
            return match is not None and match.is_over()

    def scores(self) -> dict:
        with self.server.lock:
            return self.endpoint.match.scores()

    def winners(self) -> list[int]:
        with self.server.lock:
            return self.game.winners(self.endpoint.match.state)

    def propose(self, seat: int, text: str) -> None:
        self.server.propose(seat, text)

    def bot_plays(self, seat: int) -> bool:
        return bool(self.endpoint.slots[seat].bot_level)

    def hand_to_bot(self, seat: int) -> None:
        self.server.hand_to_bot(seat, self.bot_level)

    def take_back(self, seat: int) -> None:
        self.server.take_back(seat)

"""The tables a play screen serves its phone seats from (issue 27): the *sources* a
``game.phone.table.PhoneTable`` reads views from and proposes the phones' moves through.

* ``ScreenSource``: a local table (hotseat, split screen): a ``MatchSource`` whose names and
  colours are the screen's, whose moves go through the screen's ``propose`` (sounds,
  animations, the score history) and whose stand-in bots are the screen's own.
* ``host_source(play)``: the LAN table this machine hosts: ``game.phone.sources.LanHostSource``
  over its ``HostServer`` (see there for why).
* ``JoinerSource``: a LAN table this machine joined: its moves go through the session's
  ``propose`` (the host decides, later), the views are the joiner's own seats' (under the
  connection's lock, as the screen draws), and while its phone is away the joiner's own bot
  plays the seat, as a bot chosen in the joined lobby would (``NetSession.local_bots``).

Each serves only seats of this machine: a phone seat is a seat of the machine that serves it.
"""

from __future__ import annotations

from game.bots.base import levels
from game.phone.sources import LanHostSource, MatchSource
from game.rules.core import IllegalMove

PLAYING = ("playing", "over")


def stand_in_level(game_name: str) -> str:
    """The level of the bot that plays a phone seat while its phone is away."""
    known = levels(game_name)
    return "normal" if "normal" in known else known[0]


class ScreenSource(MatchSource):
    def __init__(self, play) -> None:
        super().__init__(play.match, stand_in_level(play.match.game.name))
        self.play = play

    def attach(self, play) -> None:
        self.play = play

    def names(self) -> list[str]:
        return [self.play.seat_name(seat) for seat in range(len(self.match.seats))]

    def colours(self) -> list[int]:
        return [self.play.seat_shape(seat) for seat in range(len(self.match.seats))]

    def propose(self, seat: int, text: str) -> None:
        if self.bot_plays(seat):      # (the bot took it over: the phone is told it is not)
            raise IllegalMove("not_your_seat", "Seat {seat} is not yours", seat=seat + 1)
        move = self.game.parse_move(text)
        self.match.check(seat, move)          # refused here: the reason goes to the phone
        self.play.propose(seat, move)

    def hand_to_bot(self, seat: int) -> None:
        super().hand_to_bot(seat)
        self.play.bots[seat] = self.bots[seat]

    def take_back(self, seat: int) -> None:
        super().take_back(seat)
        self.play.bots.pop(seat, None)
        self.play.workers.pop(seat, None)


def host_source(play) -> LanHostSource:
    """The LAN host's phone seats are local seats of its ``HostServer``: ``LanHostSource``
    proposes a phone's move there exactly as the headless host does. Going through the
    screen's ``propose`` would add nothing: the host sequences its own seats' moves at once
    and the play screen animates and sounds every move from the table's own ``move`` event
    (``NetPlayScreen.drain``), a refusal is the phone's business (not a toast on the TV), and
    the stand-in bot is the host's existing one (``hand_to_bot``: a sequenced command, so
    every machine's screen says a bot plays Ann's seat)."""
    return LanHostSource(play.session.conn, bot_level=stand_in_level(play.match.game.name))


class JoinerSource:
    def __init__(self, play) -> None:
        self.game = play.match.game
        self.bot_level = stand_in_level(self.game.name)
        self.attach(play)

    def attach(self, play) -> None:
        """Serve from ``play`` (a new play screen over this table, or over the table joined
        again after a lost link: the phones keep their links)."""
        self.play = play
        self.session = play.session

    # -- what the phones see ----------------------------------------------------------------
    def names(self) -> list[str]:
        return [self.play.seat_name(seat) for seat in range(len(self.play.match.seats))]

    def colours(self) -> list[int]:
        return [self.play.seat_shape(seat) for seat in range(len(self.play.match.seats))]

    def _playing_match(self):
        session = self.session
        if session.closed or session.phase not in PLAYING:
            return None
        return session.match

    def version(self):
        with self.session.lock():
            match = self._playing_match()
            return (match.seq if match is not None else 0, self.session.phase,
                    tuple(sorted(self.session.local_bots)), self.session.host_bots())

    def view(self, seat: int):
        with self.session.lock():
            match = self._playing_match()
            return match.view(seat) if match is not None else None

    def to_act(self):
        with self.session.lock():
            match = self._playing_match()
            return match.to_act() if match is not None else ()

    def is_over(self) -> bool:
        with self.session.lock():
            match = self.session.match
            return match is not None and match.is_over()

    def scores(self) -> dict:
        with self.session.lock():
            return self.session.match.scores()

    def winners(self) -> list[int]:
        with self.session.lock():
            return self.game.winners(self.session.match.state)

    # -- what the phones do -----------------------------------------------------------------
    def propose(self, seat: int, text: str) -> None:
        """Sent to the host (IllegalMove at once when this machine's rules refuse it); the
        host's answer comes later: ``waiting_for``, and a refusal through ``take_refusals``
        (or the screen, when it reads the table's news first)."""
        with self.session.lock():
            if self.bot_plays(seat):
                raise IllegalMove("not_your_seat", "Seat {seat} is not yours", seat=seat + 1)
            if self.session.waiting_for(seat):
                raise IllegalMove("busy", "The table is still busy with your last move")
            self.session.propose(seat, text)

    def waiting_for(self, seat: int) -> bool:
        with self.session.lock():
            return self.session.waiting_for(seat)

    def log_mark(self) -> int:
        """Where the table's log stands (``played_since`` tells what came after)."""
        with self.session.lock():
            match = self.session.match
            return match.seq if match is not None else 0

    def played_since(self, seat: int, mark: int) -> bool:
        """The log holds a move of ``seat`` after ``mark`` (its move was applied)."""
        with self.session.lock():
            match = self.session.match
            return match is not None and any(entry.seat == seat
                                             for entry in match.log[mark:])

    def lock(self):
        return self.session.lock()

    def take_refusals(self, seats) -> list[tuple[int, str, dict]]:
        """(seat, code, args) of each refusal the host sent a move of ``seats`` since the
        screen last read the table's news (``NetSession.take_refusals``)."""
        with self.session.lock():
            return [(event["seat"], event["code"], dict(event.get("args", {})))
                    for event in self.session.take_refusals(seats)]

    def bot_plays(self, seat: int) -> bool:
        """This machine's bot plays the seat, or the host's (it took the seat over)."""
        return seat in self.session.local_bots or seat in self.session.host_bots()

    def hand_to_bot(self, seat: int) -> None:
        self.session.local_bots[seat] = self.bot_level
        self.session.conn.set_bot(seat, self.bot_level)

    def take_back(self, seat: int) -> None:
        self.session.local_bots.pop(seat, None)
        self.session.conn.set_bot(seat, None)

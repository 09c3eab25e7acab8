"""The host's bot seats (net.table.bots.HostBotSeats), a part of the host endpoint with its own
state: which bot seat acts, when it may move (its delay counted from when it could first),
its bot made once, and forgotten when its player takes the seat back."""

from game.match import Match
from game.rules import get_game
from game.rules.core import Rng
from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.table.bots import HostBotSeats, JoinerBotSeats

METRO = get_game("metro")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class CountingBots:
    """make_bot that counts the bots it made; each plays a random legal move."""

    def __init__(self) -> None:
        self.made: list[tuple[int, str]] = []

    def __call__(self, game, seat, level, seed):
        self.made.append((seat, level))

        class Bot:
            def choose(self, view):
                return game.random_move(view, seat, Rng(seed))
        return Bot()


def test_a_bot_seat_waits_its_delay_then_moves_and_keeps_its_bot():
    match = Match.new(METRO, METRO.make_config(2), 5)
    slots = [Slot(kind=ids.KIND_BOT, level="random"), Slot(kind=ids.KIND_LOCAL)]
    clock, made = Clock(), CountingBots()
    seats = HostBotSeats(made, clock, delay=1.5)
    assert match.to_act() == (0,)                   # the bot's seat acts first

    def may_play(seat):
        return True
    assert seats.due(match, slots, may_play) == 101.5    # counted from when it could act
    assert seats.next_move(METRO, match, slots, may_play) is None
    clock.now = 101.5
    picked = seats.next_move(METRO, match, slots, may_play)
    assert picked is not None and picked[0] == 0 and made.made == [(0, "random")]
    assert seats.due(match, slots, may_play) == 103.0    # its next move waits from now
    assert seats.due(match, slots, lambda s: False) is None   # a fair step holds it back
    clock.now = 200.0
    seats.next_move(METRO, match, slots, may_play)
    assert made.made == [(0, "random")]             # the same bot, not a new one
    seats.forget(0)
    assert seats.bots == {}


def test_a_seat_the_host_handed_to_a_bot_plays_at_that_level():
    assert HostBotSeats.level_of(Slot(kind=ids.KIND_REMOTE, bot_level="hard")) == "hard"
    assert HostBotSeats.level_of(Slot(kind=ids.KIND_BOT)) == "random"
    assert HostBotSeats.level_of(Slot(kind=ids.KIND_LOCAL)) == ""


def test_a_joiners_bot_seat_waits_for_a_refusals_cool_down_and_skips_blocked_seats():
    match = Match.new(METRO, METRO.make_config(2), 5)
    clock, made = Clock(), CountingBots()
    seats = JoinerBotSeats(made, clock, auto="random", delay=0.0)
    assert seats.level_of(0) == "random"                     # every seat we get
    assert list(seats.moves(match, [0], blocked={0})) == []   # e.g. the host's bot plays it
    seats.cool_down(0, 105.0)                                 # its last move was refused
    assert seats.due(match, [0], set()) == [105.0]
    assert list(seats.moves(match, [0], set())) == []
    clock.now = 105.0
    assert [seat for seat, _move in seats.moves(match, [0], set())] == [0]
    seats.set_level(0, None)                                  # no level of its own: auto
    assert seats.level_of(0) == "random" and seats.bots == {}

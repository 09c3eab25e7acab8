"""``MoveQueue`` (net.fair.moves) on its own, against a fake table and game (no FairTable, no
cryptography): moves apply in sequence only, a move that plays a hidden card needs the
CardPlayed record of a position dealt to that seat holding that very card, and this machine's
own move goes out in its public form but is applied in full."""

from types import SimpleNamespace

import pytest

from game.rules.fairplay.records import CardPlayed
from net.fair.errors import FairError
from net.fair.moves import MoveQueue
from net.fair.positions import Positions

PLAIN, CARD = "pass", "play:B"      # a move that plays no card; one that plays a "B" tile


class FakeMatch:
    def __init__(self) -> None:
        self.seq = 0
        self.state = None
        self.applied: list = []

    def check(self, seat, move) -> None:
        pass

    def apply(self, seat, move, **_kw):
        self.seq += 1
        self.applied.append((seat, move))
        return ["event"]


class FakeGame:
    def parse_move(self, text):
        return text

    def played_card(self, state, seat, move):
        return ("tiles", move.split(":")[1]) if move.startswith("play:") else None


class FakeTable:
    def __init__(self) -> None:
        self.game = FakeGame()
        self.match = FakeMatch()
        self.seat_dealers = [0, 1]
        self.piles = {"tiles": ["A", "B", "C"]}
        pile = SimpleNamespace(opening=SimpleNamespace(seats=(0, 1)),
                               draws={4: SimpleNamespace(drawer=1)})
        self.transcript = SimpleNamespace(piles={"tiles": pile})
        self.departed = []
        self.positions = Positions(self)
        self.positions.held["tiles"] = {1: [4]}
        self.taken: list = []

    def take_card_played(self, record) -> int:
        self.taken.append(record)
        return 40 + len(self.taken)


def test_moves_apply_in_sequence_only():
    table = FakeTable()
    queue = MoveQueue(table)
    queue.add(2, 0, PLAIN, None)
    with pytest.raises(FairError) as caught:
        queue.play([])
    assert caught.value.code == "fair_sequence" and table.match.applied == []
    queue.drop()
    queue.add(1, 0, PLAIN, None)
    applied: list = []
    assert queue.play(applied) and applied == [(1, 0, PLAIN, ["event"])] and len(queue) == 0


@pytest.mark.parametrize("played,code", [
    (None, "fair_card_missing"),
    (CardPlayed("tiles", 5, 1, 1), "fair_card_not_dealt"),     # not dealt to that seat
    (CardPlayed("tiles", 4, 0, 1), "fair_card_foreign"),       # names another drawer
    ((4, 2), "fair_card_mismatch"),                            # position 4 holds no "C"
])
def test_a_hidden_card_must_be_a_position_dealt_to_the_seat_holding_that_card(played, code):
    table = FakeTable()
    queue = MoveQueue(table)
    queue.add(1, 1, CARD, played)
    with pytest.raises(FairError) as caught:
        queue.play([])
    assert caught.value.code == code and table.match.applied == [] and table.taken == []


def test_the_right_card_is_taken_and_leaves_the_hand():
    table = FakeTable()
    queue = MoveQueue(table)
    queue.add(1, 1, CARD, (4, 1))                  # the wire's short form
    queue.play([])
    assert table.taken == [CardPlayed("tiles", 4, 1, 1)]
    assert queue.move_cards == {41} and table.positions.held["tiles"][1] == []
    queue.add(2, 0, PLAIN, CardPlayed("tiles", 4, 1, 1))
    with pytest.raises(FairError) as caught:       # a card with a move that plays none
        queue.play([])
    assert caught.value.code == "fair_card_unasked"


def test_our_own_move_goes_out_public_and_is_applied_in_full():
    table = FakeTable()
    queue = MoveQueue(table)
    queue.keep_private(0, "pass?", PLAIN)
    queue.add(1, 0, "pass?", None)
    queue.play([])
    assert table.match.applied == [(0, PLAIN)] and queue.private_forms == {}

"""``Positions`` (net.fair.positions) on its own, against a fake table (no FairTable, no
cryptography): a pile's order is its fresh positions then the returned ones, a returned card
goes to the bottom and is forgotten, a face-up card taken in an exchange goes to the seat that
returned one, and a card dealt to a machine that left before its pile was shuffled is read by
everybody."""

from types import SimpleNamespace

from game.rules.fairplay import PUBLIC
from net.fair.positions import Positions, stamped
from net.fair.escrow import DEPART


def fake_table(opening_seats=(0, 1), draws=None, departed=()):
    pile = SimpleNamespace(opening=SimpleNamespace(seats=tuple(opening_seats)),
                           draws=dict(draws or {}))
    return SimpleNamespace(transcript=SimpleNamespace(piles={"tiles": pile}),
                           seat_dealers=[0, 1, 1], departed=list(departed))


def test_a_pile_is_drawn_fresh_first_then_from_its_bottom():
    book = Positions(fake_table())
    book.reset_pile("tiles")
    first = book.next_positions("tiles", 3, 5)
    assert first == (0, 1, 2)
    book.consume_positions("tiles", first)
    book.dealt("tiles", 1, first)
    book.held["tiles"][1] = [2]                 # seat 1 kept one card
    book.known[("tiles", 2)] = 7
    assert book.return_card("tiles", 1) == 2    # it goes back under the pile, unknown now
    assert ("tiles", 2) not in book.known and book.held["tiles"][1] == []
    assert book.next_positions("tiles", 3, 5) == (3, 4, 2)
    book.consume_positions("tiles", (3, 4, 2))
    assert book.next_positions("tiles", 1, 5) == ()
    assert book.return_card("tiles", 1) is None     # it holds none: nothing goes back


def test_the_face_up_card_goes_to_the_seat_that_returned_one():
    book = Positions(fake_table())
    book.reset_pile("tiles")
    book.after_reveal("tiles", (4,))
    book.held["tiles"][2] = [0]
    book.return_card("tiles", 2)
    book.after_reveal("tiles", (5,))           # the exchange: seat 2 takes position 4
    assert book.held["tiles"][2] == [4] and book.face_up["tiles"] == 5
    book.after_reveal("tiles", (6,))           # a plain reveal: nobody takes 5
    assert book.held["tiles"][2] == [4]


def test_who_reads_a_dealt_position():
    table = fake_table(opening_seats=(0,), departed=[1])
    book = Positions(table)
    assert book.deal_drawer(1, "tiles") == PUBLIC       # left before the pile was shuffled
    assert book.deal_drawer(0, "tiles") == 0
    table.transcript.piles["tiles"].opening.seats = (0, 1)
    assert book.deal_drawer(1, "tiles") == 1            # its key is in the pile: its own
    assert book.position_drawer("tiles", 3) == -2       # not drawn
    table.transcript.piles["tiles"].draws[3] = SimpleNamespace(drawer=1)
    assert book.position_drawer("tiles", 3) == 1
    table.transcript.piles["tiles"].opening.seats = (0,)
    assert book.position_drawer("tiles", 9) == 0        # a one-seat pile: its seat


def test_a_departure_is_stamped_with_the_seq_it_follows():
    assert stamped({"kind": DEPART, "seat": 0, "of": 1}, 12)["at"] == 12
    assert "at" not in stamped({"kind": DEPART, "seat": 0, "of": 1}, None)
    assert stamped({"kind": "Secret", "seat": 0}, 12) == {"kind": "Secret", "seat": 0}

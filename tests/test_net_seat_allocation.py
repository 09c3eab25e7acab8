"""``SeatAllocation`` on its own, against a fake resumed table (no endpoint, no network): a
newcomer is offered the seats its name kept, then its old machine's others, then free ones; a
seat its old machine can prove (a saved claim key or token digest) never goes to a name; the
refusal says why; names stay unique; the table goes on once every kept seat is back."""

from types import SimpleNamespace

from net.protocol import messages as ids
from net.protocol.lobby import Slot
from net.protocol.tables import token_digest
from net.session.handshake import PeerRec
from net.table.seating import SeatAllocation


def resumed_table(keyed=()):
    """Seats: 0 the host's; 1, 2 kept for "ann" (old machine 1); 3 kept for "bob" (old machine
    2); 4 free. ``keyed``: the old machines whose claim key the save kept."""
    slots = [Slot(kind=ids.KIND_LOCAL, name="host"),
             Slot(name="ann", reserved="ann", group=1),
             Slot(name="ann (2)", reserved="ann (2)", group=1),
             Slot(name="bob", reserved="bob", group=2),
             Slot()]
    table = SimpleNamespace(resumed=object(), phase="lobby", slots=slots, peers={},
                            can_start=lambda: True)
    seating = SeatAllocation(table, lambda group: b"k" if group in keyed else b"")
    return table, seating


def test_a_newcomer_gets_its_names_seats_then_its_machines_then_free_ones():
    _table, seating = resumed_table()
    assert seating.kept_seats == [1, 2, 3]
    assert seating.free_seats_for("ann") == [1, 2, 4]
    assert seating.free_seats_for("bob") == [3, 4]
    assert seating.free_seats_for("cleo") == [4]
    assert seating.old_machine_seats(1) == [1, 2] and seating.old_machine_seats(None) == []


def test_a_seat_its_old_machine_can_prove_never_goes_to_a_name():
    table, seating = resumed_table(keyed={1})
    assert seating.free_seats_for("ann") == [4]
    table.slots[4] = Slot(kind=ids.KIND_LOCAL, name="carl")      # the table is full now
    assert seating.no_seat_reason("ann") == (ids.R_SEAT_OWNED, {"names": "ann"})
    assert seating.no_seat_reason("cleo") == (ids.R_RESERVED, {"names": "bob"})
    seating.old_tokens = {token_digest("tok-b"): 2}              # bob's machine kept a token
    assert seating.free_seats_for("bob") == []
    assert seating.no_seat_reason("cleo") == (ids.R_SEAT_OWNED, {"names": "ann, ann (2), bob"})


def test_an_old_seat_token_names_its_machine_in_the_lobby_only():
    table, seating = resumed_table()
    seating.old_tokens = {token_digest("tok-b"): 2}
    assert seating.old_token_group("tok-b") == 2
    assert seating.old_token_group("tok-x") is None and seating.old_token_group("") is None
    table.phase = "playing"
    assert seating.old_token_group("tok-b") is None


def test_the_table_goes_on_once_every_kept_seat_is_taken_again():
    table, seating = resumed_table()
    assert not seating.owners_back()
    for seat in (1, 2, 3):
        table.slots[seat] = Slot(kind=ids.KIND_REMOTE, name=table.slots[seat].name, peer=seat)
    assert seating.owners_back()
    table.can_start = lambda: False                              # someone is not ready
    assert not seating.owners_back()


def test_every_name_at_the_table_is_one_players():
    table, seating = resumed_table()
    table.peers[5] = PeerRec(pid=5, name="dora", token="t", conn="c")       # a spectator
    assert seating.unique_name("cleo", 4) == "cleo"
    assert seating.unique_name("host", 4) == "host (2)"
    assert seating.unique_name("bob", 4) == "bob (2)"           # kept for bob: reserved
    assert seating.unique_name("bob", 3) == "bob"               # its own seat
    assert seating.unique_name("dora", 4) == "dora (2)"
    assert seating.unique_name("ann", -1) == "ann (3)"
    assert seating.unique_name("", 4) == ""

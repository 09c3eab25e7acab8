"""A fair table's veto (issue 13): a dealer that withholds what it owes — its share of a draw —
within the limit loses its seats to the host's bot, its key rebuilt by the escrow, and play
goes on; the table names who withheld. Its part of a roll is different (issue 28): it is
rebuilt from the escrow, the same value, so a silent dealer changes nothing and keeps its
seats (a host could not tell it from its own dropping of that part, and must not gain by it).
A dropped machine is waited on like its moves. A spectator never owes anything."""

import pytest

from game.rules import get_game
from net.protocol import messages as ids
from tests.test_net_lockstep import FAST, Table

pytestmark = pytest.mark.timeout(120)


def silence_records(client):
    """From now on the client sends everything but its cipher records (it stays connected,
    beats and reports hashes: only what it owes the table is held back)."""
    real = client._send
    client._send = lambda message: None if message["t"] == ids.FAIR else real(message)


@pytest.mark.parametrize("game", ["metro"])
def test_a_dealer_that_withholds_loses_its_seat_to_a_bot_and_play_goes_on(game):
    table = Table(players=4, seed=31, game=get_game(game))
    table.start()
    assert table.run(lambda: table.host.seq >= 6, limit=30)
    cheat = table.clients[1]
    seat = cheat.seats[0]
    silence_records(cheat)
    events = []
    table.check_agreement = lambda: [events.extend(c.poll()) for c in table.clients]
    host_events = []
    assert table.run(lambda: table.host.slots[seat].bot_level != "",
                     each=lambda: host_events.extend(table.host.poll()), limit=20)
    withheld = [e for e in host_events if e["event"] == "fair_withheld"]
    assert withheld and withheld[0]["dealer"] == cheat.pid and withheld[0]["seats"] == [seat]
    assert cheat.pid in table.host.fair.departed
    honest = [c for c in table.clients if c is not cheat]
    assert table.run(lambda: table.host.phase == "over" and all(
        c.phase == "over" and c.seq == table.host.seq for c in honest), limit=120)
    for client in honest:
        assert client.match.hash() == table.host.match.hash()
        assert seat in client.bot_controlled or any(
            c[1] == ids.CMD_BOT and c[2] == seat for c in client.commands)
    assert table.run(lambda: table.host.fair.verdict is not None and all(
        c.fair_replica.fair.verdict is not None for c in honest), limit=10)
    assert table.host.fair.verdict.fair      # withholding is no cheat the audit finds


def test_a_dropped_dealer_is_waited_on_not_replaced():
    table = Table(players=3, seed=32)
    table.start()
    assert table.run(lambda: table.host.seq >= 4, limit=30)
    seat = table.clients[0].seats[0]
    table.net.disconnect(table.links[0])
    table.net.advance(FAST.seeding * 3)
    assert not table.host.slots[seat].bot_level          # no bot without a wait limit
    back = table.rejoin(0)
    assert table.run(table.all_over, limit=120)
    table.assert_converged()
    assert back.seats == [seat]

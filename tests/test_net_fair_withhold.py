"""A fair table's veto (issue 13): a dealer that withholds what it owes. Its share of a draw
and its part of a roll are rebuilt from the escrow (issue 28), the same value, so a silent
dealer changes nothing and keeps its seats (a host could not tell it from its own dropping
of that part, and must not gain by it); a shuffle step is skipped, a shown card and a secret
at the end are rebuilt, and what cannot be (an answer about its hand) stalls the step
(tests/test_net_fair_rebuild.py): no timeout costs a connected dealer its seats.
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
def test_a_dealer_that_withholds_its_shares_keeps_its_seat_and_they_are_rebuilt(game):
    """Its shares are rebuilt from the escrow (issue 28: the host could not tell its silence
    from its own dropping of them, and must not gain by it): the same cards, its seat and
    hand kept, play goes on to a fair audit."""
    table = Table(players=4, seed=31, game=get_game(game))
    table.start()
    assert table.run(lambda: table.host.seq >= 6, limit=30)
    cheat = table.clients[1]
    seat = cheat.seats[0]
    silence_records(cheat)
    events = []
    table.check_agreement = lambda: [events.extend(c.poll()) for c in table.clients]
    host_events = []
    in_play = []

    def watch():
        host_events.extend(table.host.poll())
        if table.host.phase == "playing":
            in_play.append((bool(table.host.slots[seat].bot_level),
                            cheat.pid in table.host.fair.departed))
    honest = [c for c in table.clients if c is not cheat]
    assert table.run(lambda: table.host.phase == "over" and all(
        c.phase == "over" and c.seq == table.host.seq for c in honest), each=watch, limit=120)
    rebuilt = [e for e in host_events if e["event"] == "share_overdue"]
    assert rebuilt and all(e["dealer"] == cheat.pid for e in rebuilt)
    assert in_play and not any(bot or gone for bot, gone in in_play)   # kept while playing
    assert not [e for e in host_events if e["event"] == "fair_withheld"
                and table.host.phase == "playing"]
    for client in honest:
        assert client.match.hash() == table.host.match.hash()
        assert client.fair_join.replica.fair.share_rescue.rebuilt
    assert table.run(lambda: table.host.fair.verdict is not None and all(
        c.fair_join.replica.fair.verdict is not None for c in honest), limit=30)
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

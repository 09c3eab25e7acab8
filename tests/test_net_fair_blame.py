"""Issue 28, item 2: a relay cannot frame anyone, nor re-roll by framing.

In a Railroad Ink round the host sees each roll first. Before the fix, when it disliked one
it dropped an honest dealer's part and reported that dealer as withholding: the roll ran
again and the honest player lost its seats to the host's bot (its hand made public). Now the
dropped part is rebuilt from the escrow — the same dice — and its dealer keeps its seats; the
dealer's own machine, which saw its part never come back in the host's stream, says that the
host did not pass it on. Played by a hostile host against the real endpoints over the
in-memory network.
"""

import pytest

from net.protocol import messages as ids
from tests.test_net_fair import INK, FairTable

pytestmark = pytest.mark.timeout(120)

PARTS = ("RollRevealed", "RollContributed")

ROLL = "roll0"        # the first round's dice


def first_roll(table) -> tuple:
    """The faces of the first round's roll as the host applied them, once it is in."""
    def rolled():
        return any(e.seat is None and "roll" in e.move for e in table.host.match.log)
    assert table.run(rolled, limit=60)
    return table.host.fair.transcript.roll_faces(ROLL, (6,) * 4)


def test_a_host_that_drops_an_honest_part_of_a_roll_gets_the_same_dice_and_blames_nobody():
    honest = FairTable(INK, 3, [], host_bots=1)
    honest.start()
    dice = first_roll(honest)

    table = FairTable(INK, 3, [], host_bots=1)
    victim = table.clients[0]
    dropped = []
    real = table.host.handlers[ids.FAIR]

    def hostile_relay(host, peer, msg):
        record = msg["r"]        # its part: a reveal then, a part fixed by its key now
        if record.get("kind") in PARTS and record.get("r") == ROLL \
                and peer.pid == victim.pid:
            dropped.append(record)        # kept back: the host would rather roll again
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = hostile_relay
    table.start()
    assert first_roll(table) == dice
    assert dropped
    host_events = table.host.poll()
    assert any(e["event"] == "roll_part_overdue" and e["dealer"] == victim.pid
               for e in host_events)
    # nobody is blamed: no seat handed over, no key rebuilt, nothing rolled again
    assert not any(e["event"] in ("fair_withheld", "dealer_departed") for e in host_events)
    assert victim.pid not in table.host.fair.departed
    assert not table.host.slots[victim.seats[0]].bot_level
    assert table.host.fair.transcript.rolls[ROLL].opening.attempt == 0
    # the victim's machine knows the host did not pass its part on, and says so
    told = [e for e in victim.poll() if e["event"] == "fair_host_withheld"]
    assert told and told[0]["code"] == "fair_host_withheld" and told[0]["args"] == {"roll": ROLL}
    # every machine rebuilt the same part and applied the same dice
    other = table.clients[1]
    assert table.run(lambda: other.seq >= table.host.seq and victim.seq >= table.host.seq, 30)
    for client in table.clients:
        assert client.fair_join.replica.fair.transcript.roll_faces(ROLL, (6,) * 4) == dice
        assert client.fair_join.replica.fair.transcript.rolls[ROLL].rebuilt == {victim.pid}

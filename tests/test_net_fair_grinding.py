"""Issue 28, item 1: a hostile host cannot grind the public seed by aborting the start.

The host relays every part of the setup roll and so computes the seed before anyone else.
Before the fix it could drop the last part and abort (as an honest host does for a silent
dealer): the joiners went back to the lobby and started again, as often as it liked. Now:

* a part that does not arrive is rebuilt from the escrow of its dealer's key (the same value,
  checked against the escrow's commitments): the table starts with the seed it would have had;
* an abort once every key is committed is counted by every joiner and said with its count;
  past ``FAIR_ABORT_LIMIT`` the joiner leaves the table, saying why.

Both play the hostile host against the real endpoints over the in-memory network.
"""

import pytest

from net.protocol import messages as ids
from net.fair import join as fairjoin
from tests.test_net_fair import METRO, FairTable

pytestmark = pytest.mark.timeout(120)

FAIR_ABORT_LIMIT = getattr(fairjoin, "FAIR_ABORT_LIMIT", 2)   # (the code before it had none)
PARTS = ("RollRevealed", "RollContributed")


def dealt_seed(table) -> int:
    table.start()
    return table.host.fair.public_seed


def test_a_host_that_drops_the_last_setup_part_gets_the_same_seed():
    honest = dealt_seed(FairTable(METRO, 3, ["hand2"], host_bots=1))

    table = FairTable(METRO, 3, ["hand2"], host_bots=1)
    victim = table.clients[-1]
    dropped = []
    real = table.host.handlers[ids.FAIR]

    def hostile_relay(host, peer, msg):
        """The host keeps the victim's part of the setup roll to itself (and would abort)."""
        record = msg["r"]        # its part: a reveal then, a part fixed by its key now
        if record.get("kind") in PARTS and record.get("r") == "setup" \
                and peer.pid == victim.pid:
            dropped.append(record)
            return
        real(host, peer, msg)
    table.host.handlers[ids.FAIR] = hostile_relay
    seed = dealt_seed(table)
    assert dropped, "the victim's part never reached the host"
    events = table.host.poll()
    assert any(e["event"] == "roll_part_overdue" and e["dealer"] == victim.pid
               for e in events)
    assert not any(e["event"] == "seeding_aborted" for e in events)
    # the part rebuilt from the escrow is the one the victim made: the same seed, on every
    # machine, and the victim keeps its seat
    assert seed == honest
    for client in table.clients:
        assert client.match.seed == honest
    assert victim.seats and not table.host.slots[victim.seats[0]].bot_level


def test_joiners_count_aborts_after_the_keys_and_leave_a_table_that_keeps_aborting():
    table = FairTable(METRO, 3, ["hand2"], host_bots=1)
    host = table.host
    table.net.run_until(lambda: all(c.phase == "lobby" for c in table.clients), 2)
    seen = {c.pid: [] for c in table.clients}

    def poll():
        for client in table.clients:
            seen[client.pid].extend(client.poll())

    for attempt in range(FAIR_ABORT_LIMIT + 1):
        for client in table.clients:
            if client.phase == "lobby":
                client.set_ready(True)
        assert table.run(host.can_start, 5)
        assert host.start()
        # the hostile host learns the seed (here: as soon as every key is committed) and
        # aborts, as an honest host does for a dealer that went silent
        assert table.run(lambda: host.fair is not None and len(
            host.fair.transcript.key_commitments) == len(host.fair.dealers), 5)
        host.fair_watch.abort(ids.R_TIMEOUT, peer=table.clients[0].pid)
        table.run(lambda: all(c.phase in ("lobby", "ended") for c in table.clients), 5)
        poll()
    for client in table.clients:
        counted = [e for e in seen[client.pid] if e["event"] == "seeding_aborted"]
        assert [e["args"]["count"] for e in counted] == list(range(1, FAIR_ABORT_LIMIT + 2))
        assert all(e["code"] == "fair_abort_counted" for e in counted)
        assert client.phase == "ended"
        assert client.ended == {"code": "fair_abort_limit",
                                "args": {"count": FAIR_ABORT_LIMIT + 1,
                                         "limit": FAIR_ABORT_LIMIT}}
    host_events = [e for e in host.poll() if e["event"] == "seeding_aborted"]
    assert [e["args"]["count"] for e in host_events] == list(range(1, FAIR_ABORT_LIMIT + 2))


def test_an_abort_before_every_key_is_committed_is_not_counted():
    table = FairTable(METRO, 2, [], host_bots=1)
    table.net.run_until(lambda: table.clients[0].phase == "lobby", 2)
    table.clients[0].set_ready(True)
    assert table.run(table.host.can_start, 5)
    table.host.start()       # START is out; nothing of the setup is back yet
    table.host.fair_watch.abort(ids.R_TIMEOUT, peer=table.clients[0].pid)
    events = []
    assert table.run(lambda: events.extend(e for e in table.clients[0].poll()
                                           if e["event"] == "seeding_aborted") or events, 5)
    assert events[0]["code"] == ids.R_TIMEOUT and table.clients[0].fair_aborts == 0

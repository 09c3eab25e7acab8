"""What keeps a big table's rounds short, each shown on a table in memory:

* a joiner's end-of-game secret waits for the end's paperwork time, so the last move is
  confirmed before 32 secrets are relayed to every peer (the audit still runs);
* the host's own bot seats can think like anybody else's (``HostEndpoint.bot_delay``);
* the cyclic garbage collector is kept off what a table in play holds (``net.local.collector``),
  and everything is handed back when the table ends.
"""

from __future__ import annotations

import dataclasses
import gc

from net.local import collector
from net.protocol import messages as ids
from tests.test_net_lockstep import FAST, Table


PAPERWORK = 0.5


def test_a_joiners_secret_leaves_only_at_the_ends_paperwork_time():
    timings = dataclasses.replace(FAST, end_paperwork=PAPERWORK)
    table = Table(players=3, seed=8, timings=timings)
    secret_sent: dict[object, float] = {}
    over_at: dict[object, float] = {}
    for client in table.clients:
        send = client._send

        def spy(message, client=client, send=send):
            record = message.get("r")
            if message["t"] == ids.FAIR and isinstance(record, dict) \
                    and record.get("kind") == "Secret":
                secret_sent.setdefault(client, table.net.now)
            if client.phase == "over":
                over_at.setdefault(client, client.ledger.over_at)
            send(message)

        client._send = spy
    table.start()
    assert table.run(lambda: table.all_over() and all(c.fair_join.verdict_told
                                                      for c in table.clients),
                     limit=60, step=0.01)
    assert set(secret_sent) == set(table.clients)
    for client in table.clients:
        # sent once the paperwork time came (the clock steps 0.01 s), never at the last move
        assert secret_sent[client] - client.ledger.over_at >= PAPERWORK - 0.02
    assert table.host.fair.verdict is not None and table.host.fair.verdict.fair


def test_the_hosts_bot_waits_its_think_time_before_each_move():
    table = Table(players=2, seed=3)
    table.host.bot_seats.delay = 0.4
    moved: list[float] = []
    table.host.on_applied = lambda seq, seat: moved.append(table.net.now) if seat == 0 \
        else None
    table.start()
    assert table.run(lambda: len(moved) >= 4, limit=60, step=0.01)
    gaps = [later - earlier for earlier, later in zip(moved, moved[1:])]
    assert min(gaps) >= 0.4 - 0.02, gaps
    # and at once without one (the default): several moves in the same step
    quick = Table(players=2, seed=3)
    at: list[float] = []
    quick.host.on_applied = lambda seq, seat: at.append(quick.net.now) if seat == 0 else None
    quick.start()
    assert quick.run(lambda: len(at) >= 4, limit=60, step=0.01)
    assert at[1] - at[0] < 0.05


def test_a_table_in_play_keeps_the_collector_off_what_it_holds():
    gc.unfreeze()
    table = Table(players=3, seed=4)
    table.start()
    assert table.run(lambda: table.host.match is not None and table.host.match.seq > 3,
                     limit=60, step=0.01)
    assert collector.frozen_objects() > 1000      # the table, set aside since it began
    table.host.close()
    assert collector.frozen_objects() == 0       # handed back when the table ended
